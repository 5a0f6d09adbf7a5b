//! The `hard` level: the evaluation of [`super::eval`] with one roll of look-ahead. Each
//! move is judged by the mean, over the six values of the next roll, of the position after
//! the next mover's reply (or its own next move, after a six).

use super::Bot;
use super::eval::{Evaluator, Weights};
use super::search::{Budget, choose};
use crate::engine::Engine;
use crate::moves::{Input, MoveList};
use crate::position::Position;

/// One roll of look-ahead on the evaluation.
#[derive(Clone, Debug)]
pub struct HardBot {
    eval: Evaluator,
    budget: Budget,
}

impl HardBot {
    /// A hard bot with these evaluation weights.
    pub fn new(weights: Weights) -> HardBot {
        HardBot {
            eval: Evaluator::new(weights),
            budget: Budget {
                max_depth: 1,
                nodes: u64::MAX,
                beam: 1,
                opponent_beam: 1,
                time_cap: None,
            },
        }
    }
}

impl Default for HardBot {
    fn default() -> Self {
        HardBot::new(Weights::plain())
    }
}

impl Bot for HardBot {
    fn name(&self) -> &str {
        "hard"
    }

    fn choose(&mut self, engine: &Engine, pos: &Position, input: Input, moves: &MoveList) -> usize {
        self.eval.prepare(engine);
        choose(engine, &self.eval, pos, input, moves, &self.budget, 0.0)
    }
}
