"""A solved chess search as PGN with variations (python-chess `chess.pgn`), which chess GUIs open.

The main line is the solution's longest line (a proof's verified main line: the defender resisting
longest); every other move the solution holds becomes a variation where it branches, recursively:
for a proof every defender reply, for a refutation every attacker try. A proof is exported only
after `mate_solution` (the independent python-chess replay the runner uses) has accepted it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import chess

from ..errors import ExportError
from ..games.chess_game import ChessGame, decode_move
from ..games.solution import mate_solution
from ..proofs.claims import NO_FORCED_MATE, line_end_tag, mate_text, result_tag
from ..proofs.proof import ProofNode
from ..proofs.solution_tree import solution_stats
from ..values import counted

if TYPE_CHECKING:
    import chess.pgn

MAX_PGN_MOVES = 200_000
"""A PGN writes a subtree shared by transpositions once per line reaching it: larger ones are
refused rather than written as files no GUI opens."""


def proof_pgn(game: ChessGame, proof: ProofNode, engine: str, nodes_created: int) -> str:
    """The verified proof as PGN (raises VerificationError if the replay rejects it)."""
    solution = mate_solution(game, proof)
    comment = (
        f"{engine}, {counted(nodes_created, 'node')} created: {mate_text(solution.mate_in)}, "
        f"verified by an independent replay of its proof tree "
        f"({counted(solution.proof_size, 'node')}, {counted(solution.proof_depth, 'ply')} deep). "
        "Main line: the longest defence; "
        "variations: every other defender reply."
    )
    return _pgn(
        game,
        proof,
        comment,
        result_tag(game.attacker),
        mate_text(solution.mate_in).capitalize(),
        endings=False,
    )


def refutation_pgn(game: ChessGame, refutation: ProofNode, engine: str, nodes_created: int) -> str:
    """A disproved root's refutation tree as PGN: every attacker try, the reply that holds."""
    size, depth = solution_stats(refutation)
    comment = (
        f"{engine}, {counted(nodes_created, 'node')} created: {NO_FORCED_MATE}. Refutation tree of "
        f"{counted(size, 'node')}, {counted(depth, 'ply')} deep. Main line: the attacker try "
        "that lasts longest; variations: every other try, each with the reply that holds."
    )
    return _pgn(game, refutation, comment, "*", NO_FORCED_MATE.capitalize(), endings=True)


def _pgn(
    game: ChessGame, solution: ProofNode, comment: str, result: str, event: str, endings: bool
) -> str:
    """The PGN text; `endings`: say at each line's end why it ends (a proof's all end in mate),
    and take the Result tag from where the main line ends (a refutation's may end the game)."""
    import chess.pgn  # with python-chess's engine module: only where PGN is written

    pgn = chess.pgn.Game()
    pgn.setup(game.root_board.copy(stack=False))
    pgn.headers["Event"] = f"PN Explorer: {event}"
    pgn.headers["Site"] = "PN Explorer"
    pgn.headers["Annotator"] = "PN Explorer"
    pgn.headers["Result"] = result
    pgn.comment = comment
    depths = solution.depths()
    written = 0
    stack: list[tuple[chess.pgn.GameNode, ProofNode]] = [(pgn, solution)]
    while stack:
        at, node = stack.pop()
        main = max(node.children, key=lambda code: depths[id(node.children[code])], default=None)
        ordered = sorted(node.children, key=lambda code: code != main)
        for code in ordered:
            written += 1
            if written > MAX_PGN_MOVES:
                raise ExportError(
                    f"the solution has more than {MAX_PGN_MOVES:,} moves with its variations: "
                    "too large for a PGN"
                )
            below = at.add_variation(decode_move(code))
            stack.append((below, node.children[code]))
        if endings and not node.children and at is not pgn:
            ending = _ending(at.board())
            if ending:
                at.comment = ending
    if endings:
        pgn.headers["Result"] = line_end_tag(pgn.end().board())
    return str(pgn) + "\n"


def _ending(board: chess.Board) -> str:
    """Why a line of the solution ends here, read from the position itself."""
    if board.is_checkmate():
        return "the attacker is mated"
    if board.is_stalemate():
        return "stalemate"
    if board.is_insufficient_material():
        return "insufficient material"
    if board.halfmove_clock >= 100:
        return "fifty-move rule"
    if board.is_repetition(2):
        return "repetition"
    return "settled by the search below here"
