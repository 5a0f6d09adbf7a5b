//! A simple computer player that plays sensibly under any preset, using only what the
//! engine says about the board. In order of preference it: brings a piece home, captures,
//! enters a piece, moves a piece out of danger, and otherwise advances its most advanced
//! piece, preferring a square where it is not in danger.
//!
//! "In danger" means an opponent piece stands 1 to 6 squares behind on the track (7 where a
//! six moves seven), or an opponent could enter onto the square, and the square is not safe.

use ludo_core::position::{PIECES, Place};
use ludo_core::{Engine, Move, MoveList, Position, YARD};

/// The index in `list` of the move this player makes for the seat to move in `pos`.
/// Returns 0 for an empty list.
pub fn choose(engine: &Engine, pos: &Position, list: &MoveList) -> usize {
    let mut best = 0;
    let mut best_score = None;
    for (i, m) in list.as_slice().iter().enumerate() {
        let score = score(engine, pos, m);
        // Strictly better only, so that ties go to the first move listed.
        if best_score.is_none_or(|b| score > b) {
            best = i;
            best_score = Some(score);
        }
    }
    best
}

/// How much the player wants a move: a preference tier, then a tie-break within it.
fn score(engine: &Engine, pos: &Position, m: &Move) -> (u8, u16) {
    let seat = pos.turn as usize;
    if engine.at_end(m.to) && !engine.at_end(m.from) {
        return (5, 0);
    }
    if m.captures != 0 {
        // Capturing the opponent that has come furthest hurts them most.
        let lost: u16 = ludo_core::moves::captured_pieces(m.captures)
            .map(|(s, i)| pos.pieces[s][i] as u16)
            .sum();
        return (4, lost);
    }
    if m.is_enter() {
        return (3, 0);
    }
    let after = after_move(pos, seat, m);
    let was_in_danger = in_danger(engine, pos, seat, m.piece as usize);
    let now_in_danger = in_danger(engine, &after, seat, m.piece as usize);
    let advanced = m.from as u16;
    match (was_in_danger, now_in_danger) {
        (true, false) => (2, advanced),
        (_, false) => (1, advanced),
        (_, true) => (0, advanced),
    }
}

/// The pieces after a move (only where they stand; whose turn it is does not matter here).
fn after_move(pos: &Position, seat: usize, m: &Move) -> Position {
    let mut after = *pos;
    after.pieces[seat][m.piece as usize] = m.to;
    if m.is_pair() {
        after.pieces[seat][m.partner as usize] = m.to;
    }
    for (s, i) in m.captured() {
        after.pieces[s][i] = YARD;
    }
    after
}

/// Whether an opponent could capture this piece with its next roll.
pub fn in_danger(engine: &Engine, pos: &Position, seat: usize, piece: usize) -> bool {
    let Place::Track(square) = engine.place(pos, seat, piece) else {
        return false;
    };
    if engine.is_safe(square) {
        return false;
    }
    let len = engine.board.track_len as u16;
    for s in pos.seats().filter(|&s| s != seat && !pos.is_finished(s)) {
        let yard_empty = pos.in_yard(s) == 0;
        let reach = if engine.rules.six_moves_seven_when_yard_empty && yard_empty {
            7
        } else {
            6
        };
        let start = engine.board.start_squares[pos.seat_colour[s] as usize];
        if start == square && !yard_empty {
            return true;
        }
        for q in 0..PIECES {
            let p = pos.pieces[s][q];
            let Place::Track(from) = engine.place(pos, s, q) else {
                continue;
            };
            let behind = (square as u16 + len - from as u16) % len;
            // The opponent must still be on its lap when it gets here.
            if (1..=reach).contains(&behind) && p as u16 + behind <= engine.board.last_track as u16
            {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_core::Input;
    use ludo_core::json::parse_position;
    use serde_json::json;

    fn pick(position: serde_json::Value, roll: u8) -> (Engine, Position, Move) {
        let parsed = parse_position(&position).expect("position");
        let mut list = MoveList::default();
        parsed
            .engine
            .legal_moves(&parsed.position, Input::Roll(roll), &mut list);
        let i = choose(&parsed.engine, &parsed.position, &list);
        let m = *list.get(i).expect("a move");
        (parsed.engine, parsed.position, m)
    }

    #[test]
    fn brings_a_piece_home_before_capturing() {
        // Red 0 can capture green on square 15 with a 2; red 1 finishes with a 2.
        let (_, _, m) = pick(
            json!({"rules": "classic", "seats": ["red", "green"],
                   "pieces": {"red": [13, 54, "yard", "yard"], "green": [2, "yard", "yard", "yard"]}}),
            2,
        );
        assert_eq!((m.piece, m.to), (1, 56));
    }

    #[test]
    fn captures_before_entering() {
        let (_, _, m) = pick(
            json!({"rules": "classic", "seats": ["red", "green"],
                   "pieces": {"red": [9, "yard", "yard", "yard"], "green": [2, "yard", "yard", "yard"]}}),
            6,
        );
        assert_eq!((m.piece, m.to), (0, 15));
        assert_ne!(m.captures, 0);
    }

    #[test]
    fn moves_a_threatened_piece_out_of_danger() {
        // Red 1 on square 30 has green 3 squares behind it (green progress 14 = square 27);
        // red 0 is further on and out of reach. A 5 takes red 1 to square 35, 8 ahead.
        let (engine, pos, m) = pick(
            json!({"rules": "classic", "seats": ["red", "green"],
                   "pieces": {"red": [40, 30, "home", "home"], "green": [14, "home", "home", "home"]}}),
            5,
        );
        assert!(in_danger(&engine, &pos, 0, 1));
        assert!(!in_danger(&engine, &pos, 0, 0));
        assert_eq!((m.piece, m.to), (1, 35));
    }

    #[test]
    fn otherwise_advances_the_most_advanced_piece() {
        let (_, _, m) = pick(
            json!({"rules": "classic", "seats": ["red", "green"],
                   "pieces": {"red": [10, 20, "yard", "yard"], "green": ["yard", "yard", "yard", "yard"]}}),
            3,
        );
        assert_eq!(m.piece, 1);
    }

    #[test]
    fn a_piece_on_a_safe_square_is_never_in_danger() {
        // Square 8 is a star square on the classic board; green stands 2 behind it.
        let parsed = parse_position(&json!({"rules": "classic", "seats": ["red", "green"],
            "pieces": {"red": [8, "yard", "yard", "yard"], "green": [45, "yard", "yard", "yard"]}}))
        .expect("position");
        assert!(!in_danger(&parsed.engine, &parsed.position, 0, 0));
    }
}
