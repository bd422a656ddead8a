"""The solution browser: a finished search's proof (or refutation) tree, walked ply by ply.

A proved root's line starts as its verified main line (the defender resisting longest); at every
defender ply a list offers every reply the proof answers, so any one can be followed down to its
mate. A disproved root's line starts with the attacker try that lasts longest; at every attacker
ply a list offers every try, each followed by the reply that holds, recursively (the refutation
tree of `core.proofs.solution_tree`). Choosing a move, or clicking one, plays the line to there
on the board and points at its node in the tree (through the result panel's line slider).

Beside a proof it says how long the shortest mate is and whether that is certified: the df-pn
certificate of `app.result.shortest_check` (Figure 3.10's weakness: PN finds *a* mate, not the
shortest), in a process of its own, cancellable. Reading the proof runs on a worker thread of
the window's background-job runner (`app.jobs`; Pn²'s proof re-searches the leaves its second
level solved), like the result's.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ...core.games.game import Game
from ...core.games.registry import kind_of
from ...core.proofs.claims import mate_text, shortest_text
from ...core.proofs.proof import ProofNode, disproof_tree
from ...core.proofs.solution_tree import SolutionLine, solution_stats
from ...core.runs.runner import RunRecord
from ...core.search.contract import Search
from ...core.search.types import Result
from ...core.values import counted
from ..board_focus import MAIN_LINE
from ..jobs import Jobs
from ..short_text import short_label
from ..tree_view import style
from .shortest_check import ShortestCheck

DOCK_TITLE = "Proof / refutation tree"
DOCK_WIDTH = 320
"""The dock's width when it opens: a reply and its plies to mate fit on one line. The window
keeps the browser in a dock at its right, hidden until a search ends solved (`opened`), so the
tree keeps the whole width while the search runs."""

SHOWN_PLIES = 200
"""Rows shown at a time: a line thousands of plies long (a deep tree file) is browsed a page at
a time, so opening it costs a page, not the whole line."""


def read_solution(search: Search, record: RunRecord) -> tuple[ProofNode, bool] | None:
    """The proof of a verified proof (True) or the refutation tree of a disproof (False), or None
    when there is nothing to browse (unsolved, a rejected proof, or df-pn's disproof: no tree)."""
    if record.result == Result.PROVED.value and record.verified:
        return search.proof(), True
    if record.result == Result.DISPROVED.value and search.tree is not None:
        return disproof_tree(search.tree), False
    return None


class SolutionBrowser(QWidget):
    """The proof or refutation tree's line, one row per ply, alternatives in a list per ply."""

    line_chosen = Signal(object, int, str)
    """(the line's move codes, the ply to show, its name for the board's heading): play it on
    the board and point at it."""
    opened = Signal()
    """A solution arrived to browse (its dock shows itself)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game: Game | None = None
        self.record: RunRecord | None = None
        self.solution: tuple[ProofNode, bool] | None = None
        """What is browsed: the proof tree (True) or the refutation tree (False)."""
        self.line: SolutionLine | None = None
        self._default_moves: list[int] = []
        """The line as it opened (the longest-lasting branch everywhere)."""
        """A tree file's node names (its moves), None for chess (SAN)."""
        self.rows: list[QWidget] = []
        """Per ply of the page shown: its list of alternatives (QComboBox) or its move
        (QPushButton); `rows[i]` is ply `first_ply + i`."""
        self.first_ply = 0
        """The first ply of the page shown (a multiple of SHOWN_PLIES)."""
        self.earlier: QPushButton | None = None
        self.later: QPushButton | None = None
        """The buttons to the page before and the page after, where there is one."""
        self.reading = Jobs(self)
        """Reads the proof or refutation tree off the GUI thread."""
        self.reading.result.connect(self._on_tree)
        self.reading.failed.connect(self._tree_failed)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.shortest = QLabel()
        self.shortest.setWordWrap(True)
        self.shortest.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop the αβ check for a shorter mate")
        self.cancel_button.clicked.connect(self.cancel_check)
        self.check = ShortestCheck(self)
        self.check.finished.connect(self._checked)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        shortest_row = QHBoxLayout()
        shortest_row.addWidget(self.shortest, 1)
        shortest_row.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addLayout(shortest_row)
        layout.addWidget(self.scroll_area, 1)
        self.clear()

    # -- what the window tells it ---------------------------------------------------------------

    def clear(self, text: str = "Solve the search to browse its proof or refutation here.") -> None:
        """A new search: nothing to browse, any check stopped."""
        self.reading.cancel()
        self.cancel_check()
        self.game = self.record = self.solution = self.line = None
        self.summary.setText(text)
        self.shortest.setText("")
        self.cancel_button.hide()
        self._set_rows([])

    def show_solution(self, search: Search | None, record: RunRecord | Exception) -> None:
        """The search ended solved and its record was verified: read its proof or refutation
        tree in the background; beside a chess mate, start the shorter-mate check."""
        self.clear("Reading the solution tree…")
        if isinstance(record, Exception) or search is None:
            self.summary.setText("No solution to browse.")
            return
        self.record = record
        self.opened.emit()
        game = self.game = search.game
        chess_mate = bool(record.verified) and game.capabilities.standard_chess
        self.reading.run_thread(lambda: read_solution(search, record))
        mate_in = record.mate_in
        if chess_mate and mate_in is not None and mate_in > 1:
            attacker_to_move = kind_of(game).fresh(game).is_or()
            self.check.start(record.fen, mate_in, attacker_to_move)
            self.shortest.setText(
                f"Shortest mate? df-pn is proving or disproving a mate in {mate_in - 1} "
                f"or fewer (at most {self.check.seconds:g} s)…"
            )
            self.cancel_button.show()
        elif chess_mate:
            self.shortest.setText(f"{shortest_text(1).capitalize()}.")

    def cancel_check(self) -> None:
        if self.check.busy:
            self.check.cancel()
            self.shortest.setText("The check for a shorter mate was cancelled.")
        self.cancel_button.hide()

    def wait(self, timeout_ms: int = 30000) -> None:
        """Block until the solution tree is read (screenshots and tests only)."""
        self.reading.wait(timeout_ms)

    # -- the line ------------------------------------------------------------------------------

    def choose(self, ply: int, move: int) -> None:
        """Follow `move` at `ply` (and the longest branch below); show the position after it."""
        line = self._browsed()
        line.choose(ply, move)
        self._build_rows()
        self.line_chosen.emit(list(line.moves), ply + 1, self.line_name())

    def show_ply(self, ply: int) -> None:
        """Show the position after the line's move `ply` (counting from 1)."""
        self.line_chosen.emit(list(self._browsed().moves), ply, self.line_name())

    def line_name(self) -> str:
        """What the board's heading calls the line: the main line only while it is the default
        (the defender resisting longest); a reply chosen in the lists makes it another line."""
        proved = self.solution is not None and self.solution[1]
        default = self.line is not None and self.line.moves == self._default_moves
        if proved:
            return MAIN_LINE if default else "Chosen line of the proof"
        return "Refutation line" if default else "Chosen line of the refutation"

    def _browsed(self) -> SolutionLine:
        """The line shown: the rows that call back here exist only beside one."""
        if self.line is None:
            raise RuntimeError("no solution tree is being browsed")
        return self.line

    def _solved(self) -> tuple[Game, RunRecord]:
        """The game and record of the solved search, set before its tree is read."""
        if self.game is None or self.record is None:
            raise RuntimeError("no solved search is being browsed")
        return self.game, self.record

    def _label(self, line: list[int], move: int) -> str:
        game, _record = self._solved()
        return short_label(kind_of(game).move_labels(game, [*line, move])[-1])

    def _tree_failed(self, _index: int, why: str) -> None:
        self.summary.setText(f"Could not read the solution tree: {_escape(why)}")

    def _on_tree(self, _index: int, result: tuple[ProofNode, bool] | None) -> None:
        if result is None:
            _game, record = self._solved()
            why = "the proof failed verification" if record.rejected else "no tree was kept"
            self.summary.setText(f"Nothing to browse: {why}.")
            return
        self.solution = result
        solution, proved = result
        self.line = SolutionLine(solution, self._label)
        self.first_ply = 0
        self._default_moves = list(self.line.moves)
        size, depth = solution_stats(solution)
        colour = (style.PROVED_TEXT if proved else style.DISPROVED_TEXT).name()
        what = "Proof tree" if proved else "Refutation tree"
        how = (
            "the defender resisting longest; every other reply in the lists"
            if proved
            else "the attacker try that lasts longest; every other try in the lists, each with "
            "the reply that holds"
        )
        _game, record = self._solved()
        replayed = record.proof_size or size
        shared = (
            f" (a position several move orders reach counted once; {replayed:,} replayed "
            "move by move)"
            if proved and replayed > size
            else ""
        )
        self.summary.setText(
            f"<b style='color:{colour}'>{what}: {counted(size, 'node')}, "
            f"{counted(depth, 'ply')} deep.</b>{shared} Line: {how}."
        )
        self._build_rows()

    def _checked(self, verdict: str, given: int, mate_in: int, line: str, certified: bool) -> None:
        self.cancel_button.hide()
        verdict = _escape(verdict)
        if line:
            colour = style.ALERT.name()
            after = f"Certified shortest: {verdict}." if certified else f"Shorter still? {verdict}."
            self.shortest.setText(
                f"<b style='color:{colour}'>{mate_text(given).capitalize()} found; a "
                f"{mate_text(mate_in)} exists (df-pn, verified):</b> {_escape(line)}. PN finds "
                f"<i>a</i> mate, not the shortest (thesis Figure 3.10). {after}"
            )
        elif certified:
            self.shortest.setText(
                f"df-pn: the {mate_text(given)} is the shortest (certified: {verdict})."
            )
        else:
            self.shortest.setText(f"df-pn: {mate_text(given)} proved; {verdict}.")

    # -- rows -------------------------------------------------------------------------------

    def _build_rows(self) -> None:
        line = self._browsed()
        game, _record = self._solved()
        standard = game.capabilities.standard_chess
        board = chess.Board(kind_of(game).root_text(game)) if standard else None
        proved = self.solution is not None and self.solution[1]
        first = self.first_ply
        rows: list[tuple[str, QWidget]] = []
        for ply, options in enumerate(line.options_from(first, SHOWN_PLIES), start=first):
            move = line.moves[ply]
            widget: QComboBox | QPushButton
            if len(options) > 1:
                widget = QComboBox()
                until = "to mate" if proved and standard else "to the end"
                for option in options:
                    widget.addItem(
                        f"{option.label}   · {counted(option.plies, 'ply')} {until}", option.move
                    )
                widget.setCurrentIndex(widget.findData(move))
                widget.setToolTip(f"{counted(len(options), 'move')} here: choose one to follow it")
                widget.activated.connect(
                    lambda index, ply=ply, box=widget: self.choose(ply, box.itemData(index))
                )
            else:
                widget = QPushButton(options[0].label)
                widget.setFlat(True)
                widget.setStyleSheet("text-align: left; padding: 2px 6px;")
                widget.setToolTip("Show the position after this move")
                widget.clicked.connect(lambda _checked=False, ply=ply: self.show_ply(ply + 1))
            rows.append((_ply_number(board, ply), widget))
        stop, end = first + len(rows), len(line.moves)
        earlier = later = None
        if first > 0:
            earlier = self._page_button(
                first - SHOWN_PLIES, f"◀ plies {first - SHOWN_PLIES + 1:,}–{first:,}"
            )
        if stop < end:
            later = self._page_button(
                stop, f"plies {stop + 1:,}–{min(stop + SHOWN_PLIES, end):,} ▶"
            )
        self._set_rows(rows, earlier, later)

    def _page_button(self, first: int, text: str) -> QPushButton:
        """A button that shows the page of the line from ply `first` on."""
        button = QPushButton(text)
        button.setToolTip("Show this part of the line")
        button.clicked.connect(lambda _checked=False: self.show_page(first))
        return button

    def show_page(self, first: int) -> None:
        """Show the rows of the line from ply `first` on (a page of SHOWN_PLIES)."""
        self.first_ply = first
        self._build_rows()

    def _set_rows(
        self,
        rows: list[tuple[str, QWidget]],
        earlier: QPushButton | None = None,
        later: QPushButton | None = None,
    ) -> None:
        """Fill a new grid and put it in place of the old one (which Qt deletes): widgets added
        one by one to a grid on screen cost Qt a layout pass each, the square of the rows."""
        host = QWidget()
        grid = QGridLayout(host)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        index = 0
        if earlier is not None:
            grid.addWidget(earlier, index, 0, 1, 2)
            index += 1
        for number, widget in rows:
            grid.addWidget(QLabel(number), index, 0, Qt.AlignmentFlag.AlignRight)
            grid.addWidget(widget, index, 1)
            index += 1
        if later is not None:
            grid.addWidget(later, index, 0, 1, 2)
            index += 1
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(index, 1)
        self.rows = [widget for _, widget in rows]
        self.earlier, self.later = earlier, later
        self.scroll_area.setWidget(host)


def _ply_number(board: chess.Board | None, ply: int) -> str:
    """`1.` before a White move and `1...` before a Black one, counted from the root."""
    if board is None:
        return f"{ply + 1}."
    white_first = board.turn == chess.WHITE
    index = ply + (0 if white_first else 1)
    number = board.fullmove_number + index // 2
    return f"{number}." if index % 2 == 0 else f"{number}..."


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
