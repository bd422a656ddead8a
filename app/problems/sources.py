"""Where a problem comes from (a FEN, a suite position, an EPD/PGN file, a tree file) and loading
it.

No Qt here: the window asks these functions for a game and shows their typed errors in a dialog.
A `Source` is small and plain so the settings can store the last one and reopen it next time.
Positions are read by `core.games.suites`, trees by `core.games.explicit_tree`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from core.errors import UnknownPositionIdError
from core.games.chess_game import ChessGame
from core.games.explicit_tree import ExplicitTreeGame
from core.games.suites import (
    BUILTIN_SUITES,
    BUILTIN_TREES,
    SuitePosition,
    find_position,
    load_suite,
)
from core.inputs.boards import parse_fen
from core.inputs.positions import load_pgn_positions
from core.trees.catalog import load_tree
from core.trees.generate import is_random_spec

FEN, SUITE, EPD, PGN, TREE = "fen", "suite", "epd", "pgn", "tree"
KINDS = (FEN, SUITE, EPD, PGN, TREE)
SUITE_NAMES = tuple(BUILTIN_SUITES)
TREE_FILES = {name: str(path) for name, path in BUILTIN_TREES.items()}


@dataclass(frozen=True, slots=True)
class Source:
    """What to open: `kind` (fen/suite/epd/pgn/tree), `text` (the FEN, suite name or file path)
    and `item` (the position id in a suite or EPD file, the game number in a PGN file)."""

    kind: str
    text: str
    item: str = ""


DEFAULT_SOURCE = Source(SUITE, "wac-mates", "WAC.001")
"""What a first start opens: WAC.001, a mate in 2 that PN search proves in a few dozen
iterations, small enough to step through by hand."""


@dataclass(slots=True)
class Problem:
    """A loaded problem: the game the search runs on and a title for the window."""

    source: Source
    title: str
    game: ChessGame | ExplicitTreeGame
    mate_length: int | None = None
    """The suite's or EPD's stated mate length (`dm`), for the explain panel's αβ depth and the
    engine's `go mate`; None where the source states none."""

    @property
    def is_chess(self) -> bool:
        return isinstance(self.game, ChessGame)


def positions_of(source: Source) -> list[SuitePosition]:
    """Every position a suite, EPD or PGN source offers (to pick one from)."""
    if source.kind in (SUITE, EPD):
        return load_suite(source.text)
    if source.kind == PGN:
        return load_pgn_positions(source.text)
    raise ValueError(f"a {source.kind} source holds no list of positions")


def _title(position: SuitePosition) -> str:
    if position.mate_length is not None:
        return f"{position.id} (mate in {position.mate_length})"
    return position.id


def load(source: Source) -> Problem:
    """Build the game a source describes; raises a PnExplorerError subclass for bad input."""
    if source.kind == FEN:
        board = parse_fen(source.text)
        return Problem(source, board.fen(), ChessGame(board))
    if source.kind == TREE:
        tree = load_tree(source.text)
        return Problem(source, tree.name or Path(source.text).stem, ExplicitTreeGame(tree))
    positions = positions_of(source)
    if source.kind == PGN:
        index = int(source.item) if source.item.strip().isdigit() else 1
        if not 1 <= index <= len(positions):
            raise UnknownPositionIdError(
                f"{Path(source.text).name} has no game {index} (it has {len(positions)})"
            )
        position = positions[index - 1]
        return Problem(
            Source(PGN, source.text, str(index)),
            position.id,
            ChessGame(position.board),
            position.mate_length,
        )
    position = find_position(positions, source.item) if source.item else positions[0]
    game = ChessGame(position.board, attacker=position.attacker)
    return Problem(
        Source(source.kind, source.text, position.id), _title(position), game, position.mate_length
    )


def kind_of_file(path: str | Path) -> str:
    """EPD, PGN or tree file, by extension (anything else is tried as EPD); a `random:` spec is
    a tree."""
    if is_random_spec(str(path)):
        return TREE
    suffix = Path(path).suffix.lower()
    if suffix == ".pgn":
        return PGN
    if suffix == ".json":
        return TREE
    return EPD


def naming_the_file(source: Source, message: str) -> str:
    """A message about a file names the file (once), so the user knows which one to fix."""
    if source.kind not in (EPD, PGN, TREE) or is_random_spec(source.text):
        return message
    name = Path(source.text).name
    return message if name in message else f"{name}: {message}"
