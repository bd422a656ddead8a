"""df-pn's expansions of chess positions, remembered for its re-expansions.

df-pn keeps no tree: when it comes back to a position it has expanded before (its thresholds
sent it up and the parent sent it down again), it generates the children again, hashes each,
and asks its table for their numbers. About two expansions in five are such re-expansions, and
they cost a fifth of df-pn's time on matetrack positions. `ChildrenMemo` keeps, for the
positions expanded last, what an expansion learns that does not depend on the path to it: the
moves in order, each child's hash, whether the move resets the halfmove clock, and where it was
worked out, the child's move count, check, lack of mating material and one-move mate. A
re-expansion then reads those instead of generating, playing and counting, and applies only what
depends on the path (a repetition, the fifty-move rule) from the hashes, as a first expansion
does for a child the table knows. Its results are the same as a first expansion's: a test runs
df-pn with and without the memo and compares every count.

The memo is bounded (df-pn sizes it from its table: `core.search.defaults.DFPN_SLOTS_PER_MEMO`;
the least recently expanded positions go first) and compact (arrays, about 1 KB a position).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Literal, Protocol

import chess

from ..values import Reason, Value
from .chess_codes import decode_move
from .chess_make import Saved, make, unmake
from .chess_mate_in_one import mating_move, threatens_mate
from .chess_zobrist import TURN_TERM, pieces_hash_after, rest_hash
from .game import NOT_COUNTED, Expansion, Known


class Cursor(Protocol):
    """What the memo reads off the chess cursor (`core.games.chess_game.ChessGame`)."""

    board: chess.Board
    attacker: chess.Color
    count: Callable[[chess.Board], tuple[int, bool]]

    def position_hash(self) -> int: ...

    def pieces_hash(self) -> int: ...

    def ply(self) -> int: ...

    def ordered_moves(self) -> list[int]: ...

    def path_rules(self, key: int, clock: int, ply: int) -> tuple[Value, Reason]: ...


COUNTED, CHECK, SHORT_OF_MATERIAL, MATE_TESTED, MATES = 1, 2, 4, 8, 16
QUIET, THREAT_TESTED, THREATENS = 32, 64, 128
"""A child's facts, as bits: its moves are counted (in `counts`), it is check, the attacker
cannot mate with what is left, it was tested for a one-move mate, it has one; the move to it
was quiet (no check, capture or promotion), it was tested for a threat, and the attacker would
mate in one if the defender passed: the move threatens mate. A test is asked for or not at each
expansion (df-pn tests threats near the root only), so a fact says whether it was tested."""


class _Children:
    """One position's children: parallel arrays in the game's move order."""

    __slots__ = ("moves", "keys", "resets", "counts", "facts")

    def __init__(self, moves: list[int]) -> None:
        size = len(moves)
        self.moves = array("H", moves)
        self.keys = array("Q", bytes(8 * size))
        self.resets = bytearray(size)  # 1: a capture or pawn move, the child's clock is 0
        self.counts = array("h", bytes(2 * size))
        self.facts = bytearray(size)


class ChildrenMemo:
    """The children of the positions df-pn expanded last, by position hash."""

    def __init__(self, positions: int) -> None:
        self.positions = positions
        self._kept: dict[int, _Children] = {}
        self.hits = 0
        """Expansions that read their children from the memo."""

    def __len__(self) -> int:
        return len(self._kept)

    def expand(
        self, game: Cursor, room: int, known: Known, mates_in_one: bool, threats: bool = False
    ) -> Expansion | None:
        """`ChessGame.expand` with a `known` predicate: every child hashed and, where `known`
        does not hold for it, evaluated (from the memo where it was before)."""
        board = game.board
        key = game.position_hash()
        kept = self._kept.pop(key, None)
        fresh = kept is None
        moves = game.ordered_moves() if kept is None else kept.moves.tolist()
        if len(moves) > room:
            return None
        if kept is None:
            kept = _Children(moves)
        else:
            self.hits += 1
        self._kept[key] = kept
        if len(self._kept) > self.positions:
            del self._kept[next(iter(self._kept))]
        return _evaluate(game, board, kept, moves, fresh, known, mates_in_one, threats)


def _evaluate(
    game: Cursor,
    board: chess.Board,
    kept: _Children,
    moves: list[int],
    fresh: bool,
    known: Known,
    mates_in_one: bool,
    threats: bool,
) -> Expansion:
    """Each child's value, mobility and mate-in-one flag: hashed (first time) or read, the path
    rules applied, and its facts worked out with the move on the board where still missing."""
    attacker = game.attacker
    count_moves, path_rules = game.count, game.path_rules
    keys, resets, counts, facts = kept.keys, kept.resets, kept.counts, kept.facts
    child_ply = game.ply() + 1
    clock = board.halfmove_clock + 1
    child_is_or = board.turn != attacker
    test_one_move = mates_in_one and child_is_or
    test_threats = threats and not child_is_or
    pieces_before = board.occupied.bit_count()
    pieces_hash = game.pieces_hash()
    # Without castling rights a quiet piece move changes only the pieces' term and the side to
    # move, so its hash needs no move on the board.
    no_castling = not board.castling_rights
    turn_term = TURN_TERM if board.turn == chess.BLACK else 0
    piece_type_at = board.piece_type_at
    values: list[Value] = []
    mobility: list[int] = []
    reasons: list[Reason] = []
    child_keys: list[int] = []
    clocks: list[int] = []
    one_move: list[bool] = []
    threatening: list[bool] = []
    for index, code in enumerate(moves):
        saved: Saved | Literal[False] = False  # False: the move is not on the board
        if fresh:
            move = decode_move(code)
            child_pieces = pieces_hash_after(board, move, pieces_hash)
            if (
                no_castling
                and piece_type_at(move.to_square) is None
                and piece_type_at(move.from_square) != chess.PAWN
            ):
                key = child_pieces ^ turn_term
            else:
                saved = make(board, move)
                key = child_pieces ^ rest_hash(board)
                resets[index] = board.halfmove_clock == 0
            keys[index] = key
        else:
            key = keys[index]
        child_clock = 0 if resets[index] else clock
        child_keys.append(key)
        clocks.append(child_clock)
        if known(key, child_clock):
            # Searched or generated before, so it has moves: only the path rules can end it.
            if saved is not False:
                unmake(board, saved)
            value, reason = path_rules(key, child_clock, child_ply)
            values.append(value)
            mobility.append(0 if value else NOT_COUNTED)
            reasons.append(reason)
            one_move.append(False)
            threatening.append(False)
            continue
        fact = facts[index]
        if not fact & COUNTED:
            if saved is False:
                saved = make(board, decode_move(code))
            count, check = count_moves(board)
            counts[index] = count
            fact = COUNTED | (CHECK if check else 0)
            material_changed = board.occupied.bit_count() != pieces_before
            if count and material_changed and board.has_insufficient_material(attacker):
                fact |= SHORT_OF_MATERIAL
            if not (check or material_changed or code & 7):  # code & 7: a promotion
                fact |= QUIET
        count = counts[index]
        value, reason = _without_moves(count, fact, child_is_or)
        if value is Value.UNKNOWN:
            value, reason = path_rules(key, child_clock, child_ply)
            if not value and fact & SHORT_OF_MATERIAL:
                value, reason = Value.FALSE, Reason.INSUFFICIENT_MATERIAL
        threat = False
        if test_threats and not value and fact & QUIET:
            if not fact & THREAT_TESTED:
                if saved is False:
                    saved = make(board, decode_move(code))
                fact |= THREAT_TESTED | (THREATENS if threatens_mate(board) else 0)
            threat = bool(fact & THREATENS)
        mates = False
        if test_one_move and not value:
            if not fact & MATE_TESTED:
                if saved is False:
                    saved = make(board, decode_move(code))
                fact |= MATE_TESTED | (MATES if mating_move(board) is not None else 0)
            mates = bool(fact & MATES)
        facts[index] = fact
        if saved is not False:
            unmake(board, saved)
        values.append(value)
        mobility.append(0 if value else count)
        reasons.append(reason)
        one_move.append(mates)
        threatening.append(threat)
    return Expansion(
        moves,
        values,
        mobility,
        reasons,
        [child_is_or] * len(moves),
        child_keys,
        clocks,
        one_move if mates_in_one else None,
        threatening if threats else None,
    )


def _without_moves(count: int, fact: int, attacker_to_move: bool) -> tuple[Value, Reason]:
    """A child without moves is mate (for whoever gave it) or stalemate; else unknown here."""
    if count:
        return Value.UNKNOWN, Reason.NONE
    if fact & CHECK:
        return (Value.FALSE if attacker_to_move else Value.TRUE), Reason.CHECKMATE
    return Value.FALSE, Reason.STALEMATE
