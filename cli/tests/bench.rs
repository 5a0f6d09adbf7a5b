//! `ludo bench` prints positive figures, as text and as JSON.

mod common;

use common::ludo;
use serde_json::Value;

#[test]
fn bench_reports_games_and_rolls_per_second() {
    let run = ludo(
        &["bench", "--rules", "parchis", "--games", "5", "--json"],
        "",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out: Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(out["games"], 5);
    assert_eq!(out["rules"], "parchis");
    for key in ["games_per_second", "rolls_per_second", "rolls_per_game"] {
        let v = out[key].as_f64().unwrap_or(0.0);
        assert!(v > 0.0, "{key}: {v}");
    }
}

#[test]
fn bench_prints_its_figures_as_text() {
    let run = ludo(&["bench", "--games", "3", "--seats", "2"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let first = run.stdout.lines().next().unwrap_or_default();
    assert!(
        first.contains("games/s") && first.contains("rolls/s"),
        "{first}"
    );
    // The figures line, and a note when the binary is not optimised.
    assert!(run.stdout.lines().count() <= 2, "{}", run.stdout);
}

#[test]
fn bench_refuses_impossible_tables() {
    let run = ludo(&["bench", "--games", "3", "--seats", "7"], "");
    assert_eq!(run.status, 2);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    let run = ludo(&["bench", "--games", "0"], "");
    assert_eq!(run.status, 2);
}
