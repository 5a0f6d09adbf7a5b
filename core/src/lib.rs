//! `ludo-core`: the rules of the whole Ludo family, fair dice, and the turn machine.
//!
//! Rules are data ([`rules::Rules`], built from presets); the board is generated from a few
//! numbers ([`board::Board`]); a [`position::Position`] is the state that decides legal
//! moves; the [`engine::Engine`] generates moves and plays them.

pub mod board;
pub mod bots;
pub mod colour;
pub mod dice;
pub mod echo;
pub mod engine;
pub mod game;
pub mod json;
pub mod layout;
pub mod movegen;
pub mod moves;
pub mod playout;
pub mod position;
pub mod replay;
pub mod rules;
pub mod save;
pub mod session;
pub mod store;
pub mod strict_json;
pub mod turn;
pub mod verify;

pub use colour::Colour;
pub use engine::Engine;
pub use moves::{Input, Move, MoveKind, MoveList};
pub use position::{Position, YARD};
pub use rules::{Rules, RulesError, RulesSpec};
pub use turn::{Phase, Step};
