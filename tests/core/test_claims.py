"""Every statement of fact the tool makes about a mate holds against an independent computation:
python-chess's own game outcome for a PGN result tag, a brute-force mate search for "no mate in
N or fewer" and "mate in N", the side names for who attacks, for both attackers."""

from __future__ import annotations

import io
import json
import re

import chess
import chess.pgn
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_UNKNOWN
from pn_explorer.core.explain.explain import explain
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.suites import load_suite
from pn_explorer.core.proofs.claims import (
    attacker_moves_within,
    mate_length,
    no_mate_within,
    result_tag,
)
from pn_explorer.core.runs.runner import ERROR, describe_search
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.types import Limits, Outcome, Result, StopReason
from tests.helpers import forced_mate_within

WHITE_MATES_BLACK_TO_MOVE = "k7/8/1K6/8/8/8/8/7R b - - 0 1"
"""Black to move, White mates in 1 whatever Black plays (1... Kb8 2. Rh8#): White attacks
although it is not to move (`--attacker other`, or `bm #-1` in an EPD)."""

BLACK_MATES_WHITE_TO_MOVE = "7r/8/8/8/8/1k6/8/K7 w - - 0 1"
"""The same with colours swapped: White to move, Black mates in 1."""

WHITE_MATES_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
"""White to move mates in one (Ra8#): the attacker moves first."""


def test_plies_to_moves_for_both_attackers():
    assert [attacker_moves_within(p, True) for p in range(6)] == [0, 1, 1, 2, 2, 3]
    assert [attacker_moves_within(p, False) for p in range(6)] == [0, 0, 1, 1, 2, 2]
    assert mate_length(3, True) == 2 and mate_length(4, False) == 2
    assert no_mate_within(1, False) == 0 and no_mate_within(1, True) == 1
    assert result_tag(chess.WHITE) == "1-0" and result_tag(chess.BLACK) == "0-1"


def _pgn_result(path) -> tuple[str, str]:
    """The file's Result tag and the outcome python-chess reads off its main line's end."""
    game = chess.pgn.read_game(io.StringIO(path.read_text()))
    end = game.end().board()
    return game.headers["Result"], end.outcome().result()


@pytest.mark.parametrize(
    ("fen", "attacker"),
    [
        (WHITE_MATES_BLACK_TO_MOVE, "other"),
        (BLACK_MATES_WHITE_TO_MOVE, "other"),
        (WHITE_MATES_IN_ONE, "side-to-move"),
    ],
)
def test_pgn_result_tag_is_the_mating_side(tmp_path, capsys, fen, attacker):
    path = tmp_path / "x.pgn"
    assert main(["solve", fen, "--attacker", attacker, "--export-pgn", str(path)]) == 0
    capsys.readouterr()
    tag, played = _pgn_result(path)
    assert tag == played


def test_pgn_result_tag_through_an_epd_bm_minus_n(tmp_path, capsys):
    epd = tmp_path / "mated.epd"
    epd.write_text(f'{WHITE_MATES_BLACK_TO_MOVE.rsplit(" ", 2)[0]} bm #-1; id "m";\n')
    path = tmp_path / "x.pgn"
    assert main(["solve", "--epd", str(epd), "--id", "m", "--export-pgn", str(path)]) == 0
    capsys.readouterr()
    tag, played = _pgn_result(path)
    assert tag == played == "1-0"


def _no_mate_claims(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"no mate in (\d+) or fewer", text)]


@pytest.mark.parametrize("limit", [["--max-nodes", "2"], ["--iterations", "1"]])
def test_no_mate_sentence_when_the_side_not_to_move_attacks(capsys, limit):
    board = chess.Board(WHITE_MATES_BLACK_TO_MOVE)
    assert main(["solve", board.fen(), "--attacker", "other", *limit, "--explain"]) == EXIT_UNKNOWN
    out = capsys.readouterr().out
    for n in _no_mate_claims(out):
        assert not forced_mate_within(board, chess.WHITE, n)
    assert "Black's attack" not in out and "Black has" not in out
    status = main(["solve", board.fen(), "--attacker", "other", *limit, "--explain", "--json"])
    assert status == EXIT_UNKNOWN
    data = json.loads(capsys.readouterr().out)
    for suggestion in data["explain"]["suggestions"]:
        for n in _no_mate_claims(suggestion["text"]):
            assert not forced_mate_within(board, chess.WHITE, n)


MATE_IN_TWO = load_suite("mate-in-2")[:40]
"""Short mates from the built-in mate-in-2 suite for the property below."""


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    position=st.sampled_from(MATE_IN_TWO),
    other=st.booleans(),
    cap=st.integers(min_value=2, max_value=400),
)
def test_printed_claims_agree_with_brute_force(position, other, cap):
    """For either attacker and any small cap, every "no mate in N or fewer" the advice prints is
    true, and a proved mate's length is the brute-force shortest or longer, never shorter."""
    board = position.board
    attacker = (not board.turn) if other else board.turn
    game = ChessGame(board, attacker=attacker)
    search = ProofNumberSearch(game, Limits(max_nodes=cap))
    search.run()
    explanation = explain(search)
    for suggestion in explanation.suggestions:
        for n in _no_mate_claims(suggestion.text):
            if n <= 2:
                assert not forced_mate_within(board, attacker, n), suggestion.text
    record = describe_search(ChessGame(board, attacker=attacker), search, "pn")
    if record.result == Result.PROVED.value:
        assert record.verified
        assert forced_mate_within(board, attacker, record.mate_in)


class _ClaimsAMate:
    """A search whose proof the verifier must reject: the root's first move, which is no mate."""

    algorithm = "pn"
    outcome = Outcome(Result.PROVED, StopReason.SOLVED)
    nodes_created = nodes_in_memory = peak_nodes_in_memory = iterations = 1
    elapsed = 0.0
    second_level_searches = transpositions = table_hits = None
    tree = None

    def __init__(self, board: chess.Board) -> None:
        self.board = board

    def proof(self):
        from pn_explorer.core.games.chess_codes import encode_move
        from pn_explorer.core.proofs.proof import ProofNode

        root = ProofNode(True)
        root.children[encode_move(next(iter(self.board.legal_moves)))] = ProofNode(False)
        return root


def test_a_rejected_proof_is_never_recorded_as_proved():
    board = chess.Board()
    record = describe_search(ChessGame(board), _ClaimsAMate(board), "pn")
    assert record.result == ERROR and record.verified is False and record.rejected
    assert record.to_dict()["result"] == ERROR
    assert not record.solved and record.mate_in is None


def test_a_refutation_pgn_ending_in_the_attackers_mate_says_who_won(tmp_path, capsys):
    """Black attacks but White, to move, mates at once (1. Ra8#): the refutation's main line ends
    the game, so its Result tag is White's win, not "*"."""
    path = tmp_path / "x.pgn"
    main(["solve", WHITE_MATES_IN_ONE, "--attacker", "other", "--export-pgn", str(path)])
    capsys.readouterr()
    tag, played = _pgn_result(path)
    assert tag == played == "1-0"
