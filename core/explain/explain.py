"""The whole explanation of a search as it stands, for `solve --explain` and the window's "Why not
found?" panel: effort per root move, what holds the root's proof number up, and what to try.

Each search's registry entry names its explanation (`SearchEntry.explainer`), and `EXPLAINERS`
holds them by name: the searches that keep a tree (PN, Pn²'s first level, DAG PN) are explained
from it here (`tree_explanation_steps`), df-pn from its transposition table and its own counts
(`core.explain.table`).
`explanation_steps` is a generator that yields the share of work done between slices of a few
tens of milliseconds, so the window can compute it on the GUI thread without blocking; the
command line drives it to the end with `explain`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..errors import InvalidLimitError
from ..generators import finish
from ..runs.replay import Replay
from ..search.contract import Search, Stepper, kept_tree
from ..search.registry import TABLE_EXPLAINER, TREE_EXPLAINER, entry, names
from ..search.types import Outcome, StopReason
from ..tree import ROOT
from ..values import INF, counted, either, format_number
from .advice import suggestions
from .effort import MoveEffort, TreeShape, measure
from .explanation import STOPPED_WORDS, EffortRow, Explanation
from .holdup import HoldUp, hold_up
from .lines import Lines
from .table import table_explanation_steps
from .trace import RootTrace
from .transpositions import Transpositions, count_transpositions


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


def plain_sentence(
    title: str, outcome: Outcome | None, cap: int | None, rows: list[EffortRow], held: HoldUp
) -> str:
    """One sentence a class reads first: how the search ended, where its tree went, and what
    still holds the proof up there."""
    if outcome is not None and outcome.solved:
        return f"{title} has solved the root ({outcome.result.value}): nothing is missing."
    ended = "is paused" if outcome is None else STOPPED_WORDS.get(outcome.reason, "stopped")
    if outcome is not None and outcome.reason is StopReason.MEMORY and cap:
        ended += f" ({cap:,} nodes)"
    if outcome is not None and outcome.reason is StopReason.FRONTIER:
        return (
            f"{title} {ended}: {outcome.detail}, so the search cannot go on there; the root's "
            f"proof number is {format_number(held.root_proof)} and it is not solved."
        )
    text = f"{title} {ended} before proving a win"
    if rows:
        top = rows[0]
        text += f": {100 * top.share:.0f} % of the tree went into {top.move}"
        if held.defences and held.defences[0].dominant:
            defence = held.defences[0]
            text += (
                f", where {counted(defence.open_replies, 'reply')} at ply {defence.ply} "
                f"{'is' if defence.open_replies == 1 else 'are'} still open"
            )
        elif top.proof < INF:
            text += f", whose proof number is still {format_number(top.proof)}"
    return text + "."


def explanation_steps(
    search: Search, trace: RootTrace | None = None, known_mate_length: int | None = None
) -> Generator[float, None, Explanation]:
    """Explain `search` as it is now (it must not step meanwhile) by its registry entry's
    explainer; yields progress 0..1. InvalidLimitError for a search that has none (αβ). A
    window's `Replay` is explained by the search it shows: the readers then see that search's
    own members (a protocol check cannot see through the replay on every Python version)."""
    if isinstance(search, Replay):
        search = search.live
    found = entry(search.algorithm)
    if found.explains_with is None:
        raise InvalidLimitError(
            f"{found.title} has no explanation: explained are {explaining_searches()}"
        )
    return EXPLAINERS[found.explains_with](search, trace, known_mate_length)


def explaining_searches() -> str:
    """The searches that explain themselves, in words: "pn, pn2, dagpn or dfpn"."""
    return either(names(explains=True))


def tree_explanation_steps(
    search: Stepper, trace: RootTrace | None = None, known_mate_length: int | None = None
) -> Generator[float, None, Explanation]:
    """Explain `search`'s tree as it is now (it must not step meanwhile); yields progress 0..1."""
    tree = kept_tree(search)
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
    # The run's nodes created per second, the figure the status line shows once the search
    # stops; Pn²'s first level grows at no steady rate (its second level does).
    rate = (
        search.nodes_created / search.elapsed
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
        plain_sentence(
            entry(search.algorithm).short_title, outcome, search.limits.max_nodes, rows, held
        ),
        shape.nodes,
        shape.max_ply,
        rows,
        held,
        trend,
        transpositions,
        found,
    )


Explainer = Callable[..., Generator[float, None, Explanation]]
"""`explainer(search, trace, known_mate_length)`: a generator of progress that returns the
explanation."""

EXPLAINERS: dict[str, Explainer] = {
    TREE_EXPLAINER: tree_explanation_steps,
    TABLE_EXPLAINER: table_explanation_steps,
}
"""The explainers by the name a search's registry entry gives (`SearchEntry.explainer`)."""


def explain(
    search: Search, trace: RootTrace | None = None, known_mate_length: int | None = None
) -> Explanation:
    """The explanation in one call."""
    return finish(explanation_steps(search, trace, known_mate_length))
