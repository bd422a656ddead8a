"""The m,n,k family as a family of board games named in one line (`core.games.board_kind`):

* `tic-tac-toe`, `mnk(m=4,n=4,k=3)` (m columns, n rows, k in a row), `gomoku(m=9,n=9)` (k = 5);
* `connect-four` (7 columns × 6 rows, 4 in a row), `connect-four(columns=5,rows=4)`.

A start position is `moves=a1.b2.c3`: cells by column letter and row from the bottom. Proofs are
replayed on the family's referee (`core.games.mnk.MnkReferee`), its rules written a second time.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..errors import GameSpecError, InvalidPositionError
from ..inputs.text import shown
from .board_kind import (
    GAME,
    SPEC,
    GameChoice,
    GameSpec,
    SpecField,
    SpecKind,
    move_names,
    pairs,
    side_and_goal,
)
from .kinds import Source
from .mnk import LARGEST_SIDE, PLAYER_NAMES, REASON_TEXTS, MnkGame, MnkReferee, MnkRules

BUILT_IN = {
    "tic-tac-toe": {"m": 3, "n": 3, "k": 3, "gravity": False},
    "mnk": {"m": 3, "n": 3, "k": 3, "gravity": False},
    "gomoku": {"m": 15, "n": 15, "k": 5, "gravity": False},
    "connect-four": {"m": 7, "n": 6, "k": 4, "gravity": True},
}
"""Each built-in game's defaults; `columns`/`rows` are other names of m/n."""

_KEYS = {"m": "m", "columns": "m", "width": "m", "n": "n", "rows": "n", "height": "n", "k": "k"}

_TITLES = {
    "tic-tac-toe": "Tic-tac-toe",
    "mnk": "m,n,k game (k in a row)",
    "connect-four": "Connect-Four (stones drop)",
    "gomoku": "Go-Moku (5 in a row)",
}
_SIZE_NAMES = {"connect-four": ("columns", "rows")}
"""What a game calls its width and height in a specification (m and n where not named here)."""


def _choice(name: str) -> GameChoice:
    """A built-in game's entry in the New game dialog: its columns, rows and line."""
    defaults = BUILT_IN[name]
    across, down = _SIZE_NAMES.get(name, ("m", "n"))
    fields = (
        SpecField(across, "columns", int(defaults["m"]), LARGEST_SIDE),
        SpecField(down, "rows", int(defaults["n"]), LARGEST_SIDE),
        SpecField("k", "in a row", int(defaults["k"]), LARGEST_SIDE),
    )
    return GameChoice(name, _TITLES[name], fields)


def _whole(key: str, value: str) -> int:
    if not re.fullmatch(r"[0-9]{1,4}", value):
        raise GameSpecError(
            f"{key} must be a whole number from 1 to {LARGEST_SIDE} in the digits 0-9, "
            f"not {shown(value)}"
        )
    return int(value)


def _cells(rules: MnkRules, text: str) -> tuple[int, ...]:
    """Cells like `a1.b2` (column letter, row from the bottom) as the game's move codes."""
    cells = []
    for name in move_names(text.lower()):
        matched = re.fullmatch(r"([a-s])([0-9]{1,2})", name)
        column = ord(matched.group(1)) - ord("a") if matched else -1
        row = int(matched.group(2)) - 1 if matched else -1
        if not (0 <= column < rules.width and 0 <= row < rules.height):
            raise InvalidPositionError(
                f"{shown(name)} is not a cell of a {rules.width}×{rules.height} board"
            )
        cells.append(rules.cell(column, row))
    return tuple(cells)


class MnkKind(SpecKind[MnkGame]):
    """The m,n,k family with or without gravity (tic-tac-toe, Connect-Four)."""

    name = MnkGame.kind
    capabilities = MnkGame.capabilities
    example = Source(GAME, "tic-tac-toe(goal=draw)")
    reason_texts = REASON_TEXTS
    disproved_example = Source(GAME, "tic-tac-toe")  # X cannot force a win
    players = (PLAYER_NAMES[0], PLAYER_NAMES[1])
    spec_names = tuple(BUILT_IN)
    spec_help = (
        "tic-tac-toe, mnk(m=4,n=4,k=3), connect-four(columns=5,rows=4,goal=draw,player=o,"
        "moves=c1.c2)"
    )
    choices = tuple(_choice(name) for name in ("tic-tac-toe", "mnk", "connect-four", "gomoku"))
    ladder = (
        "tic-tac-toe",
        "tic-tac-toe(goal=draw)",
        "mnk(m=4,n=4,k=3)",
        "connect-four(columns=4,rows=4,goal=draw)",
        "connect-four(columns=5,rows=4)",
        "connect-four(columns=4,rows=5)",
    )

    def read(self, text: str) -> GameSpec:
        matched = SPEC.match(text)
        assert matched is not None  # `claims` read it
        name, body = matched.group(1).lower(), matched.group(2) or ""
        options = pairs(body)
        attacker, goal = side_and_goal(options)
        moves_text = options.pop("moves", "")
        size = dict(BUILT_IN[name])
        for key, value in options.items():
            if key not in _KEYS:
                raise GameSpecError(
                    f"{name} has no setting {key!r}: use m, n, k, goal, player, moves"
                )
            size[_KEYS[key]] = _whole(key, value)
        rules = MnkRules(size["m"], size["n"], size["k"], bool(size["gravity"]), attacker, goal)
        return GameSpec(text, self, rules, attacker, goal, _cells(rules, moves_text))

    def game_of(self, spec: GameSpec) -> MnkGame:
        return MnkGame(spec.rules, spec.moves)

    def game_name(self, spec: GameSpec) -> str:
        rules: MnkRules = spec.rules
        return rules.game_name()

    def played_text(self, spec: GameSpec) -> str:
        rules: MnkRules = spec.rules
        return " ".join(rules.name(move) for move in spec.moves)

    def dialog_values(self, spec: GameSpec) -> tuple[str, dict[str, int | str], list[str]]:
        name = spec.text.split("(", 1)[0].strip().lower()
        rules: MnkRules = spec.rules
        choice = next(choice for choice in self.choices if choice.name == name)
        across, down, line = (field.key for field in choice.fields)
        values: dict[str, int | str] = {across: rules.width, down: rules.height, line: rules.k}
        return name, values, [rules.name(cell) for cell in spec.moves]

    def fresh(self, game: MnkGame) -> MnkGame:
        return MnkGame(game.rules, game.start)

    def goal_of(self, game: MnkGame) -> tuple[int, str]:
        return game.rules.attacker, game.rules.goal

    def fixed_labeller(self, game: MnkGame) -> Callable[[int], str]:
        """A move is named by its cell, whatever came before."""
        return game.move_label

    def referee(self, game: MnkGame) -> MnkReferee:
        return MnkReferee(game.rules, game.start)


MNK = MnkKind()
