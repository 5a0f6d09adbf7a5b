//! Rolls per random game and time per roll, for every preset (or the one named).
use ludo_core::{Engine, game::random_game, rules::PRESETS};
fn main() {
    let only = std::env::args().nth(1);
    for p in PRESETS
        .iter()
        .filter(|p| only.as_deref().is_none_or(|o| o == **p))
    {
        let e = Engine::preset(p).expect("preset");
        let n = 2000;
        let t = std::time::Instant::now();
        let mut rolls = 0;
        for s in 0..n {
            rolls += random_game(&e, 4, s).rolls;
        }
        let el = t.elapsed().as_secs_f64();
        println!(
            "{p}: {:.0} rolls/game, {:.0} games/s, {:.1} ns/roll",
            rolls as f64 / n as f64,
            n as f64 / el,
            el * 1e9 / rolls as f64
        );
    }
}
