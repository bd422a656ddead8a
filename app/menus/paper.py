"""The Paper menu: the thesis's figures and claims, one click each, each with a one-line caption
(shown in the status bar and the narration).

Figure 3.1 and Figure 3.9 open their problem; Figures 3.11/3.12 search WAC.213 and ring every
node holding one position reached by several paths; Figures 4.1–4.3 open Pn² with the paper's
a, b, N so the curves show; Table 3.1 and chapter 4's "Pn² at about twice PN's nodes" run the
82 WAC mates in background processes beside the thesis's numbers.
"""

from __future__ import annotations

from collections.abc import Generator

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMenu

from ...core.games.game import Game
from ...core.games.registry import kind_of
from ...core.runs.paper import thesis
from ...core.search.types import Outcome
from ...core.tree import Tree
from ..docks import SIDE_WIDTH
from ..jobs import Jobs
from ..problems.search_setup import PN, PN2, SearchParams
from ..problems.sources import SUITE, TREE, TREE_FILES, Source
from ..session import Session, Ui
from ..tree_view.occurrences import (
    OccurrenceOverlay,
    chosen_group,
    figure_3_12_hash,
    position_groups,
)
from ..tree_view.view import TreeView
from ..window_layout import hidden_right_dock
from .paper_runs import CHAPTER_4, TABLE_3_1, PaperRunsPanel

TRANSPOSITION_NODES = 20_000
"""WAC.213's demonstration tree: big enough for many transpositions, hashed in about a second."""

FIGURE_3_1 = (
    "Figure 3.1: proof | disproof numbers on every node; the most-proving path A–C–G–L is drawn "
    "bold (orange). The figure ends at its unknown leaves; here each has a small subtree drawn by "
    "a seeded generator (the same on every machine), so Space steps on to a proof."
)
FIGURE_3_9 = (
    "Figure 3.9 (WAC.014): after 1. Qxh7+ Kf8 the key is the quiet 2. Qf6, which PN's preference "
    "for the most forcing checks finds late: thesis {pn:,} nodes, αβ {ab:,}. F5 runs it."
)
FIGURE_3_11 = (
    "Figures 3.11/3.12 (WAC.213): one position reached by several move orders; PN searches it "
    "again under each and adds up its proof numbers (no transposition table)."
)
FIGURES_4 = (
    "Figures 4.1–4.3: the fraction f(x), the second-level size x·f(x) and the budget bounded by "
    "N − x, for the paper's a = 600K, b = 80K, N = 300K; the marker follows the first level."
)
TABLE = (
    "Table 3.1: PN search on the 82 Win at Chess mates, 1,000,000 nodes each, in background "
    "processes; every mate verified. Ours beside the thesis's below."
)
CHAPTER = (
    "Chapter 4: Pn² (N = 300K, a = 600K, b = 80K) and PN on the 82 mates in the background; the "
    "thesis reports Pn² at about twice PN's nodes."
)


class PaperMenu(QObject):
    """The menu (`menu`, for the window's menu bar), its dock in `ui.host` for the suite runs and
    the WAC.213 rings on `tree_view`, over one session; captions go to `ui`."""

    def __init__(self, session: Session, ui: Ui, tree_view: TreeView) -> None:
        host = ui.host
        super().__init__(host)
        self.session = session
        self.ui = ui
        self.caption = ""
        self.runs = PaperRunsPanel()
        self.dock = hidden_right_dock(
            host, self.runs, "Paper: the thesis's numbers beside ours", "paper"
        )
        self.overlay = OccurrenceOverlay(tree_view)
        self._waiting_for_end = False
        self.walk = Jobs(self)
        """Hashes WAC.213's tree on the GUI thread, in slices (`app.jobs`)."""
        self.walk.result.connect(self._ring)
        session.driver.search_changed.connect(self._search_changed)
        session.driver.finished.connect(self._search_finished)
        menu = QMenu("&Paper", host)
        self.actions = {}
        for key, text, slot in (
            ("3.1", "Figure 3.1: numbers and the most-proving path", self.figure_3_1),
            ("table", "Table 3.1: PN on the 82 WAC mates (background)", self.table_3_1),
            ("3.9", "Figure 3.9: WAC.014, the non-forcing move", self.figure_3_9),
            ("3.11", "Figures 3.11/3.12: WAC.213, one position by several paths", self.figure_3_11),
            ("4", "Figures 4.1–4.3: Pn²'s curves with the paper's a, b, N", self.figures_4),
            ("ch4", "Chapter 4: Pn² at about twice PN's nodes (background)", self.chapter_4),
        ):
            action = menu.addAction(text)
            action.triggered.connect(slot)
            self.actions[key] = action
        self.menu = menu

    # -- the demonstrations -----------------------------------------------------------------------

    def figure_3_1(self) -> None:
        if self.session.open_source(
            Source(TREE, TREE_FILES["figure-3-1-continued"]), SearchParams()
        ):
            self.say(FIGURE_3_1)

    def figure_3_9(self) -> None:
        numbers = thesis()["figure_3_9"]
        if self.session.open_source(Source(SUITE, "paper-figures", "WAC.014"), SearchParams()):
            self.say(FIGURE_3_9.format(pn=numbers["pn_nodes"], ab=numbers["alphabeta_nodes"]))

    def figure_3_11(self) -> None:
        """Search WAC.213 to TRANSPOSITION_NODES, then hash the tree in slices and ring one
        position's every occurrence."""
        params = SearchParams(PN, TRANSPOSITION_NODES)
        if not self.session.open_source(Source(SUITE, "paper-figures", "WAC.213"), params):
            return
        self.say(FIGURE_3_11 + " Searching …")
        self._waiting_for_end = True
        self.session.driver.run_to_end()

    def figures_4(self) -> None:
        params = SearchParams(PN2, 300_000, a=600_000.0, b=80_000.0)
        if self.session.open_source(Source(SUITE, "paper-figures", "WAC.014"), params):
            self.say(FIGURES_4)

    def table_3_1(self) -> None:
        self.ui.open_dock(self.dock, SIDE_WIDTH, True)
        self.runs.start(TABLE_3_1, TABLE)
        self.say(TABLE)

    def chapter_4(self) -> None:
        self.ui.open_dock(self.dock, SIDE_WIDTH, True)
        self.runs.start(CHAPTER_4, CHAPTER)
        self.say(CHAPTER)

    def say(self, caption: str) -> None:
        """The one-line caption: in the status bar (until replaced) and the narration."""
        self.caption = caption
        self.ui.say(caption)
        self.ui.narrate(caption)

    def cancel(self) -> None:
        self.runs.cancel()

    # -- WAC.213's rings -------------------------------------------------------------------------

    def _search_changed(self, _search: object) -> None:
        """Another problem or a reset: WAC.213's rings are no longer wanted."""
        self._waiting_for_end = False
        self.walk.cancel()
        self.overlay.clear()

    def _search_finished(self, _outcome: Outcome) -> None:
        if not self._waiting_for_end:
            return
        self._waiting_for_end = False
        search = self.session.search
        # Figure 3.11 opens PN; a search without a tree has no rings
        if search is None or search.tree is None:
            return
        self.walk.run_steps(_groups(kind_of(search.game).fresh(search.game), search.tree))

    def _ring(self, _index: int, groups: dict[int, list[int]]) -> None:
        search = self.session.search
        if search is None or search.tree is None:
            return
        game = search.game
        wanted = figure_3_12_hash(kind_of(game).root_text(game))
        key, nodes = chosen_group(groups, wanted)
        which = "Figure 3.12's position" if key == wanted else "the position reached most often"
        self.overlay.show_nodes(nodes, f"{which}: {len(nodes)} nodes in the tree")
        self.say(
            f"{FIGURE_3_11} Ringed: {which}, {len(nodes)} nodes of {len(groups):,} "
            f"positions in {len(search.tree):,} nodes."
        )


def _groups(game: Game, tree: Tree) -> Generator[None, None, dict[int, list[int]]]:
    """Every position of `tree` with the nodes holding it, walked a piece per step."""
    groups: dict[int, list[int]] = {}
    yield from position_groups(game, tree, groups)
    return groups
