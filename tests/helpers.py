"""Small shared helpers for the tests (positions from the built-in suites, tree comparison)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import chess

from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.mnk import MnkReferee, MnkRules
from pn_explorer.core.games.suites import find_position, load_suite
from pn_explorer.core.proofs.claims import plies_for_mate_in
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.search.dag_pn import DagProofNumberSearch
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.pn2 import Pn2Search
from pn_explorer.core.search.types import Limits
from pn_explorer.core.tree import Tree

_WAC = None


def wac(position_id: str):
    """A position of the built-in 82-position wac-mates suite, by id or number."""
    global _WAC
    if _WAC is None:
        _WAC = load_suite("wac-mates")
    return find_position(_WAC, position_id)


def played_from(board: chess.Board, choices: list[int]) -> chess.Board:
    """A fresh board (no move stack) after playing from `board` the legal moves `choices` pick,
    each an index taken modulo the number of legal moves, stopping where none is left: random
    play from a suite position, driven by Hypothesis."""
    board = board.copy(stack=False)
    for choice in choices:
        legal = list(board.legal_moves)
        if not legal:
            break
        board.push(legal[choice % len(legal)])
    return board.copy(stack=False)


def has_mate_in_one(board: chess.Board) -> bool:
    """Whether the side to move mates in one, by trying every legal move (the reference the
    fast one-move mate and threat tests are held against)."""
    for move in list(board.legal_moves):
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if mate:
            return True
    return False


def forced_mate_within(board: chess.Board, attacker: chess.Color, moves: int) -> bool:
    """Whether `attacker` forces mate within `moves` of its own moves from `board` (whoever is
    to move there), by trying every line: the brute-force reference for "mate in N" and "no
    mate in N or fewer" claims. Exponential: for N of 1 or 2."""
    if board.is_checkmate():
        return board.turn != attacker
    if moves == 0 or board.is_game_over(claim_draw=False):
        return False
    attacking = board.turn == attacker
    for move in list(board.legal_moves):
        board.push(move)
        found = forced_mate_within(board, attacker, moves - 1 if attacking else moves)
        board.pop()
        if found == attacking:
            return attacking
    return not attacking


def tree_columns(tree: Tree) -> tuple:
    """Every column of a tree, for node-for-node equality."""
    return (
        tree.parent.tobytes(),
        tree.first_child.tobytes(),
        tree.child_count.tobytes(),
        tree.proof.tobytes(),
        tree.disproof.tobytes(),
        tree.move.tobytes(),
        tree.flags.tobytes(),
    )


_REACHED: dict[MnkRules, dict[tuple, bool]] = {}


def mnk_value(rules: MnkRules, moves: Sequence[int] = ()) -> bool:
    """Whether the attacker reaches its goal under perfect play after `moves`: plain minimax
    over the plain referee, memoised on the grid, one memo per game (the independent reference
    for the board games' results)."""
    referee = MnkReferee(rules, tuple(moves))
    memo = _REACHED.setdefault(rules, {})

    def reached() -> bool:
        grid = tuple(map(tuple, referee.grid))
        if grid not in memo:
            over = referee.goal_reached()
            if over is None:
                attacking = referee.attacker_to_move()
                over = not attacking
                for move in referee.legal():
                    referee.play(move)
                    found = reached()
                    referee.undo()
                    if found == attacking:
                        over = attacking
                        break
            memo[grid] = over
        return memo[grid]

    return reached()


def bounded(board: chess.Board, attacker: chess.Color, moves: int) -> DfpnSearch:
    """df-pn bounded to mates in `moves` or fewer for `attacker` from `board`, run to its end
    (100,000 nodes at most)."""
    game = ChessGame(board, attacker=attacker)
    plies = plies_for_mate_in(moves, board.turn == attacker)
    search = DfpnSearch(game, Limits(max_nodes=100_000), max_plies=plies)
    search.run()
    return search


def drop_a_root_move_from_disproofs(monkeypatch) -> None:
    """Every search's read-out disproof (df-pn's, PN's, Pn²'s and DAG PN's `disproof`) loses one
    of the attacker's root moves from now on (through pytest's `monkeypatch`): the independent
    replay must reject it, that move not answered."""
    for search_class in (DfpnSearch, ProofNumberSearch, Pn2Search, DagProofNumberSearch):
        monkeypatch.setattr(search_class, "disproof", _without_a_root_move(search_class.disproof))


def _without_a_root_move(read_out: Callable[[Any], ProofNode]) -> Callable[[Any], ProofNode]:
    def without_a_root_move(search: Any) -> ProofNode:
        tree = read_out(search)
        tree.children.pop(next(iter(tree.children)))
        return tree

    return without_a_root_move
