//! The rules compiled for play: the rules, their board, and the lookup tables the move
//! generator uses on every call.

use crate::board::Board;
use crate::position::{MAX_SEATS, OFF_SQUARE, PIECES, Place, Position, YARD};
use crate::rules::{Barrier, Rules, RulesError, SameColourLanding};

/// Rows in the per-colour tables: the colours rounded up to a power of two, so that a
/// colour index is masked into range rather than divided.
pub(crate) const COLOUR_ROWS: usize = 8;
const _: () = assert!(MAX_SEATS <= COLOUR_ROWS && COLOUR_ROWS.is_power_of_two());

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
    pub(crate) square: Box<[[u8; 256]; COLOUR_ROWS]>,
    /// Like `square`, but [`OFF_TRACK`] on safe squares too: the square where a piece of
    /// colour `c` at progress `p` may capture, if there is one.
    pub(crate) open_square: Box<[[u8; 256]; COLOUR_ROWS]>,
    /// Die values with which a single piece may pass an opponent block, one bit per value.
    pub(crate) block_pass: u8,
    /// Whether the rules need no path or capacity checks (no barriers, blocks, capacity,
    /// staircase, bouncing back or pairs), so the fast generator applies.
    pub(crate) simple_moves: bool,
    /// Whether a piece may not end on a square its own colour holds.
    pub(crate) forbids_own_landing: bool,
    /// The first progress that counts as the end of the road (home, or the first goal field).
    pub(crate) end_from: u8,
    /// The highest progress a piece can have (`Board::max_progress`).
    pub(crate) max_progress: u8,
    /// Die values that let a piece enter, one bit per value.
    pub(crate) enter_dice: u8,
    /// Whether any rule chooses among the legal moves (see `apply_choice_rules`).
    pub(crate) choice_rules: bool,
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
        let mut square = Box::new([[OFF_TRACK; 256]; COLOUR_ROWS]);
        for c in 0..board.colours as usize {
            for p in 0..=board.last_track {
                square[c][p as usize] = board.track_square(c, p);
            }
        }
        let mut open_square = square.clone();
        for row in open_square.iter_mut() {
            for sq in row.iter_mut() {
                if *sq != OFF_TRACK && safe & (1u128 << (*sq % 128)) != 0 {
                    *sq = OFF_TRACK;
                }
            }
        }
        let block_pass = rules.block_pass_on.iter().fold(0u8, |m, d| m | 1 << d);
        let simple_moves = rules.barrier == Barrier::None
            && rules.capacity.is_none()
            && !rules.staircase
            && !rules.bounce_back
            && !rules.doubled_move_half
            && rules.same_colour_landing != SameColourLanding::OccupyPrevious;
        let forbids_own_landing = rules.same_colour_landing.forbids_own();
        let end_from = board.home.unwrap_or(board.last_track + 1);
        let max_progress = board.max_progress();
        let enter_dice = (1..=6u8)
            .filter(|&d| rules.enter_on.allows(d))
            .fold(0, |m, d| m | 1 << d);
        let choice_rules =
            rules.clear_start_first || rules.enter_compulsory || rules.forced_barrier_open_on_six;
        Ok(Engine {
            end_from,
            max_progress,
            enter_dice,
            choice_rules,
            rules,
            board,
            safe,
            square,
            open_square,
            block_pass,
            simple_moves,
            forbids_own_landing,
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
        self.square[colour as usize & (COLOUR_ROWS - 1)][progress as usize]
    }

    /// The track squares `pieces` puts every piece on (see `Position::squares`).
    pub(crate) fn squares_of(&self, pos: &Position) -> [u8; MAX_SEATS * PIECES] {
        let mut squares = [OFF_SQUARE; MAX_SEATS * PIECES];
        for s in pos.seats() {
            for i in 0..PIECES {
                squares[s * PIECES + i] = self.square_of(pos.seat_colour[s], pos.pieces[s][i]);
            }
        }
        squares
    }

    /// Brings the position's square cache in step with its `pieces`, after code outside
    /// the engine changed them by hand. Positions the engine makes, plays or parses are
    /// always in step.
    pub fn refresh_squares(&self, pos: &mut Position) {
        pos.squares = self.squares_of(pos);
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
        self.refresh_squares(&mut pos);
        pos
    }

    /// Whether a progress value is at the end of the road: home, or (Mensch) a goal field.
    #[inline]
    pub fn at_end(&self, progress: u8) -> bool {
        (self.end_from..=self.max_progress).contains(&progress)
    }

    /// The farthest progress one roll can carry a piece to: the end of the road, or with the
    /// Petits-chevaux staircase its foot, the last track square (each stair then takes its
    /// own number). A piece with bounce-back that counts past it turns back there.
    #[inline]
    pub fn run_end(&self) -> u8 {
        if self.rules.staircase {
            self.board.last_track
        } else {
            self.board.max_progress()
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

#[cfg(test)]
mod tests {
    use super::Engine;
    use crate::position::YARD;

    #[test]
    fn safe_squares_are_the_rules_and_nothing_past_the_track() {
        let classic = Engine::preset("classic").expect("classic");
        let safe: Vec<u8> = (0..=255).filter(|&sq| classic.is_safe(sq)).collect();
        assert_eq!(safe, [0, 8, 13, 21, 26, 34, 39, 47]);
        // Squares from 128 up (past any track; the off-track markers are there) are not safe,
        // and asking about them does not overflow the shift.
        let mensch = Engine::preset("mensch").expect("mensch");
        assert!((0..=255).all(|sq| !mensch.is_safe(sq)));
    }

    #[test]
    fn remaining_counts_the_yard_one_step_before_the_start_and_every_goal_field_as_done() {
        let classic = Engine::preset("classic").expect("classic");
        let steps = [YARD, 0, 50, 55, 56].map(|p| classic.remaining(p));
        assert_eq!(steps, [57, 56, 6, 1, 0]);
        // Mensch's four goal fields (progress 40 to 43) are each the end of the road.
        let mensch = Engine::preset("mensch").expect("mensch");
        let steps = [YARD, 0, 39, 40, 41, 42, 43].map(|p| mensch.remaining(p));
        assert_eq!(steps, [44, 43, 4, 0, 0, 0, 0]);
        // Parchís ranks the others by distance, a piece in its yard counting 72.
        let parchis = Engine::preset("parchis").expect("parchis");
        assert_eq!(parchis.remaining(YARD), 72);
    }
}
