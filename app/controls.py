"""The search's controls: the step buttons, Run, To the end, Reset and the speed.

The step buttons are slots for the units a search declares (`Stepper.step_units`, registered with
the search in `core.search`): Space steps the smallest (a phase, or df-pn's event), Return an
iteration, F11 and F10 into and over a second level. Each search names its buttons when it
starts; a button with no unit of this search stays, disabled, and its key says why.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMainWindow, QSlider, QStyle, QToolBar

from ..core.search.contract import Stepper
from ..core.search.registry import entry
from ..core.search.types import EVENT, INTO, ITERATION, OVER, PHASE
from .driving.driver import FULL_SPEED, SPEEDS, speed_label
from .problems.settings import Settings
from .session import Session
from .shortcuts import keys_of, shortcut_action
from .window_layout import fit_toolbar

STEP_KEYS = {PHASE: "Space", EVENT: "Space", ITERATION: "Return", INTO: "F11", OVER: "F10"}
"""Which key steps which unit; units sharing a key share a button (no search has both)."""
STEP_ICONS = {
    "Space": QStyle.StandardPixmap.SP_MediaSeekForward,
    "Return": QStyle.StandardPixmap.SP_MediaSkipForward,
    "F11": QStyle.StandardPixmap.SP_ArrowDown,
    "F10": QStyle.StandardPixmap.SP_ArrowRight,
}


class SearchControls(QObject):
    """The controls of the session's search, as actions of `host` (its menus and toolbar)."""

    def __init__(self, host: QMainWindow, session: Session, settings: Settings | None) -> None:
        super().__init__(host)
        self.host = host
        self.session = session
        self.driver = session.driver
        self.settings = settings
        pixmap = QStyle.StandardPixmap
        first_unit = {key: unit for unit, key in reversed(STEP_KEYS.items())}
        slots = {
            "Space": self.step_phase,
            "Return": self.step_iteration,
            "F11": self.step_into,
            "F10": self.step_over,
        }
        self.buttons = {
            key: shortcut_action(host, first_unit[key].capitalize(), key, slot, STEP_ICONS[key])
            for key, slot in slots.items()
        }
        """The step buttons by key, in the toolbar's order, named until a search names them."""
        self.units: dict[str, str] = {}
        """Key → the unit of the search now that its button steps."""
        self.toolbar: QToolBar | None = None
        """The toolbar the buttons stand in (the window's), refitted when a search names them."""
        self.phase_action, self.iteration_action, self.into_action, self.over_action = (
            self.buttons.values()
        )
        self.run_action = shortcut_action(
            host,
            "Run",
            "F5",
            self.toggle_run,
            pixmap.SP_MediaPlay,
            "Run / pause at the chosen speed",
        )
        self.end_action = shortcut_action(
            host,
            "To the end",
            "Ctrl+F5",
            self.driver.run_to_end,
            pixmap.SP_MediaSkipForward,
            "Run at full speed until the search ends",
        )
        self.reset_action = shortcut_action(
            host,
            "Reset",
            "Ctrl+R",
            session.reset,
            pixmap.SP_BrowserReload,
            "Start the search again",
        )
        self.slower_action = shortcut_action(host, "Slower", "[", lambda: self.nudge_speed(-1))
        self.faster_action = shortcut_action(host, "Faster", "]", lambda: self.nudge_speed(1))
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
            max(host.fontMetrics().horizontalAdvance(speed_label(s)) for s in SPEEDS) + 6
        )
        self.driver.running_changed.connect(self.running_changed)

    @property
    def wordy(self) -> list[QAction]:
        """The toolbar's buttons that lose their words, in this order, in a narrow window: first
        the step buttons of units this search does not have (greyed, their tooltips say so),
        then Reset, Over, Into, To the end and Run."""
        idle = [action for key, action in self.buttons.items() if key not in self.units]
        rest = [self.reset_action, self.over_action, self.into_action]
        return [*idle, *(a for a in rest if a not in idle), self.end_action, self.run_action]

    def fit_toolbar(self) -> None:
        """Keep every button of the toolbar on screen at the window's width (`fit_toolbar`)."""
        if self.toolbar is not None:
            fit_toolbar(self.toolbar, self.wordy, self.host.width() - 12)

    @property
    def stepping(self) -> list[QAction]:
        """The controls that step the search (a quiz holds them off while a question is open)."""
        return [*self.buttons.values(), self.run_action, self.end_action]

    def name_steps(self, search: Stepper) -> None:
        """Name the step buttons after the units the search declares (`Stepper.step_units`), and
        fit the toolbar again: the names and the buttons that step nothing change its width."""
        self.units = {}
        for unit in search.step_units:
            key = STEP_KEYS[unit.name]
            action = self.buttons[key]
            self.units[key] = unit.name
            action.setText(unit.text)
            action.setToolTip(f"{unit.tip} ({action.shortcut().toString()})")
            action.setWhatsThis(unit.tip)
        for key, action in self.buttons.items():
            if key not in self.units:
                action.setToolTip(f"{action.text()}: not a step of this search ({key})")
        self.fit_toolbar()

    def step(self, key: str) -> None:
        """A step button: one step of the unit it stands for now, if the search offers one."""
        unit = self.units.get(key)
        if unit is not None and self.buttons[key].isEnabled():
            self.driver.step(unit)

    def step_phase(self) -> None:
        self.step("Space")

    def step_iteration(self) -> None:
        self.step("Return")

    def step_into(self) -> None:
        self.step("F11")

    def step_over(self) -> None:
        self.step("F10")

    def toggle_run(self) -> None:
        if self.driver.running:
            self.driver.pause()
        else:
            self.driver.run()

    def set_speed(self, speed: int) -> None:
        index = SPEEDS.index(speed) if speed in SPEEDS else len(SPEEDS) - 1
        if self.speed_slider.value() != index:
            self.speed_slider.setValue(index)
            return
        self.driver.set_speed(SPEEDS[index])
        self.speed_label.setText(speed_label(SPEEDS[index]))
        if self.settings is not None:
            self.settings.set_speed(SPEEDS[index])

    def nudge_speed(self, delta: int) -> None:
        self.speed_slider.setValue(max(0, min(len(SPEEDS) - 1, self.speed_slider.value() + delta)))

    def running_changed(self, running: bool) -> None:
        self.run_action.setText("Pause" if running else "Run")
        pixmap = QStyle.StandardPixmap
        icon = pixmap.SP_MediaPause if running else pixmap.SP_MediaPlay
        self.run_action.setIcon(self.host.style().standardIcon(icon))
        self.update()

    def update(self) -> None:
        """Enable what the search can do now: nothing steps a finished search."""
        done = self.driver.finished_search
        self.end_action.setEnabled(not done)
        self.run_action.setEnabled(not done or self.driver.running)
        for key, action in self.buttons.items():
            action.setEnabled(key in self.units and not done)

    def why_not(self, action: QAction, quiz_open: bool) -> str:
        """What the status line says when a key whose command is off now was pressed (the key
        does nothing else, `app.step_keys`)."""
        what = f"{action.text().replace('&', '')} ({keys_of(action)})"
        if quiz_open:
            why = "off while a quiz question is open: answer it, or Ctrl+E ends quiz mode"
        elif self.driver.finished_search:
            why = "the search is over: Reset (Ctrl+R) starts it again, Ctrl+N opens another"
        elif action in self.buttons.values() and action not in self._offered():
            search = self.driver.search
            title = entry(self.session.params.algo).short_title if search else "this search"
            why = f"{title} has no such step"
        else:
            why = "not available now"
        return f"{what}: {why}."

    def _offered(self) -> list[QAction]:
        return [self.buttons[key] for key in self.units]
