//! The lockstep playouts against the engine: the same random classic games, game by game.

use ludo_core::Engine;
use ludo_core::game::random_game;
use ludo_core::playout::{self, Playout};

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
        assert_eq!(places, g.places.map(usize::from).to_vec(), "places of game {}", g.seed);
    }
}
