"""EPD lines and files and PGN files into checked standard-chess positions (`SuitePosition`).

Every position passes `core.inputs.boards.check_board`; a PGN of another variant (Atomic,
Horde, Crazyhouse, …) is refused by name, since PN Explorer proves mates in standard chess only.
EPD lines may carry a full FEN (with the halfmove and fullmove fields) and the mate-suite
conventions `dm N`, `bm #N` (the side to move mates in N) and `bm #-N` (it is mated in N).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import chess

from ..errors import InvalidEpdError, InvalidPositionError, UnsupportedProblemError
from .boards import check_board
from .files import read_text
from .numbers import LONGEST_MATE
from .text import brief, shown

if TYPE_CHECKING:
    import chess.pgn

STANDARD_VARIANTS = ("standard", "chess", "normal", "from position")
MOST_GAMES = 100_000_000
"""The largest game number asked of a PGN file: more games than a file PN Explorer reads holds
(256 MiB, at least three bytes a game)."""
"""PGN `Variant` values that mean standard chess (Lichess writes "From Position" for a set-up)."""
CHESS960_VARIANTS = (
    "chess960",
    "chess 960",
    "fischerandom",
    "fischer random",
    "fischer random chess",
)


@dataclass(frozen=True, slots=True)
class SuitePosition:
    """One test position: its id, board, key moves (SAN) and known mate length.

    `attacker_to_move` is False where the suite says the side to move *gets* mated (`bm #-N`):
    the attacker is then the side not to move.
    """

    id: str
    board: chess.Board
    best_moves: tuple[str, ...] = ()
    mate_length: int | None = None
    attacker_to_move: bool = True

    @property
    def fen(self) -> str:
        return self.board.fen()

    @property
    def attacker(self) -> chess.Color:
        """The side that mates: the side to move, or for `bm #-N` the other side."""
        return self.board.turn if self.attacker_to_move else not self.board.turn


_CLOCK = re.compile(r"[0-9]{1,6}")


def _split_operations(text: str) -> list[str]:
    """EPD operations split at the semicolons outside quoted strings (`id "a;b";`)."""
    operations: list[str] = []
    current: list[str] = []
    quoted = False
    for char in text:
        if char == '"':
            quoted = not quoted
        if char == ";" and not quoted:
            operations.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    rest = "".join(current).strip()
    return [op for op in [*operations, rest] if op]


def _mate_length(operand: str, where: str, opcode: str) -> int:
    if not re.fullmatch(r"[0-9]+", operand) or not operand.strip("0"):
        raise InvalidEpdError(
            f"{where}: {opcode} must be a positive whole number, not {shown(operand)}"
        )
    if len(operand.lstrip("0")) > len(str(LONGEST_MATE)) or int(operand) > LONGEST_MATE:
        raise InvalidEpdError(
            f"{where}: {opcode} {shown(operand)} is too long a mate (at most {LONGEST_MATE:,} "
            "moves)"
        )
    return int(operand)


def parse_epd_line(line: str, line_number: int = 0, source: str = "EPD") -> SuitePosition:
    """One EPD record; InvalidEpdError (with the line number) if it is not a legal position."""
    where = f"{source} line {line_number}" if line_number else source
    fields = line.split(None, 6)
    if len(fields) < 4:
        raise InvalidEpdError(
            f"{where}: an EPD line starts with four FEN fields, not {shown(line)}"
        )
    clocks = None
    if len(fields) >= 6 and _CLOCK.fullmatch(fields[4]) and _CLOCK.fullmatch(fields[5]):
        clocks = (int(fields[4]), int(fields[5]))
        fields = fields[:4] + fields[6:]
    position, operations_text = " ".join(fields[:4]), " ".join(fields[4:])
    mate: int | None = None
    attacker_to_move = True
    kept = []
    for operation in _split_operations(operations_text):
        opcode, _, operand = operation.partition(" ")
        operand = operand.strip()
        if opcode == "dm":
            mate_here = _mate_length(operand, where, "dm")
        elif opcode == "bm" and operand.startswith("#"):
            sign = "-" if operand.startswith("#-") else ""
            length = operand[1 + len(sign) :]
            attacker_to_move = not sign
            mate_here = _mate_length(length, where, f"bm #{sign}N")
        else:
            kept.append(operation)
            continue
        if mate is not None and mate != mate_here:
            raise InvalidEpdError(f"{where}: mate lengths {mate} and {mate_here} disagree")
        mate = mate_here
    try:
        board, operations = chess.Board.from_epd(" ".join([position, *(f"{op};" for op in kept)]))
    except ValueError as error:
        raise InvalidEpdError(f"{where}: {brief(error)}") from None
    if clocks is not None:
        board.halfmove_clock, board.fullmove_number = clocks[0], max(1, clocks[1])
    try:
        check_board(board)
    except InvalidPositionError as error:
        raise InvalidEpdError(f"{where}: {error}") from None
    best = operations.get("bm", [])
    best_moves = tuple(board.san(move) for move in best) if isinstance(best, list) else ()
    position_id = str(operations.get("id", f"#{line_number}" if line_number else "#1"))
    return SuitePosition(position_id, board, best_moves, mate, attacker_to_move)


def parse_epd(text: str, source: str = "EPD") -> list[SuitePosition]:
    """All records of an EPD text; blank lines and '#' comments are skipped; ids must differ."""
    positions = []
    first_line: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            position = parse_epd_line(line, number, source)
            if position.id in first_line:
                raise InvalidEpdError(
                    f"{source}: id {shown(position.id)} is used twice "
                    f"(lines {first_line[position.id]} and {number})"
                )
            first_line[position.id] = number
            positions.append(position)
    if not positions:
        raise InvalidEpdError(f"{source}: no positions in it")
    return positions


def load_epd_file(path: str | Path) -> list[SuitePosition]:
    """Every position of an EPD file."""
    return parse_epd(read_text(path, InvalidEpdError, "EPD file"), Path(path).name)


def _standard_board(game: chess.pgn.Game, where: str) -> chess.Board:
    """The game's final position as a standard-chess board, or the reason it is not one."""
    variant = game.headers.get("Variant", "").strip()
    if variant and variant.lower() not in STANDARD_VARIANTS + CHESS960_VARIANTS:
        raise UnsupportedProblemError(
            f"{where}: the variant is {shown(variant)}; PN Explorer proves mates in standard "
            "chess only"
        )
    if game.errors:
        raise InvalidEpdError(f"{where}: {brief(game.errors[0])}")
    if game.end() is game and "FEN" not in game.headers:
        raise InvalidEpdError(f"{where}: no moves and no FEN position (is this a PGN file?)")
    try:
        final = game.end().board()
    except ValueError as error:
        raise InvalidEpdError(f"{where}: {brief(error)}") from None
    if final.chess960 and final.castling_rights:
        raise UnsupportedProblemError(
            f"{where}: a Chess960 position with castling rights; castling there is not standard "
            "chess castling, which is all PN Explorer plays"
        )
    board = chess.Board(final.fen())
    try:
        check_board(board)
    except InvalidPositionError as error:
        raise InvalidEpdError(f"{where}: {error}") from None
    return board


def load_pgn_positions(path: str | Path) -> list[SuitePosition]:
    """The final position of every game of a PGN file (a mate problem is its last position)."""
    import chess.pgn  # python-chess's PGN reader (and its engine module): only for PGN files

    class _QuietGameBuilder(chess.pgn.GameBuilder):
        """python-chess's game builder without its log line: errors stay on the game, and the
        caller reports the first one in its own words."""

        def handle_error(self, error: Exception) -> None:
            self.game.errors.append(error)

    name = Path(path).name
    stream = io.StringIO(read_text(path, InvalidEpdError, "PGN file"))
    positions: list[SuitePosition] = []
    while True:
        game = chess.pgn.read_game(stream, Visitor=_QuietGameBuilder)
        if game is None:
            break
        board = _standard_board(game, f"{name}: game {len(positions) + 1}")
        white, black = game.headers.get("White", "?"), game.headers.get("Black", "?")
        title = game.headers.get("Event", "") if white == black == "?" else f"{white} – {black}"
        positions.append(SuitePosition(title or f"game {len(positions) + 1}", board))
    if not positions:
        raise InvalidEpdError(f"{name}: no games in it")
    return positions
