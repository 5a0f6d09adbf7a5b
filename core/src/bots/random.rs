//! The `random` level: any legal move, from a seeded generator.

use super::Bot;
use crate::engine::Engine;
use crate::game::SplitMix;
use crate::moves::{Input, MoveList};
use crate::position::Position;

/// Plays a uniformly random legal move.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: SplitMix,
}

impl RandomBot {
    /// A random bot whose choices follow from `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: SplitMix(seed ^ 0x7261_6e64_6f6d),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, _: &Engine, _: &Position, _: Input, moves: &MoveList) -> usize {
        self.rng.below(moves.len().max(1))
    }
}
