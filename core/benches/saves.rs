//! Saves and replay codes of a finished 4-seat classic game: time to save and to load
//! (each at most 1 ms), the save's size (at most 8 KB) and a typical replay code's length
//! (at most 600 characters). Run with `cargo bench -p ludo-core --bench saves`; the sizes
//! are printed before the timings.

use criterion::{Criterion, criterion_group, criterion_main};
use ludo_core::dice::Seed;
use ludo_core::game::SplitMix;
use ludo_core::replay;
use ludo_core::rules::RulesSpec;
use ludo_core::save;
use ludo_core::session::{GameSetup, Seat, Session, SessionPhase};
use ludo_core::store::SaveStore;
use std::hint::black_box;

/// A finished classic game: a person (random choices) against easy, medium and hard bots.
fn finished_game(seed: u64) -> Session {
    let setup = GameSetup {
        rules: RulesSpec::Preset("classic".into()),
        seats: vec![
            Seat::human("You"),
            Seat::bot("Easy", "easy"),
            Seat::bot("Medium", "medium"),
            Seat::bot("Hard", "hard"),
        ],
        seed: Seed::from_u64(seed),
        online: false,
        created_at: 1_700_000_000,
    };
    let mut s = Session::new(setup).expect("session");
    let mut pick = SplitMix(seed);
    while !s.is_over() {
        let step = if s.bot_to_move() {
            s.play_bot()
        } else if s.phase() == SessionPhase::Choose {
            s.choose(pick.below(s.options().len()))
        } else {
            s.roll()
        };
        step.expect("legal");
    }
    s
}

fn figures() -> Session {
    let games: Vec<Session> = (0..50).map(finished_game).collect();
    let sizes: Vec<usize> = games.iter().map(|g| save::to_json(g).len()).collect();
    let codes: Vec<usize> = games.iter().map(|g| replay::encode(g).len()).collect();
    let mean = |v: &[usize]| v.iter().sum::<usize>() as f64 / v.len() as f64;
    let max = |v: &[usize]| v.iter().copied().max().unwrap_or(0);
    eprintln!(
        "50 finished 4-seat classic games: save {:.0} bytes on average (largest {}), replay code {:.0} characters on average (longest {})",
        mean(&sizes),
        max(&sizes),
        mean(&codes),
        max(&codes)
    );
    games.into_iter().next().expect("a game")
}

fn saves(c: &mut Criterion) {
    let game = figures();
    let text = save::to_json(&game);
    let code = replay::encode(&game);
    let mut group = c.benchmark_group("finished_4_seat_classic");
    group.bench_function("save_to_json", |b| {
        b.iter(|| black_box(save::to_json(black_box(&game))))
    });
    group.bench_function("load_from_json", |b| {
        b.iter(|| black_box(save::load(black_box(text.as_bytes())).expect("load")))
    });
    group.bench_function("replay_code_encode", |b| {
        b.iter(|| black_box(replay::encode(black_box(&game))))
    });
    group.bench_function("replay_code_decode", |b| {
        b.iter(|| black_box(replay::decode(black_box(&code)).expect("decode")))
    });
    group.finish();

    // The store's atomic write: two flushes to disk make this the disk's figure, not ours.
    let dir = std::env::temp_dir().join(format!("ludo-bench-saves-{}", std::process::id()));
    let store = SaveStore::open(&dir).expect("store");
    let mut group = c.benchmark_group("store");
    group.sample_size(10);
    group.bench_function("autosave_with_fsync", |b| {
        b.iter(|| store.autosave(&game).expect("autosave"))
    });
    group.bench_function("load_autosave", |b| {
        b.iter(|| black_box(store.load_autosave().expect("load")))
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, saves);
criterion_main!(benches);
