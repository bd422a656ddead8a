"""What every phase-stepped search (PN, Pn², DAG PN) shares around its own phases.

PN and DAG PN step phase by phase (SELECT, EXPAND, UPDATE of Figure 3.2's loop body); an
iteration is those phases run to the end, and with one level there is no second-level search to
step into or over, so `step_into` is one phase and `step_over` one iteration (Pn² overrides both
and offers them as step units). This is their side of `core.search.contract.Stepper`.
The root's numbers, the pending update, the selected node, the resource check and the cancel
read the same attributes in every one of them: `tree`, `next_phase`, `_selected`, `limits`,
`iterations`, `elapsed`, `outcome`, `_cancel_requested`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..tree import ROOT, Tree
from .capabilities import Capabilities, declared
from .types import (
    INTO,
    ITERATION,
    OVER,
    PHASE,
    Limits,
    Outcome,
    Phase,
    StepReport,
    StepUnit,
)

PHASE_UNITS = (
    StepUnit(PHASE, "Phase", "Step one phase: select, expand or update"),
    StepUnit(ITERATION, "Iteration", "Step one iteration (select + expand + update)"),
)
"""The steps of a one-level phase-stepped search."""


def always(_report: StepReport) -> bool:
    """A goal every step meets."""
    return True


def iteration_done(report: StepReport) -> bool:
    """A goal met by the step that completes an iteration."""
    return report.iteration_done


class PhaseSteps:
    """`step_iteration`, `step_into` and `step_over` from a search's own `step_phase`, and the
    state every phase-stepped search reports the same way."""

    step_units: tuple[StepUnit, ...] = PHASE_UNITS
    algorithm: str

    tree: Tree
    limits: Limits
    next_phase: Phase
    iterations: int
    elapsed: float
    outcome: Outcome | None
    _selected: int
    _cancel_requested: bool

    def step_phase(self) -> StepReport:
        """Advance one phase (select → expand → update) and report what it changed."""
        report = StepReport()
        if self.outcome is not None:
            report.outcome = self.outcome
            return report
        started = time.perf_counter()
        phase = self.next_phase
        if phase is Phase.SELECT:
            report.phases.append(phase)
            limit = self._limit_reached()
            if limit is not None:
                report.outcome = self._finish(limit)
            else:
                report.path = self._step_select()
                self.next_phase = Phase.EXPAND
        elif phase is Phase.EXPAND:
            self._step_expand(report)
        else:
            report.phases.append(phase)
            report.iteration_done = True
            self._step_update(report)
        self.elapsed += time.perf_counter() - started
        return report

    def _step_select(self) -> list[int]:
        """The SELECT phase: Figure 3.4 from where the search resumes; the path to the node."""
        raise NotImplementedError

    def _step_expand(self, report: StepReport) -> None:
        """The EXPAND phase, reporting the new children (Pn²: a second-level search)."""
        raise NotImplementedError

    def expand_node(self, node: int) -> Outcome | None:
        """Figure 3.5 on `node`; the outcome where a limit stops the expansion."""
        raise NotImplementedError

    def _expand_selected(self, report: StepReport) -> int | None:
        """Figure 3.5 on the selected node with its new children reported: the first new node
        (the next phase is the update), or None where a limit stopped it (the outcome reported)."""
        report.phases.append(Phase.EXPAND)
        first = len(self.tree)
        stopped = self.expand_node(self._selected)
        if stopped is not None:
            report.outcome = self._finish(stopped)
            return None
        tree = self.tree
        report.new_children = [
            (child, tree.proof[child], tree.disproof[child]) for child in range(first, len(tree))
        ]
        self.next_phase = Phase.UPDATE
        return first

    def _step_update(self, report: StepReport) -> None:
        """The UPDATE phase and the end of the iteration (the root solved: the outcome)."""
        raise NotImplementedError

    def step_iteration(self) -> StepReport:
        """Advance to the end of the current iteration (all three phases, or what is left)."""
        report = self.step_phase()
        while not report.iteration_done and report.outcome is None:
            report.merge(self.step_phase())
        return report

    def step_into(self) -> StepReport:
        """One phase: with one level there is no second-level search to step into (Pn² has)."""
        return self.step_phase()

    def step_over(self) -> StepReport:
        """One iteration: with one level there is no second-level search to step over."""
        return self.step_iteration()

    def step(self, unit: str) -> StepReport:
        """One step of a unit in `step_units`."""
        return {
            PHASE: self.step_phase,
            ITERATION: self.step_iteration,
            INTO: self.step_into,
            OVER: self.step_over,
        }[unit]()

    def smallest_step(self) -> StepReport:
        """One phase (Pn²: inside its second level when one runs or is due)."""
        return self.step_into()

    def step_done(self, unit: str) -> Callable[[StepReport], bool]:
        """With one level a phase is one smallest step, and over is an iteration."""
        return iteration_done if unit in (ITERATION, OVER) else always

    @property
    def capabilities(self) -> Capabilities:
        """What this search offers, as its registry entry declares it."""
        return declared(self.algorithm)

    def describe(self) -> str:
        """Nothing beyond its parameters (the registry words those)."""
        return ""

    @property
    def next_step(self) -> str:
        return self.next_phase.value

    @property
    def at_boundary(self) -> bool:
        return self.next_phase is Phase.SELECT

    @property
    def drawn_tree(self) -> Tree:
        """The search tree itself."""
        return self.tree

    @property
    def root_numbers(self) -> tuple[int, int]:
        return self.tree.numbers(ROOT)

    @property
    def update_pending(self) -> bool:
        """True between an EXPAND phase and its UPDATE: the node just expanded (`selected_node`)
        does not yet carry its children's numbers. Views ask this instead of recomputing."""
        return self.next_phase is Phase.UPDATE

    @property
    def selected_node(self) -> int:
        """The most-proving node the last SELECT phase chose."""
        return self._selected

    def cancel(self) -> None:
        """Ask a running search to stop; `run` honours it before its next iteration."""
        self._cancel_requested = True

    def _limit_reached(self) -> Outcome | None:
        """ResourcesAvailable() of Figure 3.2, checked before each iteration."""
        return self.limits.stop_before(
            self._cancel_requested, self.iterations, self.elapsed, len(self.tree)
        )

    def _finish_half_iteration(self) -> Outcome | None:
        """Before a `run`: step through an iteration a step left halfway, so the run starts at a
        SELECT; the outcome if that ended the search."""
        while self.next_phase is not Phase.SELECT:
            report = self.step_phase()
            if report.outcome is not None:
                return report.outcome
        return None

    def _slice(
        self, max_iterations: int | None, max_seconds: float | None
    ) -> tuple[float, float, float | None, int | None]:
        """A `run` slice's bounds: its start, the time spent before it, when it must end and
        after which iteration (None: no such bound)."""
        started = time.perf_counter()
        slice_end = None if max_seconds is None else started + max_seconds
        stop_after = None if max_iterations is None else self.iterations + max_iterations
        return started, self.elapsed, slice_end, stop_after

    def _finish(self, outcome: Outcome) -> Outcome:
        self.outcome = outcome
        return outcome
