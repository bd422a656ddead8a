"""The m,n,k family as games for proof-number search: tic-tac-toe, Go-Moku-style boards and,
with gravity, Connect-Four of any size (Allis's games, the thesis's §3.1 "try to reach at least a
draw").

Rules: two players, X first, place a stone on an empty cell (with gravity: drop it into a column,
where it falls to the lowest empty cell); k of one's own stones in a row, column or diagonal win;
a full board without such a line is a draw. The search goal is a binary one (thesis §3.1): one
player (the attacker, X or O) either *wins* or *at least draws*; the position is proved when the
goal is reached and disproved when it can no longer be.

The board is two bitboards (Python ints) laid out column by column with one empty sentinel row
above each column, as in Tromp's Connect-Four solver: cell (column c, row r) is bit
c·(height+1) + r, so a line through the last stone is followed by adding a fixed step (1 up,
height+1 across, height+2 and height along the diagonals) and never wraps round the board. Only
lines through the last stone can be new, so a win is found in O(k) per move. Positions hash by a
Zobrist key (one fixed random 64-bit number per player and cell, XORed in as stones are placed),
the same whatever order reached them, for the transposition searches (df-pn, DAG PN).

Expanding a position looks one ply further, from each player's *threat cells* (the cells where
one more stone makes a line, all found at once by shifts, as in Pons's Connect-Four solver): a
child that is lost at once is solved as it is generated, so every search meets the forced block
without expanding the moves that ignore it, and under df-pn a child's mobility counts only its
moves that do not lose at once (`MnkGame.expand`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import GameSpecError, InvalidPositionError
from ..values import Reason, Value
from .board_kind import DRAW, FIRST, GOALS, SECOND, WIN
from .game import Capabilities, Evaluation, Expansion, Known, RulesOnlyGame

PLAYER_NAMES = ("X", "O")
"""The two players, first (`FIRST`) and second (`SECOND`)."""

LARGEST_SIDE = 19
"""Board sides above Go-Moku's 19 are refused: no search here would get anywhere on them."""

LINE = Reason.CHECKMATE
BOARD_FULL = Reason.STALEMATE
"""The game-ending reasons, in the codes a tree node's flags hold (three bits, shared by every
game: a line made ends an m,n,k game as mate ends a chess game); `REASON_TEXTS` says them."""

REASON_TEXTS = {
    Reason.NONE: "",
    LINE: "a line of k stones",
    BOARD_FULL: "the board is full",
}

_ZOBRIST_SEED = 0x6D6E6B
"""A fixed seed: the same position hashes the same in every run (tests, table files)."""


@dataclass(frozen=True, slots=True)
class MnkRules:
    """One member of the family: `width` × `height` cells, `k` in a row wins, `gravity` for
    the Connect-Four kind, `attacker` (X or O) and its `goal` (win or at least draw)."""

    width: int
    height: int
    k: int
    gravity: bool = False
    attacker: int = FIRST
    goal: str = WIN

    def __post_init__(self) -> None:
        for name in ("width", "height", "k"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise GameSpecError(f"{name} must be a whole number, not {value!r}")
            if not 1 <= value <= LARGEST_SIDE:
                raise GameSpecError(f"{name} must be from 1 to {LARGEST_SIDE}, not {value}")
        if self.width * self.height < 2:
            raise GameSpecError("a board needs at least two cells")
        if self.k > max(self.width, self.height):
            raise GameSpecError(
                f"k = {self.k} cannot fit on a {self.width}×{self.height} board: "
                "no line is that long"
            )
        if self.attacker not in (FIRST, SECOND):
            raise GameSpecError(f"the attacker must be X or O, not {self.attacker!r}")
        if self.goal not in GOALS:
            raise GameSpecError(f"the goal must be 'win' or 'draw', not {self.goal!r}")

    @property
    def column_bits(self) -> int:
        """Bits per column: the cells and one sentinel row."""
        return self.height + 1

    def cell(self, column: int, row: int) -> int:
        """The bit index of a cell."""
        return column * (self.height + 1) + row

    def name(self, cell: int) -> str:
        """A cell in board coordinates: column letter, row number from the bottom ("d1")."""
        column, row = divmod(cell, self.height + 1)
        return f"{chr(ord('a') + column)}{row + 1}"

    def game_name(self) -> str:
        """The game in words, for a window's title: "tic-tac-toe", "Connect-Four 4 × 4",
        "Connect-Four 6 × 5, 3 in a row", "m,n,k 4,4,3"."""
        if self.gravity:
            line = "" if self.k == 4 else f", {self.k} in a row"
            return f"Connect-Four {self.width} × {self.height}{line}"
        if (self.width, self.height, self.k) == (3, 3, 3):
            return "tic-tac-toe"
        return f"m,n,k {self.width},{self.height},{self.k}"


def _zobrist(rules: MnkRules) -> tuple[list[int], list[int]]:
    generator = random.Random(_ZOBRIST_SEED)
    size = rules.width * rules.column_bits
    return (
        [generator.getrandbits(64) for _ in range(size)],
        [generator.getrandbits(64) for _ in range(size)],
    )


def centre_first(rules: MnkRules) -> list[int]:
    """Columns (gravity) or cells in the fixed move order: nearest the centre first, the thesis's
    §3.3.2 fixed order made to suit these games (the centre takes part in most lines)."""
    middle_column = (rules.width - 1) / 2
    middle_row = (rules.height - 1) / 2
    if rules.gravity:
        return sorted(range(rules.width), key=lambda c: (abs(c - middle_column), c))
    cells = [(c, r) for c in range(rules.width) for r in range(rules.height)]
    cells.sort(key=lambda cr: (abs(cr[0] - middle_column) + abs(cr[1] - middle_row), cr))
    return [rules.cell(c, r) for c, r in cells]


def lines_of(rules: MnkRules) -> list[int]:
    """Every line of k cells on the board (rows, columns, both diagonals), as bitmaps."""
    found = []
    for column in range(rules.width):
        for row in range(rules.height):
            for d_column, d_row in ((1, 0), (0, 1), (1, 1), (1, -1)):
                end_column = column + (rules.k - 1) * d_column
                end_row = row + (rules.k - 1) * d_row
                if 0 <= end_column < rules.width and 0 <= end_row < rules.height:
                    found.append(
                        sum(
                            1 << rules.cell(column + i * d_column, row + i * d_row)
                            for i in range(rules.k)
                        )
                    )
    return found


class MnkGame(RulesOnlyGame):
    """A cursor on an m,n,k (or Connect-Four) game tree (`core.games.game.Game`).

    Move codes are cell bit indices. `stones` holds each player's bitboard; `moves` the cells
    played since the empty board (the start position's included), so `pop` undoes the last."""

    kind = "mnk"
    capabilities = Capabilities(has_board=True, settles_early=True)

    def __init__(self, rules: MnkRules, start: list[int] | tuple[int, ...] = ()) -> None:
        self.rules = rules
        self._steps = (1, rules.height + 1, rules.height + 2, rules.height)
        self._order = centre_first(rules)
        self._keys = _zobrist(rules)
        self._full = rules.width * rules.height
        column_mask = (1 << rules.height) - 1
        self._board = sum(column_mask << c * rules.column_bits for c in range(rules.width))
        self._bottom = sum(1 << c * rules.column_bits for c in range(rules.width))
        self._lines = lines_of(rules)
        self.stones = [0, 0]
        self.moves: list[int] = []
        self.hash = 0
        self._won: list[bool] = []
        for cell in start:
            if self._won and self._won[-1]:
                raise InvalidPositionError(
                    f"{rules.name(cell)}: the game is already over (a line of {rules.k} was made)"
                )
            if cell not in self.legal_moves():
                raise InvalidPositionError(f"{rules.name(cell)} is not a legal move here")
            self.push(cell)
        self.start = tuple(self.moves)

    # -- the position -------------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        """The player to move (X, the first, on an even count of stones)."""
        return len(self.moves) & 1

    def legal_moves(self) -> list[int]:
        """Cells a stone can go to, in the fixed order (empty if the game is over)."""
        if self._won and self._won[-1]:
            return []
        occupied = self.stones[FIRST] | self.stones[SECOND]
        rules = self.rules
        if rules.gravity:
            found = []
            for column in self._order:
                bottom = column * rules.column_bits
                column_stones = (occupied >> bottom) & ((1 << rules.height) - 1)
                row = column_stones.bit_length()
                if row < rules.height:
                    found.append(bottom + row)
            return found
        return [cell for cell in self._order if not occupied >> cell & 1]

    def _line_through(self, cell: int, player: int) -> bool:
        """Whether the stone just placed on `cell` completes k in a row for `player`."""
        stones = self.stones[player]
        k = self.rules.k
        for step in self._steps:
            run = 1
            at = cell + step
            while run < k and at >= 0 and stones >> at & 1:
                run += 1
                at += step
            at = cell - step
            while run < k and at >= 0 and stones >> at & 1:
                run += 1
                at -= step
            if run >= k:
                return True
        return False

    def _playable(self) -> int:
        """The cells a stone can go to now, as a bitmap: with gravity the lowest empty cell of
        each column that has one (Tromp's `occupied + bottom`), else every empty cell."""
        occupied = self.stones[FIRST] | self.stones[SECOND]
        if self.rules.gravity:
            return (occupied + self._bottom) & self._board
        return self._board & ~occupied

    def _threats(self, player: int) -> int:
        """The cells (empty or not, on the board) where a stone of `player` would complete k in
        a row with the stones it has: along each direction, a cell with j of its stones in a
        row on one side and k − 1 − j on the other. The sentinel row keeps runs from wrapping."""
        stones = self.stones[player]
        if self.rules.k == 4:
            return self._four_threats(stones)
        k = self.rules.k
        found = 0
        for step in self._steps:
            above = [-1] * k
            below = [-1] * k
            for run in range(1, k):
                above[run] = above[run - 1] & (stones >> run * step)
                below[run] = below[run - 1] & (stones << run * step)
            for j in range(k):
                found |= below[j] & above[k - 1 - j]
        return found & self._board

    def _four_threats(self, stones: int) -> int:
        """`_threats` for k = 4, Connect-Four's, written out (Pons's `compute_winning_position`):
        three in a row on one side, or a pair on one side and one stone on the other."""
        found = 0
        for step in self._steps:
            pair_below = (stones << step) & (stones << 2 * step)
            pair_above = (stones >> step) & (stones >> 2 * step)
            found |= pair_below & ((stones << 3 * step) | (stones >> step))
            found |= pair_above & ((stones >> 3 * step) | (stones << step))
        return found & self._board

    def push(self, move: int) -> None:
        self._place(move, self._line_through(move, self.to_move))

    def _place(self, move: int, won: bool) -> None:
        """Play `move`, already known to make a line (`won`) or not."""
        player = self.to_move
        self.stones[player] |= 1 << move
        self.hash ^= self._keys[player][move]
        self.moves.append(move)
        self._won.append(won)

    def pop(self) -> None:
        move = self.moves.pop()
        self._won.pop()
        player = self.to_move
        self.stones[player] &= ~(1 << move)
        self.hash ^= self._keys[player][move]

    def reset(self) -> None:
        while len(self.moves) > len(self.start):
            self.pop()

    # -- the game contract --------------------------------------------------------------------

    def is_or(self) -> bool:
        return self.to_move == self.rules.attacker

    def _outcome(self) -> tuple[Value, Reason] | None:
        """The goal's value where the game is over here (a line made, or the board full)."""
        if self._won and self._won[-1]:
            winner = 1 - self.to_move
            return (Value.TRUE if winner == self.rules.attacker else Value.FALSE), LINE
        if len(self.moves) == self._full:
            return (Value.TRUE if self.rules.goal == DRAW else Value.FALSE), BOARD_FULL
        return None

    def evaluate(self) -> Evaluation:
        ended = self._outcome()
        if ended is not None:
            return Evaluation(ended[0], 0, ended[1])
        return Evaluation(Value.UNKNOWN, len(self.legal_moves()))

    def ordered_moves(self) -> list[int]:
        return self.legal_moves()

    def expand(
        self,
        room: int,
        known: Known | None = None,
        mates_in_one: bool = False,
        threats: bool = False,
    ) -> Expansion | None:
        """Every child, evaluated: a line just made, a full board, a loss in one (below), or
        its number of safe moves. There are no threats of mate to test: `threats` is ignored.

        One ply of lookahead, as Connect-Four solvers have it (Allis 1988; Pons's non-losing
        moves), from the threat cells of both players (`_threats`), every rule sound:

        * a child where the defender is to move and can make a line is disproved;
        * so is one where the attacker is to move, cannot make a line and has no safe move
          (`_safe_moves`: two playable threats of the defender, or every move under one);
        * with a win goal, so is one where no line of the board is free of the defender's
          stones: the attacker can never make one (Allis's dead positions);
        * with `mates_in_one`, a child where the attacker is to move and can make a line is
          flagged (`Expansion.mates_in_one`: df-pn proves it as it is generated);
        * with `mates_in_one`, an unsolved child's mobility is its number of safe moves (at
          least 1): the caller then solves both sides' unsafe moves as they are generated, so
          the thesis's §3.3.1 initialisation counts only the moves left to search (Nagai's
          df-pn+ idea of knowledge in a new node's numbers). Without it the count is of every
          move, as in the thesis, whose unsafe defender moves PN and DAG PN still search (there
          the safe count cost nodes on PN and was mixed on DAG PN: `docs/benchmarks.md`).

        The attacker's moves that ignore a threat are thus never expanded, nor are the
        defender's under df-pn: the forced-move rule, found by the numbers. Nothing is pruned,
        so a proof still answers every defender move and replays on any referee."""
        moves = self.legal_moves()
        if len(moves) > room:
            return None
        rules = self.rules
        mover = self.to_move
        child_is_or = mover != rules.attacker
        mover_wins = Value.FALSE if child_is_or else Value.TRUE
        full = len(self.moves) + 1 == self._full
        ends_full = Value.TRUE if rules.goal == DRAW else Value.FALSE
        lines = self._threats(mover)
        replies = self._threats(1 - mover)
        playable = self._playable()
        above = self._board if rules.gravity else 0
        attacker_lines = rules.goal == WIN
        values: list[Value] = []
        mobility: list[int] = []
        reasons: list[Reason] = []
        keys: list[int] = []
        wins_in_one: list[bool] = []
        for move in moves:
            bit = 1 << move
            won = bool(lines & bit)
            self._place(move, won)
            value, reason, count, win_in_one = Value.UNKNOWN, Reason.NONE, 0, False
            if won:
                value, reason = mover_wins, LINE
            elif full:
                value, reason = ends_full, BOARD_FULL
            else:
                after = (playable & ~bit) | (bit << 1 & above)
                if replies & after:
                    win_in_one = child_is_or
                    value = Value.UNKNOWN if child_is_or else Value.FALSE
                    count = after.bit_count()
                else:
                    safe = self._safe_moves(self._threats(mover), after)
                    if (child_is_or and not safe) or (
                        attacker_lines and not self._open_line(rules.attacker)
                    ):
                        value = Value.FALSE
                    elif mates_in_one:
                        count = max(1, safe.bit_count())
                    else:
                        count = after.bit_count()
                if value is not Value.UNKNOWN:
                    count = 0
            values.append(value)
            mobility.append(count)
            reasons.append(reason)
            keys.append(self.hash)
            wins_in_one.append(win_in_one)
            self.pop()
        return Expansion(
            moves,
            values,
            mobility,
            reasons,
            [child_is_or] * len(moves),
            keys,
            [0] * len(moves),
            wins_in_one if mates_in_one else None,
        )

    def _open_line(self, player: int) -> bool:
        """Whether some line of the board holds no stone of `player`'s opponent: without one,
        `player` can never make a line, whatever is played."""
        blocking = self.stones[1 - player]
        return any(not line & blocking for line in self._lines)

    def _safe_moves(self, threats: int, playable: int) -> int:
        """The moves of the player to move, who cannot make a line at once, that do not lose at
        once to the other's `threats` (Pons's non-losing moves): the one block if a threat is
        playable (none if two are), and with gravity never the cell right below a threat, which
        would make it playable."""
        urgent = threats & playable
        if urgent & (urgent - 1):
            return 0
        safe = urgent or playable
        if self.rules.gravity:
            safe &= ~(threats >> 1)
        return safe

    def position_hash(self) -> int:
        return self.hash

    def move_label(self, move: int) -> str:
        return self.rules.name(move)

    def position_label(self) -> str:
        """The board as rows from the top, `.` for empty ("X.O/.X./..."), and who is to move."""
        return f"{board_text(self, '/')} {PLAYER_NAMES[self.to_move]} to move"


def board_text(game: MnkGame, separator: str = "\n") -> str:
    """The board as text, top row first: X, O and `.` for an empty cell."""
    rules = game.rules
    rows = []
    for row in reversed(range(rules.height)):
        cells = []
        for column in range(rules.width):
            bit = 1 << rules.cell(column, row)
            cells.append(
                "X" if game.stones[FIRST] & bit else "O" if game.stones[SECOND] & bit else "."
            )
        rows.append("".join(cells))
    return separator.join(rows)


class MnkReferee:
    """The m,n,k rules written a second time, plainly (`core.proofs.referee.Referee`): a grid of
    rows, and after each move a scan of every line of the board for k in a row. It shares nothing
    with `MnkGame`'s bitboards but the cell numbering, so it can vouch for their proofs."""

    def __init__(self, rules: MnkRules, start: tuple[int, ...] = ()) -> None:
        self.rules = rules
        self.grid = [[-1] * rules.width for _ in range(rules.height)]
        self.played: list[tuple[int, int]] = []
        for cell in start:
            self.play(cell)

    def _where(self, cell: int) -> tuple[int, int]:
        column, row = divmod(cell, self.rules.height + 1)
        return column, row

    def to_move(self) -> int:
        return len(self.played) % 2

    def attacker_to_move(self) -> bool:
        return self.to_move() == self.rules.attacker

    def legal(self) -> list[int]:
        if self._winner() is not None:
            return []
        rules = self.rules
        found = []
        for column in range(rules.width):
            for row in range(rules.height):
                if self.grid[row][column] == -1:
                    found.append(rules.cell(column, row))
                    if rules.gravity:
                        break
        return found

    def play(self, move: int) -> None:
        column, row = self._where(move)
        self.grid[row][column] = self.to_move()
        self.played.append((column, row))

    def undo(self) -> None:
        column, row = self.played.pop()
        self.grid[row][column] = -1

    def _winner(self) -> int | None:
        rules, grid, k = self.rules, self.grid, self.rules.k
        for row in range(rules.height):
            for column in range(rules.width):
                player = grid[row][column]
                if player == -1:
                    continue
                for d_column, d_row in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    end_column = column + (k - 1) * d_column
                    end_row = row + (k - 1) * d_row
                    if not (0 <= end_column < rules.width and 0 <= end_row < rules.height):
                        continue
                    if all(
                        grid[row + i * d_row][column + i * d_column] == player for i in range(k)
                    ):
                        return player
        return None

    def goal_reached(self) -> bool | None:
        winner = self._winner()
        if winner is not None:
            return winner == self.rules.attacker
        if len(self.played) == self.rules.width * self.rules.height:
            return self.rules.goal == DRAW
        return None

    def describe(self, move: int) -> str:
        return self.rules.name(move)
