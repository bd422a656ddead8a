"""A JSON object read a slice at a time, so that a thread reading a large file lets others run.

`json.loads` holds the interpreter lock for the whole text: about a second for a million-node
tree file, during which a window reading it on a worker thread cannot paint. Here the top-level
object's keys are read one by one and its long arrays (a tree file's nodes and edges) in slices of
about `SLICE` characters, each handed to `json.loads` whole, with `progress` told the share of the
text read after each. The value is the one `json.loads` gives; on anything it would refuse (or
anything unusual) the whole text goes to `json.loads`, so its errors are json's own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from typing import Any

SLICE = 1 << 20
"""Characters of an array parsed at once: about 10 ms of the interpreter lock."""

_SPACE = re.compile(r"[ \t\n\r]*")
_OBJECT_END = re.compile(r"\}[ \t\n\r]*,")
"""Where an array of objects may be cut: after an object's closing brace and its comma. A cut
inside a string or a nested value leaves a slice that is not valid JSON, which is then read an
element at a time instead."""


Scanner = Callable[[str, int], tuple[Any, int]]
"""json's own reader of one value at a place in a text: (the value, where it ends)."""


class _Unusual(ValueError):
    """The text is not in the shape read here: json.loads reads it whole."""


def loads_in_slices(
    text: str,
    long_arrays: Collection[str],
    progress: Callable[[float], None] | None = None,
) -> Any:
    """`json.loads(text)`, with the arrays under the top-level keys `long_arrays` read in slices
    and `progress` told the share of the text read (0 to 1) after each slice."""
    try:
        return _object(text, long_arrays, progress or (lambda _share: None))
    except (ValueError, StopIteration, IndexError):
        return json.loads(text)


def _space(text: str, at: int) -> int:
    found = _SPACE.match(text, at)
    return found.end() if found else at


def _object(text: str, long_arrays: Collection[str], progress: Callable[[float], None]) -> Any:
    scan: Scanner = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # not in typeshed
    at = _space(text, 0)
    if text[at] != "{":
        raise _Unusual
    result: dict[str, Any] = {}
    at = _space(text, at + 1)
    if text[at] == "}":
        at += 1
    else:
        while True:
            key, at = scan(text, at)
            if not isinstance(key, str):
                raise _Unusual
            at = _space(text, at)
            if text[at] != ":":
                raise _Unusual
            at = _space(text, at + 1)
            if key in long_arrays and text[at] == "[":
                result[key], at = _array(text, at, scan, progress)
            else:
                result[key], at = scan(text, at)
            at = _space(text, at)
            if text[at] == "}":
                at += 1
                break
            if text[at] != ",":
                raise _Unusual
            at = _space(text, at + 1)
    if _space(text, at) != len(text):
        raise _Unusual
    progress(1.0)
    return result


def _array(
    text: str, at: int, scan: Scanner, progress: Callable[[float], None]
) -> tuple[list[Any], int]:
    """The array starting at `at` ('['): whole slices of objects where a cut parses, else one
    element at a time up to the next cut."""
    items: list[Any] = []
    at = _space(text, at + 1)
    if text[at] == "]":
        return items, at + 1
    careful_until = at
    while True:
        cut = _OBJECT_END.search(text, at + SLICE) if at >= careful_until else None
        if cut is None:
            careful_until = len(text)  # the last slice: one element at a time to its end
        else:
            try:
                items.extend(json.loads("[" + text[at : cut.start() + 1] + "]"))
            except ValueError:
                careful_until = cut.end()
            else:
                at = _space(text, cut.end())
                progress(at / len(text))
                continue
        item, at = scan(text, at)
        items.append(item)
        at = _space(text, at)
        if text[at] == "]":
            return items, at + 1
        if text[at] != ",":
            raise _Unusual
        at = _space(text, at + 1)
