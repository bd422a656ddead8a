"""Iterations and Pn²'s step into / over, made of phases: shared by every phase-stepped search.

PN and DAG PN step phase by phase (SELECT, EXPAND, UPDATE of Figure 3.2's loop body); an
iteration is those phases run to the end, and with one level there is no second-level search to
step into or over, so `step_into` is one phase and `step_over` one iteration (Pn² overrides both).
"""

from __future__ import annotations

from core.search.types import StepReport


class PhaseSteps:
    """`step_iteration`, `step_into` and `step_over` from a search's own `step_phase`."""

    def step_phase(self) -> StepReport:
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
