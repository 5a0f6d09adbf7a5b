//! The state that decides the legal moves: where every piece stands, whose turn it is and
//! what the turn has seen so far. Small and `Copy`, so bots can search by copying it.

use crate::board::Board;

/// The most seats a game can have (the 6-colour Parchís board).
pub const MAX_SEATS: usize = 6;
/// Pieces each colour has.
pub const PIECES: usize = 4;
/// The progress value of a piece in its yard.
pub const YARD: u8 = u8::MAX;
/// "No piece" in a piece-index field.
pub const NO_PIECE: u8 = u8::MAX;

/// A position in the engine's own form. `seat` indices are turn order; each seat plays a
/// board colour (`seat_colour`), whose start square and colour come from the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Number of seats in play.
    pub seat_count: u8,
    /// The board colour index each seat plays.
    pub seat_colour: [u8; MAX_SEATS],
    /// The seat to move.
    pub turn: u8,
    /// Each seat's pieces: their progress, or [`YARD`]. Home is the board's home progress.
    pub pieces: [[u8; PIECES]; MAX_SEATS],
    /// When each piece arrived on the square it stands on: larger is later.
    pub arrival: [[u32; PIECES]; MAX_SEATS],
    /// The next arrival stamp to hand out.
    pub clock: u32,
    /// Sixes rolled in a row in this turn so far.
    pub sixes: u8,
    /// The piece of the seat to move that moved last in this turn, or [`NO_PIECE`].
    pub last_moved: u8,
    /// Rolls used up in this turn while the mover had no piece in play.
    pub tries: u8,
    /// Seats that have brought all their pieces home, in the order they did.
    pub finished: [u8; MAX_SEATS],
    /// How many entries of `finished` are used.
    pub finished_count: u8,
    /// The track square of every piece, at `seat * 4 + piece`, or `OFF_SQUARE` in the yard,
    /// the home column and home: a copy of what `pieces` says, kept in step by the engine,
    /// so that finding who stands on a square is a byte compare over a few words. Code
    /// that changes `pieces` by hand calls [`crate::Engine::refresh_squares`] afterwards.
    pub(crate) squares: [u8; MAX_SEATS * PIECES],
}

/// The value of an entry of `Position::squares` for a piece that is not on the track.
pub(crate) const OFF_SQUARE: u8 = u8::MAX;

impl Position {
    /// An empty position: every piece in its yard, the first seat to move.
    pub fn empty(seat_colours: &[u8]) -> Position {
        let mut seat_colour = [0u8; MAX_SEATS];
        seat_colour[..seat_colours.len()].copy_from_slice(seat_colours);
        Position {
            seat_count: seat_colours.len() as u8,
            seat_colour,
            turn: 0,
            pieces: [[YARD; PIECES]; MAX_SEATS],
            arrival: [[0; PIECES]; MAX_SEATS],
            clock: 1,
            sixes: 0,
            last_moved: NO_PIECE,
            tries: 0,
            finished: [0; MAX_SEATS],
            finished_count: 0,
            squares: [OFF_SQUARE; MAX_SEATS * PIECES],
        }
    }

    /// The seats in play, as a range of seat indices.
    pub fn seats(&self) -> std::ops::Range<usize> {
        0..self.seat_count as usize
    }

    /// Whether a seat has finished.
    pub fn is_finished(&self, seat: usize) -> bool {
        // A plain loop: the list is short, and usually empty.
        let count = (self.finished_count as usize).min(MAX_SEATS);
        (0..count).any(|k| self.finished[k] as usize == seat)
    }

    /// Whether every piece of a seat is at the end (home, or the goal fields in Mensch).
    pub fn all_at_end(&self, board: &Board, seat: usize) -> bool {
        let end_from = match board.home {
            Some(home) => home,
            None => board.last_track + 1,
        };
        self.pieces[seat]
            .iter()
            .all(|&p| p != YARD && p >= end_from)
    }

    /// Pieces of a seat still in the yard.
    pub fn in_yard(&self, seat: usize) -> usize {
        self.pieces[seat].iter().filter(|&&p| p == YARD).count()
    }

    /// The square-independent place of a piece: yard, on the track (absolute square), in
    /// its home column (progress), or home.
    pub fn place(&self, board: &Board, seat: usize, piece: usize) -> Place {
        place_of(
            board,
            self.seat_colour[seat] as usize,
            self.pieces[seat][piece],
        )
    }

    /// Every piece standing on track square `sq`, one bit per `seat * 4 + piece`.
    #[inline]
    pub(crate) fn pieces_on(&self, sq: u8) -> u32 {
        let word = |k: usize| {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&self.squares[8 * k..8 * k + 8]);
            hits(u64::from_le_bytes(bytes), sq) << (8 * k)
        };
        // Two seats to a word; the third word only holds seats on the six-colour board.
        let first = word(0) | word(1);
        if self.seat_count <= 4 {
            first
        } else {
            first | word(2)
        }
    }

    /// Stamps a piece as the latest arrival on its square.
    pub fn stamp(&mut self, seat: usize, piece: usize) {
        self.arrival[seat][piece] = self.clock;
        self.clock = self.clock.wrapping_add(1);
    }
}

/// One bit per byte of `word` equal to `sq` (bit `i` for byte `i`).
#[inline]
fn hits(word: u64, sq: u8) -> u32 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let x = word ^ (0x0101_0101_0101_0101 * sq as u64);
    // The high bit of each zero byte (no borrow between bytes), gathered into the top byte
    // by one multiplication and brought down.
    let zero = !(((x & LOW7) + LOW7) | x) & !LOW7;
    ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Where a piece stands, independent of whose it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// In its yard.
    Yard,
    /// On the shared track, at this absolute square.
    Track(u8),
    /// In the home column of board colour `.0`, at progress `.1`.
    Column(u8, u8),
    /// Home.
    Home,
}

/// The place of a piece of board colour `colour` at `progress`.
pub fn place_of(board: &Board, colour: usize, progress: u8) -> Place {
    if progress == YARD {
        Place::Yard
    } else if progress <= board.last_track {
        Place::Track(board.track_square(colour, progress))
    } else if Some(progress) == board.home {
        Place::Home
    } else {
        Place::Column(colour as u8, progress)
    }
}
