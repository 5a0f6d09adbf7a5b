//! Bad input to `ludo moves` and `ludo apply`: status 2, nothing on standard output, and
//! exactly one line on standard error that names the problem and where it is.

mod common;

use common::ludo;
use serde_json::{Value, json};

/// A legal classic position: red to move with one piece out, green all in the yard.
fn position() -> Value {
    json!({
        "rules": "classic",
        "seats": ["red", "yellow"],
        "pieces": {"red": [10, "yard", "yard", "yard"], "yellow": ["yard", "yard", "yard", "yard"]}
    })
}

/// Runs `command` on `input` and checks the refusal: status 2, one stderr line containing
/// every one of `words`.
fn refused(command: &str, input: &str, words: &[&str]) {
    let run = ludo(&[command], input);
    assert_eq!(run.status, 2, "status for {input}: stderr {}", run.stderr);
    assert!(run.stdout.is_empty(), "stdout: {}", run.stdout);
    assert_eq!(run.stderr.lines().count(), 1, "stderr: {:?}", run.stderr);
    assert!(run.stderr.ends_with('\n'), "stderr: {:?}", run.stderr);
    for word in words {
        assert!(
            run.stderr.contains(word),
            "{word:?} not in {:?}",
            run.stderr
        );
    }
}

fn with_position(edit: impl FnOnce(&mut Value)) -> String {
    let mut p = position();
    edit(&mut p);
    json!({"position": p, "roll": 3}).to_string()
}

#[test]
fn the_sample_position_is_accepted() {
    let run = ludo(
        &["moves"],
        &json!({"position": position(), "roll": 3}).to_string(),
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out: Value = serde_json::from_str(&run.stdout).expect("JSON out");
    assert_eq!(out["moves"][0]["to"], json!(13));
}

#[test]
fn malformed_json_is_refused_with_line_and_column() {
    refused(
        "moves",
        r#"{"position": {"rules": "classic",}"#,
        &["not JSON", "line 1 column"],
    );
    refused("apply", "[1, 2", &["not JSON", "line 1"]);
}

#[test]
fn trailing_text_after_the_document_is_refused() {
    refused(
        "moves",
        r#"{"roll": 1} {"roll": 2}"#,
        &["not JSON", "trailing"],
    );
}

#[test]
fn empty_input_is_refused() {
    refused("moves", "", &["empty"]);
    refused("apply", "  \n", &["empty"]);
}

#[test]
fn a_document_that_is_not_an_object_is_refused() {
    refused("moves", "42", &["input", "object"]);
}

#[test]
fn an_unknown_preset_is_named() {
    let input = with_position(|p| p["rules"] = json!("chess"));
    refused(
        "moves",
        &input,
        &["position.rules", "unknown preset", "chess"],
    );
}

#[test]
fn five_pieces_in_a_colour_are_refused() {
    let input = with_position(|p| p["pieces"]["red"] = json!([10, "yard", "yard", "yard", "yard"]));
    refused("moves", &input, &["position.pieces.red", "5 pieces"]);
}

#[test]
fn a_progress_past_home_is_refused() {
    let input = with_position(|p| p["pieces"]["red"][0] = json!(57));
    refused("moves", &input, &["position.pieces.red[0]", "past the end"]);
}

#[test]
fn a_colour_not_in_seats_is_refused() {
    let input = with_position(|p| {
        p["pieces"]["green"] = json!(["yard", "yard", "yard", "yard"]);
    });
    refused("moves", &input, &["position.pieces.green", "not in seats"]);
}

#[test]
fn an_illegal_move_index_is_refused() {
    let input = json!({"position": position(), "roll": 3, "move": 5}).to_string();
    refused("apply", &input, &["input.move", "5", "not legal"]);
}

#[test]
fn a_move_given_when_none_is_legal_is_refused() {
    let mut p = position();
    p["pieces"]["red"] = json!(["yard", "yard", "yard", "yard"]);
    let input = json!({"position": p, "roll": 3, "move": 0}).to_string();
    refused("apply", &input, &["move", "no legal move"]);
}

#[test]
fn a_missing_roll_is_refused() {
    let input = json!({"position": position()}).to_string();
    refused("moves", &input, &["missing roll"]);
    let input = json!({"position": position(), "move": 0}).to_string();
    refused("apply", &input, &["missing roll"]);
}

#[test]
fn a_roll_of_seven_is_refused() {
    let input = json!({"position": position(), "roll": 7}).to_string();
    refused("moves", &input, &["input.roll", "1 to 6", "7"]);
    let input = json!({"position": position(), "roll": 7, "move": 0}).to_string();
    refused("apply", &input, &["input.roll", "7"]);
}

#[test]
fn an_unknown_field_is_named() {
    let input = json!({"position": position(), "roll": 3, "dice": 2}).to_string();
    refused("moves", &input, &["input.dice", "unknown field"]);
}

#[test]
fn a_missing_move_in_apply_is_refused() {
    let input = json!({"position": position(), "roll": 3}).to_string();
    refused("apply", &input, &["input.move", "missing"]);
}

#[test]
fn bytes_that_are_not_utf8_are_refused() {
    let run = common::ludo_bytes(&["moves"], b"{\"roll\": \xff}");
    assert_eq!(run.status, 2);
    assert_eq!(run.stderr.lines().count(), 1, "{:?}", run.stderr);
    assert!(run.stderr.contains("UTF-8"), "{:?}", run.stderr);
}

#[test]
fn a_bonus_the_rules_do_not_give_is_refused() {
    let input = json!({"position": position(), "bonus": 20}).to_string();
    refused("moves", &input, &["input.bonus", "no bonus moves", "20"]);
    let parchis = json!({
        "rules": "parchis",
        "seats": ["yellow", "red"],
        "pieces": {"yellow": [10, "yard", "yard", "yard"], "red": ["yard", "yard", "yard", "yard"]}
    });
    let inputs = [
        ("moves", json!({"position": parchis, "bonus": 15})),
        (
            "apply",
            json!({"position": parchis, "bonus": 15, "move": 0}),
        ),
    ];
    for (command, input) in inputs {
        let says = [
            "no bonus of 15",
            "20 for a capture and 10 for reaching home",
        ];
        refused(command, &input.to_string(), &says);
    }
    // The bonuses the rules give are played.
    for count in [20, 10] {
        let run = ludo(
            &["moves"],
            &json!({"position": parchis, "bonus": count}).to_string(),
        );
        assert_eq!(run.status, 0, "{count}: {}", run.stderr);
        assert!(
            run.stdout.contains("\"kind\":\"bonus\""),
            "{count}: {}",
            run.stdout
        );
    }
}

#[test]
fn a_rules_object_without_its_preset_says_so() {
    let input = with_position(|p| p["rules"] = json!({}));
    refused("moves", &input, &["position.rules.preset: missing"]);
    let input = with_position(|p| p["rules"] = json!({"preset": "classic", "options": 5}));
    refused(
        "moves",
        &input,
        &["position.rules.options: expected an object, got 5"],
    );
}

#[test]
fn a_huge_bad_value_is_quoted_short() {
    // A megabyte of junk where a name or a value belongs: the message says what and where
    // and quotes the start of it, not the whole of it.
    let big = "z".repeat(1_000_000);
    let inputs = [
        with_position(|p| p["rules"] = json!(big)),
        with_position(|p| p["pieces"]["red"][0] = json!(big)),
        with_position(|p| p["pieces"][big.as_str()] = json!([1, "yard", "yard", "yard"])),
        with_position(|p| p[big.as_str()] = json!(1)),
        with_position(|p| {
            p["rules"] = json!({"preset": "classic", "options": {big.as_str(): true}})
        }),
        // Values of the wrong kind, in every field that quotes what it got.
        json!({"position": position(), "roll": big}).to_string(),
        json!({"position": position(), "bonus": big}).to_string(),
        with_position(|p| p["sixes"] = json!(big)),
        with_position(|p| p["tries"] = json!(big)),
        with_position(|p| p["last_moved"] = json!(big)),
        with_position(|p| {
            p["rules"] = json!({"preset": "classic", "options": {"home_col_len": big}})
        }),
        with_position(|p| p["rules"] = json!({"preset": big})),
        with_position(|p| p["rules"] = json!({"preset": "classic", "options": {"enter_on": big}})),
        with_position(|p| p["rules"] = json!({"board": big})),
    ];
    for input in inputs {
        let run = ludo(&["moves"], &input);
        assert_eq!(
            run.status,
            2,
            "{}",
            &run.stderr[..run.stderr.len().min(200)]
        );
        assert!(
            run.stderr.len() < 300 && run.stderr.contains("zzz") && run.stderr.contains('…'),
            "{} bytes: {}",
            run.stderr.len(),
            &run.stderr[..run.stderr.len().min(200)]
        );
    }
}

#[test]
fn an_endless_input_or_file_is_refused_not_read_into_memory() {
    // Endless zeros, on standard input and as a save file: a refusal once the input passes
    // 16 MiB, not a process that grows until the machine runs out of memory.
    let zeros = std::fs::File::open("/dev/zero").expect("/dev/zero");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludo"))
        .arg("moves")
        .stdin(zeros)
        .output()
        .expect("run ludo");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: input: more than 16 MiB"), "{err}");
    let run = ludo(&["verify", "/dev/zero"], "");
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("/dev/zero: more than 16 MiB"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_field_name_that_would_act_on_a_terminal_is_quoted_escaped() {
    let input = with_position(|p| p["\u{1b}[2JX\rY\u{202E}"] = json!(1));
    refused(
        "moves",
        &input,
        &["position.\\u{1b}[2JX\\rY\\u{202e}: unknown field"],
    );
    let run = ludo(&["moves"], &input);
    assert!(
        !run.stderr.contains(['\u{1b}', '\r', '\u{202E}']),
        "{:?}",
        run.stderr
    );
}

#[test]
fn a_key_given_twice_is_refused_not_read_as_the_last_one() {
    // A colour's pieces given twice, and the roll given twice.
    let twice = r#"{"position": {"rules": "classic", "seats": ["red", "yellow"], "pieces": {"red": [10, "yard", "yard", "yard"], "red": [20, "yard", "yard", "yard"]}}, "roll": 3}"#;
    refused(
        "moves",
        twice,
        &[
            "input: not JSON: ",
            "the key \"red\" is given twice",
            "column",
        ],
    );
    let position = position().to_string();
    let roll_twice = format!(r#"{{"position": {position}, "roll": 6, "roll": 5, "move": 0}}"#);
    refused("apply", &roll_twice, &["the key \"roll\" is given twice"]);
}
