//! The fastest classic-Ludo simulator I could write: four-seat classic with random moves
//! and nothing else, no rules data, no move list beyond five entries, every table fixed at
//! compile time. Of the engine it borrows only the dice (`Die`, one ChaCha20 stream per
//! seat) and the random choices (`SplitMix`); the rules are its own. It plays exactly the
//! games of `ludo bench --rules classic` (the same roll-off, move order and random choices,
//! so the same rolls and places for every seed; `core/tests/lean_classic.rs` checks that
//! game by game), so its speed is a ceiling for the engine on this machine: what the game
//! itself costs here, with the generality of the engine taken away.
//!
//! Run: `cargo run --release -p ludo-core --example lean_classic [GAMES]`.

use ludo_core::dice::{Die, Seed};
use ludo_core::game::SplitMix;

/// Squares of the ring.
const TRACK: u8 = 52;
/// Progress of the last track square of a colour's road (0 is its start square).
const LAST_TRACK: u8 = 50;
/// Progress of home.
const HOME: u8 = 56;
/// A piece in its yard.
const YARD: u8 = u8::MAX;
/// No seat.
const NOBODY: u8 = u8::MAX;

/// Whether each ring square is safe: the four start squares and the four stars, counted
/// from the first colour's start.
const SAFE: [bool; TRACK as usize] = {
    let mut safe = [false; TRACK as usize];
    let mut arm = 0;
    while arm < 4 {
        safe[arm * 13] = true;
        safe[arm * 13 + 8] = true;
        arm += 1;
    }
    safe
};

/// A finished game: rolls made (the roll-off not counted) and the seats in finishing order
/// (the last seat, still on the board, last).
pub struct Outcome {
    pub rolls: u64,
    pub places: [u8; 4],
}

/// Plays one four-seat classic game with random moves.
pub fn play(seed: u64) -> Outcome {
    let key = Seed::from_u64(seed);
    let mut dice: [Die; 4] = std::array::from_fn(|s| Die::new(&key, s));
    let mut pick = SplitMix(seed ^ 0x5EED);
    // Roll-off: the highest starts, tied seats roll again.
    let mut contenders = 0b1111u8;
    while contenders.count_ones() > 1 {
        let mut best = 0;
        let mut next = 0;
        for (s, die) in dice.iter_mut().enumerate() {
            if contenders & (1 << s) != 0 {
                let v = die.roll();
                if v > best {
                    best = v;
                    next = 0;
                }
                if v == best {
                    next |= 1 << s;
                }
            }
        }
        contenders = next;
    }
    let mut turn = contenders.trailing_zeros() as usize;

    let mut pieces = [[YARD; 4]; 4];
    // Who stands on each ring square (one colour at most off the safe squares) and how many.
    let mut owner = [NOBODY; TRACK as usize];
    let mut count = [0u8; TRACK as usize];
    let mut home = [0u8; 4];
    let mut places = [0u8; 4];
    let mut finished = 0usize;
    let mut sixes = 0u8;
    let mut rolls = 0u64;
    let ring = |seat: usize, progress: u8| ((seat as u8 * 13 + progress) % TRACK) as usize;

    while finished < 3 {
        let die = dice[turn].roll();
        rolls += 1;
        if die == 6 && sixes == 2 {
            // The third six is burnt and the turn passes.
            sixes = 0;
            turn = next_seat(turn, &home);
            continue;
        }
        sixes = if die == 6 { sixes + 1 } else { 0 };

        // The moves, in the engine's order: entering first, then the pieces that move,
        // one per square.
        let own = pieces[turn];
        let mut moves = [(0u8, 0u8); 5];
        let mut n = 0;
        if die == 6
            && let Some(piece) = own.iter().position(|&p| p == YARD)
        {
            moves[0] = (piece as u8, 0);
            n = 1;
        }
        for piece in 0..4 {
            let from = own[piece];
            if from != YARD && from + die <= HOME && !own[..piece].contains(&from) {
                moves[n] = (piece as u8, from + die);
                n += 1;
            }
        }

        let mut done = false;
        if n > 0 {
            let (piece, to) = moves[if n == 1 { 0 } else { pick.below(n) }];
            let from = own[piece as usize];
            pieces[turn][piece as usize] = to;
            if from != YARD && from <= LAST_TRACK {
                let sq = ring(turn, from);
                count[sq] -= 1;
                if count[sq] == 0 {
                    owner[sq] = NOBODY;
                }
            }
            if to <= LAST_TRACK {
                let sq = ring(turn, to);
                let there = owner[sq];
                if there != NOBODY && there as usize != turn && !SAFE[sq] {
                    let victim = there as usize;
                    for p in pieces[victim].iter_mut() {
                        if *p != YARD && *p <= LAST_TRACK && ring(victim, *p) == sq {
                            *p = YARD;
                        }
                    }
                    count[sq] = 0;
                }
                if count[sq] == 0 {
                    owner[sq] = turn as u8;
                }
                count[sq] += 1;
            } else if to == HOME {
                home[turn] += 1;
                if home[turn] == 4 {
                    places[finished] = turn as u8;
                    finished += 1;
                    done = true;
                }
            }
        }
        if done || sixes == 0 {
            sixes = 0;
            turn = next_seat(turn, &home);
        }
    }
    places[3] = next_seat(places[2] as usize, &home) as u8;
    Outcome { rolls, places }
}

/// The next seat after `seat` still playing.
#[inline]
fn next_seat(seat: usize, home: &[u8; 4]) -> usize {
    let mut s = seat;
    loop {
        s = (s + 1) % 4;
        if home[s] < 4 {
            return s;
        }
    }
}

#[allow(dead_code)]
fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    let start = std::time::Instant::now();
    let rolls: u64 = (0..games).map(|seed| play(seed).rolls).sum();
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "lean classic: {games} games, {:.0} games/s, {:.1} ns/roll, {:.1} rolls/game",
        games as f64 / seconds,
        seconds * 1e9 / rolls as f64,
        rolls as f64 / games as f64
    );
}
