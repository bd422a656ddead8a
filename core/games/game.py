"""The small game interface the proof-number searches use, so one engine serves every domain.

A game is a *cursor*: it stands on one position of the game tree and moves with `push`/`pop`. The
search keeps the cursor on the node it is working at, so reaching the next most-proving node costs a
few pushes, not a replay from the root. Moves are small integers (`codes`) chosen by the game; the
tree stores them and hands them back.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..values import Reason, Value


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What evaluating one position says (thesis §3.1: true / false / unknown) and its mobility."""

    value: Value
    mobility: int
    reason: Reason = Reason.NONE


@dataclass(slots=True)
class Expansion:
    """All children of the cursor's position, in the game's move order, already evaluated.

    Parallel lists; `mobility` is the number of moves in each child (0 for solved children,
    `NOT_COUNTED` for a child the caller said it `Known` already: its count was skipped; a game
    that sees which moves lose at once may count only the others, at least 1).
    `mates_in_one`, where the caller asked for it, flags each unsolved child where the attacker
    is to move and mates in one (else None): not a leaf's value, a one-move search's result.
    `keys` and `clocks` are the children's `position_hash()` and `halfmove_clock()` where the
    game has them at no extra cost (a chess cursor that tracks hashes computes them while each
    child is on the board anyway), else None: a transposition table then pushes each child.
    """

    moves: list[int]
    values: list[Value]
    mobility: list[int]
    reasons: list[Reason]
    child_is_or: list[bool]
    keys: list[int] | None = None
    clocks: list[int] | None = None
    mates_in_one: list[bool] | None = None
    threats: list[bool] | None = None
    """Where the caller asked for it, flags each new unsolved child reached by a quiet attacker
    move (no check, capture or promotion) after which the attacker, were the defender to pass,
    would mate in one: the move threatens mate (else None)."""


NOT_COUNTED = -1
"""`Expansion.mobility` of a child the caller already knows: its moves were not counted."""

Known = Callable[[int, int], bool]
"""Whether the caller already has numbers for a child, given its `position_hash()` and
`halfmove_clock()` (a transposition table: the child was searched or generated before). Such a
child is not mate or stalemate (it was expanded, or it had moves when first generated), so a game
may skip counting its moves and only apply the path rules (repetition, fifty moves)."""


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What a game offers the searches and the views around them (every flag False: nothing
    beyond the cursor)."""

    has_pieces: bool = False
    """Moves are made by pieces of different power, so αβ's power ordering means something."""
    mop_up: bool = False
    """`mop_up_distance` estimates how far a won ending is from mate (df-pn's guidance); for
    chess, only where the root is an ending the estimate is meant for."""
    threats: bool = False
    """`expand` can test quiet moves for mate threats (df-pn's threat divisor)."""
    flights: bool = False
    """`flights_after` counts where the defending king could flee (df-pn's flight weight)."""
    repetitions: bool = False
    """Positions recur along a line and by different paths (repetition draws, transpositions):
    counting transpositions in a tree says something."""
    standard_chess: bool = False
    """Positions are standard-chess FENs and moves chess moves, so outside chess tools apply: a
    UCI engine's cross-check, PGN, αβ's shorter-mate check, the comparison's columns and
    shorter-mate certificate."""
    has_board: bool = False
    """The position is drawn as a picture (a board), not as its line alone."""
    named_nodes: bool = False
    """Positions have names worth writing inside the tree's nodes (a tree file's letters)."""
    editable: bool = False
    """The problem can be opened in the tree editor (an explicit tree)."""
    settles_early: bool = False
    """`expand` decides some positions before the game ends there (a lookahead rule: an m,n,k
    game's lost-in-one and dead positions), so a strategy read out of a search has leaves where
    the game goes on; they are played out to the end (`core.search.completion`) before the
    game's referee replays it."""


class Game(Protocol):
    """A cursor on a game tree seen from the attacker (the player to move at the root)."""

    kind: str
    """The name of its kind in `core.games.registry`: what the world around the search reads
    the game through (loading, words, verifying a proof)."""
    capabilities: Capabilities
    """What this game offers (a chess cursor's `mop_up` holds only where its root is an ending
    the estimate is meant for)."""

    def reset(self) -> None:
        """Go back to the root position."""

    def push(self, move: int) -> None:
        """Play a move (a code from `ordered_moves` or `expand`)."""

    def pop(self) -> None:
        """Take back the last move pushed."""

    def is_or(self) -> bool:
        """True if the current position is an OR node (the attacker chooses)."""

    def evaluate(self) -> Evaluation:
        """Evaluate the current position (used for the root, and by delayed evaluation)."""

    def ordered_moves(self) -> list[int]:
        """Move codes of the current position in the game's fixed order (thesis §3.3.2)."""

    def power_ordered_moves(self) -> list[int]:
        """Move codes of the current position grouped by the moving piece's power, strongest
        first for the attacker, king first for the defender (αβ's static order, Proskurowski);
        a game without pieces gives its fixed order."""

    def expand(
        self,
        room: int,
        known: Known | None = None,
        mates_in_one: bool = False,
        threats: bool = False,
    ) -> Expansion | None:
        """Generate and evaluate every child of the current position (immediate evaluation).

        Returns None, having created nothing, if there are more children than `room`: the node cap
        is a hard bound on nodes in memory. With `known`, a child it holds for is not counted
        (mobility `NOT_COUNTED`): re-expanding a node df-pn has seen costs a hash per child
        instead of a move count (chess keeps the children of recent expansions, so not even
        that). With `mates_in_one`, each new child where the attacker is to
        move is tested for a mate in one (`Expansion.mates_in_one`), and with `threats` each new
        child reached by a quiet attacker move for the mate it threatens (`Expansion.threats`);
        a game without such tests leaves those None.
        """

    def keep_expansions(self, positions: int) -> None:
        """Let the game keep what expanding up to `positions` positions taught it, for when they
        are expanded again (df-pn re-expands; it sizes this from its table's memory). A game
        without such a memory ignores it."""

    def mop_up_distance(self, move: int) -> int:
        """A heuristic estimate of how far the attacker is from mating after `move` (chess: the
        mop-up estimate of `core.games.mop_up` in the endings it is meant for); 0 where the game
        has none. df-pn adds it to a new node's proof number."""

    def flights_after(self, move: int) -> int:
        """How many squares the defending king could flee to after the defender's `move` (chess:
        `core.games.chess_flights`); 0 where the game has no such notion. df-pn adds it, times
        its flight weight, to the proof number of the new node where the attacker is to move."""

    def position_hash(self) -> int:
        """A 64-bit identity of the current position, the same whatever path reached it (chess:
        the Polyglot Zobrist hash; trees: the node), for transposition tables."""

    def halfmove_clock(self) -> int:
        """Plies since the last capture or pawn move (the fifty-move rule's clock; 0 for trees),
        which a position's hash leaves out."""

    def move_label(self, move: int) -> str:
        """Label of a move from the current position (SAN for chess, node name for trees)."""

    def position_label(self) -> str:
        """Short description of the current position (FEN for chess, node name for trees)."""


def expand_by_playing(game: Game, room: int) -> Expansion | None:
    """`Game.expand` for a small game with nothing to add: every move in the game's order is
    pushed, the child evaluated, hashed and taken back. No mate in one or threat is tested and
    nothing is kept between expansions, so `known`, `mates_in_one` and `threats` change nothing.
    `RulesOnlyGame.expand` is this."""
    moves = game.ordered_moves()
    if len(moves) > room:
        return None
    values: list[Value] = []
    mobility: list[int] = []
    reasons: list[Reason] = []
    keys: list[int] = []
    is_or: list[bool] = []
    for move in moves:
        game.push(move)
        evaluation = game.evaluate()
        keys.append(game.position_hash())
        is_or.append(game.is_or())
        game.pop()
        values.append(evaluation.value)
        mobility.append(evaluation.mobility)
        reasons.append(evaluation.reason)
    return Expansion(moves, values, mobility, reasons, is_or, keys, [0] * len(moves))


class RulesOnlyGame(ABC):
    """A game that knows its rules and nothing more (every game here but chess): `Game`'s hooks
    for a game's knowledge say there is none, and its children come by playing every move
    (`expand_by_playing`). A new game subclasses it and writes its rules: the abstract methods,
    `kind` and `capabilities`."""

    kind: str
    capabilities: Capabilities

    @abstractmethod
    def reset(self) -> None: ...

    @abstractmethod
    def push(self, move: int) -> None: ...

    @abstractmethod
    def pop(self) -> None: ...

    @abstractmethod
    def is_or(self) -> bool: ...

    @abstractmethod
    def evaluate(self) -> Evaluation: ...

    @abstractmethod
    def ordered_moves(self) -> list[int]: ...

    @abstractmethod
    def position_hash(self) -> int: ...

    @abstractmethod
    def move_label(self, move: int) -> str: ...

    @abstractmethod
    def position_label(self) -> str: ...

    def power_ordered_moves(self) -> list[int]:
        """No pieces of different power: the game's own order."""
        return self.ordered_moves()

    def expand(
        self,
        room: int,
        known: Known | None = None,
        mates_in_one: bool = False,
        threats: bool = False,
    ) -> Expansion | None:
        """Every child, by playing each move: no mate tests, so the flags change nothing, and
        nothing is kept, so neither does `known`."""
        return expand_by_playing(self, room)

    def keep_expansions(self, positions: int) -> None:  # noqa: B027 (a hook that does nothing)
        """An expansion costs a few moves played: nothing to keep."""

    def mop_up_distance(self, move: int) -> int:
        """No estimate of the distance to a win."""
        return 0

    def flights_after(self, move: int) -> int:
        """No king to flee."""
        return 0

    def halfmove_clock(self) -> int:
        """No fifty-move rule."""
        return 0
