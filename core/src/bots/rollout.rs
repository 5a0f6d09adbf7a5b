//! Truncated Monte-Carlo rollouts for the `expert` bot.
//!
//! After each candidate move the game is played on for a few rolls by a fast priority-list
//! policy for every seat, and the position reached is scored with the evaluation's race
//! utility (or by the result, if the game has ended by then). Every candidate is played out
//! on the same dice sequences (common random numbers), seeded from the position, so the
//! comparison between candidates is sharper than the noise of each rollout and the choice
//! is the same every time the same position comes up.

use super::eval::Evaluator;
use super::medium::{captured_progress, finishes};
use crate::engine::{Engine, OFF_TRACK};
use crate::game::SplitMix;
use crate::moves::{Input, Move, MoveList};
use crate::position::{Position, YARD};
use crate::turn::Phase;

/// How much the rollouts do for one decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rollouts {
    /// Rollouts played after each candidate move (0: none, the search alone decides).
    pub count: u32,
    /// Rolls played in each rollout before the position is scored.
    pub horizon: u32,
    /// How many of the search's best root moves are played out.
    pub candidates: usize,
    /// In a rollout, the share of other seats' moves picked uniformly rather than by the
    /// priority list: the same generic model of "how other seats play" as the search's.
    pub opponent_mix: f32,
    /// How much the searched value counts against the rollouts' mean, from 0 (rollouts
    /// alone) to 1 (search alone).
    pub search_weight: f32,
}

/// Whether a piece of `seat` on track square `sq` could be hit by the next roll of another
/// seat: a piece of it one to six squares behind, or one in its yard whose start square
/// this is. A rough, fast cousin of [`super::threat`], without the rules' finer points.
fn threatened(engine: &Engine, pos: &Position, seat: usize, sq: u8) -> bool {
    if sq == OFF_TRACK || engine.is_safe(sq) {
        return false;
    }
    let track = engine.board.track_len as u16;
    for t in pos.seats() {
        if t == seat || pos.is_finished(t) {
            continue;
        }
        for &p in &pos.pieces[t] {
            let from = engine.square_of(pos.seat_colour[t], p);
            if from == OFF_TRACK {
                if p == YARD && engine.square_of(pos.seat_colour[t], 0) == sq {
                    return true;
                }
                continue;
            }
            let d = (sq as u16 + track - from as u16) % track;
            if (1..=6).contains(&d) {
                return true;
            }
        }
    }
    false
}

/// The priority of a move for the rollout policy, the `medium` level's list made cheap:
/// bring a piece home; capture (the most advanced piece first); bring a piece out; take a
/// piece out of reach; reach a safe square; advance, out of reach first, then the piece
/// furthest ahead. Larger is better.
fn priority(engine: &Engine, pos: &Position, m: &Move) -> (u8, u16, bool, u16) {
    let seat = pos.turn as usize;
    let colour = pos.seat_colour[seat];
    let to = engine.square_of(colour, m.to);
    let reachable = threatened(engine, pos, seat, to);
    let rule = if finishes(engine, m) {
        6
    } else if m.captures != 0 {
        5
    } else if m.is_enter() {
        4
    } else if !reachable && threatened(engine, pos, seat, engine.square_of(colour, m.from)) {
        3
    } else if to == OFF_TRACK || engine.is_safe(to) {
        2
    } else {
        1
    };
    let from = if m.from == YARD { 0 } else { m.from as u16 + 1 };
    (rule, captured_progress(pos, m), !reachable, from)
}

/// The index of the move the rollout policy plays for the seat to move.
fn policy(
    engine: &Engine,
    pos: &Position,
    moves: &MoveList,
    root: usize,
    mix: f32,
    rng: &mut SplitMix,
) -> usize {
    let n = moves.len();
    if n <= 1 {
        return 0;
    }
    if pos.turn as usize != root && (rng.below(1024) as f32) < mix * 1024.0 {
        return rng.below(n);
    }
    moves
        .as_slice()
        .iter()
        .enumerate()
        .max_by_key(|&(i, m)| (priority(engine, pos, m), std::cmp::Reverse(i)))
        .map_or(0, |(i, _)| i)
}

/// A seed for the rollouts from everything about the decision that the dice may follow.
fn seed_of(pos: &Position, input: Input) -> u64 {
    let mut h = SplitMix(0x726F_6C6C_6F75_7473);
    let mut mix = |v: u64| {
        h.0 ^= v;
        h.below(usize::MAX);
    };
    for row in &pos.pieces[..pos.seat_count as usize] {
        mix(u32::from_le_bytes(*row) as u64);
    }
    mix(((pos.turn as u64) << 16) | ((pos.sixes as u64) << 8) | pos.seat_count as u64);
    mix(pos.clock as u64);
    mix(match input {
        Input::Roll(d) => d as u64,
        Input::Bonus(n) => 0x100 | n as u64,
    });
    h.0
}

/// The value for `root` of one rollout from `pos` (reached with `phase`).
fn play_out(
    engine: &Engine,
    eval: &Evaluator,
    mut pos: Position,
    mut phase: Phase,
    root: usize,
    settings: &Rollouts,
    dice: &mut SplitMix,
    choices: &mut SplitMix,
) -> f32 {
    let mut list = MoveList::default();
    let mut rolls = 0;
    loop {
        let input = match phase {
            Phase::Over => break,
            Phase::Bonus(n) => Input::Bonus(n),
            Phase::Roll if rolls >= settings.horizon => break,
            Phase::Roll => {
                rolls += 1;
                Input::Roll(dice.below(6) as u8 + 1)
            }
        };
        engine.legal_moves(&pos, input, &mut list);
        let i = policy(engine, &pos, &list, root, settings.opponent_mix, choices);
        phase = engine.play(&mut pos, input, list.get(i)).phase;
    }
    if pos.finished_count > 0 {
        return if pos.finished[0] as usize == root {
            100.0
        } else {
            0.0
        };
    }
    eval.evaluate(engine, &pos, phase)[root]
}

/// The mean rollout value, for the seat to move in `pos`, of each move in `candidates`
/// (indices into `moves`), written to `out` at the same positions.
pub(crate) fn values(
    engine: &Engine,
    eval: &Evaluator,
    pos: &Position,
    input: Input,
    moves: &MoveList,
    candidates: &[usize],
    settings: &Rollouts,
    out: &mut [f32],
) {
    let root = pos.turn as usize;
    let seed = seed_of(pos, input);
    for (slot, &c) in out.iter_mut().zip(candidates) {
        let mut child = *pos;
        let phase = engine.play(&mut child, input, moves.get(c)).phase;
        let mut sum = 0.0;
        for r in 0..settings.count {
            // The dice and the policy's own chances draw on separate streams, so that the
            // dice stay the same for every candidate however the choices differ.
            let stream = seed ^ (r as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
            let mut dice = SplitMix(stream);
            let mut choices = SplitMix(stream ^ 0x6368_6F69_6365_7321);
            sum += play_out(
                engine,
                eval,
                child,
                phase,
                root,
                settings,
                &mut dice,
                &mut choices,
            );
        }
        *slot = sum / settings.count.max(1) as f32;
    }
}
