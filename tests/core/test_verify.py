"""The independent verifier accepts real mates and rejects every kind of tampered proof."""

import copy

import chess
import pytest
from helpers import wac

from pn_explorer.core.errors import VerificationError
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.solution import uci_proof
from pn_explorer.core.proofs.verify import verify_mate
from pn_explorer.core.search.pn import ProofNumberSearch


def _proof(position_id):
    position = wac(position_id)
    search = ProofNumberSearch(ChessGame(position.board))
    search.run()
    return position.board, uci_proof(search.proof())


def _defender_node(proof):
    """The first defender node with at least two replies (a place to tamper)."""
    stack = [proof]
    while stack:
        attacker = stack.pop()
        ((move, defender),) = attacker.items()
        if len(defender) >= 2:
            return defender
        stack.extend(defender.values())
    raise AssertionError("no defender node with two replies")


def test_a_real_proof_is_verified():
    board, proof = _proof("WAC.049")
    verified = verify_mate(board, proof)
    assert verified.moves == 6
    assert verified.nodes > 10


def test_a_missing_defender_reply_is_rejected():
    board, proof = _proof("WAC.049")
    tampered = copy.deepcopy(proof)
    defender = _defender_node(tampered)
    defender.pop(next(iter(defender)))
    with pytest.raises(VerificationError, match="is not answered"):
        verify_mate(board, tampered)


def test_a_leaf_that_is_not_mate_is_rejected():
    board, proof = _proof("WAC.049")
    tampered = copy.deepcopy(proof)
    ((_move, defender),) = tampered.items()
    stack = [defender]
    while stack:
        node = stack.pop()
        deeper = [
            (reply, attacker) for reply, attacker in node.items() if next(iter(attacker.values()))
        ]
        if deeper:
            reply, attacker = deeper[0]
            ((attacker_move, _rest),) = attacker.items()
            node[reply] = {attacker_move: {}}
            break
    with pytest.raises(VerificationError, match="not mated"):
        verify_mate(board, tampered)


def test_an_illegal_attacker_move_is_rejected():
    board, proof = _proof("WAC.004")
    tampered = {"a1a8": next(iter(proof.values()))}
    with pytest.raises(VerificationError, match="not legal"):
        verify_mate(board, tampered)


def test_a_proof_that_stops_on_the_attackers_move_is_rejected():
    board, proof = _proof("WAC.004")
    ((move, defender),) = proof.items()
    tampered = {move: {reply: {} for reply in defender}}
    with pytest.raises(VerificationError, match="attacker's move is missing"):
        verify_mate(board, tampered)


def test_two_attacker_moves_are_rejected():
    board, proof = _proof("WAC.004")
    ((move, defender),) = proof.items()
    with pytest.raises(VerificationError, match="one expected"):
        verify_mate(board, {move: defender, "h4h5": defender})


def test_a_stalemate_is_not_a_mate():
    import chess

    board = chess.Board("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1")
    with pytest.raises(VerificationError, match="not mated"):
        verify_mate(board, {"c1c7": {}})


def test_a_proof_for_the_side_not_to_move_must_answer_every_defender_move():
    """`bm #-1`: Black to move is mated after either pawn move; the attacker is White."""
    fen = "k7/2K4p/1Q6/8/8/8/8/8 b - - 0 1"
    proof = {"h7h6": {"b6b8": {}}, "h7h5": {"b6b8": {}}}
    assert verify_mate(fen, proof, chess.WHITE).moves == 1
    with pytest.raises(VerificationError, match="h7h5 is not answered"):
        verify_mate(fen, {"h7h6": {"b6b8": {}}}, chess.WHITE)
    with pytest.raises(VerificationError):
        verify_mate(fen, proof)
