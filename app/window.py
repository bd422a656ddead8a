"""The PN Explorer window: board, tree, memory gauge, result and controls around one search.

Flow is one-way (Qt's model/view): the driver advances the search and signals; the tree view,
the narration and the board's presenter (`app.board_focus`) hear those signals themselves, and the
window redraws. Views read the search between steps and never call into it. Redraws are coalesced
on a timer (`app.driving.redraw_throttle`, at most ~15 per second) while the search runs; a
single step
redraws at once. Opening a problem builds the new search first and only then replaces the old
one, so bad input (a dialog says why) leaves everything the user had in place.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSlider,
    QSplitter,
    QStyle,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from ..core.errors import PnExplorerError
from ..core.games.suites import APP_ICON
from ..core.runs.runner import RunRecord
from ..core.search.contract import Stepper
from ..core.search.phase_steps import PHASE_UNITS
from ..core.search.pn2 import TWO_LEVEL_UNITS
from ..core.search.registry import entry
from ..core.search.types import (
    EVENT,
    INTO,
    ITERATION,
    OVER,
    PHASE,
    Outcome,
    StepReport,
    StopReason,
)
from . import focus
from .board_focus import BoardFocus
from .dfpn.path_panel import DOCK_TITLE as DFPN_DOCK_TITLE
from .dfpn.path_panel import DOCK_WIDTH as DFPN_DOCK_WIDTH
from .dfpn.path_panel import DfpnPathPanel
from .docks import DockKeeper
from .driving.driver import FULL_SPEED, SPEEDS, speed_label
from .driving.redraw_throttle import REFRESH_MS, RedrawThrottle
from .menus.classroom_menu import ClassroomMenu
from .menus.explain_dock import ExplainDock
from .menus.exports import Exporter, export_menu
from .menus.paper import PaperMenu
from .panels.board import BoardView
from .panels.compare import (
    DEFAULT_SECONDS,
    MAX_SECONDS,
    ComparePanel,
    compared,
    spoken,
)
from .panels.curves import CurvesWidget
from .panels.elided_label import ElidedLabel
from .panels.engine_check import EngineCheckPanel
from .panels.memory_gauge import MemoryGauge, gauge_title, memory_state
from .panels.narration_view import NarrationView
from .panels.result import NOT_SOLVED, ResultPanel
from .panels.solution_browser import DOCK_TITLE as SOLUTION_DOCK_TITLE
from .panels.solution_browser import DOCK_WIDTH as SOLUTION_DOCK_WIDTH
from .panels.solution_browser import SolutionBrowser
from .panels.status_label import StatusLabel
from .panels.status_line import status_forms
from .panels.timeline import Timeline
from .problems.search_setup import SearchParams
from .problems.settings import Settings
from .problems.sources import (
    DEFAULT_SOURCE,
    EPD,
    FEN,
    PGN,
    Problem,
    Source,
    file_filter,
    kind_of_file,
    load,
    naming_the_file,
    positions_of,
)
from .projector import Projector
from .quiz.mode import STEP_ACTIONS, QuizMode
from .refutation_focus import refutation_target
from .session import OPEN_ERROR, Session
from .short_text import one_line, short_label
from .shortcuts import keys_of, shortcut_table
from .step_keys import StepKeys
from .tree_editor.menu import TreeCommands
from .tree_opening import open_in_background, opens_in_background
from .tree_view.view import TreeView
from .user_guide import UserGuide
from .window_layout import (
    DOCK_HEIGHT,
    board_room,
    first_size,
    fit_board_pane,
    fit_toolbar,
    hidden_right_dock,
    restore_layout,
    set_minimum_sizes,
)

ABOUT_PN = """<h3>Proof-number search in one screen</h3>
<p>Every node has a <b>proof number</b> (left) and a <b>disproof number</b> (right): the fewest
leaves that must still be proved, or disproved, to settle it. At an OR node (square, attacker to
move) the proof number is the smallest of the children's, the disproof number their sum; at an AND
node (circle, defender to move) the other way round.</p>
<p>Each iteration has three phases. <b>Select</b>: walk from the root to the <i>most-proving
node</i>, at OR nodes through a child with the same proof number, at AND nodes through one with the
same disproof number (the highlighted path). <b>Expand</b>: generate its children and evaluate
them. <b>Update</b>: recompute the numbers back up the path (marked), stopping when nothing
changes.</p>
<p><b>Pn²</b> evaluates the most-proving node with a whole second PN search of at most
x·f(x) nodes (x = first-level size), keeps only that search's first children and throws the rest
away, so memory stays under the node cap N (the gauge).</p>"""


TITLE_LIMIT = 100
"""The problem's title above the views is cut here: a tree file may name itself with a megabyte."""


STRIP_ROOM = 480
"""The width the memory gauge and the replay keep beside Pn²'s curves in the bottom strip."""


def settings_in_force(params: SearchParams, search: Stepper) -> str:
    """The title's settings as the search runs them: a tree whose figure is drawn with unit
    initialisation (Figure 3.1: the paper's numbers) runs it whatever the preset asked, and the
    title then says "init unit", as the narration does."""
    settings = params.describe()
    asked = params.value("initialisation")
    used = getattr(search, "initialisation", None)
    if isinstance(used, str) and used != asked:
        settings = settings.replace(f"init {asked}", f"init {used}")
    return settings


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
        self.session = Session(
            params or (self.settings.params() if self.settings is not None else SearchParams()),
            self.settings,
            self,
        )
        self.driver = self.session.driver
        self.board_focus = BoardFocus()
        self._user_guide: UserGuide | None = None
        self._dirty = False
        self.throttle = RedrawThrottle()
        self.setWindowIcon(QIcon(str(APP_ICON)))
        self._build_views()
        self._build_actions()
        self._connect()
        self.explain = ExplainDock(self.session, self, self, self.tree_view)
        self._add_to_menu(self.search_menu, [self.explain.explain_action])
        self._add_to_menu(
            self.view_menu, [self.explain.effort_action, self.explain.dock.toggleViewAction()]
        )
        docks = self.findChildren(QDockWidget)
        set_minimum_sizes(self, self.splitter, docks, self.board_view.board, self.tree_view)
        self.docks = DockKeeper(
            self, self.splitter, self.board_view.board, self._board_room, self.tree_view
        )
        self.docks.rearranged.connect(self.fit_panes)
        self._dock_waiting = ""
        """The status line's note that a panel stayed closed (cleared when the user opens it)."""
        self.docks.waiting.connect(self._dock_waits)
        self.docks.manage(docks, unsaved=[self.quiz_mode.dock])
        self.solution_browser.opened.connect(
            lambda: self.docks.offer(self.solution_dock, SOLUTION_DOCK_WIDTH)
        )
        self.driver.search_changed.connect(
            lambda _search: self.docks.close_unchosen([self.solution_dock, self.explain.dock])
        )
        self._pane_chosen = False
        """The user dragged the board's pane: the window no longer sizes it to the board."""
        self._status_line: tuple[str, ...] = ("",)
        self.statusBar().messageChanged.connect(lambda _text: self._show_status())
        self.step_keys = StepKeys(self, self.actions, self.say_why_not)
        self.splitter.splitterMoved.connect(self._pane_dragged)
        self.refresh_timer = QTimer(self)
        self.refresh_timer.setInterval(REFRESH_MS)
        self.refresh_timer.timeout.connect(self._refresh_if_dirty)
        self.refresh_timer.start()
        screen = self.screen() or QGuiApplication.primaryScreen()
        self.resize(first_size(screen.availableGeometry() if screen is not None else None))
        if self.settings is not None:
            geometry = self.settings.geometry()
            if geometry is not None:
                self.restoreGeometry(geometry)
            state = self.settings.window_state()
            if state is not None:
                self.restoreState(state)
            self.docks.restore(self.settings.open_docks())
            self.compare_panel.seconds.setValue(
                self.settings.compare_seconds(DEFAULT_SECONDS, MAX_SECONDS)
            )
            self.set_speed(self.settings.speed())
            self.follow_action.setChecked(self.settings.follow())
            self.tree_view.set_follow(self.settings.follow())
        self._open_initial(source)
        if self.settings is not None:
            self._report_settings(self.settings)

    # -- building ---------------------------------------------------------------------------------

    def _build_views(self) -> None:
        self.title = ElidedLabel()
        self.title.setStyleSheet("font-size: 13pt; font-weight: bold; padding: 2px 4px;")
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet(
            "background: #c62828; color: white; font-weight: bold; "
            "padding: 6px; border-radius: 3px;"
        )
        self.banner.hide()
        self.board_view = BoardView()
        self.result_panel = ResultPanel()
        self.tree_view = TreeView()
        self.narration = NarrationView(self.driver)
        self.gauge = MemoryGauge()
        self.curves = CurvesWidget()
        self.curves.setFixedSize(520, 150)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.board_view, 1)
        left_layout.addWidget(self.result_panel)
        self.engine_panel = EngineCheckPanel(self.session, self.settings)
        left_layout.addWidget(self.engine_panel)
        self._engine_room = 0
        """The left pane's height at which the engine panel, put away for the board, returns
        (0: not put away)."""
        left.installEventFilter(self)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.tree_view, 1)
        right_layout.addWidget(self.narration)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([400, 960])
        gauge_box = QWidget()
        gauge_layout = QVBoxLayout(gauge_box)
        gauge_layout.setContentsMargins(0, 0, 0, 0)
        self.gauge_title = QLabel(gauge_title())
        self.gauge_title.setWordWrap(True)
        gauge_layout.addWidget(self.gauge_title)
        gauge_layout.addWidget(self.gauge)
        gauge_layout.addStretch(1)
        self.bottom_strip = QWidget()
        """The gauge, the replay and Pn²'s curves under the board and the tree."""
        bottom = QHBoxLayout(self.bottom_strip)
        bottom.setContentsMargins(0, 0, 0, 0)
        bottom.addWidget(gauge_box, 1)
        self.timeline = Timeline(self.driver, self.show_replayed, self.narration.setText)
        bottom.addWidget(self.timeline, 1)
        bottom.addWidget(self.curves)
        self._curves_wanted = False
        """Pn²'s curves belong in the strip (a two-level search); they show where it has room."""
        self.bottom_strip.installEventFilter(self)
        central = QWidget()
        layout = self.central_column = QVBoxLayout(central)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.banner)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.bottom_strip)
        self.setCentralWidget(central)
        self.status = StatusLabel()
        self.statusBar().addPermanentWidget(self.status, 1)
        self.compare_panel = ComparePanel(self.session)
        self.compare_dock = QDockWidget(
            f"Comparison: {spoken(self.compare_panel.algorithms)} on this position", self
        )
        self.compare_dock.setObjectName("compare")
        self.compare_dock.setWidget(self.compare_panel)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.compare_dock)
        self.compare_dock.hide()
        self.solution_browser = SolutionBrowser()
        self.solution_dock = hidden_right_dock(
            self, self.solution_browser, SOLUTION_DOCK_TITLE, "solution"
        )
        self.dfpn_panel = DfpnPathPanel()
        self.dfpn_dock = hidden_right_dock(self, self.dfpn_panel, DFPN_DOCK_TITLE, "dfpn-path")

    @staticmethod
    def _add_to_menu(menu: QMenu, actions: list[QAction]) -> None:
        """A feature's actions at the end of one of the window's menus."""
        menu.addSeparator()
        menu.addActions(actions)

    def _step_slots(self) -> dict[str, QAction]:
        """Which control steps which unit: Space the smallest (a phase, or df-pn's event),
        Return an iteration, F11 and F10 into and over a second level."""
        return {
            PHASE: self.phase_action,
            EVENT: self.phase_action,
            ITERATION: self.iteration_action,
            INTO: self.into_action,
            OVER: self.over_action,
        }

    def _name_step_actions(self, search: Stepper) -> None:
        """Name the step controls after the units the search declares (`Stepper.step_units`);
        a control with no unit of this search stays, disabled."""
        self._step_units: dict[QAction, str] = {}
        slots = self._step_slots()
        for unit in search.step_units:
            action = slots[unit.name]
            self._step_units[action] = unit.name
            action.setText(unit.text)
            action.setToolTip(f"{unit.tip} ({action.shortcut().toString()})")
            action.setWhatsThis(unit.tip)

    def _step(self, action: QAction) -> None:
        """A step control: one step of the unit it stands for now, if the search offers one."""
        unit = self._step_units.get(action)
        if unit is not None and action.isEnabled():
            self.driver.step(unit)

    def _action(
        self,
        text: str,
        shortcut: str | QKeySequence.StandardKey | None,
        slot,
        icon: QStyle.StandardPixmap | None = None,
        tip: str = "",
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if icon is not None:
            action.setIcon(self.style().standardIcon(icon))
        if tip:
            action.setToolTip(f"{tip} ({action.shortcut().toString()})" if shortcut else tip)
            action.setWhatsThis(tip)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        pixmap = QStyle.StandardPixmap
        self.new_action = self._action(
            "&New search…",
            "Ctrl+N",
            self.new_search_dialog,
            pixmap.SP_FileDialogNewFolder,
            "Choose a position or tree and the search's parameters",
        )
        self.new_game_action = self._action(
            "New &game…",
            "Ctrl+G",
            lambda: self.new_game_dialog(),
            tip="A board game from the registered families: its size, goal and start",
        )
        self.open_fen_action = self._action("Open &FEN…", "Ctrl+L", self.open_fen_dialog)
        self.paste_fen_action = self._action("&Paste FEN", "Ctrl+Shift+V", self.paste_fen)
        self.open_file_action = self._action(
            "&Open file…",
            "Ctrl+O",
            self.open_file_dialog,
            pixmap.SP_DialogOpenButton,
            "Open an EPD, PGN or tree file",
        )
        self.quit_action = self._action("&Quit", "Ctrl+Q", self.close)
        phase, iteration = PHASE_UNITS
        into, over = TWO_LEVEL_UNITS[2:]
        self.phase_action = self._action(
            phase.text, "Space", self.step_phase, pixmap.SP_MediaSeekForward, phase.tip
        )
        self.iteration_action = self._action(
            iteration.text,
            "Return",
            self.step_iteration,
            pixmap.SP_MediaSkipForward,
            iteration.tip,
        )
        self.into_action = self._action(
            into.text, "F11", self.step_into, pixmap.SP_ArrowDown, into.tip
        )
        self.over_action = self._action(
            over.text, "F10", self.step_over, pixmap.SP_ArrowRight, over.tip
        )
        self._step_units = {}
        self.run_action = self._action(
            "Run", "F5", self.toggle_run, pixmap.SP_MediaPlay, "Run / pause at the chosen speed"
        )
        self.end_action = self._action(
            "To the end",
            "Ctrl+F5",
            self.run_to_end,
            pixmap.SP_MediaSkipForward,
            "Run at full speed until the search ends",
        )
        self.reset_action = self._action(
            "Reset", "Ctrl+R", self.reset, pixmap.SP_BrowserReload, "Start the search again"
        )
        self.compare_action = self._action(
            "&Compare",
            "Ctrl+K",
            self.compare,
            pixmap.SP_FileDialogDetailedView,
            f"Run {spoken(compared())} on this position in the background and compare them",
        )
        self.slower_action = self._action("Slower", "[", lambda: self._nudge_speed(-1))
        self.faster_action = self._action("Faster", "]", lambda: self._nudge_speed(1))
        self.unpin_action = self._action("Show the most-proving node", "Esc", self.unpin)
        self.line_back = self._action("Main line back", "Left", lambda: self._nudge_line(-1))
        self.line_forward = self._action("Main line forward", "Right", lambda: self._nudge_line(1))
        self.line_start = self._action("Main line start", "Home", lambda: self._line_to(0))
        self.line_end = self._action("Main line end", "End", lambda: self._line_to(None))
        self.zoom_in_action = self._action("Zoom in", "+", self.tree_view.zoom_in)
        self.zoom_in_action.setShortcuts([QKeySequence("+"), QKeySequence("=")])
        self.zoom_out_action = self._action("Zoom out", "-", self.tree_view.zoom_out)
        self.fit_action = self._action("Fit the tree", "F", self.tree_view.fit)
        self.reset_view_action = self._action("Reset the view", "0", self.tree_view.reset_view)
        self.follow_action = self._action("Follow the most-proving node", "M", self._follow_toggled)
        self.follow_action.setCheckable(True)
        self.follow_action.setChecked(True)
        self.restore_layout_action = self._action(
            "Restore layout",
            "Ctrl+0",
            self.restore_layout,
            tip="Restore layout: panes, docks and the tree's zoom as in a new window",
        )
        self.guide_action = self._action("&User guide", None, self.show_user_guide)
        self.help_action = self._action("&Keyboard shortcuts", "F1", self.show_shortcuts)
        self.about_action = self._action("&About proof-number search", None, self.show_about)

        menus = self.menuBar()
        file_menu = menus.addMenu("&File")
        action: QAction | None  # an entry of a menu or the toolbar; None: a separator
        for action in (
            self.new_action,
            self.new_game_action,
            self.open_fen_action,
            self.paste_fen_action,
            self.open_file_action,
        ):
            file_menu.addAction(action)
        self.exporter = Exporter(self.session, self, self, self.tree_view, self.solution_browser)
        file_menu.addMenu(export_menu(self.exporter, self))
        file_menu.addSeparator()
        self.tree_commands = TreeCommands(
            self.session,
            self,
            file_menu,
            lambda name, point, path: self.classroom.open_tree(name, point, path),
        )
        self.classroom = ClassroomMenu(self.session, file_menu)
        self.central_column.insertWidget(1, self.classroom.line)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        search_menu = self.search_menu = menus.addMenu("&Search")
        for action in (
            self.phase_action,
            self.iteration_action,
            self.into_action,
            self.over_action,
            None,
            self.run_action,
            self.end_action,
            self.slower_action,
            self.faster_action,
            None,
            self.reset_action,
            self.compare_action,
        ):
            search_menu.addSeparator() if action is None else search_menu.addAction(action)
        search_menu.addSeparator()
        self.addActions(self.timeline.key_actions)
        search_menu.addActions(self.timeline.key_actions)
        view_menu = self.view_menu = menus.addMenu("&View")
        for action in (
            self.zoom_in_action,
            self.zoom_out_action,
            self.fit_action,
            self.reset_view_action,
            self.follow_action,
            None,
            self.unpin_action,
            self.line_start,
            self.line_back,
            self.line_forward,
            self.line_end,
            None,
            self.compare_dock.toggleViewAction(),
            self.restore_layout_action,
            self.solution_dock.toggleViewAction(),
        ):
            view_menu.addSeparator() if action is None else view_menu.addAction(action)
        help_menu = menus.addMenu("&Help")
        self.paper = PaperMenu(self.session, self, self, self.tree_view)
        menus.insertMenu(help_menu.menuAction(), self.paper.menu)
        help_menu.addAction(self.guide_action)
        help_menu.addAction(self.help_action)
        help_menu.addAction(self.about_action)

        toolbar = QToolBar("Controls")
        toolbar.setObjectName("controls")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for action in (
            self.new_action,
            self.open_file_action,
            None,
            self.reset_action,
            self.phase_action,
            self.iteration_action,
            self.into_action,
            self.over_action,
            None,
            self.run_action,
            self.end_action,
            None,
            self.compare_action,
        ):
            toolbar.addSeparator() if action is None else toolbar.addAction(action)
        self.speed_slider = QSlider(Qt.Orientation.Horizontal)
        self.speed_slider.setRange(0, len(SPEEDS) - 1)
        self.speed_slider.setValue(len(SPEEDS) - 1)
        self.speed_slider.setFixedWidth(110)
        self.speed_slider.setToolTip(
            "Run speed: slow motion shows every phase; "
            "full speed as fast as the search goes ([ / ])"
        )
        self.speed_slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.speed_slider.valueChanged.connect(lambda index: self.set_speed(SPEEDS[index]))
        self.speed_label = QLabel(speed_label(FULL_SPEED))
        self.speed_label.setMinimumWidth(
            max(self.fontMetrics().horizontalAdvance(speed_label(s)) for s in SPEEDS) + 6
        )
        toolbar.addSeparator()
        toolbar.addWidget(QLabel(" Speed "))
        toolbar.addWidget(self.speed_slider)
        toolbar.addWidget(self.speed_label)
        self.addToolBar(toolbar)
        self.quiz_mode = QuizMode(
            self.session,
            self,
            self,
            self.tree_view,
            self.board_focus,
            [getattr(self, name) for name in STEP_ACTIONS],
        )
        search_menu.addSeparator()
        search_menu.addAction(self.quiz_mode.action)
        toolbar.addSeparator()
        toolbar.addAction(self.quiz_mode.action)
        self.toolbar = toolbar
        self.projector = Projector(self)
        self.view_menu.addAction(self.projector.action)
        for action in (self.new_action, self.open_file_action, self.compare_action):
            # Their icons say it (the tooltip names them): the width goes to Speed and Quiz.
            button = toolbar.widgetForAction(action)
            if isinstance(button, QToolButton):
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.wordy_buttons = [
            self.reset_action,
            self.over_action,
            self.into_action,
            self.end_action,
            self.run_action,
        ]
        """The toolbar's buttons that lose their words, in this order, in a narrow window."""

    def _connect(self) -> None:
        """Each view hears the driver itself (the narration in its constructor); the window's
        own slots come last, so they redraw what the views have taken in."""
        self.session.error.connect(self.show_error)
        self.session.driver_changed.connect(self._start)
        self.session.solution_changed.connect(self._on_solution)
        driver = self.driver
        driver.search_changed.connect(self.tree_view.set_search)
        driver.stepped.connect(self.tree_view.apply_report)
        driver.progressed.connect(self.tree_view.drop_stale_marks)
        driver.finished.connect(self.tree_view.search_finished)
        driver.search_changed.connect(self.board_focus.set_search)
        driver.search_changed.connect(self.dfpn_panel.set_search)
        driver.stepped.connect(self.board_focus.step_taken)
        driver.progressed.connect(self.board_focus.moved_on)
        driver.stepped.connect(self._on_stepped)
        driver.progressed.connect(self._on_progressed)
        driver.finished.connect(self._on_finished)
        driver.running_changed.connect(self._on_running_changed)
        self.tree_view.pin_changed.connect(self.board_focus.pin)
        self.tree_view.node_focused.connect(self.focus_node)
        self.tree_view.focus_released.connect(self.unpin)
        self.tree_view.follow_changed.connect(self._follow_changed_in_view)
        self.tree_view.follow_paused_changed.connect(self._follow_paused)
        self.result_panel.ply_changed.connect(self._show_line)
        self.solution_browser.line_chosen.connect(self.result_panel.play_line)
        self.result_panel.refutation_chosen.connect(self._show_refutation)
        self.board_view.move_chosen.connect(self.new_game_dialog)

    # -- opening problems -------------------------------------------------------------------------

    def _open_initial(self, source: Source | None) -> None:
        wanted = source or (self.settings.source() if self.settings is not None else DEFAULT_SOURCE)
        if source is not None:
            if not self.open_source(wanted, self.params):
                self.open_source(DEFAULT_SOURCE, SearchParams())
            return
        try:
            self.session.install(load(wanted), self.params)
        except PnExplorerError as error:
            self.statusBar().showMessage(
                one_line(f"Could not reopen the last problem: {error}"), 10000
            )
            self.session.install(load(DEFAULT_SOURCE), self.params)

    def _report_settings(self, settings: Settings) -> None:
        """Say once, in the status bar, what the settings file held that could not be used."""
        report = settings.take_report()
        if report:
            earlier = self.statusBar().currentMessage()
            self.statusBar().showMessage(f"{report} {earlier}".strip(), 30000)

    # -- the session ------------------------------------------------------------------------------

    @property
    def problem(self) -> Problem:
        """The open problem: the window opens one (`_open_initial`) before anything asks."""
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

    def show_error(self, text: str, title: str = OPEN_ERROR) -> None:
        """Every mistake in the user's input ends here (the session's `error` too): a dialog
        with one line (tests intercept QMessageBox.warning); the window and its search stay as
        they were."""
        QMessageBox.warning(self, title, one_line(text))

    def say(self, text: str, timeout_ms: int = 0) -> None:
        self.statusBar().showMessage(text, timeout_ms)

    def narrate(self, text: str) -> None:
        self.narration.setText(text)

    def point_at(self, level: int, node: int) -> None:
        self.focus_node(level, node)

    def show_board(self) -> None:
        self._update_board()

    def show_status(self, text: str, *shorter: str) -> None:
        self._status_line = (text, *shorter)
        self._show_status()

    def cover_answer(self, covered: bool) -> None:
        self.timeline.hide_answer(covered)

    def _dock_waits(self, dock: QDockWidget) -> None:
        """A panel with something to show stayed closed to keep the tree readable: say which
        menu entry opens it."""
        name = dock.toggleViewAction().text().replace("&", "")
        entry = f"View ▸ {name}"
        if dock is self.explain.dock:
            action = self.explain.explain_action
            entry = f"Search ▸ {name} ({action.shortcut().toString()})"
        self._dock_waiting = f"{name} has more to say: {entry} opens it."
        self.statusBar().showMessage(self._dock_waiting)

    def open_dock(self, dock: QDockWidget, extent: int, asked: bool) -> None:
        if asked and self.statusBar().currentMessage() == self._dock_waiting:
            self.statusBar().clearMessage()  # the panel it named is opening
        (self.docks.ask if asked else self.docks.offer)(dock, extent)

    def close_dock(self, dock: QDockWidget) -> None:
        self.docks.dismiss(dock)

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
            self.docks.offer(self.dfpn_dock, DFPN_DOCK_WIDTH)
        else:
            self.dfpn_dock.hide()
        self.gauge_title.setText(gauge_title(memory_state(search)))
        self._name_step_actions(search)
        two_levels = entry(self.params.algo).capabilities.two_levels
        settings = settings_in_force(self.params, search)
        method = " · ".join(filter(None, (settings, search.describe())))
        title = short_label(self.classroom.title(self.problem) or self.problem.title, TITLE_LIMIT)
        chosen = entry(self.params.algo)
        self.title.set_forms(
            f"{title}  ·  {method}",
            f"{title}  ·  {settings}",
            f"{title}  ·  {chosen.title} · {chosen.cap_unit.cap_text(self.params.max_nodes)}",
            f"{title}  ·  {chosen.title}",
        )
        self.setWindowTitle(f"PN Explorer — {title}")
        self._curves_wanted = two_levels
        self._fit_bottom_strip()
        self.curves.set_parameters(
            self.params.number("a"),
            self.params.number("b"),
            self.params.max_nodes,
            str(self.params.value("fraction")),
        )
        self._update_actions()
        self.refresh_views()

    def show_replayed(self) -> None:
        """Show the replay at another iteration (`app.panels.timeline`) as a search just
        opened; the problem, the comparison and the settings stay."""
        self.session.clear_solution()
        self.result_panel.clear(self.timeline.result_heading())
        self.driver.set_search(self.driver.search)
        self._update_actions()
        self.refresh_views()

    def new_search_dialog(self) -> None:
        from .panels.setup import SetupDialog

        self.driver.pause()
        dialog = SetupDialog(self.problem.source, self.params, self.open_source, self)
        dialog.exec()

    def new_game_dialog(self, clicked: str = "") -> None:
        """Ctrl+G: a board game, pre-filled with the one open (`app.menus.new_game`); `clicked`:
        a cell clicked on the board, added to the position shown."""
        from .menus.new_game import open_new_game

        self.driver.pause()
        self.new_game = open_new_game(self.session, self.board_view, self, clicked)

    def open_fen_dialog(self) -> None:
        """Ctrl+L: a FEN line pre-filled with the board's position (`app.menus.fen_dialog`)."""
        from .menus.fen_dialog import FenDialog

        self.fen_dialog = FenDialog(
            self.board_view.fen, lambda text: self.open_source(Source(FEN, text)), self
        )
        self.fen_dialog.open()

    def paste_fen(self) -> None:
        text = QGuiApplication.clipboard().text().strip()
        if not text:
            self.show_error("The clipboard holds no text to read as a FEN.", "Nothing to paste")
            return
        self.open_source(Source(FEN, text))

    def open_file_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            "Open a position or tree file",
            "",
            file_filter(),
        )
        if path:
            self.open_path(path)

    def open_path(self, path: str, item: str | None = None) -> bool:
        """Open an EPD/PGN/tree file (Ctrl+O); with several positions and no `item`, ask which.
        A file that cannot be used gives a dialog naming it, and the current search stays."""
        kind = kind_of_file(path)
        if kind in (EPD, PGN) and item is None:
            try:
                positions = positions_of(Source(kind, path))
            except PnExplorerError as error:
                self.show_error(naming_the_file(Source(kind, path), str(error)))
                return False
            if len(positions) > 1:
                names = [
                    f"{number}. {p.id}" if kind == PGN else p.id
                    for number, p in enumerate(positions, start=1)
                ]
                choice, ok = QInputDialog.getItem(
                    self,
                    "Choose a position",
                    f"{Path(path).name} holds {len(names)}:",
                    names,
                    0,
                    False,
                )
                if not ok:
                    return False
                index = names.index(choice)
                item = str(index + 1) if kind == PGN else positions[index].id
            else:
                item = "1" if kind == PGN else positions[0].id
        source = Source(kind, path, item or "")
        if opens_in_background(source):  # a large tree file: read off the GUI thread
            open_in_background(self, self.session, source)
            return True
        return self.open_source(source)

    # -- controls ---------------------------------------------------------------------------------

    def step_phase(self) -> None:
        self._step(self.phase_action)

    def step_iteration(self) -> None:
        self._step(self.iteration_action)

    def step_into(self) -> None:
        self._step(self.into_action)

    def step_over(self) -> None:
        self._step(self.over_action)

    def toggle_run(self) -> None:
        if self.driver.running:
            self.driver.pause()
        else:
            self.driver.run()

    def run_to_end(self) -> None:
        self.driver.run_to_end()

    def pause(self) -> None:
        self.driver.pause()

    def compare(self) -> None:
        """Show the comparison panel and run all five searches on this position in the
        background."""
        self.docks.ask(self.compare_dock, DOCK_HEIGHT)
        self.compare_panel.compare()

    def reset(self) -> None:
        """A new search on the same problem with the same parameters."""
        self.session.reset()

    def set_speed(self, speed: int) -> None:
        index = SPEEDS.index(speed) if speed in SPEEDS else len(SPEEDS) - 1
        if self.speed_slider.value() != index:
            self.speed_slider.setValue(index)
            return
        self.driver.set_speed(SPEEDS[index])
        self.speed_label.setText(speed_label(SPEEDS[index]))
        if self.settings is not None:
            self.settings.set_speed(SPEEDS[index])

    def _nudge_speed(self, delta: int) -> None:
        self.speed_slider.setValue(max(0, min(len(SPEEDS) - 1, self.speed_slider.value() + delta)))

    def restore_layout(self) -> None:
        """View ▸ Restore layout: panes, docks and zoom as in a new window; only the docks the
        user opened stay open."""
        with self.docks.rearranging():
            restore_layout(self, self.splitter, self.tree_view)
        self.docks.close_unchosen()
        # The docks kept open go where a dock opens (the board and the tree keep their readable
        # sizes), not all to their first area: two at the bottom of a 1280×800 window took the
        # board down to 314 pixels.
        kept = [dock for dock in self.findChildren(QDockWidget) if dock.isVisible()]
        with self.docks.rearranging():
            for dock in kept:
                dock.hide()
        self._pane_chosen = False
        self.fit_panes()
        QTimer.singleShot(0, self, lambda: self._reopen(kept))

    def _reopen(self, docks: list[QDockWidget]) -> None:
        """Open these docks again as a new window opens them, once the panes are laid out
        without them."""
        for dock in docks:
            if isValid(dock) and dock.isHidden():
                self.docks.offer(dock, DOCK_HEIGHT)
        self.fit_panes()

    def _pane_dragged(self) -> None:
        self._pane_chosen = True

    def _board_room(self) -> int:
        """How tall the board could be (0 for a problem without a board: a tree's path)."""
        board = self.board_view.board
        return board_room(self.board_view, board) if board.isVisible() else 0

    @property
    def main(self) -> QMainWindow:
        """The window itself, as the features that take it as their host reach its Qt side."""
        return self

    def fit_panes(self) -> None:
        """Unless the user sized the board's pane, let the board fill the height it has (also
        after projector mode put the strips under it away)."""
        if not self._pane_chosen:
            fit_board_pane(
                self.splitter, self._board_room(), tree_needs=self.tree_view.width_to_show_drawn()
            )
            QTimer.singleShot(0, self.tree_view.fit_drawn_across)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.splitter.widget(0) and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self._engine_panel_yields)
        if event.type() == QEvent.Type.Resize and watched is getattr(self, "bottom_strip", None):
            QTimer.singleShot(0, self, self._fit_bottom_strip)  # not inside the layout pass
        return super().eventFilter(watched, event)

    def _fit_bottom_strip(self) -> None:
        """Pn²'s curves only where the strip keeps the gauge and the replay their readable
        width beside them: at 1024×768 with a dock open they left the gauge 60 pixels, its
        caption one word a line; the gauge and the replay are what the class follows."""
        room = self.bottom_strip.width() >= self.curves.width() + STRIP_ROOM
        self.curves.setVisible(self._curves_wanted and room)

    def _engine_panel_yields(self) -> None:
        """On a short window (a banner shown, a dock at the bottom) the engine cross-check
        gives its height to the board rather than let the board be cut, and comes back once
        the pane is tall enough again."""
        left = self.splitter.widget(0)
        if left is None or self.projector.on:
            return
        if self._engine_room and left.height() >= self._engine_room:
            self._engine_room = 0
            self.engine_panel.show()
        elif (
            self.engine_panel.isVisible()
            and self.board_view.height() < self.board_view.minimumSizeHint().height()
        ):
            self._engine_room = left.height() + self.engine_panel.height()
            self.engine_panel.hide()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        fit_toolbar(self.toolbar, self.wordy_buttons, self.width() - 12)
        QTimer.singleShot(0, self.fit_panes)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self.docks.window_shown()
        QTimer.singleShot(0, self.fit_panes)

    def _follow_toggled(self) -> None:
        follow = self.follow_action.isChecked()
        self.tree_view.set_follow(follow)
        if self.settings is not None:
            self.settings.set_follow(follow)

    def _follow_paused(self, paused: bool) -> None:
        """A drag paused follow: the menu's tick shows it off (M resumes), and the saved
        choice stays on."""
        self.follow_action.blockSignals(True)
        self.follow_action.setChecked(self.tree_view.follow)
        self.follow_action.blockSignals(False)

    def _follow_changed_in_view(self, follow: bool) -> None:
        if self.follow_action.isChecked() != follow:
            self.follow_action.setChecked(follow)
            if self.settings is not None:
                self.settings.set_follow(follow)

    # -- focus and the main line -----------------------------------------------------------------

    def focus_node(self, level: int, node: int) -> None:
        """Show a node the user pointed at in the tree (until the next step or Esc)."""
        if self.board_focus.hover(level, node):
            self._update_board()

    def unpin(self) -> None:
        """Back to showing the most-proving node (Esc, or the pointer left the tree's nodes); at
        a finale played through, back to the main line at the slider's ply."""
        if self.tree_view.focused is not None:
            self.tree_view.set_focused(focus.FIRST_LEVEL, -1)
        self.board_focus.release()
        if self.board_focus.playing_line():
            self._show_line(self.result_panel.ply)
            return
        self._update_board()

    def _show_line(self, ply: int) -> None:
        """Play the main line through on the board, and point at its node in the tree."""
        main_line = self.result_panel.main_line
        node = self.board_focus.show_line(main_line, ply, self.result_panel.line_name)
        if main_line and node is not None:
            self.tree_view.set_focused(focus.FIRST_LEVEL, node)
            self.tree_view.show_node(focus.FIRST_LEVEL, node)
        self._update_board()

    def _show_refutation(self, index: int) -> None:
        """A clicked refutation line: the board and the tree go to the reply that holds (or to
        the root move itself when it fails on its own, e.g. stalemate)."""
        node = refutation_target(self.driver.search, index)
        if node is not None:
            self.tree_view.set_focused(focus.FIRST_LEVEL, node)
            self._update_board()

    def _nudge_line(self, delta: int) -> None:
        if self.result_panel.main_line:
            slider = self.result_panel.slider
            slider.setValue(max(0, min(slider.maximum(), slider.value() + delta)))

    def _line_to(self, ply: int | None) -> None:
        if self.result_panel.main_line:
            slider = self.result_panel.slider
            slider.setValue(slider.maximum() if ply is None else ply)

    def _update_board(self) -> None:
        view = self.board_focus.view()
        if view is not None:
            self.board_view.show_position(view)

    # -- driver signals -------------------------------------------------------------------------

    def _on_stepped(self, _report: StepReport) -> None:
        if self.driver.running:
            self._dirty = True
        else:
            self.refresh_views()

    def _on_progressed(self) -> None:
        self._dirty = True

    def _on_running_changed(self, running: bool) -> None:
        self.throttle.restart()
        self.run_action.setText("Pause" if running else "Run")
        self.run_action.setIcon(
            self.style().standardIcon(
                QStyle.StandardPixmap.SP_MediaPause
                if running
                else QStyle.StandardPixmap.SP_MediaPlay
            )
        )
        self._update_actions()
        if not running:
            self.refresh_views()

    def _on_finished(self, outcome: Outcome) -> None:
        search = self.driver.search
        assert search is not None, "only a search finishes"
        self._update_actions()
        self.refresh_views()
        if outcome.reason is StopReason.MEMORY:
            # What to try comes from the analysis, which knows whether a larger cap would help.
            keys = self.explain.explain_action.shortcut().toString()
            advice = (
                f"Why not found? ({keys}) says what to try"
                if search.tree is not None
                else "raise the cap (Ctrl+N)"
            )
            self.banner.setText(
                f"The node cap stopped the search: {outcome.detail}. The root is unsolved: "
                f"{advice}."
            )
            self.banner.show()
        if outcome.solved and self.solution is None:
            self.result_panel.show_pending()

    def _on_solution(self, result: RunRecord | Exception | None) -> None:
        """The session's solution: none (a new search, a rewind), an unsolved search's record,
        or a verified proof (its lines browsed, the shorter-mate check started)."""
        if result is None:
            self.banner.hide()
            self.result_panel.clear(NOT_SOLVED)
            self.solution_browser.clear()
            return
        search = self.session.search
        assert search is not None, "a solution belongs to the session's search"
        self.result_panel.show_result(result, search.game)
        outcome = self.driver.outcome
        if outcome is not None and not outcome.solved:
            return
        self.tree_view.set_verified_line(self.result_panel.main_line)
        self.solution_browser.show_solution(self.driver.search, result)
        self.statusBar().showMessage(self.result_panel.headline_text, 8000)

    def wait_for_solution(self, timeout_ms: int = 30000) -> None:
        """Block until a pending proof has been read (screenshots and tests only)."""
        self.session.wait_for_solution(timeout_ms)
        QGuiApplication.processEvents()

    # -- redrawing -------------------------------------------------------------------------------

    def _refresh_if_dirty(self) -> None:
        """The redraw timer: at full speed, as often as the drawing budget allows."""
        if not self._dirty:
            return
        if not self.driver.running_fast:
            self.refresh_views()
            return
        if self.throttle.due():
            self.refresh_views(board=self.throttle.frame(self.driver.take_overhead_share()))
            self.throttle.drawn()

    def refresh_views(self, board: bool = True) -> None:
        """Bring every view in line with the search now (the board in its own event, so the
        GUI thread never does all the drawing in one block)."""
        self._dirty = False
        search = self.driver.search
        if search is None:
            return
        self.gauge.set_state(memory_state(search))
        self.tree_view.refresh()
        self.dfpn_panel.refresh(self.driver.running_fast)
        if board and self.driver.running:
            QTimer.singleShot(0, self._update_board)
        elif board:
            self._update_board()
        if self.curves.isVisible() or entry(self.params.algo).capabilities.two_levels:
            self.curves.set_marker(len(search.drawn_tree))
        self._status_line = self.quiz_mode.status_forms() or status_forms(self.driver)
        self._show_status()
        self._keep_replay_heading()

    def _keep_replay_heading(self) -> None:
        """Stepping on from a replayed iteration: the result panel's heading says where the
        replay stands now, and "not solved yet" again once the search is back where it was
        (or past it), instead of the iteration the replay started from."""
        panel = self.result_panel
        if panel.kind is not None or not panel.headline_text or self.solution is not None:
            return  # a result, or a proof being read, is shown
        heading = self.timeline.result_heading()
        if heading != panel.headline_text:
            panel.clear(heading)

    def _show_status(self) -> None:
        """The status line, after the latest message (a message alone would be hidden behind
        the line: Qt draws messages beside the permanent widgets, and the line takes the
        width)."""
        self.status.set_message(self.statusBar().currentMessage())
        self.status.set_line(*self._status_line)

    def say_why_not(self, action: QAction) -> None:
        """A key whose command is off now was pressed: say why in the status line (the key
        does nothing else, `app.step_keys`)."""
        what = f"{action.text().replace('&', '')} ({keys_of(action)})"
        search = self.driver.search
        if self.quiz_mode.on:
            why = "off while a quiz question is open: answer it, or Ctrl+E ends quiz mode"
        elif self.driver.finished_search:
            why = "the search is over: Reset (Ctrl+R) starts it again, Ctrl+N opens another"
        elif action in self._step_slots().values() and action not in self._step_units:
            title = entry(self.params.algo).short_title if search is not None else "this search"
            why = f"{title} has no such step"
        else:
            why = "not available now"
        self.statusBar().showMessage(f"{what}: {why}.", 8000)

    def _update_actions(self) -> None:
        done = self.driver.finished_search
        self.end_action.setEnabled(not done)
        self.run_action.setEnabled(not done or self.driver.running)
        for action in set(self._step_slots().values()):
            action.setEnabled(action in self._step_units and not done)

    # -- help -----------------------------------------------------------------------------------

    def show_user_guide(self) -> None:
        if self._user_guide is None:
            self._user_guide = UserGuide(self)
        self._user_guide.show()
        self._user_guide.raise_()

    def show_shortcuts(self) -> None:
        QMessageBox.information(self, "Keyboard shortcuts", shortcut_table(self.actions()))

    def show_about(self) -> None:
        QMessageBox.about(self, "About proof-number search", ABOUT_PN)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        self.session.close()
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
