"""Chess as a proof-number game: terminal rules of §3.5, mobility and bad positions."""

import random

import chess
import chess.polyglot
import pytest

from pn_explorer.core.errors import InvalidPositionError
from pn_explorer.core.games.chess_codes import decode_move, encode_move
from pn_explorer.core.games.chess_game import ChessGame, plain_count
from pn_explorer.core.games.game import NOT_COUNTED
from pn_explorer.core.inputs.boards import parse_fen
from pn_explorer.core.values import INF, Reason, Value


def _after(game: ChessGame, *ucis: str) -> None:
    for uci in ucis:
        game.push(encode_move(chess.Move.from_uci(uci)))


def test_attacker_mating_is_proved_and_attacker_mated_is_disproved():
    game = ChessGame.from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    _after(game, "a1a8")
    assert game.evaluate().value is Value.TRUE
    assert game.evaluate().reason is Reason.CHECKMATE
    mated = ChessGame.from_fen("6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1")
    assert mated.evaluate().value is Value.FALSE
    assert mated.evaluate().reason is Reason.CHECKMATE


def test_stalemate_is_disproved():
    game = ChessGame.from_fen("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1")
    _after(game, "c1c7")
    evaluation = game.evaluate()
    assert (evaluation.value, evaluation.reason) == (Value.FALSE, Reason.STALEMATE)


def test_repetition_on_the_path_is_a_draw():
    game = ChessGame(chess.Board())
    _after(game, "g1f3", "g8f6", "f3g1")
    assert game.evaluate().value is Value.UNKNOWN
    _after(game, "f6g8")
    evaluation = game.evaluate()
    assert (evaluation.value, evaluation.reason) == (Value.FALSE, Reason.REPETITION)
    game.pop()
    expansion = game.expand(1000)
    back = expansion.moves.index(encode_move(chess.Move.from_uci("f6g8")))
    assert expansion.values[back] is Value.FALSE
    assert expansion.reasons[back] is Reason.REPETITION


def test_fifty_move_rule_and_insufficient_material():
    game = ChessGame.from_fen("7k/8/8/8/8/8/1R6/K7 w - - 99 80")
    expansion = game.expand(1000)
    quiet = expansion.moves.index(encode_move(chess.Move.from_uci("b2c2")))
    assert expansion.reasons[quiet] is Reason.FIFTY_MOVES
    game = ChessGame.from_fen("7k/8/8/8/8/8/1r6/KR6 b - - 0 1")
    assert game.is_or()
    expansion = game.expand(1000)
    capture = expansion.moves.index(encode_move(chess.Move.from_uci("b2b1")))
    assert expansion.values[capture] is Value.UNKNOWN
    game = ChessGame.from_fen("7k/8/8/8/8/8/1r6/KR6 w - - 0 1")
    expansion = game.expand(1000)
    capture = expansion.moves.index(encode_move(chess.Move.from_uci("b1b2")))
    assert expansion.values[capture] is Value.UNKNOWN
    bare = ChessGame.from_fen("7k/8/8/8/8/8/1r6/K7 w - - 0 1")
    assert bare.evaluate().reason is Reason.INSUFFICIENT_MATERIAL


def test_mobility_equals_python_chess_count_on_a_random_walk():
    rng = random.Random(7)
    for _ in range(8):
        board = chess.Board()
        game = ChessGame(board)
        for _ply in range(50):
            expansion = game.expand(1000)
            if not expansion.moves:
                break
            for code, value, mobility in zip(
                expansion.moves, expansion.values, expansion.mobility, strict=True
            ):
                game.push(code)
                count, _ = plain_count(game.board)
                game.pop()
                assert mobility == (0 if value else count), game.board.fen()
            game.push(rng.choice(expansion.moves))


@pytest.mark.parametrize(
    "fen, words",
    [
        ("", "empty"),
        ("not a fen", "malformed"),
        ("8/8/8/8/8/8/8/K7 w - - 0 1", "Black has no king"),
        ("kk6/8/8/8/8/8/8/K7 w - - 0 1", "more than one king"),
        ("k7/8/8/8/8/8/8/K6R b - - 0 1", ""),
        ("k6R/8/8/8/8/8/8/K7 w - - 0 1", "not to move is in check"),
        ("k7/8/8/8/8/8/8/K6P w - - 0 1", "first or last rank"),
    ],
)
def test_bad_positions_raise_a_typed_error(fen, words):
    if not words:
        assert parse_fen(fen).turn == chess.BLACK
        return
    with pytest.raises(InvalidPositionError, match=words):
        parse_fen(fen)


def test_node_cap_room_creates_nothing_when_children_do_not_fit():
    game = ChessGame(chess.Board())
    assert game.expand(19) is None
    assert len(game.expand(20).moves) == 20


def test_a_known_child_is_not_counted_but_the_path_rules_still_apply() -> None:
    """`expand(room, known)`: children the caller knows get NOT_COUNTED instead of a move count,
    the others python-chess's exact count; a known child that repeats the path is still a draw."""
    game = ChessGame(parse_fen("4k3/8/8/8/8/8/8/R3K3 w - - 10 30"))
    for move in ("e1d1", "e8d8", "d1e1", "d8e8"):
        game.push(encode_move(chess.Move.from_uci(move)))
    game.position_hash()  # the cursor tracks hashes, as under a transposition table
    plain = game.expand(INF)
    every = game.expand(INF, lambda key, clock: True)
    assert plain is not None and every is not None and every.keys == plain.keys
    back = plain.moves.index(encode_move(chess.Move.from_uci("e1d1")))
    for index, move in enumerate(plain.moves):
        if index == back:
            assert every.reasons[index] is Reason.REPETITION and every.mobility[index] == 0
            continue
        assert every.values[index] is Value.UNKNOWN and every.mobility[index] == NOT_COUNTED
        board = game.board.copy()
        board.push(decode_move(move))
        assert plain.mobility[index] == board.legal_moves.count()
    asked: list[tuple[int, int]] = []
    game.expand(INF, lambda key, clock: asked.append((key, clock)) is not None)
    assert [key for key, _ in asked] == plain.keys


def test_known_children_read_without_a_push_have_the_pushed_hashes_clocks_and_values() -> None:
    """Along random games (castling rights gone, so quiet known children take the no-push
    path), `expand` with every child known gives the same keys, clocks and path verdicts as
    pushing each child, and Polyglot's own hash."""
    rng = random.Random(12)
    checked = 0
    for _ in range(30):
        board = chess.Board("r3k2r/pp3ppp/2n5/8/3P4/2N5/PP3PPP/R3K2R w - - 0 1")
        game = ChessGame(board)
        game.position_hash()
        for _ply in range(40):
            plain = game.expand(INF)
            every = game.expand(INF, lambda key, clock: True)
            assert plain is not None and every is not None
            assert every.keys == plain.keys and every.clocks == plain.clocks
            for index, move in enumerate(plain.moves):
                child = game.board.copy()
                child.push(decode_move(move))
                assert every.keys[index] == chess.polyglot.zobrist_hash(child)
                if plain.mobility[index] or plain.reasons[index] is not Reason.CHECKMATE:
                    assert every.reasons[index] in (plain.reasons[index], Reason.NONE)
                    if plain.reasons[index] in (Reason.REPETITION, Reason.FIFTY_MOVES):
                        assert every.reasons[index] is plain.reasons[index]
                checked += 1
            if not plain.moves:
                break
            game.push(rng.choice(plain.moves))
    assert checked > 10_000
