"""The same work on a Dask cluster: `ClusterWorkers` polls like `core.runs.workers.Workers`.

A suite of thousands of positions (all of matetrack: about 55 CPU-hours for three searches at
10 s) outgrows one machine. Dask's distributed scheduler (package `distributed`, the optional
extra `pn-explorer[cluster]`) was chosen over Ray because it is pure Python, starts in two
commands (`dask scheduler`, then `dask worker ADDRESS` on each machine), needs nothing but pip on
the workers, and its scheduler already moves a task off a worker that died. Every item is one
task, so `run_each` sees the same Started/Finished/Failed events as with local processes, and the
rows and summaries are the same either way.

A worker that dies loses only the item it was running: the scheduler runs that item again once
(`RETRIES`); if it kills a second worker it fails with a one-line reason, and the run goes on.
"""

from __future__ import annotations

import importlib.util
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import PnExplorerError
from .workers import Event, Failed, Finished, Started, failure_text

RETRIES = 1
"""How many times an item whose worker died is run again before it is reported failed."""

CONNECT_SECONDS = 10.0
"""How long to wait for the scheduler at the given address before saying it cannot be reached."""

INSTALL_HINT = "the cluster backend needs Dask's scheduler: pip install 'pn-explorer[cluster]'"


class ClusterError(PnExplorerError):
    """The cluster cannot be used: the extra is missing or the scheduler cannot be reached."""


def check_installed() -> None:
    """Raise `ClusterError` (one line: what to install) unless `distributed` is importable."""
    if importlib.util.find_spec("distributed") is None:
        raise ClusterError(INSTALL_HINT)


class ClusterWorkers:
    """`work(item)` for every item as tasks on the Dask scheduler at `address`; `poll` reports
    what happened, as `Workers.poll` does. `work` and the items must be picklable."""

    def __init__(self, work: Callable[[Any], Any], items: Sequence[Any], address: str) -> None:
        check_installed()
        import distributed

        self._distributed = distributed
        try:
            self._client = distributed.Client(address, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError, ValueError) as error:
            raise ClusterError(
                f"cannot reach the Dask scheduler at {address!r}: {failure_text(error)}"
            ) from None
        self._client.run_on_scheduler(_allow_failures, retries=RETRIES)
        self._work = work
        self._waiting: deque[tuple[int, Any]] = deque(enumerate(items))
        self._index: dict[Any, int] = {}
        self._pending: set[Any] = set()

    @property
    def busy(self) -> bool:
        """Items wait or run."""
        return bool(self._waiting) or bool(self._pending)

    def poll(self, timeout: float | None = 0.0) -> list[Event]:
        """Hand out waiting items, then collect what ended within `timeout` seconds (None: until
        something does)."""
        events = self._hand_out()
        if self._pending:
            try:
                done, _ = self._distributed.wait(
                    list(self._pending), timeout=timeout, return_when="FIRST_COMPLETED"
                )
            except TimeoutError:
                done = set()
            for future in done:
                self._pending.discard(future)
                events.append(self._event(future))
        events += self._hand_out()
        if not self.busy:
            self._client.close()
        return events

    def _hand_out(self) -> list[Event]:
        """Submit items while a worker thread is free, never more: a task queued on a worker
        that dies would count that death against an item the worker never ran."""
        events: list[Event] = []
        threads = max(1, sum(self._client.nthreads().values()))
        while self._waiting and len(self._pending) < threads:
            index, item = self._waiting.popleft()
            future = self._client.submit(self._work, item, pure=False, key=f"pn-explorer-{index}-")
            self._index[future] = index
            self._pending.add(future)
            events.append(Started(index))
        return events

    def cancel(self) -> None:
        """Cancel every task not yet finished and leave the cluster."""
        self._waiting.clear()
        if self._pending:
            self._client.cancel(list(self._pending), force=True)
            self._pending.clear()
        self._client.close()

    def _event(self, future: Any) -> Event:
        index = self._index.pop(future)
        error = future.exception()
        if error is None:
            return Finished(index, future.result())
        if isinstance(error, self._distributed.KilledWorker):
            return Failed(
                index,
                f"its worker died {RETRIES + 1} times running it (killed by the system, "
                "perhaps out of memory)",
            )
        return Failed(index, failure_text(error), error)


def _allow_failures(dask_scheduler: Any, retries: int) -> None:
    """On the scheduler: an item that was running on a dying worker is run `retries` more
    times before it is reported failed (Dask's own default is 3)."""
    dask_scheduler.allowed_failures = retries
