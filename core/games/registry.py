"""Every kind of game by name: where the runner, the command line and the window find what a
game offers (`core.games.kinds.GameKind`) without asking which concrete game they hold.

A game's cursor names its kind (`Game.kind`); `kind_of` finds it here. A new game registers its
kind with `register` (the built-in kinds are registered below): a board game named by a
specification registers a family (`core.games.board_kind.SpecKind`), which the command line's
`--game`, the ladder and the window's New game dialog then offer (`spec_kinds`).
"""

from __future__ import annotations

from typing import Any

from ..errors import PnExplorerError
from ..inputs.text import shown
from .board_kind import FAMILIES, SpecKind
from .chess_kind import CHESS
from .game import Game
from .kinds import GameKind, Loaded, Source
from .mnk_kind import MNK
from .openspiel_kind import OPENSPIEL
from .tree_kind import TREES

GAME_KINDS: dict[str, GameKind[Any]] = {}
"""The registered kinds by name, in registration order."""


def register(kind: GameKind[Any]) -> GameKind[Any]:
    """Add `kind` and return it (ValueError: a kind of that name is registered already)."""
    if kind.name in GAME_KINDS:
        raise ValueError(f"a game kind named {kind.name!r} is registered already")
    GAME_KINDS[kind.name] = kind
    if isinstance(kind, SpecKind):
        FAMILIES.append(kind)
    return kind


def unregister(name: str) -> None:
    """Forget the kind `name` (a kind registered for a while, as tests do)."""
    kind = GAME_KINDS.pop(name, None)
    if kind in FAMILIES:
        FAMILIES.remove(kind)


def kind_named(name: str) -> GameKind[Any]:
    """The kind registered as `name` (PnExplorerError: none is)."""
    kind = GAME_KINDS.get(name)
    if kind is None:
        known = ", ".join(GAME_KINDS)
        raise PnExplorerError(f"no game kind {shown(name)}: the kinds are {known}")
    return kind


def kind_of(game: Game) -> GameKind[Any]:
    """The kind of a game's cursor."""
    return kind_named(game.kind)


def spec_kinds() -> list[SpecKind[Any]]:
    """The families of board games named by a specification (`core.games.board_kind`), in
    registration order: what `--game`, the ladder and the New game dialog offer."""
    return list(FAMILIES)


def source_kind_owner(source_kind: str) -> GameKind[Any]:
    """The kind that opens sources of `source_kind` (fen, suite, tree…)."""
    for kind in GAME_KINDS.values():
        if source_kind in kind.sources:
            return kind
    raise PnExplorerError(f"no game opens a {source_kind!r} source")


def load_problem(source: Source) -> Loaded:
    """Open `source` with the kind that reads it (the kind's typed errors for bad input)."""
    return source_kind_owner(source.kind).load(source)


def source_kind_for_suffix(suffix: str) -> str | None:
    """The source kind a file ending in `suffix` opens as, or None if no kind claims it."""
    for kind in GAME_KINDS.values():
        found = kind.suffixes.get(suffix.lower())
        if found is not None:
            return found
    return None


register(CHESS)
register(TREES)
register(MNK)
register(OPENSPIEL)
