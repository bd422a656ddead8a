"""Where a problem comes from (a FEN, a suite position, an EPD/PGN file, a tree file) and loading
it.

No Qt here: the window asks these functions for a game and shows their typed errors in a dialog.
A `Source` is small and plain so the settings can store the last one and reopen it next time.
Each source kind is opened by the game kind that declares it (`core.games.registry`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.games.board_kind import GAME as GAME
from ...core.games.chess_kind import EPD, PGN, SUITE
from ...core.games.chess_kind import FEN as FEN
from ...core.games.chess_kind import positions_of as positions_of
from ...core.games.game import Game
from ...core.games.kinds import GameKind
from ...core.games.kinds import Source as Source
from ...core.games.random_trees import is_random_spec
from ...core.games.registry import (
    GAME_KINDS,
    kind_of,
    load_problem,
    source_kind_for_suffix,
)
from ...core.games.suites import BUILTIN_SUITES, BUILTIN_TREES
from ...core.games.tree_kind import TREE

SUITE_NAMES = tuple(BUILTIN_SUITES)
TREE_FILES = {name: str(path) for name, path in BUILTIN_TREES.items()}


DEFAULT_SOURCE = Source(SUITE, "wac-mates", "WAC.001")
"""What a first start opens: WAC.001, a mate in 2 that PN search proves in a few dozen
iterations, small enough to step through by hand."""


@dataclass(slots=True)
class Problem:
    """A loaded problem: the game the search runs on and a title for the window."""

    source: Source
    title: str
    game: Game
    mate_length: int | None = None
    """The suite's or EPD's stated mate length (`dm`), for the explain panel's αβ depth and the
    engine's `go mate`; None where the source states none."""

    @property
    def kind(self) -> GameKind:
        """What the problem's game offers (`core.games.kinds.GameKind`)."""
        return kind_of(self.game)


def load(source: Source) -> Problem:
    """Build the game a source describes, with the game kind that opens it; raises a
    PnExplorerError subclass for bad input."""
    loaded = load_problem(source)
    return Problem(loaded.source, loaded.title, loaded.game, loaded.mate_length)


def source_kinds() -> tuple[str, ...]:
    """Every source kind a registered game opens (what the settings may store)."""
    return tuple(kind for game in GAME_KINDS.values() for kind in game.sources)


def file_filter() -> str:
    """The open dialogs' filter: every file ending a registered game reads."""
    patterns = " ".join(f"*{suffix}" for game in GAME_KINDS.values() for suffix in game.suffixes)
    return f"Positions and trees ({patterns});;All files (*)"


def kind_of_file(path: str | Path) -> str:
    """The source kind of a file by its extension, as the game kinds claim them (anything else
    is tried as EPD); a `random:` spec is a tree."""
    if is_random_spec(str(path)):
        return TREE
    return source_kind_for_suffix(Path(path).suffix) or EPD


def naming_the_file(source: Source, message: str) -> str:
    """A message about a file names the file (once), so the user knows which one to fix."""
    if source.kind not in (EPD, PGN, TREE) or is_random_spec(source.text):
        return message
    name = Path(source.text).name
    return message if name in message else f"{name}: {message}"
