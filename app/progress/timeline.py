"""The replay timeline: a slider over the iterations of the current search, back and forward keys,
and the plot of the root's numbers; moving it shows the search as it was after iteration k.

The session's search is wrapped in a `core.runs.replay.Replay` (`app.session`), which records every
iteration of any search whose capabilities say it is replayable (every stepper: PN and Pn² undo,
DAG PN and df-pn re-run to the iteration; `core.search.contract.Stepper.restore`). Moving the
timeline back rebuilds the state after iteration k *in slices* from a zero-interval timer
(`SLICE_SECONDS` of work at a time, so the GUI thread never blocks), then the window shows it like
a search just opened (`show_state`): tree, board, gauge, narration and numbers. Forward is the
driver's own step: the same deterministic search goes on. The back and forward actions are
enabled only where they would do something.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSlider,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...core.runs.replay import Replay
from ...core.search.contract import Stepper
from ...core.search.registry import entry
from ...core.search.types import ITERATION
from ...core.values import counted, format_number
from ..driving.driver import SearchDriver
from ..focus import FIRST_LEVEL
from ..narration.describe import node_label
from ..result.panel import NOT_SOLVED
from .root_plot import RootPlot

SLICE_SECONDS = 0.02
"""Longest piece of rewinding done in one go on the GUI thread."""
ANSWER_HIDDEN = "hidden until you answer the quiz question"
"""What the plot says instead of its curves while a quiz question is open (the root's numbers
after the hidden step are the answer)."""
REFRESH_MS = 200
"""How often the slider and the plot catch up with a running search."""


def rewound_text(k: int, furthest: int, did: str = "") -> str:
    """What the narration says after a rewind: where the replay stands, what that iteration did
    (`did`, from `iteration_text`), and the keys."""
    return (
        f"Replay: the search as it was after iteration {k:,} of {furthest:,}. {did}"
        f"{' ' if did else ''}Return (or Alt+→) steps on: the same search, the same iterations; "
        f"Alt+← goes back one more, the slider or a click on the plot anywhere."
    )


def iteration_text(replay: Replay, k: int) -> str:
    """What iteration k did, read from the replay's log and the tree rebuilt after it: the node
    it expanded (the parent of the nodes it added: children are appended), how many nodes it
    added and how the root's numbers moved."""
    log = replay.log
    if k <= 0 or k > log.iterations:
        return "This is the start: nothing has been searched yet."
    before, after = log.nodes[k - 1], log.nodes[k]
    was = f"{format_number(log.root_proof[k - 1])}/{format_number(log.root_disproof[k - 1])}"
    now = f"{format_number(log.root_proof[k])}/{format_number(log.root_disproof[k])}"
    root = f"the root kept {now}" if was == now else f"the root went from {was} to {now}"
    tree = replay.tree
    where = ""
    if tree is not None and after > before and len(tree) == after:
        where = f" at {node_label(replay.live, FIRST_LEVEL, tree.parent[len(tree) - 1])}"
    added = after - before
    grew = f"added {counted(added, 'node')}" if added > 0 else "added no node"
    return f"Iteration {k:,} expanded{where}: it {grew}, and {root}."


def can_go_back(live: Stepper) -> bool:
    """Whether there is an earlier state to show: an iteration done, or one under way (a search
    decided at its root before any step has none)."""
    return live.iterations > 0 or (not live.at_boundary and live.outcome is None)


class Timeline(QWidget):
    """Slider, back/forward buttons, a label and the root plot over the wrapped search."""

    def __init__(
        self,
        driver: SearchDriver,
        show_state: Callable[[], None],
        narrate: Callable[[str], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.driver = driver
        self.show_state = show_state
        self.narrate = narrate
        self.replay: Replay | None = None
        self.target: int | None = None
        self._job: Iterator[None] | None = None
        self._dirty = False
        self.answer_hidden = False
        self.back_button = QToolButton()
        self.back_button.setText("◀")
        self.back_button.setToolTip("Back one iteration (Alt+←)")
        self.back_button.clicked.connect(self.back)
        self.forward_button = QToolButton()
        self.forward_button.setText("▶")
        self.forward_button.setToolTip("Forward one iteration: the search steps on (Alt+→)")
        self.forward_button.clicked.connect(self.forward)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.slider.setToolTip("Replay: the search as it was after any iteration")
        self.slider.valueChanged.connect(self._slider_moved)
        self.label = QLabel()
        self.label.setWordWrap(True)  # beside Pn²'s curves at 1024 pixels: two lines, not cut
        self.plot = RootPlot()
        self.plot.iteration_clicked.connect(self.go_to)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.back_button)
        row.addWidget(self.slider, 1)
        row.addWidget(self.forward_button)
        controls = QVBoxLayout()
        controls.setContentsMargins(0, 0, 0, 0)
        controls.addWidget(self.label)
        controls.addLayout(row)
        controls.addStretch(1)
        box = QWidget()
        box.setLayout(controls)
        box.setMaximumWidth(300)
        box.setMinimumWidth(90)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(box)
        layout.addWidget(self.plot, 1)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.job_timer = QTimer(self)
        self.job_timer.setInterval(0)
        self.job_timer.timeout.connect(self._advance_job)
        self.refresh_timer = QTimer(self)
        self.refresh_timer.setInterval(REFRESH_MS)
        self.refresh_timer.timeout.connect(self._refresh_if_dirty)
        self.refresh_timer.start()
        driver.stepped.connect(self._stepped)
        driver.progressed.connect(self._mark_dirty)
        driver.finished.connect(self._stepped)
        driver.search_changed.connect(lambda _search: self.refresh())
        self.key_actions = [
            self._key_action("Replay: back one iteration", "Alt+Left", self.back),
            self._key_action(
                "Replay: forward one iteration (the search steps on)", "Alt+Right", self.forward
            ),
        ]
        """Alt+← and Alt+→: the window adds them to itself (so F1 lists them) and to a menu."""
        self._enable_actions()

    def _key_action(self, text: str, keys: str, slot: Callable[[], None]) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(slot)
        return action

    def _enable_actions(self) -> None:
        """Back only where there is an earlier state to show, forward only where the search can
        step on: never an action that would do nothing."""
        back, forward = self.key_actions
        replay = self.replay
        live = replay.live if replay is not None and not self.answer_hidden else None
        back.setEnabled(live is not None and can_go_back(live))
        forward.setEnabled(live is not None and live.outcome is None)

    # -- the search -------------------------------------------------------------------------------

    def follow(self, replay: Replay | None, search: Stepper) -> None:
        """Follow a new search's recording (`app.session.Session.replay`); a search a replay
        cannot record (not `replayable`, no recording) turns the timeline off."""
        self._cancel_job()
        self.target = None
        recorded = replay is not None
        for widget in (self.back_button, self.forward_button, self.slider, self.plot):
            widget.setEnabled(recorded)
        self.plot.setVisible(recorded)  # an empty plot frame would only puzzle a class
        self.replay = replay
        if replay is None:
            self.label.setText(f"Replay: not recorded for {entry(search.algorithm).short_title}")
            self._enable_actions()
            return
        self.refresh()

    @property
    def rewinding(self) -> bool:
        return self._job is not None

    def go_to(self, k: int) -> None:
        """Show the state after iteration k (rebuilt in slices; the latest request wins)."""
        replay = self.replay
        if replay is None or not 0 <= k <= replay.furthest_iteration:
            return
        self.driver.pause()
        if self.driver.busy:
            return  # a sliced step is under way: the timeline follows it when it ends
        if k == replay.iterations and replay.live.at_boundary:
            return
        self.target = k
        self._job = replay.rewinding(k)
        self._advance_job()
        if self._job is not None:
            self.job_timer.start()

    def back(self) -> None:
        """One iteration back (from the middle of an iteration: back to its start)."""
        if self.replay is None:
            return
        live = self.replay.live
        self.go_to(max(0, self.replay.iterations - (1 if live.at_boundary else 0)))

    def forward(self) -> None:
        """One iteration forward: the search itself steps on (deterministic: the same one)."""
        self.driver.step(ITERATION)

    def _advance_job(self) -> None:
        deadline = time.perf_counter() + SLICE_SECONDS
        replay, job = self.replay, self._job
        if job is None or replay is None:
            self.job_timer.stop()
            return
        for _ in job:
            if time.perf_counter() >= deadline:
                return
        self._job = None
        self.job_timer.stop()
        k = self.target
        if k is None:  # no rewind was asked for
            return
        if replay.iterations != k:  # the search moved while rewinding: start again
            self.go_to(k)
            return
        self.show_state()
        self.narrate(rewound_text(k, replay.furthest_iteration, iteration_text(replay, k)))
        self.refresh()

    def _cancel_job(self) -> None:
        self._job = None
        self.job_timer.stop()

    # -- display ----------------------------------------------------------------------------------

    def result_heading(self) -> str:
        """What the result panel says while the replay shows an earlier iteration of a search
        that has ended: not "not solved yet" above the result it will reach."""
        replay = self.replay
        if replay is None or replay.iterations >= replay.furthest_iteration:
            return NOT_SOLVED
        outcome = replay.furthest_outcome
        if outcome is None or not outcome.solved:
            return (
                f"Replay at iteration {replay.iterations:,} of {replay.furthest_iteration:,}: "
                "step on to return to where the search stands."
            )
        return (
            f"Replay at iteration {replay.iterations:,} of {replay.furthest_iteration:,}: the "
            f"root is not solved yet here; the search is {outcome.result.value} at iteration "
            f"{replay.furthest_iteration:,} (step on to see it again)."
        )

    def hide_answer(self, hidden: bool) -> None:
        """While a quiz question is open the plot (the root's numbers after the hidden step) is
        covered and the replay controls are off; afterwards both come back as they were."""
        self.answer_hidden = hidden
        self.plot.hide_curves(ANSWER_HIDDEN if hidden else "")
        self.slider.setEnabled(not hidden and self.replay is not None)
        self.refresh()

    def _mark_dirty(self) -> None:
        self._dirty = True

    def _stepped(self, _news: object) -> None:
        """A single step shows at once; while running the timer catches up."""
        if self.driver.running:
            self._dirty = True
        else:
            self.refresh()

    def _refresh_if_dirty(self) -> None:
        if self._dirty:
            self.refresh()

    def refresh(self) -> None:
        """Slider range and position, label and plot as the replay stands now."""
        self._dirty = False
        self._enable_actions()
        replay = self.replay
        if replay is None:
            return
        furthest, current = replay.furthest_iteration, replay.iterations
        self.slider.blockSignals(True)
        self.slider.setRange(0, furthest)
        self.slider.setValue(current if self.target is None or not self.rewinding else self.target)
        self.slider.blockSignals(False)
        behind = "" if current == furthest else f" (replaying; furthest {furthest:,})"
        self.label.setText(f"Replay: iteration {current:,}{behind}")
        self.back_button.setEnabled(not self.answer_hidden and can_go_back(replay.live))
        self.forward_button.setEnabled(not self.answer_hidden)
        self.plot.set_log(replay.log, current)

    def _slider_moved(self, value: int) -> None:
        self.go_to(value)
