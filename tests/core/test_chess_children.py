"""df-pn's memo of expansions (`core.games.chess_children`): a re-expansion read from it must say
exactly what a fresh expansion says, so df-pn searches the same with and without it."""

from __future__ import annotations

import chess
from hypothesis import given, settings
from hypothesis import strategies as st

from pn_explorer.core.games.chess_children import ChildrenMemo
from pn_explorer.core.games.chess_codes import decode_move, encode_move
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.game import NOT_COUNTED
from pn_explorer.core.games.suites import load_suite
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.types import Limits
from pn_explorer.core.values import INF, Reason, Value
from tests.helpers import has_mate_in_one, played_from

_POSITIONS = [p for suite in ("matetrack-dev", "endgame-mates") for p in load_suite(suite)]
_PATH_RULES = (Reason.NONE, Reason.REPETITION, Reason.FIFTY_MOVES)


def _cursor(start: int, choices: list[int], path: list[int]) -> ChessGame:
    """A cursor on a suite position after random play, moved down a random path of its own
    (so the path rules have something to find), tracking hashes as under df-pn."""
    position = _POSITIONS[start]
    game = ChessGame(played_from(position.board, choices), attacker=position.attacker)
    game.position_hash()
    for choice in path:
        moves = game.ordered_moves()
        if not moves:
            break
        game.push(moves[choice % len(moves)])
    return game


def _threatens(game: ChessGame, code: int) -> bool:
    """The reference: a quiet move of the attacker (no check, capture or promotion) after which,
    the defender passing, python-chess finds a mating move among all the attacker's moves."""
    board = game.board.copy()
    if board.turn != game.attacker:
        return False
    move = decode_move(code)
    if move.promotion or board.is_capture(move):
        return False
    board.push(move)
    if board.is_check():
        return False
    board.turn = not board.turn
    board.ep_square = None
    return has_mate_in_one(board)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, len(_POSITIONS) - 1),
    st.lists(st.integers(0, 200), max_size=12),
    st.lists(st.integers(0, 200), max_size=8),
    st.integers(0, 3),
)
def test_a_remembered_expansion_says_what_a_fresh_one_says(
    start: int, choices: list[int], path: list[int], known_mod: int
) -> None:
    """The memo's expansion, first and from memory, against the plain expansion (every child
    played and counted): the same moves, keys, clocks, values, counts and one-move mates; a child
    the caller knows is not counted and gets the path rules alone."""
    game = _cursor(start, choices, path)
    plain = game.expand(INF, mates_in_one=True)
    if plain is None or not plain.moves:
        return
    keep = {
        key
        for key, reason in zip(plain.keys, plain.reasons, strict=True)
        if known_mod and key % 4 < known_mod and reason in _PATH_RULES
    }
    memo = ChildrenMemo(8192)
    first = memo.expand(game, INF, lambda key, clock: key in keep, True, True)
    again = memo.expand(game, INF, lambda key, clock: key in keep, True, True)
    assert memo.hits == 1
    threats = [_threatens(game, move) for move in plain.moves]
    for expansion in (first, again):
        assert expansion is not None
        assert (expansion.moves, expansion.keys, expansion.clocks) == (
            plain.moves,
            plain.keys,
            plain.clocks,
        )
        for index, key in enumerate(plain.keys):
            if key in keep:
                path_only = plain.reasons[index] is not Reason.NONE
                assert expansion.values[index] is (
                    plain.values[index] if path_only else Value.UNKNOWN
                )
                assert expansion.mobility[index] == (0 if path_only else NOT_COUNTED)
                assert not expansion.mates_in_one[index] and not expansion.threats[index]
            else:
                assert expansion.values[index] is plain.values[index]
                assert expansion.reasons[index] is plain.reasons[index]
                assert expansion.mobility[index] == plain.mobility[index]
                assert expansion.mates_in_one[index] == plain.mates_in_one[index]
                unsolved = plain.values[index] is Value.UNKNOWN
                assert expansion.threats[index] == (unsolved and threats[index])


def test_a_remembered_child_still_repeats_the_path() -> None:
    """The facts are the position's, the repetition is the path's: the same position expanded
    again after a king walk finds that going back repeats it."""
    game = ChessGame(chess.Board("4k3/8/8/8/8/8/8/R3K3 w - - 10 30"))
    game.position_hash()
    memo = ChildrenMemo(8192)
    first = memo.expand(game, INF, lambda key, clock: False, False)
    assert first is not None and Reason.REPETITION not in first.reasons
    for uci in ("e1d1", "e8d8", "d1e1", "d8e8"):
        game.push(encode_move(chess.Move.from_uci(uci)))
    again = memo.expand(game, INF, lambda key, clock: False, False)
    assert again is not None and memo.hits == 1
    back = again.moves.index(encode_move(chess.Move.from_uci("e1d1")))
    assert again.reasons[back] is Reason.REPETITION and again.values[back] is Value.FALSE
    assert again.clocks[back] == first.clocks[back] + 4


def test_a_remembered_capture_still_leaves_the_attacker_short_of_material() -> None:
    """Black takes White's last rook: White, the attacker, can no longer mate, first time and
    from memory (a fact of the position, kept as a bit)."""
    game = ChessGame(chess.Board("3rk3/8/8/8/8/8/8/3RK3 b - - 0 1"), attacker=chess.WHITE)
    game.position_hash()
    memo = ChildrenMemo(8192)
    takes = encode_move(chess.Move.from_uci("d8d1"))
    for _ in range(2):
        expansion = memo.expand(game, INF, lambda key, clock: False, True)
        assert expansion is not None
        index = expansion.moves.index(takes)
        assert expansion.reasons[index] is Reason.INSUFFICIENT_MATERIAL
        assert expansion.values[index] is Value.FALSE
    assert memo.hits == 1


def test_a_threat_is_told_only_where_asked_for_whatever_the_memo_holds() -> None:
    """df-pn asks for threats near the root only: a position expanded first without the test
    and then with it (or the other way round) flags its threats exactly when asked."""
    board = chess.Board("1k6/2p1p1r1/2P3Pn/2B5/4R3/K2pp3/8/8 w - - 0 3")  # Rf4 threatens Rf8#
    threat = encode_move(chess.Move.from_uci("e4f4"))
    for order in ((False, True), (True, False)):
        game = ChessGame(board)
        game.position_hash()
        memo = ChildrenMemo(8192)
        for asked in order:
            expansion = memo.expand(game, INF, lambda key, clock: False, False, asked)
            assert expansion is not None
            flagged = expansion.threats[expansion.moves.index(threat)] if asked else None
            assert flagged is (True if asked else None)
        assert memo.hits == 1


def test_the_memo_keeps_the_positions_expanded_last() -> None:
    game = ChessGame(chess.Board())
    game.position_hash()
    memo = ChildrenMemo(positions=3)
    for move in game.ordered_moves()[:5]:
        game.push(move)
        memo.expand(game, INF, lambda key, clock: False, False)
        game.pop()
    assert len(memo) == 3 and memo.hits == 0


def test_df_pn_searches_the_same_with_and_without_the_memo() -> None:
    """Every count of df-pn, with the memo and with one that keeps nothing: on a middlegame
    mate with quiet moves, a king walk (mop-up numbers, repetitions), and the same mate after
    its quiet first move with the root an AND node (`bm #-N`)."""
    by_id = {p.id: p for p in _POSITIONS}
    after_key = by_id["mtd.046"].board
    after_key.push_san("Rb7")
    cases = [
        (by_id["mtd.046"].board, None, 40_000),
        (by_id["egd.013"].board, None, 60_000),
        (after_key, chess.WHITE, 30_000),
    ]
    for board, attacker, budget in cases:
        runs = []
        for positions in (0, 8192):
            game = ChessGame(board, attacker=attacker)
            search = DfpnSearch(game, Limits(max_nodes=200_000))
            game.keep_expansions(positions)
            search.work_budget = budget
            search.run()
            assert positions == 0 or game.memo_hits > 0
            table = search.table
            runs.append(
                (
                    search.nodes_created,
                    search.iterations,
                    search.root_numbers,
                    search.table_hits,
                    (table.entries, table.stores, table.replacements, table.refused),
                    search.outcome,
                )
            )
        assert runs[0] == runs[1], board.fen()
