"""OpenSpiel's games as a family of board games named in one line (`core.games.board_kind`):
`openspiel:NAME(params)` for any two-player perfect-information OpenSpiel game, in OpenSpiel's own
syntax (`openspiel:hex(board_size=4)`), with the family settings `goal`, `player` and `moves` split
off from OpenSpiel's parameters; a start position's moves are the game's own move names (as
`action_to_string` writes them) or action ids. Proofs are replayed on OpenSpiel's own
implementation of the game (`core.games.openspiel_game.OpenSpielReferee`).
"""

from __future__ import annotations

from ..errors import GameSpecError
from ..proofs.proof import ProofNode
from ..proofs.referee import verify_game_proof
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
from .kinds import Source, VerifiedProof
from .openspiel_game import (
    OpenSpielGame,
    OpenSpielReferee,
    openspiel_actions,
)

PREFIX = "openspiel:"
CHOICE = GameChoice(
    "openspiel",
    "OpenSpiel game (needs pn-explorer[openspiel])",
    (SpecField("game", "", "", placeholder="e.g. hex(board_size=3) or connect_four(rows=4)"),),
    row="OpenSpiel game:",
)


class OpenSpielKind(SpecKind[OpenSpielGame]):
    """Any two-player perfect-information OpenSpiel game."""

    name = OpenSpielGame.kind
    title = "OpenSpiel game"
    capabilities = OpenSpielGame.capabilities
    example = Source(GAME, "openspiel:tic_tac_toe(goal=draw,moves=4.0.8)")
    disproved_example = Source(GAME, "openspiel:tic_tac_toe(moves=4)")
    players = ("player 1", "player 2")
    spec_names = (PREFIX,)
    spec_help = (
        "an OpenSpiel game (openspiel:hex(board_size=3,moves=b2): moves by the game's own names "
        "or action ids; needs pn-explorer[openspiel])"
    )
    choices = (CHOICE,)
    ladder = ("openspiel:hex(board_size=3)",)
    preview = False
    move_separators = r"[\s.]+"  # a move name may hold a comma

    def read(self, text: str) -> GameSpec:
        rest = text.strip()[len(PREFIX) :].strip()
        matched = SPEC.match(rest)
        if matched is None:
            raise GameSpecError(f"{text!r} is not an OpenSpiel game: write e.g. openspiel:hex")
        options = pairs(matched.group(2) or "", text)
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

    def verify(self, game: OpenSpielGame, proof: ProofNode) -> VerifiedProof:
        referee = OpenSpielReferee(game.spec, game.attacker, game.goal, game.start)
        verified = verify_game_proof(referee, proof)
        return VerifiedProof(verified.nodes, verified.plies)


OPENSPIEL = OpenSpielKind()
