//! The `easy` level: a casual player. It brings pieces home and captures when it sees the
//! chance, brings pieces out, and otherwise pushes its front piece on; it never thinks about
//! danger, and about one move in five it moves without thinking at all.

use super::Bot;
use super::medium::{captured_progress, finishes};
use crate::engine::Engine;
use crate::game::SplitMix;
use crate::moves::{Input, MoveList};
use crate::position::{Position, YARD};

/// Percentage of decisions made without thinking.
const SLIPS_PERCENT: usize = 20;

/// The casual player; its slips follow from its seed.
#[derive(Clone, Debug)]
pub struct EasyBot {
    rng: SplitMix,
}

impl EasyBot {
    /// An easy bot whose slips follow from `seed`.
    pub fn new(seed: u64) -> EasyBot {
        EasyBot {
            rng: SplitMix(seed ^ 0x6561_7379),
        }
    }
}

impl Bot for EasyBot {
    fn name(&self) -> &str {
        "easy"
    }

    fn choose(&mut self, engine: &Engine, pos: &Position, _: Input, moves: &MoveList) -> usize {
        let n = moves.len().max(1);
        if self.rng.below(100) < SLIPS_PERCENT {
            return self.rng.below(n);
        }
        let score = |m: &crate::moves::Move| {
            let rule = if finishes(engine, m) {
                3
            } else if m.captures != 0 {
                2
            } else if m.is_enter() {
                1
            } else {
                0
            };
            let front = if m.from == YARD { 0 } else { m.from as u16 + 1 };
            (rule, captured_progress(pos, m), front)
        };
        moves
            .as_slice()
            .iter()
            .enumerate()
            .max_by_key(|&(i, m)| (score(m), std::cmp::Reverse(i)))
            .map_or(0, |(i, _)| i)
    }
}
