//! Test positions for the bot tests: a position given as JSON, the input to play, its
//! legal moves, and the move each level picks.

use ludo_core::bots::bot_for;
use ludo_core::json::parse_position;
use ludo_core::moves::{Input, MoveList};
use ludo_core::{Engine, Position};

/// A test position with the input to play and its legal moves.
pub struct Case {
    pub engine: Engine,
    pub pos: Position,
    pub input: Input,
    pub list: MoveList,
}

impl Case {
    pub fn new(position: serde_json::Value, input: Input) -> Case {
        let parsed = parse_position(&position).expect("position");
        let mut list = MoveList::default();
        parsed
            .engine
            .legal_moves(&parsed.position, input, &mut list);
        Case {
            engine: parsed.engine,
            pos: parsed.position,
            input,
            list,
        }
    }

    /// The move each listed level picks, as (from, to).
    pub fn picks(&self, levels: &[&str]) -> Vec<(u8, u8)> {
        levels
            .iter()
            .map(|l| {
                let i = bot_for(l, 0).expect("level").choose(
                    &self.engine,
                    &self.pos,
                    self.input,
                    &self.list,
                );
                let m = self.list.get(i).expect("index in range");
                (m.from, m.to)
            })
            .collect()
    }
}
