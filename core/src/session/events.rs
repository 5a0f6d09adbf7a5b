//! What happened in the last action, as events the screen shows or animates.

use super::Session;
use crate::moves::{Input, Move};
use crate::position::{NO_PIECE, YARD};
use crate::turn::{Penalty, Phase, Step};

/// Something that happened, for the screen to show or animate. Seats are turn-order
/// indices; progress values are as in position-format.md.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameEvent {
    /// A roll of the roll-off that decides who starts.
    RollOff {
        /// The seat.
        seat: u8,
        /// Its value.
        value: u8,
    },
    /// The roll-off is over: this seat starts.
    Starts {
        /// The seat.
        seat: u8,
    },
    /// A seat rolled.
    Rolled {
        /// The seat.
        seat: u8,
        /// The value.
        value: u8,
    },
    /// The roll gave no legal move.
    NoMove {
        /// The seat.
        seat: u8,
    },
    /// A piece (and its partner, when a pair moves) moved.
    Moved {
        /// The seat.
        seat: u8,
        /// The piece.
        piece: u8,
        /// The second piece of a pair.
        partner: Option<u8>,
        /// Progress before (`None`: the yard).
        from: Option<u8>,
        /// Progress after.
        to: u8,
    },
    /// A piece was sent back to its yard by a capture.
    Captured {
        /// The captured piece's seat.
        seat: u8,
        /// The captured piece.
        piece: u8,
        /// The seat that captured it.
        by: u8,
    },
    /// A bonus count was earned that one piece must now move.
    Bonus {
        /// The seat.
        seat: u8,
        /// The count.
        count: u8,
    },
    /// A bonus count was earned that no piece could move, and so was lost.
    BonusLapsed {
        /// The seat.
        seat: u8,
        /// The count.
        count: u8,
    },
    /// The same seat rolls again.
    ExtraRoll {
        /// The seat.
        seat: u8,
    },
    /// A third six in a row: not played, and maybe a piece sent home.
    ThreeSixes {
        /// The seat.
        seat: u8,
        /// The piece sent back to the yard, if the rules do that.
        sent_home: Option<u8>,
    },
    /// A seat brought its last piece home.
    Finished {
        /// The seat.
        seat: u8,
        /// Its place, 1 for the winner.
        place: u8,
    },
    /// The game is over.
    GameOver {
        /// The seats from first to last.
        places: Vec<u8>,
    },
    /// Decisions were taken back; the view shows the game as it stood before them.
    Undone {
        /// How many decisions were removed from the log.
        decisions: u32,
    },
}

impl Session {
    /// Turns one step of the turn machine into events.
    pub(super) fn describe(&mut self, input: Input, mv: Option<Move>, step: &Step) {
        let seat = step.seat;
        match (step.penalty, mv) {
            (Some(penalty), _) => self.emit(GameEvent::ThreeSixes {
                seat,
                sent_home: match penalty {
                    Penalty::SentHome(piece) => Some(piece),
                    Penalty::Burnt => None,
                },
            }),
            (None, None) => {
                if matches!(input, Input::Roll(_)) {
                    self.emit(GameEvent::NoMove { seat });
                }
            }
            (None, Some(m)) => {
                self.emit(GameEvent::Moved {
                    seat,
                    piece: m.piece,
                    partner: (m.partner != NO_PIECE).then_some(m.partner),
                    from: (m.from != YARD).then_some(m.from),
                    to: m.to,
                });
                for (s, piece) in m.captured() {
                    self.emit(GameEvent::Captured {
                        seat: s as u8,
                        piece: piece as u8,
                        by: seat,
                    });
                }
            }
        }
        if let Some(count) = step.lapsed {
            self.emit(GameEvent::BonusLapsed { seat, count });
        }
        if step.finished {
            let place = self.game.position.finished_count;
            self.emit(GameEvent::Finished { seat, place });
        }
        match step.phase {
            Phase::Over => {
                let places = self.places();
                self.emit(GameEvent::GameOver { places });
            }
            Phase::Bonus(count) => self.emit(GameEvent::Bonus { seat, count }),
            Phase::Roll if self.game.position.turn == seat && !step.finished => {
                self.emit(GameEvent::ExtraRoll { seat })
            }
            Phase::Roll => {}
        }
    }
}
