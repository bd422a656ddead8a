"""A quiz over a running search: predict its next selection, or the numbers an update gives.

The answers come from the engine itself. Before each iteration the quiz steps the search's
SELECT phase (Figure 3.4) and keeps the report hidden: the selected node is the right answer to
"click the most-proving node". After the EXPAND phase it steps the UPDATE phase (Figures 3.3 and
3.6) and picks one of the nodes the update changed: the engine's new numbers of that node are the
right answer to "what are its new proof and disproof numbers?". The quiz only ever takes a step
of one phase (`Stepper.step(PHASE)`), the phases any front end steps, so the search creates
exactly the nodes it creates without a quiz; the front end shows each hidden report once the
student has answered.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..search.contract import Stepper, kept_tree, second_level
from ..search.types import PHASE, StepReport
from ..tree import Tree
from ..values import format_number
from .explain import (
    Labeller,
    mistake,
    numbers_why,
    search_labeller,
    selection_why,
)

SELECTION, NUMBERS = "selection", "numbers"
"""The two kinds of question."""


@dataclass(slots=True)
class Score:
    """How a session went: questions graded, right answers, the current and the best streak."""

    asked: int = 0
    right: int = 0
    streak: int = 0
    best_streak: int = 0

    def record(self, right: bool) -> None:
        self.asked += 1
        if right:
            self.right += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0

    def __str__(self) -> str:
        return (
            f"{self.right} of {self.asked} right  ·  streak {self.streak}  ·  "
            f"best streak {self.best_streak}"
        )


@dataclass(slots=True)
class Question:
    """One question: its kind, its text, and the engine's answer with the hidden report.

    SELECTION: `node` is the engine's most-proving node, `path` its walk from the root.
    NUMBERS: `node` is the node asked about, `answer` its numbers after the update, `before` its
    numbers before; `shown_before` holds the old numbers of every node the update changed (what
    a view should draw until the answer is in).
    """

    kind: str
    text: str
    node: int
    report: StepReport
    path: list[int] = field(default_factory=list)
    answer: tuple[int, int] = (0, 0)
    before: tuple[int, int] = (0, 0)
    shown_before: dict[int, tuple[int, int]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Grade:
    """The verdict on one answer and why, in the narration's terms and numbers."""

    right: bool
    verdict: str
    why: str

    def __str__(self) -> str:
        return f"{self.verdict} {self.why}"


class Quiz:
    """Questions over one search at a time; the score runs over the whole session."""

    def __init__(
        self, search: Stepper | None = None, label: Labeller | None = None, seed: int = 0
    ) -> None:
        self.score = Score()
        self.search: Stepper | None = None
        self.question: Question | None = None
        self.hidden: StepReport | None = None
        """The step the quiz took and no view has shown yet (None once taken by the caller)."""
        self._label_override = label
        self._label: Labeller = label or (lambda node: f"#{node}")
        self._random = random.Random(seed)
        self.set_search(search)

    def set_search(self, search: Stepper | None) -> None:
        """Quiz on another search (the score stays): any open question is dropped."""
        self.search = search
        self.question = None
        self.hidden = None
        if search is not None:
            self._label = self._label_override or search_labeller(search)

    def label(self, node: int) -> str:
        return self._label(node)

    # -- asking -----------------------------------------------------------------------------------

    @property
    def can_ask_selection(self) -> bool:
        """The search is about to select on its first level (between iterations)."""
        search = self.search
        return (
            search is not None
            and search.outcome is None
            and search.at_boundary
            and second_level(search) is None
        )

    @property
    def can_ask_numbers(self) -> bool:
        """The search has expanded (Pn²: evaluated) a node and its update comes next."""
        search = self.search
        return (
            search is not None
            and search.outcome is None
            and search.update_pending
            and second_level(search) is None
        )

    def ask_selection(self) -> Question | None:
        """Step the SELECT phase and ask for the node it chose. None (the step kept in `hidden`)
        if the search ended instead: a limit was reached before the selection."""
        search = self.search
        if search is None or not self.can_ask_selection:
            raise RuntimeError("the search is not between two iterations")
        report = search.step(PHASE)
        self.hidden = report
        if report.outcome is not None or not report.path:
            return None
        node = report.path[-1]
        self.question = Question(
            SELECTION,
            "Click the node you think is the most-proving one: the node the search expands next.",
            node,
            report,
            path=list(report.path),
        )
        return self.question

    def ask_numbers(self) -> Question | None:
        """Step the UPDATE phase and ask for the new numbers of one node it changed. None (the
        step kept in `hidden`) if it changed none."""
        search = self.search
        if search is None or not self.can_ask_numbers:
            raise RuntimeError("no update is pending")
        report = search.step(PHASE)
        self.hidden = report
        if not report.changed:
            return None
        change = self._random.choice(report.changed)
        node = change.node
        self.question = Question(
            NUMBERS,
            f"After this update, what are the new proof and disproof numbers of "
            f"{self.label(node)}? (It was {format_number(change.old_proof)}/"
            f"{format_number(change.old_disproof)}.)",
            node,
            report,
            answer=(change.new_proof, change.new_disproof),
            before=(change.old_proof, change.old_disproof),
            shown_before={c.node: (c.old_proof, c.old_disproof) for c in report.changed},
        )
        return self.question

    def take_hidden(self) -> StepReport | None:
        """The hidden step for the caller to show, once (the question, if any, stays open)."""
        report, self.hidden = self.hidden, None
        return report

    # -- grading ----------------------------------------------------------------------------------

    def grade_selection(self, node: int) -> Grade:
        """Grade a click on first-level `node` against the engine's selection."""
        question = self._open(SELECTION)
        tree = self._tree()
        why = selection_why(tree, question.path, self.label)
        right = node == question.node
        if right:
            verdict = f"Right: {self.label(node)} is the most-proving node."
        else:
            verdict = (
                f"Wrong: you chose {self.label(node)}; the most-proving node is "
                f"{self.label(question.node)}. {mistake(tree, question.path, node, self.label)}"
            )
        return self._close(right, verdict, why)

    def grade_numbers(self, proof: int, disproof: int) -> Grade:
        """Grade typed numbers against the engine's numbers of the node after the update."""
        question = self._open(NUMBERS)
        name = self.label(question.node)
        new = f"{format_number(question.answer[0])}/{format_number(question.answer[1])}"
        right = (proof, disproof) == question.answer
        if right:
            verdict = f"Right: {name} is now {new}."
        else:
            verdict = (
                f"Wrong: you said {format_number(proof)}/{format_number(disproof)}; "
                f"{name} is now {new}."
            )
        return self._close(right, verdict, numbers_why(self._tree(), question.node, self.label))

    def _open(self, kind: str) -> Question:
        question = self.question
        if question is None or question.kind != kind:
            raise RuntimeError(f"no {kind} question is open")
        return question

    def _tree(self) -> Tree:
        """The quizzed search's tree (an open question means a search that keeps one)."""
        if self.search is None:
            raise RuntimeError("no search is quizzed")
        return kept_tree(self.search)

    def _close(self, right: bool, verdict: str, why: str) -> Grade:
        self.score.record(right)
        self.question = None
        return Grade(right, verdict, why)
