"""The shortest mate with a certificate: df-pn bounded by mate length, checked against brute
force, and the downward search that proves shorter mates and disproves the length below."""

from __future__ import annotations

import json

import chess
import pytest

from pn_explorer.core.cli.main import main
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.solution import mate_solution
from pn_explorer.core.proofs.claims import mate_length, plies_for_mate_in
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.dfpn_shortest import certify_shortest
from pn_explorer.core.search.types import Limits, Result
from tests.helpers import bounded, forced_mate_within, wac


@pytest.mark.parametrize("moves", range(1, 8))
@pytest.mark.parametrize("attacker_first", [True, False])
def test_the_bound_in_plies_holds_exactly_the_mates_of_that_length(
    moves: int, attacker_first: bool
) -> None:
    plies = plies_for_mate_in(moves, attacker_first)
    assert mate_length(plies, attacker_first) == moves
    assert mate_length(plies + 2, attacker_first) == moves + 1


@pytest.mark.parametrize("position_id", ["WAC.001", "WAC.004", "WAC.097", "WAC.253"])
@pytest.mark.parametrize("moves", [1, 2])
def test_the_bounded_search_agrees_with_brute_force(position_id: str, moves: int) -> None:
    position = wac(position_id)
    search = bounded(position.board, position.attacker, moves)
    expected = forced_mate_within(position.board.copy(), position.attacker, moves)
    assert search.outcome.result is (Result.PROVED if expected else Result.DISPROVED)
    if expected:
        game = ChessGame(position.board, attacker=position.attacker)
        assert mate_solution(game, search.proof()).mate_in <= moves


def test_a_defender_first_root_counts_the_defenders_move_in_the_bound() -> None:
    """After 1. Qa8+ of WAC.097 Black moves first and White mates in 2 (Kh7 Qh8+ Nxh8 Rg7#):
    no mate in 1 (two plies), a mate in 2 (four): the bound is the attacker's moves."""
    position = wac("WAC.097")
    board = position.board.copy()
    board.push_san("Qa8+")
    attacker = position.board.turn
    assert bounded(board, attacker, 1).outcome.result is Result.DISPROVED
    assert bounded(board, attacker, 2).outcome.result is Result.PROVED
    certificate = certify_shortest(board, attacker, 2)
    assert certificate.certified and certificate.mate_in == 2
    assert certificate.text.startswith("mate in 2; no mate in 1 or fewer: disproved, ")


def test_a_shorter_mate_is_found_verified_and_certified() -> None:
    """PN proves a mate in 10 on WAC.253 (Figure 3.10); the bounded search proves a mate in 9 or
    fewer (a verified mate in 4) and then disproves a mate in 3."""
    position = wac("WAC.253")
    certificate = certify_shortest(position.board, position.attacker, 10)
    assert certificate.mate_in == 4 and certificate.shorter_found and certificate.certified
    assert [(s.moves, s.result) for s in certificate.searches] == [
        (9, Result.PROVED),
        (3, Result.DISPROVED),
    ]
    assert certificate.searches[0].mate_in == 4
    assert certificate.solution is not None and certificate.solution.mate_in == 4
    assert certificate.solution.main_line_san[-1].endswith("#")
    data = certificate.to_dict()
    assert data["certified"] is True and data["nodes_created"] == certificate.nodes_created
    assert "no mate in 3 or fewer: disproved" in data["text"]


def test_a_mate_in_one_is_the_shortest_without_a_search() -> None:
    certificate = certify_shortest(wac("WAC.001").board, chess.WHITE, 1)
    assert certificate.certified and not certificate.searches
    assert certificate.text == "mate in 1; nothing is shorter than a mate in 1"


def test_a_budget_too_small_leaves_the_lengths_below_open() -> None:
    """WAC.014's mate in 4: a table of 64 entries cannot settle a mate in 3 or fewer."""
    position = wac("WAC.014")
    certificate = certify_shortest(position.board, position.attacker, 4, Limits(max_nodes=64))
    assert not certificate.certified and certificate.mate_in == 4
    assert certificate.searches[-1].result is Result.UNKNOWN
    assert "mates in 1–3 not settled" in certificate.text


def test_a_bound_below_one_ply_is_refused() -> None:
    game = ChessGame(chess.Board())
    with pytest.raises(ValueError, match="max_plies"):
        DfpnSearch(game, max_plies=0)
    with pytest.raises(ValueError, match="mate length"):
        certify_shortest(chess.Board(), chess.WHITE, 0)


def test_compare_shortest_counts_the_certified_lengths(capsys, tmp_path) -> None:
    """PN's mate in 10 on WAC.253 is not at the known length; after --shortest it is (a
    verified mate in 4), and certified; the JSON rows carry both facts."""
    out = tmp_path / "compare.json"
    argv = ["compare", "wac-mates", "--ids", "WAC.253", "WAC.097", "--algos", "pn,dfpn"]
    assert main([*argv, "--shortest", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    header = next(line for line in text.splitlines() if line.startswith("mate lengths"))
    assert "after --shortest" in header and "certified shortest" in header
    pn_line = next(line for line in text.splitlines() if line.startswith("pn  "))
    assert pn_line.split()[1:] == ["2", "1", "of", "2", "2", "of", "2", "2"]
    runs = {row["id"]: row["runs"]["pn"] for row in json.loads(out.read_text())["rows"]}
    assert runs["WAC.253"]["mate_in"] == 10
    assert runs["WAC.253"]["shortest_mate_in"] == 4 and runs["WAC.253"]["shortest_certified"]
