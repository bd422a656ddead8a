"""Replay a PN or Pn² search backwards and forwards: the exact state after any iteration k.

PN and Pn² are deterministic and their (first-level) tree only grows: an iteration appends the
children of one node and changes the numbers of a few nodes on one path (Figures 3.5 and 3.6).
So the state after iteration k is the furthest state reached with

* every column cut to the tree's length after iteration k (rows are appended in order),
* the nodes expanded after k made leaves again, and
* the numbers changed after k set back to what they were: each iteration logs the old numbers of
  the nodes its update changed, as the update changes them (`TreeSearch.number_log`), a few
  entries each (a copy of the whole most-proving path per iteration would make a deep tree's
  recording quadratic).

This is the issue's "checkpoint and re-run" with every iteration a checkpoint that costs only what
it changed: a rewind re-runs nothing, it undoes (time proportional to the iterations undone, read
from flat arrays), and memory is bounded by the log, measured at about 190 bytes per iteration on
WAC.096 — under half of what the iteration adds to the tree (`pn-explorer bench --replay`).
The one live search is a copy rebuilt at k (its own game cursor, from `make_search`); the
furthest search is kept to rebuild from. Stepping the copy forward replays the same iterations and,
once it reaches the furthest, it *becomes* the furthest and recording goes on.

`Replay` is itself a `Stepper`: the driver steps it like any search, it records each completed
iteration (root proof and disproof numbers and nodes in memory too, for the timeline's plot).
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from core.search.contract import Stepper
from core.search.types import Outcome, Phase, StepReport
from core.tree import EXPANDED, NO_NODE, ROOT, Tree

UNDO_SLICE = 40_000
"""Undo-log entries applied between two yields of a sliced rewind."""

PN2_STATE = ("_created", "_peak", "second_level_searches", "nodes_discarded", "_budget")
"""Pn²'s counters at an iteration boundary (no second level is live there)."""


class IterationLog:
    """What each iteration changed, in flat arrays indexed by iteration (index 0: the start).

    `length[i]` is the tree's length after iteration i, `selected[i]` the node it expanded or
    evaluated, `current[i]` where its update stopped (the next selection starts there);
    `root_proof`, `root_disproof`, `nodes` the root's numbers and nodes in memory (the plot);
    `change_end[i]` ends iteration i's entries in the undo arrays `change_node`, `old_proof`,
    `old_disproof`. Pn²'s counters are in `counters` (one array per name of PN2_STATE).
    """

    def __init__(self, counter_names: tuple[str, ...]) -> None:
        self.length = array("q")
        self.selected = array("q")
        self.current = array("q")
        self.nodes_created = array("q")
        self.elapsed = array("d")
        self.root_proof = array("q")
        self.root_disproof = array("q")
        self.nodes = array("q")
        self.change_end = array("q")
        self.change_node = array("q")
        self.old_proof = array("q")
        self.old_disproof = array("q")
        self.counters = {name: array("q") for name in counter_names}
        self.evaluated = array("q")  # Pn²'s last second-level numbers, (proof, disproof) pairs

    @property
    def iterations(self) -> int:
        """The furthest iteration recorded."""
        return len(self.length) - 1

    def memory_bytes(self) -> int:
        """Bytes held by the log's arrays."""
        arrays = [value for value in vars(self).values() if isinstance(value, array)]
        arrays.extend(self.counters.values())
        return sum(column.itemsize * len(column) for column in arrays)


class Replay:
    """A `Stepper` that records its search's iterations and can rebuild the state after any of
    them (`to_iteration`, or `rewinding` in slices for the app). Everything the contract names is
    the live search's; `furthest_iteration` is how far the search has ever gone."""

    def __init__(self, search: Stepper, make_search: Callable[[], Stepper]) -> None:
        self._live = search
        self._furthest = search
        self._make_search = make_search
        self.log = IterationLog(PN2_STATE if search.two_levels else ())
        self._changes: list[int] = []
        search.number_log = self._changes
        self.version = 0
        """Grows whenever the recording or the live search changes (a sliced rewind that sees
        it change gives up: its source moved)."""
        self._record()

    # -- the contract: everything is the live search's --------------------------------------------

    def __getattr__(self, name: str) -> Any:
        return getattr(self._live, name)

    @property
    def live(self) -> Stepper:
        """The search shown now (the furthest one, or a copy rebuilt at an earlier iteration)."""
        return self._live

    @property
    def furthest_iteration(self) -> int:
        return self.log.iterations

    @property
    def tree(self) -> Tree:
        return self._live.tree

    @property
    def outcome(self) -> Outcome | None:
        return self._live.outcome

    @property
    def iterations(self) -> int:
        return self._live.iterations

    @property
    def next_phase(self) -> Phase:
        return self._live.next_phase

    def step_phase(self) -> StepReport:
        return self._stepped(self._live.step_phase)

    def step_into(self) -> StepReport:
        return self._stepped(self._live.step_into)

    def step_iteration(self) -> StepReport:
        """One iteration, phase by phase through this replay so each is recorded."""
        report = self.step_phase()
        while not report.iteration_done and report.outcome is None:
            report.merge(self.step_phase())
        return report

    def step_over(self) -> StepReport:
        """Pn²: through the next (or current) second-level search; PN: one iteration. Phase by
        phase, as `Pn2Search.step_over`, so that an iteration it completes is recorded."""
        if not self._live.two_levels:
            return self.step_iteration()
        report = self.step_phase()
        while report.outcome is None and not (
            report.second_level is not None and report.second_level.ended
        ):
            report.merge(self.step_phase())
        return report

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
            at_boundary = self._at_boundary()
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

    def _at_boundary(self) -> bool:
        live = self._live
        return live.next_phase is Phase.SELECT and live.second_level is None

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
        if self._at_boundary():
            self._furthest.number_log = None
            self._furthest = self._live
            self._changes.clear()
            self._live.number_log = self._changes
            self.version += 1

    def _record(self) -> None:
        """Append the state after the iteration just completed (or the start)."""
        log, live = self.log, self._live
        tree = live.tree
        changes = self._changes
        log.change_node.extend(changes[0::3])
        log.old_proof.extend(changes[1::3])
        log.old_disproof.extend(changes[2::3])
        changes.clear()
        log.change_end.append(len(log.change_node))
        log.length.append(len(tree))
        grown = log.length and len(tree) > log.length[-1]
        log.selected.append(tree.parent[len(tree) - 1] if grown else live.selected_node)
        log.current.append(live._current)
        log.nodes_created.append(live.nodes_created)
        log.elapsed.append(live.elapsed)
        root_proof, root_disproof = tree.numbers(ROOT)
        log.root_proof.append(root_proof)
        log.root_disproof.append(root_disproof)
        log.nodes.append(live.nodes_in_memory)
        for name, column in log.counters.items():
            column.append(getattr(live, name))
        if live.two_levels:
            log.evaluated.extend(live._evaluated_numbers)

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
        at_rest = furthest.next_phase is Phase.SELECT and furthest.second_level is None
        if k == self.log.iterations and (at_rest or furthest.outcome is not None):
            self._install(furthest)  # the furthest state itself (and how the search ended)
            return
        version = self.version
        log, source = self.log, self._furthest.tree
        length = log.length[k]
        tree = Tree()
        for name in Tree.__slots__:
            setattr(tree, name, getattr(source, name)[:length])
            yield
            if self.version != version:
                return
        first_child, child_count, flags = tree.first_child, tree.child_count, tree.flags
        parent = source.parent
        grown = [log.length[i] for i in range(k + 1, log.iterations + 1)]
        grown.append(len(source))  # an expansion under way appends after the last iteration
        for end in grown:
            # an expansion appends its children together: the first new row's parent gained them
            node = parent[end - 1]
            if node != NO_NODE and node < length and first_child[node] >= length:
                first_child[node] = NO_NODE
                child_count[node] = 0
                flags[node] &= ~EXPANDED
        proof, disproof = tree.proof, tree.disproof
        nodes, old_proof, old_disproof = log.change_node, log.old_proof, log.old_disproof
        end = log.change_end[-1]
        stop = log.change_end[k]
        while end > stop:
            yield
            if self.version != version:
                return
            start = max(stop, end - UNDO_SLICE)
            for entry in range(end - 1, start - 1, -1):
                node = nodes[entry]
                if node < length:
                    proof[node] = old_proof[entry]
                    disproof[node] = old_disproof[entry]
            end = start
        self._install(self._rebuilt(k, tree))

    def _rebuilt(self, k: int, tree: Tree) -> Stepper:
        """A fresh search given the tree and the small state of iteration k."""
        log = self.log
        search = self._make_search()
        search.tree = tree
        search.iterations = k
        search.elapsed = log.elapsed[k]
        search.outcome = None
        search.next_phase = Phase.SELECT
        search._selected = log.selected[k]
        search._current = log.current[k]
        if search.two_levels:
            for name, column in log.counters.items():
                setattr(search, name, column[k])
            search._evaluated_numbers = (log.evaluated[2 * k], log.evaluated[2 * k + 1])
        else:
            search.nodes_created = log.nodes_created[k]
        game = search.game
        game.reset()
        moves = tree.moves_to(search._current)
        for move in moves:
            game.push(move)
        search._cursor_depth = len(moves)
        return search

    def _install(self, search: Stepper) -> None:
        if search is not self._live:
            self._live = search
            self.version += 1
