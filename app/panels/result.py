"""The result: a proved root with its *verified* mate line, a disproved root with its refutation,
or why an unsolved search stopped; the main line can be played through on the board.

Reading the proof out of a big tree and replaying it through the independent verifier can take
longer than a frame (Pn² even re-runs PN at the leaves its second level solved), so `SolutionJob`
does it on a worker thread; the search has ended by then, so nothing else touches its tree.
A proof the verifier rejects is shown as an error, never as a mate.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import chess
from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSlider,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from app.focus import san_line
from core.errors import VerificationError
from core.games.chess_game import ChessGame, encode_move
from core.proofs.solution import mate_solution, refutation, tree_refutation, verify_tree_proof
from core.search.types import Outcome, Result

MATE, TREE_PROOF, REFUTED, UNSOLVED, ERROR = "mate", "tree-proof", "refuted", "unsolved", "error"


@dataclass(slots=True)
class SolutionResult:
    """What the result panel shows; `main_line` are game move codes from the root."""

    kind: str
    headline: str
    lines: list[str] = field(default_factory=list)
    main_line: list[int] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)


def solution_result(search) -> SolutionResult:
    """Describe an ended search; proofs are verified here (this may take a while: worker)."""
    outcome: Outcome = search.outcome
    game = search.game
    chess_game = isinstance(game, ChessGame)
    if outcome.result is Result.PROVED:
        if chess_game:
            try:
                mate = mate_solution(game, search.proof())
            except VerificationError as error:
                return SolutionResult(
                    ERROR, "The proof failed verification: no mate is reported", [str(error)]
                )
            codes = [encode_move(chess.Move.from_uci(uci)) for uci in mate.main_line_uci]
            return SolutionResult(
                MATE,
                f"Proved: mate in {mate.mate_in}, verified by an independent replay",
                [
                    san_line(game.root_board, codes),
                    f"Proof tree: {mate.proof_size:,} nodes, {mate.proof_depth} plies deep.",
                ],
                codes,
                mate.main_line_san,
            )
        proof = search.proof()
        try:
            size = verify_tree_proof(game.tree, proof)
        except VerificationError as error:
            return SolutionResult(ERROR, "The proof failed verification", [str(error)])
        codes = proof.main_line()
        labels = [game.node_name(code) for code in codes]
        return SolutionResult(
            TREE_PROOF,
            "Proved: the root is true",
            [
                " → ".join([game.tree.nodes[0].name, *labels]),
                f"Proof tree: {size} nodes, checked against the file.",
            ],
            codes,
            labels,
        )
    if outcome.result is Result.DISPROVED:
        if chess_game:
            lines = [f"{move} — {reply}" for move, reply in refutation(game, search.tree).lines]
            if not lines:
                lines = [str(outcome)]
            return SolutionResult(REFUTED, "Disproved: no forced mate", lines)
        return SolutionResult(
            REFUTED,
            "Disproved: the root is false",
            [f"{name}: {text}" for name, text in tree_refutation(game, search.tree).lines]
            or [str(outcome)],
        )
    return SolutionResult(UNSOLVED, f"Unsolved: {outcome}")


class SolutionJob(QThread):
    """Computes `solution_result` off the GUI thread; `done` carries (token, SolutionResult)."""

    done = Signal(object, object)

    def __init__(self, search, token: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.search = search
        self.token = token

    def run(self) -> None:
        try:
            result = solution_result(self.search)
        except Exception as error:  # noqa: BLE001 (a bug must not kill the window: show it)
            result = SolutionResult(ERROR, "Could not read the result", [repr(error)])
        self.done.emit(self.token, result)


COLOURS = {
    MATE: "#1b7f3a",
    TREE_PROOF: "#1b7f3a",
    REFUTED: "#1f4fa0",
    UNSOLVED: "#8a5a00",
    ERROR: "#c62828",
}


class ResultPanel(QWidget):
    """Headline, details and play-through controls for the main line."""

    ply_changed = Signal(int)
    """The user moved through the main line: show the position after this many moves."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result: SolutionResult | None = None
        self.headline = QLabel()
        self.headline.setWordWrap(True)
        self.body = QLabel()
        self.body.setWordWrap(True)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.body.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        pixmap = QStyle.StandardPixmap
        self.first = QPushButton()
        self.back = QPushButton()
        self.forward = QPushButton()
        self.last = QPushButton()
        for button, icon, tip in (
            (self.first, pixmap.SP_MediaSkipBackward, "Start of the main line (Home)"),
            (self.back, pixmap.SP_MediaSeekBackward, "One move back (Left)"),
            (self.forward, pixmap.SP_MediaSeekForward, "One move forward (Right)"),
            (self.last, pixmap.SP_MediaSkipForward, "End of the main line (End)"),
        ):
            button.setIcon(self.style().standardIcon(icon))
            button.setToolTip(tip)
            button.setFixedWidth(34)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimum(0)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.play_label = QLabel()
        self.first.clicked.connect(lambda: self.slider.setValue(0))
        self.back.clicked.connect(lambda: self.slider.setValue(self.slider.value() - 1))
        self.forward.clicked.connect(lambda: self.slider.setValue(self.slider.value() + 1))
        self.last.clicked.connect(lambda: self.slider.setValue(self.slider.maximum()))
        self.slider.valueChanged.connect(self._moved)
        self.controls = QWidget()
        row = QHBoxLayout(self.controls)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in (self.first, self.back, self.forward, self.last):
            row.addWidget(widget)
        row.addWidget(self.slider, 1)
        row.addWidget(self.play_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.headline)
        layout.addWidget(self.body)
        layout.addWidget(self.controls)
        self.clear()

    def clear(self, text: str = "Not solved yet: step or run the search.") -> None:
        self.result = None
        self.headline.setText(f"<b>{text}</b>")
        self.body.setText("")
        self.controls.hide()

    def show_pending(self) -> None:
        self.result = None
        self.headline.setText("<b>Solved: reading and verifying the proof…</b>")
        self.body.setText("")
        self.controls.hide()

    def show_result(self, result: SolutionResult) -> None:
        self.result = result
        colour = COLOURS[result.kind]
        self.headline.setText(f"<b style='color:{colour}'>{result.headline}</b>")
        self.body.setText("<br>".join(_escape(line) for line in result.lines))
        has_line = bool(result.main_line)
        self.controls.setVisible(has_line)
        self.slider.blockSignals(True)
        self.slider.setMaximum(len(result.main_line))
        self.slider.setValue(0)
        self.slider.blockSignals(False)
        self.play_label.setText(f"0/{len(result.main_line)}")
        self.controls.setToolTip("Play through the main line on the board (Left / Right)")

    def _moved(self, ply: int) -> None:
        self.play_label.setText(f"{ply}/{self.slider.maximum()}")
        self.ply_changed.emit(ply)

    @property
    def ply(self) -> int:
        return self.slider.value()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
