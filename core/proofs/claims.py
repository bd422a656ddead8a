"""Statements of fact about a solved problem, each kind written in one place.

Every sentence or header the tool prints or writes that states a fact — a PGN result tag, "mate
in N", "no mate in N or fewer", "the shortest", a board game's verdict ("X can at least draw"), a
suite's solved count — is built here, from the verified result (`core.runs.runner.RunRecord`,
whose `claim` is `verdict` below) or from a search's own bound. Nothing else spells them, so a
fix to one is a fix everywhere, and the claim tests hold each against an independent computation.

The attacker is not always the side to move: a suite's `bm #-N` (or `--attacker other`) makes
the root an AND node, where the defender moves first. Every count of moves from plies goes
through the functions below, so that no sentence anywhere assumes the attacker moves first.
"""

from __future__ import annotations

import chess

from ..values import counted

NO_FORCED_MATE = "no forced mate"
"""What a disproved chess root establishes: the attacker has no forced mate at any length."""


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


def line_end_tag(board: chess.Board) -> str:
    """PGN's Result tag for a line ending at `board`: the game's result where the rules end it
    there (a mate, even the attacker's own in a refutation; a draw by rule), else "*" (the line
    stops where the search settled it, before the game ends)."""
    outcome = board.outcome(claim_draw=False)
    return outcome.result() if outcome is not None else "*"


def mate_text(moves: int) -> str:
    """ "mate in N": a forced mate of N attacker moves (a verified proof's length, or the
    length a search or a problem names)."""
    return f"mate in {moves}"


def no_mate_text(moves: int) -> str:
    """ "no mate in N or fewer": every line was searched that far without a forced mate."""
    return f"no mate in {moves} or fewer"


def nothing_shorter_text() -> str:
    """Why a mate in 1 is the shortest without a search."""
    return f"nothing is shorter than a {mate_text(1)}"


def checked_disproof_text(said: str, nodes: int, positions: int) -> str:
    """A disproof that the independent replay (`GameKind.verify_disproof`) accepted, with what it
    establishes (`said`): "no mate in N or fewer" under a bound, the only way it is said of a
    length below a mate found; unbounded, the game's own verdict ("no forced mate", "X cannot
    force a win"), the only way a disproved root's verdict is said as certified."""
    replayed = counted(positions, "position")
    return f"{said}: disproved, {counted(nodes, 'node')}, certificate checked ({replayed} replayed)"


def uncertified_text(why: str) -> str:
    """A disproof the search found but the independent replay did not accept (or could not be
    given): it establishes nothing, and says why."""
    return f"disproved by the search but not certified: {why}"


def unsettled_text(below: int, why: str) -> str:
    """The lengths below a mate found that are left open (1 … `below`), and why: never a claim
    that none of them exists."""
    lengths = f"a {mate_text(1)}" if below == 1 else f"mates in 1–{below}"
    return f"{lengths} not settled ({why})"


def shortest_text(moves: int) -> str:
    """A verified mate of `moves` with every shorter length refuted, and the refutation said."""
    below = no_mate_text(moves - 1) if moves > 1 else "nothing is shorter"
    return f"{mate_text(moves)} is the shortest ({below})"


def goal_verdict(who: str, must_win: bool, proved: bool) -> str:
    """A board game's solved goal in words (`must_win`: the attacker must win, else at least
    draw): "X can force a win", "O cannot force a win", "X can at least draw", "X cannot avoid
    losing"."""
    if must_win:
        return f"{who} can force a win" if proved else f"{who} cannot force a win"
    return f"{who} can at least draw" if proved else f"{who} cannot avoid losing"


def verdict(proved: bool, verified: bool, mate_in: int | None, kind_verdict: str) -> str:
    """What a solved root establishes, in words: "mate in N" for a verified mate, else the game
    kind's own verdict (`GameKind.verdict_text`: "no forced mate", "X can at least draw", "the
    root is true"). A proof the verifier did not accept establishes nothing: ''."""
    if proved and not verified:
        return ""
    if proved and mate_in is not None:
        return mate_text(mate_in)
    return kind_verdict


def solved_text(solved: int, positions: int, proved: int, disproved: int) -> str:
    """A suite's headline count: proved means proved *and verified*, and solved is the two."""
    return f"{solved} of {positions} solved ({proved} proved and verified, {disproved} disproved)"
