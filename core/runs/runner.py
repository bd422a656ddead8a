"""Solve one chess position headless and describe the result: shared by `solve`, `suite`, `bench`.

A proved result is only reported after `core.proofs.solution.mate_solution` has replayed the proof
with the independent verifier; a proof that fails it is reported as an error, never as a mate.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

import chess

from core.errors import VerificationError
from core.games.chess_game import ChessGame, parse_fen
from core.proofs.solution import mate_solution, refutation
from core.search.algorithms import AlgorithmSpec, create_search
from core.search.contract import Search
from core.search.types import Limits, Result


@dataclass(slots=True)
class SolveRecord:
    """Everything one search on one position produced, flat enough for CSV and JSON."""

    id: str
    fen: str
    algorithm: str
    result: str
    reason: str
    nodes_created: int
    nodes_in_memory: int
    peak_nodes_in_memory: int
    iterations: int
    seconds: float
    mate_in: int | None = None
    main_line: list[str] = field(default_factory=list)
    first_move: str = ""
    verified: bool | None = None
    verification_error: str = ""
    proof_size: int | None = None
    proof_depth: int | None = None
    best_moves: list[str] = field(default_factory=list)
    agrees_with_bm: bool | None = None
    known_mate_length: int | None = None
    second_level_searches: int | None = None
    refutation: list[list[str]] = field(default_factory=list)

    @property
    def nodes_per_second(self) -> float:
        return self.nodes_created / self.seconds if self.seconds > 0 else 0.0

    @property
    def solved(self) -> bool:
        """Proved and verified, or disproved: what the suite counts as solved."""
        return (
            self.result == Result.PROVED.value and bool(self.verified)
        ) or self.result == Result.DISPROVED.value

    def to_dict(self) -> dict:
        data = asdict(self)
        data["nodes_per_second"] = round(self.nodes_per_second, 1)
        return data


def solve_board(
    board: chess.Board,
    spec: AlgorithmSpec,
    limits: Limits,
    position_id: str = "",
    best_moves: tuple[str, ...] = (),
    known_mate_length: int | None = None,
) -> SolveRecord:
    """Run `spec` on `board` to its limits, then verify and describe the outcome."""
    game = ChessGame(board)
    search = create_search(spec, game, limits)
    search.run()
    return describe_search(game, search, spec, position_id, best_moves, known_mate_length)


def describe_search(
    game: ChessGame,
    search: Search,
    spec: AlgorithmSpec,
    position_id: str = "",
    best_moves: tuple[str, ...] = (),
    known_mate_length: int | None = None,
) -> SolveRecord:
    """The record of a finished search: a proof is verified before it is described as a mate."""
    outcome = search.outcome
    board = game.root_board
    record = SolveRecord(
        id=position_id,
        fen=board.fen(),
        algorithm=spec.name,
        result=outcome.result.value,
        reason=str(outcome),
        nodes_created=search.nodes_created,
        nodes_in_memory=search.nodes_in_memory,
        peak_nodes_in_memory=search.peak_nodes_in_memory,
        iterations=search.iterations,
        seconds=search.elapsed,
        best_moves=list(best_moves),
        known_mate_length=known_mate_length,
        second_level_searches=search.second_level_searches,
    )
    if outcome.result is Result.PROVED:
        try:
            solution = mate_solution(game, search.proof())
        except VerificationError as error:
            record.verified = False
            record.verification_error = str(error)
            return record
        record.verified = True
        record.mate_in = solution.mate_in
        record.main_line = solution.main_line_san
        record.first_move = solution.first_move_san
        record.proof_size = solution.proof_size
        record.proof_depth = solution.proof_depth
        if best_moves:
            record.agrees_with_bm = solution.first_move_san in best_moves
    elif outcome.result is Result.DISPROVED and search.tree is not None:
        record.refutation = [list(line) for line in refutation(game, search.tree).lines]
    return record


def solve_fen(
    fen: str,
    spec: AlgorithmSpec,
    limits: Limits,
    position_id: str = "",
    best_moves: tuple[str, ...] = (),
    known_mate_length: int | None = None,
) -> SolveRecord:
    """`solve_board` from a FEN string (picklable work item for worker processes)."""
    board = parse_fen(fen)
    return solve_board(board, spec, limits, position_id, best_moves, known_mate_length)
