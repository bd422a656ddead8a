"""Board games named in one line (`core.games.game_specs`: tic-tac-toe, m,n,k games, Connect-Four,
OpenSpiel's games) as game kinds: loaded from their spec, proofs replayed on the game's referee
(`core.proofs.referee`), the rules written a second time."""

from __future__ import annotations

from collections.abc import Callable

from pn_explorer.core.games.game_specs import parse_game_spec
from pn_explorer.core.games.kinds import GameKind, Loaded, Source, VerifiedProof
from pn_explorer.core.games.mnk import PLAYER_NAMES, WIN, MnkGame, MnkReferee
from pn_explorer.core.games.openspiel_game import OpenSpielGame, OpenSpielReferee
from pn_explorer.core.proofs.claims import goal_verdict
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.proofs.referee import verify_game_proof

GAME = "game"
"""The source kind of a board game named by its spec ("tic-tac-toe", "connect-four(...)")."""


class MnkKind(GameKind[MnkGame]):
    """The m,n,k family with or without gravity (tic-tac-toe, Connect-Four)."""

    name = MnkGame.kind
    title = "board game"
    sources = (GAME,)
    example = Source(GAME, "tic-tac-toe(goal=draw)")
    proved = "the attacker's goal is forced"
    disproved = "the attacker's goal cannot be forced"

    def load(self, source: Source) -> Loaded:
        """Any spec `core.games.game_specs` reads (an OpenSpiel game too: its cursor names its
        own kind)."""
        spec = parse_game_spec(source.text)
        return Loaded(source, spec.title(), spec.game())

    def fresh(self, game: MnkGame) -> MnkGame:
        return MnkGame(game.rules, game.start)

    def verdict_text(self, game: MnkGame, proved: bool) -> str:
        rules = game.rules
        return goal_verdict(PLAYER_NAMES[rules.attacker], rules.goal == WIN, proved)

    def verdict(self, game: MnkGame, proved: bool) -> str:
        """The goal in the players' names first: "X can at least draw: proved"."""
        return said_first(self.verdict_text(game, proved), proved)

    def fixed_labeller(self, game: MnkGame) -> Callable[[int], str]:
        """A move is named by its cell, whatever came before."""
        return game.move_label

    def verify(self, game: MnkGame, proof: ProofNode) -> VerifiedProof:
        verified = verify_game_proof(MnkReferee(game.rules, game.start), proof)
        return VerifiedProof(verified.nodes, verified.plies)


class OpenSpielKind(GameKind[OpenSpielGame]):
    """Any two-player perfect-information OpenSpiel game (opened as a `game` source)."""

    name = OpenSpielGame.kind
    title = "OpenSpiel game"
    proved = MnkKind.proved
    disproved = MnkKind.disproved

    def verdict_text(self, game: OpenSpielGame, proved: bool) -> str:
        return goal_verdict(f"player {game.attacker + 1}", game.goal == WIN, proved)

    def verdict(self, game: OpenSpielGame, proved: bool) -> str:
        """The goal in OpenSpiel's players' numbers first: "player 1 can force a win: proved"."""
        return said_first(self.verdict_text(game, proved), proved)

    def fresh(self, game: OpenSpielGame) -> OpenSpielGame:
        return OpenSpielGame(game.spec, game.attacker, game.goal, game.start)

    def verify(self, game: OpenSpielGame, proof: ProofNode) -> VerifiedProof:
        referee = OpenSpielReferee(game.spec, game.attacker, game.goal, game.start)
        verified = verify_game_proof(referee, proof)
        return VerifiedProof(verified.nodes, verified.plies)


def said_first(words: str, proved: bool) -> str:
    """A board game's headline: the goal's words first and the search's after them, as a class
    reads a result ("X can at least draw: proved")."""
    return f"{words}: {'proved' if proved else 'disproved'}"


MNK = MnkKind()
OPENSPIEL = OpenSpielKind()
