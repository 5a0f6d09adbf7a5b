//! The lockstep playouts against the engine: the same random classic games, game by game.

use ludo_core::Engine;
use ludo_core::game::random_game;
use ludo_core::playout::{self, Playout};
use proptest::prelude::*;

#[test]
fn playouts_play_the_engines_random_classic_games() {
    let engine = Engine::preset("classic").expect("classic");
    let mut games: Vec<Playout> = Vec::new();
    playout::play(&engine, 0, 3000, |g| games.push(g)).expect("classic plays");
    games.sort_by_key(|g| g.seed);
    assert_eq!(games.len(), 3000);
    for g in &games {
        let game = random_game(&engine, 4, g.seed);
        let places: Vec<usize> = engine.places(&game.position);
        assert_eq!(u64::from(g.rolls), game.rolls, "rolls of game {}", g.seed);
        assert_eq!(
            places,
            g.places.map(usize::from).to_vec(),
            "places of game {}",
            g.seed
        );
    }
}

#[test]
fn every_game_asked_for_is_played_once_and_no_other() {
    let engine = Engine::preset("classic").expect("classic");
    // Fewer games than lanes, more than lanes, none, and seeds that wrap past u64::MAX.
    for (first, games) in [(7, 5), (1_000, 200), (3, 0), (u64::MAX - 2, 70)] {
        let mut seeds = Vec::new();
        playout::play(&engine, first, games, |g| {
            assert_eq!(g.rolls, random_game(&engine, 4, g.seed).rolls as u32);
            seeds.push(g.seed)
        })
        .expect("classic plays");
        seeds.sort_unstable();
        let mut wanted: Vec<u64> = (0..games).map(|k| first.wrapping_add(k)).collect();
        wanted.sort_unstable();
        assert_eq!(seeds, wanted, "{games} games from seed {first}");
    }
}

#[test]
fn playouts_refuse_rules_other_than_classics() {
    let other = |spec: &str| {
        let value: serde_json::Value = serde_json::from_str(spec).expect("JSON");
        let rules = ludo_core::json::parse_rules(&value).expect("valid rules");
        let engine = Engine::new(rules).expect("engine");
        let mut played = 0;
        let refused = playout::play(&engine, 0, 10, |_| played += 1).expect_err(spec);
        assert_eq!(played, 0);
        refused.to_string()
    };
    assert!(other(r#""parchis""#).contains("\"parchis\""));
    assert!(other(r#""ludo_multijoueur""#).contains("classic rules only"));
    other(r#"{"preset":"classic","options":{"stop_at_first_winner":true}}"#);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any run of seeds, anywhere in the seed space: each game once, each the engine's.
    #[test]
    fn any_run_of_seeds_plays_the_engines_games(first in any::<u64>(), games in 0u64..150) {
        let engine = Engine::preset("classic").expect("classic");
        let mut played = Vec::new();
        playout::play(&engine, first, games, |g| played.push(g)).expect("classic plays");
        played.sort_by_key(|g| g.seed.wrapping_sub(first));
        prop_assert_eq!(played.len() as u64, games);
        for (k, g) in played.iter().enumerate() {
            prop_assert_eq!(g.seed, first.wrapping_add(k as u64));
            let game = random_game(&engine, 4, g.seed);
            prop_assert_eq!(u64::from(g.rolls), game.rolls);
            let places: Vec<usize> = engine.places(&game.position);
            prop_assert_eq!(places, g.places.map(usize::from).to_vec());
        }
    }
}
