"""OpenSpiel's games as a family of board games named in one line (`core.games.board_kind`):
`openspiel:NAME(params)` for any two-player perfect-information OpenSpiel game, in OpenSpiel's own
syntax (`openspiel:hex(board_size=4)`), with the family settings `goal`, `player` and `moves` split
off from OpenSpiel's parameters; a start position's moves are the game's own move names (as
`action_to_string` writes them) or action ids. Proofs are replayed on OpenSpiel's own
implementation of the game (`core.games.openspiel_game.OpenSpielReferee`).
"""

from __future__ import annotations

import re

from ..errors import GameSpecError
from ..inputs.text import shown
from .board_kind import (
    GAME,
    GameChoice,
    GameSpec,
    SpecField,
    SpecKind,
    move_names,
    pairs,
    side_and_goal,
)
from .kinds import Source
from .openspiel_game import (
    REASON_TEXTS,
    OpenSpielGame,
    OpenSpielReferee,
    openspiel_actions,
)

PREFIX = "openspiel:"
OPENSPIEL_SPEC = re.compile(r"^\s*([a-z0-9][a-z0-9_-]*)\s*(?:\((.*)\))?\s*$", re.IGNORECASE)
"""An OpenSpiel game's name (which may start with a digit: 2048) and its settings in brackets."""
CHOICE = GameChoice(
    "openspiel",
    "OpenSpiel game (needs pn-explorer[openspiel])",
    (SpecField("game", "", "", placeholder="e.g. hex(board_size=3) or connect_four(rows=4)"),),
    row="OpenSpiel game:",
)


class OpenSpielKind(SpecKind[OpenSpielGame]):
    """Any two-player perfect-information OpenSpiel game."""

    name = OpenSpielGame.kind
    reason_texts = REASON_TEXTS
    title = "OpenSpiel game"
    capabilities = OpenSpielGame.capabilities
    example = Source(GAME, "openspiel:tic_tac_toe(goal=draw,moves=4.0.8)")
    disproved_example = Source(GAME, "openspiel:tic_tac_toe(moves=4)")
    players = ("player 1", "player 2")
    spec_names = (PREFIX,)
    spec_help = (
        "an OpenSpiel game (openspiel:hex(board_size=3,moves=b2): moves by the game's own names, "
        "dot-separated, a name with commas as it is written (moves=x(1,1).o(0,0)), or by action "
        "ids (moves=4.0); needs pn-explorer[openspiel])"
    )
    choices = (CHOICE,)
    ladder = ("openspiel:hex(board_size=3)",)
    preview = False
    move_separators = r"[\s.]+"  # a move name may hold a comma

    def read(self, text: str) -> GameSpec:
        rest = text.strip()[len(PREFIX) :].strip()
        matched = OPENSPIEL_SPEC.match(rest)
        if matched is None:
            raise GameSpecError(f"{shown(text)} is not an OpenSpiel game: write e.g. openspiel:hex")
        options = pairs(matched.group(2) or "")
        attacker, goal = side_and_goal(options)
        moves_text = options.pop("moves", "")
        params = ",".join(f"{key}={value}" for key, value in options.items())
        name = matched.group(1)
        game = f"{name}({params})" if params else name
        moves = openspiel_actions(game, move_names(moves_text))
        return GameSpec(text, self, game, attacker, goal, moves)

    def game_of(self, spec: GameSpec) -> OpenSpielGame:
        return OpenSpielGame(spec.rules, spec.attacker, spec.goal, spec.moves)

    def game_name(self, spec: GameSpec) -> str:
        return f"OpenSpiel {spec.rules}"

    def write_spec(self, choice: GameChoice, values: dict[str, int | str], more: list[str]) -> str:
        """The game as typed, OpenSpiel's parameters and `more` in one pair of brackets."""
        text = str(values.get("game", "")).strip().removeprefix(PREFIX)
        name, bracket, rest = text.partition("(")
        settings = []
        if bracket and rest.endswith(")"):
            settings.append(rest[:-1])
        else:
            name = text  # as typed: the specification's reader says what is wrong with it
        settings = [*filter(None, settings), *more]
        name = PREFIX + name.strip()
        return f"{name}({','.join(settings)})" if settings else name

    def dialog_values(self, spec: GameSpec) -> tuple[str, dict[str, int | str], list[str]]:
        return CHOICE.name, {"game": spec.rules}, [str(move) for move in spec.moves]

    def fresh(self, game: OpenSpielGame) -> OpenSpielGame:
        return OpenSpielGame(game.spec, game.attacker, game.goal, game.start)

    def goal_of(self, game: OpenSpielGame) -> tuple[int, str]:
        return game.attacker, game.goal

    def referee(self, game: OpenSpielGame) -> OpenSpielReferee:
        return OpenSpielReferee(game.spec, game.attacker, game.goal, game.start)


OPENSPIEL = OpenSpielKind()
