"""Board games named in one line, as a user types them (`tic-tac-toe`, `connect-four(rows=4)`,
`openspiel:hex`): the game families.

A family is a game kind (`SpecKind`) that reads its own specifications, names its games and goals
in words, offers the New game dialog its games and their settings as data (`GameChoice`,
`SpecField`: the dialog builds its widgets from them) and replays a proof on its referee.
`core.games.game_specs` finds the family a specification names among the kinds registered in
`core.games.registry`, so the command line, the window and the dialog name no family: a new one
is its module and one line of the registry (and, for a picture of its own, the window's picture
and one line of its picture registry).

Every family's specification takes the same settings for the goal: `goal=win|draw` (the
attacker wins, or at least draws) and `player=x|o` (who attacks: the first or the second player;
`first`/`second` and `0`/`1` too), and `moves=...` for a start position (dot-separated, in the
family's notation).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ..errors import GameSpecError
from ..inputs.text import shown
from ..proofs.claims import goal_verdict
from ..proofs.referee import Referee, verify_game_disproof, verify_game_proof
from .kinds import GameKind, Loaded, Source, VerifiedProof

if TYPE_CHECKING:
    from ..proofs.proof import ProofNode
    from .game import Game

GAME = "game"
"""The source kind of a board game named by its spec ("tic-tac-toe", "connect-four(...)")."""

FIRST, SECOND = 0, 1
"""The two players, as a spec's `player` setting names them."""
WIN, DRAW = "win", "draw"
GOALS = (WIN, DRAW)
"""The attacker's goal: to win, or at least to draw (thesis §3.1's binary goal)."""

SPEC = re.compile(r"^\s*([a-z][a-z0-9_-]*)\s*(?:\((.*)\))?\s*$", re.IGNORECASE)
"""A game's name and, in brackets, its settings."""

_PLAYERS = {"x": FIRST, "first": FIRST, "0": FIRST, "o": SECOND, "second": SECOND, "1": SECOND}

G = TypeVar("G", bound="Game")


@dataclass(frozen=True, slots=True)
class SpecField:
    """One setting of a game as the New game dialog offers it: a whole number from 1 to
    `largest` (a spin box) or, where `largest` is 0, text (a line edit)."""

    key: str
    """The setting's name in the specification ("columns", "k")."""
    label: str
    """The words beside its box ("columns", "in a row")."""
    default: int | str
    largest: int = 0
    placeholder: str = ""


@dataclass(frozen=True, slots=True)
class GameChoice:
    """One entry of the New game dialog's list: the name a specification starts with, the entry's
    title and its settings, shown in one row of the form under `row`."""

    name: str
    title: str
    fields: tuple[SpecField, ...] = ()
    row: str = "Size:"


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A board game as named: what to search and who plays for what. `rules` is the family's own
    reading of the specification (the board's size and line for the m,n,k family, OpenSpiel's
    game string); `moves` the start position's moves as the family's move codes."""

    text: str
    family: SpecKind[Any]
    rules: Any
    attacker: int
    goal: str
    moves: tuple[int, ...]

    def game(self) -> Game:
        """A fresh cursor on the start position."""
        game: Game = self.family.game_of(self)
        return game

    def title(self) -> str:
        """The game, its start and its goal in words, for a window's title: "Connect-Four
        4 × 4 after b1 b2: X at least draws", "OpenSpiel hex(board_size=3): player 1 wins"."""
        start = f" after {self.family.played_text(self)}" if self.moves else ""
        return f"{self.family.game_name(self)}{start}: {self.goal_text()}"

    def goal_text(self) -> str:
        """ "X wins", "O at least draws", "player 1 wins"."""
        return self.family.goal_words(self.attacker, self.goal)


class SpecKind(GameKind[G]):
    """A family of board games named by a specification (see the module docstring). A family
    gives at least `spec_names`, `read`, `game_of`, `game_name`, `goal_of`, `fresh` and `referee`
    (its rules written a second time, which replays every proof and disproof); its `choices` are
    what the New game dialog lists."""

    title = "board game"
    sources = (GAME,)
    proved = "the attacker's goal is forced"
    disproved = "the attacker's goal cannot be forced"
    players: tuple[str, str] = ("X", "O")
    """The players' names in sentences, first player first."""
    spec_names: tuple[str, ...] = ()
    """The names its specifications start with (a name ending in `:` is a prefix)."""
    spec_help = ""
    """Its specifications by example, for the command line's help."""
    choices: tuple[GameChoice, ...] = ()
    """Its entries in the New game dialog."""
    ladder: tuple[str, ...] = ()
    """Its graded exercises in `--game ladder` (`core.games.game_specs.LADDER`), easiest first."""
    preview = True
    """The New game dialog reads the game as it is set up and draws its start position (False:
    the game is checked when it opens, as loading it may need an optional package)."""
    move_separators = r"[\s,.;]+"
    """What separates the moves of a start position typed in the New game dialog."""
    player_settings: ClassVar[tuple[str, str]] = ("x", "o")
    """How a specification names each player in its `player` setting."""

    # -- specifications ------------------------------------------------------------------------

    def claims(self, text: str) -> bool:
        """Whether the specification `text` names a game of this family."""
        lowered = text.strip().lower()
        for name in self.spec_names:
            if name.endswith(":") and lowered.startswith(name):
                return True
        matched = SPEC.match(text)
        return matched is not None and matched.group(1).lower() in self.spec_names

    def read(self, text: str) -> GameSpec:
        """The game `text` names, checked (a GameSpecError or InvalidPositionError otherwise)."""
        raise NotImplementedError

    def game_of(self, spec: GameSpec) -> G:
        """A fresh cursor on the start position of `spec`."""
        raise NotImplementedError

    def game_name(self, spec: GameSpec) -> str:
        """The game in words, for a window's title ("Connect-Four 4 × 4")."""
        raise NotImplementedError

    def played_text(self, spec: GameSpec) -> str:
        """The start position's moves in words ("b1 b2")."""
        return f"{len(spec.moves)} moves"

    def goal_words(self, attacker: int, goal: str) -> str:
        """The goal in the players' names: "X wins", "O at least draws"."""
        who = self.players[attacker]
        return f"{who} wins" if goal == WIN else f"{who} at least draws"

    def load(self, source: Source) -> Loaded:
        """Any registered family's specification (its cursor names its own kind)."""
        spec = parse_game_spec(source.text)
        return Loaded(source, spec.title(), spec.game())

    # -- the New game dialog -------------------------------------------------------------------

    def write_spec(self, choice: GameChoice, values: dict[str, int | str], more: list[str]) -> str:
        """The specification of `choice` with the dialog's `values` of its fields (only those
        that differ from the defaults written) and `more` settings (goal, player, moves)."""
        settings = [
            f"{field.key}={values[field.key]}"
            for field in choice.fields
            if values.get(field.key, field.default) != field.default
        ]
        settings += more
        return f"{choice.name}({','.join(settings)})" if settings else choice.name

    def dialog_values(self, spec: GameSpec) -> tuple[str, dict[str, int | str], list[str]]:
        """What the dialog shows for `spec`: the choice, its fields' values and the start
        position's moves by name."""
        raise NotImplementedError

    # -- words -------------------------------------------------------------------------------------

    def goal_of(self, game: G) -> tuple[int, str]:
        """The attacker and its goal in a cursor's game."""
        raise NotImplementedError

    # -- proofs --------------------------------------------------------------------------------

    def referee(self, game: G) -> Referee:
        """A fresh referee of `game`'s problem: the family's rules written a second time, at the
        start position, knowing the attacker and its goal."""
        raise NotImplementedError

    def verify(self, game: G, proof: ProofNode) -> VerifiedProof:
        verified = verify_game_proof(self.referee(game), proof)
        return VerifiedProof(verified.nodes, verified.plies)

    def verify_disproof(
        self, game: G, disproof: ProofNode, max_plies: int | None = None
    ) -> VerifiedProof:
        verified = verify_game_disproof(self.referee(game), disproof, max_plies)
        return VerifiedProof(verified.nodes, verified.plies)

    # -- words, again ----------------------------------------------------------------------------

    def verdict_text(self, game: G, proved: bool) -> str:
        attacker, goal = self.goal_of(game)
        return goal_verdict(self.players[attacker], goal == WIN, proved)

    def verdict(self, game: G, proved: bool) -> str:
        """The goal in the players' names first: "X can at least draw: proved"."""
        return f"{self.verdict_text(game, proved)}: {'proved' if proved else 'disproved'}"


def _settings(body: str) -> list[str]:
    """The settings of a body split at its commas outside brackets and quotes, so a move name
    that holds commas (OpenSpiel's `x(1,1)`, `P1(h,0,0)`) stays one value."""
    parts: list[str] = []
    current: list[str] = []
    depth, quote = 0, ""
    for char in body:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0:
            parts.append("".join(current))
            current = []
            continue
        current.append(char)
    parts.append("".join(current))
    return [part.strip() for part in parts if part.strip()]


def pairs(body: str) -> dict[str, str]:
    """A specification's settings in brackets, `key=value` separated by commas (a comma inside
    brackets or quotes belongs to its value: `moves=x(1,1)`)."""
    found: dict[str, str] = {}
    for part in _settings(body):
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise GameSpecError(f"in the game's settings, {shown(part)} is not key=value")
        name = key.strip().lower()
        if name in found:
            raise GameSpecError(f"{name} is given twice: give each setting once")
        found[name] = value.strip()
    return found


def side_and_goal(options: dict[str, str]) -> tuple[int, str]:
    """The `player` and `goal` settings, taken out of `options`."""
    player = options.pop("player", "x").lower()
    if player not in _PLAYERS:
        raise GameSpecError(f"player must be x or o (first or second), not {player!r}")
    goal = options.pop("goal", WIN).lower()
    if goal not in GOALS:
        raise GameSpecError(f"goal must be 'win' or 'draw', not {goal!r}")
    return _PLAYERS[player], goal


def move_names(text: str) -> list[str]:
    """A `moves=` setting's move names."""
    return [part for part in text.split(".") if part]


def names_of(kinds: Sequence[SpecKind[Any]]) -> list[str]:
    """Every name the families' specifications start with (`openspiel:NAME` for a prefix)."""
    return [f"{name}NAME" if name.endswith(":") else name for k in kinds for name in k.spec_names]


FAMILIES: list[SpecKind[Any]] = []
"""The registered families, in registration order (`core.games.registry.register` adds each):
the ones a specification is read by."""

LONGEST_SPEC = 1_000

LADDER_NAME = "ladder"
"""`--game ladder`: the graded exercises of every family (`core.games.game_specs.LADDER`)."""


def parse_game_spec(text: str) -> GameSpec:
    """The game `text` names, read by the family that claims it and its start position checked:
    a GameSpecError otherwise."""
    if len(text) > LONGEST_SPEC:
        raise GameSpecError(f"a game specification is at most {LONGEST_SPEC} characters")
    if text.strip().lower() == LADDER_NAME:
        raise GameSpecError(
            f"{LADDER_NAME!r} is a list of games: give it to suite, compare or bench, not solve"
        )
    families = FAMILIES
    for family in families:
        if family.claims(text):
            spec = family.read(text)
            spec.game()
            return spec
    names = names_of(families)
    matched = SPEC.match(text)
    if matched is None:
        raise GameSpecError(f"{shown(text)} is not a game: write e.g. {' or '.join(names[:2])}")
    name = matched.group(1).lower()
    choose = f"{', '.join(names[:-1])}, or {names[-1]}" if len(names) > 1 else names[0]
    raise GameSpecError(f"unknown game {shown(name)}: choose {choose}")
