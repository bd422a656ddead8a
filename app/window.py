"""The PN Explorer window: a frame that lays out the views around one session and wires them.

Flow is one-way (Qt's model/view): the driver advances the search and signals; the tree view,
the narration and the board's presenter (`app.board_focus`) hear those signals themselves, and the
window redraws. Views read the search between steps and never call into it. Redraws are coalesced
on a timer (`app.driving.redraw_throttle`, at most ~15 per second) while the search runs; a single
step redraws at once. What the window does lives in its parts: opening problems (`app.opening`),
the search's controls (`app.controls`), pointing at nodes (`app.pointing`), the Help menu, and the
features of the menus and docks, each given the session and one narrow `app.frame.Frame` instead
of the window.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QSplitter,
    QStyle,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ..core.games.suites import APP_ICON
from ..core.runs.runner import RunRecord
from ..core.search.contract import Stepper
from ..core.search.types import Outcome
from .board.view import BoardView
from .board_focus import BoardFocus
from .compare.panel import DEFAULT_SECONDS, MAX_SECONDS, ComparePanel, compared, spoken
from .controls import SearchControls
from .dfpn import path_panel
from .docks import DockKeeper
from .driving.redraw_schedule import RedrawSchedule
from .frame import OPENED_BY, Frame
from .help_menu import HelpMenu
from .menus.classroom_menu import ClassroomMenu
from .menus.explain_dock import ExplainDock
from .menus.exports import Exporter, export_menu
from .menus.native_run import NativeRun
from .menus.paper import PaperMenu
from .narration.view import NarrationView
from .opening import Opener
from .pointing import Pointing
from .problems.search_setup import SearchParams
from .problems.settings import Settings
from .problems.sources import DEFAULT_SOURCE, Problem, Source
from .progress.curves import CurvesWidget
from .progress.elided_label import ElidedLabel
from .progress.memory_gauge import MemoryGauge
from .progress.status_label import StatusLabel
from .progress.status_line import status_forms
from .progress.timeline import Timeline
from .projector import Projector, ProjectorParts
from .quiz.mode import QuizMode
from .result import solution_browser
from .result.engine_check import EngineCheckPanel
from .result.panel import ResultPanel
from .session import Session
from .shortcuts import shortcut_action
from .step_keys import StepKeys
from .title import short_title, title_forms
from .tree_editor.menu import TreeCommands
from .tree_view.view import TreeView
from .verdict import Verdict
from .window_layout import (
    DOCK_HEIGHT,
    first_size,
    hidden_dock,
    hidden_right_dock,
    icons_only,
    set_minimum_sizes,
)
from .window_panes import BoardPane, BottomStrip, PaneFitter, board_height, tree_pane

BANNER_STYLE = (
    "background: #c62828; color: white; font-weight: bold; padding: 6px; border-radius: 3px;"
)


class MainWindow(QMainWindow):
    """The explorer window. `persist=False` (screenshots, benchmarks) ignores stored settings."""

    def __init__(
        self,
        settings: Settings | None = None,
        persist: bool = True,
        source: Source | None = None,
        params: SearchParams | None = None,
    ) -> None:
        super().__init__()
        self.settings = (settings if settings is not None else Settings()) if persist else None
        """Where the window's choices are kept; None (`persist=False`) ignores them."""
        stored = self.settings.params() if self.settings is not None else SearchParams()
        self.session = Session(params or stored, self.settings, self)
        self.driver = self.session.driver
        self.board_focus = BoardFocus()
        self.setWindowIcon(QIcon(str(APP_ICON)))
        self._build_views()
        self.panes = PaneFitter(self, self.splitter, self.board_view, self.tree_view)
        self.docks = self.panes.docks = DockKeeper(
            self,
            self.splitter,
            self.board_view.board,
            partial(board_height, self.board_view),
            self.tree_view,
        )
        self.docks.rearranged.connect(self.panes.fit)
        self.pointing = Pointing(
            self,
            self.driver,
            self.board_focus,
            self.board_view,
            self.tree_view,
            self.result_panel,
            self.settings,
        )
        self.frame = Frame(
            self, self.narration, self.status, self.timeline, self.docks, self.pointing
        )
        self._build_menus()
        self._connect()
        docks = self.findChildren(QDockWidget)
        set_minimum_sizes(self, self.splitter, docks, self.board_view.board, self.tree_view)
        self.docks.manage(docks, unsaved=[self.quiz_mode.dock])
        self.solution_browser.opened.connect(
            lambda: self.docks.offer(self.solution_dock, solution_browser.DOCK_WIDTH)
        )
        self.driver.search_changed.connect(
            lambda _search: self.docks.close_unchosen([self.solution_dock, self.explain.dock])
        )
        self.step_keys = StepKeys(
            self,
            self.actions,
            lambda action: self.frame.say(self.controls.why_not(action, self.quiz_mode.on), 8000),
        )
        screen = self.screen() or QGuiApplication.primaryScreen()
        self.resize(first_size(screen.availableGeometry() if screen is not None else None))
        if self.settings is not None:
            self._restore(self.settings)
        stored_source = self.settings.source() if self.settings is not None else DEFAULT_SOURCE
        refused = self.opener.open_initial(source, stored_source)
        if refused:
            self.banner.setText(refused)  # until the user opens another problem
            self.banner.show()
        report = self.settings.take_report() if self.settings is not None else None
        if report:
            earlier = self.statusBar().currentMessage()
            self.statusBar().showMessage(f"{report} {earlier}".strip(), 30000)

    # -- building ---------------------------------------------------------------------------------

    def _build_views(self) -> None:
        self.title = ElidedLabel()
        self.title.setStyleSheet("font-size: 13pt; font-weight: bold; padding: 2px 4px;")
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet(BANNER_STYLE)
        self.banner.hide()
        self.board_view = BoardView()
        self.result_panel = ResultPanel()
        self.tree_view = TreeView()
        self.narration = NarrationView(self.driver)
        self.gauge = MemoryGauge()
        self.curves = CurvesWidget()
        self.curves.setFixedSize(520, 150)
        self.engine_panel = EngineCheckPanel(self.session, self.settings)
        left = BoardPane(
            self.board_view, self.result_panel, self.engine_panel, lambda: self.projector.on
        )
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(tree_pane(self.tree_view, self.narration))
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([400, 960])
        self.timeline = Timeline(self.driver, self.show_replayed, self.narration.setText)
        self.bottom_strip = BottomStrip(self.gauge, self.timeline, self.curves)
        """The gauge, the replay and Pn²'s curves under the board and the tree."""
        self.gauge_title = self.bottom_strip.gauge_title
        central = QWidget()
        layout = self.central_column = QVBoxLayout(central)
        layout.setContentsMargins(6, 4, 6, 4)
        for widget, stretch in ((self.title, 0), (self.banner, 0), (self.splitter, 1)):
            layout.addWidget(widget, stretch)
        layout.addWidget(self.bottom_strip)
        self.setCentralWidget(central)
        self.status = StatusLabel()
        self.statusBar().addPermanentWidget(self.status, 1)
        self.compare_panel = ComparePanel(self.session)
        compared = f"Comparison: {spoken(self.compare_panel.algorithms)} on this position"
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        self.compare_dock = hidden_dock(self, self.compare_panel, compared, "compare", bottom)
        self.solution_browser = solution_browser.SolutionBrowser()
        self.solution_dock = hidden_right_dock(
            self, self.solution_browser, solution_browser.DOCK_TITLE, "solution"
        )
        self.dfpn_panel = path_panel.DfpnPathPanel()
        self.dfpn_dock = hidden_right_dock(
            self, self.dfpn_panel, path_panel.DOCK_TITLE, "dfpn-path"
        )

    def _build_menus(self) -> None:
        """The menus and the toolbar, from the actions of the window's parts and features."""
        frame, session, tree = self.frame, self.session, self.tree_view
        self.opener = Opener(frame, session, self.board_view)
        self.controls = SearchControls(self, session, self.settings)
        self.compare_action = shortcut_action(
            self,
            "&Compare",
            "Ctrl+K",
            self.compare,
            QStyle.StandardPixmap.SP_FileDialogDetailedView,
            f"Run {spoken(compared())} on this position in the background and compare them",
        )
        zoom_in = shortcut_action(self, "Zoom in", "+", tree.zoom_in)
        zoom_in.setShortcuts([QKeySequence("+"), QKeySequence("=")])
        view = [
            zoom_in,
            shortcut_action(self, "Zoom out", "-", tree.zoom_out),
            shortcut_action(self, "Fit the tree", "F", tree.fit),
            shortcut_action(self, "Reset the view", "0", tree.reset_view),
            self.pointing.follow_action,
            None,
            *self.pointing.actions,
            None,
            self.compare_dock.toggleViewAction(),
            shortcut_action(
                self,
                "Restore layout",
                "Ctrl+0",
                self.panes.restore_layout,
                tip="Restore layout: panes, docks and the tree's zoom as in a new window",
            ),
            self.solution_dock.toggleViewAction(),
        ]
        self.help = HelpMenu(self)
        menus = self.menuBar()
        file_menu = menus.addMenu("&File")
        file_menu.addActions(self.opener.actions)
        self.exporter = Exporter(session, frame, tree, self.solution_browser)
        file_menu.addMenu(export_menu(self.exporter, self))
        file_menu.addSeparator()
        self.tree_commands = TreeCommands(
            session,
            self,
            file_menu,
            lambda name, point, path: self.classroom.open_tree(name, point, path),
        )
        self.classroom = ClassroomMenu(session, file_menu)
        self.central_column.insertWidget(1, self.classroom.line)
        file_menu.addSeparator()
        file_menu.addAction(shortcut_action(self, "&Quit", "Ctrl+Q", self.close))
        controls = self.controls
        steps = list(controls.buttons.values())
        search_menu = self.search_menu = menus.addMenu("&Search")
        runs = [controls.run_action, controls.end_action]
        speeds = [controls.slower_action, controls.faster_action]
        fill(search_menu, [*steps, None, *runs, *speeds, None, controls.reset_action])
        fill(search_menu, [self.compare_action, None, *self.timeline.key_actions])
        self.addActions(self.timeline.key_actions)
        self.view_menu = menus.addMenu("&View")
        fill(self.view_menu, view)
        self.paper = PaperMenu(session, frame, tree)
        help_menu = menus.addMenu("&Help")
        menus.insertMenu(help_menu.menuAction(), self.paper.menu)
        help_menu.addActions(self.help.actions)
        toolbar = self.toolbar = QToolBar("Controls")
        toolbar.setObjectName("controls")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        opener = self.opener
        fill(toolbar, [opener.new_action, opener.open_file_action, None, controls.reset_action])
        fill(toolbar, [*steps, None, *runs, None, self.compare_action, None])
        toolbar.addWidget(QLabel(" Speed "))
        toolbar.addWidget(controls.speed_slider)
        toolbar.addWidget(controls.speed_label)
        self.addToolBar(toolbar)
        controls.toolbar = toolbar
        self.quiz_mode = QuizMode(session, frame, tree, self.board_focus, controls.stepping)
        fill(search_menu, [None, self.quiz_mode.action])
        fill(toolbar, [None, self.quiz_mode.action])
        self.projector = Projector(
            ProjectorParts(
                self,
                self.bottom_strip,
                self.engine_panel,
                self.central_column,
                self.splitter,
                self.title,
                tree,
                self.narration,
                self.docks,
                self.fit_panes,
            )
        )
        self.view_menu.addAction(self.projector.action)
        self.explain = ExplainDock(session, frame, tree)
        explain = self.explain.explain_action
        name = explain.text().replace("&", "")
        self.explain.dock.setProperty(
            OPENED_BY, f"Search ▸ {name} ({explain.shortcut().toString()})"
        )
        self.native_run = NativeRun(session, frame, self.explain)
        self.opener.run_natively = self.native_run.open_and_run
        fill(search_menu, [None, explain, self.native_run.action])
        fill(
            self.view_menu, [None, self.explain.effort_action, self.explain.dock.toggleViewAction()]
        )
        icons_only(toolbar, [opener.new_action, opener.open_file_action, self.compare_action])

    def _connect(self) -> None:
        """Each view hears the driver itself (the narration in its constructor); the window's
        own slots come last, so they redraw what the views have taken in."""
        self.session.error.connect(self.frame.show_error)
        self.session.driver_changed.connect(self._start)
        self.verdict = Verdict(
            self.session,
            self.banner,
            self.result_panel,
            self.solution_browser,
            self.tree_view,
            lambda: self.explain.explain_action.shortcut().toString(),
            self.timeline.result_heading,
            self.frame.say,
        )
        driver = self.driver
        driver.search_changed.connect(self.tree_view.set_search)
        driver.stepped.connect(self.tree_view.apply_report)
        driver.progressed.connect(self.tree_view.drop_stale_marks)
        driver.finished.connect(self.tree_view.search_finished)
        driver.search_changed.connect(self.board_focus.set_search)
        driver.search_changed.connect(self.dfpn_panel.set_search)
        driver.stepped.connect(self.board_focus.step_taken)
        driver.progressed.connect(self.board_focus.moved_on)
        self.redraws = RedrawSchedule(self, driver, lambda board: self.refresh_views(board))
        driver.finished.connect(self._on_finished)
        self.solution_browser.line_chosen.connect(self.result_panel.play_line)

    def _restore(self, settings: Settings) -> None:
        """The window as the user left it: geometry, docks, speed, follow and the comparison's
        time."""
        geometry = settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = settings.window_state()
        if state is not None:
            self.restoreState(state)
        self.docks.restore(settings.open_docks())
        self.compare_panel.seconds.setValue(settings.compare_seconds(DEFAULT_SECONDS, MAX_SECONDS))
        self.controls.set_speed(settings.speed())
        self.pointing.set_follow(settings.follow())

    # -- the session ------------------------------------------------------------------------------

    @property
    def problem(self) -> Problem:
        """The open problem: the window opens one (`Opener.open_initial`) before anything asks."""
        problem = self.session.problem
        if problem is None:
            raise RuntimeError("no problem is open")
        return problem

    @property
    def params(self) -> SearchParams:
        return self.session.params

    @property
    def solution(self) -> RunRecord | Exception | None:
        return self.session.solution

    def open_source(self, source: Source, params: SearchParams | None = None) -> bool:
        """Open a problem with these parameters; on bad input a dialog and nothing changes."""
        return self.session.open_source(source, params)

    def open_problem(self, problem: Problem) -> bool:
        """Open a problem already loaded (an edited tree); a dialog if its search cannot start."""
        return self.session.open_problem(problem)

    def _start(self, search: Stepper) -> None:
        """A new search is the driver's (`Session.driver_changed`): every view around it set up
        for its algorithm and problem."""
        self.timeline.follow(self.session.replay, search)
        self.docks.close_unchosen()  # a reset or a new problem: what they showed is gone
        self.timeline.setVisible(search.capabilities.replayable)
        if self.dfpn_panel.shows(search):
            self.docks.offer(self.dfpn_dock, path_panel.DOCK_WIDTH)
        else:
            self.dfpn_dock.hide()
        self.bottom_strip.set_search(search, self.params)
        self.controls.name_steps(search)
        title = short_title(self.classroom.title(self.problem) or self.problem.title)
        self.title.set_forms(*title_forms(title, self.params, search))
        self.setWindowTitle(f"PN Explorer — {title}")
        self.controls.update()
        self.refresh_views()

    def show_replayed(self) -> None:
        """Show the replay at another iteration (`app.progress.timeline`) as a search just
        opened; the problem, the comparison and the settings stay."""
        self.session.clear_solution()
        self.result_panel.clear(self.timeline.result_heading())
        self.driver.set_search(self.driver.search)
        self.controls.update()
        self.refresh_views()

    def compare(self) -> None:
        """Show the comparison panel and run every compared search on this position in the
        background."""
        self.docks.ask(self.compare_dock, DOCK_HEIGHT)
        self.compare_panel.compare()

    # -- layout -----------------------------------------------------------------------------------

    def fit_panes(self) -> None:
        self.panes.fit()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.controls.fit_toolbar()
        QTimer.singleShot(0, self.panes.fit)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self.docks.window_shown()
        QTimer.singleShot(0, self.fit_panes)

    # -- driver signals -------------------------------------------------------------------------

    def _on_finished(self, outcome: Outcome) -> None:
        self.controls.update()
        self.refresh_views()
        self.verdict.finished(outcome)

    def wait_for_solution(self, timeout_ms: int = 30000) -> None:
        """Block until a pending proof has been read (screenshots and tests only)."""
        self.session.wait_for_solution(timeout_ms)
        QGuiApplication.processEvents()

    # -- redrawing -------------------------------------------------------------------------------

    def refresh_views(self, board: bool = True) -> None:
        """Bring every view in line with the search now (the board in its own event, so the
        GUI thread never does all the drawing in one block)."""
        self.redraws.dirty = False
        search = self.driver.search
        if search is None:
            return
        self.bottom_strip.refresh(search, self.params)
        self.tree_view.refresh()
        self.dfpn_panel.refresh(self.driver.running_fast)
        if board and self.driver.running:
            QTimer.singleShot(0, self.pointing.update_board)
        elif board:
            self.pointing.update_board()
        self.frame.line = self.quiz_mode.status_forms() or status_forms(self.driver)
        self.frame.show_line()
        self.verdict.keep_replay_heading()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        self.session.close()
        self.native_run.close()
        self.compare_panel.cancel()
        self.engine_panel.cancel()
        self.engine_panel.wait()
        self.paper.cancel()
        self.solution_browser.cancel_check()
        if self.settings is not None:
            self.settings.set_geometry(self.saveGeometry())
            self.settings.set_window_state(self.saveState())
            self.settings.set_open_docks(self.docks.saved())
            self.settings.set_compare_seconds(self.compare_panel.seconds.value())
            self.settings.sync()
        super().closeEvent(event)


def fill(menu: QMenu | QToolBar, actions: list[QAction | None]) -> None:
    """Add these actions to a menu or toolbar, None as a separator."""
    for action in actions:
        if action is None:
            menu.addSeparator()
        else:
            menu.addAction(action)
