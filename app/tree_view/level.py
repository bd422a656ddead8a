"""What the tree view keeps about one tree it draws (the first level, or a Pn² second level).

Sizes, move labels, the user's folds and unfolds, and the last step's marks live here, apart
from the widget, so a second-level tree is just a second `TreeLevel`.
"""

from __future__ import annotations

from ...core.search.contract import Stepper
from ...core.search.events import Linked, SecondLevelEnded
from ...core.search.types import NumberChange, StepReport
from ...core.tree import NO_NODE, ROOT, Tree
from . import style
from .layout import LevelInput, MoveLabels, SubtreeSizes, solution_line

SYNC_WORK = 50_000
"""Largest tree whose subtree sizes a refresh computes from scratch while the tree grows (about
25 ms); a bigger one (a Pn² second level met mid-run) shows stubs without node counts until the
search pauses."""


class TreeLevel:
    """What the view keeps about one tree: sizes, labels, the user's folds, the step's marks."""

    def __init__(self, search: Stepper, tree: Tree, labels: MoveLabels) -> None:
        self.search = search
        self.tree = tree
        self.sizes = SubtreeSizes()
        self.labels = labels
        self.expanded: set[int] = set()
        self.collapsed: set[int] = set()
        self.changed: dict[int, NumberChange] = {}
        self.new: set[int] = set()
        self.fresh: set[int] = set()
        """The children of the last expansion, kept until the next selection: the narration
        names them after the update too, so follow keeps them in view."""
        self.selected_path: list[int] = []
        self.path: list[int] = []
        self.line: list[int] = []
        self.line_set: set[int] = set()
        self.linked: list[int] = []
        """DAG PN: the shared nodes the last expansion linked, shown until the next selection."""
        self.joined = NO_NODE
        """Pn²: the first-level node whose second level just handed it children; they stay
        open until the next selection (the narration has just said they joined)."""
        self.marked: list[int] = []
        """Nodes to show whatever the layout would fold (one position's occurrences)."""
        self._line_key: tuple | None = None

    def mark(self, report: StepReport | None) -> None:
        """Replace the marks with one step's: changed numbers, new children, selected path."""
        if report is None:
            self.changed, self.new, self.linked = {}, set(), []
            self.fresh = set()
            self.joined = NO_NODE
            return
        self.changed = {change.node: change for change in report.changed}
        self.new = {child for child, _, _ in report.new_children}
        if report.path:
            self.selected_path = list(report.path)
            self.linked = []
            self.joined = NO_NODE
            self.fresh = set()
        if self.new:
            self.fresh = set(self.new)
        ended = report.last(SecondLevelEnded)
        if ended is not None and ended.kept:
            self.joined = ended.first_level_node
        linked = report.last(Linked)
        if linked is not None:
            self.linked = list(linked.children)

    def selected(self) -> int:
        """The node the last step selected, marked until the next step selects another."""
        return self.selected_path[-1] if self.selected_path else NO_NODE

    def sync(self) -> None:
        """Follow the tree's growth; forget ids if the tree was replaced or cut back."""
        if self.sizes.sync(self.tree, SYNC_WORK):
            self.labels.clear()
            self.expanded.clear()
            self.collapsed.clear()
        self.path = self.tree.most_proving_path()
        if self.path:
            self.line, self._line_key = [], None
        elif self._line_key != (len(self.tree), self.tree.numbers(ROOT)):
            # A solved tree stands still: its main line is computed once, not every frame.
            self.line = solution_line(self.tree)
            self._line_key = (len(self.tree), self.tree.numbers(ROOT))
        self.line_set = set(self.line)

    def layout_input(self, focus: int) -> LevelInput:
        """What the layout needs, with the nodes the view must reveal (the selected path, the
        solved line, the pinned node) forced open. At a proof's finale the last step's path
        gives way to the mate line (`app.tree_view.finale`)."""
        count = len(self.tree)
        proved = bool(self.line) and self.tree.proof[ROOT] == 0
        selected_path = [] if proved else [node for node in self.selected_path if node < count]
        reveal = selected_path + self.line + [node for node in self.linked if node < count]
        reveal += [node for node in self.marked if node < count]
        if 0 <= focus < count:
            reveal.append(focus)
        selected = NO_NODE if proved else self.selected()
        open_also = self.line[:-1] + [
            node for node in (selected, self.joined) if 0 <= node < count and not proved
        ]
        return LevelInput(
            self.tree,
            self.sizes,
            self.path,
            self.expanded,
            self.collapsed,
            reveal,
            open_also,
            self.width,
        )

    def width(self, node: int) -> float:
        """Slots a node needs for its numbers."""
        tree = self.tree
        return style.node_slots(
            style.number_text(tree.proof[node]), style.number_text(tree.disproof[node])
        )
