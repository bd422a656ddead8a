"""Test positions: the built-in suites shipped in `resources/`, EPD files and PGN files.

The built-in `wac-mates` suite holds the 82 Win at Chess mates of the thesis's chapter 3 (problem
rN = WAC.N) with their key move (`bm`) and mate length (`dm`); `paper-figures` holds the positions
the chapter shows as figures.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

import chess
import chess.pgn

from core.errors import (
    InvalidEpdError,
    InvalidPositionError,
    UnknownPositionIdError,
    UnknownSuiteError,
)
from core.games.chess_game import check_board


def _resource_folder() -> Path:
    """The `resources` package's folder, found by import so that a checkout, an editable install
    and a regular install (wheel, pipx) all find the files that ship inside it."""
    folder = files("resources")
    if not isinstance(folder, Path):
        raise RuntimeError(f"the resources package is not a folder on disk: {folder!r}")
    return folder


RESOURCES = _resource_folder()
BUILTIN_SUITES = {
    "wac-mates": RESOURCES / "suites" / "wac-mates.epd",
    "paper-figures": RESOURCES / "suites" / "paper-figures.epd",
    "endgame-mates": RESOURCES / "suites" / "endgame-mates.epd",
    "matetrack-dev": RESOURCES / "suites" / "matetrack-dev.epd",
    "mate-in-2": RESOURCES / "suites" / "mate-in-2.epd",
}
APP_ICON = RESOURCES / "icons" / "pn-explorer.svg"
BUILTIN_TREES = {
    "figure-3-1": RESOURCES / "trees" / "figure-3-1.json",
    "small-proof": RESOURCES / "trees" / "small-proof.json",
}


@dataclass(frozen=True, slots=True)
class SuitePosition:
    """One test position: its id, board, key moves (SAN) and known mate length."""

    id: str
    board: chess.Board
    best_moves: tuple[str, ...] = ()
    mate_length: int | None = None

    @property
    def fen(self) -> str:
        return self.board.fen()


def parse_epd_line(line: str, line_number: int = 0, source: str = "EPD") -> SuitePosition:
    """One EPD record; InvalidEpdError (with the line number) if it is not a legal position."""
    where = f"{source} line {line_number}" if line_number else source
    try:
        board, operations = chess.Board.from_epd(line)
    except ValueError as error:
        raise InvalidEpdError(f"{where}: {error}") from None
    try:
        check_board(board)
    except InvalidPositionError as error:
        raise InvalidEpdError(f"{where}: {error}") from None
    best = operations.get("bm", [])
    best_moves = tuple(board.san(move) for move in best) if isinstance(best, list) else ()
    mate = operations.get("dm")
    mate_length = int(mate) if isinstance(mate, (int, float)) else None
    position_id = str(operations.get("id", f"#{line_number}" if line_number else "#1"))
    return SuitePosition(position_id, board, best_moves, mate_length)


def parse_epd(text: str, source: str = "EPD") -> list[SuitePosition]:
    """All records of an EPD text; blank lines and '#' comments are skipped."""
    positions = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            positions.append(parse_epd_line(line, number, source))
    if not positions:
        raise InvalidEpdError(f"{source}: no positions in it")
    return positions


def _read_text(path: Path, error: type[Exception]) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as problem:
        raise error(f"cannot read {str(path)!r}: {problem.strerror or problem}") from None


def load_suite(name_or_path: str | Path) -> list[SuitePosition]:
    """A built-in suite by name (`wac-mates`, `paper-figures`) or an EPD file by path."""
    path = BUILTIN_SUITES.get(str(name_or_path))
    if path is None:
        path = Path(name_or_path)
        if not path.exists():
            names = ", ".join(BUILTIN_SUITES)
            raise UnknownSuiteError(
                f"no suite {str(name_or_path)!r}: not a file, and the built-in suites are {names}"
            )
    return parse_epd(_read_text(path, InvalidEpdError), path.name)


def _id_number(position_id: str) -> int | None:
    match = re.search(r"(\d+)\s*$", position_id)
    return int(match.group(1)) if match else None


def find_position(positions: list[SuitePosition], wanted: str) -> SuitePosition:
    """The position with id `wanted`: exact (case-insensitive), or by number (`14`, `r14`)."""
    for position in positions:
        if position.id.lower() == wanted.strip().lower():
            return position
    number = _id_number(wanted)
    if number is not None:
        matches = [p for p in positions if _id_number(p.id) == number]
        if len(matches) == 1:
            return matches[0]
    raise UnknownPositionIdError(f"no position with id {wanted!r} in this suite")


def select_positions(positions: list[SuitePosition], ids: list[str] | None) -> list[SuitePosition]:
    """The positions named by `ids` in the given order, or all of them."""
    return list(positions) if not ids else [find_position(positions, wanted) for wanted in ids]


def load_pgn_positions(path: str | Path) -> list[SuitePosition]:
    """The final position of every game of a PGN file (a mate problem is its last position)."""
    path = Path(path)
    text = _read_text(path, InvalidEpdError)
    positions = []
    stream = io.StringIO(text)
    while True:
        game = chess.pgn.read_game(stream)
        if game is None:
            break
        if game.errors:
            raise InvalidEpdError(f"{path.name}: game {len(positions) + 1}: {game.errors[0]}")
        board = game.end().board()
        try:
            check_board(board)
        except InvalidPositionError as error:
            raise InvalidEpdError(f"{path.name}: game {len(positions) + 1}: {error}") from None
        white, black = game.headers.get("White", "?"), game.headers.get("Black", "?")
        name = game.headers.get("Event", "") if white == black == "?" else f"{white} – {black}"
        positions.append(SuitePosition(name or f"game {len(positions) + 1}", board))
    if not positions:
        raise InvalidEpdError(f"{path.name}: no games in it")
    return positions
