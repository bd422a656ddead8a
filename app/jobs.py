"""Background work for the window, done one way: a `Jobs` runner per feature, with typed signals.

Three kinds of work, one set of signals and one cancel:
- **Processes** (`run_processes`): a picklable function over picklable items, in spawned worker
  processes (`core.runs.workers`, the loop under the command line's `--jobs`), at most one per
  core. A timer polls them, so the GUI thread never waits on a pipe; cancel kills them at once.
  For searches (the comparison, the Paper menu's suite runs, the shorter-mate check).
- **A thread** (`run_thread`): a callable on a worker thread, for work that mostly waits (a UCI
  engine's answer) or reads the window's objects briefly (a proof verified, a file written). A
  thread cannot be killed: cancel calls the work's own `stop` and drops its answer.
- **Steps** (`run_steps`): a generator run on the GUI thread in slices of at most
  `SLICE_SECONDS`, for long analyses of what the GUI thread owns (the search tree): a Python
  thread beside the GUI would hold the interpreter lock against the painting all along.

A runner does one request at a time: a new one cancels the last, and a token drops anything a
cancelled request still delivers, so a stale result never reaches a view.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Generator, Sequence
from multiprocessing.process import BaseProcess
from typing import Any

from PySide6.QtCore import QObject, QThread, QTimer, Signal

from ..core.runs.workers import Failed, Finished, Started, Workers, failure_text
from .short_text import one_line

POLL_MS = 100
"""How often the timer collects what worker processes sent (and views update elapsed times)."""

REAP_MS = 200
REAPS = 10
"""After process work ends, its exiting workers are collected every `REAP_MS` this many times
(they exit within milliseconds of their pipes closing)."""

SLICE_SECONDS = 0.015
"""Step work per timer tick: the GUI thread is never held longer than this plus one step."""


def available_cores() -> int:
    """The cores this process may use: one worker process each."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


class _Thread(QThread):
    """Runs one callable; `answered(token, ok, value or one-line failure)`."""

    answered = Signal(int, bool, object)

    def __init__(self, work: Callable[[], Any], token: int, parent: QObject) -> None:
        super().__init__(parent)
        self.work, self.token = work, token

    def run(self) -> None:
        try:
            ok, value = True, self.work()
        except Exception as error:  # noqa: BLE001 (a bug reaches the view in one line)
            ok, value = False, failure_text(error)
        self.answered.emit(self.token, ok, value)


class Jobs(QObject):
    """One feature's background work: one request at a time, reported by signals."""

    started = Signal(int)
    """Process work: item `index` was handed to a worker process."""
    progress = Signal(float)
    """The share done, 0 to 1 (process work: items reported; steps: what the generator yields)."""
    result = Signal(int, object)
    """(item index, its value): process work once per item, thread and step work once (0)."""
    failed = Signal(int, str)
    """(item index, why in one line): the work raised, or its process died or overran."""
    done = Signal()
    """The request ended by itself: every item reported a result or a failure."""
    cancelled = Signal()
    """`cancel` stopped the request (or a new one replaced it): nothing more comes from it."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._token = 0
        self._workers: Workers | None = None
        self._total = 0
        self._reported = 0
        self._thread: _Thread | None = None
        self._stop: Callable[[], None] | None = None
        self._threads: list[_Thread] = []
        self._steps: Generator[float | None, None, Any] | None = None
        self.longest_slice = 0.0
        """The longest slice step work held the GUI thread, in seconds (tests)."""
        self.timer = QTimer(self)
        """Polls process work; views showing elapsed times may listen to it."""
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self._poll)
        self._step_timer = QTimer(self)
        self._step_timer.setInterval(0)
        self._step_timer.timeout.connect(self._step)
        self._reap_timer = QTimer(self)
        self._reap_timer.setInterval(REAP_MS)
        self._reap_timer.timeout.connect(self._reap)
        self._reaps = 0

    @property
    def busy(self) -> bool:
        """A request is under way."""
        return self._workers is not None or self._thread is not None or self._steps is not None

    @property
    def running_threads(self) -> int:
        """Worker threads still alive, cancelled ones included (they end by themselves)."""
        return sum(1 for thread in self._threads if not thread.isFinished())

    def processes(self) -> list[BaseProcess]:
        """The worker processes alive for the current request."""
        return self._workers.processes() if self._workers is not None else []

    def elapsed(self, index: int) -> float | None:
        """Seconds item `index` has been running in its process (None: waiting or ended)."""
        return self._workers.elapsed(index) if self._workers is not None else None

    # -- requests ----------------------------------------------------------------------------

    def run_processes(
        self,
        work: Callable[[Any], Any],
        items: Sequence[Any],
        parallel: int | None = None,
        deadline: float | None = None,
    ) -> None:
        """`work(item)` for each item in at most `parallel` processes (default one per core);
        an item running longer than `deadline` seconds is ended and fails."""
        self.cancel()
        self._token += 1
        self._total, self._reported = len(items), 0
        jobs = max(1, min(parallel or available_cores(), len(items)))
        self._workers = Workers(work, items, jobs, deadline, name="pn-explorer job")
        self._poll()
        if self._workers is not None:
            self.timer.start()

    def run_thread(self, work: Callable[[], Any], stop: Callable[[], None] | None = None) -> None:
        """`work()` on a worker thread; `stop` (if given) makes it return early on cancel."""
        self.cancel()
        self._token += 1
        thread = _Thread(work, self._token, self)
        thread.answered.connect(self._answered)
        thread.finished.connect(self._forget_threads)
        self._thread, self._stop = thread, stop
        self._threads.append(thread)
        thread.start()

    def run_steps(self, steps: Generator[float | None, None, Any]) -> None:
        """Run `steps` on the GUI thread in short slices; each value it yields is the share
        done (None: no share to show), the value it returns the result."""
        self.cancel()
        self._token += 1
        self._steps, self.longest_slice = steps, 0.0
        self._step_timer.start()

    def cancel(self) -> None:
        """Stop the request now: worker processes are killed (gone when this returns), a
        thread is asked to stop, steps are closed. Whatever it still sends is dropped."""
        if not self.busy:
            return
        self._token += 1
        self.timer.stop()
        self._step_timer.stop()
        workers, self._workers = self._workers, None
        if workers is not None:
            workers.cancel()
        stop, self._thread, self._stop = self._stop, None, None
        if stop is not None:
            stop()
        steps, self._steps = self._steps, None
        if steps is not None:
            steps.close()
        self.cancelled.emit()

    def wait(self, timeout_ms: int = 30000) -> None:
        """Block until this runner's threads have ended (closing the window, tests; the GUI never
        calls it otherwise). Their answers arrive with the next events processed."""
        for thread in list(self._threads):
            thread.wait(timeout_ms)

    # -- reports -----------------------------------------------------------------------------

    def _poll(self) -> None:
        workers, token = self._workers, self._token
        if workers is None:
            return
        for event in workers.poll():
            if isinstance(event, Started):
                self.started.emit(event.index)
            else:
                self._reported += 1
                if isinstance(event, Finished):
                    self.result.emit(event.index, event.value)
                elif isinstance(event, Failed):
                    self.failed.emit(event.index, one_line(event.message))
                if token == self._token:
                    self.progress.emit(self._reported / max(1, self._total))
            if token != self._token:
                return
        if not workers.busy:
            self._workers = None
            self.timer.stop()
            self._reaps = REAPS
            self._reap_timer.start()
            self.done.emit()

    def _reap(self) -> None:
        """The workers exit once their pipes close; collect them so none is left defunct (a
        zombie in the process list for a minute after Compare, until the next run)."""
        multiprocessing.active_children()  # joins every child that has ended
        self._reaps -= 1
        if self._reaps <= 0:
            self._reap_timer.stop()

    def _answered(self, token: int, ok: bool, value: Any) -> None:
        if token != self._token:
            return
        self._thread = self._stop = None
        if ok:
            self._finish(value)
        else:
            self._fail(value)

    def _forget_threads(self) -> None:
        for thread in [thread for thread in self._threads if thread.isFinished()]:
            self._threads.remove(thread)
            thread.deleteLater()

    def _step(self) -> None:
        steps = self._steps
        if steps is None:
            return
        started = time.perf_counter()
        share: float | None = None
        try:
            while time.perf_counter() - started < SLICE_SECONDS:
                share = next(steps)
        except StopIteration as end:
            self._end_steps(started)
            self._finish(end.value)
            return
        except Exception as error:  # noqa: BLE001 (a bug reaches the view in one line)
            self._end_steps(started)
            self._fail(failure_text(error))
            return
        self.longest_slice = max(self.longest_slice, time.perf_counter() - started)
        if share is not None:
            self.progress.emit(share)

    def _end_steps(self, started: float) -> None:
        self._step_timer.stop()
        self._steps = None
        self.longest_slice = max(self.longest_slice, time.perf_counter() - started)

    def _finish(self, value: Any) -> None:
        token = self._token
        self.result.emit(0, value)
        if token == self._token:
            self.done.emit()

    def _fail(self, message: str) -> None:
        token = self._token
        self.failed.emit(0, one_line(message))
        if token == self._token:
            self.done.emit()
