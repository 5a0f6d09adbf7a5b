//! The engine against an independent, hand-written classic simulator
//! (`core/examples/lean_classic.rs`): random four-seat classic games from the same seeds
//! must make the same number of rolls and end in the same places, game by game. The two
//! share nothing but the dice scheme, so a rule that one of them gets wrong (a capture on a
//! safe square, an overshoot, a third six, a stack) shows up as a different game.

#[path = "../examples/lean_classic.rs"]
mod lean;

use ludo_core::Engine;
use ludo_core::game::random_game;

#[test]
fn the_engine_plays_the_same_classic_games_as_a_hand_written_simulator() {
    let engine = Engine::preset("classic").expect("classic");
    for seed in 0..3000 {
        let game = random_game(&engine, 4, seed);
        let lean = lean::play(seed);
        let places: Vec<usize> = engine.places(&game.position);
        assert_eq!(game.rolls, lean.rolls, "rolls of game {seed}");
        assert_eq!(
            places,
            lean.places.map(usize::from).to_vec(),
            "places of game {seed}"
        );
    }
}
