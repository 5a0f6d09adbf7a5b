//! The `expert` level: expectimax over the dice (see [`super::search`]) on the evaluation,
//! as many rolls deep as its node budget allows, by iterative deepening.

use super::Bot;
use super::eval::{Evaluator, Weights};
use super::rollout::{self, Rollouts};
use super::search::{Budget, OPPONENT_MIX, best_index, root_values};
use crate::engine::Engine;
use crate::moves::{Input, MAX_MOVES, MoveList};
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
}

impl ExpertBot {
    /// An expert with these weights and this budget.
    pub fn new(weights: Weights, budget: Budget) -> ExpertBot {
        ExpertBot {
            eval: Evaluator::new(weights),
            budget,
        }
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
        let n = moves.len();
        if n <= 1 {
            return 0;
        }
        let env = |k: &str, d: f32| {
            std::env::var(k)
                .ok()
                .and_then(|v| v.parse::<f32>().ok())
                .unwrap_or(d)
        };
        let dw = Weights::default();
        self.eval.weights.danger = env("W_DANGER", dw.danger);
        self.eval.weights.race = env("W_RACE", dw.race);
        self.eval.weights.in_play = env("W_INPLAY", dw.in_play);
        self.eval.weights.attack = env("W_ATTACK", dw.attack);
        self.eval.prepare(engine);
        let settings = Rollouts {
            count: env("RO_COUNT", 0.0) as u32,
            horizon: env("RO_H", 16.0) as u32,
            candidates: env("RO_K", 3.0) as usize,
            opponent_mix: env("RO_MIX", 0.5),
            search_weight: env("RO_W", 0.0),
        };
        let mut values = root_values(
            engine,
            &self.eval,
            pos,
            input,
            moves,
            &self.budget,
            env("OPP_MIX", OPPONENT_MIX),
        );
        let best = best_index(&values, n);
        if settings.count == 0 {
            return best;
        }
        let mut order: [usize; MAX_MOVES] = std::array::from_fn(|i| i);
        order[..n].sort_by(|&a, &b| values[b].total_cmp(&values[a]));
        let k = settings.candidates.clamp(1, n);
        let mut played = [0f32; MAX_MOVES];
        rollout::values(
            engine,
            &self.eval,
            pos,
            input,
            moves,
            &order[..k],
            &settings,
            &mut played,
        );
        let w = settings.search_weight;
        let mut blended = [f32::MIN; MAX_MOVES];
        for (j, &c) in order[..k].iter().enumerate() {
            blended[c] = w * values[c] + (1.0 - w) * played[j];
        }
        values = blended;
        best_index(&values, n)
    }
}
