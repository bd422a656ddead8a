"""The driver: the one object that advances the search, in small pieces, so the window never stalls.

Qt's model/view split, applied: the search is the model, the driver turns user commands (a step
of one of the units the stepper declares, run, pause, run to the end) into calls on the stepper
and tells views by signals what changed. Views never call into the search.

* Single steps return `StepReport`s and are emitted with `stepped`.
* Work that may be long (stepping over a big second-level search) is done in slices from a
  zero-interval QTimer, so the event loop runs between slices. A slice is at most 20 ms and
  shorter when the measured stalls say the CPU is shared (`app.driving.slice_length`).
* Running at full speed calls `search.run(max_seconds=slice)` and builds no reports;
  `progressed` tells the window the counts moved (it redraws on its own timer, ≤ 15 fps).
  After a long gap since the last slice (a redraw) one tick searches nothing, so a slice never
  joins a redraw and its paint in one stall of the GUI thread.
* Slow motion (below `PHASE_SPEED_LIMIT` iterations/s) takes one phase per tick, so a teacher sees
  select, expand and update (and, for Pn², the second level's own phases) one after another.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from ...core.search.contract import Stepper
from ...core.search.types import Outcome, StepReport
from ...core.values import counted
from .slice_length import SliceGovernor

PHASE_SPEED_LIMIT = 30
"""Below this many iterations/s the run steps phase by phase and reports each step."""

MEDIUM_TICK_MS = 50
YIELD_AFTER_S = 0.03
"""At full speed, a gap this long since the last slice (the views redrawing) is followed by one
tick without search, so the slice does not join the redraw in one stall."""

FULL_SPEED = 0
SPEEDS = (1, 2, 5, 10, 30, 100, 300, 1000, FULL_SPEED)
"""Iterations per second offered by the speed control; 0 = as fast as the search goes."""


def speed_label(speed: int) -> str:
    return "full speed" if speed == FULL_SPEED else f"{counted(speed, 'iteration')}/s"


class SearchDriver(QObject):
    """Advances one search on the GUI thread without ever blocking it for long."""

    stepped = Signal(object)
    """A StepReport: one step, or the merged steps of one command or slow-motion tick."""
    progressed = Signal()
    """The search moved on without reports (running fast): counts and trees changed."""
    search_changed = Signal(object)
    """A new search (opened or reset) replaced the old one."""
    finished = Signal(object)
    """The search ended (an Outcome); emitted once per search."""
    running_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.search: Stepper | None = None
        self.speed = FULL_SPEED
        self.running = False
        self._full_speed_run = False
        self._goal: Callable[[StepReport], bool] | None = None
        self._goal_report: StepReport | None = None
        self._finished_sent = False
        self._samples: deque[tuple[float, int]] = deque(maxlen=64)
        self.nodes_per_second = 0.0
        self._work = 0.0
        self._gap = 0.0
        self._last_tick_end = 0.0
        self._yielded = False
        self.slices = SliceGovernor()
        self.slice_timer = QTimer(self)
        self.slice_timer.setInterval(0)
        self.slice_timer.timeout.connect(self._tick)

    # -- the search -------------------------------------------------------------------------------

    def set_search(self, search: Stepper | None) -> None:
        """Adopt a new search (stops whatever was running)."""
        self._stop()
        self._goal = None
        self._goal_report = None
        self.search = search
        self._finished_sent = False
        self._samples.clear()
        self.nodes_per_second = 0.0
        self.search_changed.emit(search)
        if search is not None and search.outcome is not None:
            self._announce_finish()

    @property
    def finished_search(self) -> bool:
        return self.search is None or self.search.outcome is not None

    @property
    def busy(self) -> bool:
        """Running, or in the middle of a sliced step."""
        return self.running or self._goal is not None

    @property
    def running_fast(self) -> bool:
        """Running at full speed: views redraw on the throttle and skip what is costly."""
        return self.running and self._effective_speed() == FULL_SPEED

    # -- single steps ----------------------------------------------------------------------------

    def step(self, unit: str) -> None:
        """One step of a unit the search offers (`Stepper.step_units`), taken as its smallest
        steps in slices: a step over a big second-level search never stalls the window."""
        if self.search is None or self._goal is not None:
            return
        self._start_goal(self.search.step_done(unit))

    def _start_goal(self, done: Callable[[StepReport], bool]) -> None:
        if self.search is None or self._goal is not None:
            return
        if self.running:
            self.pause()
        if self.search.outcome is not None:
            self._announce_finish()
            return
        self._goal = done
        self._goal_report = None
        self.slices.restart()
        self._advance_goal()
        if self._goal is not None:
            self.slice_timer.start()

    def _advance_goal(self) -> None:
        """Micro-steps until the goal is met, the search ends or the slice is used up."""
        search, goal = self.search, self._goal
        if search is None or goal is None:
            return
        deadline = time.perf_counter() + self.slices.slice_started()
        merged = self._goal_report  # what the goal's earlier slices did
        while True:
            report = search.smallest_step()
            if merged is None:
                merged = self._goal_report = report
            else:
                merged.merge(report)
            if report.outcome is not None or goal(report):
                break
            if time.perf_counter() >= deadline:
                self.slices.slice_ended()
                self.progressed.emit()
                return
        self._goal = None
        self._goal_report = None
        self.slice_timer.stop()
        self.stepped.emit(merged)
        if merged.outcome is not None:
            self._announce_finish()

    def publish(self, report: StepReport) -> None:
        """Show the views a step taken outside the driver: the quiz steps the select and update
        phases itself and holds their reports back until the student has answered."""
        self.stepped.emit(report)
        if report.outcome is not None:
            self._announce_finish()

    # -- running -------------------------------------------------------------------------------

    def set_speed(self, speed: int) -> None:
        """Iterations per second (FULL_SPEED = 0: no pacing); applies at once while running."""
        self.speed = speed
        if self.running and not self._full_speed_run:
            self._start_timer()

    def run(self) -> None:
        """Run at the chosen speed until paused or the search ends."""
        self._begin_run(full_speed=False)

    def run_to_end(self) -> None:
        """Run at full speed, whatever the speed control says, until the search ends."""
        self._begin_run(full_speed=True)

    def _begin_run(self, full_speed: bool) -> None:
        if self.search is None or self._goal is not None:
            return
        if self.search.outcome is not None:
            self._announce_finish()
            return
        self._full_speed_run = full_speed
        self.running = True
        self._last_tick_end = 0.0
        self._work = self._gap = 0.0
        self.slices.restart()
        self._samples.clear()
        self._sample()
        self._start_timer()
        self.running_changed.emit(True)

    def _effective_speed(self) -> int:
        return FULL_SPEED if self._full_speed_run else self.speed

    def _start_timer(self) -> None:
        speed = self._effective_speed()
        if speed == FULL_SPEED:
            self.slice_timer.setInterval(0)
        elif speed < PHASE_SPEED_LIMIT:
            self.slice_timer.setInterval(max(1, round(1000 / (3 * speed))))
        else:
            self.slice_timer.setInterval(MEDIUM_TICK_MS)
        self.slice_timer.start()

    def pause(self) -> None:
        """Stop running; the search stays exactly where it is (between two steps)."""
        if self.running:
            self._stop()

    def _stop(self) -> None:
        self.slice_timer.stop()
        self.slice_timer.setInterval(0)
        if self.running:
            self.running = False
            self.running_changed.emit(False)

    def _tick(self) -> None:
        if self._goal is not None:
            self._advance_goal()
            return
        if not self.running or self.search is None:
            self.slice_timer.stop()
            return
        speed = self._effective_speed()
        if speed != FULL_SPEED and speed < PHASE_SPEED_LIMIT:
            report = self.search.smallest_step()
            self._sample()
            self.stepped.emit(report)
            outcome = report.outcome
        elif speed == FULL_SPEED and self._views_just_ran():
            return  # one pass of the event loop for the timers waiting behind the views
        else:
            iterations = None
            if speed != FULL_SPEED:
                iterations = max(1, round(speed * MEDIUM_TICK_MS / 1000))
            started = time.perf_counter()
            seconds = self.slices.slice_started()
            outcome = self.search.run(max_iterations=iterations, max_seconds=seconds)
            self.slices.slice_ended()
            self._measure_overhead(started)
            self._sample()
            self.progressed.emit()
        if outcome is not None:
            self._stop()
            self._announce_finish()

    def _views_just_ran(self) -> bool:
        """Whether the time since the last slice (views redrawn, the board painted) was long
        enough that a slice now would add to one long stall: then this tick does no search,
        once, and the event loop runs what waited (a heartbeat, input) before the next."""
        if self._yielded or not self._last_tick_end:
            self._yielded = False
            return False
        self._yielded = time.perf_counter() - self._last_tick_end > YIELD_AFTER_S
        return self._yielded

    def _announce_finish(self) -> None:
        if not self._finished_sent and self.search is not None and self.search.outcome is not None:
            self._finished_sent = True
            self._stop()
            self.finished.emit(self.search.outcome)

    def _measure_overhead(self, started: float) -> None:
        """Add up slice time and the time between slices (at full speed the gap is what the
        views and the event loop cost the search)."""
        now = time.perf_counter()
        if self._last_tick_end and self._effective_speed() == FULL_SPEED:
            self._gap += started - self._last_tick_end
            self._work += now - started
        self._last_tick_end = now

    def take_overhead_share(self) -> float:
        """Share of the time since the last call spent outside search slices (then restart)."""
        total = self._gap + self._work
        share = self._gap / total if total > 0 else 0.0
        self._gap = self._work = 0.0
        return share

    # -- throughput -------------------------------------------------------------------------------

    def _sample(self) -> None:
        """Record (time, nodes created) while running; nodes/s is measured over the last second
        or so (single steps are paced by the user and say nothing about speed)."""
        if self.search is None:
            return
        now = time.perf_counter()
        self._samples.append((now, self.search.nodes_created))
        while len(self._samples) > 2 and now - self._samples[0][0] > 1.5:
            self._samples.popleft()
        first_time, first_nodes = self._samples[0]
        if now - first_time > 0.05:
            self.nodes_per_second = (self.search.nodes_created - first_nodes) / (now - first_time)

    @property
    def outcome(self) -> Outcome | None:
        return None if self.search is None else self.search.outcome
