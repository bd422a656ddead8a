//! What df-pn asks of a chess position, from shakmaty's rules: the game's move codes and
//! children order (`core/games/chess_codes.py`), the Polyglot Zobrist hash
//! (`core/games/chess_zobrist.py`), the one-move mate and threat tests
//! (`core/games/chess_mate_in_one.py`) and the mop-up estimate (`core/games/mop_up.py`).

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, Chess, Color, EnPassantMode, Move, Position, Role, Square};

/// A move's code: from-square, to-square and promotion piece packed so that descending order is
/// the thesis's move order (§3.3.2); castling is the king's two-square move, as python-chess
/// writes it in standard chess.
pub fn encode(m: &Move, turn: Color) -> u16 {
    let (from, to) = match *m {
        Move::Castle { king, rook } => {
            let side = if rook.file() > king.file() {
                shakmaty::CastlingSide::KingSide
            } else {
                shakmaty::CastlingSide::QueenSide
            };
            (king, side.king_to(turn))
        }
        _ => (m.from().expect("a chess move has an origin"), m.to()),
    };
    let promotion = m.promotion().map_or(0, |role| role as u16);
    (u16::from(from) << 9) | (u16::from(to) << 3) | promotion
}

/// The legal moves with their codes in the game's order: codes descending.
pub fn ordered_moves(position: &Chess) -> Vec<(u16, Move)> {
    let turn = position.turn();
    let mut moves: Vec<(u16, Move)> = position
        .legal_moves()
        .into_iter()
        .map(|m| (encode(&m, turn), m))
        .collect();
    moves.sort_unstable_by_key(|(code, _)| std::cmp::Reverse(*code));
    moves
}

/// The Polyglot Zobrist hash (`chess.polyglot.zobrist_hash`: en passant file only where a pawn
/// stands ready to take, legal or not).
pub fn hash(position: &Chess) -> u64 {
    let value: Zobrist64 = position.zobrist_hash(EnPassantMode::PseudoLegal);
    value.0
}

/// Whether the side to move mates in one (`mating_move(board) is not None`).
pub fn mates_in_one(position: &Chess) -> bool {
    position.legal_moves().into_iter().any(|m| {
        let mut after = position.clone();
        after.play_unchecked(m);
        after.is_check() && after.legal_moves().is_empty()
    })
}

/// Whether the side not to move would mate in one if the side to move passed
/// (`threatens_mate`: the turn flipped, en passant cleared).
pub fn threatens_mate(position: &Chess) -> bool {
    match position.clone().swap_turn() {
        Ok(passed) => mates_in_one(&passed),
        Err(_) => false,
    }
}

const MATING_MOST: u64 = 12;
const PROMOTION_STEP: u64 = 2;
const MOST: u64 = MATING_MOST + 6 * PROMOTION_STEP;

fn edge(square: Square) -> u64 {
    let (file, rank) = (square.file() as i32, square.rank() as i32);
    2 * file.min(7 - file).min(rank).min(7 - rank) as u64
}

fn taxicab(square: Square, corners: [Square; 2]) -> u64 {
    let (file, rank) = (square.file() as i32, square.rank() as i32);
    corners
        .iter()
        .map(|c| ((file - c.file() as i32).abs() + (rank - c.rank() as i32).abs()) as u64)
        .min()
        .unwrap_or(0)
}

/// `mop_up.by_material` read off the position after a move (`distance_after`).
pub fn mop_up_distance(position: &Chess, attacker: Color) -> u64 {
    let board = position.board();
    let (Some(defending_king), Some(attacking_king)) =
        (board.king_of(!attacker), board.king_of(attacker))
    else {
        return 0;
    };
    let ours = board.by_color(attacker);
    let pawns = board.pawns() & ours;
    let knights = board.knights() & ours;
    let bishops = board.bishops() & ours;
    let rooks = board.rooks() & ours;
    let queens = board.queens() & ours;
    let defender_has_piece = (board.by_color(!attacker) & !(board.pawns() | board.kings())).any();
    let light = (bishops & Bitboard::LIGHT_SQUARES).any();
    let dark = (bishops & Bitboard::DARK_SQUARES).any();
    let mating = queens.any() || rooks.any() || (bishops.any() && knights.any()) || (light && dark);
    let enough = if defender_has_piece {
        queens.any()
    } else {
        mating
    };
    if pawns.any() && !enough {
        let steps = if attacker == Color::White {
            7 - pawns.last().expect("pawns").rank() as u64
        } else {
            pawns.first().expect("pawns").rank() as u64
        };
        return MATING_MOST + PROMOTION_STEP * steps;
    }
    if !mating {
        return MOST;
    }
    let kings = (defending_king.distance(attacking_king) as u64).saturating_sub(2);
    if queens.any() || rooks.any() || (light && dark) {
        return edge(defending_king) + kings;
    }
    let corners = if light {
        [Square::A8, Square::H1]
    } else {
        [Square::A1, Square::H8]
    };
    taxicab(defending_king, corners) + kings
}

/// The number of men on the board.
pub fn men(position: &Chess) -> u32 {
    position.board().occupied().count() as u32
}

/// A promotion's role, for the quiet test.
pub fn is_promotion(m: &Move) -> bool {
    m.promotion().is_some_and(|role| role != Role::Pawn)
}
