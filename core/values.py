"""Evaluation values, terminal reasons and the exact infinity of proof numbers (thesis §3.1)."""

from collections.abc import Sequence
from enum import IntEnum

INF = 1 << 62
"""Proof/disproof 'infinity'. An exact integer sentinel: sums saturate at it, so it never drifts."""


class Value(IntEnum):
    """Evaluation of a position from the attacker's side (the root player's goal)."""

    UNKNOWN = 0
    TRUE = 1
    FALSE = 2


def solved_value(proof: int, disproof: int) -> Value:
    """The value a node's numbers say: TRUE at proof 0, FALSE at disproof 0, else UNKNOWN."""
    if proof == 0:
        return Value.TRUE
    if disproof == 0:
        return Value.FALSE
    return Value.UNKNOWN


class Reason(IntEnum):
    """Why a leaf was evaluated as solved; kept per node so views and refutations can say it."""

    NONE = 0
    CHECKMATE = 1
    STALEMATE = 2
    REPETITION = 3
    FIFTY_MOVES = 4
    INSUFFICIENT_MATERIAL = 5
    TREE_VALUE = 6
    NO_MOVES = 7


REASON_TEXT = {
    Reason.NONE: "",
    Reason.CHECKMATE: "checkmate",
    Reason.STALEMATE: "stalemate",
    Reason.REPETITION: "repetition of a position on the path",
    Reason.FIFTY_MOVES: "fifty-move rule",
    Reason.INSUFFICIENT_MATERIAL: "the attacker has insufficient mating material",
    Reason.TREE_VALUE: "value given in the tree file",
    Reason.NO_MOVES: "no moves",
}


def format_number(number: int) -> str:
    """Proof/disproof number as the paper prints it (∞ for infinity)."""
    return "∞" if number >= INF else str(number)


_PLURALS = {
    "child": "children",
    "ply": "plies",
    "search": "searches",
    "reply": "replies",
    "try": "tries",
    "leaf": "leaves",
    "entry": "entries",
}

MIN_RATE_SECONDS = 0.1
"""A rate (nodes/s) measured over less time than this says nothing: it is not shown."""


def plural(noun: str) -> str:
    """A noun's plural (of its last word): nodes, moves, children, plies, second-level searches."""
    head, _, last = noun.rpartition(" ")
    return f"{head} {_PLURALS.get(last, last + 's')}".lstrip()


def either(items: Sequence[str]) -> str:
    """Alternatives as a sentence says them: "pn", "pn or dfpn", "pn, pn2 or dagpn"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def counted(count: int, noun: str) -> str:
    """A count and its noun in the right number ("1 node", "2,048 nodes", "1 ply"), so no
    caption reads "1 nodes"."""
    return f"{count:,} {noun if count == 1 else plural(noun)}"


def rate_text(per_second: float, seconds: float, noun: str = "node") -> str | None:
    """ "12,345 nodes/s", or None when the rate was measured over too short a time (or nothing
    was done) for the figure to mean anything."""
    if seconds < MIN_RATE_SECONDS or per_second <= 0:
        return None
    rounded = round(per_second)
    return f"{rounded:,} {noun if rounded == 1 else plural(noun)}/s"


LINE_ENDS = 12
"""A line of more than twice this many moves is printed as its first and last this many around a
count of the rest: a tree file 5,000 plies deep has a 5,000-move main line, which no reader reads
on one line (JSON keeps every move)."""


def elided_line(moves: Sequence[str], separator: str = " → ") -> str:
    """`moves` joined by `separator`, the middle of a long line replaced by how many are left out
    ("A → B → … 4,976 more … → Y → Z")."""
    if len(moves) <= 2 * LINE_ENDS:
        return separator.join(moves)
    left_out = f"… {len(moves) - 2 * LINE_ENDS:,} more …"
    return separator.join([*moves[:LINE_ENDS], left_out, *moves[-LINE_ENDS:]])


def capitalised(text: str) -> str:
    """`text` with its first letter upper case and the rest kept (`str.capitalize` would lower
    a move or a name inside it): a phrase made to open a sentence."""
    return text[:1].upper() + text[1:]
