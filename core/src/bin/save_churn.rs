//! A helper for the crash test (core/tests/saves.rs): plays games in a save folder without
//! pause, autosaving after every action, and prints `<commitment head> <step>` once each
//! save is complete. The test kills it at random moments and loads what is left.
//!
//! Usage: `save_churn DIR [SECONDS]` — it resumes the autosave in DIR (or starts a game),
//! starts the next game when one ends, and stops by itself after SECONDS (default 10).

use ludo_core::dice::Seed;
use ludo_core::game::SplitMix;
use ludo_core::rules::RulesSpec;
use ludo_core::session::{GameSetup, Seat, Session, SessionPhase};
use ludo_core::store::SaveStore;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Actions made so far: every roll and every choice, so each save adds exactly one.
fn step(session: &Session) -> usize {
    session.rolls().len() + session.log().len()
}

fn new_game(n: u64) -> Result<Session, String> {
    let setup = GameSetup {
        rules: RulesSpec::Preset("classic".into()),
        seats: ["Ann", "Bo", "Cy", "Di"]
            .iter()
            .map(|n| Seat::human(n))
            .collect(),
        seed: Seed::from_u64(n),
        online: false,
        created_at: n,
    };
    Session::new(setup).map_err(|e| e.to_string())
}

fn run(dir: &str, limit: Duration) -> Result<(), String> {
    let store = SaveStore::open(dir).map_err(|e| e.to_string())?;
    let seed_of = |s: &Session| s.setup().created_at;
    let mut session = match store.load_autosave().map_err(|e| e.to_string())? {
        Some(loaded) if loaded.session.is_over() => new_game(seed_of(&loaded.session) + 1)?,
        Some(loaded) => loaded.session,
        None => new_game(1)?,
    };
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let mut first = true;
    while start.elapsed() < limit {
        if !first {
            if session.is_over() {
                session = new_game(seed_of(&session) + 1)?;
            } else if session.phase() == SessionPhase::Choose {
                let mut pick = SplitMix(step(&session) as u64);
                let i = pick.below(session.options().len());
                session.choose(i).map_err(|e| e.to_string())?;
            } else {
                session.roll().map_err(|e| e.to_string())?;
            }
        }
        first = false;
        store.autosave(&session).map_err(|e| e.to_string())?;
        let head = session.commitment();
        writeln!(out, "{} {}", head.get(..16).unwrap_or(""), step(&session))
            .and_then(|()| out.flush())
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let Some(dir) = args.get(1) else {
        eprintln!("usage: save_churn DIR [SECONDS]");
        return ExitCode::from(2);
    };
    let seconds = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10.0);
    match run(dir, Duration::from_secs_f64(seconds)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("save_churn: {e}");
            ExitCode::FAILURE
        }
    }
}
