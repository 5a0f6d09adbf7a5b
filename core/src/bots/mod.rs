//! Computer players, from `random` to `expert`, behind one trait.
//!
//! Every level plays every preset from the rules data alone: they see an [`Engine`], a
//! [`Position`] and the legal moves, never a preset name. Every level is deterministic
//! given its seed and its budget, so a game between bots replays exactly from the game
//! seed.
//!
//! - `random`: any legal move.
//! - `easy` ([`easy::EasyBot`]): a casual player who likes captures and the front piece,
//!   never looks at danger, and now and then moves without thinking.
//! - `medium` ([`medium::MediumBot`]): a one-move priority list.
//! - `hard` ([`hard::HardBot`]): the evaluation of [`eval`] with one roll of look-ahead.
//! - `expert` ([`expert::ExpertBot`]): expectimax over the dice on the same evaluation,
//!   several rolls deep within a node budget; where the library has a trained value network
//!   for the preset and the number of seats ([`net`]), it judges positions with that; once
//!   all the pieces it has left are in its home column, it plays exactly ([`ending`]).

pub mod easy;
pub mod ending;
pub mod eval;
pub mod expert;
pub mod hard;
pub mod medium;
pub mod net;
pub(crate) mod portable;
pub mod random;
pub mod search;
pub mod stats;
pub(crate) mod threat;

use crate::engine::Engine;
use crate::moves::{Input, MoveList};
use crate::position::Position;

/// A computer player.
pub trait Bot: Send {
    /// The name shown in reports: the level, or the program's own name.
    fn name(&self) -> &str;

    /// Picks one of `moves` (the legal moves for `input` in `pos`, with the seat to move
    /// in `pos.turn`) and returns its index. Callers ask only when there are at least two
    /// moves; with fewer the answer is 0.
    fn choose(&mut self, engine: &Engine, pos: &Position, input: Input, moves: &MoveList) -> usize;
}

/// The levels, weakest first.
pub const LEVELS: [&str; 5] = ["random", "easy", "medium", "hard", "expert"];

/// A level name that is not one of [`LEVELS`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot level \"{0}\" (levels: random, easy, medium, hard, expert)")]
pub struct UnknownLevel(pub String);

/// A bot of the named level. `seed` drives the levels that use chance (`random`, `easy`);
/// the others ignore it.
pub fn bot_for(level: &str, seed: u64) -> Result<Box<dyn Bot>, UnknownLevel> {
    Ok(match level {
        "random" => Box::new(random::RandomBot::new(seed)),
        "easy" => Box::new(easy::EasyBot::new(seed)),
        "medium" => Box::new(medium::MediumBot),
        "hard" => Box::new(hard::HardBot::default()),
        "expert" => Box::new(expert::ExpertBot::default()),
        other => return Err(UnknownLevel(crate::echo::echo(other))),
    })
}
