"""File ▸ New game…: a board game, its settings, the goal searched and a start position, written as
the one-line specification `pn-explorer --game SPEC` and `pn-explorer solve --game SPEC` take
(`core.games.game_specs`), so what the dialog opens can be typed on the command line.

The games offered are the registered families' choices (`core.games.board_kind.GameChoice`), and
their settings' boxes are built from each choice's fields, so the dialog names no game. The
start position is a move list (in the game's notation), or made by clicking on the game's picture
beside it (`app.board.pictures`), where the family reads the game as it is set up. The dialog
only writes the specification; the window opens it and, if it is bad, says why in a message box
and keeps the dialog as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

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
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.errors import PnExplorerError
from ...core.games.board_kind import GOALS, WIN, GameChoice, GameSpec, SpecKind
from ...core.games.game_specs import parse_game_spec
from ...core.games.registry import kind_of, spec_kinds
from ..board.pictures import PictureWidget, picture_widget
from ..focus import line_view
from ..problems.sources import GAME, Source

if TYPE_CHECKING:
    from ..board.view import BoardView
    from ..session import Session


def game_choices() -> dict[str, tuple[SpecKind[Any], GameChoice]]:
    """The games offered, by the name their specification starts with, each with its family."""
    return {choice.name: (family, choice) for family in spec_kinds() for choice in family.choices}


def goal_choices(family: SpecKind[Any]) -> dict[str, tuple[int, str]]:
    """Who attacks and for what (thesis §3.1's binary goal) in the family's players' names:
    "X wins", "X at least draws", "O wins"…, each as (player, goal)."""
    return {
        family.goal_words(player, goal): (player, goal) for player in range(2) for goal in GOALS
    }


def game_spec(choice: str, values: dict[str, int | str], goal: str, moves: str) -> str:
    """The specification the dialog's choices write: the game's name with only the settings
    that differ from its defaults (`tic-tac-toe`, `connect-four(columns=4,rows=4,goal=draw)`);
    `moves` is a move list separated as the family allows (spaces or dots; commas too where no
    move name may hold one)."""
    family, entry = game_choices()[choice]
    player, aim = goal_choices(family)[goal]
    more = []
    if aim != WIN:
        more.append(f"goal={aim}")
    if player:
        more.append(f"player={family.player_settings[player]}")
    listed = ".".join(filter(None, re.split(family.move_separators, moves.strip())))
    if listed:
        more.append(f"moves={listed}")
    return family.write_spec(entry, values, more)


class NewGameDialog(QDialog):
    """Choose a game, its settings, the goal and a start position (`current`'s, then the moves
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
        self.choices = game_choices()
        self.game = QComboBox()
        for name, (_family, choice) in self.choices.items():
            self.game.addItem(choice.title, name)
        self.boxes: dict[str, QSpinBox | QLineEdit] = {}
        """The current game's settings by the specification's key, built from its fields."""
        self.settings = QWidget()
        self.settings_row = QHBoxLayout(self.settings)
        self.settings_row.setContentsMargins(0, 0, 0, 0)
        self.goal = QComboBox()
        self.moves = QLineEdit()
        self.moves.setPlaceholderText("e.g. b2 a1 (the game's own move names) or click")
        self.pictures = QStackedWidget()
        self.pictures.setMinimumSize(220, 220)
        self.board: QWidget | None = None
        """The picture of the game being set up, where its family draws it as it is set up."""
        self._pictures: dict[str, QWidget] = {}
        self.take_back = QPushButton("Take back")
        self.take_back.clicked.connect(self._take_back)
        self.spec = QLabel()
        self.spec.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.form = QFormLayout()
        self.form.addRow("Game:", self.game)
        self.form.addRow("Size:", self.settings)
        self.form.addRow("Goal:", self.goal)
        start = QHBoxLayout()
        start.addWidget(self.moves, 1)
        start.addWidget(self.take_back)
        self.form.addRow("Start position:", start)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.pictures, 1)
        layout.addWidget(self.spec)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self._fill(current)
        self.moves.setText(" ".join([self.moves.text(), *then]).strip())
        self.game.currentIndexChanged.connect(self._game_chosen)
        self.goal.currentIndexChanged.connect(self._changed)
        self.moves.textChanged.connect(self._changed)
        self._changed()

    # -- the game chosen -----------------------------------------------------------------------

    @property
    def family(self) -> SpecKind[Any]:
        return self.choices[self.game.currentData()][0]

    def _fill(self, current: str | None) -> None:
        """Start from the game open in the window (its specification), else the first offered."""
        try:
            spec = parse_game_spec(current) if current else None
        except PnExplorerError:
            spec = None
        if spec is None:
            self._choose(self.game.itemData(0), {})
            return
        name, values, moves = spec.family.dialog_values(spec)
        self._choose(name, values)
        self.goal.setCurrentText(spec.goal_text())
        self.moves.setText(" ".join(moves))

    def _choose(self, name: str, values: dict[str, int | str]) -> None:
        """Show the game `name`'s settings (its defaults where `values` gives none) and goals."""
        self.game.blockSignals(True)
        self.game.setCurrentIndex(max(0, self.game.findData(name)))
        self.game.blockSignals(False)
        family, choice = self.choices[self.game.currentData()]
        while self.settings_row.count():
            item = self.settings_row.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.boxes = {}
        for field in choice.fields:
            value = values.get(field.key, field.default)
            box: QSpinBox | QLineEdit
            if field.largest:
                box = QSpinBox()
                box.setRange(1, field.largest)
                box.setValue(int(value))
                box.valueChanged.connect(self._changed)
            else:
                box = QLineEdit(str(value))
                box.setPlaceholderText(field.placeholder)
                box.textChanged.connect(self._changed)
            self.boxes[field.key] = box
            self.settings_row.addWidget(box, 0 if field.largest else 1)
            if field.label:
                self.settings_row.addWidget(QLabel(field.label))
        label = self.form.labelForField(self.settings)
        if isinstance(label, QLabel):
            label.setText(choice.row)
        said = self.goal.currentIndex()
        self.goal.blockSignals(True)
        self.goal.clear()
        self.goal.addItems(list(goal_choices(family)))
        self.goal.setCurrentIndex(max(0, said))
        self.goal.blockSignals(False)
        self.pictures.setVisible(family.preview)
        self.take_back.setEnabled(family.preview)

    def _game_chosen(self) -> None:
        self._choose(self.game.currentData(), {})
        self.moves.clear()
        self._changed()

    def values(self) -> dict[str, int | str]:
        """The current game's settings as its boxes hold them."""
        return {
            key: box.value() if isinstance(box, QSpinBox) else box.text()
            for key, box in self.boxes.items()
        }

    def spec_text(self) -> str:
        """The specification the dialog's choices write."""
        return game_spec(
            self.game.currentData(), self.values(), self.goal.currentText(), self.moves.text()
        )

    # -- the start position --------------------------------------------------------------------

    def _parsed(self) -> GameSpec | None:
        try:
            return parse_game_spec(self.spec_text())
        except PnExplorerError as error:
            self.problem.setText(f"<span style='color:#b71c1c'>{error}</span>")
            return None

    def _picture(self, kind: str) -> QWidget:
        """The picture of the game kind `kind`, made on first use; a click on it plays there."""
        widget = self._pictures.get(kind)
        if widget is None:
            widget = picture_widget(kind)
            self._pictures[kind] = widget
            self.pictures.addWidget(widget)
            chosen = getattr(widget, "move_chosen", None)
            if chosen is not None:
                chosen.connect(self._clicked)
        return widget

    def _changed(self) -> None:
        """Show the specification and, where the family reads it as it is set up, its start
        position."""
        text = self.spec_text()
        self.spec.setText(f"Command line: <code>pn-explorer --game '{text}'</code>")
        if not self.family.preview:
            self.problem.setText("The game is checked when it opens.")
            return
        spec = self._parsed()
        if spec is None:
            return
        game = spec.game()
        self.board = self._picture(game.kind)
        self.pictures.setCurrentWidget(self.board)
        cast(PictureWidget, self.board).set_position(line_view(game, [], 0, spec.title()))
        goal = spec.goal_text()
        if not game.ordered_moves():
            self.problem.setText(f"{goal} · the game is over")
            return
        players = spec.family.players
        to_move = players[spec.attacker if game.is_or() else 1 - spec.attacker]
        click = ": click the board to play there" if hasattr(self.board, "move_chosen") else ""
        self.problem.setText(f"{goal} · {to_move} to move{click}")

    def _clicked(self, move: str) -> None:
        """The clicked move added, if it is legal (else the reason, in red)."""
        before = self.moves.text()
        self.moves.setText(f"{before} {move}".strip())
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
    """Open the dialog on the session's game (if a board game is open); `clicked`: a move chosen
    on `board`'s picture, after the moves to the position it shows."""
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
