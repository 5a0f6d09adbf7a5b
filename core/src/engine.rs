//! The rules compiled for play: the rules, their board, and the lookup tables the move
//! generator uses on every call.

use crate::board::Board;
use crate::position::{MAX_SEATS, Place, Position, YARD};
use crate::rules::{Rules, RulesError};

/// Marks "not on the track" in the square table.
pub(crate) const OFF_TRACK: u8 = u8::MAX;

/// Rules ready to play: validated once, with tables so that move generation does no
/// arithmetic it can look up.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The rules.
    pub rules: Rules,
    /// The board they are played on.
    pub board: Board,
    /// Safe squares as a bit set over track squares.
    pub(crate) safe: u128,
    /// For board colour `c` and progress `p`, `square[c][p]` is the track square, or
    /// [`OFF_TRACK`] in the yard, the home column and home. A fixed 256-wide row per colour
    /// lets a `u8` progress index it with no bounds check.
    pub(crate) square: Box<[[u8; 256]; MAX_SEATS]>,
    /// Die values with which a single piece may pass an opponent block, one bit per value.
    pub(crate) block_pass: u8,
}

impl Engine {
    /// Validates the rules and builds the tables.
    pub fn new(rules: Rules) -> Result<Engine, RulesError> {
        let board = rules.validate()?;
        let mut safe = 0u128;
        if rules.safe_starts {
            for &s in &board.start_squares {
                safe |= 1 << s;
            }
        }
        if rules.safe_stars {
            for &s in &board.star_squares {
                safe |= 1 << s;
            }
        }
        let mut square = Box::new([[OFF_TRACK; 256]; MAX_SEATS]);
        for c in 0..board.colours as usize {
            for p in 0..=board.last_track {
                square[c][p as usize] = board.track_square(c, p);
            }
        }
        let block_pass = rules.block_pass_on.iter().fold(0u8, |m, d| m | 1 << d);
        Ok(Engine {
            rules,
            board,
            safe,
            square,
            block_pass,
        })
    }

    /// The engine for a named preset.
    pub fn preset(id: &str) -> Result<Engine, RulesError> {
        Engine::new(Rules::preset(id)?)
    }

    /// Whether a track square is safe.
    pub fn is_safe(&self, square: u8) -> bool {
        (square as usize) < 128 && self.safe & (1u128 << square) != 0
    }

    /// The track square of a piece of board colour `colour` at `progress`, if on the track.
    #[inline]
    pub(crate) fn square_of(&self, colour: u8, progress: u8) -> u8 {
        self.square[colour as usize % MAX_SEATS][progress as usize]
    }

    /// Where a piece of a seat stands.
    pub fn place(&self, pos: &Position, seat: usize, piece: usize) -> Place {
        pos.place(&self.board, seat, piece)
    }

    /// The position a game starts from with these seats (board colour indices in turn
    /// order): every piece in its yard, except those the rules place on the start square.
    pub fn start_position(&self, seat_colours: &[u8]) -> Position {
        let mut pos = Position::empty(seat_colours);
        for seat in 0..seat_colours.len() {
            for piece in 0..self.rules.pieces_on_start as usize {
                pos.pieces[seat][piece] = 0;
                pos.stamp(seat, piece);
            }
        }
        pos
    }

    /// Whether a progress value is at the end of the road: home, or (Mensch) a goal field.
    pub fn at_end(&self, progress: u8) -> bool {
        progress != YARD
            && match self.board.home {
                Some(home) => progress == home,
                None => progress > self.board.last_track,
            }
    }

    /// The steps a piece at `progress` still has to go before it is done.
    pub fn remaining(&self, progress: u8) -> u16 {
        match (progress, self.rules.places) {
            (YARD, crate::rules::PlaceOrder::Distance { yard_distance }) => yard_distance,
            (YARD, _) => self.board.max_progress() as u16 + 1,
            (p, _) if self.at_end(p) => 0,
            (p, _) => self.board.max_progress().saturating_sub(p) as u16,
        }
    }
}
