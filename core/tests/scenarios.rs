//! Runs every rule scenario in `tests/scenarios/*.json` through the library's `moves` and
//! `apply` (the same cases run through the `ludo` binary in `cli/tests/scenarios.rs`).

use ludo_core::json::{apply_response, moves_response};
use serde_json::Value;
use std::path::PathBuf;

fn scenario_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/scenarios")
}

/// Whether `actual` matches `expected` as tests/scenarios/README.md says.
fn matches(expected: &Value, actual: &Value, key: &str) -> Result<(), String> {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                let av = a.get(k).ok_or_else(|| format!("missing key {k}"))?;
                matches(ev, av, k).map_err(|m| format!("{k}: {m}"))?;
            }
            Ok(())
        }
        (Value::Array(e), Value::Array(a)) if key == "moves" => {
            let mut want: Vec<String> = e.iter().map(Value::to_string).collect();
            let mut got: Vec<String> = a.iter().map(Value::to_string).collect();
            want.sort();
            got.sort();
            if want == got {
                Ok(())
            } else {
                Err(format!("moves differ\n  want {want:?}\n  got  {got:?}"))
            }
        }
        _ if expected == actual => Ok(()),
        _ => Err(format!("want {expected}, got {actual}")),
    }
}

/// Runs one named case, wherever it is filed.
fn run_named(name: &str) {
    for entry in std::fs::read_dir(scenario_dir()).expect("tests/scenarios") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let cases: Vec<Value> =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
        if let Some(case) = cases.iter().find(|c| c["name"] == name) {
            let out = match case["command"].as_str() {
                Some("moves") => moves_response(&case["input"]),
                _ => apply_response(&case["input"]),
            };
            match (out, case.get("error")) {
                (Ok(out), None) => {
                    matches(&case["expect"], &out, "").unwrap_or_else(|e| panic!("{name}: {e}"))
                }
                (Err(e), Some(want)) => assert!(
                    e.0.contains(want.as_str().unwrap_or_default()),
                    "{name}: {}",
                    e.0
                ),
                (other, _) => panic!("{name}: {other:?}"),
            }
            return;
        }
    }
    panic!("no scenario named {name}");
}

/// One test per rule of the classic preset (rules.md §4), named after the rule.
macro_rules! classic_rules {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            #[allow(non_snake_case)]
            fn $name() {
                run_named(stringify!($name));
            }
        )*
    };
}

classic_rules!(
    C01_stacking_own_pieces,
    C01_a_stack_forms,
    C03_no_capture_on_a_star,
    C05_nothing_blocks,
    C05_capture_takes_the_whole_stack,
    C07_capture_gives_no_extra_roll,
    C09_exact_roll_needed_for_home,
    C09_turn_passes_with_no_legal_move,
    C11_several_colours_share_a_star,
    C13_another_colours_start_square_is_safe,
    classic_entering_on_six_is_optional,
    classic_no_entry_without_six,
    classic_entering_onto_an_occupied_start_is_legal,
    classic_third_six_is_burnt,
    classic_six_gives_another_roll,
    classic_reaching_home_gives_no_extra_roll,
    classic_compulsory_move_null_refused,
    classic_two_seats_game_over_when_one_is_left,
    classic_two_colours_sit_opposite,
);

#[test]
fn every_scenario_holds_through_the_library() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(scenario_dir())
        .expect("tests/scenarios")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for file in &files {
        let cases: Vec<Value> =
            serde_json::from_str(&std::fs::read_to_string(file).expect("read")).expect("json");
        for case in cases {
            count += 1;
            let name = case["name"].as_str().unwrap_or("?").to_string();
            let result = match case["command"].as_str() {
                Some("moves") => moves_response(&case["input"]),
                Some("apply") => apply_response(&case["input"]),
                other => panic!("{name}: unknown command {other:?}"),
            };
            let outcome = match (result, case.get("error")) {
                (Ok(out), None) => matches(&case["expect"], &out, ""),
                (Ok(out), Some(e)) => Err(format!("expected error {e}, got {out}")),
                (Err(e), Some(want)) => {
                    let want = want.as_str().unwrap_or_default();
                    if e.0.contains(want) {
                        Ok(())
                    } else {
                        Err(format!("error {:?} does not mention {want:?}", e.0))
                    }
                }
                (Err(e), None) => Err(format!("unexpected error: {}", e.0)),
            };
            if let Err(why) = outcome {
                failures.push(format!("{}: {name}: {why}", file.display()));
            }
        }
    }
    assert!(count > 100, "only {count} scenarios found");
    assert!(
        failures.is_empty(),
        "{} of {count} scenarios fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

mod setup {
    use ludo_core::Engine;
    use ludo_core::position::YARD;

    #[test]
    fn parchis_starts_with_one_piece_of_each_colour_on_its_exit() {
        let engine = Engine::preset("parchis").expect("parchis");
        let pos = engine.start_position(&[0, 1, 2, 3]);
        for seat in 0..4 {
            assert_eq!(pos.pieces[seat], [0, YARD, YARD, YARD]);
        }
        // Printed squares 5, 22, 39, 56.
        let exits: Vec<u8> = (0..4)
            .map(|c| engine.board.track_square(c, 0) + 1)
            .collect();
        assert_eq!(exits, vec![5, 22, 39, 56]);
    }

    #[test]
    fn mensch_starts_with_one_piece_on_the_start_field() {
        let engine = Engine::preset("mensch").expect("mensch");
        let pos = engine.start_position(&[0, 1, 2, 3]);
        assert_eq!(pos.pieces[2], [0, YARD, YARD, YARD]);
    }

    #[test]
    fn classic_starts_with_every_piece_in_the_yard_and_two_seats_opposite() {
        let engine = Engine::preset("classic").expect("classic");
        assert_eq!(engine.board.default_seating(2), Some(vec![0, 2]));
        let pos = engine.start_position(&[0, 2]);
        assert_eq!(pos.pieces[0], [YARD; 4]);
        assert_eq!(pos.pieces[1], [YARD; 4]);
    }

    #[test]
    fn parchis_ranking_points_are_rule_data() {
        let engine = Engine::preset("parchis").expect("parchis");
        assert_eq!(engine.rules.ranking_points[2], vec![2, 1, -1, -2]);
        let six = Engine::preset("parchis6").expect("parchis6");
        assert_eq!(six.rules.ranking_points[4], vec![3, 2, 1, -1, -2, -3]);
    }

    #[test]
    fn same_seed_gives_the_same_game() {
        let engine = Engine::preset("classic").expect("classic");
        let a = ludo_core::game::random_game(&engine, 4, 99);
        let b = ludo_core::game::random_game(&engine, 4, 99);
        assert_eq!(a.position, b.position);
        assert_eq!(a.rolls, b.rolls);
        let c = ludo_core::game::random_game(&engine, 4, 100);
        assert_ne!(a.position, c.position);
    }
}
