//! Moves and the fixed-size list the move generator fills.

use crate::position::{NO_PIECE, YARD};

/// What a turn asks the mover to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// A die value just rolled, 1 to 6.
    Roll(u8),
    /// A bonus count that one piece must move in full (Parchís +20 / +10).
    Bonus(u8),
}

/// The kind of a move, as position-format.md names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece leaves its yard onto its start square.
    Enter,
    /// A piece (or a pair) moves by the die.
    Move,
    /// A piece moves a bonus count.
    Bonus,
}

impl MoveKind {
    /// The name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            MoveKind::Enter => "enter",
            MoveKind::Move => "move",
            MoveKind::Bonus => "bonus",
        }
    }
}

/// One legal choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Entering, moving or playing a bonus.
    pub kind: MoveKind,
    /// The piece that moves.
    pub piece: u8,
    /// The second piece when a pair moves together as one, else [`NO_PIECE`].
    pub partner: u8,
    /// Progress before the move ([`YARD`] when entering).
    pub from: u8,
    /// Progress after the move.
    pub to: u8,
    /// Pieces sent back to their yard, one bit per `seat * 4 + piece`.
    pub captures: u32,
}

impl Move {
    /// Piece `piece` entering from its yard onto its start square, capturing `captures`.
    pub fn enter(piece: u8, captures: u32) -> Move {
        Move {
            kind: MoveKind::Enter,
            piece,
            partner: NO_PIECE,
            from: YARD,
            to: 0,
            captures,
        }
    }

    /// Whether a pair moves together.
    pub fn is_pair(&self) -> bool {
        self.partner != NO_PIECE
    }

    /// Whether the move takes a piece out of its yard.
    pub fn is_enter(&self) -> bool {
        self.from == YARD
    }

    /// The captured pieces as (seat, piece) pairs.
    pub fn captured(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        captured_pieces(self.captures)
    }

    /// Whether two moves are the same choice for a player (position-format.md: equal kind,
    /// `from`, `to` and captures).
    pub fn same_choice(&self, other: &Move) -> bool {
        self.kind == other.kind
            && self.from == other.from
            && self.to == other.to
            && self.captures == other.captures
            && self.is_pair() == other.is_pair()
    }
}

/// Decodes a capture bit set into (seat, piece) pairs.
pub fn captured_pieces(mut mask: u32) -> impl Iterator<Item = (usize, usize)> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let b = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some((b / 4, b % 4))
    })
}

/// Capacity of a [`MoveList`]: four single pieces and two pairs at most, with room to spare.
pub const MAX_MOVES: usize = 8;

/// The legal moves for one input, without allocating.
#[derive(Clone, Copy, Debug)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: u8,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [Move {
                kind: MoveKind::Move,
                piece: 0,
                partner: NO_PIECE,
                from: 0,
                to: 0,
                captures: 0,
            }; MAX_MOVES],
            len: 0,
        }
    }
}

impl MoveList {
    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds a move unless an equal choice is already listed.
    pub fn push_distinct(&mut self, m: Move) {
        if self.as_slice().iter().any(|o| o.same_choice(&m)) {
            return;
        }
        if (self.len as usize) < MAX_MOVES {
            self.moves[self.len as usize] = m;
            self.len += 1;
        }
    }

    /// Adds a move known to differ from those listed.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len as usize) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Keeps only the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut n = 0;
        for i in 0..self.len as usize {
            if keep(&self.moves[i]) {
                self.moves[n] = self.moves[i];
                n += 1;
            }
        }
        self.len = n as u8;
    }

    /// The moves.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is no legal move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The move at `index`, if there is one.
    pub fn get(&self, index: usize) -> Option<&Move> {
        self.as_slice().get(index)
    }
}

#[cfg(test)]
mod tests {
    use super::{Move, MoveKind, MoveList};
    use crate::position::NO_PIECE;

    fn step(piece: u8, from: u8, to: u8) -> Move {
        Move {
            kind: MoveKind::Move,
            piece,
            partner: NO_PIECE,
            from,
            to,
            captures: 0,
        }
    }

    #[test]
    fn the_same_choice_is_the_same_kind_path_captures_and_pairing_whatever_the_piece() {
        let a = step(0, 10, 14);
        // Another piece of the same square making the same move is the same choice.
        assert!(a.same_choice(&step(2, 10, 14)));
        let differs = [
            Move {
                kind: MoveKind::Bonus,
                ..a
            },
            step(0, 11, 14),
            step(0, 10, 15),
            Move { captures: 1, ..a },
            Move { partner: 1, ..a },
        ];
        for other in differs {
            assert!(!a.same_choice(&other), "{other:?}");
            assert!(!other.same_choice(&a), "{other:?}");
        }
    }

    #[test]
    fn push_distinct_lists_a_choice_once() {
        let mut list = MoveList::default();
        list.push_distinct(step(0, 10, 14));
        list.push_distinct(step(1, 10, 14));
        list.push_distinct(step(2, 20, 24));
        let pieces: Vec<u8> = list.as_slice().iter().map(|m| m.piece).collect();
        assert_eq!(pieces, [0, 2]);
    }
}
