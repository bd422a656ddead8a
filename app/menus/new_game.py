"""File ▸ New game…: a board game (tic-tac-toe, an m,n,k game, Connect-Four, Go-Moku or an
OpenSpiel game), its size, the goal searched and a start position, written as the one-line
specification `pn-explorer --game SPEC` and `pn-explorer solve --game SPEC` take
(`core.games.game_specs`), so what the dialog opens can be typed on the command line.

The start position is a move list (cells such as `b2 a1`; an OpenSpiel game's own move names or
action ids), or made by clicking on the board beside it. The dialog only writes the
specification; the window opens it and, if it is bad, says why in a message box and keeps the
dialog as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from pn_explorer.app.panels.game_pictures import MnkBoard, mnk_position
from pn_explorer.app.problems.sources import GAME, Source
from pn_explorer.core.errors import PnExplorerError
from pn_explorer.core.games.game_specs import BUILT_IN, OPENSPIEL_PREFIX, GameSpec, parse_game_spec
from pn_explorer.core.games.mnk import LARGEST_SIDE, MnkGame
from pn_explorer.core.games.registry import kind_of

if TYPE_CHECKING:
    from pn_explorer.app.panels.board import BoardView
    from pn_explorer.app.session import Session

OPENSPIEL = "openspiel"
GAMES = {
    "tic-tac-toe": "Tic-tac-toe",
    "mnk": "m,n,k game (k in a row)",
    "connect-four": "Connect-Four (stones drop)",
    "gomoku": "Go-Moku (5 in a row)",
    OPENSPIEL: "OpenSpiel game (needs pn-explorer[openspiel])",
}
"""The games offered, by the name their specification starts with."""
GOALS = {
    "X wins": ("x", "win"),
    "X at least draws": ("x", "draw"),
    "O wins": ("o", "win"),
    "O at least draws": ("o", "draw"),
}
"""Who attacks and for what (thesis §3.1's binary goal), as the specification writes them."""
SIZE_NAMES = {"connect-four": ("columns", "rows")}
"""What a game calls its width and height in a specification (m and n where not named here)."""


def game_spec(
    game: str, width: int, height: int, k: int, goal: str, moves: str, openspiel: str = ""
) -> str:
    """The specification the dialog's choices write: the game's name with only the settings
    that differ from its defaults (`tic-tac-toe`, `connect-four(columns=4,rows=4,goal=draw)`);
    `moves` is a move list separated by spaces or dots (commas too, but in an OpenSpiel game,
    whose move names may hold them)."""
    player, aim = GOALS[goal]
    settings: list[str] = []
    if game == OPENSPIEL:
        text = openspiel.strip().removeprefix(OPENSPIEL_PREFIX)
        name, bracket, rest = text.partition("(")
        if bracket and rest.endswith(")"):
            settings.append(rest[:-1])
        else:
            name = text  # as typed: the specification's reader says what is wrong with it
        name = OPENSPIEL_PREFIX + name.strip()
    else:
        defaults = BUILT_IN[game]
        across, down = SIZE_NAMES.get(game, ("m", "n"))
        for key, value, default in (
            (across, width, defaults["m"]),
            (down, height, defaults["n"]),
            ("k", k, defaults["k"]),
        ):
            if value != default:
                settings.append(f"{key}={value}")
        name = game
    if aim == "draw":
        settings.append("goal=draw")
    if player == "o":
        settings.append("player=o")
    separators = r"[\s.]+" if game == OPENSPIEL else r"[\s,.;]+"  # a move name may hold a comma
    listed = ".".join(filter(None, re.split(separators, moves.strip())))
    if listed:
        settings.append(f"moves={listed}")
    return f"{name}({','.join(filter(None, settings))})" if any(settings) else name


class NewGameDialog(QDialog):
    """Choose a game, its size, the goal and a start position (`current`'s, then the moves
    `then`). `open_game(spec)` opens it and returns False (after saying why) to keep the dialog
    open for correcting."""

    def __init__(
        self,
        open_game: Callable[[str], bool],
        current: str | None = None,
        parent: QWidget | None = None,
        then: Sequence[str] = (),
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.open_game = open_game
        self.game = QComboBox()
        for name, title in GAMES.items():
            self.game.addItem(title, name)
        self.width_box, self.height_box, self.k_box = QSpinBox(), QSpinBox(), QSpinBox()
        for box in (self.width_box, self.height_box, self.k_box):
            box.setRange(1, LARGEST_SIDE)
        self.openspiel = QLineEdit()
        self.openspiel.setPlaceholderText("e.g. hex(board_size=3) or connect_four(rows=4)")
        self.goal = QComboBox()
        self.goal.addItems(list(GOALS))
        self.moves = QLineEdit()
        self.moves.setPlaceholderText("e.g. b2 a1 (cells; OpenSpiel: its move names) or click")
        self.board = MnkBoard(clickable=True)
        self.board.setMinimumSize(220, 220)
        self.board.move_chosen.connect(self._clicked)
        self.take_back = QPushButton("Take back")
        self.take_back.clicked.connect(self._take_back)
        self.spec = QLabel()
        self.spec.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Game:", self.game)
        size = QHBoxLayout()
        for label, box in (("columns", self.width_box), ("rows", self.height_box)):
            size.addWidget(box)
            size.addWidget(QLabel(label))
        size.addWidget(self.k_box)
        size.addWidget(QLabel("in a row"))
        form.addRow("Size:", size)
        form.addRow("OpenSpiel game:", self.openspiel)
        form.addRow("Goal:", self.goal)
        start = QHBoxLayout()
        start.addWidget(self.moves, 1)
        start.addWidget(self.take_back)
        form.addRow("Start position:", start)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.board, 1)
        layout.addWidget(self.spec)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self._fill(current)
        self.moves.setText(" ".join([self.moves.text(), *then]).strip())
        self.game.currentIndexChanged.connect(self._game_chosen)
        for box in (self.width_box, self.height_box, self.k_box):
            box.valueChanged.connect(self._changed)
        self.goal.currentIndexChanged.connect(self._changed)
        self.moves.textChanged.connect(self._changed)
        self.openspiel.textChanged.connect(self._changed)
        self._changed()

    def _fill(self, current: str | None) -> None:
        """Start from the game open in the window (its specification), else tic-tac-toe."""
        self._sizes("tic-tac-toe")
        try:
            spec = parse_game_spec(current) if current else None
        except PnExplorerError:
            spec = None
        if spec is None:
            self._enable("tic-tac-toe")
            return
        goal = f"{'XO'[spec.attacker]} {'wins' if spec.goal == 'win' else 'at least draws'}"
        self.goal.setCurrentText(goal)
        if spec.rules is None:
            assert spec.openspiel is not None
            self.game.setCurrentIndex(self.game.findData(OPENSPIEL))
            self.openspiel.setText(spec.openspiel)
            self.moves.setText(" ".join(str(move) for move in spec.moves))
            self._enable(OPENSPIEL)
            return
        name = current.split("(", 1)[0].strip().lower() if current else "mnk"
        self.game.setCurrentIndex(max(0, self.game.findData(name)))
        rules = spec.rules
        self.width_box.setValue(rules.width)
        self.height_box.setValue(rules.height)
        self.k_box.setValue(rules.k)
        self.moves.setText(" ".join(rules.name(cell) for cell in spec.moves))
        self._enable(name)

    def _sizes(self, game: str) -> None:
        defaults = BUILT_IN.get(game, BUILT_IN["tic-tac-toe"])
        self.width_box.setValue(int(defaults["m"]))
        self.height_box.setValue(int(defaults["n"]))
        self.k_box.setValue(int(defaults["k"]))

    def _enable(self, game: str) -> None:
        built_in = game != OPENSPIEL
        for box in (self.width_box, self.height_box, self.k_box):
            box.setEnabled(built_in)
        self.openspiel.setEnabled(not built_in)
        self.board.setVisible(built_in)
        self.take_back.setEnabled(built_in)

    def _game_chosen(self) -> None:
        game = self.game.currentData()
        if game != OPENSPIEL:
            for box in (self.width_box, self.height_box, self.k_box):
                box.blockSignals(True)
            self._sizes(game)
            for box in (self.width_box, self.height_box, self.k_box):
                box.blockSignals(False)
        self.moves.clear()
        self._enable(game)
        self._changed()

    def spec_text(self) -> str:
        """The specification the dialog's choices write."""
        return game_spec(
            self.game.currentData(),
            self.width_box.value(),
            self.height_box.value(),
            self.k_box.value(),
            self.goal.currentText(),
            self.moves.text(),
            self.openspiel.text(),
        )

    def _parsed(self) -> GameSpec | None:
        try:
            return parse_game_spec(self.spec_text())
        except PnExplorerError as error:
            self.problem.setText(f"<span style='color:#b71c1c'>{error}</span>")
            return None

    def _changed(self) -> None:
        """Show the specification and, for a built-in game, its start position."""
        text = self.spec_text()
        self.spec.setText(f"Command line: <code>pn-explorer --game '{text}'</code>")
        if self.game.currentData() == OPENSPIEL:
            self.problem.setText("The game is checked when it opens.")
            return
        spec = self._parsed()
        if spec is None or spec.rules is None:
            return
        game = MnkGame(spec.rules, spec.moves)
        last = spec.rules.name(spec.moves[-1]) if spec.moves else None
        self.board.show_board(mnk_position(game, ()), last)
        over = not game.legal_moves()
        to_move = "XO"[game.to_move]
        self.problem.setText(
            f"{spec.goal_text()} · the game is over"
            if over
            else f"{spec.goal_text()} · {to_move} to move: click a cell to play there"
        )

    def _clicked(self, cell: str) -> None:
        """A stone on the clicked cell, if it is a legal move (else the reason, in red)."""
        before = self.moves.text()
        self.moves.setText(f"{before} {cell}".strip())
        if self._parsed() is None:
            reason = self.problem.text()
            self.moves.setText(before)
            self.problem.setText(reason)

    def _take_back(self) -> None:
        self.moves.setText(" ".join(self.moves.text().split()[:-1]))

    def accept(self) -> None:
        if self.open_game(self.spec_text()):
            super().accept()


def open_new_game(
    session: Session, board: BoardView, parent: QWidget, clicked: str = ""
) -> NewGameDialog:
    """Open the dialog on the session's game (if a board game is open); `clicked`: a cell clicked
    on `board`, after the moves to the position it shows."""
    problem = session.problem
    current = problem.source.text if problem is not None and problem.source.kind == GAME else None
    then: list[str] = []
    view, search = board.view, session.search
    if clicked and current is not None and view is not None and search is not None:
        then = [*kind_of(search.game).move_labels(search.game, view.moves), clicked]

    def open_game(spec: str) -> bool:
        return session.open_source(Source(GAME, spec))

    dialog = NewGameDialog(open_game, current, parent, then)
    dialog.open()
    return dialog
