"""The fast move counter must agree exactly with python-chess's legal move count and check flag.

Mobility feeds the proof-number initialisation, and the check flag tells checkmate from
stalemate, so any disagreement with ``board.legal_moves.count()`` / ``board.is_check()`` would
silently change search results. Hand-picked positions pin down the tricky rules; seeded random
walks cover everything else.
"""

from __future__ import annotations

import random

import chess
import pytest

from pn_explorer.core.games.chess_movecount import count_legal_moves, count_legal_moves_and_check

# (what the position exercises, FEN, python-chess's legal move count, side to move in check)
TRICKY = [
    ("rank pin: rook slides along the pinning rank", "4k3/8/8/8/r2RK3/8/8/8 w - - 0 1", 10, False),
    ("file pin: rook pinned on the e-file", "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1", 10, False),
    ("diagonal pin: bishop may capture its pinner", "7k/8/8/8/3b4/8/1B6/K7 w - - 0 1", 4, False),
    ("pinned knight cannot move", "4k3/8/8/8/8/8/8/rN2K3 w - - 0 1", 5, False),
    ("pinned queen moves along the pin only", "4k3/8/8/8/8/2b5/3Q4/4K3 w - - 0 1", 5, False),
    ("pinned pawn captures its pinner", "4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1", 5, False),
    ("pinned pawn pushes along the pin file", "4r1k1/8/8/8/8/8/4P3/4K3 w - - 0 1", 6, False),
    ("pawn pinned on a rank cannot push", "4k3/8/8/8/8/8/r2PK3/8 w - - 0 1", 7, False),
    ("pinned pawn promotes capturing its pinner", "1b2k3/2P5/3K4/8/8/8/8/8 w - - 0 1", 9, False),
    ("black pinned pawn promotes onto its pinner", "8/8/8/8/8/3k4/4p3/5B1K b - - 0 1", 11, False),
    (
        "double check by knight and rook: king moves only",
        "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1",
        3,
        True,
    ),
    ("double check by bishop and rook", "4k3/8/8/1B6/8/8/8/4R1K1 b - - 0 1", 3, True),
    ("check blocked by a pawn double push", "4k3/8/8/8/K6r/8/4P3/8 w - - 0 1", 5, True),
    ("black blocks a check with a double push", "8/3p4/8/k6R/8/8/8/4K3 b - - 0 1", 5, True),
    ("king may not step back along the checking ray", "4k3/8/8/8/8/8/8/4K2r w - - 0 1", 3, True),
    ("king captures an adjacent checker", "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", 1, True),
    ("promotions with and without capture", "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", 11, False),
    ("black promotions, some capturing a knight", "8/8/8/8/8/7k/ppp5/1N5K b - - 0 1", 19, False),
    ("promotion blocks a check", "r6K/4P3/8/8/8/8/8/k7 w - - 0 1", 6, True),
    ("promotion captures the checker or blocks", "r6K/1P6/8/8/8/8/8/k7 w - - 0 1", 10, True),
    (
        "en passant illegal: both pawns leave the king's rank",
        "8/8/3p4/KPp4r/1R3p1k/8/4P1P1/8 w - c6 0 2",
        16,
        False,
    ),
    (
        "en passant illegal: black version of the rank skewer",
        "8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1",
        16,
        False,
    ),
    ("en passant captures the checking pawn", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", 9, True),
    (
        "en passant blocks a bishop check (constructed)",
        "8/8/k7/8/3Pp3/8/8/4KB2 b - d3 0 1",
        5,
        True,
    ),
    ("en passant off a diagonal pin is illegal", "8/1k6/8/8/3Pp3/8/8/4K2B b - d3 0 1", 8, False),
    ("en passant along a diagonal pin is legal", "8/8/6k1/8/3Pp3/8/8/1B2K3 b - d3 0 1", 9, False),
    ("en passant with two capturers", "4k3/8/8/3PpP2/8/8/8/4K3 w - e6 0 1", 9, False),
    (
        "en passant square set but no capturer",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
        29,
        False,
    ),
    ("castling both sides", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 26, False),
    ("castling through check (f1 attacked)", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", 23, False),
    ("castling into check (g1 attacked)", "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", 25, False),
    (
        "queenside castling with b1 attacked is legal",
        "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        26,
        False,
    ),
    ("no castling out of check", "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", 4, True),
    ("castling blocked by knights", "r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1", 25, False),
    ("black castling, d8 attacked", "r3k2r/8/8/8/8/8/8/3RK3 b kq - 0 1", 23, False),
    (
        "checkmate (fool's mate)",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        0,
        True,
    ),
    ("back-rank checkmate", "3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", 0, True),
    ("stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0, False),
    ("stalemate with a blocked pawn", "8/8/8/8/8/5k2/5p2/5K2 w - - 0 1", 0, False),
    ("starting position", chess.STARTING_FEN, 20, False),
    (
        "perft kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        48,
        False,
    ),
    ("perft position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14, False),
    (
        "perft position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        6,
        True,
    ),
    (
        "perft position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        44,
        False,
    ),
    ("odd position: adjacent kings", "8/8/8/3kK3/8/8/8/8 w - - 0 1", 4, True),
    ("odd position: pawn on its own back rank", "p6k/8/8/8/8/8/8/K7 b - - 0 1", 5, False),
    ("odd position: no king (delegated)", "8/8/8/8/8/8/8/R6k w - - 0 1", 14, False),
    ("odd position: two kings (delegated)", "K7/8/8/8/8/8/8/K6k w - - 0 1", 6, False),
]

PERFT_FENS = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
]

# Openings, the perft positions, promotion races, pawn endgames and open queen/rook endings.
WALK_STARTS = [
    chess.STARTING_FEN,
    *PERFT_FENS,
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/PPP4k/8/8/8/8/4Kppp/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    "8/5k2/8/3q4/8/2Q5/5K2/8 w - - 0 1",
    "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
    "2r3k1/5ppp/8/8/8/8/5PPP/2R3K1 w - - 0 1",
]


def assert_matches(board: chess.Board) -> None:
    fen = board.fen() + (" (chess960)" if board.chess960 else "")
    reference = board.legal_moves.count()
    count, check = count_legal_moves_and_check(board)
    assert count == reference, f"{fen}: counted {count}, python-chess {reference}"
    assert check == board.is_check(), f"{fen}: check flag {check}, python-chess {board.is_check()}"


@pytest.mark.parametrize(("what", "fen", "count", "check"), TRICKY, ids=[c[0] for c in TRICKY])
def test_tricky_positions(what: str, fen: str, count: int, check: bool) -> None:
    board = chess.Board(fen)
    assert board.legal_moves.count() == count, f"{fen}: table out of date ({what})"
    assert board.is_check() == check, f"{fen}: table out of date ({what})"
    assert_matches(board)
    assert count_legal_moves(board) == count, f"{fen}: count_legal_moves disagrees ({what})"


def test_castling_rights_set_by_hand_are_delegated() -> None:
    """A right on a non-corner rook is dropped on a fresh board but honoured after a push."""
    board = chess.Board("4k3/8/8/8/8/8/8/1R2K2R w K - 0 1")
    board.castling_rights |= chess.BB_B1
    assert_matches(board)
    assert board.legal_moves.count() == 25, board.fen()
    board.push_uci("h1h2")
    board.push_uci("e8e7")
    board.castling_rights |= chess.BB_B1
    assert_matches(board)
    assert chess.Move.from_uci("e1b1") in board.legal_moves, board.fen()


@pytest.mark.parametrize("scharnagl", [0, 193, 518, 959])
def test_chess960_flag_positions(scharnagl: int) -> None:
    board = chess.Board.from_chess960_pos(scharnagl)
    rng = random.Random(scharnagl)
    for _ in range(400):
        assert_matches(board)
        moves = list(board.legal_moves)
        if not moves:
            board = chess.Board.from_chess960_pos(scharnagl)
            continue
        board.push(rng.choice(moves))


def _pick(board: chess.Board, moves: list[chess.Move], rng: random.Random) -> chess.Move:
    """Mostly uniform; sometimes a check, capture, promotion or double push, for rarer rules."""
    roll = rng.random()
    if roll < 0.1:
        checks = [m for m in moves if board.gives_check(m)]
        if checks:
            return rng.choice(checks)
    elif roll < 0.4:
        pawns = board.pawns
        occupied = board.occupied
        forcing = [
            m
            for m in moves
            if m.promotion
            or occupied & chess.BB_SQUARES[m.to_square]
            or (abs(m.to_square - m.from_square) == 16 and pawns & chess.BB_SQUARES[m.from_square])
        ]
        if forcing:
            return rng.choice(forcing)
    return rng.choice(moves)


def test_random_walk_matches_python_chess() -> None:
    rng = random.Random(20240611)
    positions = 0
    seen = {"check": 0, "mate": 0, "ep": 0, "promotion": 0, "castling": 0}
    while positions < 25_000:
        board = chess.Board(rng.choice(WALK_STARTS))
        for _ in range(rng.randint(20, 200)):
            moves = list(board.legal_moves)
            fen = board.fen()
            count, check = count_legal_moves_and_check(board)
            assert count == len(moves), f"{fen}: counted {count}, python-chess {len(moves)}"
            assert check == board.is_check(), f"{fen}: check flag {check}"
            positions += 1
            seen["check"] += check
            seen["ep"] += any(board.is_en_passant(m) for m in moves)
            seen["promotion"] += any(m.promotion for m in moves)
            seen["castling"] += any(board.is_castling(m) for m in moves)
            if not moves:
                seen["mate"] += check
                break
            board.push(_pick(board, moves, rng))
    for what, minimum in [
        ("check", 1000),
        ("mate", 5),
        ("ep", 50),
        ("promotion", 500),
        ("castling", 300),
    ]:
        assert seen[what] >= minimum, f"random walk reached too few {what} positions: {seen}"


def _random_placement(rng: random.Random) -> chess.Board:
    """A random legal-looking position: kings plus random pieces, sometimes castling or ep.

    Random games almost never reach double checks or unusual pin geometry; scattering pieces
    reaches them constantly.
    """
    while True:
        turn = rng.random() < 0.5
        castling = rng.random() < 0.3
        if castling:
            pieces = {chess.E1: "K", chess.A1: "R", chess.H1: "R"}
            pieces |= {chess.E8: "k", chess.A8: "r", chess.H8: "r"}
        else:
            kings = rng.sample(chess.SQUARES, 2)
            pieces = {kings[0]: "K", kings[1]: "k"}
        ep_square = None
        if rng.random() < 0.4:
            file = rng.randrange(8)
            side = file + rng.choice([-1, 1])
            if 0 <= side < 8:
                us, ep_rank = (4, 5) if turn else (3, 2)
                capturer, pushed = chess.square(side, us), chess.square(file, us)
                passed = [chess.square(file, ep_rank), chess.square(file, 2 * ep_rank - us)]
                if not any(sq in pieces for sq in [capturer, pushed, *passed]):
                    pieces[capturer] = "P" if turn else "p"
                    pieces[pushed] = "p" if turn else "P"
                    ep_square = passed[0]
        free = [sq for sq in chess.SQUARES if sq not in pieces]
        rng.shuffle(free)
        for _ in range(rng.randint(1, 14)):
            symbol = rng.choice("QRRBBNNPPPPqrrbbnnpppp")
            square = free.pop()
            if symbol in "Pp" and chess.square_rank(square) in (0, 7):
                continue
            pieces[square] = symbol
        board = chess.Board(None)
        board.set_piece_map({sq: chess.Piece.from_symbol(sym) for sq, sym in pieces.items()})
        board.turn = turn
        board.ep_square = ep_square
        if castling:
            board.set_castling_fen("KQkq")
        if not board.was_into_check():
            return board


def test_random_placements_match_python_chess() -> None:
    rng = random.Random(77)
    seen = {"check": 0, "double check": 0, "ep": 0, "castling": 0, "pinned": 0}
    for _ in range(6000):
        board = _random_placement(rng)
        assert_matches(board)
        checkers = board.checkers_mask()
        seen["check"] += bool(checkers)
        seen["double check"] += chess.popcount(checkers) > 1
        seen["ep"] += board.has_legal_en_passant()
        seen["castling"] += any(board.generate_castling_moves())
        seen["pinned"] += bool(board._slider_blockers(board.king(board.turn)))
    for what, minimum in [
        ("check", 500),
        ("double check", 50),
        ("ep", 100),
        ("castling", 300),
        ("pinned", 100),
    ]:
        assert seen[what] >= minimum, f"random placements reached too few {what} positions: {seen}"
