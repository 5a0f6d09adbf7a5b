//! Expectimax over the dice for the `hard` and `expert` bots.
//!
//! A chance node averages over the six values of the next roll. At a decision node the
//! seat to move picks its move: the searching seat tries its best few moves (ranked by the
//! evaluation) and takes the one with the highest searched value. Any other seat is
//! expected to play the move the evaluation likes best for it or, for the `expert`, that
//! move half the time and any move the other half (see [`OPPONENT_MIX`]); only the best
//! reply is searched further (best-reply forward pruning, which keeps a four-seat search
//! within a few thousand evaluations), the other moves count at their static value. Depth
//! counts rolls, an extra roll after a six included; a bonus count to play is a decision of
//! the same mover and uses up no depth.
//!
//! The search is deterministic: it stops on a node budget, never on the clock, unless a
//! time cap is asked for.

use super::eval::{Evaluator, Utility};
use crate::engine::Engine;
use crate::moves::{Input, Move, MoveList};
use crate::position::Position;
use crate::turn::Phase;
use std::time::Instant;

/// How much thinking one decision may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Rolls to look ahead at most (1: the next roll of whoever rolls next).
    pub max_depth: u8,
    /// Evaluations and plays one decision may use. Deeper searches start only if they are
    /// expected to fit.
    pub nodes: u64,
    /// How many of its own moves the searching seat searches at nodes below the root.
    pub beam: usize,
    /// How many moves of each other seat are searched (the rest are assumed not played).
    pub opponent_beam: usize,
    /// Stop at this much wall-clock time. Off by default, because it makes play depend
    /// on the machine's speed.
    pub time_cap: Option<std::time::Duration>,
}

/// The search for one decision.
pub(crate) struct Search<'a> {
    engine: &'a Engine,
    eval: &'a Evaluator,
    root: usize,
    /// Nodes used so far.
    pub nodes: u64,
    limit: u64,
    beam: usize,
    opponent_beam: usize,
    deadline: Option<Instant>,
    next_clock_check: u64,
    aborted: bool,
    /// The weight of "any move" in another seat's expected reply (see [`OPPONENT_MIX`]).
    mix: f32,
}

/// How the `expert` expects another seat to move: with this weight any of its moves, each as
/// likely as the others, and with the rest the move the evaluation likes best for it (the
/// `hard` level expects only the best reply). A pure best reply trusts the evaluation to
/// know what opponents do; real opponents, weak ones most of all, often do something else,
/// and a move that is good against every reply is worth more than one that is good only
/// against the best one.
pub const OPPONENT_MIX: f32 = 0.5;

impl<'a> Search<'a> {
    pub fn new(
        engine: &'a Engine,
        eval: &'a Evaluator,
        root: usize,
        budget: &Budget,
        opponent_mix: f32,
    ) -> Self {
        Search {
            engine,
            eval,
            root,
            nodes: 0,
            limit: budget.nodes,
            beam: budget.beam.max(1),
            opponent_beam: budget.opponent_beam.max(1),
            deadline: budget.time_cap.map(|cap| Instant::now() + cap),
            next_clock_check: 0,
            aborted: false,
            mix: opponent_mix,
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.aborted {
            self.aborted = self.nodes > self.limit;
            // Reading the clock costs more than a node: look at it every 256 nodes or so.
            if let Some(deadline) = self.deadline
                && self.nodes >= self.next_clock_check
            {
                self.next_clock_check = self.nodes + 256;
                self.aborted |= Instant::now() >= deadline;
            }
        }
        self.aborted
    }

    fn leaf(&mut self, pos: &Position, phase: Phase) -> Utility {
        self.nodes += 1;
        self.eval.evaluate(self.engine, pos, phase)
    }

    /// Whether the search goes on after reaching `phase` with `depth` rolls left.
    fn continues(phase: Phase, depth: u8) -> bool {
        match phase {
            Phase::Over => false,
            Phase::Bonus(_) => true,
            Phase::Roll => depth > 0,
        }
    }

    /// The value of a position reached after a move, with `depth` rolls still to search.
    fn after(&mut self, pos: &Position, phase: Phase, depth: u8) -> Utility {
        match phase {
            Phase::Bonus(n) => self.decide(pos, Input::Bonus(n), depth),
            Phase::Roll if depth > 0 => self.chance(pos, depth),
            _ => self.leaf(pos, phase),
        }
    }

    /// The mean value over the next roll of the seat to move.
    fn chance(&mut self, pos: &Position, depth: u8) -> Utility {
        let mut sum = [0f32; 6];
        for d in 1..=6 {
            let u = self.decide(pos, Input::Roll(d), depth - 1);
            for (a, b) in sum.iter_mut().zip(u) {
                *a += b;
            }
            if self.out_of_budget() {
                break;
            }
        }
        sum.map(|v| v / 6.0)
    }

    /// The value of a decision: the seat to move plays `input`.
    fn decide(&mut self, pos: &Position, input: Input, depth: u8) -> Utility {
        let mut list = MoveList::default();
        self.engine.legal_moves(pos, input, &mut list);
        if list.len() <= 1 {
            let mut child = *pos;
            self.nodes += 1;
            let step = self.engine.play(&mut child, input, list.get(0));
            return self.after(&child, step.phase, depth);
        }
        let seat = pos.turn as usize;
        // Every child, with its phase and its static value.
        let mut children = [(*pos, Phase::Over, [0f32; 6]); crate::moves::MAX_MOVES];
        let n = list.len();
        for (slot, m) in children.iter_mut().zip(list.as_slice()) {
            self.nodes += 1;
            let step = self.engine.play(&mut slot.0, input, Some(m));
            slot.1 = step.phase;
            slot.2 = self.leaf(&slot.0, step.phase);
        }
        let children = &mut children[..n];
        children.sort_by(|a, b| b.2[seat].total_cmp(&a.2[seat]));
        let width = if seat == self.root {
            self.beam
        } else {
            self.opponent_beam
        }
        .min(n);
        let mut best: Option<Utility> = None;
        for (child, phase, stat) in children[..width].iter() {
            let u = if Self::continues(*phase, depth) {
                self.after(child, *phase, depth)
            } else {
                *stat
            };
            if best.is_none_or(|b| u[seat] > b[seat]) {
                best = Some(u);
            }
            if self.out_of_budget() {
                break;
            }
        }
        let mut best = best.unwrap_or(children[0].2);
        if seat != self.root && self.mix > 0.0 {
            // Another seat: part best reply, part any move at all. Only the best reply is
            // searched; the others are taken at their static value, corrected by what the
            // search found for the best reply.
            for (k, v) in best.iter_mut().enumerate() {
                let mean = children.iter().map(|c| c.2[k]).sum::<f32>() / n as f32;
                *v += self.mix * (mean - children[0].2[k]);
            }
        }
        best
    }

    /// Searches every root move to `depth` rolls. Returns the index of the best move and
    /// whether the search finished within its budget.
    pub fn root(
        &mut self,
        pos: &Position,
        input: Input,
        moves: &[Move],
        depth: u8,
    ) -> (usize, bool) {
        let mut best = (0, f32::MIN);
        for (i, m) in moves.iter().enumerate() {
            let mut child = *pos;
            self.nodes += 1;
            let step = self.engine.play(&mut child, input, Some(m));
            let u = self.after(&child, step.phase, depth);
            if u[self.root] > best.1 {
                best = (i, u[self.root]);
            }
            if self.out_of_budget() {
                return (best.0, false);
            }
        }
        (best.0, true)
    }
}

/// Chooses a move by iterative deepening: one roll deep, then deeper while the budget is
/// expected to allow the next depth in full. A depth that runs out of budget is discarded.
/// `opponent_mix` is the weight of "any move" in the other seats' replies (0: best reply).
pub(crate) fn choose(
    engine: &Engine,
    eval: &Evaluator,
    pos: &Position,
    input: Input,
    moves: &MoveList,
    budget: &Budget,
    opponent_mix: f32,
) -> usize {
    if moves.len() <= 1 {
        return 0;
    }
    let mut search = Search::new(engine, eval, pos.turn as usize, budget, opponent_mix);
    let mut best = 0;
    let mut last_cost = 0u64;
    for depth in 1..=budget.max_depth.max(1) {
        let before = search.nodes;
        let (index, complete) = search.root(pos, input, moves.as_slice(), depth);
        if !complete {
            break;
        }
        best = index;
        let cost = search.nodes - before;
        // Each roll of depth multiplies the work by about the growth seen so far.
        let growth = if last_cost == 0 {
            20
        } else {
            (cost / last_cost.max(1)).clamp(4, 40)
        };
        last_cost = cost;
        if search.nodes + cost * growth > budget.nodes {
            break;
        }
    }
    best
}
