//! The position JSON and the `moves` / `apply` requests of position-format.md: parsing with
//! errors that say what is wrong and where, and writing back losslessly.

use crate::colour::Colour;
use crate::echo::{echo, echo_quoted, echo_value};
use crate::engine::Engine;
use crate::moves::{Input, Move, MoveList};
use crate::position::{MAX_SEATS, NO_PIECE, PIECES, Place, Position, YARD};
use crate::rules::{Rules, RulesSpec};
use crate::turn::{Penalty, Phase, Step};
use serde_json::{Map, Value, json};

/// Bad input, with the path of the field at fault in its text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct JsonError(pub String);

fn err<T>(text: impl Into<String>) -> Result<T, JsonError> {
    Err(JsonError(text.into()))
}

/// Builds rules from a JSON rules value: a preset id, `{"preset", "options"}`, or a full
/// rules object (every field of [`Rules`]).
pub fn parse_rules(value: &Value) -> Result<Rules, JsonError> {
    let wrap = |e: crate::rules::RulesError| JsonError(format!("rules: {e}"));
    match value {
        Value::String(id) => RulesSpec::Preset(id.clone()).resolve().map_err(wrap),
        Value::Object(map) if map.keys().all(|k| k == "preset" || k == "options") => {
            let preset = match map.get("preset") {
                Some(Value::String(id)) => id.clone(),
                Some(other) => {
                    return err(format!(
                        "rules.preset: expected a preset id, got {}",
                        echo_value(other)
                    ));
                }
                None => {
                    return err(
                        "rules.preset: missing (a rules object names its preset, or gives every rule)",
                    );
                }
            };
            let options = match map.get("options") {
                None => serde_json::Map::new(),
                Some(Value::Object(options)) => options.clone(),
                Some(other) => {
                    return err(format!(
                        "rules.options: expected an object, got {}",
                        echo_value(other)
                    ));
                }
            };
            RulesSpec::WithOptions { preset, options }
                .resolve()
                .map_err(wrap)
        }
        Value::Object(_) => {
            let rules: Rules = serde_json::from_value(value.clone())
                .map_err(|e| JsonError(format!("rules: {}", echo_quoted(&e.to_string()))))?;
            rules.validate().map_err(wrap)?;
            Ok(rules)
        }
        _ => err("rules: expected a preset id or a rules object"),
    }
}

/// A parsed position with the engine for its rules and the rules value to echo back.
#[derive(Clone, Debug)]
pub struct ParsedPosition {
    /// The engine for the position's rules.
    pub engine: Engine,
    /// The position.
    pub position: Position,
    /// The `rules` value as given, written back unchanged.
    pub rules_value: Value,
}

fn colour_named(engine: &Engine, name: &str, at: &str) -> Result<(Colour, usize), JsonError> {
    let colour = Colour::from_name(name)
        .ok_or_else(|| JsonError(format!("{at}: unknown colour \"{}\"", echo(name))))?;
    let index = engine
        .rules
        .colours
        .iter()
        .position(|&c| c == colour)
        .ok_or_else(|| {
            JsonError(format!(
                "{at}: {} is not a colour of this board",
                echo(name)
            ))
        })?;
    Ok((colour, index))
}

fn small_int(value: &Value, at: &str, max: u64) -> Result<u8, JsonError> {
    match value.as_u64() {
        Some(n) if n <= max => Ok(n as u8),
        _ => err(format!(
            "{at}: expected an integer from 0 to {max}, got {}",
            echo_value(value)
        )),
    }
}

/// Parses a position (position-format.md), checking that it could happen.
pub fn parse_position(value: &Value) -> Result<ParsedPosition, JsonError> {
    let obj = value
        .as_object()
        .ok_or_else(|| JsonError("position: expected an object".into()))?;
    const FIELDS: [&str; 9] = [
        "rules",
        "seats",
        "turn",
        "pieces",
        "sixes",
        "last_moved",
        "tries",
        "arrivals",
        "finished",
    ];
    if let Some(k) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        return err(format!("position.{}: unknown field", echo(k)));
    }
    let rules_value = obj
        .get("rules")
        .ok_or_else(|| JsonError("position.rules: missing".into()))?
        .clone();
    let engine =
        Engine::new(parse_rules(&rules_value).map_err(|e| JsonError(format!("position.{}", e.0)))?)
            .map_err(|e| JsonError(format!("position.rules: {e}")))?;
    let board = engine.board.clone();
    let pieces = obj
        .get("pieces")
        .ok_or_else(|| JsonError("position.pieces: missing".into()))?
        .as_object()
        .ok_or_else(|| JsonError("position.pieces: expected an object of colours".into()))?;

    // Seats: given, or the board's spread for the colours named in `pieces`.
    let mut named = Vec::new();
    for name in pieces.keys() {
        named.push(colour_named(&engine, name, &format!("position.pieces.{}", echo(name)))?.1);
    }
    let seat_colours: Vec<usize> = match obj.get("seats") {
        Some(Value::Array(list)) => {
            let mut seats = Vec::new();
            for (i, v) in list.iter().enumerate() {
                let at = format!("position.seats[{i}]");
                let name = v
                    .as_str()
                    .ok_or_else(|| JsonError(format!("{at}: expected a colour name")))?;
                let idx = colour_named(&engine, name, &at)?.1;
                if seats.contains(&idx) {
                    return err(format!("{at}: {name} is seated twice"));
                }
                seats.push(idx);
            }
            seats
        }
        Some(Value::Null) | None => {
            let spread = board.default_seating(named.len()).ok_or_else(|| {
                JsonError(format!(
                    "position.pieces: {} colours, but the board seats 1 to {}",
                    named.len(),
                    board.colours
                ))
            })?;
            // The spread seats the right number; keep the named colours if they differ.
            let mut sorted = named.clone();
            sorted.sort();
            if spread == sorted { spread } else { sorted }
        }
        Some(_) => return err("position.seats: expected a list of colours"),
    };
    if seat_colours.is_empty() || seat_colours.len() > MAX_SEATS.min(board.colours as usize) {
        return err(format!(
            "position.seats: {} seats, but the board seats 1 to {}",
            seat_colours.len(),
            board.colours
        ));
    }
    let seat_of = |idx: usize| seat_colours.iter().position(|&c| c == idx);
    let colours: Vec<u8> = seat_colours.iter().map(|&c| c as u8).collect();
    let mut pos = Position::empty(&colours);

    for (name, list) in pieces {
        let at = format!("position.pieces.{name}");
        let idx = colour_named(&engine, name, &at)?.1;
        let seat =
            seat_of(idx).ok_or_else(|| JsonError(format!("{at}: {name} is not in seats")))?;
        let list = list
            .as_array()
            .ok_or_else(|| JsonError(format!("{at}: expected a list of 4 pieces")))?;
        if list.len() != PIECES {
            return err(format!(
                "{at}: {} pieces, a colour has exactly 4",
                list.len()
            ));
        }
        for (i, v) in list.iter().enumerate() {
            pos.pieces[seat][i] = parse_piece(&engine, v, &format!("{at}[{i}]"))?;
        }
    }
    for &c in &seat_colours {
        let name = engine.rules.colours[c].name();
        if !pieces.contains_key(name) {
            return err(format!(
                "position.pieces: seated colour {name} has no pieces listed"
            ));
        }
    }

    pos.turn = match obj.get("turn") {
        None | Some(Value::Null) => 0,
        Some(Value::String(name)) => {
            let idx = colour_named(&engine, name, "position.turn")?.1;
            seat_of(idx)
                .ok_or_else(|| JsonError(format!("position.turn: {name} is not in seats")))?
                as u8
        }
        Some(_) => return err("position.turn: expected a colour name"),
    };
    pos.sixes = match obj.get("sixes") {
        None | Some(Value::Null) => 0,
        Some(v) => small_int(v, "position.sixes", 2)?,
    };
    pos.tries = match obj.get("tries") {
        None | Some(Value::Null) => 0,
        Some(v) => small_int(v, "position.tries", 2)?,
    };
    pos.last_moved = match obj.get("last_moved") {
        None | Some(Value::Null) => NO_PIECE,
        Some(v) => small_int(v, "position.last_moved", 3)?,
    };

    // Arrival order: unlisted pieces first, in seat then piece order, then the list.
    let mut listed = Vec::new();
    match obj.get("arrivals") {
        None | Some(Value::Null) => {}
        Some(Value::Array(list)) => {
            for (k, pair) in list.iter().enumerate() {
                let at = format!("position.arrivals[{k}]");
                let (name, piece) = match pair.as_array().map(|a| a.as_slice()) {
                    Some([Value::String(n), p]) => (n, small_int(p, &at, 3)?),
                    _ => return err(format!("{at}: expected [colour, piece]")),
                };
                let idx = colour_named(&engine, name, &at)?.1;
                let seat = seat_of(idx)
                    .ok_or_else(|| JsonError(format!("{at}: {name} is not in seats")))?;
                if listed.contains(&(seat, piece as usize)) {
                    return err(format!("{at}: {name} {piece} is listed twice"));
                }
                listed.push((seat, piece as usize));
            }
        }
        Some(_) => return err("position.arrivals: expected a list of [colour, piece]"),
    }
    pos.clock = 1;
    for seat in pos.seats() {
        for piece in 0..PIECES {
            if !listed.contains(&(seat, piece)) {
                pos.stamp(seat, piece);
            }
        }
    }
    for &(seat, piece) in &listed {
        pos.stamp(seat, piece);
    }

    // Finished seats: given in order, or every seat whose pieces are all at the end.
    let done: Vec<usize> = pos.seats().filter(|&s| pos.all_at_end(&board, s)).collect();
    let mut finished = Vec::new();
    match obj.get("finished") {
        None | Some(Value::Null) => finished = done.clone(),
        Some(Value::Array(list)) => {
            for (k, v) in list.iter().enumerate() {
                let at = format!("position.finished[{k}]");
                let name = v
                    .as_str()
                    .ok_or_else(|| JsonError(format!("{at}: expected a colour")))?;
                let idx = colour_named(&engine, name, &at)?.1;
                let seat = seat_of(idx)
                    .ok_or_else(|| JsonError(format!("{at}: {name} is not in seats")))?;
                if !done.contains(&seat) || finished.contains(&seat) {
                    return err(format!("{at}: {name} has not brought every piece home"));
                }
                finished.push(seat);
            }
            if finished.len() != done.len() {
                return err("position.finished: a colour with every piece home is missing");
            }
        }
        Some(_) => return err("position.finished: expected a list of colours"),
    }
    for (k, &s) in finished.iter().enumerate() {
        pos.finished[k] = s as u8;
    }
    pos.finished_count = finished.len() as u8;
    if pos.is_finished(pos.turn as usize) && !engine.is_over(&pos) {
        return err("position.turn: that colour has already finished");
    }
    engine.refresh_squares(&mut pos);
    check_squares(&engine, &pos)?;
    Ok(ParsedPosition {
        engine,
        position: pos,
        rules_value,
    })
}

fn parse_piece(engine: &Engine, v: &Value, at: &str) -> Result<u8, JsonError> {
    let board = &engine.board;
    match v {
        Value::String(s) if s == "yard" => Ok(YARD),
        Value::String(s) if s == "home" => board.home.ok_or_else(|| {
            JsonError(format!(
                "{at}: this board has no home; the goal fields are progress {} to {}",
                board.last_track + 1,
                board.max_progress()
            ))
        }),
        Value::Number(n) => match n.as_u64() {
            // A number is a place on the road; home is written "home" (position-format.md).
            Some(p) if board.home.is_some_and(|home| p == home as u64) => {
                err(format!("{at}: progress {p} is home: write \"home\""))
            }
            Some(p) if p <= board.max_progress() as u64 => Ok(p as u8),
            Some(p) => err(format!(
                "{at}: progress {p} is past the end (the last is {})",
                last_number(board)
            )),
            None => err(format!("{at}: progress must be a whole number from 0")),
        },
        _ => err(format!(
            "{at}: expected \"yard\", \"home\" or a progress number, got {}",
            echo(&v.to_string())
        )),
    }
}

/// The last progress written as a number: the square before home, or the last goal field
/// on a board without a home.
fn last_number(board: &crate::board::Board) -> u8 {
    match board.home {
        Some(home) => home - 1,
        None => board.max_progress(),
    }
}

/// Refuses squares holding more pieces than the rules allow, and pieces of two colours on
/// a square where they cannot meet: off the safe squares a piece that lands on another
/// colour's captures it, so no game reaches such a position.
fn check_squares(engine: &Engine, pos: &Position) -> Result<(), JsonError> {
    let forbids_own = engine.forbids_own_landing;
    let mut seen: Vec<(Place, usize)> = Vec::new();
    for seat in pos.seats() {
        for piece in 0..PIECES {
            let place = engine.place(pos, seat, piece);
            if matches!(place, Place::Yard | Place::Home) {
                continue;
            }
            let here: Vec<usize> = seen
                .iter()
                .filter(|(p, _)| *p == place)
                .map(|e| e.1)
                .collect();
            let name = engine.rules.colours[pos.seat_colour[seat] as usize];
            if let Some(cap) = engine.rules.capacity
                && here.len() + 1 > cap as usize
            {
                return err(format!(
                    "position.pieces.{name}[{piece}]: {} pieces on one square, over its capacity of {cap}",
                    here.len() + 1
                ));
            }
            if forbids_own && here.contains(&seat) {
                return err(format!(
                    "position.pieces.{name}[{piece}]: two {name} pieces on one square, which these rules never allow"
                ));
            }
            if let Place::Track(square) = place
                && !engine.is_safe(square)
                && let Some(&other) = here.iter().find(|&&s| s != seat)
            {
                let other = engine.rules.colours[pos.seat_colour[other] as usize];
                return err(format!(
                    "position.pieces.{name}[{piece}]: {name} and {other} on square {square}, which is not safe: a piece landing there captures, so they cannot meet"
                ));
            }
            seen.push((place, seat));
        }
    }
    Ok(())
}

/// The colour a seat plays.
pub fn seat_colour(engine: &Engine, pos: &Position, seat: usize) -> Colour {
    engine.rules.colours[pos.seat_colour[seat] as usize]
}

fn progress_json(engine: &Engine, p: u8) -> Value {
    if p == YARD {
        json!("yard")
    } else if engine.board.home == Some(p) {
        json!("home")
    } else {
        json!(p)
    }
}

/// Writes a position back as JSON.
pub fn position_to_json(engine: &Engine, pos: &Position, rules_value: &Value) -> Value {
    let mut pieces = Map::new();
    for seat in pos.seats() {
        let list: Vec<Value> = pos.pieces[seat]
            .iter()
            .map(|&p| progress_json(engine, p))
            .collect();
        pieces.insert(
            seat_colour(engine, pos, seat).name().to_string(),
            Value::Array(list),
        );
    }
    // Only the order of pieces sharing a square matters: list those, earliest first.
    let mut sharing = Vec::new();
    for seat in pos.seats() {
        for piece in 0..PIECES {
            let place = engine.place(pos, seat, piece);
            if !matches!(place, Place::Track(_) | Place::Column(..)) {
                continue;
            }
            let shared = pos.seats().any(|s| {
                (0..PIECES).any(|i| {
                    (s, i) != (seat, piece)
                        && engine.place(pos, s, i) == place
                        && (matches!(place, Place::Track(_)) || s == seat)
                })
            });
            if shared {
                sharing.push((pos.arrival[seat][piece], seat, piece));
            }
        }
    }
    sharing.sort();
    let arrivals: Vec<Value> = sharing
        .iter()
        .map(|&(_, s, i)| json!([seat_colour(engine, pos, s).name(), i]))
        .collect();
    let mut out = Map::new();
    out.insert("rules".into(), rules_value.clone());
    out.insert(
        "seats".into(),
        Value::Array(
            pos.seats()
                .map(|s| json!(seat_colour(engine, pos, s).name()))
                .collect(),
        ),
    );
    out.insert(
        "turn".into(),
        json!(seat_colour(engine, pos, pos.turn as usize).name()),
    );
    out.insert("pieces".into(), Value::Object(pieces));
    out.insert("sixes".into(), json!(pos.sixes));
    out.insert(
        "last_moved".into(),
        if pos.last_moved == NO_PIECE {
            Value::Null
        } else {
            json!(pos.last_moved)
        },
    );
    out.insert("tries".into(), json!(pos.tries));
    out.insert("arrivals".into(), Value::Array(arrivals));
    if pos.finished_count > 0 {
        let done: Vec<Value> = pos.finished[..pos.finished_count as usize]
            .iter()
            .map(|&s| json!(seat_colour(engine, pos, s as usize).name()))
            .collect();
        out.insert("finished".into(), Value::Array(done));
    }
    Value::Object(out)
}

fn captures_json(engine: &Engine, pos: &Position, mask: u32) -> Value {
    Value::Array(
        crate::moves::captured_pieces(mask)
            .map(|(s, i)| json!([seat_colour(engine, pos, s).name(), i]))
            .collect(),
    )
}

/// One move as JSON.
pub fn move_to_json(engine: &Engine, pos: &Position, m: &Move) -> Value {
    let mut out = Map::new();
    if m.is_pair() {
        out.insert("pieces".into(), json!([m.piece, m.partner]));
    } else {
        out.insert("piece".into(), json!(m.piece));
    }
    out.insert("from".into(), progress_json(engine, m.from));
    out.insert("to".into(), progress_json(engine, m.to));
    out.insert("kind".into(), json!(m.kind.name()));
    out.insert("captures".into(), captures_json(engine, pos, m.captures));
    Value::Object(out)
}

/// A parsed `moves` or `apply` request.
pub struct Request {
    /// The position and its engine.
    pub parsed: ParsedPosition,
    /// The roll or bonus to play.
    pub input: Input,
    /// The chosen move index (`apply` only); `None` for null.
    pub choice: Option<usize>,
}

/// Parses a request: `{"position": P, "roll": n}` or `{"position": P, "bonus": n}`, plus
/// `"move"` when `with_move` (an index or null).
pub fn parse_request(value: &Value, with_move: bool) -> Result<Request, JsonError> {
    let obj = value
        .as_object()
        .ok_or_else(|| JsonError("input: expected a JSON object".into()))?;
    let allowed: &[&str] = if with_move {
        &["position", "roll", "bonus", "move"]
    } else {
        &["position", "roll", "bonus"]
    };
    if let Some(k) = obj.keys().find(|k| !allowed.contains(&k.as_str())) {
        return err(format!("input.{}: unknown field", echo(k)));
    }
    let parsed = parse_position(
        obj.get("position")
            .ok_or_else(|| JsonError("input.position: missing".into()))?,
    )?;
    let input = match (obj.get("roll"), obj.get("bonus")) {
        (Some(r), None) => match r.as_u64() {
            Some(d @ 1..=6) => Input::Roll(d as u8),
            _ => {
                return err(format!(
                    "input.roll: expected a die value 1 to 6, got {}",
                    echo_value(r)
                ));
            }
        },
        (None, Some(b)) => match b.as_u64() {
            Some(n @ 1..=255) if !parsed.engine.rules.gives_bonus(n as u8) => {
                return err(format!(
                    "input.bonus: {}",
                    parsed.engine.rules.bonus_refusal(n as u8)
                ));
            }
            Some(n @ 1..=255) => Input::Bonus(n as u8),
            _ => {
                return err(format!(
                    "input.bonus: expected a count from 1 to 255, got {}",
                    echo_value(b)
                ));
            }
        },
        (Some(_), Some(_)) => return err("input: give either roll or bonus, not both"),
        (None, None) => return err("input: missing roll (or bonus)"),
    };
    let choice = if with_move {
        match obj.get("move") {
            None => return err("input.move: missing (an index into the moves, or null)"),
            Some(Value::Null) => None,
            Some(v) => match v.as_u64() {
                Some(i) => Some(i as usize),
                None => {
                    return err(format!(
                        "input.move: expected an index or null, got {}",
                        echo_value(v)
                    ));
                }
            },
        }
    } else {
        None
    };
    Ok(Request {
        parsed,
        input,
        choice,
    })
}

/// Answers a `moves` request.
pub fn moves_response(value: &Value) -> Result<Value, JsonError> {
    let req = parse_request(value, false)?;
    let ParsedPosition {
        engine, position, ..
    } = &req.parsed;
    // As `apply` refuses to play on: a finished game has no moves to list.
    if engine.is_over(position) {
        return err("input.position: the game is already over");
    }
    let mut list = MoveList::default();
    engine.legal_moves(position, req.input, &mut list);
    let moves: Vec<Value> = list
        .as_slice()
        .iter()
        .map(|m| move_to_json(engine, position, m))
        .collect();
    Ok(json!({ "moves": moves }))
}

/// Answers an `apply` request.
pub fn apply_response(value: &Value) -> Result<Value, JsonError> {
    let req = parse_request(value, true)?;
    let ParsedPosition {
        engine,
        position,
        rules_value,
    } = &req.parsed;
    if engine.is_over(position) {
        return err("input.position: the game is already over");
    }
    let before = *position;
    let mut pos = *position;
    let step = engine
        .apply(&mut pos, req.input, req.choice)
        .map_err(|e| JsonError(format!("input.{e}")))?;
    Ok(step_to_json(engine, &before, &pos, &step, rules_value))
}

/// The `apply` output for a step.
pub fn step_to_json(
    engine: &Engine,
    before: &Position,
    after: &Position,
    step: &Step,
    rules_value: &Value,
) -> Value {
    let (phase, bonus) = match step.phase {
        Phase::Roll => ("roll", Value::Null),
        Phase::Bonus(n) => ("bonus", json!(n)),
        Phase::Over => ("over", Value::Null),
    };
    let penalty = match step.penalty {
        None => Value::Null,
        Some(Penalty::Burnt) => json!({"burnt": true}),
        Some(Penalty::SentHome(piece)) => {
            json!({"sent_home": [seat_colour(engine, before, step.seat as usize).name(), piece]})
        }
    };
    let winner = if after.finished_count > 0 {
        json!(seat_colour(engine, after, after.finished[0] as usize).name())
    } else {
        Value::Null
    };
    let (places, ranks) = if step.phase == Phase::Over {
        let places = engine
            .places(after)
            .into_iter()
            .map(|s| json!(seat_colour(engine, after, s).name()))
            .collect();
        (Value::Array(places), json!(engine.ranks(after)))
    } else {
        (Value::Null, Value::Null)
    };
    json!({
        "position": position_to_json(engine, after, rules_value),
        "phase": phase,
        "bonus": bonus,
        "captured": captures_json(engine, before, step.captures),
        "penalty": penalty,
        "winner": winner,
        "places": places,
        "ranks": ranks,
        "lapsed": step.lapsed,
    })
}
