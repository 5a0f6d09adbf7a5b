//! The evaluation the `hard` and `expert` bots think with: for every seat, how far its
//! pieces have come, less what it stands to lose before its next turn, turned into a
//! utility against the other seats.
//!
//! Everything is measured in squares of progress, so one set of weights fits every board:
//! a piece is worth its progress plus the price of having got out of its yard; a piece
//! that may be captured loses that worth times the chance of being hit (see
//! [`super::threat`]); finishing, home columns, barriers and pending bonus counts add to it.

use super::threat::{Table, seat_bits};
use crate::engine::{Engine, OFF_TRACK};
use crate::position::{MAX_SEATS, PIECES, Position, YARD};
use crate::rules::{Barrier, Bonus};
use crate::turn::Phase;

/// The weights of the evaluation, in squares of progress.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// What a piece is worth for being out of its yard, beyond its progress.
    pub entered: f32,
    /// Extra for a piece in its home column, out of reach of captures.
    pub column: f32,
    /// Extra for a piece that has reached the end.
    pub home: f32,
    /// How much of the expected loss to captures counts.
    pub danger: f32,
    /// Extra for each pair of one's own pieces that blocks others (barrier rules only).
    pub barrier: f32,
    /// The worth of one square of a bonus count still to be played.
    pub bonus: f32,
    /// Extra for each piece in play, for the choice it gives each roll.
    pub in_play: f32,
    /// What finishing first is worth.
    pub first: f32,
    /// How much the leading opponent counts against a seat, from 0 (the opponents'
    /// mean) to 1 (only the leader).
    pub leader: f32,
    /// The share of an expected capture that the capturer gains (its chances on others).
    pub attack: f32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            entered: 10.0,
            column: 4.0,
            home: 4.0,
            danger: 1.0,
            barrier: 2.0,
            bonus: 0.7,
            in_play: 1.5,
            first: 150.0,
            leader: 0.5,
            attack: 0.3,
        }
    }
}

/// Utilities, one per seat (unused seats are 0).
pub type Utility = [f32; MAX_SEATS];

/// Evaluates positions under one set of weights.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// The weights.
    pub weights: Weights,
}

impl Evaluator {
    /// An evaluator with the given weights.
    pub fn new(weights: Weights) -> Evaluator {
        Evaluator { weights }
    }

    /// What a piece at `progress` is worth, danger aside.
    pub fn piece_value(&self, engine: &Engine, progress: u8) -> f32 {
        let w = &self.weights;
        if progress == YARD {
            return 0.0;
        }
        let mut v = w.entered + progress as f32;
        if progress > engine.board.last_track {
            v += w.column;
        }
        if engine.at_end(progress) {
            v += w.home;
        }
        v
    }

    /// The raw worth of every seat's position (before setting the seats against each other).
    pub fn worth(&self, engine: &Engine, pos: &Position, phase: Phase) -> Utility {
        let w = &self.weights;
        let table = Table::new(engine, pos);
        let mut worth = [0f32; MAX_SEATS];
        let capture_bonus = match engine.rules.capture_bonus {
            Bonus::Move(n) => n as f32 * w.bonus,
            _ => 0.0,
        };
        let finisher_bonus = |s: usize| match pos.finished[..pos.finished_count as usize]
            .iter()
            .position(|&f| f as usize == s)
        {
            Some(0) => w.first,
            Some(_) => w.first * 0.25,
            None => 0.0,
        };
        for s in pos.seats() {
            let mut v = finisher_bonus(s);
            let mut seen_squares = 0u128;
            for i in 0..PIECES {
                let p = pos.pieces[s][i];
                v += self.piece_value(engine, p);
                if p == YARD || engine.at_end(p) {
                    continue;
                }
                v += w.in_play;
                let sq = table.square(s, p);
                if sq == OFF_TRACK || seen_squares & (1u128 << sq) != 0 {
                    continue;
                }
                seen_squares |= 1u128 << sq;
                // Everything of this seat on the square goes back together.
                let mine = table.occupants[sq as usize] & seat_bits(s);
                let loss: f32 = (0..PIECES)
                    .filter(|&k| mine & (1 << (s * PIECES + k)) != 0)
                    .map(|k| self.piece_value(engine, pos.pieces[s][k]))
                    .sum::<f32>()
                    + capture_bonus;
                let mut miss = 1.0f32;
                for t in pos.seats() {
                    if t == s || pos.is_finished(t) {
                        continue;
                    }
                    let hit = table.seat_hit_chance(t, s, sq);
                    if hit > 0.0 {
                        miss *= 1.0 - hit;
                        worth[t] += w.attack * hit * loss;
                    }
                }
                v -= w.danger * (1.0 - miss) * loss;
            }
            if engine.rules.barrier != Barrier::None {
                v += w.barrier * table.pairs[s].count_ones() as f32;
            }
            worth[s] += v;
        }
        if let Phase::Bonus(n) = phase {
            worth[pos.turn as usize] += w.bonus * n as f32;
        }
        worth
    }

    /// Each seat's utility: its worth less a mix of its opponents' mean worth and the
    /// leader's worth.
    pub fn evaluate(&self, engine: &Engine, pos: &Position, phase: Phase) -> Utility {
        let worth = self.worth(engine, pos, phase);
        let n = pos.seat_count as usize;
        let mut out = [0f32; MAX_SEATS];
        if n < 2 {
            return worth;
        }
        let total: f32 = worth[..n].iter().sum();
        for s in 0..n {
            let others_mean = (total - worth[s]) / (n - 1) as f32;
            let leader = (0..n)
                .filter(|&t| t != s)
                .map(|t| worth[t])
                .fold(f32::MIN, f32::max);
            let l = self.weights.leader;
            out[s] = worth[s] - (1.0 - l) * others_mean - l * leader;
        }
        out
    }
}
