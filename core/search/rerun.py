"""Checkpoints by re-running: for steppers whose state cannot be undone cheaply.

df-pn's state is its recursion (a paused generator) and its table, DAG PN's a graph whose updates
reach every parent of a shared node; neither keeps an undo log. Both are deterministic, so the
state after iteration k is what a fresh search reaches in k iterations: `restore` runs the fresh
search there, a slice at a time, and sets the time the recorded search had spent.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from .types import Checkpoints, Outcome

RESTORE_SLICE_SECONDS = 0.01
"""The longest piece of a re-run between two yields of `restore`."""


class RerunCheckpoints:
    """`checkpoint` and `restore` for a deterministic search with `run(max_iterations,
    max_seconds)`, `iterations`, `elapsed` and `outcome`."""

    iterations: int
    elapsed: float
    outcome: Outcome | None
    _checkpoints: Checkpoints | None = None

    def run(
        self, max_iterations: int | None = None, max_seconds: float | None = None
    ) -> Outcome | None:
        raise NotImplementedError

    def checkpoint(self) -> Checkpoints:
        """Record the iteration just completed: the time spent is all a re-run needs."""
        record = self._checkpoints if self._checkpoints is not None else Checkpoints()
        if not record.iterations <= self.iterations <= record.iterations + 1:
            raise ValueError(
                f"iteration {self.iterations} does not follow the {record.iterations} recorded"
            )
        if record.iterations < self.iterations:
            record.elapsed.append(self.elapsed)
        self._checkpoints = record
        return record

    def restore(self, checkpoints: Checkpoints, iteration: int) -> Iterator[None]:
        """Run this fresh search to `iteration`, a slice at a time: a slice is a number of whole
        iterations, doubled while a slice takes less than `RESTORE_SLICE_SECONDS` and halved
        when it takes more, so each makes progress and none stalls the caller for long."""
        chunk = 1
        while self.iterations < iteration and self.outcome is None:
            started = time.perf_counter()
            self.run(max_iterations=min(chunk, iteration - self.iterations))
            took = time.perf_counter() - started
            chunk = chunk * 2 if took < RESTORE_SLICE_SECONDS else max(1, chunk // 2)
            yield
        self.elapsed = checkpoints.elapsed[iteration]
        self._checkpoints = checkpoints
