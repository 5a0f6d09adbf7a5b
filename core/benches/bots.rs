//! Decision time of every bot level on real mid-game positions, for every preset, and the
//! time the expert takes to solve the largest solitaire ending of each board once. Run
//! with `cargo bench -p ludo-core --bench bots`. The arena (`ludo arena`) measures
//! strength; this measures only speed, on a fixed sample of positions so that runs compare.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ludo_core::bots::ending::Ending;
use ludo_core::bots::{LEVELS, bot_for};
use ludo_core::dice::Seed;
use ludo_core::game::{Game, SplitMix};
use ludo_core::moves::{Input, MoveList};
use ludo_core::rules::PRESETS;
use ludo_core::{Engine, Position};
use std::hint::black_box;

/// Decisions with a choice, taken from random 4-seat games.
fn sample(engine: &Engine) -> Vec<(Position, Input, MoveList)> {
    let mut out = Vec::new();
    for seed in 0..20u64 {
        let mut game = Game::new(engine, &[0, 1, 2, 3], &Seed::from_u64(seed));
        let mut pick = SplitMix(seed);
        let mut n = 0;
        let mut list = MoveList::default();
        while let Some(input) = game.next_input() {
            engine.legal_moves(&game.position, input, &mut list);
            if list.len() > 1 {
                n += 1;
                if n % 7 == 0 {
                    out.push((game.position, input, list));
                }
            }
            let i = pick.below(list.len().max(1));
            game.play(engine, input, list.get(i));
        }
    }
    out
}

fn decisions(c: &mut Criterion) {
    for preset in PRESETS {
        let engine = Engine::preset(preset).expect("preset");
        let positions = sample(&engine);
        let mut group = c.benchmark_group(format!("decision_{preset}"));
        group.sample_size(10);
        for level in LEVELS {
            let mut bot = bot_for(level, 1).expect("level");
            group.bench_function(BenchmarkId::from_parameter(level), |b| {
                let mut k = 0;
                b.iter(|| {
                    let (pos, input, list) = &positions[k % positions.len()];
                    k += 1;
                    black_box(bot.choose(&engine, pos, *input, list))
                })
            });
        }
        group.finish();
    }
}

/// A fresh solver working out the ending of four pieces in two pairs at the foot of the
/// home column (the most states an ending of the preset has), every preset with a home.
fn endings(c: &mut Criterion) {
    let mut group = c.benchmark_group("solitaire_ending");
    group.sample_size(10);
    for preset in PRESETS {
        let engine = Engine::preset(preset).expect("preset");
        let Some(home) = engine.board.home else {
            continue;
        };
        let column = home - engine.board.last_track - 1;
        let mut pos = engine.start_position(&[0, 1]);
        pos.pieces[0] = std::array::from_fn(|i| home - column + (i as u8 % 2));
        engine.refresh_squares(&mut pos);
        group.bench_function(BenchmarkId::from_parameter(preset), |b| {
            b.iter(|| black_box(Ending::new().turns_to_finish(&engine, &pos)))
        });
    }
    group.finish();
}

criterion_group!(benches, decisions, endings);
criterion_main!(benches);
