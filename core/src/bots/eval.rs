//! The evaluation the `hard` and `expert` bots think with: for every seat, how far its
//! pieces have come, less what it stands to lose before its next turn, turned into a
//! utility against the other seats.
//!
//! Everything is measured in squares of progress, so one set of weights fits every board:
//! a piece is worth its progress plus the price of having got out of its yard; a piece
//! that may be captured loses that worth times the chance of being hit (see
//! `threat.rs`); finishing, home columns, barriers and pending bonus counts add to it.

use std::sync::Arc;

use super::net::Net;
use super::portable;
use super::threat::{Table, seat_bits};
use crate::board::BoardSpec;
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
    /// How much a piece's remaining road counts in rolls rather than squares, from 0 to 1.
    /// Rolls see what squares miss: an exact finish or a staircase whose every step wants
    /// its own number costs more rolls than its squares suggest.
    pub in_rolls: f32,
    /// What the seat about to roll gains from rolling first: a turn's worth of squares.
    pub tempo: f32,
    /// Extra worth for the road behind a piece, growing with its square: a piece that has
    /// come `g` of a road of `L` squares gains `late * g * g / L`. A piece far on has less
    /// of the road, and fewer turns of danger, ahead of it than its squares say.
    pub late: f32,
    /// The scale, in squares, of the race between two seats: a seat's utility is its chance
    /// of finishing ahead of every opponent, each chance a logistic of the difference in
    /// worth over this scale (0: the linear difference from the opponents instead).
    pub race: f32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            entered: 10.0,
            column: 4.0,
            home: 4.0,
            danger: 0.8,
            barrier: 2.0,
            bonus: 0.7,
            in_play: 3.0,
            first: 150.0,
            leader: 0.0,
            attack: 0.0,
            in_rolls: 0.3,
            tempo: 0.0,
            late: 0.3,
            race: 30.0,
        }
    }
}

impl Weights {
    /// The `hard` level's weights: the plain evaluation, each seat's worth less its
    /// opponents' mean worth, without the race utility or the late-road worth, with more
    /// fear of danger and less worth for pieces in play.
    pub fn plain() -> Weights {
        Weights {
            danger: 1.0,
            in_play: 1.5,
            late: 0.0,
            race: 0.0,
            ..Weights::default()
        }
    }
}

/// Utilities, one per seat (unused seats are 0).
pub type Utility = [f32; MAX_SEATS];

/// Each seat's pieces' chances of being hit before their seat moves again.
pub type Danger = [[f32; PIECES]; MAX_SEATS];

/// The rules a [`Road`] depends on.
#[derive(Clone, Debug, PartialEq)]
struct RoadKey {
    board: BoardSpec,
    staircase: bool,
    bounce_back: bool,
}

/// For each progress value, the road still ahead of a piece, in squares with a share of it
/// counted in rolls (see [`Weights::in_rolls`]), worked out from the rules data.
#[derive(Clone, Debug)]
struct Road {
    key: RoadKey,
    /// `gone[p]`: the road behind a piece at progress `p`, in squares, scaled so that the
    /// whole road is as long as it is in squares.
    gone: Vec<f32>,
}

impl Road {
    fn new(engine: &Engine, in_rolls: f32) -> Road {
        let rolls = lone_piece_rolls(engine);
        let max = engine.board.max_progress();
        // An average roll moves 3.5 squares.
        let ahead: Vec<f32> = (0..=max)
            .map(|p| {
                let squares = (max - p) as f32;
                (1.0 - in_rolls) * squares + in_rolls * 3.5 * rolls[p as usize]
            })
            .collect();
        let whole = ahead[0].max(1.0);
        let gone = ahead
            .iter()
            .map(|a| (whole - a) * max as f32 / whole)
            .collect();
        Road {
            key: RoadKey::of(engine),
            gone,
        }
    }
}

impl RoadKey {
    fn of(engine: &Engine) -> RoadKey {
        RoadKey {
            board: engine.rules.board,
            staircase: engine.rules.staircase,
            bounce_back: engine.rules.bounce_back,
        }
    }
}

/// The expected number of rolls a piece alone on the board needs from each progress value
/// to reach the end, under the rules' exact finish, staircase and bounce-back.
fn lone_piece_rolls(engine: &Engine) -> Vec<f32> {
    let board = &engine.board;
    let rules = &engine.rules;
    let max = board.max_progress();
    let last = board.last_track;
    let next = |p: u8, die: u8| -> u8 {
        if rules.staircase && p >= last {
            let needed = (p - last + 1).min(6);
            return if die == needed && p < max { p + 1 } else { p };
        }
        let end = if rules.staircase { last } else { max };
        let to = p + die;
        if to <= end {
            to
        } else if rules.bounce_back {
            end.saturating_sub(to - end)
        } else {
            p
        }
    };
    let mut rolls = vec![0f32; max as usize + 1];
    // Sweeps from the end backwards; a few more sweeps settle bounce-backs.
    for _ in 0..if rules.bounce_back { 60 } else { 1 } {
        for p in (0..=max).rev() {
            if engine.at_end(p) {
                rolls[p as usize] = 0.0;
                continue;
            }
            // E = 1 + mean of E[next]; a roll that leaves the piece where it is counts E.
            let mut stay = 0.0;
            let mut moved = 0.0;
            for die in 1..=6 {
                let q = next(p, die);
                if q == p {
                    stay += 1.0;
                } else {
                    moved += rolls[q as usize];
                }
            }
            rolls[p as usize] = if stay >= 6.0 {
                100.0
            } else {
                (6.0 + moved) / (6.0 - stay)
            };
        }
    }
    rolls
}

/// The seats that roll before `victim` rolls again, in turn order: from the seat to move up
/// to `victim`, or all the others when `victim` is the one to move (its pieces stand
/// exposed once it has moved).
fn attackers(pos: &Position, victim: usize) -> impl Iterator<Item = usize> + '_ {
    let n = pos.seat_count as usize;
    let first = if pos.turn as usize == victim {
        victim + 1
    } else {
        pos.turn as usize
    };
    (0..n)
        .map(move |k| (first + k) % n)
        .take_while(move |&t| t != victim)
        .filter(move |&t| !pos.is_finished(t))
}

/// Evaluates positions under one set of weights.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// The weights.
    pub weights: Weights,
    road: Option<Road>,
    /// A trained value network that stands in for the race utility, and the seat it
    /// plays for.
    net: Option<(Arc<Net>, usize)>,
}

impl Evaluator {
    /// An evaluator with the given weights.
    pub fn new(weights: Weights) -> Evaluator {
        Evaluator {
            weights,
            road: None,
            net: None,
        }
    }

    /// Readies the evaluator for an engine's rules (the road tables depend on the board).
    pub fn prepare(&mut self, engine: &Engine) {
        if self
            .road
            .as_ref()
            .is_none_or(|r| r.key != RoadKey::of(engine))
        {
            self.road = Some(Road::new(engine, self.weights.in_rolls));
        }
    }

    /// Has [`Evaluator::evaluate`] give every seat's chance of finishing first, in percent,
    /// from `net`, playing for seat `me`; `None` goes back to the hand utility.
    pub fn use_net(&mut self, net: Option<Arc<Net>>, me: usize) {
        self.net = net.map(|net| (net, me));
    }

    /// What a piece at `progress` is worth, danger aside.
    pub fn piece_value(&self, engine: &Engine, progress: u8) -> f32 {
        let w = &self.weights;
        if progress == YARD {
            return 0.0;
        }
        let gone = match &self.road {
            Some(road) => road.gone.get(progress as usize).copied().unwrap_or(0.0),
            None => progress as f32,
        };
        let road = engine.board.max_progress().max(1) as f32;
        let mut v = w.entered + gone + w.late * gone * gone / road;
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
        self.worth_and_danger(engine, pos, phase).0
    }

    /// The raw worth of every seat's position, with each piece's chance of being hit
    /// before its seat moves again (0 off the track).
    pub fn worth_and_danger(
        &self,
        engine: &Engine,
        pos: &Position,
        phase: Phase,
    ) -> (Utility, Danger) {
        let w = &self.weights;
        let mut danger = [[0f32; PIECES]; MAX_SEATS];
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
                for t in attackers(pos, s) {
                    let hit = table.seat_hit_chance(t, s, sq);
                    if hit > 0.0 {
                        miss *= 1.0 - hit;
                        worth[t] += w.attack * hit * loss;
                    }
                }
                v -= w.danger * (1.0 - miss) * loss;
                for (k, d) in danger[s].iter_mut().enumerate() {
                    if mine & (1 << (s * PIECES + k)) != 0 {
                        *d = 1.0 - miss;
                    }
                }
            }
            if engine.rules.barrier != Barrier::None {
                v += w.barrier * table.pairs[s].count_ones() as f32;
            }
            worth[s] += v;
        }
        match phase {
            Phase::Bonus(n) => worth[pos.turn as usize] += w.bonus * n as f32,
            Phase::Roll => worth[pos.turn as usize] += w.tempo,
            Phase::Over => {}
        }
        (worth, danger)
    }

    /// Each seat's utility: its worth less a mix of its opponents' mean worth and the
    /// leader's worth.
    pub fn evaluate(&self, engine: &Engine, pos: &Position, phase: Phase) -> Utility {
        let (worth, danger) = self.worth_and_danger(engine, pos, phase);
        let n = pos.seat_count as usize;
        let mut out = [0f32; MAX_SEATS];
        if n < 2 {
            return worth;
        }
        if let Some((net, me)) = &self.net
            && let Some(out) = net_utility(net, *me, pos, &worth, &danger)
        {
            return out;
        }
        let race = self.weights.race;
        if race > 0.0 {
            // The chance of finishing ahead of every opponent, in percent, taking the races
            // against each opponent as independent.
            for s in 0..n {
                out[s] = (0..n)
                    .filter(|&t| t != s)
                    .map(|t| 1.0 / (1.0 + portable::exp((worth[t] - worth[s]) / race)))
                    .product::<f32>()
                    * 100.0;
            }
            return out;
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

/// The network's chances for every seat, in percent; once a seat has finished, certainty
/// for the winner. `None` if the position does not fit the network.
fn net_utility(
    net: &Net,
    me: usize,
    pos: &Position,
    worth: &Utility,
    danger: &Danger,
) -> Option<Utility> {
    let mut out = [0f32; MAX_SEATS];
    if pos.finished_count > 0 {
        out[pos.finished[0] as usize % MAX_SEATS] = 100.0;
        return Some(out);
    }
    let chances = net.chances(pos, worth, danger, me)?;
    for (o, c) in out.iter_mut().zip(chances) {
        *o = c * 100.0;
    }
    Some(out)
}
