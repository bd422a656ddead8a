"""The independent check of a bounded disproof ("no mate in N or fewer"; the unbounded one is
`test_unbounded_disproof`): df-pn's disproofs read out of its table and replayed under
python-chess's rules, held against brute force for either attacker, and planted bad disproofs
rejected."""

from __future__ import annotations

import chess
import pytest

from pn_explorer.core.errors import VerificationError
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.solution import uci_proof
from pn_explorer.core.proofs.claims import plies_for_mate_in
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.proofs.verify import UciProof
from pn_explorer.core.proofs.verify_disproof import verify_disproof
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.dfpn_shortest import certify_shortest
from pn_explorer.core.search.types import Result
from tests.helpers import bounded, drop_a_root_move_from_disproofs, forced_mate_within, wac

KRK = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"
"""A rook ending far from mate: its bounded disproofs end lines in repetitions."""


def position(name: str) -> tuple[chess.Board, chess.Color]:
    """A WAC mate and its attacker: as given (White mates), after the attacker's first move
    (`:after`, the defender moves first at the root; WAC.097's 1. Qa8+), colour-flipped
    (`:black`, Black mates), or both."""
    suite_id, *forms = name.split(":")
    found = wac(suite_id)
    board, attacker = found.board.copy(stack=False), found.attacker
    if "after" in forms:
        board.push_san("Qa8+")
    if "black" in forms:
        board, attacker = board.mirror(), not attacker
    return board.copy(stack=False), attacker


def checked_disproof(board: chess.Board, attacker: chess.Color, moves: int) -> UciProof:
    """df-pn's disproof of a mate in `moves` or fewer, read out and accepted by the replay."""
    search = bounded(board, attacker, moves)
    assert search.outcome.result is Result.DISPROVED
    tree = uci_proof(search.disproof())
    verified = verify_disproof(board, tree, attacker, search.max_plies)
    assert verified.moves == moves and verified.nodes >= 1
    return tree


@pytest.mark.parametrize(
    "name",
    [
        "WAC.001",
        "WAC.097",
        "WAC.001:black",
        "WAC.097:black",
        "WAC.097:after",
        "WAC.097:after:black",
    ],
)
@pytest.mark.parametrize("moves", [1, 2])
def test_every_disproof_is_checked_and_brute_force_agrees(name: str, moves: int) -> None:
    board, attacker = position(name)
    search = bounded(board, attacker, moves)
    mates = forced_mate_within(board.copy(), attacker, moves)
    assert search.outcome.result is (Result.PROVED if mates else Result.DISPROVED)
    if not mates:
        tree = uci_proof(search.disproof())
        assert verify_disproof(board, tree, attacker, search.max_plies).moves == moves


@pytest.mark.parametrize(
    ("name", "given"),
    [
        ("WAC.097", 3),
        ("WAC.097:black", 3),
        ("WAC.097:after", 2),
        ("WAC.097:after:black", 2),
        ("WAC.253", 10),
    ],
)
def test_a_certified_shortest_mate_has_no_shorter_one_by_brute_force(name: str, given: int) -> None:
    """Brute force confirms the length below (up to 2 moves: WAC.253's mate in 4 is certified
    by a checked disproof of a mate in 3, of which brute force checks the mates in 2)."""
    board, attacker = position(name)
    certificate = certify_shortest(board, attacker, given)
    assert certificate.certified
    last = certificate.searches[-1]
    assert last.result is Result.DISPROVED and last.checked and last.positions_checked > 0
    below = certificate.mate_in - 1
    assert below <= 3 and not forced_mate_within(board.copy(), attacker, min(below, 2))
    assert "certificate checked" in certificate.text


def test_repetitions_end_lines_only_where_the_position_stood_on_the_line() -> None:
    board = chess.Board(KRK)
    tree = checked_disproof(board, chess.WHITE, 3)
    # The line 1. Kf2 Kf4 2. Ke1 Ke5 returns to the root: the disproof may stop there.
    after = tree["e1f2"]["e5f4"]["f2e1"]
    assert after == {"f4e5": {}}
    # Another reply that repeats nothing does not end the line.
    after.pop("f4e5")
    after["f4g3"] = {}
    with pytest.raises(VerificationError, match="after e1f2 e5f4 f2e1 f4g3: .*no rule ends"):
        verify_disproof(board, tree, chess.WHITE, plies_for_mate_in(3, True))


def test_a_missing_attacker_move_is_rejected() -> None:
    board, attacker = position("WAC.097")
    tree = checked_disproof(board, attacker, 2)
    tree.pop(next(iter(tree)))
    with pytest.raises(VerificationError, match=r"after \(root\): the attacker's .* not answered"):
        verify_disproof(board, tree, attacker, plies_for_mate_in(2, True))


def test_a_disproof_of_a_shorter_bound_does_not_disprove_a_longer_one() -> None:
    board, attacker = position("WAC.001")
    tree = checked_disproof(board, attacker, 1)
    with pytest.raises(VerificationError, match="no rule ends the line"):
        verify_disproof(board, tree, attacker, plies_for_mate_in(2, True))


def test_a_line_that_ends_in_the_defenders_mate_is_rejected() -> None:
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")  # 1. Ra8#
    tree: UciProof = {move.uci(): {} for move in board.legal_moves}
    with pytest.raises(VerificationError, match="after a1a8: the defender is mated"):
        verify_disproof(board, tree, chess.WHITE, 1)


def test_defender_nodes_take_one_legal_reply() -> None:
    board = chess.Board(KRK.replace(" w ", " b "))  # Black to move, White mates
    legal = [move.uci() for move in board.legal_moves]
    with pytest.raises(VerificationError, match="2 defender replies given, one expected"):
        verify_disproof(board, {legal[0]: {}, legal[1]: {}}, chess.WHITE, 2)
    with pytest.raises(VerificationError, match="'a1a1' is not a legal move"):
        verify_disproof(board, {"a1a1": {}}, chess.WHITE, 2)


def test_an_uncertified_disproof_never_says_there_is_no_shorter_mate(monkeypatch) -> None:
    """A planted bad disproof (one attacker move dropped from what the table gives) and a
    read-out that fails: the certificate is withheld, and the text says why."""
    board, attacker = position("WAC.097")
    drop_a_root_move_from_disproofs(monkeypatch)
    certificate = certify_shortest(board, attacker, 3)
    assert not certificate.certified and certificate.mate_in == 3
    last = certificate.searches[-1]
    assert last.result is Result.DISPROVED and not last.checked and "not answered" in last.check
    assert "not certified" in certificate.text and "no mate in" not in certificate.text
    assert certificate.to_dict()["searches"][-1]["disproof_checked"] is False

    def unreadable(search: DfpnSearch) -> ProofNode:
        raise VerificationError("df-pn: no disproof could be read out of the table")

    monkeypatch.setattr(DfpnSearch, "disproof", unreadable)
    certificate = certify_shortest(board, attacker, 3)
    assert not certificate.certified
    assert "no disproof could be read out" in certificate.text
    assert "no mate in" not in certificate.text


def test_a_disproof_is_read_out_only_of_a_disproved_root_with_a_bound_or_without() -> None:
    proved = bounded(*position("WAC.001"), 2)
    with pytest.raises(ValueError, match="not disproved"):
        proved.disproof()
    board = chess.Board("8/8/8/8/8/8/8/K1k5 w - - 0 1")
    unbounded = DfpnSearch(ChessGame(board))
    assert unbounded.run().result is Result.DISPROVED
    tree = uci_proof(unbounded.disproof())
    assert tree == {} and verify_disproof(board, tree, chess.WHITE, None).moves is None
