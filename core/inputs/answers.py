"""A student's typed quiz answer as a proof or disproof number: a whole number ≥ 0, or ∞."""

from __future__ import annotations

from ..errors import InvalidAnswerError
from ..values import INF
from .text import shown

INFINITY_SPELLINGS = frozenset({"∞", "inf", "infinity", "oo"})
"""How ∞ may be typed: the sign itself, or words a keyboard has."""

LARGEST_FINITE = INF - 1
"""Proof numbers at or above INF are ∞; a typed finite number must stay below it."""


def parse_number_answer(text: str, what: str) -> int:
    """The proof or disproof number `text` spells (∞ as `core.values.INF`); `what` names the
    field in the message ("proof number")."""
    cleaned = text.strip().lower().replace(",", "")
    if not cleaned:
        raise InvalidAnswerError(f"the {what} is empty: type a whole number or ∞")
    if cleaned in INFINITY_SPELLINGS:
        return INF
    if not cleaned.isdigit() or not cleaned.isascii():
        raise InvalidAnswerError(
            f"the {what} must be a whole number of at least 0 or ∞, not {shown(text)}"
        )
    if len(cleaned) > len(str(LARGEST_FINITE)) or int(cleaned) > LARGEST_FINITE:
        raise InvalidAnswerError(f"the {what} {shown(text)} is too large: type ∞ for infinity")
    return int(cleaned)
