"""The shortest mate, with a certificate: df-pn bounded by mate length, downward from a mate found.

A proof-number search proves *a* mate, often not the shortest (thesis §3.6.2, Figure 3.10). Given
a verified mate in L, this module asks df-pn the bounded question "is there a mate in L − 1 or
fewer?" (`DfpnSearch(max_plies=…)`: a position reached after the plies a mate in L − 1 may take,
without mate, is lost for the attacker; the plies are worked out by `core.proofs.claims` from who
attacks, not who is to move). A proof is a shorter mate, verified by the independent replay
before it counts, and the question is asked again below it; a disproof is the certificate that
none shorter exists. So the answer is "mate in 4; no mate in 3 or fewer: disproved, 12,345
nodes", which no engine's mate score says, or, where the budget ends first, the mate found with
the lengths left open.

A disproof is not taken on the search's word, as a proof is not: the disproof tree is read out of
df-pn's table (`DfpnSearch.disproof`: every attacker move, one defender reply that holds, down to
the bound or a rule that ends the line) and replayed by `core.proofs.verify_disproof` under
python-chess's rules and move generator. Only a disproof that replay accepts certifies a length
("no mate in 3 or fewer: disproved, …, certificate checked"); one it rejects, or that cannot be
read out, leaves the lengths below open and says why. Repetitions cannot hide a shorter mate:
along a shortest mate's every line the distance to mate falls at each ply, so no position of it
repeats (the replay's docstring says it in full).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import chess

from ..errors import VerificationError
from ..games.chess_game import ChessGame
from ..games.solution import MateSolution, check_disproof, mate_solution
from ..proofs.claims import (
    checked_disproof_text,
    mate_text,
    no_mate_text,
    nothing_shorter_text,
    plies_for_mate_in,
    uncertified_text,
    unsettled_text,
)
from .contract import Search
from .defaults import DEFAULT_NODE_CAP, DFPN_NATIVE
from .dfpn import DfpnSearch
from .registry import entry
from .types import Limits, Result


@dataclass(frozen=True, slots=True)
class BoundedSearch:
    """One bounded question: "a mate in `moves` or fewer?" and df-pn's answer to it."""

    moves: int
    result: Result
    reason: str
    nodes_created: int
    seconds: float
    mate_in: int | None = None
    """The verified length of the mate found (at most `moves`), for a proved question."""
    checked: bool = False
    """For a disproved question: the disproof read out of the table passed the independent
    replay (`core.proofs.verify_disproof`), so "no mate in `moves` or fewer" holds."""
    check: str = ""
    """Why a disproof is not certified (the replay's or the read-out's failure), else ''."""
    positions_checked: int = 0
    """Positions the replay of an accepted disproof went through."""

    def to_dict(self) -> dict[str, object]:
        return {
            "moves": self.moves,
            "result": self.result.value,
            "reason": self.reason,
            "nodes_created": self.nodes_created,
            "seconds": round(self.seconds, 3),
            "mate_in": self.mate_in,
            "disproof_checked": self.checked,
            "check": self.check,
            "positions_checked": self.positions_checked,
        }


@dataclass(frozen=True, slots=True)
class ShortestMateCertificate:
    """What the bounded searches established about a mate proved in `given` moves.

    `mate_in`: the shortest mate found (verified); `certified`: no shorter one exists (the
    question below it disproved and that disproof checked independently, or a mate in 1);
    `searches`: the questions asked, in order;
    `solution`: the verified shorter mate, where one was found.
    """

    given: int
    mate_in: int
    certified: bool
    searches: tuple[BoundedSearch, ...]
    solution: MateSolution | None

    @property
    def shorter_found(self) -> bool:
        return self.mate_in < self.given

    @property
    def nodes_created(self) -> int:
        return sum(search.nodes_created for search in self.searches)

    @property
    def seconds(self) -> float:
        return sum(search.seconds for search in self.searches)

    @property
    def verdict(self) -> str:
        """What certifies the length, or what is left open: "no mate in 3 or fewer: disproved,
        5,535 nodes, certificate checked (…)", "mates in 1–3 not settled (why)"."""
        last = self.searches[-1] if self.searches else None
        if self.certified:
            if last is None or last.result is not Result.DISPROVED:
                return nothing_shorter_text()
            return checked_disproof_text(
                no_mate_text(last.moves), last.nodes_created, last.positions_checked
            )
        if last is None:
            why = "not searched"
        elif last.result is Result.DISPROVED:
            why = uncertified_text(last.check)
        else:
            why = last.reason
        return unsettled_text(self.mate_in - 1, why)

    @property
    def text(self) -> str:
        """One line: the length, and what certifies it or what is left open."""
        found = mate_text(self.mate_in)
        if self.shorter_found:
            found += f" (shorter than the {mate_text(self.given)} proved, verified)"
        return f"{found}; {self.verdict}"

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        solution = self.solution
        return {
            "given": self.given,
            "mate_in": self.mate_in,
            "certified": self.certified,
            "shorter_found": self.shorter_found,
            "main_line": list(solution.main_line_san) if solution else [],
            "main_line_uci": list(solution.main_line_uci) if solution else [],
            "searches": [search.to_dict() for search in self.searches],
            "nodes_created": self.nodes_created,
            "seconds": round(self.seconds, 3),
            "text": self.text,
        }


def bounded_engine(algorithm: str) -> Callable[..., Search]:
    """The df-pn engine the bounded searches run on after a mate found by `algorithm`: the
    native one after the native df-pn (the same answers, compiled), else the Python one."""
    return entry(DFPN_NATIVE).run if algorithm == DFPN_NATIVE else DfpnSearch


def certify_shortest(
    board: chess.Board,
    attacker: chess.Color,
    mate_in: int,
    limits: Limits | None = None,
    search_type: Callable[..., Search] = DfpnSearch,
) -> ShortestMateCertificate:
    """From a verified mate in `mate_in` by `attacker` from `board`, look for shorter mates with
    df-pn bounded by mate length and certify the shortest where the budget allows. `limits`:
    each bounded search's table size (`max_nodes`) and the seconds all of them may take;
    `search_type`: the df-pn engine that runs them (the native one gives the same answers)."""
    if mate_in < 1:
        raise ValueError(f"a mate length is at least 1, not {mate_in!r}")
    limits = limits or Limits()
    capacity = limits.max_nodes or DEFAULT_NODE_CAP
    deadline = None if limits.max_seconds is None else time.perf_counter() + limits.max_seconds
    attacker_first = board.turn == attacker
    best, solution = mate_in, None
    searches: list[BoundedSearch] = []
    while best > 1:
        seconds = None if deadline is None else deadline - time.perf_counter()
        if seconds is not None and seconds <= 0:
            break
        moves = best - 1
        game = ChessGame(board, attacker=attacker)
        search = search_type(
            game,
            Limits(max_nodes=capacity, max_seconds=seconds),
            max_plies=plies_for_mate_in(moves, attacker_first),
        )
        outcome = search.run()
        assert outcome is not None, "a run without a slice ends"
        found = mate_solution(game, search.proof()) if outcome.result is Result.PROVED else None
        checked, check, positions = False, "", 0
        started = time.perf_counter()
        if outcome.result is Result.DISPROVED:
            checked, check, positions = check_disproof(board, attacker, search)
        searches.append(
            BoundedSearch(
                moves,
                outcome.result,
                str(outcome),
                search.nodes_created,
                search.elapsed + time.perf_counter() - started,
                found.mate_in if found else None,
                checked,
                check,
                positions,
            )
        )
        if found is None:
            break
        if found.mate_in > moves:
            raise VerificationError(
                f"a search bounded to mates in {moves} proved a mate in {found.mate_in}"
            )
        best, solution = found.mate_in, found
    certified = best == 1 or bool(searches) and searches[-1].checked
    return ShortestMateCertificate(mate_in, best, certified, tuple(searches), solution)
