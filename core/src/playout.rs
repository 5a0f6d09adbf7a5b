//! Random four-seat `classic` games in bulk, many at a time.
//!
//! [`play`] plays exactly the games of [`crate::game::random_game`] (four seats of `classic`,
//! random moves, until three colours are home): the same dice, the same random choices, so
//! the same rolls and the same places for every seed. It plays them [`LANES`] at a time in
//! lockstep. Each step rolls once in every game and works every rule out for all of them at
//! once, with the same branch-free arithmetic over arrays of bytes, one byte per game, which
//! the compiler turns into vector instructions. A game played on its own spends much of its
//! time on branches that the die decides and the processor cannot predict (which pieces may
//! move, whether a piece lands on an opponent, whether the turn passes); here there are no
//! such branches. Only the dice and the random choices are worked out game by game, since
//! each game reads its own streams at its own pace.
//!
//! This is for random play in quantity (benchmarks, statistics over millions of games).
//! Everything else (other presets, options, bots, sessions) goes through the engine.

use crate::dice::{self, Seed};
use crate::engine::Engine;
use crate::game::SplitMix;
use crate::rules::Rules;
use rand::Rng;
use rand_chacha::ChaCha20Rng;

/// Games played side by side.
pub const LANES: usize = 64;
/// Seats at every table.
const SEATS: usize = 4;
/// Pieces of a colour.
const PIECES: usize = 4;
/// Colours home when a game ends: the last seat's place is settled then.
const ENDS_AT: u8 = SEATS as u8 - 1;
/// Keystream bytes read ahead for each seat of each game.
const AHEAD: usize = 64;
/// The most safe squares a seat's road may have here.
const MAX_SAFE: usize = 8;

/// A finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// The game's seed (as [`crate::game::random_game`] takes it).
    pub seed: u64,
    /// Rolls made, the roll-off not counted (as [`crate::game::Game::rolls`]).
    pub rolls: u32,
    /// Seats in finishing order; the seat still on the board when three were home comes last.
    pub places: [u8; 4],
}

/// Why [`play`] refused an engine.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayoutError {
    /// The engine's rules are not `classic`'s.
    #[error("playouts play the classic rules only; these rules (preset \"{0}\") differ from them")]
    NotClassic(String),
}

/// Plays the random games with seeds `first_seed`, `first_seed + 1`, … (`games` of them, seeds
/// wrapping around past `u64::MAX`) and hands each one to `each` as it ends, which is not
/// in seed order. The engine's rules must be `classic`'s, in every rule (the preset's name
/// aside).
pub fn play(
    engine: &Engine,
    first_seed: u64,
    games: u64,
    each: impl FnMut(Playout),
) -> Result<(), PlayoutError> {
    let road = Road::of(engine)?;
    Tables::new(road, first_seed, games).run(each);
    Ok(())
}

/// What the step needs to know of the board, in stored progress: 0 is the yard, a piece at
/// progress `p` is stored as `p + 1`.
#[derive(Clone, Copy, Debug)]
struct Road {
    /// Squares of the ring.
    track: u8,
    /// Squares from one seat's start to the next seat's.
    gap: u8,
    /// Progress of a seat's last ring square.
    last_track: u8,
    /// Stored progress of home.
    home: u8,
    /// Progress values of the safe squares along a road (the same for every seat), padded
    /// with values no piece reaches.
    safe: [u8; MAX_SAFE],
}

impl Road {
    /// The road of `engine`'s board, if its rules are `classic`'s.
    fn of(engine: &Engine) -> Result<Road, PlayoutError> {
        let rules = &engine.rules;
        let refused = || PlayoutError::NotClassic(rules.preset.clone());
        let mut classic = Rules::preset("classic").map_err(|_| refused())?;
        classic.preset.clone_from(&rules.preset);
        if *rules != classic {
            return Err(refused());
        }
        let board = &engine.board;
        let home = board.home.ok_or_else(refused)?;
        let gap = board.track_len / SEATS as u8;
        let mut safe = [u8::MAX; MAX_SAFE];
        let mut count = 0;
        for progress in 0..=board.last_track {
            if engine.is_safe(engine.square_of(0, progress)) {
                *safe.get_mut(count).ok_or_else(refused)? = progress;
                count += 1;
            }
        }
        // Every seat's road must see the ring alike, one gap further on.
        let alike = (0..SEATS as u8).all(|seat| {
            board.start_squares.get(seat as usize) == Some(&(seat * gap))
                && (0..=board.last_track)
                    .all(|p| engine.is_safe(engine.square_of(seat, p)) == safe.contains(&p))
        });
        // A stored progress plus a die must fit in a byte.
        if !alike || home as usize + 1 + 6 > u8::MAX as usize {
            return Err(refused());
        }
        Ok(Road {
            track: board.track_len,
            gap,
            last_track: board.last_track,
            home: home + 1,
            safe,
        })
    }
}

/// The dice of every seat of every lane, read ahead from their keystreams: die `k` (lane
/// `k / SEATS`, seat `k % SEATS`) has `faces[k][at[k]..len[k]]` still to give.
struct Dice {
    streams: Vec<ChaCha20Rng>,
    faces: Vec<[u8; AHEAD]>,
    at: Vec<u8>,
    len: Vec<u8>,
}

impl Dice {
    fn new() -> Dice {
        let filler = Seed::from_u64(0);
        Dice {
            streams: (0..LANES * SEATS)
                .map(|k| dice::seat_stream(&filler, k % SEATS))
                .collect(),
            faces: vec![[0; AHEAD]; LANES * SEATS],
            at: vec![0; LANES * SEATS],
            len: vec![0; LANES * SEATS],
        }
    }

    /// New dice for `lane` from a game's seed.
    fn reset(&mut self, lane: usize, seed: &Seed) {
        for seat in 0..SEATS {
            let k = lane * SEATS + seat;
            self.streams[k] = dice::seat_stream(seed, seat);
            self.at[k] = 0;
            self.len[k] = 0;
        }
    }

    /// The next face of die `k`, as [`crate::dice::Die::roll`] gives it.
    #[inline(always)]
    fn roll(&mut self, k: usize) -> u8 {
        if self.at[k] == self.len[k] {
            self.read_ahead(k);
        }
        let face = self.faces[k][self.at[k] as usize];
        self.at[k] += 1;
        face
    }

    /// Reads faces from die `k`'s next keystream bytes until it has at least one (about one
    /// byte in 64 gives none).
    #[cold]
    fn read_ahead(&mut self, k: usize) {
        let mut bytes = [0u8; AHEAD];
        loop {
            self.streams[k].fill_bytes(&mut bytes);
            let mut len = 0;
            for &byte in &bytes {
                let face = dice::face(byte);
                self.faces[k][len] = face.unwrap_or(0);
                len += face.is_some() as usize;
            }
            if len > 0 {
                self.at[k] = 0;
                self.len[k] = len as u8;
                return;
            }
        }
    }
}

/// All-ones for true, zero for false: the form every rule takes in the step.
#[inline(always)]
fn mask(b: bool) -> u8 {
    (b as u8).wrapping_neg()
}

/// `a` where `m` is all-ones, `b` where it is zero.
#[inline(always)]
fn pick(m: u8, a: u8, b: u8) -> u8 {
    (a & m) | (b & !m)
}

/// For each seat, whether it is the one to move, as a mask.
#[inline(always)]
fn seat_masks(turn: u8) -> [u8; SEATS] {
    std::array::from_fn(|s| mask(turn as usize == s))
}

/// Bits of `flags`: the entering move, then the moves of pieces 0 to 3.
const ENTER: u8 = 1;

/// The games in play, one lane each, stored field by field across the lanes.
struct Tables {
    road: Road,
    /// The next seed to start, and how many games are still to start.
    next_seed: u64,
    to_start: u64,
    /// Lanes playing a game that was asked for (the others play filler until the end).
    wanted: [bool; LANES],
    seed: [u64; LANES],
    /// Stored progress of piece `i` of seat `s`, at `pieces[s * PIECES + i]`.
    pieces: [[u8; LANES]; SEATS * PIECES],
    turn: [u8; LANES],
    sixes: [u8; LANES],
    /// All-ones once a seat has brought every piece home.
    out: [[u8; LANES]; SEATS],
    finished: [u8; LANES],
    /// The seats home so far, two bits each, the first in the lowest bits.
    order: [u8; LANES],
    rolls: [u32; LANES],
    /// The state of each game's random choices (a [`SplitMix`]).
    choices: [u64; LANES],
    dice: Dice,
    // Filled and read within one step.
    die: [u8; LANES],
    mine: [[u8; LANES]; PIECES],
    flags: [u8; LANES],
    count: [u8; LANES],
    choice: [u8; LANES],
}

impl Tables {
    fn new(road: Road, first_seed: u64, games: u64) -> Box<Tables> {
        let mut tables = Box::new(Tables {
            road,
            next_seed: first_seed,
            to_start: games,
            wanted: [false; LANES],
            seed: [0; LANES],
            pieces: [[0; LANES]; SEATS * PIECES],
            turn: [0; LANES],
            sixes: [0; LANES],
            out: [[0; LANES]; SEATS],
            finished: [0; LANES],
            order: [0; LANES],
            rolls: [0; LANES],
            choices: [0; LANES],
            dice: Dice::new(),
            die: [0; LANES],
            mine: [[0; LANES]; PIECES],
            flags: [0; LANES],
            count: [0; LANES],
            choice: [0; LANES],
        });
        for lane in 0..LANES {
            tables.start_next(lane);
        }
        tables
    }

    /// Starts the next wanted game in `lane`, or filler once every game has started.
    fn start_next(&mut self, lane: usize) {
        let wanted = self.to_start > 0;
        let seed = if wanted {
            self.to_start -= 1;
            let seed = self.next_seed;
            self.next_seed = seed.wrapping_add(1);
            seed
        } else {
            0
        };
        self.wanted[lane] = wanted;
        self.seed[lane] = seed;
        self.dice.reset(lane, &Seed::from_u64(seed));
        let dice = &mut self.dice;
        let first = dice::roll_off_with(SEATS, |_, seat| dice.roll(lane * SEATS + seat));
        self.turn[lane] = first as u8;
        for piece in self.pieces.iter_mut() {
            piece[lane] = 0;
        }
        for out in self.out.iter_mut() {
            out[lane] = 0;
        }
        self.sixes[lane] = 0;
        self.finished[lane] = 0;
        self.order[lane] = 0;
        self.rolls[lane] = 0;
        self.choices[lane] = SplitMix::for_random_game(seed).0;
    }

    fn run(&mut self, mut each: impl FnMut(Playout)) {
        let mut playing = self.wanted.iter().filter(|&&w| w).count();
        while playing > 0 {
            self.step();
            let over = self
                .finished
                .iter()
                .fold(0, |any, &f| any | (f >= ENDS_AT) as u8);
            if over == 0 {
                continue;
            }
            for lane in 0..LANES {
                if self.finished[lane] >= ENDS_AT {
                    if self.wanted[lane] {
                        each(self.outcome(lane));
                        playing -= 1;
                    }
                    self.start_next(lane);
                    playing += self.wanted[lane] as usize;
                }
            }
        }
    }

    /// The finished game in `lane`.
    fn outcome(&self, lane: usize) -> Playout {
        let order = self.order[lane];
        let mut places = [order & 3, (order >> 2) & 3, (order >> 4) & 3, 0];
        places[3] = (0..SEATS as u8)
            .find(|&s| self.out[s as usize][lane] == 0)
            .unwrap_or(0);
        Playout {
            seed: self.seed[lane],
            rolls: self.rolls[lane],
            places,
        }
    }

    /// One roll in every lane.
    fn step(&mut self) {
        // The dice, lane by lane: each reads its own seat's stream.
        for lane in 0..LANES {
            let seat = self.turn[lane] as usize;
            self.die[lane] = self.dice.roll(lane * SEATS + seat);
        }
        self.find_moves();
        // The random choice where there are two moves or more, lane by lane.
        for lane in 0..LANES {
            let count = self.count[lane];
            let mut choices = SplitMix(self.choices[lane]);
            let choice = choices.below(count as usize) as u8;
            // Masks, not a branch: whether a lane has a choice is as random as its die.
            let several = mask(count > 1);
            let wide = several as i8 as u64;
            self.choices[lane] = (choices.0 & wide) | (self.choices[lane] & !wide);
            self.choice[lane] = choice & several;
        }
        self.make_moves();
    }

    /// The mover's pieces and its legal moves, in the engine's order: entering first (the
    /// first piece in the yard, on a six), then each piece that can move, one per square.
    fn find_moves(&mut self) {
        let home = self.road.home;
        for lane in 0..LANES {
            let turn = self.turn[lane];
            let die = self.die[lane];
            let seat = seat_masks(turn);
            let mine: [u8; PIECES] = std::array::from_fn(|i| {
                (0..SEATS).fold(0, |c, s| c | (self.pieces[s * PIECES + i][lane] & seat[s]))
            });
            let six = mask(die == 6);
            // The third six in a row is burnt: no move.
            let playing = !(six & mask(self.sixes[lane] == 2));
            let yard = mine.map(|p| mask(p == 0));
            let reach = home - die;
            let enter = six & (yard[0] | yard[1] | yard[2] | yard[3]) & playing;
            let moves: [u8; PIECES] = std::array::from_fn(|i| {
                let first_on_square = (0..i).fold(0xFF, |m, j| m & mask(mine[i] != mine[j]));
                !yard[i] & mask(mine[i] <= reach) & first_on_square & playing
            });
            for (i, m) in mine.iter().enumerate() {
                self.mine[i][lane] = *m;
            }
            self.flags[lane] = (enter & ENTER)
                | (moves[0] & (ENTER << 1))
                | (moves[1] & (ENTER << 2))
                | (moves[2] & (ENTER << 3))
                | (moves[3] & (ENTER << 4));
            self.count[lane] =
                (enter & 1) + (moves[0] & 1) + (moves[1] & 1) + (moves[2] & 1) + (moves[3] & 1);
        }
    }

    /// Plays the chosen move in every lane: the piece, captures, home, places, and the turn.
    fn make_moves(&mut self) {
        let road = self.road;
        for lane in 0..LANES {
            let turn = self.turn[lane];
            let die = self.die[lane];
            let flags = self.flags[lane];
            let choice = self.choice[lane];
            let mine: [u8; PIECES] = std::array::from_fn(|i| self.mine[i][lane]);
            let seat = seat_masks(turn);
            let enter = mask(flags & ENTER != 0);
            let moves: [u8; PIECES] =
                std::array::from_fn(|i| mask(flags & (ENTER << (i + 1)) != 0));

            // The chosen move is the one with `choice` legal moves before it.
            let take_enter = enter & mask(choice == 0);
            let mut before = enter & 1;
            let take: [u8; PIECES] = std::array::from_fn(|i| {
                let t = moves[i] & mask(choice == before);
                before += moves[i] & 1;
                t
            });
            // Entering takes the first piece in the yard.
            let yard = mine.map(|p| mask(p == 0));
            let mut earlier = 0u8;
            let first_in_yard: [u8; PIECES] = std::array::from_fn(|i| {
                let f = yard[i] & !earlier;
                earlier |= yard[i];
                f
            });
            let moved: [u8; PIECES] =
                std::array::from_fn(|i| take[i] | (take_enter & first_in_yard[i]));
            let to = (take_enter & 1)
                | (0..PIECES).fold(0, |to, i| to | (take[i] & mine[i].wrapping_add(die)));
            let any = take_enter | take[0] | take[1] | take[2] | take[3];
            for (s, &movers) in seat.iter().enumerate() {
                for (i, &this) in moved.iter().enumerate() {
                    let p = &mut self.pieces[s * PIECES + i][lane];
                    *p = pick(movers & this, to, *p);
                }
            }

            // A capture: landing on a ring square that is not safe sends home every
            // opponent piece there.
            let progress = to.wrapping_sub(1);
            let on_ring = any & mask(progress <= road.last_track);
            let safe = road.safe.iter().fold(0, |m, &s| m | mask(progress == s));
            let hits = on_ring & !safe;
            for s in 0..SEATS as u8 {
                // The same square, as seat `s` counts its road.
                let behind = turn.wrapping_sub(s) & 3;
                let shift = pick(mask(behind == 1), road.gap, 0)
                    | pick(mask(behind == 2), road.gap * 2, 0)
                    | pick(mask(behind == 3), road.gap * 3, 0);
                let mut theirs = progress.wrapping_add(shift);
                theirs = pick(
                    mask(theirs >= road.track),
                    theirs.wrapping_sub(road.track),
                    theirs,
                );
                let hit = hits & mask(behind != 0) & mask(theirs <= road.last_track);
                let stored = theirs.wrapping_add(1);
                for i in 0..PIECES {
                    let p = &mut self.pieces[s as usize * PIECES + i][lane];
                    *p &= !(hit & mask(*p == stored));
                }
            }

            // Home: the mover is out once all four of its pieces are.
            let after: [u8; PIECES] = std::array::from_fn(|i| pick(moved[i], to, mine[i]));
            let done = any
                & mask(to == road.home)
                & after.iter().fold(0xFF, |m, &p| m & mask(p == road.home));
            for (out, &movers) in self.out.iter_mut().zip(&seat) {
                out[lane] |= done & movers;
            }
            let finished = self.finished[lane];
            let place = pick(mask(finished == 0), turn, 0)
                | pick(mask(finished == 1), turn << 2, 0)
                | pick(mask(finished == 2), turn << 4, 0);
            self.order[lane] |= done & place;
            self.finished[lane] = finished + (done & 1);

            // The turn passes unless the die was a six (and not the third, and nobody
            // came out with it).
            let six = mask(die == 6);
            let burnt = six & mask(self.sixes[lane] == 2);
            let passes = burnt | done | !six;
            self.sixes[lane] = !passes & self.sixes[lane].wrapping_add(1);
            let out = |seat: u8| {
                (0..SEATS as u8).fold(0, |o, s| o | (mask(seat == s) & self.out[s as usize][lane]))
            };
            let (a, b, c) = ((turn + 1) & 3, (turn + 2) & 3, (turn + 3) & 3);
            let next = pick(!out(a), a, pick(!out(b), b, c));
            self.turn[lane] = pick(passes, next, turn);
        }
        // Apart from the rest, which works on bytes: a loop over wider numbers would take
        // fewer lanes at a time.
        for rolls in self.rolls.iter_mut() {
            *rolls += 1;
        }
    }
}
