//! Legal move generation: one generator for every family, steered by the rules data.
//!
//! Each rule's check lives in one place: `Scan` reads what stands on a square,
//! `path_is_clear` applies barriers and blocks to the squares passed, `landing` applies
//! capacity, own-piece landing, safety and capture to the square reached, and the filters
//! at the end of [`Engine::legal_moves`] apply the rules that choose among legal moves
//! (compulsory entry, clearing the start square, opening a barrier on a 6).

use crate::engine::{Engine, OFF_TRACK};
use crate::moves::{Input, Move, MoveKind, MoveList};
use crate::position::{NO_PIECE, PIECES, Position, YARD};
use crate::rules::{Barrier, SameColourLanding, ThreeSixes};

mod simple;

/// What stands on one track square, the moving pieces left out.
struct Scan {
    /// The mover's own pieces there.
    own: u8,
    /// Opponent pieces there, one bit per `seat * 4 + piece`.
    opponents: u32,
    /// How many opponent pieces.
    opponent_count: u8,
    /// Whether one opponent colour has two or more pieces there (a barrier or block).
    opponent_pair: bool,
}

/// The bits of one seat's four pieces in a `seat * 4 + piece` bit set.
const fn seat_bits(seat: usize) -> u32 {
    0xF << (seat * PIECES)
}

/// One call's view of the position: the mover and the square each piece stands on.
struct Gen<'a> {
    engine: &'a Engine,
    pos: &'a Position,
    seat: usize,
    colour: u8,
    /// Track squares the mover may not pass (barriers and opponent blocks).
    blocked_track: u128,
    /// Home-column progress values the mover may not pass (its own corridor barriers).
    blocked_column: u128,
    /// The die (`block_pass_on`) or the bonus (`bonus_passes_blocks`) lets a single piece
    /// pass the blocks above; two pieces moving together never pass one.
    single_passes_blocks: bool,
    /// The die rolled (0 for a bonus count).
    die: u8,
    /// Whether a bonus count is being played.
    bonus: bool,
}

impl<'a> Gen<'a> {
    fn new(engine: &'a Engine, pos: &'a Position, die: u8, bonus: bool) -> Gen<'a> {
        let seat = pos.turn as usize;
        let mut g = Gen {
            engine,
            pos,
            seat,
            colour: pos.seat_colour[seat],
            blocked_track: 0,
            blocked_column: 0,
            single_passes_blocks: false,
            die,
            bonus,
        };
        if engine.rules.barrier != Barrier::None {
            g.find_blocks();
        }
        g
    }

    /// Marks the squares the mover may not pass under the barrier rule in force.
    fn find_blocks(&mut self) {
        let rules = &self.engine.rules;
        self.single_passes_blocks = (self.bonus && rules.bonus_passes_blocks)
            || (!self.bonus && self.engine.block_pass & (1 << self.die) != 0);
        let counts_own = match rules.barrier {
            Barrier::None => return,
            Barrier::BlocksAll => true,
            Barrier::BlocksOpponents => false,
        };
        for s in self.pos.seats() {
            if s == self.seat && !counts_own {
                continue;
            }
            let sq = &self.pos.squares[s * PIECES..s * PIECES + PIECES];
            for i in 0..PIECES {
                if sq[i] != OFF_TRACK && sq[i + 1..].contains(&sq[i]) {
                    self.blocked_track |= 1u128 << sq[i];
                }
            }
        }
        if counts_own {
            let own = &self.pos.pieces[self.seat];
            for i in 0..PIECES {
                let p = own[i];
                if p != YARD
                    && p > self.engine.board.last_track
                    && !self.engine.at_end(p)
                    && own[i + 1..].contains(&p)
                {
                    self.blocked_column |= 1u128 << p;
                }
            }
        }
    }

    /// What stands on track square `sq`, the mover's pieces in `moving` left out.
    #[inline]
    fn scan(&self, sq: u8, moving: u8) -> Scan {
        let here = self.pos.pieces_on(sq);
        let mine = seat_bits(self.seat);
        let own = here & mine & !((moving as u32) << (self.seat * PIECES));
        let opponents = here & !mine;
        let mut opponent_pair = false;
        let mut rest = opponents;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize / PIECES;
            opponent_pair |= (opponents & seat_bits(s)).count_ones() >= 2;
            rest &= !seat_bits(s);
        }
        Scan {
            own: own.count_ones() as u8,
            opponents,
            opponent_count: opponents.count_ones() as u8,
            opponent_pair,
        }
    }

    /// Of the opponent pieces in `opponents`, the one that arrived last, as a capture bit.
    fn last_arrived(&self, opponents: u32) -> u32 {
        crate::moves::captured_pieces(opponents)
            .max_by_key(|&(s, i)| self.pos.arrival[s][i])
            .map_or(0, |(s, i)| 1 << (s * PIECES + i))
    }

    /// The mover's own pieces at home-column progress `p`, those in `moving` left out.
    fn own_at_progress(&self, p: u8, moving: u8) -> u8 {
        let own = &self.pos.pieces[self.seat];
        (0..PIECES)
            .filter(|&i| moving & (1 << i) == 0 && own[i] == p)
            .count() as u8
    }

    /// Whether the mover's own pieces (those not moving) stand at progress `p`.
    fn own_blocks_landing(&self, p: u8, moving: u8) -> bool {
        let sq = self.engine.square_of(self.colour, p);
        if sq == OFF_TRACK {
            !self.engine.at_end(p) && self.own_at_progress(p, moving) > 0
        } else {
            self.scan(sq, moving).own > 0
        }
    }

    /// Where a piece at `from` ends after `steps`, before looking at what stands there:
    /// exact finish, the Petits-chevaux staircase and bouncing back. `None` if it cannot go;
    /// the flag says the piece bounced back from the end.
    fn target(&self, from: u8, steps: u8) -> Option<(u8, bool)> {
        let rules = &self.engine.rules;
        let board = &self.engine.board;
        let max = board.max_progress();
        if rules.staircase && from >= board.last_track {
            // Each step of the staircase needs its own number; home needs a 6.
            let step = from - board.last_track;
            let needed = (step + 1).min(6);
            return (!self.bonus && self.die == needed && from < max).then_some((from + 1, false));
        }
        let to = from.checked_add(steps)?;
        let end = self.engine.run_end();
        if to <= end {
            Some((to, false))
        } else if rules.bounce_back {
            end.checked_sub(to - end).map(|b| (b, true))
        } else {
            None
        }
    }

    /// Whether nothing stops a piece between `from` and `to` (both excluded).
    fn path_is_clear(&self, from: u8, to: u8) -> bool {
        if self.blocked_track == 0 && self.blocked_column == 0 {
            return true;
        }
        (from + 1..to).all(|q| {
            let sq = self.engine.square_of(self.colour, q);
            if sq == OFF_TRACK {
                self.blocked_column & (1u128 << q) == 0
            } else {
                self.blocked_track & (1u128 << sq) == 0
            }
        })
    }

    /// Whether `count` moving pieces may end on progress `to`, and whom they capture.
    #[inline]
    fn landing(&self, to: u8, moving: u8, count: u8) -> Option<u32> {
        let rules = &self.engine.rules;
        let forbids_own = self.engine.forbids_own_landing;
        let sq = self.engine.square_of(self.colour, to);
        if sq == OFF_TRACK {
            if self.engine.at_end(to) && self.engine.board.home == Some(to) {
                return Some(0);
            }
            let own = self.own_at_progress(to, moving);
            if own > 0 && forbids_own {
                return None;
            }
            return match rules.capacity {
                Some(cap) if own + count > cap => None,
                _ => Some(0),
            };
        }
        let scan = self.scan(sq, moving);
        if scan.own > 0 && forbids_own {
            return None;
        }
        if rules.barrier == Barrier::BlocksAll && (scan.own >= 2 || scan.opponent_pair) {
            return None;
        }
        let safe = self.engine.is_safe(sq);
        let mut captures = 0;
        if scan.opponent_count > 0 {
            if rules.barrier == Barrier::BlocksOpponents && scan.opponent_pair {
                let coppit = count == 2 && rules.coppit_block_capture && scan.opponent_count == 2;
                if !coppit || safe {
                    return None;
                }
                captures = scan.opponents;
            } else if !safe {
                captures = scan.opponents;
            }
        }
        let staying = if captures == 0 {
            scan.opponent_count
        } else {
            0
        };
        match rules.capacity {
            Some(cap) if scan.own + count + staying > cap => None,
            _ => Some(captures),
        }
    }

    /// Entering a piece onto the start square, with the Parchís exit capture.
    fn enter(&self) -> Option<u32> {
        let rules = &self.engine.rules;
        let sq = self.engine.square_of(self.colour, 0);
        let scan = self.scan(sq, 0);
        if let (true, Some(cap)) = (rules.exit_capture, rules.capacity)
            && scan.own + scan.opponent_count >= cap
        {
            // The exit is full: entering captures an opponent to make room, unless the
            // mover's own pieces fill it.
            if scan.own >= cap || scan.opponent_count == 0 {
                return None;
            }
            if rules.exit_barrier_blocks_entry && scan.opponent_pair {
                return None;
            }
            return Some(self.last_arrived(scan.opponents));
        }
        self.landing(0, 0, 1)
    }

    /// A single piece's move by `steps`, if legal.
    #[inline]
    fn single(&self, piece: usize, steps: u8) -> Option<Move> {
        let from = self.pos.pieces[self.seat][piece];
        let moving = 1u8 << piece;
        let (mut to, bounced) = self.target(from, steps)?;
        if self.engine.rules.same_colour_landing == SameColourLanding::OccupyPrevious {
            // Stop on the nearest square behind one's own piece: behind as the piece went,
            // back along its path. A bounced horse's path runs up to the end and down again,
            // so it stops before the horse it came back onto, never past it.
            let end = self.engine.run_end();
            let mut i = steps;
            while to != from && self.own_blocks_landing(to, moving) {
                to = if bounced {
                    // The square `i - 1` steps along the path: up to the end, then down.
                    i = i.checked_sub(1)?;
                    match from.checked_add(i)? {
                        q if q <= end => q,
                        q => end.checked_sub(q - end)?,
                    }
                } else {
                    to.checked_sub(1)?
                };
            }
            if to == from {
                return None;
            }
        }
        // A bounce only happens on boards without barriers, so only a forward path is checked.
        if !bounced && !self.single_passes_blocks && !self.path_is_clear(from, to) {
            return None;
        }
        let captures = self.landing(to, moving, 1)?;
        Some(Move {
            kind: if self.bonus {
                MoveKind::Bonus
            } else {
                MoveKind::Move
            },
            piece: piece as u8,
            partner: NO_PIECE,
            from,
            to,
            captures,
        })
    }

    /// Two pieces on one square moving together by half an even roll.
    fn pair(&self, a: usize, b: usize, steps: u8) -> Option<Move> {
        let from = self.pos.pieces[self.seat][a];
        let (to, bounced) = self.target(from, steps)?;
        if bounced || !self.path_is_clear(from, to) {
            return None;
        }
        let captures = self.landing(to, (1 << a) | (1 << b), 2)?;
        Some(Move {
            kind: MoveKind::Move,
            piece: a as u8,
            partner: b as u8,
            from,
            to,
            captures,
        })
    }
}

impl Engine {
    /// The value a die roll moves: a 6 moves 7 under the Parchís rule when the mover has no
    /// piece in its yard.
    pub fn steps_for_roll(&self, pos: &Position, die: u8) -> u8 {
        if die == 6
            && self.rules.six_moves_seven_when_yard_empty
            && pos.in_yard(pos.turn as usize) == 0
        {
            7
        } else {
            die
        }
    }

    /// Whether this roll is a third six that is not played.
    pub fn is_third_six(&self, pos: &Position, input: Input) -> bool {
        matches!(input, Input::Roll(6))
            && pos.sixes >= 2
            && self.rules.three_sixes != ThreeSixes::None
    }

    /// Fills `out` with the legal moves of the seat to move for `input`. Moves that are the
    /// same choice (two pieces of one square making the same move) are listed once.
    pub fn legal_moves(&self, pos: &Position, input: Input, out: &mut MoveList) {
        out.clear();
        debug_assert_eq!(
            pos.squares,
            self.squares_of(pos),
            "the square cache is out of step with the pieces"
        );
        let seat = pos.turn as usize;
        if seat >= pos.seat_count as usize
            || (pos.finished_count > 0 && pos.is_finished(seat))
            || self.is_third_six(pos, input)
        {
            return;
        }
        let (steps, die, bonus) = match input {
            Input::Roll(d) if self.rules.six_moves_seven_when_yard_empty => {
                (self.steps_for_roll(pos, d), d, false)
            }
            Input::Roll(d) => (d, d, false),
            Input::Bonus(n) => (n, 0, true),
        };
        if self.simple_moves {
            let (enter, kind) = if bonus {
                (false, MoveKind::Bonus)
            } else {
                (die < 8 && self.enter_dice & (1 << die) != 0, MoveKind::Move)
            };
            self.simple_legal_moves(pos, steps, enter, kind, out);
        } else {
            self.general_legal_moves(pos, steps, die, bonus, out);
        }
        if self.choice_rules {
            self.apply_choice_rules(pos, input, out);
        }
    }

    /// The general generator: every rule of the data, checked square by square.
    fn general_legal_moves(
        &self,
        pos: &Position,
        steps: u8,
        die: u8,
        bonus: bool,
        out: &mut MoveList,
    ) {
        let seat = pos.turn as usize;
        let g = Gen::new(self, pos, die, bonus);
        let own = pos.pieces[seat];
        let has_yard = own.contains(&YARD);

        if !bonus
            && has_yard
            && self.rules.enter_on.allows(die)
            && let Some(captures) = g.enter()
            && let Some(piece) = own.iter().position(|&p| p == YARD)
        {
            out.push_distinct(Move::enter(piece as u8, captures));
        }
        for (piece, &p) in own.iter().enumerate() {
            // Pieces on one square make the same moves: list the first one only.
            if p == YARD || self.board.home == Some(p) || own[..piece].contains(&p) {
                continue;
            }
            if let Some(m) = g.single(piece, steps) {
                out.push(m);
            }
        }
        if self.rules.doubled_move_half && !bonus && die.is_multiple_of(2) {
            for a in 0..PIECES {
                let p = own[a];
                if p == YARD || self.at_end(p) || own[..a].contains(&p) {
                    continue;
                }
                if let Some(b) = (a + 1..PIECES).find(|&b| own[b] == p)
                    && let Some(m) = g.pair(a, b, die / 2)
                {
                    out.push_distinct(m);
                }
            }
        }
    }

    /// The rules that choose among legal moves: the start square cleared first (Mensch),
    /// compulsory entry (Parchís, Mensch) and the forced barrier opening on a 6 (Parchís).
    fn apply_choice_rules(&self, pos: &Position, input: Input, out: &mut MoveList) {
        let seat = pos.turn as usize;
        let own = pos.pieces[seat];
        // Own pieces on one square share their moves, so "a move from the start square" is
        // the move of the piece standing there.
        if self.rules.clear_start_first
            && !matches!(input, Input::Bonus(_))
            && own.contains(&YARD)
            && own.contains(&0)
            && out.as_slice().iter().any(|m| m.from == 0)
        {
            out.retain(|m| m.from == 0);
        }
        if self.rules.enter_compulsory && out.as_slice().iter().any(|m| m.is_enter()) {
            out.retain(|m| m.is_enter());
        }
        if self.rules.forced_barrier_open_on_six && input == Input::Roll(6) {
            let in_barrier = |p: u8| {
                p != YARD && !self.at_end(p) && own.iter().filter(|&&q| q == p).count() >= 2
            };
            if own.iter().any(|&p| in_barrier(p)) {
                out.retain(|m| in_barrier(m.from));
            }
        }
    }
}
