//! The position JSON of `ludo moves` / `ludo apply` (docs/position-format.md): every
//! position a game reaches reads back as itself, what `apply` writes is valid input again,
//! and damaged requests, by value or by byte, give an error that says where, never a panic.

use ludo_core::Engine;
use ludo_core::dice::Seed;
use ludo_core::game::{Game, SplitMix};
use ludo_core::json::{apply_response, moves_response, parse_position, position_to_json};
use ludo_core::moves::{Input, MoveList};
use ludo_core::rules::PRESETS;
use proptest::prelude::*;
use serde_json::{Value, json};
use std::sync::LazyLock;

mod common;
use common::{any_json, at_path, mutate, mutation, paths};

/// A request for `input` at `position` (a position JSON).
fn request(position: Value, input: Input) -> Value {
    match input {
        Input::Roll(d) => json!({ "position": position, "roll": d }),
        Input::Bonus(n) => json!({ "position": position, "bonus": n }),
    }
}

/// Every seat count the preset's board takes, from two up.
fn seat_counts(engine: &Engine) -> Vec<usize> {
    (2..=6)
        .filter(|&n| engine.board.seat_colours(n).is_some())
        .collect()
}

/// Plays a random game of `preset` with `seats` seats and calls `visit` with the JSON of
/// every position that waits for an input, and that input.
fn visit_game(preset: &str, seats: usize, seed: u64, mut visit: impl FnMut(&Engine, Value, Input)) {
    let engine = Engine::preset(preset).expect("preset");
    let colours = engine.board.seat_colours(seats).expect("seats");
    let mut game = Game::new(&engine, &colours, &Seed::from_u64(seed));
    let mut pick = SplitMix(seed);
    let mut list = MoveList::default();
    while let Some(input) = game.next_input() {
        visit(
            &engine,
            position_to_json(&engine, &game.position, &json!(preset)),
            input,
        );
        engine.legal_moves(&game.position, input, &mut list);
        let index = if list.is_empty() {
            usize::MAX
        } else {
            pick.below(list.len())
        };
        game.play(&engine, input, list.get(index));
        if game.rolls > 3_000 {
            break;
        }
    }
}

#[test]
fn every_position_a_game_reaches_reads_back_as_itself() {
    let mut checked = 0;
    for preset in PRESETS {
        let engine = Engine::preset(preset).expect("preset");
        for seats in seat_counts(&engine) {
            visit_game(preset, seats, seats as u64, |engine, written, input| {
                let parsed = parse_position(&written)
                    .unwrap_or_else(|e| panic!("{preset}, {seats} seats: {e}\n{written}"));
                let again = position_to_json(engine, &parsed.position, &parsed.rules_value);
                assert_eq!(again, written, "{preset}, {seats} seats");
                // The same legal moves as the engine's own position gives.
                let listed = moves_response(&request(written, input)).expect("moves");
                let mut list = MoveList::default();
                engine.legal_moves(&parsed.position, input, &mut list);
                assert_eq!(
                    listed["moves"].as_array().map(Vec::len),
                    Some(list.len()),
                    "{preset}"
                );
                checked += 1;
            });
        }
    }
    assert!(checked > 5_000, "only {checked} positions");
}

/// Requests to damage: the `moves` and `apply` inputs of the rule scenarios (those that are
/// not error cases), and positions from random games on every preset.
fn corpus() -> &'static [Value] {
    static CORPUS: LazyLock<Vec<Value>> = LazyLock::new(|| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/scenarios");
        let mut requests = Vec::new();
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("tests/scenarios")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        for path in files {
            let cases: Vec<Value> =
                serde_json::from_str(&std::fs::read_to_string(&path).expect("read"))
                    .expect("scenario json");
            requests.extend(
                cases
                    .into_iter()
                    .filter(|c| c["command"] == "moves" || c["command"] == "apply")
                    .filter(|c| c.get("error").is_none())
                    .map(|c| c["input"].clone()),
            );
        }
        for (i, preset) in PRESETS.iter().enumerate() {
            let mut n = 0;
            visit_game(preset, 4, i as u64, |_, position, input| {
                if n % 40 == 7 {
                    requests.push(request(position, input));
                }
                n += 1;
            });
        }
        requests
    });
    &CORPUS
}

/// `request` without its move (for `moves`) and with one (for `apply`: the request's own,
/// else the first legal move, or null when there is none).
fn split_move(request: &Value) -> (Value, Value) {
    let mut moves = request.clone();
    if let Some(obj) = moves.as_object_mut() {
        obj.remove("move");
    }
    let legal = moves_response(&moves)
        .ok()
        .and_then(|out| out["moves"].as_array().map(Vec::len))
        .unwrap_or(0);
    let mut apply = request.clone();
    if let Some(obj) = apply.as_object_mut() {
        obj.entry("move")
            .or_insert(if legal == 0 { Value::Null } else { json!(0) });
    }
    (moves, apply)
}

/// An error says where the problem is and what it is: `where: what`.
fn says_where(message: &str) -> bool {
    message
        .split_once(": ")
        .is_some_and(|(at, what)| !at.is_empty() && !what.is_empty())
}

/// Runs both commands on `request`. Neither may panic; an error must say where and what;
/// and a position `apply` writes must be accepted as input in turn.
fn check_request(req: &Value) -> Result<(), TestCaseError> {
    let (moves_req, apply_req) = split_move(req);
    if let Err(e) = moves_response(&moves_req) {
        prop_assert!(says_where(&e.0), "moves: {}", e.0);
    }
    match apply_response(&apply_req) {
        Err(e) => prop_assert!(says_where(&e.0), "apply: {}", e.0),
        Ok(out) => {
            let next = match (out["phase"].as_str(), out["bonus"].as_u64()) {
                (Some("roll"), _) => Some(Input::Roll(6)),
                (Some("bonus"), Some(n)) => Some(Input::Bonus(n as u8)),
                (Some("over"), _) => None,
                other => return Err(TestCaseError::fail(format!("apply phase {other:?}"))),
            };
            if let Some(input) = next {
                let again = request(out["position"].clone(), input);
                if let Err(e) = moves_response(&again) {
                    return Err(TestCaseError::fail(format!(
                        "apply wrote a position it refuses: {}\n{}",
                        e.0, again
                    )));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn the_corpus_is_accepted_as_it_is() {
    let corpus = corpus();
    assert!(corpus.len() > 200, "{} requests", corpus.len());
    for r in corpus {
        let (moves_req, apply_req) = split_move(r);
        if let Err(e) = moves_response(&moves_req) {
            panic!("moves refused {r}: {}", e.0);
        }
        if let Err(e) = apply_response(&apply_req) {
            panic!("apply refused {apply_req}: {}", e.0);
        }
        check_request(r).unwrap_or_else(|e| panic!("{e}\n{r}"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, failure_persistence: None, ..ProptestConfig::default() })]

    /// A value of the wrong type or range anywhere in a request (the rules, a colour's
    /// pieces, the counters, the roll, the move): an error that names the place, or a
    /// valid answer.
    #[test]
    fn a_wrong_value_anywhere_in_a_request_never_panics(which in any::<usize>(), pick in any::<usize>(), value in any_json()) {
        let corpus = corpus();
        let mut doc = corpus[which % corpus.len()].clone();
        let mut all = Vec::new();
        paths(&doc, &mut Vec::new(), &mut all);
        let path = &all[1 + pick % (all.len() - 1)];
        if let Some(slot) = at_path(&mut doc, path) {
            *slot = value;
        }
        check_request(&doc)?;
    }

    /// Damaged request text (truncated, flipped bits, stray bytes): whatever still parses
    /// as JSON is answered or refused, never a panic.
    #[test]
    fn damaged_request_text_never_panics(which in any::<usize>(), muts in prop::collection::vec(mutation(), 1..4)) {
        let corpus = corpus();
        let mut bytes = corpus[which % corpus.len()].to_string().into_bytes();
        for m in &muts {
            mutate(&mut bytes, m);
        }
        if let Ok(doc) = serde_json::from_slice::<Value>(&bytes) {
            check_request(&doc)?;
        }
    }
}
