//! Records and enums of the boundary, and their conversions from the core's types.
//!
//! Numbers are `u32` (Kotlin `UInt`, Swift `UInt32`) whatever their width in the core; times
//! are `u64` seconds since 1970. Seats are turn-order indices, progress values are as in
//! position-format.md, and every place a piece can stand is also given as its grid cell of
//! the board's [`BoardLayout`], so an app draws and animates without knowing any geometry.

use crate::error::LudoError;
use ludo_core::layout::{self, BoardLayout as CoreLayout};
use ludo_core::position::{Place, YARD};
use ludo_core::session::{self as core, Session};

/// A seat's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Colour {
    Red,
    Green,
    Yellow,
    Blue,
    /// The fifth colour of the 6-colour Parchís board.
    Gray,
    /// The sixth colour of the 6-colour Parchís board.
    Fuchsia,
}

impl From<ludo_core::Colour> for Colour {
    fn from(c: ludo_core::Colour) -> Colour {
        use ludo_core::Colour as C;
        match c {
            C::Red => Colour::Red,
            C::Green => Colour::Green,
            C::Yellow => Colour::Yellow,
            C::Blue => Colour::Blue,
            C::Gray => Colour::Gray,
            C::Fuchsia => Colour::Fuchsia,
        }
    }
}

impl From<Colour> for ludo_core::Colour {
    fn from(c: Colour) -> ludo_core::Colour {
        use ludo_core::Colour as C;
        match c {
            Colour::Red => C::Red,
            Colour::Green => C::Green,
            Colour::Yellow => C::Yellow,
            Colour::Blue => C::Blue,
            Colour::Gray => C::Gray,
            Colour::Fuchsia => C::Fuchsia,
        }
    }
}

/// Who plays a seat.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PlayerKind {
    /// A person at this device: the one whose decisions undo takes back.
    Human,
    /// The computer at a level of [`crate::bot_levels`] (`random`, `easy`, ... `expert`).
    Bot { level: String },
}

impl From<core::SeatKind> for PlayerKind {
    fn from(k: core::SeatKind) -> PlayerKind {
        match k {
            core::SeatKind::Human => PlayerKind::Human,
            core::SeatKind::Bot { level } => PlayerKind::Bot { level },
        }
    }
}

impl From<PlayerKind> for core::SeatKind {
    fn from(k: PlayerKind) -> core::SeatKind {
        match k {
            PlayerKind::Human => core::SeatKind::Human,
            PlayerKind::Bot { level } => core::SeatKind::Bot { level },
        }
    }
}

/// What a cell of the board is, for drawing. `colour_index` is a board colour index: an
/// index into [`BoardLayout::colours`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum CellKind {
    /// A plain track square.
    Track,
    /// A safe track square that is not a start square (a star, a seguro).
    Safe,
    /// A colour's start (exit) square; `safe` where no piece is captured on it (`classic`'s
    /// starts, Parchís' exits; not `ludo_multijoueur`'s), to be marked as a safe square is.
    Start { colour_index: u32, safe: bool },
    /// A square of a colour's home column (corridor, goal field, staircase step).
    HomeColumn { colour_index: u32 },
    /// The place of one piece in a colour's yard.
    Yard { colour_index: u32 },
    /// Where finished pieces are drawn: a colour's own home, or (no index) a centre that all
    /// colours share (Petits chevaux).
    Home { colour_index: Option<u32> },
}

/// One square of the board and where it is drawn: row 0 is the top, column 0 the left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Cell {
    pub row: u32,
    pub col: u32,
    pub kind: CellKind,
}

impl From<layout::Cell> for Cell {
    fn from(c: layout::Cell) -> Cell {
        use layout::CellKind as K;
        let kind = match c.kind {
            K::Track => CellKind::Track,
            K::Safe => CellKind::Safe,
            K::Start { colour, safe } => CellKind::Start {
                colour_index: colour.into(),
                safe,
            },
            K::HomeColumn { colour } => CellKind::HomeColumn {
                colour_index: colour.into(),
            },
            K::Yard { colour } => CellKind::Yard {
                colour_index: colour.into(),
            },
            K::Home { colour } => CellKind::Home {
                colour_index: colour.map(u32::from),
            },
        };
        Cell {
            row: c.row.into(),
            col: c.col.into(),
            kind,
        }
    }
}

/// The drawing layout of a board: the grid size, the board's colours (a cell's
/// `colour_index` indexes them) and every cell once.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct BoardLayout {
    pub rows: u32,
    pub cols: u32,
    /// The board's colours, by board colour index.
    pub colours: Vec<Colour>,
    /// Every cell: the track in square order, the home columns, the yards, then the homes
    /// (a home shared by several colours appears once).
    pub cells: Vec<Cell>,
}

impl BoardLayout {
    pub(crate) fn of(layout: &CoreLayout, colours: &[ludo_core::Colour]) -> BoardLayout {
        let mut cells: Vec<Cell> = Vec::new();
        for cell in layout.cells() {
            if !cells
                .iter()
                .any(|c| c.row == u32::from(cell.row) && c.col == u32::from(cell.col))
            {
                cells.push((*cell).into());
            }
        }
        BoardLayout {
            rows: layout.rows.into(),
            cols: layout.cols.into(),
            colours: colours.iter().map(|&c| c.into()).collect(),
            cells,
        }
    }
}

/// What the session waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum GamePhase {
    /// The seat to move rolls (`roll`, or `play_bot_turn` for a bot).
    Roll,
    /// The seat to move picks one of the view's options (`choose`, or `play_bot_turn`).
    Choose,
    /// The game is over; the view's `places` rank the seats.
    Over,
}

impl From<core::SessionPhase> for GamePhase {
    fn from(p: core::SessionPhase) -> GamePhase {
        match p {
            core::SessionPhase::Roll => GamePhase::Roll,
            core::SessionPhase::Choose => GamePhase::Choose,
            core::SessionPhase::Over => GamePhase::Over,
        }
    }
}

/// What the options of a choice are for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum ChoiceInput {
    /// The die value just rolled.
    Roll { value: u32 },
    /// A bonus count one piece must move in full (Parchís +20 / +10).
    Bonus { count: u32 },
}

impl From<ludo_core::Input> for ChoiceInput {
    fn from(i: ludo_core::Input) -> ChoiceInput {
        match i {
            ludo_core::Input::Roll(value) => ChoiceInput::Roll {
                value: value.into(),
            },
            ludo_core::Input::Bonus(count) => ChoiceInput::Bonus {
                count: count.into(),
            },
        }
    }
}

/// The kind of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum MoveKind {
    /// A piece leaves its yard onto its start square.
    Enter,
    /// A piece (or a pair) moves by the die.
    Move,
    /// A piece moves a bonus count.
    Bonus,
}

impl From<ludo_core::MoveKind> for MoveKind {
    fn from(k: ludo_core::MoveKind) -> MoveKind {
        match k {
            ludo_core::MoveKind::Enter => MoveKind::Enter,
            ludo_core::MoveKind::Move => MoveKind::Move,
            ludo_core::MoveKind::Bonus => MoveKind::Bonus,
        }
    }
}

/// A piece of a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PieceRef {
    pub seat: u32,
    pub piece: u32,
}

/// One legal move, with what the screen needs to offer and animate it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct MoveOption {
    /// The id to pass to `choose`.
    pub id: u32,
    pub kind: MoveKind,
    /// The piece that moves (of the seat to move).
    pub piece: u32,
    /// The second piece when a pair moves together.
    pub partner: Option<u32>,
    /// Progress before (`None`: in the yard).
    pub from: Option<u32>,
    /// Progress after.
    pub to: u32,
    /// The pieces it would send back to their yards.
    pub captures: Vec<PieceRef>,
    /// The cells the piece passes through, the last one where it stops.
    pub path: Vec<Cell>,
}

/// One piece as the screen draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PieceView {
    /// Its index, 0 to 3.
    pub piece: u32,
    /// Its progress (`None`: in the yard).
    pub progress: Option<u32>,
    /// The cell it stands on (its own yard place while in the yard).
    pub cell: Cell,
}

/// One seat as the screen draws it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SeatView {
    pub name: String,
    pub kind: PlayerKind,
    pub colour: Colour,
    /// The seat's board colour index (into [`BoardLayout::colours`]).
    pub colour_index: u32,
    pub pieces: Vec<PieceView>,
    /// Pieces at the end of the road.
    pub pieces_home: u32,
    /// How far the colour has come, 0 to 100.
    pub progress: u32,
    /// Its place once it has finished (1 for the winner).
    pub place: Option<u32>,
}

/// Something that happened, for the screen to show or animate. Seats are turn-order indices.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum GameEvent {
    /// A roll of the roll-off that decides who starts.
    RollOff { seat: u32, value: u32 },
    /// The roll-off is over: this seat starts.
    Starts { seat: u32 },
    /// A seat rolled.
    Rolled { seat: u32, value: u32 },
    /// The roll gave no legal move.
    NoMove { seat: u32 },
    /// A piece (and its partner, when a pair moves) moved from one cell to another.
    Moved {
        seat: u32,
        piece: u32,
        partner: Option<u32>,
        /// Progress before (`None`: the yard).
        from: Option<u32>,
        /// Progress after.
        to: u32,
        from_cell: Cell,
        to_cell: Cell,
    },
    /// A piece was sent back to its yard by a capture.
    Captured { seat: u32, piece: u32, by: u32 },
    /// A bonus count was earned that one piece must now move.
    Bonus { seat: u32, count: u32 },
    /// A bonus count was earned that no piece could move, and so was lost.
    BonusLapsed { seat: u32, count: u32 },
    /// The same seat rolls again.
    ExtraRoll { seat: u32 },
    /// A third six in a row: not played, and maybe a piece sent home.
    ThreeSixes { seat: u32, sent_home: Option<u32> },
    /// A seat brought its last piece home.
    Finished { seat: u32, place: u32 },
    /// The game is over; the seats from first to last.
    GameOver { places: Vec<u32> },
    /// Decisions were taken back; the view shows the game as it stood before them.
    Undone { decisions: u32 },
}

/// Everything a screen shows of a session, returned by `view()` and by every action.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct GameView {
    /// The preset the rules start from.
    pub preset: String,
    /// What the session waits for.
    pub phase: GamePhase,
    /// The seat to move.
    pub turn: u32,
    /// Whether the seat to move is a bot (call `play_bot_turn`) and the game goes on.
    pub bot_to_move: bool,
    /// The seats in turn order, with every piece's cell.
    pub seats: Vec<SeatView>,
    /// The last value rolled in the game (the roll-off aside), if any.
    pub dice: Option<u32>,
    /// What the options are for, while choosing.
    pub choosing_for: Option<ChoiceInput>,
    /// The legal moves to choose from (empty unless choosing), each with its path.
    pub options: Vec<MoveOption>,
    /// What happened since the last view this session returned, in order.
    pub events: Vec<GameEvent>,
    /// Whether `undo` would take something back.
    pub can_undo: bool,
    /// The seats from first to last, once the game is over (else empty).
    pub places: Vec<u32>,
    /// The place of each seat of `places`, from 1: seats tied on distance and pieces home
    /// share a place (`[1, 2, 2, 4]`).
    pub ranks: Vec<u32>,
    /// The SHA-256 commitment to the seed (hex), published from the start.
    pub seed_commitment: String,
    /// The seed as hex, revealed once the game is over.
    pub seed: Option<String>,
    /// Rolls made so far, the roll-off included.
    pub rolls: u32,
    /// Decisions in the log.
    pub decisions: u32,
}

/// Converts the core's views of one session, whose board layout it holds.
pub(crate) struct Viewer {
    layout: CoreLayout,
}

fn no_cell(what: String) -> LudoError {
    LudoError::Internal {
        detail: format!("no board cell for {what}"),
    }
}

impl Viewer {
    pub(crate) fn new(session: &Session) -> Viewer {
        Viewer {
            layout: CoreLayout::of_engine(session.engine()),
        }
    }

    pub(crate) fn layout(&self, session: &Session) -> BoardLayout {
        BoardLayout::of(&self.layout, &session.engine().rules.colours)
    }

    /// The cell of piece `piece` of board colour `colour` at `progress` (`None`: yard).
    fn cell_at(&self, colour: u8, progress: Option<u8>, piece: u8) -> Result<Cell, LudoError> {
        self.layout
            .cell_of(colour, progress.unwrap_or(YARD), piece.into())
            .map(Cell::from)
            .ok_or_else(|| {
                no_cell(format!(
                    "piece {piece} of colour {colour} at progress {progress:?}"
                ))
            })
    }

    /// The cell of a place, for a piece of board colour `colour`.
    fn cell_of_place(&self, colour: u8, piece: u8, place: Place) -> Result<Cell, LudoError> {
        let cell = match place {
            Place::Yard => self.layout.cell_of(colour, YARD, piece.into()),
            Place::Track(square) => self.layout.track.get(usize::from(square)).copied(),
            Place::Column(c, progress) => self.layout.cell_of(c, progress, 0),
            Place::Home => self.layout.homes.get(usize::from(colour)).copied(),
        };
        cell.map(Cell::from)
            .ok_or_else(|| no_cell(format!("{place:?} of colour {colour}")))
    }

    fn colour_of(session: &Session, seat: u8) -> u8 {
        session
            .position()
            .seat_colour
            .get(usize::from(seat))
            .copied()
            .unwrap_or(0)
    }

    pub(crate) fn event(
        &self,
        session: &Session,
        e: &core::GameEvent,
    ) -> Result<GameEvent, LudoError> {
        use core::GameEvent as E;
        let n = u32::from;
        Ok(match e {
            E::RollOff { seat, value } => GameEvent::RollOff {
                seat: n(*seat),
                value: n(*value),
            },
            E::Starts { seat } => GameEvent::Starts { seat: n(*seat) },
            E::Rolled { seat, value } => GameEvent::Rolled {
                seat: n(*seat),
                value: n(*value),
            },
            E::NoMove { seat } => GameEvent::NoMove { seat: n(*seat) },
            E::Moved {
                seat,
                piece,
                partner,
                from,
                to,
            } => {
                let colour = Viewer::colour_of(session, *seat);
                GameEvent::Moved {
                    seat: n(*seat),
                    piece: n(*piece),
                    partner: partner.map(n),
                    from: from.map(n),
                    to: n(*to),
                    from_cell: self.cell_at(colour, *from, *piece)?,
                    to_cell: self.cell_at(colour, Some(*to), *piece)?,
                }
            }
            E::Captured { seat, piece, by } => GameEvent::Captured {
                seat: n(*seat),
                piece: n(*piece),
                by: n(*by),
            },
            E::Bonus { seat, count } => GameEvent::Bonus {
                seat: n(*seat),
                count: n(*count),
            },
            E::BonusLapsed { seat, count } => GameEvent::BonusLapsed {
                seat: n(*seat),
                count: n(*count),
            },
            E::ExtraRoll { seat } => GameEvent::ExtraRoll { seat: n(*seat) },
            E::ThreeSixes { seat, sent_home } => GameEvent::ThreeSixes {
                seat: n(*seat),
                sent_home: sent_home.map(n),
            },
            E::Finished { seat, place } => GameEvent::Finished {
                seat: n(*seat),
                place: n(*place),
            },
            E::GameOver { places } => GameEvent::GameOver {
                places: places.iter().copied().map(n).collect(),
            },
            E::Undone { decisions } => GameEvent::Undone {
                decisions: *decisions,
            },
        })
    }

    /// The boundary's view of `session`; `with_events` false leaves the events out (they were
    /// returned by an earlier view).
    pub(crate) fn view(&self, session: &Session, with_events: bool) -> Result<GameView, LudoError> {
        let v = session.view();
        let n = u32::from;
        let seats = v
            .seats
            .into_iter()
            .zip(0u8..)
            .map(|(seat, s)| {
                let colour = Viewer::colour_of(session, s);
                let pieces = seat
                    .pieces
                    .iter()
                    .zip(0u8..)
                    .map(|(p, i)| {
                        Ok(PieceView {
                            piece: n(i),
                            progress: p.progress.map(n),
                            cell: self.cell_of_place(colour, i, p.place)?,
                        })
                    })
                    .collect::<Result<Vec<_>, LudoError>>()?;
                Ok(SeatView {
                    name: seat.name,
                    kind: seat.kind.into(),
                    colour: seat.colour.into(),
                    colour_index: n(colour),
                    pieces,
                    pieces_home: n(seat.pieces_home),
                    progress: n(seat.progress),
                    place: seat.place.map(n),
                })
            })
            .collect::<Result<Vec<_>, LudoError>>()?;
        let mover = Viewer::colour_of(session, v.turn);
        let options = v
            .options
            .into_iter()
            .map(|o| {
                Ok(MoveOption {
                    id: n(o.index),
                    kind: o.kind.into(),
                    piece: n(o.piece),
                    partner: o.partner.map(n),
                    from: o.from.map(n),
                    to: n(o.to),
                    captures: o
                        .captures
                        .iter()
                        .map(|&(seat, piece)| PieceRef {
                            seat: n(seat),
                            piece: n(piece),
                        })
                        .collect(),
                    path: o
                        .path
                        .iter()
                        .map(|&place| self.cell_of_place(mover, o.piece, place))
                        .collect::<Result<Vec<_>, LudoError>>()?,
                })
            })
            .collect::<Result<Vec<_>, LudoError>>()?;
        let events = if with_events {
            v.events
                .iter()
                .map(|e| self.event(session, e))
                .collect::<Result<Vec<_>, LudoError>>()?
        } else {
            Vec::new()
        };
        Ok(GameView {
            preset: v.preset,
            phase: v.phase.into(),
            turn: n(v.turn),
            bot_to_move: session.bot_to_move(),
            seats,
            dice: v.last_roll.map(n),
            choosing_for: v.input.map(ChoiceInput::from),
            options,
            events,
            can_undo: v.can_undo,
            places: v.places.into_iter().map(n).collect(),
            ranks: v.ranks.into_iter().map(n).collect(),
            seed_commitment: v.commitment,
            seed: v.seed,
            rolls: v.rolls,
            decisions: v.decisions,
        })
    }
}
