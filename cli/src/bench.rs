//! `ludo bench`: random games on one thread, timed. The same measurement as the
//! `random_game_4_seats` group of `core/benches/engine.rs` (or, with `--lockstep`, its
//! `playouts_4_seats` group), for a quick figure without criterion.

use crate::failure::Failure;
use crate::rules_arg;
use ludo_core::Engine;
use ludo_core::game::random_game;
use ludo_core::playout;
use serde_json::json;
use std::io::Write;
use std::time::Instant;

/// Options of `ludo bench`.
#[derive(clap::Args, Debug, Clone)]
pub struct BenchArgs {
    /// A preset id (classic, parchis, …) or a rules object as JSON.
    #[arg(long, default_value = "classic")]
    pub rules: String,
    /// Number of games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Seats at each table.
    #[arg(long, default_value_t = 4)]
    pub seats: usize,
    /// Seed of the first game; game `k` uses `seed + k`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print a JSON object instead of a line of text.
    #[arg(long)]
    pub json: bool,
    /// Play the same games many at a time through the lockstep playouts (four-seat classic
    /// only) instead of one by one through the engine's turn machine.
    #[arg(long)]
    pub lockstep: bool,
}

/// Whether this binary was built with optimisations (figures from a debug build mean little).
const OPTIMISED: bool = !cfg!(debug_assertions);

/// What a run measured.
#[derive(Debug, Clone, Copy)]
pub struct Measurement {
    /// Games played.
    pub games: u64,
    /// Dice rolls over all games.
    pub rolls: u64,
    /// Wall-clock time, in seconds.
    pub seconds: f64,
}

impl Measurement {
    /// Games finished per second.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.seconds.max(1e-9)
    }

    /// Dice rolls played per second.
    pub fn rolls_per_second(&self) -> f64 {
        self.rolls as f64 / self.seconds.max(1e-9)
    }

    /// Average rolls in one game.
    pub fn rolls_per_game(&self) -> f64 {
        self.rolls as f64 / self.games.max(1) as f64
    }
}

/// Runs `ludo bench`.
pub fn run(args: &BenchArgs) -> Result<(), Failure> {
    let engine = rules_arg::engine(&args.rules)?;
    rules_arg::check_seats(&engine, args.seats)?;
    if args.games == 0 {
        return Err(Failure::bad_input("--games: play at least one game"));
    }
    if args.lockstep && args.seats != 4 {
        return Err(Failure::bad_input(format!(
            "--lockstep: the lockstep playouts play four seats, not {}",
            args.seats
        )));
    }
    let start = Instant::now();
    let rolls = if args.lockstep {
        lockstep_rolls(&engine, args)?
    } else {
        (0..args.games)
            .map(|k| random_game(&engine, args.seats, args.seed.wrapping_add(k)).rolls)
            .sum()
    };
    let m = Measurement {
        games: args.games,
        rolls,
        seconds: start.elapsed().as_secs_f64(),
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        let doc = json!({
            "rules": engine.rules.preset,
            "seats": args.seats,
            "games": m.games,
            "rolls": m.rolls,
            "seconds": m.seconds,
            "games_per_second": m.games_per_second(),
            "rolls_per_second": m.rolls_per_second(),
            "rolls_per_game": m.rolls_per_game(),
            "optimised": OPTIMISED,
            "lockstep": args.lockstep,
        });
        writeln!(out, "{doc}")?;
    } else {
        writeln!(
            out,
            "{}: {} games, {} seats{}, {:.2} s: {:.0} games/s, {:.0} rolls/s, {:.1} rolls/game",
            engine.rules.preset,
            m.games,
            args.seats,
            if args.lockstep { ", lockstep" } else { "" },
            m.seconds,
            m.games_per_second(),
            m.rolls_per_second(),
            m.rolls_per_game()
        )?;
        if !OPTIMISED {
            writeln!(
                out,
                "(a debug build; `cargo run --release -p ludo-cli -- bench` measures the real speed)"
            )?;
        }
    }
    Ok(())
}

/// The rolls of the bench's games, played by the lockstep playouts.
fn lockstep_rolls(engine: &Engine, args: &BenchArgs) -> Result<u64, Failure> {
    let mut rolls = 0;
    playout::play(engine, args.seed, args.games, |game| {
        rolls += u64::from(game.rolls)
    })
    .map_err(|e| Failure::bad_input(format!("--lockstep: {e}")))?;
    Ok(rolls)
}
