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
    // The rates are the counts over the time, and the binary says how it was built (the
    // tests' build and the binary's are the same profile).
    let number = |key: &str| out[key].as_f64().unwrap_or(f64::NAN);
    let (games, rolls, seconds) = (number("games"), number("rolls"), number("seconds"));
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
    assert!(close(number("games_per_second"), games / seconds), "{out}");
    assert!(close(number("rolls_per_second"), rolls / seconds), "{out}");
    assert!(close(number("rolls_per_game"), rolls / games), "{out}");
    assert_eq!(out["optimised"], !cfg!(debug_assertions));
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
    let lines = 1 + usize::from(cfg!(debug_assertions));
    assert_eq!(run.stdout.lines().count(), lines, "{}", run.stdout);
}

#[test]
fn bench_refuses_impossible_tables() {
    let run = ludo(&["bench", "--games", "3", "--seats", "7"], "");
    assert_eq!(run.status, 2);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    let run = ludo(&["bench", "--games", "0"], "");
    assert_eq!(run.status, 2);
}

#[test]
fn lockstep_bench_plays_the_engines_games() {
    let rolls = |extra: &[&str]| {
        let mut args = vec!["bench", "--games", "300", "--seed", "40", "--json"];
        args.extend_from_slice(extra);
        let run = ludo(&args, "");
        assert_eq!(run.status, 0, "{}", run.stderr);
        let out: Value = serde_json::from_str(&run.stdout).expect("JSON");
        assert_eq!(out["lockstep"], !extra.is_empty());
        out["rolls"].as_u64().unwrap_or(0)
    };
    let engine = rolls(&[]);
    assert!(engine > 300 * 100, "{engine} rolls");
    assert_eq!(rolls(&["--lockstep"]), engine);
}

#[test]
fn lockstep_bench_refuses_what_it_cannot_play() {
    for args in [
        &["bench", "--lockstep", "--rules", "parchis"][..],
        &["bench", "--lockstep", "--seats", "2"],
        &[
            "bench",
            "--lockstep",
            "--rules",
            r#"{"preset":"classic","options":{"stop_at_first_winner":true}}"#,
        ],
    ] {
        let run = ludo(args, "");
        assert_eq!(run.status, 2, "{args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(run.stderr.contains("--lockstep"), "{}", run.stderr);
    }
}
