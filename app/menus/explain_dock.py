"""Hooks the "Why not found?" panel and the tree view's effort map into a session.

The panel fills itself when a search stops unsolved (node cap, time, iterations, a tree file's
frontier) and on demand (Search ▸ Why not found?, Ctrl+I, which pauses a running search). The
root's numbers are recorded from the driver's signals as the search runs, for the trend the
advice reads. A row of the effort table pins its move in the tree and shows it on the board, as a
click in the tree would. The window puts the two actions in its Search and View menus.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget

from ...core.explain.trace import RootTrace
from ...core.search.contract import Stepper
from ...core.search.parameters import PARAMETERS
from ...core.search.types import Outcome
from .. import focus
from ..session import Session, Ui
from ..tree_view.view import TreeView
from .explain_panel import ExplainPanel

NO_MAP = (
    "The effort map colours a search tree by the nodes below each node; this search keeps no "
    "tree (its work by root move is in Why not found?, Ctrl+I)"
)
"""The effort map's tooltip while the search keeps no tree (df-pn, whose table has no parents)."""
EXPLAIN_TIP = "Explain where the search spent itself and what to try"
EFFORT_TIP = "Colour the tree's nodes by the nodes below them"

DOCK_HEIGHT = 300
"""The dock's height when it first opens: the table's top rows and the sentences, leaving the
board and the tree most of the window."""


class ExplainDock:
    """The panel's dock in `ui.host`, its two actions, and its wiring to one session: the tree it
    colours is `tree_view`, a row chosen is pointed at through `ui`."""

    def __init__(self, session: Session, ui: Ui, tree_view: TreeView) -> None:
        self.session = session
        self.ui = ui
        self.host = host = ui.host
        self.tree_view = tree_view
        self.trace = RootTrace()
        self.panel = ExplainPanel()
        self.dock = QDockWidget("Why not found?", host)
        self.dock.setObjectName("explain")
        self.dock.setWidget(self.panel)
        host.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
        self.dock.hide()
        self.explain_action = QAction("&Why not found?", host)
        self.explain_action.setShortcut(QKeySequence("Ctrl+I"))
        self.explain_action.setToolTip(EXPLAIN_TIP)
        self.explain_action.triggered.connect(lambda: self.explain_now())
        host.addAction(self.explain_action)
        self.effort_action = QAction("&Effort map", host)
        self.effort_action.setShortcut(QKeySequence("E"))
        self.effort_action.setCheckable(True)
        self.effort_action.setToolTip(EFFORT_TIP)
        self.effort_action.toggled.connect(self.set_effort_map)
        host.addAction(self.effort_action)
        self.panel.button.clicked.connect(lambda: self.explain_now())
        self.panel.node_chosen.connect(self.show_node)
        self.panel.apply_requested.connect(self.apply)
        driver = session.driver
        driver.search_changed.connect(self._search_changed)
        driver.stepped.connect(self._moved_on)
        driver.progressed.connect(self._moved_on)
        driver.finished.connect(self._finished)
        if driver.search is not None:
            self._search_changed(driver.search)

    def _search_changed(self, search: Stepper | None) -> None:
        self.trace = RootTrace()
        self.panel.clear()
        has_tree = search is None or search.tree is not None
        self.effort_action.setEnabled(has_tree)
        self.effort_action.setToolTip(EFFORT_TIP if has_tree else NO_MAP)
        if not has_tree:
            self.effort_action.setChecked(False)
        if search is not None:
            self.trace.record_search(search)

    def _moved_on(self, _report: object = None) -> None:
        search = self.session.search
        if search is None:
            return
        self.trace.record_search(search)
        if self.panel.busy:
            self.panel.cancel("The search moved on: press Explain now to look again.")

    def _finished(self, outcome: Outcome) -> None:
        """An unsolved end opens the analysis."""
        search = self.session.search
        if not outcome.solved and search is not None:
            self.explain_now(asked=False)

    def explain_now(self, asked: bool = True) -> None:
        """Analyse the search as it stands (pausing it if it runs); `asked`: by the user (the
        dock then stays open), not by a search that stopped unsolved (it closes with it)."""
        driver = self.session.driver
        if driver.search is None:
            return
        driver.pause()
        self.trace.record_search(driver.search)
        self.ui.open_dock(self.dock, DOCK_HEIGHT, asked)
        problem = self.session.problem
        known = problem.mate_length if problem is not None else None
        self.panel.explain(driver.search, self.trace, known)

    def apply(self, settings: dict[str, object]) -> bool:
        """A suggestion's button: the same problem searched again with its settings (another
        search, a larger cap, Pn²'s a and b); False if the session refused them."""
        session = self.session
        if session.problem is None:
            return False
        params = session.params
        algo = settings.get("algo")
        if isinstance(algo, str):
            params = params.with_algo(algo)
        cap = settings.get("max_nodes")
        changed = {key: value for key, value in settings.items() if key in PARAMETERS}
        params = params.with_values(cap if isinstance(cap, int) else None, **changed)
        return session.open_source(session.problem.source, params)

    def set_effort_map(self, on: bool) -> None:
        """Switch the tree view's effort map (and its legend entry) on or off."""
        view = self.tree_view
        view.effort_map.on = on
        view.update()

    def show_node(self, node: int) -> None:
        """A root move chosen in the table: pin it in the tree, pan there, show it on the board."""
        view = self.tree_view
        view.pause_follow()
        view.set_focused(focus.FIRST_LEVEL, node)
        view.show_node(focus.FIRST_LEVEL, node)
        self.ui.point_at(focus.FIRST_LEVEL, node)
