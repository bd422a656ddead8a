"""The result: a proved root with its *verified* mate line, a disproved root with its refutation,
or why an unsolved search stopped; the main line can be played through on the board.

Reading the proof out of a big tree and replaying it through the independent verifier can take
longer than a frame (Pn² even re-runs PN at the leaves its second level solved), so the session
calls `core.runs.runner.solution_record` on a worker thread (`app.jobs`); the search has ended by
then, so nothing else touches its tree. It takes the command line's path
(`core.runs.runner.describe_search`): a proof the verifier rejects is shown as an error, never as
a mate.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
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

from ...core.games.game import Game
from ...core.games.registry import kind_named
from ...core.runs.runner import RunRecord
from ...core.search.types import Result
from ...core.values import capitalised, counted
from ..board_focus import MAIN_LINE
from ..short_text import one_line, short_label
from ..tree_view import style

NOT_SOLVED = "Not solved yet: step or run the search."
"""The headline before a search has a result."""

MATE, TREE_PROOF, REFUTED, UNSOLVED, ERROR = "mate", "tree-proof", "refuted", "unsolved", "error"
UNCERTIFIED = "uncertified"
"""A disproof that the independent replay did not accept, or that the search could not read out
(`core.runs.runner.certify_disproof`): nothing is claimed, and the panel says why."""


def result_kind(record: RunRecord) -> str:
    """Which of the panel's kinds of result `record` is."""
    if record.rejected:
        return ERROR
    if record.uncertified:
        return UNCERTIFIED
    if record.result == Result.PROVED.value:
        return MATE if record.mate_in is not None else TREE_PROOF
    return REFUTED if record.result == Result.DISPROVED.value else UNSOLVED


def result_text(record: RunRecord, game: Game) -> tuple[str, list[str]]:
    """The panel's headline and detail lines for `record`, a search on `game` (whose kind says
    what a proof of it establishes). A rejected proof is an error, never a mate; a chess root's
    disproof is its verdict only once the independent replay accepted it."""
    kind = result_kind(record)
    words = kind_named(record.game)
    line = words.join_line(record.position, record.main_line, short_label)
    if kind == ERROR:
        return "The proof failed verification: nothing proved is reported", [
            record.verification_error
        ]
    if kind == MATE:
        return f"Proved: {record.claim}, verified by an independent replay", [
            line,
            f"Proof tree: {counted(record.proof_size or 0, 'node')}, "
            f"{counted(record.proof_depth or 0, 'ply')} deep.",
        ]
    if kind == TREE_PROOF:
        return words.verdict(game, True), [
            line,
            f"Proof tree: {counted(record.proof_size or 0, 'node')} replayed move by move "
            "under the game's rules.",
        ]
    if kind == UNCERTIFIED:
        return capitalised(record.disproof_text), [record.reason]
    if kind == REFUTED:
        lines = [": ".join(short_label(part) for part in line) for line in record.refutation] or [
            record.reason
        ]
        checked = [capitalised(record.disproof_text)] if record.disproof_text else []
        return words.verdict(game, False), lines + checked
    return f"Unsolved: {record.reason}", []


COLOURS = {
    MATE: style.PROVED_TEXT.name(),
    TREE_PROOF: style.PROVED_TEXT.name(),
    REFUTED: style.DISPROVED_TEXT.name(),
    UNSOLVED: "#8a5a00",
    ERROR: style.ALERT.name(),
    UNCERTIFIED: "#8a5a00",
}
"""The headline's colour: green proved and red disproved, as in the tree and its legend."""


class ResultPanel(QWidget):
    """Headline, details and play-through controls for the main line."""

    ply_changed = Signal(int)
    """The user moved through the main line: show the position after this many moves."""
    refutation_chosen = Signal(int)
    """The user clicked the refutation's line of this root move (its index among the root's
    children): show where it ends."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind: str | None = None
        """The kind of result shown (MATE, TREE_PROOF, …), None while there is none."""
        self.main_line: list[int] = []
        """The shown main line's game move codes, to play through."""
        self.line_name = MAIN_LINE
        """What the board calls the line played: the main line, or one the browser chose."""
        self.headline_text = ""
        self.headline = QLabel()
        self.headline.setWordWrap(True)
        self.body = QLabel()
        self.body.setWordWrap(True)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.body.linkActivated.connect(lambda link: self.refutation_chosen.emit(int(link)))
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

    def clear(self, text: str = NOT_SOLVED) -> None:
        self.kind, self.main_line, self.headline_text = None, [], text
        self.headline.setText(f"<b>{text}</b>")
        self.body.setText("")
        self.controls.hide()

    def show_pending(self) -> None:
        self.kind, self.main_line, self.headline_text = None, [], ""
        self.headline.setText("<b>Solved: reading and verifying the proof…</b>")
        self.body.setText("")
        self.controls.hide()

    def show_result(self, result: RunRecord | Exception, game: Game) -> None:
        """Show a record of a search on `game` (a rejected proof as an error), or the error that
        reading it raised."""
        if isinstance(result, Exception):
            self.kind, self.main_line = ERROR, []
            headline, lines = "Could not read the result", [one_line(str(result))]
        else:
            self.kind = result_kind(result)
            self.main_line = list(result.line_moves) if result.verified else []
            headline, lines = result_text(result, game)
        self.line_name = MAIN_LINE
        self.headline_text = headline
        colour = COLOURS[self.kind]
        self.headline.setText(f"<b style='color:{colour}'>{headline}</b>")
        if self.kind == REFUTED and not isinstance(result, Exception) and result.refutation:
            self.body.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
            lines_to_click = len(result.refutation)
            self.body.setText(
                "<br>".join(
                    _link(index, line) if index < lines_to_click else _escape(line)
                    for index, line in enumerate(lines)
                )
            )
        else:
            self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.body.setText("<br>".join(_escape(line) for line in lines))
        self.controls.setVisible(bool(self.main_line))
        self.slider.blockSignals(True)
        self.slider.setMaximum(len(self.main_line))
        self.slider.setValue(0)
        self.slider.blockSignals(False)
        self.play_label.setText(f"0/{len(self.main_line)}")
        self.controls.setToolTip("Play through the main line on the board (Left / Right)")

    def play_line(self, moves: list[int], ply: int, name: str = MAIN_LINE) -> None:
        """Play another line of the solution (the solution browser chose it, and names it) to
        `ply`."""
        self.main_line, self.line_name = list(moves), name
        self.slider.blockSignals(True)
        self.slider.setMaximum(len(moves))
        self.slider.setValue(ply)
        self.slider.blockSignals(False)
        self._moved(ply)

    def _moved(self, ply: int) -> None:
        self.play_label.setText(f"{ply}/{self.slider.maximum()}")
        self.ply_changed.emit(ply)

    @property
    def ply(self) -> int:
        return self.slider.value()


def _link(index: int, line: str) -> str:
    """A refutation line the user can click, in the refutation's own colour."""
    colour = style.DISPROVED_TEXT.name()
    return f"<a href='{index}' style='color:{colour}'>{_escape(line)}</a>"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
