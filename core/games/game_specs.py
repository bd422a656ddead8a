"""Board games named in one line, as a user types them on the command line or in the window:

* `tic-tac-toe`, `mnk(m=4,n=4,k=3)` (m columns, n rows, k in a row), `gomoku(m=9,n=9)` (k = 5);
* `connect-four` (7 columns × 6 rows, 4 in a row), `connect-four(columns=5,rows=4)`;
* `openspiel:NAME(params)` for any two-player perfect-information OpenSpiel game, in OpenSpiel's
  own syntax (`openspiel:hex(board_size=4)`).

Every built-in game also takes `goal=win|draw` (the attacker wins, or at least draws) and
`player=x|o` (who attacks: the first or the second player; `first`/`second` and `0`/`1` too),
and `moves=a1.b2.c3` for a start position (cells in the game's notation, dot-separated; OpenSpiel
games take their own move names, as `action_to_string` writes them, or action ids). A spec that
cannot be read is a `GameSpecError` in one line.

A list of games (`suite`, `compare`, `bench`) is several specs, or `ladder`: the graded exercises
of `LADDER`, from tic-tac-toe to Connect-Four boards and Hex.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pn_explorer.core.errors import GameSpecError, InvalidPositionError
from pn_explorer.core.games.mnk import FIRST, GOALS, LARGEST_SIDE, SECOND, WIN, MnkGame, MnkRules
from pn_explorer.core.games.openspiel_game import OpenSpielGame, openspiel_actions

OPENSPIEL_PREFIX = "openspiel:"

BUILT_IN = {
    "tic-tac-toe": {"m": 3, "n": 3, "k": 3, "gravity": False},
    "mnk": {"m": 3, "n": 3, "k": 3, "gravity": False},
    "gomoku": {"m": 15, "n": 15, "k": 5, "gravity": False},
    "connect-four": {"m": 7, "n": 6, "k": 4, "gravity": True},
}
"""Each built-in game's defaults; `columns`/`rows` are other names of m/n."""

_KEYS = {"m": "m", "columns": "m", "width": "m", "n": "n", "rows": "n", "height": "n", "k": "k"}
_PLAYERS = {"x": FIRST, "first": FIRST, "0": FIRST, "o": SECOND, "second": SECOND, "1": SECOND}
_SPEC = re.compile(r"^\s*([a-z][a-z0-9_-]*)\s*(?:\((.*)\))?\s*$", re.IGNORECASE)
LONGEST_SPEC = 1_000

LADDER_NAME = "ladder"
LADDER = (
    "tic-tac-toe",
    "tic-tac-toe(goal=draw)",
    "mnk(m=4,n=4,k=3)",
    "connect-four(columns=4,rows=4,goal=draw)",
    "connect-four(columns=5,rows=4)",
    "connect-four(columns=4,rows=5)",
    "openspiel:hex(board_size=3)",
)
"""The exercises a teacher can set, easiest first (`--game ladder`); Connect-Four 5×5 and 6×5
are given by name."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A board game as named: what to search and who plays for what."""

    text: str
    rules: MnkRules | None
    openspiel: str | None
    attacker: int
    goal: str
    moves: tuple[int, ...]

    def game(self) -> MnkGame | OpenSpielGame:
        """A fresh cursor on the start position."""
        if self.rules is not None:
            return MnkGame(self.rules, self.moves)
        assert self.openspiel is not None
        return OpenSpielGame(self.openspiel, self.attacker, self.goal, self.moves)

    def title(self) -> str:
        """The game, its start and its goal in words, for a window's title: "Connect-Four
        4 × 4 after b1 b2: X at least draws", "OpenSpiel hex(board_size=3): player 1 wins"."""
        if self.rules is not None:
            name = self.rules.game_name()
            played = " ".join(self.rules.name(move) for move in self.moves)
        else:
            name = f"OpenSpiel {self.openspiel}"
            played = f"{len(self.moves)} moves"
        start = f" after {played}" if self.moves else ""
        return f"{name}{start}: {self.goal_text()}"

    def goal_text(self) -> str:
        """ "X wins", "O at least draws", "player 1 wins"."""
        if self.rules is not None:
            return self.rules.goal_text()
        who = f"player {self.attacker + 1}"
        return f"{who} wins" if self.goal == WIN else f"{who} at least draws"


def _pairs(body: str, spec: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in body.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise GameSpecError(f"{spec!r}: {part!r} is not key=value")
        found[key.strip().lower()] = value.strip()
    return found


def _whole(key: str, value: str) -> int:
    if not re.fullmatch(r"\d{1,4}", value):
        raise GameSpecError(f"{key} must be a whole number from 1 to {LARGEST_SIDE}, not {value!r}")
    return int(value)


def _side_and_goal(options: dict[str, str]) -> tuple[int, str]:
    player = options.pop("player", "x").lower()
    if player not in _PLAYERS:
        raise GameSpecError(f"player must be x or o (first or second), not {player!r}")
    goal = options.pop("goal", WIN).lower()
    if goal not in GOALS:
        raise GameSpecError(f"goal must be 'win' or 'draw', not {goal!r}")
    return _PLAYERS[player], goal


def parse_game_spec(text: str) -> GameSpec:
    """The game `text` names (see the module docstring), checked: a GameSpecError otherwise."""
    if len(text) > LONGEST_SPEC:
        raise GameSpecError(f"a game specification is at most {LONGEST_SPEC} characters")
    if text.strip().lower() == LADDER_NAME:
        raise GameSpecError(
            f"{LADDER_NAME!r} is a list of games: give it to suite, compare or bench, not solve"
        )
    if text.lower().startswith(OPENSPIEL_PREFIX):
        return _openspiel(text)
    matched = _SPEC.match(text)
    if matched is None:
        raise GameSpecError(f"{text!r} is not a game: write e.g. tic-tac-toe or connect-four")
    name, body = matched.group(1).lower(), matched.group(2) or ""
    if name not in BUILT_IN:
        raise GameSpecError(
            f"unknown game {name!r}: choose {', '.join(BUILT_IN)}, or openspiel:NAME"
        )
    options = _pairs(body, text)
    attacker, goal = _side_and_goal(options)
    moves_text = options.pop("moves", "")
    size = dict(BUILT_IN[name])
    for key, value in options.items():
        if key not in _KEYS:
            raise GameSpecError(f"{name} has no setting {key!r}: use m, n, k, goal, player, moves")
        size[_KEYS[key]] = _whole(key, value)
    gravity = bool(size["gravity"])
    rules = MnkRules(size["m"], size["n"], size["k"], gravity, attacker, goal)
    moves = _cells(rules, moves_text)
    spec = GameSpec(text, rules, None, attacker, goal, moves)
    spec.game()
    return spec


def parse_game_list(texts: list[str]) -> list[GameSpec]:
    """The games of repeated `--game` options, `ladder` standing for `LADDER`, each checked (the
    first that cannot be read: its GameSpecError), in the order given, each once."""
    expanded: list[str] = []
    for text in texts:
        for named in LADDER if text.strip().lower() == LADDER_NAME else (text,):
            if named not in expanded:
                expanded.append(named)
    return [parse_game_spec(text) for text in expanded]


def _cells(rules: MnkRules, text: str) -> tuple[int, ...]:
    """Cells like `a1.b2` (column letter, row from the bottom) as the game's move codes."""
    cells = []
    for name in filter(None, text.lower().split(".")):
        matched = re.fullmatch(r"([a-s])(\d{1,2})", name)
        column = ord(matched.group(1)) - ord("a") if matched else -1
        row = int(matched.group(2)) - 1 if matched else -1
        if not (0 <= column < rules.width and 0 <= row < rules.height):
            raise InvalidPositionError(
                f"{name!r} is not a cell of a {rules.width}×{rules.height} board"
            )
        cells.append(rules.cell(column, row))
    return tuple(cells)


def _openspiel(text: str) -> GameSpec:
    """`openspiel:NAME(params)`, with the built-ins' own goal/player/moves settings split off
    from OpenSpiel's parameters."""
    rest = text[len(OPENSPIEL_PREFIX) :].strip()
    matched = _SPEC.match(rest)
    if matched is None:
        raise GameSpecError(f"{text!r} is not an OpenSpiel game: write e.g. openspiel:hex")
    options = _pairs(matched.group(2) or "", text)
    attacker, goal = _side_and_goal(options)
    moves_text = options.pop("moves", "")
    params = ",".join(f"{key}={value}" for key, value in options.items())
    name = matched.group(1)
    openspiel = f"{name}({params})" if params else name
    moves = openspiel_actions(openspiel, [part for part in moves_text.split(".") if part])
    spec = GameSpec(text, None, openspiel, attacker, goal, moves)
    spec.game()
    return spec
