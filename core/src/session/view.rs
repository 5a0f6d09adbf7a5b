//! The view of a session: everything a screen draws, with the options it offers.

use super::{GameEvent, SeatKind, Session};
use crate::colour::Colour;
use crate::moves::{Input, Move, MoveKind};
use crate::position::{NO_PIECE, Place, YARD, place_of};

/// What a session waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SessionPhase {
    /// The seat to move rolls.
    Roll,
    /// The seat to move picks one of the options.
    Choose,
    /// The game is over.
    Over,
}

/// One piece as the screen draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceView {
    /// Its progress (`None`: in the yard).
    pub progress: Option<u8>,
    /// Where it stands.
    pub place: Place,
}

/// One seat as the screen draws it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeatView {
    /// The seat's name.
    pub name: String,
    /// Human or bot.
    pub kind: SeatKind,
    /// Its colour.
    pub colour: Colour,
    /// Its four pieces.
    pub pieces: Vec<PieceView>,
    /// Pieces at the end of the road.
    pub pieces_home: u8,
    /// How far the colour has come, 0 to 100.
    pub progress: u8,
    /// Its place once it has finished (1 for the winner).
    pub place: Option<u8>,
}

/// One legal move, with what the screen needs to offer and animate it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveOption {
    /// The index to pass to [`Session::choose`].
    pub index: u8,
    /// Entering, moving or playing a bonus.
    pub kind: MoveKind,
    /// The piece that moves.
    pub piece: u8,
    /// The second piece when a pair moves together.
    pub partner: Option<u8>,
    /// Progress before (`None`: the yard).
    pub from: Option<u8>,
    /// Progress after.
    pub to: u8,
    /// The pieces it would capture, as (seat, piece).
    pub captures: Vec<(u8, u8)>,
    /// The places the piece passes through, the last one where it stops.
    pub path: Vec<Place>,
}

/// Everything a screen shows of a session.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameView {
    /// The preset the rules start from.
    pub preset: String,
    /// The seats in turn order.
    pub seats: Vec<SeatView>,
    /// The seat to move.
    pub turn: u8,
    /// What the session waits for.
    pub phase: SessionPhase,
    /// The die value or bonus count the options are for, while choosing.
    pub input: Option<Input>,
    /// The last value rolled in the game, if any.
    pub last_roll: Option<u8>,
    /// The legal moves to choose from (empty unless choosing).
    pub options: Vec<MoveOption>,
    /// What the last action did, in order.
    pub events: Vec<GameEvent>,
    /// Whether [`Session::undo`] would take something back.
    pub can_undo: bool,
    /// Whether this is an online game.
    pub online: bool,
    /// The seats from first to last, once the game is over.
    pub places: Vec<u8>,
    /// The place of each seat of `places`, from 1: seats tied on distance and pieces home
    /// share a place (`[1, 2, 2, 4]`).
    pub ranks: Vec<u8>,
    /// The SHA-256 commitment to the seed, published from the start.
    pub commitment: String,
    /// The seed as hex, revealed once the game is over.
    pub seed: Option<String>,
    /// Rolls made so far, the roll-off included.
    pub rolls: u32,
    /// Decisions in the log.
    pub decisions: u32,
}

impl Session {
    /// How far a seat has come, 0 to 100: the share of its pieces' whole road travelled.
    pub fn progress(&self, seat: usize) -> u8 {
        let pos = &self.game.position;
        let Some(pieces) = pos.pieces.get(seat) else {
            return 0;
        };
        let whole = self.engine.remaining(YARD) as u32 * pieces.len() as u32;
        let left: u32 = pieces
            .iter()
            .map(|&p| self.engine.remaining(p) as u32)
            .sum();
        if whole == 0 {
            return 100;
        }
        (whole.saturating_sub(left) * 100 / whole) as u8
    }

    /// Pieces of a seat at the end of the road.
    pub fn pieces_home(&self, seat: usize) -> u8 {
        self.game.position.pieces.get(seat).map_or(0, |pieces| {
            pieces.iter().filter(|&&p| self.engine.at_end(p)).count() as u8
        })
    }

    /// The colour a seat plays.
    pub fn colour(&self, seat: usize) -> Colour {
        let c = self
            .game
            .position
            .seat_colour
            .get(seat)
            .copied()
            .unwrap_or(0);
        self.engine
            .rules
            .colours
            .get(c as usize)
            .copied()
            .unwrap_or(Colour::Red)
    }

    /// Everything a screen shows: the board, the dice, whose turn, the options with their
    /// paths, the events of the last action, whether undo is possible, and the places.
    pub fn view(&self) -> GameView {
        let pos = &self.game.position;
        let over = self.is_over();
        let places = if over { self.places() } else { Vec::new() };
        let ranks = if over { self.ranks() } else { Vec::new() };
        let seats = self
            .setup
            .seats
            .iter()
            .enumerate()
            .map(|(s, seat)| SeatView {
                name: seat.name.clone(),
                kind: seat.kind.clone(),
                colour: self.colour(s),
                pieces: pos.pieces[s]
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| PieceView {
                        progress: (p != YARD).then_some(p),
                        place: self.engine.place(pos, s, i),
                    })
                    .collect(),
                pieces_home: self.pieces_home(s),
                progress: self.progress(s),
                place: pos.finished[..pos.finished_count as usize]
                    .iter()
                    .position(|&f| f as usize == s)
                    .map(|i| i as u8 + 1),
            })
            .collect();
        let options = match &self.pending {
            Some(p) => p
                .moves
                .as_slice()
                .iter()
                .enumerate()
                .map(|(i, m)| self.option(i, p.input, m))
                .collect(),
            None => Vec::new(),
        };
        GameView {
            preset: self.engine.rules.preset.clone(),
            seats,
            turn: pos.turn,
            phase: self.phase(),
            input: self.pending.map(|p| p.input),
            last_roll: self.rolls.last().filter(|r| !r.roll_off).map(|r| r.value),
            options,
            events: self.events.clone(),
            can_undo: self.can_undo(),
            online: self.setup.online,
            places,
            ranks,
            commitment: self.commitment(),
            seed: self.revealed_seed().map(|s| s.to_hex()),
            rolls: self.rolls.len() as u32,
            decisions: self.log.len() as u32,
        }
    }

    fn option(&self, index: usize, input: Input, m: &Move) -> MoveOption {
        let board = &self.engine.board;
        let colour = self.game.position.seat_colour[self.game.position.turn as usize] as usize;
        let at = |p: u8| place_of(board, colour, p);
        let path = if m.from == YARD {
            vec![at(m.to)]
        } else {
            let steps = match input {
                Input::Roll(d) => self.engine.steps_for_roll(&self.game.position, d),
                Input::Bonus(n) => n,
            };
            // Where a bouncing piece turns back: the end of the road, or the foot of the
            // Petits-chevaux staircase (the move generator's rule, `Engine::run_end`).
            let end = self.engine.run_end();
            // A piece may stop short of where its roll takes it (a horse before its own), on
            // the way up or on the way back: it turned if `to` lies on the way back.
            let (up, back) = (
                u16::from(end).saturating_sub(u16::from(m.from)),
                u16::from(end).saturating_sub(u16::from(m.to)),
            );
            let bounces = self.engine.rules.bounce_back
                && m.from < end
                && m.to < end
                && up + back <= u16::from(steps);
            if bounces {
                // Up to the turning point, then back down to where the piece stops.
                (m.from + 1..=end)
                    .chain((m.to..end).rev())
                    .map(at)
                    .collect()
            } else {
                (m.from.saturating_add(1)..=m.to).map(at).collect()
            }
        };
        MoveOption {
            index: index as u8,
            kind: m.kind,
            piece: m.piece,
            partner: (m.partner != NO_PIECE).then_some(m.partner),
            from: (m.from != YARD).then_some(m.from),
            to: m.to,
            captures: m.captured().map(|(s, p)| (s as u8, p as u8)).collect(),
            path,
        }
    }
}
