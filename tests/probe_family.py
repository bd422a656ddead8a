"""A family of board games written for the tests only, as a new game is added: take-away (a pile
of counters; the players take turns taking 1 to `most` of them, and who takes the last one wins),
named `take-away(pile=7,most=3)`.

This module is the whole game: its cursor, and its family (`SpecKind`) with its specification,
its words, its New game dialog entry, its capability record and the verification of a proof by
replay. Registering `TAKE_AWAY` in the game registry is the one other line; with no picture of
its own, the window draws it as its position in words. The first player to move wins exactly
when the pile is not a multiple of `most + 1`, which the tests check the searches against.
Its cursor is also the one-pile Nim of `tests/app/test_third_game.py` (a game kind of its own,
with other words, over the same rules).
"""

from __future__ import annotations

import re

from pn_explorer.core.errors import GameSpecError, InvalidPositionError
from pn_explorer.core.games.board_kind import (
    GAME,
    SPEC,
    WIN,
    GameChoice,
    GameSpec,
    SpecField,
    SpecKind,
    move_names,
    pairs,
    side_and_goal,
)
from pn_explorer.core.games.game import Capabilities, Evaluation, RulesOnlyGame
from pn_explorer.core.games.kinds import Source, VerifiedProof, replay_check
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.values import Reason, Value

KIND = "take-away"
LARGEST_PILE = 60
PLAYERS = ("first player", "second player")


class TakeAwayGame(RulesOnlyGame):
    """A cursor on take-away from `pile` counters after the takes `start`."""

    kind = KIND
    capabilities = Capabilities(has_board=True, repetitions=True)

    def __init__(
        self, pile: int, most: int, attacker: int = 0, goal: str = WIN, start: tuple[int, ...] = ()
    ) -> None:
        self.pile, self.most, self.attacker, self.goal = pile, most, attacker, goal
        self.start: tuple[int, ...] = ()
        self.piles = [pile]
        for take in start:
            if take not in self.ordered_moves():
                raise InvalidPositionError(f"taking {take} is not legal with {self.piles[-1]} left")
            self.push(take)
        self.start = tuple(start)
        del self.piles[:-1]

    def to_move(self) -> int:
        """The player to take: the first after an even number of takes since the full pile."""
        return (len(self.start) + len(self.piles) - 1) % 2

    def reset(self) -> None:
        del self.piles[1:]

    def push(self, move: int) -> None:
        self.piles.append(self.piles[-1] - move)

    def pop(self) -> None:
        self.piles.pop()

    def is_or(self) -> bool:
        return self.to_move() == self.attacker

    def evaluate(self) -> Evaluation:
        if self.piles[-1] == 0:  # the player who took the last counter won
            won = not self.is_or()
            return Evaluation(Value.TRUE if won else Value.FALSE, 0, Reason.CHECKMATE)
        return Evaluation(Value.UNKNOWN, len(self.ordered_moves()))

    def ordered_moves(self) -> list[int]:
        return [take for take in range(1, self.most + 1) if take <= self.piles[-1]]

    def position_hash(self) -> int:
        return 2 * self.piles[-1] + self.to_move()

    def move_label(self, move: int) -> str:
        return str(move)

    def position_label(self) -> str:
        return f"{self.piles[-1]} left, {PLAYERS[self.to_move()]} to take"


class TakeAwayKind(SpecKind[TakeAwayGame]):
    """Take-away as a family of games named by a specification."""

    name = KIND
    title = "take-away pile"
    capabilities = TakeAwayGame.capabilities
    example = Source(GAME, "take-away(pile=6)")
    players = PLAYERS
    spec_names = (KIND,)
    spec_help = "take-away(pile=7,most=3)"
    choices = (
        GameChoice(
            KIND,
            "Take-away (the last counter wins)",
            (
                SpecField("pile", "counters", 7, LARGEST_PILE),
                SpecField("most", "at most a turn", 3, 9),
            ),
            row="Pile:",
        ),
    )
    move_separators = r"[\s,.;]+"

    def read(self, text: str) -> GameSpec:
        matched = SPEC.match(text)
        assert matched is not None
        options = pairs(matched.group(2) or "")
        attacker, goal = side_and_goal(options)
        takes = tuple(int(name) for name in move_names(options.pop("moves", "")))
        size = {"pile": 7, "most": 3}
        for key, value in options.items():
            if key not in size or not re.fullmatch(r"\d{1,2}", value):
                raise GameSpecError(f"take-away takes pile and most as numbers, not {key}={value}")
            size[key] = int(value)
        if not 1 <= size["pile"] <= LARGEST_PILE or size["most"] < 1:
            raise GameSpecError(f"a pile holds 1 to {LARGEST_PILE} counters, at least 1 a turn")
        return GameSpec(text, self, (size["pile"], size["most"]), attacker, goal, takes)

    def game_of(self, spec: GameSpec) -> TakeAwayGame:
        pile, most = spec.rules
        return TakeAwayGame(pile, most, spec.attacker, spec.goal, spec.moves)

    def game_name(self, spec: GameSpec) -> str:
        pile, most = spec.rules
        return f"take-away from {pile}, 1 to {most} a turn"

    def played_text(self, spec: GameSpec) -> str:
        return " ".join(map(str, spec.moves))

    def dialog_values(self, spec: GameSpec) -> tuple[str, dict[str, int | str], list[str]]:
        pile, most = spec.rules
        return KIND, {"pile": pile, "most": most}, [str(take) for take in spec.moves]

    def fresh(self, game: TakeAwayGame) -> TakeAwayGame:
        return TakeAwayGame(game.pile, game.most, game.attacker, game.goal, game.start)

    def goal_of(self, game: TakeAwayGame) -> tuple[int, str]:
        return game.attacker, game.goal

    def verify(self, game: TakeAwayGame, proof: ProofNode) -> VerifiedProof:
        return replay_check(self.fresh(game), proof)

    def verify_disproof(
        self, game: TakeAwayGame, disproof: ProofNode, max_plies: int | None = None
    ) -> VerifiedProof:
        return replay_check(self.fresh(game), disproof, proving=False)


TAKE_AWAY = TakeAwayKind()
