//! Each way a position JSON can be wrong, by its exact message (docs/position-format.md): the
//! message names the field at fault and says what is wrong with it. The corpus tests in
//! `position_json.rs` check that damaged requests say *where*; these pin *what*, one case
//! for each check of `json::parse_position` and `json::parse_rules`. The last tests pin what
//! a round trip alone would not: which arrivals are written, and when a winner is named.

use ludo_core::json::{parse_position, parse_rules, position_to_json};
use ludo_core::rules::Rules;
use serde_json::{Value, json};

/// The message `parse_position` refuses `position` with.
fn refused(position: Value) -> String {
    match parse_position(&position) {
        Ok(_) => panic!("accepted: {position}"),
        Err(e) => e.0,
    }
}

/// A classic position with red's first piece at `red` and the rest in the yard, plus `extra`
/// fields.
fn classic(extra: Value) -> Value {
    let mut position = json!({
        "rules": "classic",
        "pieces": { "red": [5, "yard", "yard", "yard"] },
    });
    for (k, v) in extra.as_object().expect("an object") {
        position[k] = v.clone();
    }
    position
}

/// Checks that `classic(extra)` is refused with `message`, for each pair.
fn each_refused(cases: &[(Value, &str)]) {
    for (extra, message) in cases {
        assert_eq!(refused(classic(extra.clone())), *message, "{extra}");
    }
}

#[test]
fn the_outer_shape() {
    assert_eq!(refused(json!([1])), "position: expected an object");
    assert_eq!(
        refused(classic(json!({ "colour": "red" }))),
        "position.colour: unknown field"
    );
    assert_eq!(
        refused(json!({ "pieces": { "red": [5, "yard", "yard", "yard"] } })),
        "position.rules: missing"
    );
    assert_eq!(
        refused(json!({ "rules": "classic" })),
        "position.pieces: missing"
    );
    assert_eq!(
        refused(json!({ "rules": "classic", "pieces": ["red"] })),
        "position.pieces: expected an object of colours"
    );
}

#[test]
fn the_rules_value() {
    assert_eq!(
        refused(classic(json!({ "rules": 4 }))),
        "position.rules: expected a preset id or a rules object"
    );
    assert_eq!(
        refused(classic(json!({ "rules": "chess" }))),
        "position.rules: unknown preset \"chess\" (known: classic, ludo_multijoueur, \
         ludo_blocks, parchis, parchis6, mensch, petits_chevaux)"
    );
    // A preset with options is read as one; an option the preset does not know is named.
    let with_options = json!({ "preset": "classic", "options": { "safe_stars": false } });
    let rules = parse_rules(&with_options).expect("classic with an option");
    assert!(!rules.safe_stars);
    assert!(rules.safe_starts, "the preset's other rules stay");
    let message = refused(classic(json!({
        "rules": { "preset": "classic", "options": { "wobble": true } }
    })));
    assert!(message.starts_with("position.rules: "), "{message}");
    assert!(message.contains("wobble"), "{message}");
}

#[test]
fn a_full_rules_object_is_read_field_by_field_and_checked() {
    // Every field of the rules written out, one changed from the preset: the object is read
    // as written, not as the preset it names, and a position on it reads.
    let mut rules = Rules::preset("parchis").expect("parchis");
    rules.safe_stars = false;
    let full = serde_json::to_value(&rules).expect("rules as JSON");
    assert_eq!(full["preset"], json!("parchis"), "{full}");
    assert_eq!(parse_rules(&full).expect("the full rules"), rules);
    let position = json!({ "rules": full, "pieces": { "yellow": [10, 10, "yard", "yard"] } });
    let parsed = parse_position(&position).expect("a position on the full rules");
    assert_eq!(parsed.engine.rules, rules);
    assert!(
        !parsed.engine.is_safe(16),
        "square 16 is a star, and stars are off"
    );
    assert_eq!(parsed.rules_value, full, "the rules value is kept as given");

    // A field too many is named, and impossible rules are refused by their check.
    let mut extra = full.clone();
    extra["wobble"] = json!(true);
    let message = parse_rules(&extra).expect_err("an unknown field").0;
    assert!(
        message.starts_with("rules: unknown field `wobble`"),
        "{message}"
    );
    let mut no_room = full;
    no_room["capacity"] = json!(0);
    assert_eq!(
        parse_rules(&no_room).expect_err("capacity 0").0,
        "rules: invalid rules: capacity: a square must hold at least one piece"
    );
}

#[test]
fn seats() {
    each_refused(&[
        (
            json!({ "seats": "red" }),
            "position.seats: expected a list of colours",
        ),
        (
            json!({ "seats": ["red", 2] }),
            "position.seats[1]: expected a colour name",
        ),
        (
            json!({ "seats": ["red", "red"] }),
            "position.seats[1]: red is seated twice",
        ),
        (
            json!({ "seats": ["red", "purple"] }),
            "position.seats[1]: unknown colour \"purple\"",
        ),
        (
            json!({ "seats": ["red", "gray"] }),
            "position.seats[1]: gray is not a colour of this board",
        ),
    ]);
    assert_eq!(
        refused(json!({ "rules": "classic", "seats": [], "pieces": {} })),
        "position.seats: 0 seats, but the board seats 1 to 4"
    );
    assert_eq!(
        refused(json!({ "rules": "classic", "pieces": {} })),
        "position.pieces: 0 colours, but the board seats 1 to 4"
    );
}

#[test]
fn seats_left_out_are_the_boards_spread_or_the_colours_named() {
    let seats = |pieces: Value| {
        let parsed =
            parse_position(&json!({ "rules": "classic", "pieces": pieces })).expect("a position");
        position_to_json(&parsed.engine, &parsed.position, &json!("classic"))["seats"].clone()
    };
    let yard = json!(["yard", "yard", "yard", "yard"]);
    // Two colours across the board from each other are the board's spread for two.
    assert_eq!(
        seats(json!({ "yellow": yard, "red": yard })),
        json!(["red", "yellow"])
    );
    // Two neighbours are not; they are seated as named, in the board's order.
    assert_eq!(
        seats(json!({ "green": yard, "red": yard })),
        json!(["red", "green"])
    );
}

#[test]
fn pieces() {
    let yard = json!(["yard", "yard", "yard", "yard"]);
    assert_eq!(
        refused(json!({ "rules": "classic", "pieces": { "purple": yard } })),
        "position.pieces.purple: unknown colour \"purple\""
    );
    assert_eq!(
        refused(json!({ "rules": "mensch", "pieces": { "gray": yard } })),
        "position.pieces.gray: gray is not a colour of this board"
    );
    assert_eq!(
        refused(json!({ "rules": "classic", "pieces": { "red": "yard" } })),
        "position.pieces.red: expected a list of 4 pieces"
    );
    assert_eq!(
        refused(json!({ "rules": "classic", "pieces": { "red": ["yard", "yard", "yard"] } })),
        "position.pieces.red: 3 pieces, a colour has exactly 4"
    );
    assert_eq!(
        refused(json!({
            "rules": "classic",
            "seats": ["red", "yellow"],
            "pieces": { "red": yard, "green": yard },
        })),
        "position.pieces.green: green is not in seats"
    );
    assert_eq!(
        refused(json!({
            "rules": "classic",
            "seats": ["red", "yellow"],
            "pieces": { "red": yard },
        })),
        "position.pieces: seated colour yellow has no pieces listed"
    );
}

#[test]
fn one_piece() {
    let piece = |rules: &str, p: Value| {
        refused(json!({ "rules": rules, "pieces": { "red": [p, "yard", "yard", "yard"] } }))
    };
    assert_eq!(
        piece("classic", json!("nowhere")),
        "position.pieces.red[0]: expected \"yard\", \"home\" or a progress number, got \"nowhere\""
    );
    assert_eq!(
        piece("classic", json!(true)),
        "position.pieces.red[0]: expected \"yard\", \"home\" or a progress number, got true"
    );
    assert_eq!(
        piece("classic", json!(-1)),
        "position.pieces.red[0]: progress must be a whole number from 0"
    );
    assert_eq!(
        piece("classic", json!(2.5)),
        "position.pieces.red[0]: progress must be a whole number from 0"
    );
    // Classic: the road is progress 0 to 55 and home is 56, written "home".
    assert_eq!(
        piece("classic", json!(56)),
        "position.pieces.red[0]: progress 56 is home: write \"home\""
    );
    assert_eq!(
        piece("classic", json!(57)),
        "position.pieces.red[0]: progress 57 is past the end (the last is 55)"
    );
    // Mensch has no home square: its four goal fields end the road at 43.
    assert_eq!(
        piece("mensch", json!("home")),
        "position.pieces.red[0]: this board has no home; the goal fields are progress 40 to 43"
    );
    assert_eq!(
        piece("mensch", json!(44)),
        "position.pieces.red[0]: progress 44 is past the end (the last is 43)"
    );
    // The last number and "home" are accepted, and written back the same.
    let position = json!({ "rules": "classic", "pieces": { "red": [55, "home", "yard", 0] } });
    let parsed = parse_position(&position).expect("55 and home");
    let written = position_to_json(&parsed.engine, &parsed.position, &json!("classic"));
    assert_eq!(written["pieces"]["red"], json!([55, "home", "yard", 0]));
}

#[test]
fn turn_and_counters() {
    each_refused(&[
        (
            json!({ "turn": 0 }),
            "position.turn: expected a colour name",
        ),
        (
            json!({ "turn": "green" }),
            "position.turn: green is not in seats",
        ),
        (
            json!({ "turn": "teal" }),
            "position.turn: unknown colour \"teal\"",
        ),
        (
            json!({ "sixes": 3 }),
            "position.sixes: expected an integer from 0 to 2, got 3",
        ),
        (
            json!({ "tries": -1 }),
            "position.tries: expected an integer from 0 to 2, got -1",
        ),
        (
            json!({ "last_moved": 4 }),
            "position.last_moved: expected an integer from 0 to 3, got 4",
        ),
    ]);
    // In range, each is read as given.
    let parsed = parse_position(&classic(json!({ "sixes": 2, "tries": 1, "last_moved": 3 })))
        .expect("counters in range");
    assert_eq!(
        (
            parsed.position.sixes,
            parsed.position.tries,
            parsed.position.last_moved
        ),
        (2, 1, 3)
    );
}

/// Parchís with yellow at 12 and red at 46, which share square 16, a safe one.
fn shared_square(arrivals: Value) -> Value {
    json!({
        "rules": "parchis",
        "seats": ["yellow", "red"],
        "pieces": {
            "yellow": [12, "yard", "yard", "yard"],
            "red": [46, "yard", "yard", "yard"],
        },
        "arrivals": arrivals,
    })
}

#[test]
fn arrivals() {
    let message = refused(shared_square(json!("red")));
    assert_eq!(
        message,
        "position.arrivals: expected a list of [colour, piece]"
    );
    assert_eq!(
        refused(shared_square(json!([["red"]]))),
        "position.arrivals[0]: expected [colour, piece]"
    );
    assert_eq!(
        refused(shared_square(json!([["red", 4]]))),
        "position.arrivals[0]: expected an integer from 0 to 3, got 4"
    );
    assert_eq!(
        refused(shared_square(json!([["red", 0], ["purple", 0]]))),
        "position.arrivals[1]: unknown colour \"purple\""
    );
    assert_eq!(
        refused(shared_square(json!([["red", 0], ["green", 0]]))),
        "position.arrivals[1]: green is not in seats"
    );
    assert_eq!(
        refused(shared_square(json!([["red", 0], ["red", 0]]))),
        "position.arrivals[1]: red 0 is listed twice"
    );
}

#[test]
fn arrivals_give_the_order_on_a_shared_square_and_read_back() {
    // Two colours on one safe square: whichever is listed arrived last, and a piece not
    // listed arrived before every listed one.
    let both = |arrivals: Value| {
        let parsed = parse_position(&shared_square(arrivals)).expect("a shared safe square");
        let written = position_to_json(&parsed.engine, &parsed.position, &json!("parchis"));
        written["arrivals"].clone()
    };
    assert_eq!(
        both(json!([["yellow", 0], ["red", 0]])),
        json!([["yellow", 0], ["red", 0]])
    );
    assert_eq!(
        both(json!([["red", 0], ["yellow", 0]])),
        json!([["red", 0], ["yellow", 0]])
    );
    assert_eq!(
        both(json!([["yellow", 0]])),
        json!([["red", 0], ["yellow", 0]])
    );
    assert_eq!(
        both(json!([["red", 0]])),
        json!([["yellow", 0], ["red", 0]])
    );
    assert_eq!(both(json!(null)), json!([["yellow", 0], ["red", 0]]));

    // Inside, the pieces left out are stamped first, in seat then piece order, then the
    // list: yellow (seat 0) 1 to 3, red (seat 1) 0 to 3, then yellow 0.
    let parsed = parse_position(&shared_square(json!([["yellow", 0]])))
        .expect("a shared safe square")
        .position;
    assert_eq!(parsed.arrival[0], [8, 1, 2, 3]);
    assert_eq!(parsed.arrival[1], [4, 5, 6, 7]);
    assert_eq!(parsed.clock, 9, "the next arrival comes after all of them");
}

/// Three classic seats with red's pieces all home; the other two in the yard.
fn red_home(extra: Value) -> Value {
    let mut position = json!({
        "rules": "classic",
        "seats": ["red", "green", "yellow"],
        "turn": "green",
        "pieces": {
            "red": ["home", "home", "home", "home"],
            "green": [3, "yard", "yard", "yard"],
            "yellow": ["yard", "yard", "yard", "yard"],
        },
    });
    for (k, v) in extra.as_object().expect("an object") {
        position[k] = v.clone();
    }
    position
}

#[test]
fn finished() {
    assert_eq!(
        refused(red_home(json!({ "finished": "red" }))),
        "position.finished: expected a list of colours"
    );
    assert_eq!(
        refused(red_home(json!({ "finished": [0] }))),
        "position.finished[0]: expected a colour"
    );
    assert_eq!(
        refused(red_home(json!({ "finished": ["green"] }))),
        "position.finished[0]: green has not brought every piece home"
    );
    assert_eq!(
        refused(red_home(json!({ "finished": ["red", "red"] }))),
        "position.finished[1]: red has not brought every piece home"
    );
    assert_eq!(
        refused(red_home(json!({ "finished": ["blue"] }))),
        "position.finished[0]: blue is not in seats"
    );
    assert_eq!(
        refused(red_home(json!({ "finished": [] }))),
        "position.finished: a colour with every piece home is missing"
    );
    assert_eq!(
        refused(red_home(json!({ "turn": "red" }))),
        "position.turn: that colour has already finished"
    );
    // Given or worked out, red is first.
    for finished in [json!(["red"]), json!(null)] {
        let parsed =
            parse_position(&red_home(json!({ "finished": finished }))).expect("red finished");
        let written = position_to_json(&parsed.engine, &parsed.position, &json!("classic"));
        assert_eq!(written["finished"], json!(["red"]));
        assert_eq!(written["turn"], json!("green"));
    }
}

#[test]
fn squares_that_no_game_reaches() {
    assert_eq!(
        refused(json!({
            "rules": "parchis",
            "pieces": { "yellow": [10, 10, 10, "yard"] },
        })),
        "position.pieces.yellow[2]: 3 pieces on one square, over its capacity of 2"
    );
    assert_eq!(
        refused(json!({
            "rules": "mensch",
            "pieces": { "red": [7, 7, "yard", "yard"] },
        })),
        "position.pieces.red[1]: two red pieces on one square, which these rules never allow"
    );
    // Red at 14 and green at 1 stand on one square of the classic track, which is not safe.
    let message = refused(json!({
        "rules": "classic",
        "seats": ["red", "green"],
        "pieces": {
            "red": [14, "yard", "yard", "yard"],
            "green": [1, "yard", "yard", "yard"],
        },
    }));
    assert!(
        message.starts_with("position.pieces.green[0]: green and red on square ")
            && message.ends_with(
                ", which is not safe: a piece landing there captures, so they cannot meet"
            ),
        "{message}"
    );
    // Two classic pieces of one colour may share any square.
    parse_position(&json!({
        "rules": "classic",
        "pieces": { "red": [7, 7, "yard", "yard"] },
    }))
    .expect("a red pair");
}

#[test]
fn only_pieces_sharing_a_square_are_written_in_arrivals() {
    let written = |position: Value| {
        let rules = position["rules"].clone();
        let parsed = parse_position(&position).expect("a position");
        position_to_json(&parsed.engine, &parsed.position, &rules)
    };
    // Yellow 0 and red 0 share square 16; yellow 1 stands alone on square 24.
    let out = written(json!({
        "rules": "parchis",
        "seats": ["yellow", "red"],
        "pieces": {
            "yellow": [12, 20, "yard", "yard"],
            "red": [46, "yard", "yard", "yard"],
        },
        "arrivals": [["red", 0]],
    }));
    assert_eq!(out["arrivals"], json!([["yellow", 0], ["red", 0]]));
    // Two red pieces on one field of red's home column, beside a lone piece on the road.
    let out = written(json!({
        "rules": "classic",
        "pieces": { "red": [7, 53, 53, "yard"] },
        "arrivals": [["red", 2], ["red", 1]],
    }));
    assert_eq!(out["arrivals"], json!([["red", 2], ["red", 1]]));
    // Nobody has finished: the field is left out rather than written empty.
    assert!(out.get("finished").is_none(), "{out}");
    assert_eq!(out["last_moved"], Value::Null);
}

#[test]
fn apply_names_a_winner_only_once_there_is_one() {
    use ludo_core::json::apply_response;
    // Red moves 5 to 8: nobody has finished.
    let out = apply_response(&json!({
        "position": classic(json!({})),
        "roll": 3,
        "move": 0,
    }))
    .expect("a move");
    assert_eq!(out["position"]["pieces"]["red"][0], json!(8));
    assert_eq!(out["winner"], Value::Null, "{out}");
    assert_eq!(
        (&out["places"], &out["ranks"]),
        (&Value::Null, &Value::Null)
    );
    // Red's last piece comes home with an exact 3: red wins, and two seats end the game.
    let out = apply_response(&json!({
        "position": {
            "rules": "classic",
            "seats": ["red", "yellow"],
            "pieces": {
                "red": ["home", "home", "home", 53],
                "yellow": [20, "yard", "yard", "yard"],
            },
        },
        "roll": 3,
        "move": 0,
    }))
    .expect("the last piece home");
    assert_eq!(out["winner"], json!("red"), "{out}");
    assert_eq!(out["phase"], json!("over"));
    assert_eq!(out["places"], json!(["red", "yellow"]));
    assert_eq!(out["ranks"], json!([1, 2]));
}

#[test]
fn a_finished_game_has_no_moves_to_list_or_play() {
    use ludo_core::json::{apply_response, moves_response};
    // Two seats, red all home: the game is over, though yellow still has a piece to move.
    let over = json!({
        "rules": "classic",
        "seats": ["red", "yellow"],
        "turn": "yellow",
        "pieces": {
            "red": ["home", "home", "home", "home"],
            "yellow": [20, "yard", "yard", "yard"],
        },
    });
    let moves = moves_response(&json!({ "position": over, "roll": 6 }));
    let apply = apply_response(&json!({ "position": over, "roll": 6, "move": 0 }));
    for answer in [moves, apply] {
        assert_eq!(
            answer.expect_err("over").to_string(),
            "input.position: the game is already over"
        );
    }
    // One seat fewer home and the same position has moves.
    let mut playing = over.clone();
    playing["pieces"]["red"][3] = json!(53);
    let out = moves_response(&json!({ "position": playing, "roll": 6 })).expect("moves");
    assert!(
        !out["moves"].as_array().expect("a list").is_empty(),
        "{out}"
    );
}
