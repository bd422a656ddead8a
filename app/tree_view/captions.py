"""The tree view's words: the last step in the paper's terms, and a node's tooltip.

Kept apart from drawing so the text can be read (and tested) without a painter.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF

from ...core.explain.numbers_text import mover_text, numbers_lines
from ...core.games.registry import kind_of
from ...core.search.events import (
    Linked,
    SecondLevelEnded,
    SecondLevelStarted,
    SecondLevelStepped,
)
from ...core.search.types import Phase, StepReport
from ...core.values import counted, plural
from . import style
from .items import DisplayedNode
from .layout import FOLD, MORE, NODE
from .level import TreeLevel


def wrap_text(text: str, metrics: QFontMetricsF, width: float, lines: int) -> list[str]:
    """`text` in at most `lines` lines of `width` pixels, broken between words; whatever is
    left over is elided at the end of the last line."""
    if not text:
        return []
    rows = [""]
    for word in text.split(" "):
        candidate = f"{rows[-1]} {word}" if rows[-1] else word
        if rows[-1] and metrics.horizontalAdvance(candidate) > width:
            rows.append(word)
        else:
            rows[-1] = candidate
    if len(rows) > lines:
        rows = rows[: lines - 1] + [" ".join(rows[lines - 1 :])]
    rows[-1] = metrics.elidedText(rows[-1], Qt.TextElideMode.ElideRight, width)
    return rows


def pack_parts(parts: list[str], metrics: QFontMetricsF, width: float, lines: int) -> list[str]:
    """`parts` joined by "  ·  " in at most `lines` rows of `width` pixels, a row broken only
    between parts; a part wider than a row, or what is left past the last row, is elided."""
    rows: list[str] = []
    for part in parts:
        candidate = f"{rows[-1]}  ·  {part}" if rows else part
        if rows and (metrics.horizontalAdvance(candidate) <= width or len(rows) == lines):
            rows[-1] = candidate
        else:
            rows.append(part)
    return [metrics.elidedText(row, Qt.TextElideMode.ElideRight, width) for row in rows]


CaptionWords = Callable[[StepReport, list], list[str]]
"""Phrases for the events of one type in a report (all of them, in order)."""


def _started_words(_report: StepReport, events: list[SecondLevelStarted]) -> list[str]:
    return [f"2nd-level search started there (budget {events[-1].budget:,})"]


def _stepped_words(report: StepReport, events: list[SecondLevelStepped]) -> list[str]:
    if report.last(SecondLevelEnded) is not None:
        return []
    inner = phase_words(events[-1].inner, inner=True)
    return ["2nd level " + ", ".join(inner)] if inner else []


def _ended_words(_report: StepReport, events: list[SecondLevelEnded]) -> list[str]:
    ended = events[-1]
    if not ended.kept:
        return ["2nd level done: no children kept (it solved its root, or could not expand it)"]
    return [
        f"2nd level done: its root's {counted(len(ended.kept), 'child')} joined the first level"
    ]


def _linked_words(_report: StepReport, events: list[Linked]) -> list[str]:
    count = sum(len(event.children) for event in events)
    return [f"{count} linked (transpositions)"]


CAPTION_WORDS: dict[type, CaptionWords] = {
    SecondLevelStarted: _started_words,
    SecondLevelStepped: _stepped_words,
    SecondLevelEnded: _ended_words,
    Linked: _linked_words,
}
"""The caption's renderers by event type; events of other types add no words."""


def describe_step(report: StepReport) -> str:
    """One line saying what the step did, in the paper's words: the phases, with what the
    step's events add at its expansion."""
    words = phase_words(report)
    update = words.pop() if Phase.UPDATE in report.phases else None
    for kind, events in report.events_by_type().items():
        render = CAPTION_WORDS.get(kind)
        if render is not None:
            words.extend(render(report, events))
    if update is not None:
        words.append(update)
    if report.outcome is not None:
        words.append(f"search over: {report.outcome}")
    return "; ".join(words)


def phase_words(report: StepReport, inner: bool = False) -> list[str]:
    """The phases one step ran, a phrase each (an `inner` second-level step also says how its
    search ended)."""
    words = []
    if Phase.SELECT in report.phases and report.path:
        words.append(f"selected a most-proving node at depth {len(report.path) - 1}")
    if Phase.EXPAND in report.phases:
        count = len(report.new_children)
        if count == 0 and report.outcome is not None and not report.outcome.solved:
            words.append(f"could not expand it ({report.outcome.reason.value})")
        elif count:  # none: Pn²'s second level solved the node (its event says so)
            words.append(f"expanded it: {counted(count, 'child')}")
    if Phase.UPDATE in report.phases:
        words.append(f"updated ancestors: {len(report.changed)} changed")
    if inner and report.outcome is not None:
        words.append(f"ended: {report.outcome.result.value}")
    return words


def tooltip_labeller(state: TreeLevel) -> Callable[[int], str]:
    """A node's name in the tooltip's sentences: its own name, else the move into it."""
    tree = state.tree

    def label(node: int) -> str:
        if node == 0:
            return state.labels.node_name(tree, node) or "the root"
        return (
            state.labels.node_name(tree, node) or state.labels.edge_label(tree, node) or f"#{node}"
        )

    return label


def stub_words(item: DisplayedNode, unit: str) -> tuple[str, str]:
    """A stub's two lines, one form for both kinds: the hidden children ("+53 moves", "+4
    more moves" beside shown siblings) and the nodes below them ("92 nodes")."""
    count = item.hidden_children
    noun = unit if count == 1 else plural(unit)
    top = f"+{count} more" if item.kind == MORE else f"+{count} {noun}"
    if item.hidden_nodes < 0:
        return top, noun if item.kind == MORE else ""
    nodes = item.hidden_nodes
    return top, f"{style.count_text(nodes)} {'node' if nodes == 1 else 'nodes'}"


def node_tooltip(item: DisplayedNode, state: TreeLevel, explain: bool = True) -> str:
    """Everything about a node, in words: line, who is to move, why it has its numbers (Figure
    3.3, `core.explain.numbers_text`), size, last change. Without `explain` (a quiz question is
    open: which child gives a minimum is the answer) only the numbers as drawn."""
    tree = state.tree
    if item.kind != NODE:
        what = "all its" if item.kind == FOLD else "more of its"
        below = (
            f", {counted(item.hidden_nodes, 'node')} in all (them and everything below them)"
            if item.hidden_nodes >= 0
            else " (nodes below: counted when the search pauses)"
        )
        return (
            f"{counted(item.hidden_children, state.labels.unit)} hidden{below}.\n"
            f"Click to show {what} children."
        )
    lines = []
    node = item.node
    if item.name:
        lines.append(f"node {item.name}")
    elif item.label or node:
        moves = " ".join(state.labels.edge_label(tree, step) for step in tree.path_to(node)[1:])
        lines.append(("2nd level: " if item.level == 2 else "") + moves)
    lines.append(mover_text(item.is_or, kind_of(state.search.game).sides(state.search.game)))
    if explain:
        lines.extend(numbers_lines(tree, node, tooltip_labeller(state)))
    else:
        lines.append(f"pn {item.proof_text}, dn {item.disproof_text} (why: after you answer)")
    children = len(tree.children(node))
    if children and state.sizes.complete:
        lines.append(
            f"{counted(children, 'child')}, {counted(state.sizes[node] - 1, 'node')} below"
        )
    elif children:
        lines.append(counted(children, "child"))
    change = state.changed.get(node)
    if change is not None:
        lines.append(
            "last step changed it from "
            f"{style.number_text(change.old_proof)} | "
            f"{style.number_text(change.old_disproof)}"
        )
    return "\n".join(lines)
