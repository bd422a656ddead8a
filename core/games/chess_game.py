"""Chess mate search as a game for proof-number search (thesis §3.3 and §3.5), on python-chess.

The attacker is the side to move at the root. A position is proved when the attacker has mated;
disproved on stalemate, a repetition of a position already on the root-to-node path, the fifty-move
rule, the attacker lacking mating material, or the attacker being mated. Mobility (§3.3.1) is the
number of legal moves, counted without building Move objects (`core.games.chess_movecount`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

import chess
import chess.polyglot

from ..inputs.boards import check_board, parse_fen
from ..values import Reason, Value
from . import chess_flights, mop_up
from .chess_children import ChildrenMemo
from .chess_codes import (
    decode_move as decode_move,  # re-exported: the game's move codes
)
from .chess_codes import ordered_legal_moves
from .chess_make import make, unmake
from .chess_mate_in_one import mating_move, threatens_mate
from .chess_movecount import count_legal_moves_and_check
from .chess_zobrist import HASHER, pieces_hash_after, rest_hash
from .game import Capabilities, Evaluation, Expansion, Known

Counter = Callable[[chess.Board], tuple[int, bool]]


ATTACKER_PIECE_ORDER = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN, chess.KING)
DEFENDER_PIECE_ORDER = (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN)
_ATTACKER_RANK = {piece: rank for rank, piece in enumerate(ATTACKER_PIECE_ORDER)}
_DEFENDER_RANK = {piece: rank for rank, piece in enumerate(DEFENDER_PIECE_ORDER)}


def power_ordered_moves(board: chess.Board, attacker: chess.Color) -> list[int]:
    """Move codes by the moving piece's power (Proskurowski §1: Q R B N P K for the attacker,
    K Q R B N P for the defender, whose king escapes first), each piece group in the thesis's
    square order."""
    rank = _ATTACKER_RANK if board.turn == attacker else _DEFENDER_RANK
    piece_type_at = board.piece_type_at
    codes = ordered_legal_moves(board)
    by_square: dict[int, int] = {}
    for code in codes:
        square = decode_move(code).from_square
        if square not in by_square:
            piece = piece_type_at(square)
            assert piece is not None, "a legal move starts from a piece"
            by_square[square] = rank[piece]
    codes.sort(key=lambda code: by_square[decode_move(code).from_square])
    return codes


def plain_count(board: chess.Board) -> tuple[int, bool]:
    """The reference mobility: python-chess's own legal move count (tests compare against it)."""
    return board.legal_moves.count(), board.is_check()


PositionKey = tuple[int, int, int, int, int, int, int, int, bool, int, int | None]
"""Pieces by type, both colours' squares, side to move, castling rights, usable en passant."""


def _position_key(board: chess.Board) -> PositionKey:
    """Identity of a position for repetition (pieces, side, castling, a usable en passant)."""
    ep = board.ep_square if board.ep_square is not None and board.has_legal_en_passant() else None
    occupied_co = board.occupied_co
    return (
        board.pawns,
        board.knights,
        board.bishops,
        board.rooks,
        board.queens,
        board.kings,
        occupied_co[chess.WHITE],
        occupied_co[chess.BLACK],
        board.turn,
        board.castling_rights,
        ep,
    )


CHESS_CAPABILITIES = Capabilities(
    has_pieces=True,
    mop_up=True,
    threats=True,
    flights=True,
    repetitions=True,
    standard_chess=True,
    has_board=True,
)
"""What chess offers; a cursor's own record says `mop_up` only where its root is an ending
`core.games.mop_up` is meant for."""


class ChessGame:
    """A cursor on the mate-search tree of one chess position (see `core.games.game.Game`)."""

    kind = "chess"

    def __init__(
        self,
        board: chess.Board,
        counter: Counter = count_legal_moves_and_check,
        attacker: chess.Color | None = None,
    ) -> None:
        """`attacker`: the side that mates, by default the side to move; the other side makes
        the root an AND node (a suite's `bm #-N`: the side to move gets mated)."""
        check_board(board)
        self.root_board = board.copy(stack=False)
        self.attacker = board.turn if attacker is None else attacker
        self.count = counter
        self.board = self.root_board.copy(stack=False)
        self._keys: list[PositionKey] = [_position_key(self.board)]
        self._pieces_hashes: list[int] | None = None
        self._hashes: list[int] = []  # the full hash of each path position, while tracked
        self._memo = ChildrenMemo(0)  # df-pn's expansions, for its re-expansions (it sizes it)
        self.capabilities = replace(
            CHESS_CAPABILITIES, mop_up=mop_up.applies(self.root_board, self.attacker)
        )

    @classmethod
    def from_fen(cls, fen: str) -> ChessGame:
        return cls(parse_fen(fen))

    # -- cursor -----------------------------------------------------------------------------------

    def reset(self) -> None:
        self.board = self.root_board.copy(stack=False)
        self._keys = [_position_key(self.board)]
        if self._pieces_hashes is not None:
            self._pieces_hashes = [HASHER.hash_board(self.board)]
            self._hashes = [self._pieces_hashes[0] ^ rest_hash(self.board)]

    def push(self, move: int) -> None:
        chess_move = decode_move(move)
        hashes = self._pieces_hashes
        if hashes is not None:
            hashes.append(pieces_hash_after(self.board, chess_move, hashes[-1]))
        self.board.push(chess_move)
        self._keys.append(_position_key(self.board))
        if hashes is not None:
            self._hashes.append(hashes[-1] ^ rest_hash(self.board))

    def pop(self) -> None:
        self.board.pop()
        self._keys.pop()
        if self._pieces_hashes is not None:
            self._pieces_hashes.pop()
            self._hashes.pop()

    def position_hash(self) -> int:
        """The position's Polyglot Zobrist hash (`chess.polyglot.zobrist_hash`), kept up to date
        move by move once asked for: the searches with a transposition table ask at every node,
        so the cursor starts tracking it (PN never asks and pays nothing)."""
        if self._pieces_hashes is None:
            self._start_hashing()
        return self._hashes[-1]

    def _start_hashing(self) -> list[int]:
        """Hash every position of the path from the root, and track them from now on."""
        replay = self.root_board.copy(stack=False)
        hashes = self._pieces_hashes = [HASHER.hash_board(replay)]
        self._hashes = [hashes[0] ^ rest_hash(replay)]
        for move in self.board.move_stack:
            hashes.append(pieces_hash_after(replay, move, hashes[-1]))
            replay.push(move)
            self._hashes.append(hashes[-1] ^ rest_hash(replay))
        return hashes

    def pieces_hash(self) -> int:
        """The pieces' term of the cursor's `position_hash()` (`core.games.chess_zobrist`)."""
        hashes = self._pieces_hashes
        if hashes is None:
            hashes = self._start_hashing()
        return hashes[-1]

    def keep_expansions(self, positions: int) -> None:
        """Keep the children of the last `positions` positions expanded with a `known` predicate
        (df-pn's), for their re-expansions (`core.games.chess_children`; 0: none)."""
        self._memo = ChildrenMemo(positions)

    @property
    def memo_hits(self) -> int:
        """Expansions read from the memo of df-pn's expansions (`core.games.chess_children`)."""
        return self._memo.hits

    def ply(self) -> int:
        """The cursor's distance from the root."""
        return len(self._keys) - 1

    def halfmove_clock(self) -> int:
        return self.board.halfmove_clock

    def flights_after(self, move: int) -> int:
        """The defending king's flight squares after the defender's `move`
        (`core.games.chess_flights`)."""
        return chess_flights.flights_after(self.board, decode_move(move), self.attacker)

    def mop_up_distance(self, move: int) -> int:
        """`core.games.mop_up`'s estimate after `move`, where the root is an ending it is meant
        for; else 0."""
        if not self.capabilities.mop_up:
            return 0
        return mop_up.distance_after(self.board, decode_move(move), self.attacker)

    def is_or(self) -> bool:
        return self.board.turn == self.attacker

    def ordered_moves(self) -> list[int]:
        return ordered_legal_moves(self.board)

    def power_ordered_moves(self) -> list[int]:
        return power_ordered_moves(self.board, self.attacker)

    def evaluate(self) -> Evaluation:
        """Evaluate the cursor's position as if it had just been reached (root and delayed use)."""
        board = self.board
        count, check = self.count(board)
        value, reason = self._terminal(board, count, check, len(self._keys) - 1, True)
        return Evaluation(value, 0 if value else count, reason)

    def _terminal(
        self, board: chess.Board, count: int, check: bool, ply: int, material_changed: bool
    ) -> tuple[Value, Reason]:
        """Value of a just-reached position; `ply` = its distance from the root."""
        if count == 0:
            if check:
                mated_attacker = board.turn == self.attacker
                return (Value.FALSE if mated_attacker else Value.TRUE), Reason.CHECKMATE
            return Value.FALSE, Reason.STALEMATE
        clock = board.halfmove_clock
        if clock >= 100:
            return Value.FALSE, Reason.FIFTY_MOVES
        if clock >= 4 and ply >= 4 and self._repeats(board, clock, ply):
            return Value.FALSE, Reason.REPETITION
        if material_changed and board.has_insufficient_material(self.attacker):
            return Value.FALSE, Reason.INSUFFICIENT_MATERIAL
        return Value.UNKNOWN, Reason.NONE

    def _repeats(self, board: chess.Board, clock: int, ply: int) -> bool:
        """Whether the position occurred earlier on the root-to-node path (same side to move).

        Only the last `clock` plies can hold it: a capture or pawn move is irreversible. The key of
        the position itself is at index `ply` when the cursor stands on it, else it is computed.
        """
        keys = self._keys
        key = keys[ply] if len(keys) > ply else _position_key(board)
        return any(keys[index] == key for index in range(ply - 2, max(ply - clock, 0) - 1, -2))

    def path_rules(self, key: int, clock: int, ply: int) -> tuple[Value, Reason]:
        """The rules of `_terminal` that depend on the path, for a child `ply` plies deep with
        moves, from its hash: the fifty-move rule, then a repetition on the path (df-pn's
        expansions, `core.games.chess_children`). The hash stands for `_position_key`: they
        differ only in en passant, which a repetition cannot involve (a position with an en
        passant square follows a pawn move, so nothing before it repeats)."""
        if clock >= 100:
            return Value.FALSE, Reason.FIFTY_MOVES
        if clock >= 4 and ply >= 4:
            hashes = self._hashes
            if any(hashes[index] == key for index in range(ply - 2, max(ply - clock, 0) - 1, -2)):
                return Value.FALSE, Reason.REPETITION
        return Value.UNKNOWN, Reason.NONE

    def expand(
        self,
        room: int,
        known: Known | None = None,
        mates_in_one: bool = False,
        threats: bool = False,
    ) -> Expansion | None:
        """Generate, order and evaluate every child of the cursor's position (Figure 3.5); a
        child `known` holds for is not counted, and with `mates_in_one` each new child where the
        attacker is to move is tested for a mate in one (see `core.games.game.Game.expand`).
        With `known` (df-pn) the children come from, and go to, the cursor's `ChildrenMemo`."""
        if known is not None:
            return self._memo.expand(self, room, known, mates_in_one, threats)
        board = self.board
        moves = ordered_legal_moves(board)
        if len(moves) > room:
            return None
        count_moves = self.count
        terminal = self._terminal
        pieces_before = board.occupied.bit_count()
        child_ply = len(self._keys)
        one_move: list[bool] | None = [] if mates_in_one else None
        test_one_move = mates_in_one and board.turn != self.attacker
        threatening: list[bool] | None = [] if threats else None
        test_threats = threats and board.turn == self.attacker
        values: list[Value] = []
        mobility: list[int] = []
        reasons: list[Reason] = []
        # A cursor that tracks hashes (DAG PN) reads each child's key and clock while the child
        # is on the board: the search then needs no second push.
        hashes = self._pieces_hashes
        keys: list[int] | None = None if hashes is None else []
        clocks: list[int] = []
        pieces_hash = 0 if hashes is None else hashes[-1]
        for code in moves:
            move = decode_move(code)
            if keys is not None:
                child_pieces = pieces_hash_after(board, move, pieces_hash)
            saved = make(board, move)
            if keys is not None:
                keys.append(child_pieces ^ rest_hash(board))
                clocks.append(board.halfmove_clock)
            material_changed = board.occupied.bit_count() != pieces_before
            count, check = count_moves(board)
            value, reason = terminal(board, count, check, child_ply, material_changed)
            if one_move is not None:
                one_move.append(test_one_move and not value and mating_move(board) is not None)
            if threatening is not None:
                quiet_move = not (check or material_changed or move.promotion)
                threatening.append(
                    test_threats and not value and quiet_move and threatens_mate(board)
                )
            unmake(board, saved)
            values.append(value)
            mobility.append(0 if value else count)
            reasons.append(reason)
        child_is_or = board.turn != self.attacker
        return Expansion(
            moves,
            values,
            mobility,
            reasons,
            [child_is_or] * len(moves),
            keys,
            None if keys is None else clocks,
            one_move,
            threatening,
        )

    # -- labels and positions for views ---------------------------------------------------------

    def move_label(self, move: int) -> str:
        return self.board.san(decode_move(move))

    def position_label(self) -> str:
        return self.board.fen()

    def board_after(self, moves: Iterable[int]) -> chess.Board:
        """A fresh board at the position reached from the root by `moves` (for views)."""
        board = self.root_board.copy(stack=False)
        for code in moves:
            board.push(decode_move(code))
        return board

    def san_line(self, moves: Iterable[int]) -> list[str]:
        """SAN of a line of move codes played from the root."""
        board = self.root_board.copy(stack=False)
        line = []
        for code in moves:
            move = decode_move(code)
            line.append(board.san(move))
            board.push(move)
        return line
