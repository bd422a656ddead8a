"""The defending king's flight squares (df-pn+ knowledge for df-pn's `flight_weight`), held
against python-chess's own king moves, and df-pn with the weight: the same verified mates, and
nothing changed with it off."""

from __future__ import annotations

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pn_explorer.core.cli.main import main
from pn_explorer.core.games.chess_flights import flights_after
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.solution import mate_solution
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.dfpn_steps import DfpnStepper
from pn_explorer.core.search.types import Limits, Result
from tests.helpers import played_from, wac


def king_moves_after(board: chess.Board, move: chess.Move) -> int:
    """The reference: play the defender's move, pass for the attacker, and count the defending
    king's legal moves (castling aside) by python-chess's move generator."""
    after = board.copy(stack=False)
    after.push(move)
    after.push(chess.Move.null())
    king = after.king(after.turn)
    return sum(
        1
        for reply in after.legal_moves
        if reply.from_square == king and not after.is_castling(reply)
    )


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["WAC.001", "WAC.014", "WAC.097", "WAC.222", "WAC.253"]),
    st.lists(st.integers(0, 200), min_size=1, max_size=8),
)
def test_flights_are_the_kings_moves_after_the_defenders_move(
    position_id: str, choices: list[int]
) -> None:
    position = wac(position_id)
    board, attacker = played_from(position.board, choices), position.attacker
    if board.turn == attacker:
        if board.is_check():
            return
        board.push(chess.Move.null())  # the defender to move, as at df-pn's AND nodes
        board = board.copy(stack=False)
    for move in board.legal_moves:
        if board.is_castling(move) or board.is_en_passant(move):
            continue
        board.push(move)
        gives_check = board.is_check()
        board.pop()
        if gives_check:
            continue  # the pass the reference plays would leave the attacker in check
        assert flights_after(board, move, attacker) == king_moves_after(board, move)


@pytest.mark.parametrize("position_id", ["WAC.001", "WAC.014", "WAC.222"])
def test_df_pn_with_a_flight_weight_proves_verified_mates(position_id: str) -> None:
    position = wac(position_id)
    game = ChessGame(position.board, attacker=position.attacker)
    search = DfpnSearch(game, Limits(max_nodes=200_000), flight_weight=3)
    assert search.flights_in_use
    assert search.run().result is Result.PROVED
    assert mate_solution(game, search.proof()).mate_in >= position.mate_length


def test_the_weight_is_off_by_default_and_where_the_mop_up_estimate_guides() -> None:
    assert not DfpnSearch(ChessGame(wac("WAC.001").board)).flights_in_use
    krk = ChessGame(chess.Board("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"))
    assert not DfpnSearch(krk, flight_weight=3).flights_in_use
    with pytest.raises(ValueError, match="flight_weight"):
        DfpnSearch(ChessGame(chess.Board()), flight_weight=-1)
    stepper = DfpnStepper(ChessGame(wac("WAC.001").board), Limits(max_nodes=100), flight_weight=3)
    assert "flights × 3" in stepper.describe()


def test_the_command_line_takes_the_weight(capsys) -> None:
    argv = ["solve", "--epd", "wac-mates", "--id", "WAC.014", "--algo", "dfpn"]
    assert main([*argv, "--flight-weight", "3"]) == 0
    assert "mate in 4" in capsys.readouterr().out
    with pytest.raises(SystemExit) as refused:
        main([*argv, "--flight-weight", "-1"])
    assert refused.value.code == 2
    assert "--flight-weight must be at least 0" in capsys.readouterr().err
