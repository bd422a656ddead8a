"""Which node the board shows, and under what heading: the presenter between the tree and the board.

The rules, so a teacher can point without losing the thread: a node hovered in the tree is shown
until the next step (or until the pointer leaves it); a clicked (pinned) node stays shown across
steps until Esc or a click on empty space; otherwise the board follows the most-proving node,
inside a running Pn² second level too. Playing the solution's main line shows its positions
instead; a node pointed at meanwhile is shown while it is, and Esc (or the pointer leaving the
tree) returns the board to the line at the result slider's ply, so board and slider never
disagree. A new search or a step ends the line. State only, no Qt: the window feeds
it the tree view's signals and the driver's steps and shows what `view()` returns.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.explain.numbers_text import plies_text
from ..core.proofs.proof import node_after_moves
from ..core.search.contract import Stepper
from ..core.tree import ROOT
from . import focus
from .position_view import PositionView

MAIN_LINE = "Main line"
"""The board's heading for the verified main line (the result panel's slider)."""

Key = tuple[int, int]
"""A node as (level, id): level 1 the first-level tree, 2 Pn²'s live second level."""


class BoardFocus:
    """The hovered and pinned nodes and the main-line position, for one search at a time."""

    def __init__(self) -> None:
        self.search: Stepper | None = None
        self.hovered: Key | None = None
        self.pinned: Key | None = None
        self.main_line: list[int] = []
        self.line_ply: int | None = None
        self.line_name = MAIN_LINE
        self.covered = False
        """Quiz mode asks for the most-proving node: show the root by default instead."""
        self.hidden_numbers: set[int] = set()
        """First-level nodes whose numbers a quiz question asks for: the details leave them out."""

    def set_search(self, search: Stepper | None) -> None:
        """A new search: nothing pointed at, pinned or played through."""
        self.search = search
        self.hovered = self.pinned = None
        self.main_line, self.line_ply = [], None

    # -- what the user and the search do -----------------------------------------------------------

    def hover(self, level: int, node: int) -> bool:
        """The pointer is on a node (or the user clicked it): show it. False if it does not
        exist (any more), and nothing changes."""
        if self.search is None or not focus.exists(self.search, level, node):
            return False
        self.hovered = (level, node)
        return True

    def pin(self, level: int, node: int) -> None:
        """The tree view pinned a node (node -1: none): it stays shown across steps."""
        self.pinned = None if node < 0 else (level, node)

    def release(self) -> None:
        """Esc, or the pointer left the nodes with nothing pinned: the most-proving node again,
        or the main line at the ply it was played to."""
        self.hovered = self.pinned = None

    def step_taken(self, _report: object = None) -> None:
        """A step was shown: a hovered node gives way, a pinned one stays; the main line ends."""
        self.hovered = None
        self.main_line, self.line_ply = [], None

    def moved_on(self) -> None:
        """The search ran on without reports: a hovered node gives way, a pinned one stays."""
        self.hovered = None

    def show_line(self, main_line: list[int], ply: int, name: str = MAIN_LINE) -> int | None:
        """Play a line of the solution (`name`: the main line, or one the solution browser
        chose) to `ply` on the board; the tree node it reaches (None: no search tree)."""
        self.main_line, self.line_ply, self.line_name = list(main_line), ply, name
        return self.line_node()

    # -- what the board shows ---------------------------------------------------------------------

    @property
    def pointed(self) -> Key | None:
        """The hovered node, else the pinned one, if it exists in the search now."""
        if self.search is None:
            return None
        for key in (self.hovered, self.pinned):
            if key is not None and focus.exists(self.search, *key):
                return key
        return None

    def focused_node(self) -> Key:
        """The (level, node) the board shows: the one pointed at, else the most-proving one."""
        if self.pointed is not None:
            return self.pointed
        if self.covered or self.search is None:
            return focus.FIRST_LEVEL, ROOT
        return focus.most_proving_node(self.search)

    def view(self) -> PositionView | None:
        """Everything the board shows now (None without a search)."""
        search = self.search
        if search is None:
            return None
        ply = self.line_ply
        if self.playing_line() and ply is not None:
            if search.game.capabilities.has_board or search.tree is None:
                return focus.line_view(
                    search.game,
                    self.main_line,
                    ply,
                    f"{self.line_name}: {plies_text(ply, len(self.main_line))}",
                )
            node = node_after_moves(search.tree, self.main_line[:ply])
            heading = "Main line of the proof" if self.line_name == MAIN_LINE else self.line_name
            return focus.position_view(search, search.game, focus.FIRST_LEVEL, node, heading)
        level, node = self.focused_node()
        shown = focus.position_view(
            search, search.game, level, node, self._heading(search, level, node)
        )
        if level == focus.FIRST_LEVEL and node in self.hidden_numbers:
            return replace(shown, details="numbers hidden until you answer the quiz question")
        return shown

    def line_node(self) -> int | None:
        """The first-level node the main line has been played to (the root before any); None
        for a search without a tree (df-pn): its line is in no tree the view draws."""
        if self.search is None or self.line_ply is None:
            return ROOT
        tree = self.search.tree
        return None if tree is None else node_after_moves(tree, self.main_line[: self.line_ply])

    def playing_line(self) -> bool:
        """Whether the board shows the main line: it has been played, and nothing else is
        pointed at (pointing at the line's own node, as playing it pins, still shows the line)."""
        if self.line_ply is None or not self.main_line:
            return False
        pointed = self.pointed
        return pointed is None or pointed == (focus.FIRST_LEVEL, self.line_node())

    def _heading(self, search: Stepper, level: int, node: int) -> str:
        if self.pointed is not None:
            return "The node you pointed at (Esc: back to the most-proving node)"
        if self.covered:
            return "The root (quiz: the most-proving node is yours to find)"
        if search.outcome is not None and search.outcome.solved:
            return "The root (solved)"
        if focus.update_pending(search, level, node):
            return "Node just expanded: the update phase comes next"
        if level == focus.SECOND_LEVEL:
            return "Most-proving node of the second-level search"
        return "Most-proving node"
