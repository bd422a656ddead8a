"""User text in messages (quoted once, cut when long) and the check that a value is not empty."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import InvalidOptionError

LONG = 100
"""Text longer than this is cut in messages …"""
KEPT = 60
"""… to its first this many characters and '…'."""
LONGEST_MESSAGE = 200
"""A library's error text is cut to this length, so one mistake stays one line."""


def shown(text: object) -> str:
    """`text` quoted for a message: on one line (repr escapes newlines), cut when long. A number
    stays a number (`node 1`, not `node '1'`)."""
    if isinstance(text, (int, float)) and not isinstance(text, bool) and len(repr(text)) <= LONG:
        return repr(text)
    text = str(text)
    if len(text) > LONG:
        text = text[:KEPT] + "…"
    return repr(text)


def brief(message: object) -> str:
    """A library's error message on one line and at most LONGEST_MESSAGE characters."""
    text = " ".join(str(message).split())
    return text if len(text) <= LONGEST_MESSAGE else text[: LONGEST_MESSAGE - 1] + "…"


def non_empty(text: str, option: str) -> str:
    """`text` unchanged, or InvalidOptionError if it is empty: an empty file name or problem
    would otherwise quietly open the default problem."""
    if not text.strip():
        raise InvalidOptionError(f"{option} is empty: give a value")
    return text


def non_empty_option(option: str) -> Callable[[str], str]:
    """An argparse `type` for an option that names a file or a problem (see `non_empty`)."""

    def check(text: str) -> str:
        return non_empty(text, option)

    return check


def article(noun: str) -> str:
    """ "a" or "an" before `noun` as it is read aloud: an EPD file, a PGN file, an OR node."""
    return "an" if noun[:1].upper() in "AEIOU" else "a"
