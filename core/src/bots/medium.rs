//! The `medium` level: a one-move priority list, the way a careful club player would
//! explain their move. In order: bring a piece home; capture (the most advanced opponent
//! piece first); bring a piece out; take a piece out of danger; reach a safe square or the
//! home column; otherwise advance, preferring a square where nothing can hit the piece and
//! then the piece furthest ahead.

use super::Bot;
use super::threat::Table;
use crate::engine::{Engine, OFF_TRACK};
use crate::moves::{Input, Move, MoveList};
use crate::position::{Position, YARD};

/// The priority list player. It has no state and no chance in it.
#[derive(Clone, Copy, Debug, Default)]
pub struct MediumBot;

/// How much a move appeals to the priority list; larger is better, compared field by field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Appeal {
    /// The rule of the list the move satisfies (6: brings a piece home … 1: advances).
    rule: u8,
    /// Within a capture: the progress of the most advanced piece captured.
    captured_progress: u16,
    /// Whether the moved piece is out of reach afterwards.
    unreachable: bool,
    /// How far the moved piece had come.
    from: u16,
}

/// The progress of the most advanced piece a move captures.
pub(crate) fn captured_progress(pos: &Position, m: &Move) -> u16 {
    m.captured()
        .map(|(s, i)| pos.pieces[s][i])
        .filter(|&p| p != YARD)
        .map(|p| p as u16 + 1)
        .max()
        .unwrap_or(0)
}

/// Whether a move brings a piece to the end of its road.
pub(crate) fn finishes(engine: &Engine, m: &Move) -> bool {
    engine.at_end(m.to) && !engine.at_end(m.from)
}

fn appeal(engine: &Engine, pos: &Position, before: &Table, input: Input, m: &Move) -> Appeal {
    let seat = pos.turn as usize;
    let mut after = *pos;
    engine.play(&mut after, input, Some(m));
    let table_after = Table::new(engine, &after);
    let piece = m.piece as usize;
    let was_in_danger = m.from != YARD && before.piece_hit_chance(seat, piece) > 0.0;
    let in_danger =
        after.pieces[seat][piece] != YARD && table_after.piece_hit_chance(seat, piece) > 0.0;
    let to_square = engine.square_of(pos.seat_colour[seat], m.to);
    let safe_after = to_square == OFF_TRACK || engine.is_safe(to_square);
    let rule = if finishes(engine, m) {
        6
    } else if m.captures != 0 {
        5
    } else if m.is_enter() {
        4
    } else if was_in_danger && !in_danger {
        3
    } else if safe_after {
        2
    } else {
        1
    };
    Appeal {
        rule,
        captured_progress: captured_progress(pos, m),
        unreachable: !in_danger,
        from: if m.from == YARD { 0 } else { m.from as u16 + 1 },
    }
}

impl Bot for MediumBot {
    fn name(&self) -> &str {
        "medium"
    }

    fn choose(&mut self, engine: &Engine, pos: &Position, input: Input, moves: &MoveList) -> usize {
        let before = Table::new(engine, pos);
        let mut best = (0, None);
        for (i, m) in moves.as_slice().iter().enumerate() {
            let a = appeal(engine, pos, &before, input, m);
            if best.1.is_none_or(|b| a > b) {
                best = (i, Some(a));
            }
        }
        best.0
    }
}
