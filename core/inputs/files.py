"""Reading a user's file (EPD, PGN, tree file) as text, with every failure in words.

A message names the file once, says what is wrong (missing, a folder, not readable, not UTF-8
text) and never shows codec internals.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import PnExplorerError
from .text import article, shown

LARGEST_FILE = 256 * 2**20
"""Larger files are refused rather than read whole (a 200,000-node exported tree is ~40 MiB)."""


def read_text(path: str | Path, error: type[PnExplorerError], what: str = "file") -> str:
    """The file's text (UTF-8, a leading byte-order mark dropped), or `error` saying why not."""
    if not str(path).strip():
        raise error(f"no {what} given: the file name is empty")
    path = Path(path)
    try:
        with path.open("rb") as stream:
            data = stream.read(LARGEST_FILE + 1)
    except FileNotFoundError:
        raise error(f"cannot read {shown(path)}: no such {what}") from None
    except IsADirectoryError:
        raise error(
            f"cannot read {shown(path)}: it is a folder, not {article(what)} {what}"
        ) from None
    except PermissionError:
        raise error(f"cannot read {shown(path)}: permission denied") from None
    except OSError as problem:
        reason = problem.strerror or "input/output error"
        raise error(f"cannot read {shown(path)}: {reason}") from None
    except ValueError:
        raise error(f"cannot read {shown(path)}: the name holds a NUL character") from None
    if len(data) > LARGEST_FILE:
        raise error(f"{shown(path.name)} is larger than {LARGEST_FILE // 2**20} MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as problem:
        byte = data[problem.start]
        raise error(
            f"{shown(path.name)} is not UTF-8 text (byte 0x{byte:02x} at offset {problem.start})"
        ) from None
    return text.removeprefix("\ufeff")
