"""What a position of each game kind looks like, as pure descriptions: game and moves in, what
to draw out (no Qt), so `app.focus` and the tests read a position without a widget.

A description is registered by its game kind's name in `DESCRIPTIONS`; the widget that draws it
is registered under the same name in `app.board.pictures`. A game with a board and no description
of its own is described in words (`describe_text`); a game without a board has no picture (an
explicit tree's node letters show its line alone).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.games.chess_codes import decode_move
from ...core.games.chess_game import ChessGame
from ...core.games.game import Game
from ...core.games.mnk import MnkGame, board_text
from ...core.games.openspiel_game import OpenSpielGame
from ...core.games.registry import kind_of

Drawn = tuple[str | None, str | None, int | None]
"""What a picture draws: the position, the move into it and a square to mark (`PositionView`'s
`position`, `lastmove` and `check`)."""

Describe = Callable[[Any, Sequence[int]], Drawn]
"""A game kind's description: its game and the moves from the root in, what to draw out."""

EMPTY, FIRST_STONE, SECOND_STONE = ".", "X", "O"


@dataclass(frozen=True, slots=True)
class MnkPosition:
    """An m,n,k position as the widget draws it: `rows` top row first (X, O, `.`), `k` in a row
    wins, `gravity` for the Connect-Four kind."""

    rows: tuple[str, ...]
    k: int
    gravity: bool

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def stone(self, column: int, row: int) -> str:
        """The stone on (column, row), rows counted from the bottom as cells are named."""
        return self.rows[self.height - 1 - row][column]

    def text(self) -> str:
        """The position as `PositionView.position` carries it: "X.O/.X./... k=3 gravity=0"."""
        return f"{'/'.join(self.rows)} k={self.k} gravity={int(self.gravity)}"

    @classmethod
    def parse(cls, text: str) -> MnkPosition:
        """Read `text()` back."""
        rows, k, gravity = text.split(" ")
        return cls(tuple(rows.split("/")), int(k[2:]), gravity == "gravity=1")

    def line_made(self) -> list[tuple[int, int]]:
        """The cells of a line of k stones, if one is on the board (the game's end), else []."""
        for row in range(self.height):
            for column in range(self.width):
                stone = self.stone(column, row)
                if stone == EMPTY:
                    continue
                for d_column, d_row in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    cells = [(column + i * d_column, row + i * d_row) for i in range(self.k)]
                    if all(
                        0 <= c < self.width and 0 <= r < self.height and self.stone(c, r) == stone
                        for c, r in cells
                    ):
                        return cells
        return []

    def open_columns(self) -> list[int]:
        """With gravity, the columns a stone can still drop into."""
        return [c for c in range(self.width) if self.rows[0][c] == EMPTY]


def cell_name(column: int, row: int) -> str:
    """A cell as the game names it: column letter, row from the bottom ("c1")."""
    return f"{chr(ord('a') + column)}{row + 1}"


def cell_of(name: str) -> tuple[int, int]:
    """`cell_name` read back."""
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def mnk_position(game: MnkGame, moves: Sequence[int]) -> MnkPosition:
    """The position after `moves` from the game's root (its start position)."""
    cursor = MnkGame(game.rules, game.start)
    for move in moves:
        cursor.push(move)
    rows = tuple(board_text(cursor).split("\n"))
    return MnkPosition(rows, game.rules.k, game.rules.gravity)


def describe_mnk(game: MnkGame, moves: Sequence[int]) -> Drawn:
    """The position after `moves` as `MnkPosition.text` and the last stone's cell ("b2"): the
    start position's last stone where no move was searched yet."""
    played = [*game.start, *moves]
    last = game.rules.name(played[-1]) if played else None
    return mnk_position(game, moves).text(), last, None


def describe_openspiel(game: OpenSpielGame, moves: Sequence[int]) -> Drawn:
    """OpenSpiel's own text of the state after `moves` and the last move in its notation."""
    state = game.game.new_initial_state()
    last = None
    for action in [*game.start, *moves]:
        last = state.action_to_string(state.current_player(), action)
        state.apply_action(action)
    return str(state), last, None


def describe_chess(game: ChessGame, moves: Sequence[int]) -> Drawn:
    """The FEN after `moves`, the last move in UCI and the king's square if it is in check."""
    board = game.board_after(moves)
    check = board.king(board.turn) if board.is_check() else None
    return board.fen(), decode_move(moves[-1]).uci() if moves else None, check


def describe_text(game: Game, moves: Sequence[int]) -> Drawn:
    """A position in the words its game describes it with (`GameKind.position_text`) and the
    last move's label: the picture of a game with a board but no picture of its own."""
    kind = kind_of(game)
    last = kind.move_labels(game, moves)[-1] if moves else None
    return kind.position_text(game, moves), last, None


DESCRIPTIONS: dict[str, Describe] = {
    ChessGame.kind: describe_chess,
    MnkGame.kind: describe_mnk,
    OpenSpielGame.kind: describe_openspiel,
}
"""The descriptions by game kind name (`Game.kind`): a new game's picture is one line here and
one in `app.board.pictures.WIDGETS`."""


def description_of(game: Game) -> Describe | None:
    """The description of `game`'s kind: its own, the words of a board without one, or None for
    a game without a board (a tree file, shown by its line alone)."""
    describe = DESCRIPTIONS.get(game.kind)
    if describe is None and game.capabilities.has_board:
        return describe_text
    return describe


def describe_position(game: Game, moves: Sequence[int]) -> Drawn:
    """What the picture of `game`'s kind draws after `moves` (nothing without a picture)."""
    describe = description_of(game)
    return (None, None, None) if describe is None else describe(game, moves)
