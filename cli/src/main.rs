//! `ludo`: play Ludo in a terminal, ask the engine for legal moves and their outcome as JSON,
//! and measure the engine's speed.
//!
//! Each subcommand lives in its own module with an `Args` struct and a `run` function; adding
//! one is a variant in [`Command`] and an arm in [`run`].

mod apply;
mod arena;
mod bench;
mod bounded;
mod draw;
mod engine_protocol;
mod failure;
mod json_io;
mod moves;
mod narrate;
mod paint;
mod play;
mod rules_arg;
mod saves_list;
mod session_cmds;
mod typed;

use clap::{Parser, Subcommand};
use failure::Failure;
use std::process::ExitCode;

/// The `ludo` command line.
#[derive(Parser, Debug)]
#[command(
    name = "ludo",
    version,
    about = "Ludo, Parchís, Mensch and friends: play, analyse, measure"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
enum Command {
    /// Legal moves: reads {"position": P, "roll": n} (or "bonus") on stdin, writes {"moves": [...]}.
    Moves(json_io::JsonArgs),
    /// Plays a move: reads {"position": P, "roll": n, "move": i} on stdin, writes the next position.
    Apply(json_io::JsonArgs),
    /// Plays a game in the terminal against the computer (bots from easy to expert), with
    /// hints, undo, autosave and resume.
    Play(play::PlayArgs),
    /// Lists the saved games of `ludo play`: the autosave, kept and finished games, and files
    /// that cannot be read, each with the command that goes on from it.
    Saves(saves_list::SavesArgs),
    /// Plays random games on one thread and prints games and rolls per second.
    Bench(bench::BenchArgs),
    /// Bots play each other (every bot in every seat, the same dice) and the arena reports
    /// win rates, places and decision times.
    Arena(arena::ArenaArgs),
    /// Steps through a shared game (a replay code or a save file) move by move.
    Replay(session_cmds::ReplayArgs),
    /// Recomputes every roll of a game from its seed and reports valid or what does not match.
    Verify(session_cmds::VerifyArgs),
    /// Each seat's dice counts in a game, with a chi-square p-value.
    Stats(session_cmds::StatsArgs),
}

/// Runs the chosen subcommand.
fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Moves(args) => moves::run(&args),
        Command::Apply(args) => apply::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Saves(args) => saves_list::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Arena(args) => arena::run(&args),
        Command::Replay(args) => session_cmds::run_replay(&args),
        Command::Verify(args) => session_cmds::run_verify(&args),
        Command::Stats(args) => session_cmds::run_stats(&args),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A panic is a bug, but even then the contract holds: one line on stderr, status 2.
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!("error: internal error{place}: {}", failure::one_line(&what));
    }));
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(cli.command))) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(failure)) => {
            if let Some(line) = failure.line() {
                eprintln!("error: {line}");
            }
            ExitCode::from(failure.status())
        }
        Err(_) => ExitCode::from(2),
    }
}
