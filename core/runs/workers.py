"""Worker processes that can be stopped: the one process loop under `core.runs.runner.run_each`
(the command line waits on it) and the app's background jobs (a timer polls it).

Each worker is a spawned process (nothing of the caller is shared) that runs one item at a time,
as the parent hands them out; so the parent knows when each item started, which process runs it,
and can end that one process when it overruns its deadline or all of them at once on `cancel`,
which `concurrent.futures` cannot do. A worker that dies (killed by the system, perhaps out of
memory) fails its own item only. `poll` never waits longer than its `timeout` (0: not at all), so
a GUI thread can call it from a timer.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from ..errors import PnExplorerError

REAP_SECONDS = 1.0
"""How long `cancel` waits for a killed process to be gone (a SIGKILL takes milliseconds)."""


@dataclass(frozen=True, slots=True)
class Started:
    """Item `index` was handed to a worker process."""

    index: int


@dataclass(frozen=True, slots=True)
class Finished:
    """Item `index` ended with `value`, what the work returned."""

    index: int
    value: Any


@dataclass(frozen=True, slots=True)
class Failed:
    """Item `index` has no result: `message` says why in one line; `error` is what the work
    raised (None when its process died or overran its deadline)."""

    index: int
    message: str
    error: BaseException | None = None


Event = Started | Finished | Failed


def failure_text(error: BaseException) -> str:
    """A raised error in one line: a user's mistake as its own words, a bug with its type."""
    text = str(error) if isinstance(error, PnExplorerError) else f"{type(error).__name__}: {error}"
    return " ".join(text.split())


def _serve(work: Callable[[Any], Any], connection: Connection) -> None:
    """A worker process's life: run each (index, item) received, send back (index, ok, value)
    until the parent closes the pipe. Ctrl+C is the parent's to handle: it ends the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            index, item = connection.recv()
        except EOFError:
            return
        try:
            reply = (index, True, work(item))
        except Exception as error:  # noqa: BLE001 (a failed item is reported, the worker lives)
            reply = (index, False, error)
        try:
            connection.send(reply)
        except Exception as error:  # noqa: BLE001 (an error or value that cannot be pickled)
            message = f"its answer could not be sent back: {failure_text(error)}"
            connection.send((index, False, PnExplorerError(message)))


@dataclass(slots=True)
class _Worker:
    process: BaseProcess
    connection: Connection
    index: int | None = None
    started: float = 0.0


class Workers:
    """`work(item)` for every item in at most `jobs` (≥ 1) spawned processes; `poll` reports what
    happened. `work` and the items must be picklable (a module-level function, plain data).

    `deadline` (seconds, or None) ends an item's process that has run that long on it: the item
    fails, the others go on in a fresh process.
    """

    def __init__(
        self,
        work: Callable[[Any], Any],
        items: Sequence[Any],
        jobs: int,
        deadline: float | None = None,
        name: str = "pn-explorer worker",
    ) -> None:
        self.work, self.jobs, self.deadline, self.name = work, jobs, deadline, name
        self._context = multiprocessing.get_context("spawn")
        self._waiting: deque[tuple[int, Any]] = deque(enumerate(items))
        self._workers: list[_Worker] = []

    @property
    def busy(self) -> bool:
        """Items wait or run."""
        return bool(self._waiting) or any(w.index is not None for w in self._workers)

    def processes(self) -> list[BaseProcess]:
        """The worker processes alive now."""
        return [worker.process for worker in self._workers]

    def elapsed(self, index: int) -> float | None:
        """Seconds item `index` has been running (None: waiting or ended)."""
        for worker in self._workers:
            if worker.index == index:
                return time.monotonic() - worker.started
        return None

    def poll(self, timeout: float | None = 0.0) -> list[Event]:
        """Hand out waiting items, then collect what ended within `timeout` seconds (None: until
        something does). When nothing is left to do the workers are told to exit."""
        events: list[Event] = self._hand_out()
        running = [w for w in self._workers if w.index is not None]
        if running:
            ready = wait(
                [w.connection for w in running] + [w.process.sentinel for w in running],
                self._wait_time(running, timeout),
            )
            for worker in running:
                event = self._collect(worker, ready)
                if event is not None:
                    events.append(event)
        events += self._hand_out()
        if not self.busy:
            self._close()
        return events

    def cancel(self) -> None:
        """End every worker now (within about a second, never more) and drop waiting items."""
        self._waiting.clear()
        workers, self._workers = self._workers, []
        for worker in workers:
            worker.process.kill()
        for worker in workers:
            worker.process.join(REAP_SECONDS)
            worker.connection.close()

    def _wait_time(self, running: list[_Worker], timeout: float | None) -> float | None:
        if self.deadline is None:
            return timeout
        now = time.monotonic()
        due = max(0.0, min(w.started + self.deadline for w in running) - now)
        return due if timeout is None else min(due, timeout)

    def _hand_out(self) -> list[Event]:
        events: list[Event] = []
        while self._waiting:
            worker = next((w for w in self._workers if w.index is None), None)
            if worker is None:
                if len(self._workers) >= self.jobs:
                    break
                worker = self._spawn()
            index, item = self._waiting.popleft()
            try:
                worker.connection.send((index, item))
            except OSError:  # it died while idle
                events.append(self._retire(worker, self._died(worker, index)))
                continue
            worker.index, worker.started = index, time.monotonic()
            events.append(Started(index))
        return events

    def _spawn(self) -> _Worker:
        mine, theirs = self._context.Pipe()
        process = self._context.Process(
            target=_serve, args=(self.work, theirs), daemon=True, name=self.name
        )
        process.start()
        theirs.close()
        worker = _Worker(process, mine)
        self._workers.append(worker)
        return worker

    def _collect(self, worker: _Worker, ready: list) -> Event | None:
        """The worker's result if it sent one, a failure if it died or overran, else None."""
        index = worker.index
        assert index is not None
        if worker.connection in ready:
            try:
                sent, ok, value = worker.connection.recv()
            except (EOFError, OSError):
                return self._retire(worker, self._died(worker, index))
            except Exception as error:  # noqa: BLE001 (an answer that does not unpickle)
                worker.index = None
                return Failed(index, f"its answer could not be read: {failure_text(error)}")
            worker.index = None
            if not ok:
                return Failed(sent, failure_text(value), value)
            return Finished(sent, value)
        if worker.process.sentinel in ready:
            return self._retire(worker, self._died(worker, index))
        seconds = time.monotonic() - worker.started
        if self.deadline is not None and seconds >= self.deadline:
            return self._retire(
                worker,
                Failed(index, f"stopped after {seconds:.0f} s: far over its time limit"),
            )
        return None

    @staticmethod
    def _died(worker: _Worker, index: int) -> Failed:
        worker.process.join(REAP_SECONDS)
        return Failed(
            index,
            "the worker process ended without a result (killed by the system, perhaps out of "
            f"memory; exit code {worker.process.exitcode})",
        )

    def _retire(self, worker: _Worker, event: Failed) -> Failed:
        """End `worker`'s process (it died or overran) and forget it."""
        worker.process.kill()
        worker.process.join(REAP_SECONDS)
        worker.connection.close()
        self._workers.remove(worker)
        return event

    def _close(self) -> None:
        """Nothing left: closing a worker's pipe makes it exit by itself (nobody waits)."""
        workers, self._workers = self._workers, []
        for worker in workers:
            worker.connection.close()
