"""The mop-up estimate and df-pn's heuristic initialisation: where it applies, what it counts,
that it reaches df-pn's initial numbers, and that elsewhere it changes nothing."""

from __future__ import annotations

import chess

from pn_explorer.core.games import mop_up
from pn_explorer.core.games.chess_game import ChessGame, decode_move
from pn_explorer.core.games.suites import find_position, load_suite
from pn_explorer.core.inputs.boards import parse_fen
from pn_explorer.core.runs.runner import describe_search
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.numbers import leaf_numbers
from pn_explorer.core.search.types import Limits
from pn_explorer.core.values import Value

KRK = "8/8/8/3k4/8/8/8/R3K3 w - - 0 1"


def test_it_applies_to_endings_with_at_most_one_defending_man_and_no_queen() -> None:
    assert mop_up.applies(parse_fen(KRK), chess.WHITE)
    assert mop_up.applies(parse_fen("5r2/8/8/1k6/6Q1/8/8/K7 w - - 0 1"), chess.WHITE)  # KQ v R
    assert mop_up.applies(parse_fen("7Q/8/8/8/8/8/K3k1p1/8 w - - 0 1"), chess.WHITE)  # KQ v P
    # matetrack's mtd.005, a mate in 2: a bishop and three pawns are not a lone king's ending
    assert not mop_up.applies(parse_fen("8/5R2/2K1P3/4k3/8/b1PPpp1B/5p2/8 w - - 0 1"), chess.WHITE)
    assert not mop_up.applies(parse_fen("8/8/8/3k4/8/2p5/8/R3K2b w - - 0 1"), chess.WHITE)
    assert not mop_up.applies(parse_fen("8/8/8/3k4/8/8/1q6/R3K3 w - - 0 1"), chess.WHITE)
    assert not mop_up.applies(parse_fen("8/8/2r5/3k4/8/5b2/8/R3K3 w - - 0 1"), chess.WHITE)
    assert not mop_up.applies(chess.Board(), chess.WHITE)


def test_the_estimate_is_zero_where_mates_happen_and_follows_a_king_move() -> None:
    cornered = parse_fen("k7/8/1K6/8/8/8/8/7R w - - 0 1")
    assert mop_up.distance_after(cornered, chess.Move.from_uci("h1h2"), chess.WHITE) == 0
    board = parse_fen(KRK)  # black king d5: 3 from the edge; kings 4 apart
    assert mop_up.distance_after(board, chess.Move.from_uci("a1a2"), chess.WHITE) == 2 * 3 + 2
    assert mop_up.distance_after(board, chess.Move.from_uci("e1e2"), chess.WHITE) == 2 * 3 + 1
    board.push(chess.Move.from_uci("a1a2"))
    assert mop_up.distance_after(board, chess.Move.from_uci("d5c6"), chess.WHITE) == 2 * 2 + 3


def test_dfpn_adds_the_weighted_estimate_to_a_new_childs_proof_number() -> None:
    game = ChessGame(parse_fen(KRK))
    search = DfpnSearch(game, Limits(max_nodes=1_000), mop_up_weight=4)
    children = search.generate_children()
    expansion = game.expand(10_000)
    for index, move in enumerate(children.moves):
        value = expansion.values[index]
        assert value is Value.UNKNOWN
        proof, disproof = leaf_numbers(value, expansion.mobility[index], False, "mobility")
        estimate = mop_up.distance_after(game.board, decode_move(move), chess.WHITE)
        assert game.mop_up_distance(move) == estimate
        assert (children.proof[index], children.disproof[index]) == (proof + 4 * estimate, disproof)


def test_outside_such_endings_and_on_trees_the_weight_changes_nothing() -> None:
    position = find_position(load_suite("wac-mates"), "WAC.001")
    counts = []
    for weight in (0, 4):
        search = DfpnSearch(
            ChessGame(position.board), Limits(max_nodes=100_000), mop_up_weight=weight
        )
        search.run()
        counts.append((search.nodes_created, search.iterations, search.root_numbers))
    assert counts[0] == counts[1]


def test_the_estimate_proves_krk_where_mobility_alone_does_not_within_the_budget() -> None:
    """egd.013 (KRK, mate in 14): df-pn with the estimate proves it (a verified mate) within
    300,000 nodes created; with mobility alone it is still unsolved there."""
    position = find_position(load_suite("endgame-mates"), "egd.013")
    outcomes = {}
    for weight in (0, 4):
        game = ChessGame(position.board)
        search = DfpnSearch(game, Limits(max_nodes=1_000_000), mop_up_weight=weight)
        search.work_budget = 300_000
        search.run()
        outcomes[weight] = describe_search(game, search, "dfpn", position.id)
    assert outcomes[4].verified and outcomes[4].mate_in >= 14
    assert outcomes[0].result == "unknown"
