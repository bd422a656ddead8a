"""A step told in words, so a teacher can point at the screen and read what the search just did.

Pure functions of a `StepReport` and the search (no Qt). Nodes are named by the move into them
(chess) or by their name (tree files); the root is "the root". The phases of Figure 3.2 are told
here; what a search adds besides (its report's typed events) is told by the renderer registered
for the event's type in `NARRATORS`.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.explain.numbers_text import shared_sum_text, unchanged_text
from ...core.games.game import Game
from ...core.games.registry import kind_of
from ...core.search.contract import Stepper
from ...core.search.events import (
    DfpnEvent,
    Linked,
    SecondLevelEnded,
    SecondLevelStarted,
    SecondLevelStepped,
)
from ...core.search.types import Outcome, Phase, Result, StepReport, StopReason
from ...core.values import counted, format_number
from ..focus import FIRST_LEVEL, SECOND_LEVEL, moves_to, tree_at
from .children import describe_children
from .dfpn import describe_events
from .links import describe_links, move_labels, walk_labels

Narrator = Callable[[Stepper, StepReport, list], list[str]]
"""Sentences for the events of one type in a report (all of them, in order)."""


def path_labels(search: Stepper, level: int, node: int) -> list[str]:
    """Labels of the moves from the game's root to a node: SAN for chess, names for trees."""
    return move_labels(search, moves_to(search, level, node))


def node_label(search: Stepper, level: int, node: int) -> str:
    """The move into a node ('… Qg6' for chess), its name for trees, or 'the root'."""
    tree = tree_at(search, level)
    if tree is None or not 0 <= node < len(tree):
        return f"#{node}"
    labels = path_labels(search, level, node)
    if not labels:
        return "the root" if level == FIRST_LEVEL else "the second-level root"
    return labels[-1]


def _numbers(proof: int, disproof: int) -> str:
    return f"{format_number(proof)}/{format_number(disproof)}"


def describe_outcome(outcome: Outcome, game: Game) -> str:
    """How a search on `game` ended, the verdict in the words its kind uses for the players."""
    if outcome.result in (Result.PROVED, Result.DISPROVED):
        proved = outcome.result is Result.PROVED
        return (
            f"The root is {'proved' if proved else 'disproved'}: "
            f"{kind_of(game).verdict_text(game, proved)}."
            if outcome.reason is StopReason.SOLVED
            else f"The root is already decided: {outcome}."
        )
    if outcome.reason is StopReason.MEMORY:
        return f"Stopped: the node cap is full ({outcome.detail}). The root is unsolved."
    if outcome.reason is StopReason.FRONTIER:
        return f"Stopped at the edge of the tree file: {outcome.detail}."
    return f"Stopped: {outcome}."


def _unchanged(search: Stepper, report: StepReport, level: int) -> str:
    """An update that changed nothing, and why (`core.explain.numbers_text.unchanged_text`)."""
    tree = tree_at(search, level)
    if tree is None or len(tree) < 2:
        return "Update: no numbers changed."
    # With no number changed the walk still passes the node just expanded, to one of its new
    # children: a lone update phase (no path of its own) finds it there.
    path = report.path or tree.most_proving_path()[:-1]
    if not path or not tree.is_expanded(path[-1]):
        return "Update: no numbers changed."
    node = path[-1]
    why = unchanged_text(tree, node, lambda other: node_label(search, level, other))
    return f"Update: no numbers changed: {why}"


def _describe_level(search: Stepper, report: StepReport, level: int) -> list[str]:
    """Sentences for the phases of one report at one level."""
    lines: list[str] = []
    for phase in report.phases:
        if phase is Phase.SELECT and report.path:
            labels = (
                walk_labels(search, report.path)
                if level == FIRST_LEVEL
                else path_labels(search, level, report.path[-1])
            )
            path = (
                " → ".join(["root", *labels[-8:]])
                if len(labels) <= 8
                else " → ".join(["root", "…", *labels[-8:]])
            )
            lines.append(
                f"Select: walk down to the most-proving node ({path}); at OR nodes "
                f"follow the child with the same proof number, at AND nodes the one "
                f"with the same disproof number."
            )
        elif phase is Phase.EXPAND:
            if report.new_children:
                lines.append(
                    describe_children(
                        search,
                        level,
                        report.new_children,
                        lambda at, node: node_label(search, at, node),
                    )
                )
        elif phase is Phase.UPDATE:
            if not report.changed:
                lines.append(_unchanged(search, report, level))
                continue
            steps = [
                f"{node_label(search, level, c.node)} "
                f"{_numbers(c.old_proof, c.old_disproof)} → "
                f"{_numbers(c.new_proof, c.new_disproof)}"
                for c in report.changed[:6]
            ]
            more = len(report.changed) - len(steps)
            text = "Update: " + "; ".join(steps) + (f"; and {more} more" if more > 0 else "")
            top = report.changed[-1].node
            text += (
                ", up to the root."
                if top == 0
                else ", then stopped: the next ancestor's numbers did not change."
            )
            lines.append(text)
    return lines


def _started(search: Stepper, _report: StepReport, events: list[SecondLevelStarted]) -> list[str]:
    started = events[-1]
    where = node_label(search, FIRST_LEVEL, started.first_level_node)
    return [
        f"Second-level search started at {where} with a budget of "
        f"{counted(started.budget, 'node')}."
    ]


def _stepped(search: Stepper, report: StepReport, events: list[SecondLevelStepped]) -> list[str]:
    if report.last(SecondLevelEnded) is not None:
        return []
    inner = _describe_level(search, events[-1].inner, SECOND_LEVEL)
    return ["Second level · " + line for line in inner]


def _ended(search: Stepper, _report: StepReport, events: list[SecondLevelEnded]) -> list[str]:
    ended = events[-1]
    where = node_label(search, FIRST_LEVEL, ended.first_level_node)
    result = ended.outcome.result.value if ended.outcome else "ended"
    return [
        f"Second-level search at {where} ended ({result}) with "
        f"{counted(ended.size, 'node')}: {counted(len(ended.kept), 'child')} kept in "
        f"the first-level tree, {counted(ended.discarded, 'node')} discarded."
    ]


def _linked(search: Stepper, _report: StepReport, events: list[Linked]) -> list[str]:
    """The links, then where the first one makes a sum count a position twice."""
    lines = [describe_links(search, event.node, list(event.children)) for event in events]
    tree = search.drawn_tree
    if events and events[0].children and tree is not None:
        twice = shared_sum_text(
            tree, events[0].children[0], lambda node: node_label(search, FIRST_LEVEL, node)
        )
        if twice:
            lines.append(twice)
    return lines


NARRATORS: dict[type, Narrator] = {
    SecondLevelStarted: _started,
    SecondLevelStepped: _stepped,
    SecondLevelEnded: _ended,
    Linked: _linked,
    DfpnEvent: describe_events,
}
"""The narration's renderers by event type."""

LEADING = (SecondLevelStarted,)
"""Events told before the phases (the second level starts before the first level's expansion
it evaluates is told)."""


def describe_step(search: Stepper, report: StepReport) -> str:
    """What one step did, in a few sentences: the phases, then each kind of event."""
    lines = _describe_level(search, report, FIRST_LEVEL)
    lead: list[str] = []
    for kind, events in report.events_by_type().items():
        narrate = NARRATORS.get(kind)
        if narrate is not None:
            (lead if kind in LEADING else lines).extend(narrate(search, report, events))
    lines = lead + lines
    if report.outcome is not None:
        lines.append(describe_outcome(report.outcome, search.game))
    return " ".join(lines) if lines else "Nothing changed."
