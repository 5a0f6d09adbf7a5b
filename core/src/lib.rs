//! `ludo-core`: the rules of the whole Ludo family, fair dice, and the turn machine.
//!
//! Rules are data ([`rules::Rules`], built from presets); the board is generated from a few
//! numbers ([`board::Board`]); a [`position::Position`] is the state that decides legal
//! moves; the [`engine::Engine`] generates moves and plays them.

pub mod board;
pub mod bots;
pub mod colour;
pub mod dice;
pub mod engine;
pub mod game;
pub mod json;
pub mod layout;
pub mod moves;
pub mod movegen;
pub mod position;
pub mod rules;
pub mod session;
pub mod turn;

pub use colour::Colour;
pub use engine::Engine;
pub use moves::{Input, Move, MoveKind, MoveList};
pub use position::{Position, YARD};
pub use rules::{Rules, RulesError, RulesSpec};
pub use turn::{Phase, Step};
