use ludo_core::Engine;
use ludo_core::playout;
use std::time::Instant;
fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let engine = Engine::preset("classic").unwrap();
    for _ in 0..3 {
        let start = Instant::now();
        let mut rolls = 0u64;
        playout::play(&engine, 1, games, |g| rolls += g.rolls as u64).unwrap();
        let s = start.elapsed().as_secs_f64();
        println!("playouts: {:.0} games/s, {:.2} ns/roll, {:.1} rolls/game", games as f64 / s, s * 1e9 / rolls as f64, rolls as f64 / games as f64);
    }
}
