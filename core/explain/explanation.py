"""What an explanation says, as records: the effort table's rows, the reading of df-pn's table and
the whole `Explanation`, whichever explainer (`core.explain.explain` for the searches that keep a
tree, `core.explain.table` for df-pn) builds it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from ..search.types import StopReason
from ..values import INF
from .advice import Suggestion
from .holdup import HoldUp
from .trace import Trend
from .transpositions import Transpositions

TREE_LINE_TITLE = "deepest line reached"
"""What the effort table's last column shows for a tree search."""


@dataclass(frozen=True, slots=True)
class TableStep:
    """One position on a line read from the table: the move into it, its numbers (pn/dn, and
    φ/δ from the player to move), the thresholds MID would search it under along this line,
    its children, and the work the table records below it (None: no entry)."""

    ply: int
    move: str
    is_or: bool
    proof: int
    disproof: int
    phi: int
    delta: int
    phi_threshold: int
    delta_threshold: int
    children: int
    open_children: int
    off_line_proof: int
    """At a node where the defender moves: what its replies besides the line's carry of its
    proof number (0 elsewhere)."""
    work: int | None


@dataclass(frozen=True, slots=True)
class TableReading:
    """df-pn's state as the explanation reads it: the table's fill, the stop, the most-proving
    line in the table (`steps`, root first) and why it ends, and the sentences that say so."""

    capacity: int
    entries: int
    peak: int
    replacements: int
    refused: int
    table_hits: int
    budget: int | None
    deepest_expansion: int
    steps: list[TableStep]
    line: str
    end: str
    """Why the line ends, in words."""
    stopped: str
    """Why the search stopped and how full the table is, in sentences."""
    summary: str
    """The line in sentences."""
    step_sentences: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class EffortRow:
    """One root move as the table shows it: its node in the drawn tree (`NO_NODE` where there is
    none), its nodes (df-pn: nodes created under it) and their share, its numbers, and a line
    under it (`Explanation.line_title` says which) with its length in plies."""

    node: int
    move: str
    nodes: int
    share: float
    proof: int
    disproof: int
    deepest_ply: int
    deepest_line: str


@dataclass(frozen=True, slots=True)
class Explanation:
    """What `solve --explain` prints and the panel shows."""

    algorithm: str
    result: str
    stopped: str
    sentence: str
    """The whole story in one plain sentence, for the top of the panel."""
    nodes: int
    max_ply: int
    effort: list[EffortRow]
    hold_up: HoldUp | None
    """What holds the root's proof number up in a kept tree (None: the search keeps none)."""
    trend: Trend | None
    transpositions: Transpositions | None
    suggestions: list[Suggestion]
    line_title: str = TREE_LINE_TITLE
    """What the effort rows' line is: the deepest reached, or (df-pn) the table's."""
    table: TableReading | None = None
    """df-pn's table as the explanation read it (None for a tree search)."""

    def to_dict(self) -> dict[str, object]:
        """The "explain" object of `solve --json` (∞ as "inf", as tree files write it)."""
        data = asdict(self)
        if self.transpositions is not None:
            data["transpositions"]["repeated"] = self.transpositions.repeated
        return {key: _finite(item) for key, item in data.items()}


def _finite(value: object) -> object:
    """`value` with every ∞ proof or disproof number written "inf"."""
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_finite(item) for item in value]
    if isinstance(value, int) and not isinstance(value, bool) and value >= INF:
        return "inf"
    return value


STOPPED_WORDS = {
    StopReason.MEMORY: "ran out of room",
    StopReason.BUDGET: "ran out of its node budget",
    StopReason.TIME: "ran out of time",
    StopReason.ITERATIONS: "reached its iteration limit",
    StopReason.FRONTIER: "reached the edge of the tree file",
    StopReason.CANCELLED: "was stopped",
}
"""How an unsolved search ended, in the plain sentence."""
