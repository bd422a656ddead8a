"""Replay any stepped search backwards and forwards: the exact state after any iteration k.

Every steppable search is deterministic and offers `checkpoint` and `restore`
(`core.search.contract.Stepper`): the replay asks for a checkpoint after every iteration the
search completes for the first time, and rebuilds the state after iteration k by restoring a fresh
search from its factory. How a search restores is its own affair: PN and Pn² undo, from an undo
log of what each iteration changed (`core.search.tree_history`); DAG PN and df-pn re-run from the
start (`core.search.rerun`). Either way `rewinding` does it in slices, so the app never blocks.
The furthest search is kept; stepping the rebuilt copy forward replays the same iterations and,
once it reaches the furthest, it *becomes* the furthest and recording goes on.

`Replay` is itself a `Stepper`: the driver steps it like any search; it records each completed
iteration (and the root's proof and disproof numbers and nodes in memory, for the timeline's
plot).
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from ..search.contract import Stepper
from ..search.types import Checkpoints, Outcome, StepReport
from ..tree import Tree


class IterationLog:
    """The plot's series by iteration (index 0: the start): the root's numbers and the nodes
    in memory after each iteration."""

    def __init__(self) -> None:
        self.root_proof = array("q")
        self.root_disproof = array("q")
        self.nodes = array("q")

    @property
    def iterations(self) -> int:
        """The furthest iteration recorded."""
        return len(self.nodes) - 1

    def memory_bytes(self) -> int:
        """Bytes held by the series."""
        return sum(
            column.itemsize * len(column)
            for column in (self.root_proof, self.root_disproof, self.nodes)
        )


class Replay:
    """A `Stepper` that records its search's iterations and can rebuild the state after any of
    them (`to_iteration`, or `rewinding` in slices for the app). Everything the contract names is
    the live search's; `furthest_iteration` is how far the search has ever gone."""

    def __init__(self, search: Stepper, make_search: Callable[[], Stepper]) -> None:
        if not search.capabilities.replayable:
            raise ValueError(f"{search.algorithm} offers no checkpoints to replay")
        self._live = search
        self._furthest = search
        self._make_search = make_search
        self.log = IterationLog()
        self._checkpoints: Checkpoints | None = None
        self.version = 0
        """Grows whenever the recording or the live search changes (a sliced rewind that sees
        it change gives up: its source moved)."""
        self._record()

    # -- the contract: everything is the live search's --------------------------------------------

    def __getattr__(self, name: str) -> Any:
        if name.startswith("step"):
            # a step must go through the replay, which records it
            raise AttributeError(f"Replay has no {name}")
        return getattr(self._live, name)

    @property
    def live(self) -> Stepper:
        """The search shown now (the furthest one, or a copy rebuilt at an earlier iteration)."""
        return self._live

    @property
    def furthest_iteration(self) -> int:
        return self.log.iterations

    @property
    def furthest_outcome(self) -> Outcome | None:
        """How the furthest search ended (None while it goes on), whatever iteration is shown."""
        return self._furthest.outcome

    @property
    def tree(self) -> Tree | None:
        return self._live.tree

    @property
    def outcome(self) -> Outcome | None:
        return self._live.outcome

    @property
    def iterations(self) -> int:
        return self._live.iterations

    @property
    def step_units(self) -> tuple:
        return self._live.step_units

    def step_done(self, unit: str) -> Callable[[StepReport], bool]:
        return self._live.step_done(unit)

    def smallest_step(self) -> StepReport:
        return self._stepped(self._live.smallest_step)

    def step(self, unit: str) -> StepReport:
        """One step of `unit`, taken as smallest steps through this replay, so that every
        iteration it completes is recorded at its end (a step over Pn²'s second level may
        complete one iteration and go on into the next)."""
        done = self._live.step_done(unit)
        report = self.smallest_step()
        while report.outcome is None and not done(report):
            report.merge(self.smallest_step())
        return report

    def step_iteration(self) -> StepReport:
        return self.step("iteration")

    def run(
        self, max_iterations: int | None = None, max_seconds: float | None = None
    ) -> Outcome | None:
        """As `Stepper.run`, recording: one iteration per call of the live search's `run` while
        it makes new history, whole runs while it replays iterations already recorded."""
        deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        stop_after = None if max_iterations is None else self.iterations + max_iterations
        while True:
            live = self._live
            if live.outcome is not None:
                return live.outcome
            now = time.perf_counter()
            if deadline is not None and now >= deadline:
                return None
            left = None if deadline is None else deadline - now
            at_boundary = live.at_boundary
            if at_boundary and stop_after is not None and live.iterations >= stop_after:
                return None
            if not at_boundary:
                chunk = 0  # finish the iteration under way
            elif live is not self._furthest:
                chunk = max(1, self.log.iterations - live.iterations)
                if stop_after is not None:
                    chunk = min(chunk, stop_after - live.iterations)
            else:
                chunk = 1
            self._stepped(partial(live.run, max_iterations=chunk, max_seconds=left))

    def cancel(self) -> None:
        self._live.cancel()

    # -- recording --------------------------------------------------------------------------------

    def _stepped(self, step: Callable[[], Any]) -> Any:
        """Run one step of the live search; record the iteration it completed, if new."""
        live = self._live
        if live is not self._furthest and live.iterations >= self.log.iterations:
            self._catch_up()
        result = step()
        if live is self._furthest:
            if live.iterations > self.log.iterations:
                self._record()
            self.version += 1
        elif live.iterations >= self.log.iterations:
            self._catch_up()
        return result

    def _catch_up(self) -> None:
        """The live copy has reached the furthest iteration at rest: it carries the recording on
        (the old furthest, perhaps halfway through that iteration, is dropped)."""
        live = self._live
        if live.at_boundary:
            live.checkpoint()
            self._furthest = live
            self.version += 1

    def _record(self) -> None:
        """Checkpoint the iteration just completed (or the start) and add it to the plot."""
        live, log = self._live, self.log
        self._checkpoints = live.checkpoint()
        root_proof, root_disproof = live.root_numbers
        log.root_proof.append(root_proof)
        log.root_disproof.append(root_disproof)
        log.nodes.append(live.nodes_in_memory)

    def memory_bytes(self) -> int:
        """Bytes the recording holds: the checkpoints and the plot's series."""
        assert self._checkpoints is not None
        return self._checkpoints.memory_bytes() + self.log.memory_bytes()

    # -- rewinding --------------------------------------------------------------------------------

    def to_iteration(self, k: int) -> Stepper:
        """Make the state after iteration k (0 ≤ k ≤ furthest) the live one, in one go."""
        for _ in self.rewinding(k):
            pass
        return self._live

    def rewinding(self, k: int) -> Iterator[None]:
        """`to_iteration` in slices: yields between pieces of work (a caller on the GUI thread
        resumes it from a timer). Gives up, installing nothing, if the search moved meanwhile."""
        if not 0 <= k <= self.log.iterations:
            raise ValueError(f"iteration {k} is not between 0 and {self.log.iterations}")
        furthest = self._furthest
        if k == self.log.iterations and furthest.at_boundary:
            self._install(furthest)  # the furthest state itself (and how the search ended)
            return
        version = self.version
        checkpoints = self._checkpoints
        assert checkpoints is not None
        search = self._make_search()
        for _ in search.restore(checkpoints, k):
            yield
            if self.version != version:
                return
        self._install(search)

    def _install(self, search: Stepper) -> None:
        if search is not self._live:
            self._live = search
            self.version += 1
