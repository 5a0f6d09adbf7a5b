//! A plain classic-Ludo simulator, written the obvious way without care for speed (vectors
//! allocated on every roll, positions recomputed from scratch), to calibrate the engine's
//! speed goal on this machine: the issue puts such a program at about 50,000 random
//! 4-seat games a second. It plays the same game as `ludo bench --rules classic` (enter on
//! a 6, extra roll on a 6, third six burnt, exact count home, captures everywhere but the
//! safe start and star squares, play on until three colours are home) from one ChaCha20
//! stream. Run: `cargo run --release -p ludo-core --example plain_classic [GAMES] [first]`;
//! with `first` a game stops when the first colour is home.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;

const TRACK: i32 = 52;
const HOME: i32 = 56;
const SAFE: [i32; 8] = [1, 9, 14, 22, 27, 35, 40, 48];

#[derive(Clone, Copy)]
struct Move {
    piece: usize,
    to: i32,
}

fn square(seat: usize, progress: i32) -> Option<i32> {
    (0..=50)
        .contains(&progress)
        .then(|| (1 + 13 * seat as i32 + progress) % TRACK)
}

fn play_game(rng: &mut ChaCha20Rng, places: usize) -> u64 {
    let mut pieces = vec![vec![-1i32; 4]; 4];
    let mut finished: Vec<usize> = Vec::new();
    let mut turn = rng.random_range(0..4);
    let mut sixes = 0;
    let mut rolls = 0;
    while finished.len() < places {
        let die: i32 = rng.random_range(1..=6);
        rolls += 1;
        let mut again = die == 6;
        if die == 6 {
            sixes += 1;
        }
        if sixes == 3 {
            again = false;
        } else {
            let mut moves: Vec<Move> = Vec::new();
            for (piece, &p) in pieces[turn].iter().enumerate() {
                if p == -1 && die == 6 {
                    moves.push(Move { piece, to: 0 });
                } else if p >= 0 && p + die <= HOME {
                    moves.push(Move { piece, to: p + die });
                }
            }
            if !moves.is_empty() {
                let m = moves[rng.random_range(0..moves.len())];
                pieces[turn][m.piece] = m.to;
                if let Some(sq) = square(turn, m.to).filter(|sq| !SAFE.contains(sq)) {
                    for (other, theirs) in pieces.iter_mut().enumerate() {
                        if other == turn {
                            continue;
                        }
                        for p in theirs.iter_mut() {
                            if square(other, *p) == Some(sq) {
                                *p = -1;
                            }
                        }
                    }
                }
                if pieces[turn].iter().all(|&p| p == HOME) {
                    finished.push(turn);
                    again = false;
                }
            }
        }
        if !again {
            sixes = 0;
            loop {
                turn = (turn + 1) % 4;
                if !finished.contains(&turn) {
                    break;
                }
            }
        }
    }
    rolls
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20_000);
    // How many colours must be home before a game ends.
    let places = if args.get(2).is_some_and(|a| a == "first") {
        1
    } else {
        3
    };
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let start = std::time::Instant::now();
    let rolls: u64 = (0..games).map(|_| play_game(&mut rng, places)).sum();
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "plain classic: {games} games, {:.0} games/s, {:.1} rolls/game",
        games as f64 / seconds,
        rolls as f64 / games as f64
    );
}
