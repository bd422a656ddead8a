"""Board games named in one line, as a user types them on the command line or in the window: a
specification is read by the family of games that claims it (`core.games.board_kind.SpecKind`,
registered in `core.games.registry`), e.g. `tic-tac-toe`, `connect-four(columns=5,rows=4)` or
`openspiel:hex(board_size=4)`. Every family takes `goal=win|draw`, `player=x|o` and
`moves=...` for a start position. A spec that cannot be read is a `GameSpecError` (or, for a
start position, an `InvalidPositionError`) in one line.

A list of games (`suite`, `compare`, `bench`) is several specs, or `ladder`: the graded exercises
of `LADDER`, each family's own, from tic-tac-toe to Connect-Four boards and Hex.
"""

from __future__ import annotations

from .board_kind import LADDER_NAME, GameSpec, parse_game_spec
from .registry import spec_kinds

LADDER = tuple(spec for family in spec_kinds() for spec in family.ladder)
"""The exercises a teacher can set, easiest first (`--game ladder`); Connect-Four 5×5 and 6×5
are given by name."""

__all__ = ["LADDER", "LADDER_NAME", "GameSpec", "game_spec_help", "parse_game_spec"]


def parse_game_list(texts: list[str]) -> list[GameSpec]:
    """The games of repeated `--game` options, `ladder` standing for `LADDER`, each checked (the
    first that cannot be read: its GameSpecError), in the order given, each once."""
    expanded: list[str] = []
    for text in texts:
        for named in LADDER if text.strip().lower() == LADDER_NAME else (text,):
            if named not in expanded:
                expanded.append(named)
    return [parse_game_spec(text) for text in expanded]


def game_spec_help() -> str:
    """The registered families' specifications by example, for the command lines' help."""
    return " or ".join(family.spec_help for family in spec_kinds() if family.spec_help)
