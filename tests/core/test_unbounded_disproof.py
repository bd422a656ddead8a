"""df-pn's disproof without a length bound: a defender strategy read out of the table, whose
lines end by a rule without mate or return to a position already on them, replayed under
python-chess's rules ("no forced mate"), held against brute force on cyclic graph games and on
chess positions, and planted bad strategies rejected."""

from __future__ import annotations

import json
import random

import chess
import pytest

from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_VERIFICATION_FAILED
from pn_explorer.core.errors import VerificationError
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.solution import uci_proof
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.proofs.verify import UciProof
from pn_explorer.core.proofs.verify_disproof import verify_disproof
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.types import Limits, Result
from tests.cyclic_graphs import (
    GraphGame,
    check_defender_strategy,
    first_repetition_value,
    random_cyclic_graph,
)
from tests.helpers import drop_a_root_move_from_disproofs, forced_mate_within

FORTRESS = "4k3/1p1p1p1p/1P1P1P1P/8/8/p1p1p1p1/P1P1P1P1/4K3 w - - 0 1"
"""Locked pawns keep each king on its back rank: the kings can only walk to and fro, so every
line of a disproof ends in a repetition."""

ROOK_PAWN = "7k/8/7P/6K1/8/8/8/8 w - - 0 1"
"""A rook's pawn with the defending king in its corner: the lines end in stalemate, the pawn's
capture or a repetition."""


def unbounded(board: chess.Board, attacker: chess.Color) -> DfpnSearch:
    """df-pn without a length bound, run to its end (100,000 table entries)."""
    search = DfpnSearch(ChessGame(board, attacker=attacker), Limits(max_nodes=100_000))
    search.run()
    return search


def forced_mate_at_any_length(board: chess.Board, attacker: chess.Color) -> bool:
    """Whether `attacker` forces mate from `board`, by brute force over every position reachable
    from it (the winning positions grown backwards from the mates until nothing changes). The
    fifty-move rule is left out, which only helps the attacker: "no" here is "no" in chess."""
    keys: dict[object, chess.Board] = {}
    frontier = [board.copy(stack=False)]
    while frontier:
        position = frontier.pop()
        key = position._transposition_key()
        if key in keys:
            continue
        keys[key] = position
        if not position.is_game_over(claim_draw=False):
            for move in position.legal_moves:
                child = position.copy(stack=False)
                child.push(move)
                frontier.append(child)
    children = {}
    for key, position in keys.items():
        below = []
        for move in position.legal_moves:
            position.push(move)
            below.append(position._transposition_key())
            position.pop()
        children[key] = below
    won = {key for key, p in keys.items() if p.is_checkmate() and p.turn != attacker}
    grown = True
    while grown:
        grown = False
        for key, position in keys.items():
            if key in won or not children[key] or position.is_game_over(claim_draw=False):
                continue
            ways = (child in won for child in children[key])
            if any(ways) if position.turn == attacker else all(ways):
                won.add(key)
                grown = True
    return board._transposition_key() in won


def line_ends(board: chess.Board, tree: UciProof, line: tuple = ()) -> list[tuple]:
    """The leaves of `tree` from `board`: (moves to it, whether its position stood earlier on
    its own line)."""
    key = board._transposition_key()
    if not tree:
        return [(tuple(m.uci() for m in board.move_stack), key in line)]
    ends = []
    for uci, child in tree.items():
        board.push(chess.Move.from_uci(uci))
        ends += line_ends(board, child, (*line, key))
        board.pop()
    return ends


def shuttle(board: chess.Board, line: tuple = (), seen: set | None = None) -> UciProof:
    """A defender strategy in the fortress built by hand: Black's king steps between e8 and d8,
    every White move is answered, and a line stops where its position stood earlier on it, or,
    given `seen`, where it stood anywhere before in the walk (a transposition, not a repetition:
    the planted fault)."""
    key = board._transposition_key()
    if key in line or (seen is not None and key in seen):
        return {}
    if seen is not None:
        seen.add(key)
    if board.turn == chess.WHITE:
        moves = list(board.legal_moves)
    else:
        king = board.king(chess.BLACK)
        moves = [chess.Move(king, chess.D8 if king == chess.E8 else chess.E8)]
    tree = {}
    for move in moves:
        board.push(move)
        tree[move.uci()] = shuttle(board, (*line, key), seen)
        board.pop()
    return tree


def certified(fen: str, attacker: chess.Color) -> UciProof:
    """df-pn's unbounded disproof from `fen`, read out and accepted by the replay."""
    board = chess.Board(fen)
    search = unbounded(board, attacker)
    assert search.outcome.result is Result.DISPROVED
    tree = uci_proof(search.disproof())
    verified = verify_disproof(board, tree, attacker, None)
    assert verified.moves is None and verified.plies is None and verified.nodes >= 1
    return tree


def test_random_cyclic_graphs_every_disproof_is_a_strategy_brute_force_agrees_with() -> None:
    """120 random graphs full of cycles: every root df-pn disproves is lost for the attacker by
    brute force, its disproof is read out and holds as a defender strategy on the graph, and
    many such strategies end lines by returning to a node of the line."""
    disproved = repeating = 0
    for seed in range(120):
        game = random_cyclic_graph(random.Random(seed), random.Random(seed).randint(6, 16))
        search = DfpnSearch(game, Limits(max_nodes=64))
        if search.run().result is not Result.DISPROVED:
            continue
        assert not first_repetition_value(game), seed
        disproved += 1
        repeating += check_defender_strategy(game, search.disproof()) > 0
    assert disproved >= 40 and repeating >= 20


def test_a_graph_strategy_missing_an_attacker_move_or_faking_a_repetition_is_rejected() -> None:
    """R chooses X or Y; from X the defender goes back to R, from Y it can only go to Z, where
    the attacker can only lose at L."""
    game = GraphGame(
        {"R": ["X", "Y"], "X": ["R", "W"], "Y": ["Z"], "Z": ["L"]},
        or_nodes={"R", "Z"},
        wins={"W"},
        losses={"L"},
    )
    search = DfpnSearch(game, Limits(max_nodes=64))
    assert search.run().result is Result.DISPROVED and not first_repetition_value(game)
    strategy = search.disproof()
    assert check_defender_strategy(game, strategy) == 1
    index = game.index
    x, y, z, r = index["X"], index["Y"], index["Z"], index["R"]
    assert set(strategy.children[x].children) == {r}
    fake = ProofNode(True, {x: strategy.children[x], y: ProofNode(False)})
    with pytest.raises(AssertionError, match="neither lost nor repeated"):
        check_defender_strategy(game, fake)
    missing = ProofNode(True, {y: ProofNode(False, {z: ProofNode(True)})})
    with pytest.raises(AssertionError, match="a move is missing"):
        check_defender_strategy(game, missing)


@pytest.mark.parametrize(
    ("fen", "attacker"),
    [
        (FORTRESS, chess.WHITE),
        (FORTRESS, chess.BLACK),
        (FORTRESS.replace(" w ", " b "), chess.WHITE),
    ],
)
def test_a_fortress_is_certified_by_repetitions_alone_and_brute_force_agrees(fen, attacker):
    board = chess.Board(fen)
    assert not forced_mate_at_any_length(board, attacker)
    ends = line_ends(board.copy(), certified(fen, attacker))
    assert ends and all(repeated for _, repeated in ends)


def test_a_rook_pawn_draw_is_certified_with_every_kind_of_line_end() -> None:
    board = chess.Board(ROOK_PAWN)
    tree = certified(ROOK_PAWN, chess.WHITE)
    assert not forced_mate_within(board.copy(), chess.WHITE, 3)
    ends = line_ends(board.copy(), tree)
    repeated = [moves for moves, again in ends if again]
    assert repeated and len(repeated) < len(ends)


def test_a_leaf_that_repeats_no_position_of_its_own_line_is_rejected() -> None:
    """Fake repetitions: df-pn's strategy cut short where nothing repeats, and a hand-made one
    that stops where a position stood on another line of the tree (a transposition), not on its
    own. The replay looks at its own line and refuses both."""
    board = chess.Board(FORTRESS)
    tree = certified(FORTRESS, chess.WHITE)
    deep = next(moves for moves, _ in line_ends(board.copy(), tree) if len(moves) >= 4)
    node = tree
    for uci in deep[:-2]:
        node = node[uci]
    node[deep[-2]] = {}
    with pytest.raises(VerificationError, match="no rule ends the line"):
        verify_disproof(board, tree, chess.WHITE, None)
    assert verify_disproof(board, shuttle(board.copy()), chess.WHITE, None).nodes > 0
    transposed = shuttle(board.copy(), seen=set())
    assert any(not again for _, again in line_ends(board.copy(), transposed))
    with pytest.raises(VerificationError, match="no rule ends the line"):
        verify_disproof(board, transposed, chess.WHITE, None)


def test_a_missing_attacker_move_is_rejected_without_a_bound() -> None:
    board = chess.Board(ROOK_PAWN)
    tree = certified(ROOK_PAWN, chess.WHITE)
    tree.pop(next(iter(tree)))
    with pytest.raises(VerificationError, match=r"after \(root\): the attacker's .* not answered"):
        verify_disproof(board, tree, chess.WHITE, None)


def test_a_strategy_that_lets_the_defender_be_mated_is_rejected() -> None:
    """Every White move answered, but 1. Ra8# is a mate, not a line the defender holds."""
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    tree: UciProof = {"a1a8": {}}
    tree.update((move.uci(), {}) for move in board.legal_moves)
    with pytest.raises(VerificationError, match="after a1a8: the defender is mated"):
        verify_disproof(board, tree, chess.WHITE, None)


def _solve(capsys, *args: str) -> tuple[int, str]:
    status = main(["solve", *args])
    return status, capsys.readouterr().out


def test_solve_certifies_no_forced_mate_only_when_the_replay_accepts(capsys, monkeypatch):
    status, out = _solve(capsys, FORTRESS, "--algo", "dfpn", "--quiet")
    assert status == 10
    assert "Disproof   no forced mate: disproved, " in out and "certificate checked" in out
    _, out = _solve(capsys, FORTRESS, "--algo", "dfpn", "--quiet", "--json")
    data = json.loads(out)
    assert data["claim"] == "no forced mate" and data["disproof"]["checked"] is True
    assert data["disproof"]["positions_checked"] > 0

    drop_a_root_move_from_disproofs(monkeypatch)
    status, out = _solve(capsys, FORTRESS, "--algo", "dfpn", "--quiet")
    assert status == EXIT_VERIFICATION_FAILED  # nothing is claimed
    assert "Disproof   disproved by the search but not certified: after (root)" in out
    assert "no forced mate" not in out
    _, out = _solve(capsys, FORTRESS, "--algo", "dfpn", "--quiet", "--json")
    data = json.loads(out)
    assert data["claim"] == "" and data["disproof"]["checked"] is False
    assert "not answered" in data["disproof"]["text"]
