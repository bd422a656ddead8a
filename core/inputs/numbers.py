"""Option values as numbers: node counts and other whole numbers, seconds, positive reals.

Used by both command lines (as argparse types), the window's dialogs and its settings file. A
value that is not a number, not finite, too large, or out of range gives InvalidLimitError naming
the option as the user typed it: `--time must be a positive number of seconds, not '-inf'`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from core.errors import InvalidLimitError
from core.inputs.text import shown

LARGEST_WHOLE = 10**15
"""More than any node count, iteration count or depth a search can use."""

_GROUPED = re.compile(r"[+-]?\d{1,3}(,\d{3})+(\.\d*)?([eE][+-]?\d+)?")
"""Thousands separated by commas (1,000,000); any other comma is a mistake (1,5)."""


def _cleaned(text: str | int | float) -> str:
    if isinstance(text, bool):
        return "not a number"
    cleaned = str(text).strip()
    if "," in cleaned:
        cleaned = cleaned.replace(",", "") if _GROUPED.fullmatch(cleaned) else "not a number"
    return cleaned


def _real(text: str | int | float) -> float | None:
    """The number `text` spells (any float, inf and nan included), or None."""
    try:
        return float(_cleaned(text))
    except (ValueError, OverflowError):
        return None


def parse_whole(text: str | int | float, option: str, minimum: int = 1) -> int:
    """A whole number of at least `minimum`: 1000000, 1_000_000, 1,000,000 and 1e6 all mean a
    million (node counts are long numbers)."""
    cleaned = _cleaned(text)
    value: int | float
    try:
        value = int(cleaned)
    except ValueError:
        number = _real(cleaned)
        if number is None or not (math.isinf(number) or number.is_integer()):
            raise InvalidLimitError(f"{option} must be a whole number, not {shown(text)}") from None
        value = number if math.isinf(number) else int(number)
    if value < minimum:
        least = "positive" if minimum == 1 else f"at least {minimum}"
        raise InvalidLimitError(f"{option} must be {least}, not {shown(text)}")
    if value > LARGEST_WHOLE:
        raise InvalidLimitError(f"{option} {shown(text)} is too large (at most {LARGEST_WHOLE:,})")
    return int(value)


def parse_positive(text: str | int | float, option: str) -> float:
    """A positive finite real, such as Pn²'s a and b."""
    value = _real(text)
    if value is None or not 0 < value < math.inf:
        raise InvalidLimitError(f"{option} must be a positive number, not {shown(text)}")
    return value


def parse_seconds(text: str | int | float, option: str) -> float:
    """A time limit: a positive finite number of seconds."""
    value = _real(text)
    if value is None or not 0 < value < math.inf:
        raise InvalidLimitError(f"{option} must be a positive number of seconds, not {shown(text)}")
    return value


def whole_option(option: str, minimum: int = 1) -> Callable[[str], int]:
    """An argparse `type` for a whole-number option (see `parse_whole`)."""
    return lambda text: parse_whole(text, option, minimum)


def positive_option(option: str) -> Callable[[str], float]:
    """An argparse `type` for a positive real option (see `parse_positive`)."""
    return lambda text: parse_positive(text, option)


def seconds_option(option: str) -> Callable[[str], float]:
    """An argparse `type` for a time limit (see `parse_seconds`)."""
    return lambda text: parse_seconds(text, option)
