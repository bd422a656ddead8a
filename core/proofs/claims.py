"""Statements of fact about a mate, worked out in one place from who attacks.

The attacker is not always the side to move: a suite's `bm #-N` (or `--attacker other`) makes
the root an AND node, where the defender moves first. Every count of moves from plies, every
"no mate in N or fewer" and every PGN result tag goes through these functions, so that no
sentence anywhere assumes the attacker moves first.
"""

from __future__ import annotations

import chess


def attacker_moves_within(plies: int, attacker_first: bool) -> int:
    """How many attacker moves the first `plies` plies hold: the attacker makes the odd plies
    (1, 3, …) when it moves first, the even ones (2, 4, …) after a defender's first move."""
    if plies <= 0:
        return 0
    return (plies + 1) // 2 if attacker_first else plies // 2


def mate_length(plies: int, attacker_first: bool) -> int:
    """The N of "mate in N" for a mate delivered at ply `plies` (the mating move is the
    attacker's, so it is the attacker moves up to and including that ply)."""
    return attacker_moves_within(plies, attacker_first)


def plies_for_mate_in(moves: int, attacker_first: bool) -> int:
    """The plies a mate in `moves` may take: up to and including the attacker's `moves`-th move
    (2N − 1 plies when the attacker moves first, 2N after a defender's first move); the inverse
    of `mate_length` for a mate-length-bounded search."""
    return 2 * moves - 1 if attacker_first else 2 * moves


def no_mate_within(searched_plies: int, attacker_first: bool) -> int:
    """The largest N for which "no mate in N or fewer" holds once every line has been looked at
    to ply `searched_plies` without a proof (0: nothing can be said)."""
    return attacker_moves_within(searched_plies, attacker_first)


def side_names(attacker: chess.Color) -> tuple[str, str]:
    """The attacker's and the defender's names in sentences ("White", "Black")."""
    return ("White", "Black") if attacker == chess.WHITE else ("Black", "White")


def result_tag(attacker: chess.Color) -> str:
    """PGN's Result tag for a mate by `attacker`: the winner is the side that mates, whoever
    is to move at the root."""
    return "1-0" if attacker == chess.WHITE else "0-1"
