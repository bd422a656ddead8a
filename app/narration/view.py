"""The narration strip under the tree: the driver's steps, runs and endings told in words.

It listens to the driver itself (a new search, each step, running at full speed, the end), so
the window relays nothing; the sentences come from `app.narration.describe`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from ...core.search.contract import Stepper
from ...core.search.registry import entry
from ...core.search.types import Outcome, StepReport
from ...core.values import format_number
from ..driving.driver import FULL_SPEED, SearchDriver
from .describe import describe_outcome, describe_step

FULL_SPEED_TEXT = (
    "Running at full speed: the views redraw about 15 times a second. Pause (F5) to look closely."
)


def opening_text(search: Stepper) -> str:
    """What a new search says before its first step."""
    if search.outcome is not None:
        return describe_outcome(search.outcome, search.game)
    proof, disproof = search.root_numbers
    steps = (
        "one event (an expansion or a back-up to the parent), Return to the next expansion"
        if entry(search.algorithm).capabilities.event_steps
        else "one phase, Return for a whole iteration"
    )
    return (
        f"The root starts with proof number {format_number(proof)} and disproof number "
        f"{format_number(disproof)}. Press Space to step {steps}, F5 to run."
    )


def quiz_opening_text(search: Stepper) -> str:
    """What a new search says before its first step in quiz mode (the step keys are off)."""
    proof, disproof = search.root_numbers
    return (
        f"The root starts with proof number {format_number(proof)} and disproof number "
        f"{format_number(disproof)}. Quiz mode: answer in the Quiz panel; each step is told here "
        "once you have answered."
    )


class NarrationView(QLabel):
    """A label that tells what the driver's search just did."""

    def __init__(self, driver: SearchDriver, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.driver = driver
        self.setWordWrap(True)
        self.setMinimumHeight(48)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setStyleSheet("background: #f4f1e8; border: 1px solid #d8d2bf; padding: 5px;")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        driver.search_changed.connect(self.show_opening)
        driver.stepped.connect(self.show_step)
        driver.running_changed.connect(self.show_running)
        driver.finished.connect(self.show_outcome)

    def show_opening(self, search: Stepper | None) -> None:
        if search is not None:
            self.setText(opening_text(search))

    def show_step(self, report: StepReport) -> None:
        search = self.driver.search
        if search is not None:
            self.setText(describe_step(search, report))

    def show_running(self, running: bool) -> None:
        if running and self.driver._effective_speed() == FULL_SPEED:
            self.setText(FULL_SPEED_TEXT)

    def show_outcome(self, outcome: Outcome) -> None:
        search = self.driver.search
        if search is not None:
            self.setText(describe_outcome(outcome, search.game))
