"""The outcome of a search whose root the game has already decided.

Figure 3.2 evaluates the root before its loop: a position that is already won or lost (a mate on
the board, a finished game) ends every search there, with no node expanded. Each search asks this
one function, so all of them say such a root in the game's own words ("checkmate" for chess,
"three in a row" for tic-tac-toe) rather than each writing the outcome out again.
"""

from __future__ import annotations

from ..games.game import Evaluation, Game
from ..games.registry import kind_of
from ..values import Value
from .types import Outcome, Result, StopReason


def root_outcome(game: Game, evaluation: Evaluation) -> Outcome | None:
    """How a search of `game` ends before its first step: None while the root's value is
    unknown, else proved or disproved with the game's reason for it."""
    if evaluation.value is Value.UNKNOWN:
        return None
    return Outcome(
        Result.PROVED if evaluation.value is Value.TRUE else Result.DISPROVED,
        StopReason.ROOT_TERMINAL,
        kind_of(game).reason_text(evaluation.reason),
    )
