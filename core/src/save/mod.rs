//! The save format (docs/save-format.md): a session as versioned JSON, read back with
//! errors that name the field at fault, older versions migrated forward, newer refused.
//!
//! A save holds the setup (rules, seats, seed and its commitment), the log of choices and
//! every seat's rolls, plus a summary for listings and a checksum. Loading replays the log
//! from the seed and checks the rolls, so a file that decodes but tells an impossible game
//! is refused like a damaged one.
//!
//! This file has the document's types and its errors, and writes it; `read` parses,
//! migrates and replays it.

use crate::colour::Colour;
use crate::dice::hex;
use crate::rules::RulesSpec;
use crate::session::{GameSetup, LogError, Seat, SeatKind, Session, SessionError, unix_now};
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

mod read;

pub use read::{MAX_SAVE_BYTES, load, parse};
pub(crate) use read::{compare_rolls, in_file_terms};

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
    /// A replay code made by a newer version of the game.
    #[error(
        "replay code: made by a newer version of the game (code version {found}; this one reads up to {supported}); update the app to open it"
    )]
    NewerCode {
        /// The code's version.
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
            // "seat 1: …" is about one seat: named by its path, as a save's other errors are.
            SessionError::Seats(detail) => match detail
                .strip_prefix("seat ")
                .and_then(|rest| rest.split_once(": "))
                .filter(|(seat, _)| seat.parse::<usize>().is_ok())
            {
                Some((seat, rest)) => SaveError::Invalid {
                    field: format!("seats[{seat}]"),
                    detail: rest.to_string(),
                },
                None => SaveError::Invalid {
                    field: "seats".into(),
                    detail,
                },
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
