//! The statistics the arena reports: win rates with their Wilson score interval, mean
//! places and percentiles of decision times.

/// The z value of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval at 95% for `wins` successes out of `games`, as (low, high).
/// It stays inside 0..1 and behaves at 0 and at `games` wins, where the normal
/// approximation does not. No games gives (0, 1).
pub fn wilson(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The mean place (1 = first) from counts by place: `counts[k]` games ended in place
/// `k + 1`. `None` with no games.
pub fn mean_place(counts: &[u64]) -> Option<f64> {
    let games: u64 = counts.iter().sum();
    (games > 0).then(|| {
        counts
            .iter()
            .enumerate()
            .map(|(k, &c)| (k as f64 + 1.0) * c as f64)
            .sum::<f64>()
            / games as f64
    })
}

/// The `q`-th quantile (0 to 1) of sorted values by the nearest-rank method: the smallest
/// value with at least a share `q` of the values at or below it. `None` when empty.
pub fn quantile<T: Copy>(sorted: &[T], q: f64) -> Option<T> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (q.clamp(0.0, 1.0) * sorted.len() as f64).ceil() as usize;
    sorted.get(rank.max(1) - 1).copied()
}
