"""The whole explanation of a tree search (PN, or Pn²'s first level) as it stands: effort per
root move, what holds the root's proof number up, and what to try, for `solve --explain` and the
window's "Why not found?" panel.

`explanation_steps` is a generator that yields the share of work done between slices of a few
tens of milliseconds, so the window can compute it on the GUI thread without blocking; the
command line drives it to the end with `explain`.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import asdict, dataclass

from core.explain.advice import Suggestion, suggestions
from core.explain.effort import MoveEffort, TreeShape, measure
from core.explain.holdup import HoldUp, hold_up
from core.explain.lines import Lines
from core.explain.trace import RootTrace, Trend
from core.explain.transpositions import Transpositions, count_transpositions
from core.generators import finish
from core.search.contract import Stepper
from core.tree import ROOT
from core.values import INF


@dataclass(frozen=True, slots=True)
class EffortRow:
    """One root move as the table shows it."""

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
    nodes: int
    max_ply: int
    effort: list[EffortRow]
    hold_up: HoldUp
    trend: Trend | None
    transpositions: Transpositions | None
    suggestions: list[Suggestion]

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


def _row(effort: MoveEffort, total: int, lines: Lines) -> EffortRow:
    return EffortRow(
        effort.node,
        lines.move(effort.node),
        effort.size,
        effort.size / total if total else 0.0,
        effort.proof,
        effort.disproof,
        effort.deepest_ply,
        lines.line(effort.deepest),
    )


def explanation_steps(
    search: Stepper, trace: RootTrace | None = None, known_mate_length: int | None = None
) -> Generator[float, None, Explanation]:
    """Explain `search`'s tree as it is now (it must not step meanwhile); yields progress 0..1."""
    tree = search.tree
    game = search.game
    lines = Lines(game, tree)
    shape_steps = measure(tree)
    shape: TreeShape
    while True:
        try:
            yield 0.6 * next(shape_steps)
        except StopIteration as done:
            shape = done.value
            break
    transpositions: Transpositions | None = None
    if game.capabilities.repetitions:
        counting = count_transpositions(tree, game)
        while True:
            try:
                yield 0.6 + 0.35 * next(counting)
            except StopIteration as done:
                transpositions = done.value
                break
    held = hold_up(tree, lines)
    leaf = None
    if held.path:
        leaf = (len(held.path) - 1, tree.is_or(held.path[-1]))
    trend = trace.trend() if trace is not None else None
    # Time per tree node is PN's; Pn²'s tree grows at no steady rate (its second level does).
    rate = (
        len(tree) / search.elapsed
        if search.elapsed > 0 and not search.capabilities.two_levels
        else 0.0
    )
    outcome = search.outcome
    found = suggestions(
        search.algorithm,
        outcome,
        search.limits.max_nodes,
        search.nodes_in_memory,
        rate,
        trend,
        shape,
        leaf,
        transpositions,
        known_mate_length,
        attacker_first=tree.is_or(ROOT),
    )
    rows = []
    for effort in shape.moves:
        rows.append(_row(effort, shape.nodes, lines))
        yield 0.95 + 0.05 * len(rows) / len(shape.moves)
    return Explanation(
        search.algorithm,
        outcome.result.value if outcome is not None else "unknown",
        str(outcome) if outcome is not None else "not finished: paused",
        shape.nodes,
        shape.max_ply,
        rows,
        held,
        trend,
        transpositions,
        found,
    )


def explain(
    search: Stepper, trace: RootTrace | None = None, known_mate_length: int | None = None
) -> Explanation:
    """The explanation in one call."""
    return finish(explanation_steps(search, trace, known_mate_length))
