"""Text from the user's input cut to fit where it is shown: one-line messages and node labels."""

from __future__ import annotations

MESSAGE_LIMIT = 300
"""A message longer than this (a 120,000-character FEN echoed back) is cut: one line stays one."""

LABEL_LIMIT = 40
"""Node names and move labels are drawn at most this long: a tree file may name a node with a
million characters, which no node shape holds and Qt's painter refuses to lay out."""


def one_line(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """`text` on one line (line breaks become spaces), cut to `limit` characters with '…'."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def short_label(text: str, limit: int = LABEL_LIMIT) -> str:
    """A label cut to `limit` characters with '…' (line breaks kept out)."""
    return one_line(text, limit)
