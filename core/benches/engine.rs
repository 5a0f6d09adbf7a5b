//! Throughput of the engine: full random games per second on one core, for every preset,
//! and legal-move generations per second; the same classic games played many at a time by
//! the lockstep playouts (`ludo_core::playout`); and beside them the hand-written classic
//! simulator of `examples/lean_classic.rs`, which plays the very same classic games one at
//! a time with nothing but speed in mind. Run with `cargo bench -p ludo-core`.

#[path = "../examples/lean_classic.rs"]
mod lean_classic;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use ludo_core::Engine;
use ludo_core::game::random_game;
use ludo_core::moves::{Input, MoveList};
use ludo_core::playout;
use ludo_core::rules::PRESETS;
use std::hint::black_box;

fn full_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_game_4_seats");
    for preset in PRESETS {
        let engine = Engine::preset(preset).expect("preset");
        group.throughput(Throughput::Elements(1));
        let mut seed = 0u64;
        group.bench_function(BenchmarkId::from_parameter(preset), |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(&engine, 4, seed).rolls)
            })
        });
    }
    group.finish();
}

fn lean_simulator(c: &mut Criterion) {
    let mut group = c.benchmark_group("lean_simulator_4_seats");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("classic", |b| {
        b.iter(|| {
            seed += 1;
            let game = lean_classic::play(seed);
            black_box((game.rolls, game.places))
        })
    });
    group.finish();
}

fn playouts(c: &mut Criterion) {
    /// Games a measured call plays: enough that the lanes left idle at the end cost little.
    const BATCH: u64 = 2_000;
    let engine = Engine::preset("classic").expect("classic");
    let mut group = c.benchmark_group("playouts_4_seats");
    group.throughput(Throughput::Elements(BATCH));
    group.sample_size(20);
    let mut seed = 0u64;
    group.bench_function("classic", |b| {
        b.iter(|| {
            let mut rolls = 0u64;
            playout::play(&engine, seed, BATCH, |g| rolls += u64::from(g.rolls)).expect("classic");
            seed += BATCH;
            black_box(rolls)
        })
    });
    group.finish();
}

fn move_generation(c: &mut Criterion) {
    let engine = Engine::preset("classic").expect("classic");
    // A sample of real mid-game positions, taken from random games.
    let mut positions = Vec::new();
    for seed in 0..200u64 {
        let mut game = ludo_core::game::Game::new(
            &engine,
            &[0, 1, 2, 3],
            &ludo_core::dice::Seed::from_u64(seed),
        );
        let mut pick = ludo_core::game::SplitMix(seed);
        let mut n = 0;
        game.play_out(&engine, 150, |pos, _, list| {
            n += 1;
            if n % 10 == 0 {
                positions.push(*pos);
            }
            pick.below(list.len())
        });
    }
    let mut group = c.benchmark_group("legal_moves");
    group.throughput(Throughput::Elements(positions.len() as u64 * 6));
    group.bench_function("classic_all_rolls", |b| {
        let mut list = MoveList::default();
        b.iter(|| {
            let mut total = 0;
            for pos in &positions {
                for d in 1..=6 {
                    engine.legal_moves(pos, Input::Roll(d), &mut list);
                    total += list.len();
                }
            }
            black_box(total)
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    full_games,
    playouts,
    lean_simulator,
    move_generation
);
criterion_main!(benches);
