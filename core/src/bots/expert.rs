//! The `expert` level: expectimax over the dice (see [`super::search`]) on the evaluation,
//! as many rolls deep as its node budget allows, by iterative deepening. Where the built-in
//! value network fits the game (its preset and number of seats, before anyone finishes:
//! see [`super::net::for_game`]), the search judges its leaves by the network's chances
//! instead of the race utility.

use super::Bot;
use super::ending::Ending;
use super::eval::{Evaluator, Weights};
use super::search::{Budget, choose};
use crate::engine::Engine;
use crate::moves::{Input, MoveList};
use crate::position::Position;

/// The default budget: up to four rolls deep, within 12,000 nodes a decision.
pub const DEFAULT_BUDGET: Budget = Budget {
    max_depth: 4,
    nodes: 12_000,
    beam: 2,
    opponent_beam: 1,
    time_cap: None,
};

/// Deep expectimax on the evaluation.
#[derive(Clone, Debug)]
pub struct ExpertBot {
    eval: Evaluator,
    budget: Budget,
    /// Whether it judges positions with the built-in value network where that fits.
    learned: bool,
    /// The exact play of a solitaire ending, which it uses instead of the search there
    /// (`None`: it searches those choices too).
    ending: Option<Ending>,
}

impl ExpertBot {
    /// An expert with these weights and this budget.
    pub fn new(weights: Weights, budget: Budget) -> ExpertBot {
        ExpertBot {
            eval: Evaluator::new(weights),
            budget,
            learned: true,
            ending: Some(Ending::new()),
        }
    }

    /// The same expert on its hand evaluation everywhere, never the value network: the
    /// baseline to measure a network against.
    pub fn on_hand_evaluation(mut self) -> ExpertBot {
        self.learned = false;
        self
    }

    /// The same expert searching its solitaire endings as it searches every other choice,
    /// instead of playing them exactly ([`Ending`]): the baseline to measure the ending
    /// against.
    pub fn without_exact_ending(mut self) -> ExpertBot {
        self.ending = None;
        self
    }

    /// The budget it thinks within.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }
}

impl Default for ExpertBot {
    fn default() -> Self {
        ExpertBot::new(Weights::default(), DEFAULT_BUDGET)
    }
}

impl Bot for ExpertBot {
    fn name(&self) -> &str {
        "expert"
    }

    fn choose(&mut self, engine: &Engine, pos: &Position, input: Input, moves: &MoveList) -> usize {
        let exact = self.ending.as_mut();
        if let Some(best) = exact.and_then(|e| e.choose(engine, pos, input, moves)) {
            return best;
        }
        self.eval.prepare(engine);
        let net = if self.learned {
            super::net::for_game(engine, pos)
        } else {
            None
        };
        self.eval.use_net(net, pos.turn as usize);
        choose(
            engine,
            &self.eval,
            pos,
            input,
            moves,
            &self.budget,
            super::search::OPPONENT_MIX,
        )
    }
}
