//! The save format (docs/save-format.md): a session as versioned JSON, read back with
//! errors that name the field at fault, older versions migrated forward, newer refused.
//!
//! A save holds the setup (rules, seats, seed and its commitment), the log of choices and
//! every seat's rolls, plus a summary for listings and a checksum. Loading replays the log
//! from the seed and checks the rolls, so a file that decodes but tells an impossible game
//! is refused like a damaged one.

use crate::colour::Colour;
use crate::dice::{Seed, hex};
use crate::rules::RulesSpec;
use crate::session::{GameSetup, LogError, Seat, SeatKind, Session, SessionError, unix_now};
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

/// The schema version this build writes. It reads every version up to this one.
pub const SCHEMA: u64 = 2;

/// Why a save (or a replay code) could not be read or written. Each variant names the
/// problem; field paths are as in docs/save-format.md (`seats[1].kind`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    /// The file is empty.
    #[error("the save is empty")]
    Empty,
    /// The JSON stops before it is complete.
    #[error("the save is cut short: the JSON ends unfinished at line {line}, column {column}")]
    Truncated {
        /// Line of the end, from 1.
        line: usize,
        /// Column of the end, from 1.
        column: usize,
    },
    /// The bytes are not JSON.
    #[error("the save is not JSON: {detail} at line {line}, column {column}")]
    NotJson {
        /// What the JSON parser found.
        detail: String,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
    },
    /// JSON, but not a Ludo save.
    #[error("not a Ludo save: {0}")]
    NotASave(String),
    /// Written by a newer version of the game; it is left untouched.
    #[error(
        "this save has schema version {found}, newer than this app reads (up to {supported}); update the app to open it — the file is left untouched"
    )]
    NewerVersion {
        /// The version in the file.
        found: u64,
        /// The newest version this build reads.
        supported: u64,
    },
    /// A required field is missing.
    #[error("{field}: missing")]
    Missing {
        /// The field's path.
        field: String,
    },
    /// A field has the wrong JSON type.
    #[error("{field}: expected {expected}, found {found}")]
    WrongType {
        /// The field's path.
        field: String,
        /// What it should be.
        expected: &'static str,
        /// The JSON type found.
        found: &'static str,
    },
    /// A field has the right type but an impossible value.
    #[error("{field}: {detail}")]
    Invalid {
        /// The field's path.
        field: String,
        /// What is wrong with it.
        detail: String,
    },
    /// The checksum does not match the content: the file was damaged or edited.
    #[error(
        "check: the checksum does not match the content (file says {recorded}, content gives {computed}); the file was damaged or edited"
    )]
    ChecksumMismatch {
        /// The checksum in the file.
        recorded: String,
        /// The checksum of the content.
        computed: String,
    },
    /// The seed is not the one the game committed to.
    #[error(
        "dice: the seed does not match the commitment (SHA-256 of the seed is {computed}, the commitment says {commitment})"
    )]
    CommitmentMismatch {
        /// The commitment in the file.
        commitment: String,
        /// SHA-256 of the seed in the file.
        computed: String,
    },
    /// The log does not replay from the seed.
    #[error("log: {0}")]
    Log(#[from] LogError),
    /// A roll recorded in the file is not what the seed gives.
    #[error("rolls[{seat}][{index}]: the file says {}, the seed gives {}", show(*.recorded), show(*.computed))]
    RollMismatch {
        /// The seat.
        seat: u8,
        /// The roll's index among that seat's rolls (the roll-off first).
        index: usize,
        /// The value in the file, if the file has that roll.
        recorded: Option<u8>,
        /// The value the seed and the log give, if the game has that roll.
        computed: Option<u8>,
    },
    /// Not a replay code, or a damaged one.
    #[error("replay code: {0}")]
    BadCode(String),
    /// A file operation failed.
    #[error("{path}: {detail}")]
    Io {
        /// The file or folder.
        path: String,
        /// The system's message.
        detail: String,
    },
    /// No save has this id.
    #[error("no save named \"{id}\"")]
    NotFound {
        /// The id asked for.
        id: String,
    },
    /// A save id with characters a file name cannot safely hold.
    #[error("\"{id}\" is not a save name: use 1 to 64 letters, digits, '-' and '_'")]
    BadName {
        /// The id given.
        id: String,
    },
    /// Neither the save nor its backup could be read.
    #[error("{main}; its backup could not be read either: {backup}")]
    Unreadable {
        /// Why the save failed.
        main: Box<SaveError>,
        /// Why the backup failed.
        backup: Box<SaveError>,
    },
}

fn show(v: Option<u8>) -> String {
    v.map_or_else(|| "no roll".to_string(), |v| v.to_string())
}

impl From<SessionError> for SaveError {
    fn from(e: SessionError) -> SaveError {
        match e {
            SessionError::Rules(e) => SaveError::Invalid {
                field: "rules".into(),
                detail: e.to_string(),
            },
            SessionError::Seats(detail) => SaveError::Invalid {
                field: "seats".into(),
                detail,
            },
            SessionError::Log(e) => SaveError::Log(e),
            other => SaveError::Invalid {
                field: "log".into(),
                detail: other.to_string(),
            },
        }
    }
}

/// One seat in a save's summary.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeatSummary {
    /// The seat's name.
    pub name: String,
    /// Human or bot.
    pub kind: SeatKind,
    /// Its colour.
    pub colour: Colour,
    /// Pieces at the end of the road.
    pub pieces_home: u8,
    /// How far the colour has come, 0 to 100.
    pub progress: u8,
    /// Its place once finished.
    pub place: Option<u8>,
}

/// What a list of saves shows without replaying the game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Summary {
    /// When the save was written, seconds since 1970.
    pub saved_at: u64,
    /// When the game began.
    pub created_at: u64,
    /// The preset the rules start from.
    pub rules: String,
    /// The seats in turn order, with how far each colour is.
    pub seats: Vec<SeatSummary>,
    /// The seat to move.
    pub turn: u8,
    /// Rolls made, the roll-off included.
    pub rolls: u32,
    /// Decisions in the log.
    pub decisions: u32,
    /// Whether the game is over.
    pub over: bool,
}

impl Summary {
    /// The summary of a session, saved at `saved_at`.
    pub fn of(session: &Session, saved_at: u64) -> Summary {
        let view = session.view();
        Summary {
            saved_at,
            created_at: session.setup().created_at,
            rules: view.preset,
            seats: view
                .seats
                .into_iter()
                .map(|s| SeatSummary {
                    name: s.name,
                    kind: s.kind,
                    colour: s.colour,
                    pieces_home: s.pieces_home,
                    progress: s.progress,
                    place: s.place,
                })
                .collect(),
            turn: view.turn,
            rolls: view.rolls,
            decisions: view.decisions,
            over: session.is_over(),
        }
    }
}

/// Whether a file's checksum matched its content.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Checksum {
    /// The file has no checksum (schema 1).
    Absent,
    /// It matches.
    Valid,
    /// It does not match.
    Invalid {
        /// The checksum in the file.
        recorded: String,
        /// The checksum of the content.
        computed: String,
    },
}

/// A save read and brought to the current schema, not yet replayed.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveDocument {
    /// The schema version the file was written in.
    pub schema: u64,
    /// The summary (`None` for files older than summaries).
    pub summary: Option<Summary>,
    /// The rules, seats, seed and flags.
    pub setup: GameSetup,
    /// The commitment as written in the file.
    pub commitment: String,
    /// The choices of the log.
    pub choices: Vec<u8>,
    /// Each seat's rolls in order, the roll-off first (`None` for files without rolls).
    pub rolls: Option<Vec<Vec<u8>>>,
    /// Whether the checksum matched.
    pub checksum: Checksum,
}

/// The session as save JSON, stamped with the current time.
pub fn to_json(session: &Session) -> String {
    to_json_at(session, unix_now())
}

/// The session as save JSON, stamped `saved_at` (seconds since 1970).
pub fn to_json_at(session: &Session, saved_at: u64) -> String {
    let setup = session.setup();
    let mut doc = Map::new();
    doc.insert("schema".into(), json!(SCHEMA));
    doc.insert(
        "summary".into(),
        summary_json(&Summary::of(session, saved_at)),
    );
    doc.insert("created_at".into(), json!(setup.created_at));
    doc.insert("rules".into(), rules_json(&setup.rules));
    doc.insert(
        "seats".into(),
        Value::Array(setup.seats.iter().map(seat_json).collect()),
    );
    doc.insert("online".into(), json!(setup.online));
    doc.insert(
        "dice".into(),
        json!({"commitment": setup.seed.commitment(), "seed": setup.seed.to_hex()}),
    );
    doc.insert("log".into(), json!(session.choices()));
    let mut per_seat = vec![String::new(); setup.seats.len()];
    for r in session.rolls() {
        if let Some(s) = per_seat.get_mut(r.seat as usize) {
            s.push(char::from(b'0' + r.value));
        }
    }
    doc.insert("rolls".into(), json!(per_seat));
    let check = checksum_of(&doc);
    doc.insert("check".into(), json!(check));
    layout(&doc)
}

/// Recomputes the checksum of a save's JSON after a deliberate edit (by a tool or a
/// test) and lays it out again. `None` if the text is not a JSON object.
pub fn reseal(text: &[u8]) -> Option<String> {
    let Ok(Value::Object(mut doc)) = serde_json::from_slice::<Value>(text) else {
        return None;
    };
    doc.shift_remove("check");
    let check = checksum_of(&doc);
    doc.insert("check".into(), json!(check));
    Some(layout(&doc))
}

/// One top-level field a line, each value compact: small, and still readable in a diff.
fn layout(doc: &Map<String, Value>) -> String {
    let mut out = String::from("{\n");
    let last = doc.len().saturating_sub(1);
    for (i, (key, value)) in doc.iter().enumerate() {
        out.push_str("  ");
        out.push_str(&compact(key));
        out.push_str(": ");
        out.push_str(&compact(value));
        out.push_str(if i == last { "\n" } else { ",\n" });
    }
    out.push_str("}\n");
    out
}

/// Compact JSON. Serializing a JSON value or a string cannot fail (keys are strings), so
/// the empty fallback is never taken.
fn compact(v: &(impl serde::Serialize + ?Sized)) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// The checksum of a document without its `check` field: the first 8 bytes of SHA-256
/// over its compact JSON, fields in file order, as hex.
fn checksum_of(doc: &Map<String, Value>) -> String {
    hex(&Sha256::digest(compact(doc).as_bytes())[..8])
}

fn rules_json(rules: &RulesSpec) -> Value {
    match rules {
        RulesSpec::Preset(id) => json!(id),
        RulesSpec::WithOptions { preset, options } => {
            json!({"preset": preset, "options": Value::Object(options.clone())})
        }
    }
}

fn kind_json(map: &mut Map<String, Value>, kind: &SeatKind) {
    match kind {
        SeatKind::Human => {
            map.insert("kind".into(), json!("human"));
        }
        SeatKind::Bot { level } => {
            map.insert("kind".into(), json!("bot"));
            map.insert("level".into(), json!(level));
        }
    }
}

fn seat_json(seat: &Seat) -> Value {
    let mut map = Map::new();
    map.insert("name".into(), json!(seat.name));
    map.insert("colour".into(), json!(seat.colour.map(Colour::name)));
    kind_json(&mut map, &seat.kind);
    Value::Object(map)
}

fn summary_json(s: &Summary) -> Value {
    let seats: Vec<Value> = s
        .seats
        .iter()
        .map(|seat| {
            let mut map = Map::new();
            map.insert("name".into(), json!(seat.name));
            map.insert("colour".into(), json!(seat.colour.name()));
            kind_json(&mut map, &seat.kind);
            map.insert("home".into(), json!(seat.pieces_home));
            map.insert("progress".into(), json!(seat.progress));
            map.insert("place".into(), json!(seat.place));
            Value::Object(map)
        })
        .collect();
    json!({
        "saved_at": s.saved_at,
        "rules": s.rules,
        "seats": seats,
        "turn": s.turn,
        "rolls": s.rolls,
        "decisions": s.decisions,
        "over": s.over,
    })
}

impl Session {
    /// The session as save JSON, stamped with the current time (see [`to_json`]).
    pub fn save_json(&self) -> String {
        to_json(self)
    }

    /// A session from save JSON (see [`load`]).
    pub fn load_json(bytes: &[u8]) -> Result<Session, SaveError> {
        load(bytes)
    }
}

/// Reads a save into a session: parses it, migrates it, checks its checksum and its
/// seed's commitment, replays the log and compares the rolls.
pub fn load(bytes: &[u8]) -> Result<Session, SaveError> {
    parse(bytes)?.into_session()
}

impl SaveDocument {
    /// Replays the document into a session, refusing a checksum or commitment that does
    /// not match, a log that does not replay, and recorded rolls the seed does not give.
    pub fn into_session(self) -> Result<Session, SaveError> {
        if let Checksum::Invalid { recorded, computed } = self.checksum {
            return Err(SaveError::ChecksumMismatch { recorded, computed });
        }
        let computed = self.setup.seed.commitment();
        if computed != self.commitment {
            return Err(SaveError::CommitmentMismatch {
                commitment: self.commitment,
                computed,
            });
        }
        let total = self
            .rolls
            .as_ref()
            .map(|r| r.iter().map(Vec::len).sum::<usize>());
        let session = Session::replay(self.setup, &self.choices, total)?;
        if let Some(recorded) = &self.rolls {
            compare_rolls(&session, recorded)?;
        }
        Ok(session)
    }
}

/// The first difference between the rolls a file records and the session's.
pub(crate) fn compare_rolls(session: &Session, recorded: &[Vec<u8>]) -> Result<(), SaveError> {
    for (seat, file) in recorded.iter().enumerate() {
        let game: Vec<u8> = session
            .rolls()
            .iter()
            .filter(|r| r.seat as usize == seat)
            .map(|r| r.value)
            .collect();
        let len = file.len().max(game.len());
        for index in 0..len {
            let (recorded, computed) = (file.get(index).copied(), game.get(index).copied());
            if recorded != computed {
                return Err(SaveError::RollMismatch {
                    seat: seat as u8,
                    index,
                    recorded,
                    computed,
                });
            }
        }
    }
    Ok(())
}

/// Reads a save's JSON, migrating older schemas, without replaying it. Fails on anything
/// that is not a well-formed save of a version this build knows.
pub fn parse(bytes: &[u8]) -> Result<SaveDocument, SaveError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(SaveError::Empty);
    }
    let value: Value = serde_json::from_slice(bytes).map_err(|e| {
        let (line, column) = (e.line(), e.column());
        if e.is_eof() {
            SaveError::Truncated { line, column }
        } else {
            let text = e.to_string();
            let detail = text
                .split(" at line ")
                .next()
                .unwrap_or(text.as_str())
                .to_string();
            SaveError::NotJson {
                detail,
                line,
                column,
            }
        }
    })?;
    let Value::Object(mut map) = value else {
        return Err(SaveError::NotASave(format!(
            "expected a JSON object, found {}",
            type_name(&value)
        )));
    };
    let schema = match (map.get("schema"), map.get("version")) {
        (Some(v), _) => v.as_u64().filter(|&n| n >= 2).ok_or(SaveError::WrongType {
            field: "schema".into(),
            expected: "an integer of at least 2",
            found: type_name(v),
        })?,
        (None, Some(v)) => v.as_u64().filter(|&n| n == 1).ok_or(SaveError::WrongType {
            field: "version".into(),
            expected: "1 (later versions write `schema`)",
            found: type_name(v),
        })?,
        (None, None) => {
            return Err(SaveError::NotASave(
                "no `schema` field saying which version wrote it".into(),
            ));
        }
    };
    if schema > SCHEMA {
        return Err(SaveError::NewerVersion {
            found: schema,
            supported: SCHEMA,
        });
    }
    let (map, checksum) = if schema == 1 {
        (migrate_v1(&map)?, Checksum::Absent)
    } else {
        // Removed without reordering the rest, which the checksum covers in file order.
        let checksum = match map.shift_remove("check") {
            None => {
                return Err(SaveError::Missing {
                    field: "check".into(),
                });
            }
            Some(Value::String(recorded)) => {
                let computed = checksum_of(&map);
                if recorded == computed {
                    Checksum::Valid
                } else {
                    Checksum::Invalid { recorded, computed }
                }
            }
            Some(other) => return Err(wrong("check", "a string", &other)),
        };
        (map, checksum)
    };
    match (parse_v2(&map, schema, checksum.clone()), checksum) {
        // A damaged file: the checksum says so more truly than the field it broke.
        (Err(_), Checksum::Invalid { recorded, computed }) => {
            Err(SaveError::ChecksumMismatch { recorded, computed })
        }
        (result, _) => result,
    }
}

/// Version 1 (docs/save-format.md, "History"): `version`, `rules`, `players` with a `bot`
/// level or null, `seed`, `started` and `moves`; no summary, commitment, rolls or checksum.
fn migrate_v1(v1: &Map<String, Value>) -> Result<Map<String, Value>, SaveError> {
    let doc = Obj::root(v1);
    let seed_text = doc.str("seed")?;
    let seed = Seed::from_hex(seed_text).ok_or_else(|| SaveError::Invalid {
        field: "seed".into(),
        detail: "expected 64 hex digits".into(),
    })?;
    let mut seats = Vec::new();
    for (i, player) in doc.array("players")?.iter().enumerate() {
        let at = format!("players[{i}]");
        let Value::Object(p) = player else {
            return Err(wrong(&at, "an object", player));
        };
        let p = Obj::at(p, at);
        let mut seat = Map::new();
        seat.insert("name".into(), p.get("name")?.clone());
        seat.insert("colour".into(), p.get("colour")?.clone());
        match p.get("bot")? {
            Value::Null => {
                seat.insert("kind".into(), json!("human"));
            }
            Value::String(level) => {
                seat.insert("kind".into(), json!("bot"));
                seat.insert("level".into(), json!(level));
            }
            other => return Err(wrong(&p.path("bot"), "null or a bot level", other)),
        }
        seats.push(Value::Object(seat));
    }
    let mut v2 = Map::new();
    v2.insert("schema".into(), json!(SCHEMA));
    v2.insert("created_at".into(), doc.get("started")?.clone());
    v2.insert("rules".into(), doc.get("rules")?.clone());
    v2.insert("seats".into(), Value::Array(seats));
    v2.insert("online".into(), json!(false));
    v2.insert(
        "dice".into(),
        json!({"commitment": seed.commitment(), "seed": seed_text}),
    );
    v2.insert("log".into(), doc.get("moves")?.clone());
    Ok(v2)
}

fn parse_v2(
    map: &Map<String, Value>,
    schema: u64,
    checksum: Checksum,
) -> Result<SaveDocument, SaveError> {
    let doc = Obj::root(map);
    let summary = match (schema, map.get("summary")) {
        (1, _) => None,
        (_, None) => {
            return Err(SaveError::Missing {
                field: "summary".into(),
            });
        }
        (_, Some(_)) => Some(parse_summary(&doc.obj("summary")?)?),
    };
    let rules = parse_rules(doc.get("rules")?)?;
    let mut seats = Vec::new();
    for (i, seat) in doc.array("seats")?.iter().enumerate() {
        let at = format!("seats[{i}]");
        let Value::Object(s) = seat else {
            return Err(wrong(&at, "an object", seat));
        };
        seats.push(parse_seat(&Obj::at(s, at))?);
    }
    let dice = doc.obj("dice")?;
    let commitment = dice.str("commitment")?.to_string();
    if commitment.len() != 64 || !commitment.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(invalid(&dice.path("commitment"), "expected 64 hex digits"));
    }
    let seed = Seed::from_hex(dice.str("seed")?)
        .ok_or_else(|| invalid(&dice.path("seed"), "expected 64 hex digits"))?;
    let mut choices = Vec::new();
    for (i, c) in doc.array("log")?.iter().enumerate() {
        let n = c
            .as_u64()
            .ok_or_else(|| wrong(&format!("log[{i}]"), "a move index", c))?;
        let n = u8::try_from(n)
            .map_err(|_| invalid(&format!("log[{i}]"), "a move index is below 256"))?;
        choices.push(n);
    }
    let rolls = match map.get("rolls") {
        None => None,
        Some(Value::Array(list)) => {
            if list.len() != seats.len() {
                return Err(invalid(
                    "rolls",
                    &format!("{} lists for {} seats", list.len(), seats.len()),
                ));
            }
            let mut per_seat = Vec::new();
            for (i, r) in list.iter().enumerate() {
                let at = format!("rolls[{i}]");
                let text = r
                    .as_str()
                    .ok_or_else(|| wrong(&at, "a string of die values", r))?;
                let values: Option<Vec<u8>> = text
                    .bytes()
                    .map(|b| (b'1'..=b'6').contains(&b).then(|| b - b'0'))
                    .collect();
                per_seat.push(values.ok_or_else(|| invalid(&at, "die values are 1 to 6"))?);
            }
            Some(per_seat)
        }
        Some(other) => return Err(wrong("rolls", "a list of strings", other)),
    };
    let created_at = doc.u64("created_at")?;
    let summary = summary.map(|s| Summary { created_at, ..s });
    Ok(SaveDocument {
        schema,
        summary,
        setup: GameSetup {
            rules,
            seats,
            seed,
            online: doc.bool("online")?,
            created_at,
        },
        commitment,
        choices,
        rolls,
        checksum,
    })
}

fn parse_rules(value: &Value) -> Result<RulesSpec, SaveError> {
    match value {
        Value::String(id) => Ok(RulesSpec::Preset(id.clone())),
        Value::Object(map) => {
            let obj = Obj::at(map, "rules".into());
            let preset = obj.str("preset")?.to_string();
            let options = match map.get("options") {
                None => Map::new(),
                Some(Value::Object(o)) => o.clone(),
                Some(other) => return Err(wrong("rules.options", "an object", other)),
            };
            Ok(RulesSpec::WithOptions { preset, options })
        }
        other => Err(wrong("rules", "a preset id or {preset, options}", other)),
    }
}

fn parse_kind(obj: &Obj) -> Result<SeatKind, SaveError> {
    match obj.str("kind")? {
        "human" => Ok(SeatKind::Human),
        "bot" => Ok(SeatKind::Bot {
            level: obj.str("level")?.to_string(),
        }),
        other => Err(invalid(
            &obj.path("kind"),
            &format!("\"{other}\" is neither \"human\" nor \"bot\""),
        )),
    }
}

fn parse_colour(obj: &Obj) -> Result<Colour, SaveError> {
    let name = obj.str("colour")?;
    Colour::from_name(name)
        .ok_or_else(|| invalid(&obj.path("colour"), &format!("unknown colour \"{name}\"")))
}

fn parse_seat(obj: &Obj) -> Result<Seat, SaveError> {
    Ok(Seat {
        name: obj.str("name")?.to_string(),
        kind: parse_kind(obj)?,
        colour: Some(parse_colour(obj)?),
    })
}

fn parse_summary(obj: &Obj) -> Result<Summary, SaveError> {
    let mut seats = Vec::new();
    for (i, seat) in obj.array("seats")?.iter().enumerate() {
        let at = format!("summary.seats[{i}]");
        let Value::Object(s) = seat else {
            return Err(wrong(&at, "an object", seat));
        };
        let s = Obj::at(s, at);
        seats.push(SeatSummary {
            name: s.str("name")?.to_string(),
            kind: parse_kind(&s)?,
            colour: parse_colour(&s)?,
            pieces_home: s.small("home", 4)?,
            progress: s.small("progress", 100)?,
            place: match s.get("place")? {
                Value::Null => None,
                _ => Some(s.small("place", 6)?),
            },
        });
    }
    Ok(Summary {
        saved_at: obj.u64("saved_at")?,
        created_at: 0,
        rules: obj.str("rules")?.to_string(),
        seats,
        turn: obj.small("turn", 5)?,
        rolls: u32::try_from(obj.u64("rolls")?)
            .map_err(|_| invalid(&obj.path("rolls"), "too large"))?,
        decisions: u32::try_from(obj.u64("decisions")?)
            .map_err(|_| invalid(&obj.path("decisions"), "too large"))?,
        over: obj.bool("over")?,
    })
}

/// The name of a JSON value's type, for error messages.
fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

fn wrong(field: &str, expected: &'static str, found: &Value) -> SaveError {
    SaveError::WrongType {
        field: field.to_string(),
        expected,
        found: type_name(found),
    }
}

fn invalid(field: &str, detail: &str) -> SaveError {
    SaveError::Invalid {
        field: field.to_string(),
        detail: detail.to_string(),
    }
}

/// A JSON object with its path, so every error names the field.
struct Obj<'a> {
    map: &'a Map<String, Value>,
    at: String,
}

impl<'a> Obj<'a> {
    fn root(map: &'a Map<String, Value>) -> Obj<'a> {
        Obj {
            map,
            at: String::new(),
        }
    }

    fn at(map: &'a Map<String, Value>, at: String) -> Obj<'a> {
        Obj { map, at }
    }

    fn path(&self, key: &str) -> String {
        if self.at.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.at)
        }
    }

    fn get(&self, key: &str) -> Result<&'a Value, SaveError> {
        self.map.get(key).ok_or_else(|| SaveError::Missing {
            field: self.path(key),
        })
    }

    fn str(&self, key: &str) -> Result<&'a str, SaveError> {
        let v = self.get(key)?;
        v.as_str()
            .ok_or_else(|| wrong(&self.path(key), "a string", v))
    }

    fn u64(&self, key: &str) -> Result<u64, SaveError> {
        let v = self.get(key)?;
        v.as_u64()
            .ok_or_else(|| wrong(&self.path(key), "a whole number", v))
    }

    fn small(&self, key: &str, max: u8) -> Result<u8, SaveError> {
        let n = self.u64(key)?;
        u8::try_from(n)
            .ok()
            .filter(|&n| n <= max)
            .ok_or_else(|| invalid(&self.path(key), &format!("{n} is above {max}")))
    }

    fn bool(&self, key: &str) -> Result<bool, SaveError> {
        let v = self.get(key)?;
        v.as_bool()
            .ok_or_else(|| wrong(&self.path(key), "true or false", v))
    }

    fn array(&self, key: &str) -> Result<&'a Vec<Value>, SaveError> {
        let v = self.get(key)?;
        v.as_array()
            .ok_or_else(|| wrong(&self.path(key), "a list", v))
    }

    fn obj(&self, key: &str) -> Result<Obj<'a>, SaveError> {
        let v = self.get(key)?;
        match v {
            Value::Object(map) => Ok(Obj::at(map, self.path(key))),
            other => Err(wrong(&self.path(key), "an object", other)),
        }
    }
}
