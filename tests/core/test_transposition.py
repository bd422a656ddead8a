"""The transposition table: hits, replacement by subtree size, the bound, bytes per entry, the
GHI rules (clock-bound proofs, refused path-dependent disproofs) and the chess cursor's hash."""

from __future__ import annotations

import random

import chess
import chess.polyglot

from pn_explorer.core.games.chess_codes import encode_move
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.search.transposition import (
    ABSENT,
    BUCKET,
    BYTES_PER_ENTRY,
    NO_DEPENDENCE,
    UNUSABLE,
    TranspositionTable,
    is_path_independent,
)
from pn_explorer.core.values import INF


def test_store_then_find_counts_hits_and_misses() -> None:
    table = TranspositionTable(64)
    assert table.lookup(12345) is None
    table.store(12345, 3, 7, work=10)
    assert table.lookup(12345) == (3, 7, 10)
    assert table.lookup(999) is None
    assert (table.probes, table.hits, len(table)) == (3, 1, 1)


def test_probe_agrees_with_find_and_holds_at() -> None:
    """df-pn's one-call lookup: the slot where `find` and `holds_at` say yes, else why not."""
    rng = random.Random(7)
    for capacity in (1, 3, BUCKET, 64):
        table = TranspositionTable(capacity)
        keys = [0, *(rng.getrandbits(64) for _ in range(40))]  # 0: an explicit tree's root
        for key in keys[1::2]:
            table.store(key, rng.choice((0, 5)), 7, work=rng.randrange(5), distance=60, clock=30)
        for key in keys:
            for clock in (10, 30, 45):
                slot = table.find(key)
                expected = ABSENT if slot < 0 else slot if table.holds_at(slot, clock) else UNUSABLE
                assert table.probe(key, clock) == expected


def test_storing_a_key_again_updates_its_entry() -> None:
    table = TranspositionTable(64)
    table.store(5, 3, 7, work=10)
    table.store(5, 2, 9, work=30)
    assert table.lookup(5) == (2, 9, 30)
    assert len(table) == 1


def test_a_full_bucket_evicts_its_smallest_subtree() -> None:
    table = TranspositionTable(BUCKET)  # one bucket: every key competes for it
    for key, work in zip((1, 2, 3, 4), (40, 10, 30, 20), strict=True):
        table.store(key, 1, 1, work)
    table.store(5, 1, 1, work=5)
    assert table.lookup(2) is None  # work 10, the smallest, went
    assert all(table.lookup(key) is not None for key in (1, 3, 4, 5))
    assert table.replacements == 1
    assert len(table) == BUCKET


def test_the_table_never_holds_more_than_its_capacity() -> None:
    table = TranspositionTable(64)
    rng = random.Random(7)
    for work in range(5_000):
        table.store(rng.getrandbits(64), 1, 1, work)
    assert len(table) == table.peak == table.capacity == 64
    assert table.replacements == 5_000 - 64


def test_bytes_per_entry_within_64() -> None:
    table = TranspositionTable(100_000)
    assert table.nbytes() / table.capacity == BYTES_PER_ENTRY <= 64


def test_a_proof_found_late_holds_only_where_its_tree_ends_before_the_fifty_move_rule() -> None:
    """Fifty-move rule: a mate found with 90 plies on the clock has less room later."""
    table = TranspositionTable(64)
    table.store(77, 0, INF, work=3, distance=5, clock=90)
    assert table.lookup(77, clock=4) == (0, INF, 3)
    assert table.lookup(77, clock=90) is not None
    assert table.lookup(77, clock=94) is not None  # 94 + 5 plies: the tree ends at 99
    assert table.lookup(77, clock=95) is None  # its last move could meet the rule at 100


def test_a_short_proof_holds_at_any_clock_where_the_rule_cannot_reach_it() -> None:
    """A mate in 3 plies found at clock 6 (a pawnless endgame at ply 6) is reused at ply 8
    (clock 8) and at clock 96, not at 97."""
    table = TranspositionTable(64)
    table.store(78, 0, INF, work=3, distance=3, clock=6)
    assert table.lookup(78, clock=8) is not None and table.lookup(78, clock=96) is not None
    assert table.lookup(78, clock=97) is None


def test_path_dependent_disproofs_are_refused() -> None:
    table = TranspositionTable(64)
    assert not table.store_disproof(1, work=5, rests_on=2, depth=4)  # repeats a ply-2 ancestor
    assert table.lookup(1) is None and table.refused == 1
    assert table.store_disproof(2, work=5, rests_on=4, depth=4)  # a cycle inside its subtree
    assert table.store_disproof(3, work=5, rests_on=NO_DEPENDENCE, depth=9)
    assert table.lookup(2) == (INF, 0, 5)
    assert is_path_independent(NO_DEPENDENCE, 50) and not is_path_independent(0, 1)


def test_the_cursor_hash_is_polyglot_zobrist_along_random_games() -> None:
    """Castling, en passant, promotions and captures included; push and pop."""
    rng = random.Random(3)
    fens = [
        "r3k2r/pppq1ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
        "8/P6k/8/3pP3/8/8/1p4K1/8 w - d6 0 1",
        chess.STARTING_FEN,
    ]
    checked = 0
    for fen in fens:
        for _ in range(30):
            game = ChessGame(chess.Board(fen))
            assert game.position_hash() == chess.polyglot.zobrist_hash(game.board)
            for _ in range(40):
                moves = list(game.board.legal_moves)
                if not moves:
                    break
                game.push(encode_move(rng.choice(moves)))
                assert game.position_hash() == chess.polyglot.zobrist_hash(game.board)
                checked += 1
                if rng.random() < 0.2 and game.board.move_stack:
                    game.pop()
                    assert game.position_hash() == chess.polyglot.zobrist_hash(game.board)
    assert checked > 2_000


def test_hashing_can_start_away_from_the_root() -> None:
    game = ChessGame(chess.Board())
    game.push(encode_move(chess.Move.from_uci("e2e4")))
    game.push(encode_move(chess.Move.from_uci("e7e5")))
    assert game.position_hash() == chess.polyglot.zobrist_hash(game.board)
    game.pop()
    assert game.position_hash() == chess.polyglot.zobrist_hash(game.board)


def test_a_leaf_takes_a_free_slot_or_another_leaf_never_an_entry_with_work() -> None:
    """Leaves (a child's initial numbers, work 0) fill free slots and replace each other, but
    the entries with searched subtrees stay."""
    table = TranspositionTable(BUCKET)  # one bucket
    for key in (1, 2, 3):
        table.store(key, 1, 1, work=10 * key)
    assert table.store_leaf(4, 2, 3)
    assert table.lookup(4) == (2, 3, 0) and len(table) == BUCKET
    assert table.store_leaf(5, 7, 1)  # replaces the leaf 4, not a searched entry
    assert table.lookup(4) is None and table.lookup(5) == (7, 1, 0)
    assert all(table.lookup(key) is not None for key in (1, 2, 3))
    table.store(5, 1, 1, work=40)  # searched now: the bucket holds only entries with work
    assert not table.store_leaf(6, 1, 1)
    assert table.lookup(6) is None and len(table) == BUCKET
    table.store(7, 1, 1, work=50)  # a searched entry still evicts the least work (key 1)
    assert table.lookup(1) is None and table.lookup(7) is not None
