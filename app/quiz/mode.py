"""Quiz mode: the window hides the search's next step and asks the student to predict it.

The questions and their answers come from `core.quiz` (the engine's own select and update
phases). While a question is open the tree view draws no most-proving path (and, after a hidden
update, the numbers as they were), the board shows the root instead of the most-proving node, and
the step and run controls are off, and the replay's plot of the root's numbers is covered, so
nothing gives the answer away. Once the student has clicked
a node or typed numbers, the panel says right or wrong and why, the hidden step is shown through
the driver as any step is (path, marks, narration), and Next asks again. The EXPAND phase between
the two questions runs through the driver, in slices (a Pn² second level can be long).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget

from ...core.errors import InvalidAnswerError
from ...core.inputs.answers import parse_number_answer
from ...core.quiz.session import NUMBERS, SELECTION, Quiz
from ...core.search.contract import Stepper
from ...core.search.types import PHASE, StepReport
from ...core.tree import ROOT
from ..board_focus import BoardFocus
from ..narration.describe import describe_outcome
from ..narration.view import opening_text, quiz_opening_text
from ..progress.status_line import status_forms
from ..projector import SHOWN_IN_PROJECTOR
from ..session import Session, Ui
from ..tree_view.cover import Cover
from ..tree_view.view import TreeView
from .panel import QuizPanel

QUIZ_WIDTH = 300
"""The quiz dock's width: its question and verdict wrap in it, and the tree keeps the rest (the
node to click may be far from the root)."""
SHORTCUT = "Ctrl+E"
"""Quiz mode on and off ("exercise"; Ctrl+Q quits)."""

TIP = f"Predict the next step: click the most-proving node, type new numbers ({SHORTCUT})"
NOT_OFFERED = (
    "No quiz for df-pn: the quiz asks about PN's select and update phases, and df-pn steps by "
    "events of its recursion (expansions and back-ups) instead"
)
"""The quiz action's tooltip (and a status message) while the search is not quizzable (df-pn)."""
SELECTION_NARRATION = (
    "Quiz mode: which node does the search expand next? Walk down from the root as the select "
    "phase does: at an OR node (square) to the child with the same proof number, at an AND "
    "node (circle) to the child with the same disproof number, until a leaf. Click it in the "
    "tree; "
    "the step is told here once you have answered."
)
"""The narration while a "which node next" question is open, in place of the last step's,
which named the children the search turns to next."""


def quizzable(search: Stepper | None) -> bool:
    """Whether the quiz can ask about this search's steps (no search: nothing to refuse)."""
    return search is None or search.capabilities.quizzable


class QuizMode(QObject):
    """Quiz mode over one session: its action (the window puts it in a menu and the toolbar),
    its dock in `ui.host` and the question in progress. It covers `tree_view` and the board
    (`board`, redrawn through `ui`) and holds `step_actions` off while a question is open."""

    def __init__(
        self,
        session: Session,
        ui: Ui,
        tree_view: TreeView,
        board: BoardFocus,
        step_actions: list[QAction],
    ) -> None:
        host = ui.host
        super().__init__(host)
        self.session = session
        self.ui = ui
        self.driver = session.driver
        self.view = tree_view
        self.board = board
        self.step_actions = step_actions
        self.quiz = Quiz()
        self._waiting = False
        self.panel = QuizPanel()
        self.dock = QDockWidget("Quiz: predict the next step", host)
        self.dock.setObjectName("quiz")
        self.dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.dock.setWidget(self.panel)
        self.dock.setProperty(SHOWN_IN_PROJECTOR, True)
        host.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()
        self.action = QAction("&Quiz mode", host)
        self.action.setCheckable(True)
        self.action.setShortcut(QKeySequence(SHORTCUT))
        self.action.setToolTip(TIP)
        self.action.toggled.connect(self.set_on)
        self.next_action = QAction("Next quiz question", host)
        self.next_action.setShortcut(QKeySequence("N"))
        self.next_action.triggered.connect(self.next_question)
        for action in (self.action, self.next_action):
            host.addAction(action)
        self.steps = QActionGroup(host)
        self.steps.setExclusionPolicy(QActionGroup.ExclusionPolicy.None_)
        self.driver.search_changed.connect(self._search_changed)
        self.driver.stepped.connect(self._stepped)
        self.view.node_clicked.connect(self.answer_click)
        self.panel.numbers_entered.connect(self.answer_numbers)
        self.panel.next_requested.connect(self.next_question)
        self.panel.show_score(self.quiz.score)

    @property
    def on(self) -> bool:
        return self.action.isChecked()

    def set_on(self, on: bool) -> None:
        """Start or end quiz mode (the score stays for the session)."""
        if self.action.isChecked() != on:
            self.action.setChecked(on)
            return
        if on and not quizzable(self.driver.search):
            self.action.setChecked(False)
            return
        if on:
            for action in self.step_actions:
                self.steps.addAction(action)
            self.driver.pause()
            self.steps.setEnabled(False)
            self.ui.open_dock(self.dock, QUIZ_WIDTH, True)
            self.quiz.set_search(self.driver.search)
            self._tell_opening(self.driver.search)
            self._advance()
            return
        self._reveal()
        self._tell_opening(self.driver.search)
        self.quiz.set_search(None)
        self._waiting = False
        self.steps.setEnabled(True)
        for action in self.step_actions:
            self.steps.removeAction(action)
        self.ui.close_dock(self.dock)

    def status_forms(self) -> tuple[str, ...]:
        """The status line and its shorter forms while a question is open (none: the usual
        one). The search is a phase ahead of the screen: its "next" phase and, after a hidden
        update, its root numbers would give the answer away."""
        question = self.quiz.question
        if not self.on or question is None:
            return ()
        root = question.shown_before.get(ROOT) if question.kind == NUMBERS else None
        return status_forms(self.driver, root=root, next_text="your answer (quiz)")

    def _tell_opening(self, search: Stepper | None) -> None:
        """Before the first step the narration tells which keys step the search; quiz mode turns
        them off, so it says how the quiz goes instead (and the keys again when it ends)."""
        if search is None or not search.capabilities.quizzable:
            return
        if search.iterations or not search.at_boundary:
            return
        if search.outcome is None:
            self.ui.narrate(quiz_opening_text(search) if self.on else opening_text(search))

    # -- asking -----------------------------------------------------------------------------------

    def _advance(self) -> None:
        """Ask the next question the search's state allows, or step on to where one can be."""
        search = self.driver.search
        if not self.on or search is None or self._waiting:
            return
        quiz = self.quiz
        if search.outcome is not None:
            self._show_over(search)
            return
        if quiz.can_ask_selection:
            question = quiz.ask_selection()
        elif quiz.can_ask_numbers:
            question = quiz.ask_numbers()
        else:
            self._step_through_the_driver()
            return
        if question is None:
            self._reveal()
            if search.outcome is not None:
                self._show_over(search)
            else:
                self.panel.show_note("This update changed no numbers: the search goes on.")
            return
        numbers = question.shown_before if question.kind == NUMBERS else {}
        self.board.covered = question.kind == SELECTION
        self.board.hidden_numbers = set(numbers)
        if question.kind == NUMBERS:
            self.view.set_focused(1, question.node)
            self.view.show_node(1, question.node)
        self.view.set_cover(
            Cover(hide_path=True, shown_path_only=True, numbers=numbers, in_view=question.node)
        )
        self.ui.cover_answer(True)
        self._show_board()
        if question.kind == SELECTION and search.iterations:
            # the step before named the children the search turns to next ("next choices
            # first") and the node each number comes from: the answer
            self.ui.narrate(SELECTION_NARRATION)
        self.panel.show_question(question.text, question.kind == NUMBERS)
        self.ui.show_status(*(self.status_forms() or ("",)))

    def _show_over(self, search: Stepper) -> None:
        assert search.outcome is not None, "only an ended search has no more questions"
        ended = describe_outcome(search.outcome, search.game)
        self.panel.show_waiting(f"{ended} No more questions here.")

    def _step_through_the_driver(self) -> None:
        """The EXPAND phase (or the rest of a Pn² second level), shown as usual; the next
        question comes when the driver reports it done."""
        self._waiting = True
        self.panel.show_waiting("The search expands the node…")
        self.driver.step(PHASE)

    def _stepped(self, _report: StepReport) -> None:
        if self._waiting:
            self._waiting = False
            QTimer.singleShot(0, self._advance)

    def _search_changed(self, search: Stepper | None) -> None:
        """Opened or reset: questions start over on the new search (the score stays); df-pn
        has no phases to ask about, so quiz mode ends and is not offered while it is open."""
        self._waiting = False
        offered = quizzable(search)
        self.action.setEnabled(offered)
        self.action.setToolTip(TIP if offered else NOT_OFFERED)
        if not offered and self.on:
            self.quiz.set_search(None)  # the old search's question and held-back step go
            self.action.setChecked(False)
            self.ui.say(NOT_OFFERED, 8000)
        self.view.set_cover(Cover(shown_path_only=self.on))
        self.board.covered = False
        self.board.hidden_numbers = set()
        self.ui.cover_answer(False)
        if self.on:
            self.quiz.set_search(search)
            self._tell_opening(search)
            QTimer.singleShot(0, self._advance)

    # -- answering --------------------------------------------------------------------------------

    def answer_click(self, level: int, node: int) -> None:
        """A click on a tree node answers an open "which is most-proving" question."""
        question = self.quiz.question
        if not self.on or question is None or question.kind != SELECTION or level != 1:
            return
        grade = self.quiz.grade_selection(node)
        self._reveal()
        self.panel.show_grade(grade)
        self.panel.show_score(self.quiz.score)

    def answer_numbers(self, proof_text: str, disproof_text: str) -> None:
        """Typed numbers answer an open "what are the new numbers" question."""
        question = self.quiz.question
        if not self.on or question is None or question.kind != NUMBERS:
            return
        try:
            proof = parse_number_answer(proof_text, "proof number")
            disproof = parse_number_answer(disproof_text, "disproof number")
        except InvalidAnswerError as error:
            self.session.report(str(error), "Not a number")
            return
        grade = self.quiz.grade_numbers(proof, disproof)
        self._reveal()
        self.panel.show_grade(grade)
        self.panel.show_score(self.quiz.score)

    def next_question(self) -> None:
        """Next: only once the open question has been answered."""
        if self.on and self.quiz.question is None and not self._waiting:
            self._advance()

    def _reveal(self) -> None:
        """Lift the cover and show the step the quiz took, as the driver shows any step. The
        layout still opens only the selections shown: the live path is the next answer."""
        self.view.set_cover(Cover(shown_path_only=self.on))
        self.board.covered = False
        self.board.hidden_numbers = set()
        self.ui.cover_answer(False)
        report = self.quiz.take_hidden()
        if report is not None:
            self.driver.publish(report)
        self._show_board()

    def _show_board(self) -> None:
        self.ui.show_board()
