"""Option values as numbers: node counts and other whole numbers, seconds, positive reals.

Used by both command lines (as argparse types), the window's dialogs and its settings file. A
value that is not a number, not finite, too large, or out of range gives InvalidLimitError naming
the option as the user typed it: `--time must be a positive number of seconds, not '-inf'`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import InvalidLimitError
from .text import shown

LARGEST_WHOLE = 10**15
"""The largest whole number read at all (a seed); every count option has a bound of its own."""

MOST_NODES = 1_000_000_000
"""The most nodes (or iterations) any option asks for: a node cap, a budget, a tree to measure.
About 120 GB at the memory check's generous bytes per node, beyond the machines this runs on
(`core.search.types.check_node_cap` refuses less where memory is short)."""

LONGEST_MATE = 9_999
"""The longest mate, in moves, that a suite's `dm`/`bm #N` or αβ's --depth names (the longest
known mates in chess are a few hundred moves)."""

_GROUPED = re.compile(r"[+-]?\d{1,3}(,\d{3})+(\.\d*)?([eE][+-]?\d+)?")
"""Thousands separated by commas (1,000,000); any other comma is a mistake (1,5)."""


DIGITS = "numbers are written with the digits 0-9"
"""The one rule for every number the project reads (options, game specs, EPD fields, settings):
other scripts' digits (٣, ３), which Python's int() would take, are refused with it."""


def is_whole(text: str) -> bool:
    """Whether `text` is a whole number written with the digits 0-9 (`DIGITS`)."""
    return text.isascii() and text.isdigit()


def _hint(text: str | int | float) -> str:
    """The rule, where `text` broke it by writing digits of another script."""
    return "" if str(text).isascii() else f" ({DIGITS})"


def _cleaned(text: str | int | float) -> str:
    if isinstance(text, bool):
        return "not a number"
    cleaned = str(text).strip()
    if not cleaned.isascii():
        return "not a number"
    if "," in cleaned:
        cleaned = cleaned.replace(",", "") if _GROUPED.fullmatch(cleaned) else "not a number"
    return cleaned


def _real(text: str | int | float) -> float | None:
    """The number `text` spells (any float, inf and nan included), or None."""
    try:
        return float(_cleaned(text))
    except (ValueError, OverflowError):
        return None


def parse_whole(
    text: str | int | float, option: str, minimum: int = 1, maximum: int = LARGEST_WHOLE
) -> int:
    """A whole number from `minimum` to `maximum`: 1000000, 1_000_000, 1,000,000 and 1e6 all
    mean a million (node counts are long numbers)."""
    cleaned = _cleaned(text)
    value: int | float
    try:
        value = int(cleaned)
    except ValueError:
        number = _real(cleaned)
        if number is None or not (math.isinf(number) or number.is_integer()):
            raise InvalidLimitError(
                f"{option} must be a whole number, not {shown(text)}{_hint(text)}"
            ) from None
        value = number if math.isinf(number) else int(number)
    if value < minimum:
        least = "positive" if minimum == 1 else f"at least {minimum:,}"
        raise InvalidLimitError(f"{option} must be {least}, not {shown(text)}")
    if value > maximum:
        raise InvalidLimitError(f"{option} {shown(text)} is too large (at most {maximum:,})")
    return int(value)


def parse_positive(text: str | int | float, option: str) -> float:
    """A positive finite real, such as Pn²'s a and b."""
    value = _real(text)
    if value is None or not 0 < value < math.inf:
        raise InvalidLimitError(
            f"{option} must be a positive number, not {shown(text)}{_hint(text)}"
        )
    return value


def parse_seconds(text: str | int | float, option: str) -> float:
    """A time limit: a positive finite number of seconds."""
    value = _real(text)
    if value is None or not 0 < value < math.inf:
        raise InvalidLimitError(
            f"{option} must be a positive number of seconds, not {shown(text)}{_hint(text)}"
        )
    return value


@dataclass(frozen=True, slots=True)
class WholeOption:
    """An argparse `type` for a whole-number option (see `parse_whole`); its bounds stay readable,
    so a test can walk every parser and check that each count option has one."""

    option: str
    minimum: int = 1
    maximum: int = LARGEST_WHOLE

    def __call__(self, text: str) -> int:
        return parse_whole(text, self.option, self.minimum, self.maximum)


def whole_option(option: str, minimum: int = 1, maximum: int = LARGEST_WHOLE) -> WholeOption:
    """An argparse `type` for a whole-number option (see `parse_whole`)."""
    return WholeOption(option, minimum, maximum)


def positive_option(option: str) -> Callable[[str], float]:
    """An argparse `type` for a positive real option (see `parse_positive`)."""
    return lambda text: parse_positive(text, option)


def seconds_option(option: str) -> Callable[[str], float]:
    """An argparse `type` for a time limit (see `parse_seconds`)."""
    return lambda text: parse_seconds(text, option)
