//! The turn machine: what follows a roll or a bonus count and the move chosen for it —
//! captures, bonuses, extra rolls, the third six, finishing and the end of the game.

use crate::engine::Engine;
use crate::moves::{Input, Move, MoveList};
use crate::position::{NO_PIECE, OFF_SQUARE, PIECES, Position, YARD};
use crate::rules::{Bonus, ThreeSixes};

/// What the game waits for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The seat in `position.turn` rolls.
    Roll,
    /// The seat in `position.turn` must play this bonus count.
    Bonus(u8),
    /// The game is over.
    Over,
}

/// What a third six did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Penalty {
    /// The six was not played and the turn passed.
    Burnt,
    /// This piece of the mover went back to its yard.
    SentHome(u8),
}

/// What one step of the turn machine did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// What comes next.
    pub phase: Phase,
    /// The seat that acted.
    pub seat: u8,
    /// Pieces sent back to their yard, one bit per `seat * 4 + piece`.
    pub captures: u32,
    /// The third-six penalty, if this roll was one.
    pub penalty: Option<Penalty>,
    /// A bonus count earned by the move that no piece could play, and so was lost.
    pub lapsed: Option<u8>,
    /// Whether the acting seat brought its last piece home with this step.
    pub finished: bool,
}

/// Why a step was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The move index is not in the legal move list.
    #[error("move {index} is not legal: there are {count} legal moves (indices 0 to {last})", last = .count.saturating_sub(1))]
    IllegalMove {
        /// The index given.
        index: usize,
        /// How many moves were legal.
        count: usize,
    },
    /// A move was given when no move is legal, or none when one must be chosen.
    #[error("{0}")]
    WrongChoice(String),
    /// The input does not fit: a die value out of 1..6, or a bonus the rules do not give.
    #[error("{0}")]
    BadInput(String),
}

/// Notes what a bonus rule gives: another roll, or a count to play.
fn reward(bonus: Bonus, extra_roll: &mut bool, pending: &mut Option<u8>) {
    match bonus {
        Bonus::ExtraRoll => *extra_roll = true,
        Bonus::Move(n) => *pending = Some(n),
        Bonus::None => {}
    }
}

impl Engine {
    /// Plays one input with the move at `choice` in the list [`Engine::legal_moves`] gives
    /// for it (`None` when that list is empty, or on a third six that is not played).
    pub fn apply(
        &self,
        pos: &mut Position,
        input: Input,
        choice: Option<usize>,
    ) -> Result<Step, PlayError> {
        match input {
            Input::Roll(d) if !(1..=6).contains(&d) => {
                return Err(PlayError::BadInput(format!(
                    "roll: {d} is not a die value 1 to 6"
                )));
            }
            Input::Bonus(0) => {
                return Err(PlayError::BadInput(
                    "bonus: a bonus count is at least 1".into(),
                ));
            }
            Input::Bonus(n) if !self.rules.gives_bonus(n) => {
                return Err(PlayError::BadInput(format!(
                    "bonus: {}",
                    self.rules.bonus_refusal(n)
                )));
            }
            _ => {}
        }
        if pos.turn >= pos.seat_count || pos.is_finished(pos.turn as usize) {
            return Err(PlayError::BadInput(
                "turn: that seat has already finished".into(),
            ));
        }
        let mut list = MoveList::default();
        self.legal_moves(pos, input, &mut list);
        let mv = match (choice, list.is_empty()) {
            (None, true) => None,
            (Some(i), false) => Some(*list.get(i).ok_or(PlayError::IllegalMove {
                index: i,
                count: list.len(),
            })?),
            (Some(i), true) => {
                return Err(PlayError::WrongChoice(format!(
                    "move: {i} given, but there is no legal move (use null)"
                )));
            }
            (None, false) => {
                return Err(PlayError::WrongChoice(format!(
                    "move: null given, but {} legal moves exist and one must be played",
                    list.len()
                )));
            }
        };
        Ok(self.play(pos, input, mv.as_ref()))
    }

    /// Plays one input with a move already known to be legal for it (or `None` when no move
    /// is legal). The fast path that simulations and bots use; [`Engine::apply`] checks.
    #[inline]
    pub fn play(&self, pos: &mut Position, input: Input, mv: Option<&Move>) -> Step {
        let seat = pos.turn as usize;
        let mut step = Step {
            phase: Phase::Roll,
            seat: seat as u8,
            captures: 0,
            penalty: None,
            lapsed: None,
            finished: false,
        };
        if self.is_third_six(pos, input) {
            step.penalty = Some(self.third_six(pos, seat));
            self.pass_turn(pos);
            return step;
        }
        if let Input::Roll(d) = input {
            // Counting stops at 2: a third six is either penalised (and ends the turn) or,
            // under rules with no limit, just another six.
            pos.sixes = if d == 6 { (pos.sixes + 1).min(2) } else { 0 };
        }
        let mut extra_roll = false;
        let mut pending = None;
        if let Some(m) = mv {
            step.captures = m.captures;
            self.move_pieces(pos, seat, m);
            if m.captures != 0 {
                reward(self.rules.capture_bonus, &mut extra_roll, &mut pending);
            }
            // A seat can only finish when one of its pieces newly reaches the end.
            if self.at_end(m.to) && !self.at_end(m.from) {
                reward(self.rules.home_bonus, &mut extra_roll, &mut pending);
                if pos.all_at_end(&self.board, seat) && !pos.is_finished(seat) {
                    pos.finished[pos.finished_count as usize] = seat as u8;
                    pos.finished_count += 1;
                    step.finished = true;
                    if self.is_over(pos) {
                        step.phase = Phase::Over;
                        // No turn is left to play the bonus this move earned.
                        step.lapsed = pending;
                        return step;
                    }
                }
            }
        }
        if let Some(n) = pending {
            if !step.finished {
                let mut list = MoveList::default();
                self.legal_moves(pos, Input::Bonus(n), &mut list);
                if !list.is_empty() {
                    step.phase = Phase::Bonus(n);
                    return step;
                }
            }
            step.lapsed = Some(n);
        }
        let rolls_again = !step.finished
            && ((pos.sixes > 0 && self.rules.extra_roll_on_six) || extra_roll || {
                let retry = self.rules.three_tries_when_none_out
                    && mv.is_none()
                    && matches!(input, Input::Roll(_))
                    && !self.has_piece_in_play(pos, seat)
                    && pos.tries + 1 < 3;
                if retry {
                    pos.tries += 1;
                }
                retry
            });
        if !rolls_again {
            self.pass_turn(pos);
        }
        step
    }

    /// Moves the piece (or pair) and sends captured pieces home.
    fn move_pieces(&self, pos: &mut Position, seat: usize, m: &Move) {
        let square = self.square_of(pos.seat_colour[seat], m.to);
        for piece in [m.piece, m.partner] {
            if piece != NO_PIECE {
                pos.pieces[seat][piece as usize] = m.to;
                pos.squares[seat * PIECES + piece as usize] = square;
                pos.stamp(seat, piece as usize);
            }
        }
        pos.last_moved = m.piece;
        for (s, i) in m.captured() {
            pos.pieces[s][i] = YARD;
            pos.squares[s * PIECES + i] = OFF_SQUARE;
        }
    }

    /// The third six in a row: burnt, or the last piece moved goes back to its yard.
    fn third_six(&self, pos: &mut Position, seat: usize) -> Penalty {
        if self.rules.three_sixes == ThreeSixes::SendLastMovedHome && pos.last_moved != NO_PIECE {
            let piece = pos.last_moved;
            let p = pos.pieces[seat][piece as usize];
            if p != YARD && p <= self.board.last_track {
                pos.pieces[seat][piece as usize] = YARD;
                pos.squares[seat * PIECES + piece as usize] = OFF_SQUARE;
                return Penalty::SentHome(piece);
            }
        }
        Penalty::Burnt
    }

    /// Whether a seat has a piece on the board (not in its yard, not finished).
    pub fn has_piece_in_play(&self, pos: &Position, seat: usize) -> bool {
        pos.pieces[seat]
            .iter()
            .any(|&p| p != YARD && !self.at_end(p))
    }

    /// Whether the game is over: the first winner under `stop_at_first_winner`, otherwise
    /// when at most one seat is still playing (a one-seat position ends when it finishes).
    pub fn is_over(&self, pos: &Position) -> bool {
        pos.finished_count > 0
            && (self.rules.stop_at_first_winner || pos.seat_count - pos.finished_count <= 1)
    }

    /// Hands the turn to the next seat that has not finished.
    fn pass_turn(&self, pos: &mut Position) {
        pos.sixes = 0;
        pos.last_moved = NO_PIECE;
        pos.tries = 0;
        let n = pos.seat_count;
        let mut s = pos.turn;
        for _ in 0..n {
            s = if s + 1 >= n { 0 } else { s + 1 };
            if !pos.is_finished(s as usize) {
                pos.turn = s;
                return;
            }
        }
    }

    /// The seats from first to last: those that finished in the order they did, then the
    /// others by the distance their pieces still have to go (shortest first), more pieces
    /// home first, then seat order. Seats equal on distance and pieces home share a place
    /// ([`Engine::ranks`]); the list still puts the earlier seat first.
    pub fn places(&self, pos: &Position) -> Vec<usize> {
        self.ranked(pos).into_iter().map(|(s, _)| s).collect()
    }

    /// The place of each seat in [`Engine::places`]'s order, from 1. Seats that did not
    /// finish and are equal on distance and pieces home share the better place (rules.md
    /// 8.5: "then share the place"), so `[1, 2, 2, 4]` has two seats second and none third.
    pub fn ranks(&self, pos: &Position) -> Vec<u8> {
        let ranked = self.ranked(pos);
        let mut ranks: Vec<u8> = Vec::with_capacity(ranked.len());
        for (i, (_, key)) in ranked.iter().enumerate() {
            let tied = i > 0 && key.is_some() && ranked[i - 1].1 == *key;
            let rank = if tied { ranks[i - 1] } else { i as u8 + 1 };
            ranks.push(rank);
        }
        ranks
    }

    /// The seats in order, each with what ranks it: `None` for a seat that finished (its
    /// place is its own), else its distance to go and pieces not home.
    fn ranked(&self, pos: &Position) -> Vec<(usize, Option<(u32, usize)>)> {
        let mut order: Vec<(usize, Option<(u32, usize)>)> = pos.finished
            [..pos.finished_count as usize]
            .iter()
            .map(|&s| (s as usize, None))
            .collect();
        let mut rest: Vec<(usize, Option<(u32, usize)>)> = pos
            .seats()
            .filter(|&s| !pos.is_finished(s))
            .map(|s| {
                let pieces = &pos.pieces[s];
                let distance: u32 = pieces.iter().map(|&p| self.remaining(p) as u32).sum();
                let home = pieces.iter().filter(|&&p| self.at_end(p)).count();
                (s, Some((distance, PIECES - home)))
            })
            .collect();
        rest.sort_by_key(|&(s, key)| (key, s));
        order.extend(rest);
        order
    }
}

#[cfg(test)]
mod tests {
    use super::PlayError;
    use crate::engine::Engine;
    use crate::moves::Input;
    use crate::position::YARD;

    #[test]
    fn bad_inputs_are_refused_by_name_and_change_nothing() {
        let engine = Engine::preset("classic").expect("classic");
        let start = engine.start_position(&engine.board.seat_colours(4).expect("4 seats"));
        let mut finished = start;
        finished.finished[0] = 0;
        finished.finished_count = 1;
        let cases = [
            (start, Input::Roll(0), "roll: 0 is not a die value 1 to 6"),
            (start, Input::Roll(7), "roll: 7 is not a die value 1 to 6"),
            (start, Input::Bonus(0), "bonus: a bonus count is at least 1"),
            (
                start,
                Input::Bonus(20),
                "bonus: these rules give no bonus moves, so there is no bonus of 20 to play",
            ),
            (
                finished,
                Input::Roll(3),
                "turn: that seat has already finished",
            ),
        ];
        for (before, input, says) in cases {
            let mut pos = before;
            match engine.apply(&mut pos, input, None) {
                Err(PlayError::BadInput(message)) => assert_eq!(message, says),
                other => panic!("{input:?}: {other:?}"),
            }
            assert_eq!(pos, before, "{input:?} changed the position");
        }
        // A good roll is played (a 3 with every piece in the yard: no move to choose).
        let mut pos = start;
        assert!(engine.apply(&mut pos, Input::Roll(3), None).is_ok());
    }

    #[test]
    fn unfinished_seats_rank_by_distance_then_pieces_home_and_equal_ones_share_a_place() {
        let engine = Engine::preset("classic").expect("classic");
        let mut pos = engine.start_position(&engine.board.seat_colours(4).expect("4 seats"));
        assert_eq!(engine.ranks(&pos), [1, 1, 1, 1]);
        // Seats 0 and 1 both have 171 steps to go (a piece in the yard counts 57), but seat 0
        // has a piece home; seats 2 and 3 have every piece in the yard.
        pos.pieces[0] = [56, YARD, YARD, YARD];
        pos.pieces[1] = [YARD, YARD, 0, 55];
        assert_eq!(engine.places(&pos), [0, 1, 2, 3]);
        assert_eq!(engine.ranks(&pos), [1, 2, 3, 3]);
        pos.pieces.swap(0, 1);
        assert_eq!(engine.places(&pos), [1, 0, 2, 3]);
    }
}
