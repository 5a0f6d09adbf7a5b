//! Reading a save: the JSON parsed with errors that name the field at fault, a version 1
//! save migrated to version 2, the checksum and the seed's commitment checked, and the log
//! replayed with its rolls compared to the seed's.

use super::{Checksum, SCHEMA, SaveDocument, SaveError, SeatSummary, Summary, checksum_of};
use crate::colour::Colour;
use crate::dice::Seed;
use crate::echo::echo;
use crate::rules::RulesSpec;
use crate::session::{GameSetup, Seat, SeatKind, Session};
use serde_json::{Map, Value, json};

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
        let schema = self.schema;
        let session = Session::replay(self.setup, &self.choices, total)
            .map_err(|e| in_file_terms(schema, e.into()))?;
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

/// The most bytes a save may have: 16 MiB. The longest game's save is well under a
/// megabyte; anything larger is not a save, and is refused before it is parsed.
pub const MAX_SAVE_BYTES: usize = 16 << 20;

/// Reads a save's JSON, migrating older schemas, without replaying it. Fails on anything
/// that is not a well-formed save of a version this build knows.
pub fn parse(bytes: &[u8]) -> Result<SaveDocument, SaveError> {
    if bytes.len() > MAX_SAVE_BYTES {
        return Err(SaveError::NotASave(format!(
            "more than {} MiB, which no save comes near",
            MAX_SAVE_BYTES >> 20
        )));
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(SaveError::Empty);
    }
    let value: Value = crate::strict_json::from_slice(bytes).map_err(|e| {
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
                    // Quoted in messages: a damaged file may hold anything here.
                    let recorded = echo(&recorded);
                    Checksum::Invalid { recorded, computed }
                }
            }
            Some(other) => return Err(wrong("check", "a string", &other)),
        };
        (map, checksum)
    };
    let read = parse_v2(&map, schema, checksum.clone()).map_err(|e| in_file_terms(schema, e));
    match (read, checksum) {
        // A damaged file: the checksum says so more truly than the field it broke.
        (Err(_), Checksum::Invalid { recorded, computed }) => {
            Err(SaveError::ChecksumMismatch { recorded, computed })
        }
        (result, _) => result,
    }
}

/// An error found reading or replaying a save of version `schema`, its field named as that
/// file names it. A version-1 save is read as version 2, so its errors are renamed back
/// (`players[0].colour`, not `seats[0].colour`), so that they point at what is in the file.
pub(crate) fn in_file_terms(schema: u64, e: SaveError) -> SaveError {
    if schema != 1 {
        return e;
    }
    let rename = |field: String| -> String {
        const NAMES: [(&str, &str); 5] = [
            ("seats", "players"),
            ("created_at", "started"),
            ("log", "moves"),
            ("dice.seed", "seed"),
            ("dice", "seed"),
        ];
        for (v2, v1) in NAMES {
            if let Some(rest) = field.strip_prefix(v2)
                && (rest.is_empty() || rest.starts_with(['[', '.']))
            {
                // A seat's `kind` and `level` are both made from its `bot`.
                let rest = match rest.rsplit_once('.') {
                    Some((seat, "kind" | "level")) if v2 == "seats" => format!("{seat}.bot"),
                    _ => rest.to_string(),
                };
                return format!("{v1}{rest}");
            }
        }
        field
    };
    match e {
        SaveError::Missing { field } => SaveError::Missing {
            field: rename(field),
        },
        SaveError::WrongType {
            field,
            expected,
            found,
        } => SaveError::WrongType {
            field: rename(field),
            expected,
            found,
        },
        SaveError::Invalid { field, detail } => SaveError::Invalid {
            field: rename(field),
            detail,
        },
        other => other,
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
    for p in doc.objects("players")? {
        let p = p?;
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
    for s in doc.objects("seats")? {
        seats.push(parse_seat(&s?)?);
    }
    let dice = doc.obj("dice")?;
    // Hex in either case is the same commitment; it is kept, and compared, in lower case.
    let commitment = dice.str("commitment")?.to_ascii_lowercase();
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
        // Version 1 recorded no rolls; from version 2 on they are part of every save.
        None if schema < 2 => None,
        None => {
            return Err(SaveError::Missing {
                field: "rolls".into(),
            });
        }
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
            &format!("\"{}\" is neither \"human\" nor \"bot\"", echo(other)),
        )),
    }
}

fn parse_colour(obj: &Obj) -> Result<Colour, SaveError> {
    let name = obj.str("colour")?;
    Colour::from_name(name).ok_or_else(|| {
        invalid(
            &obj.path("colour"),
            &format!("unknown colour \"{}\"", crate::echo::echo(name)),
        )
    })
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
    for s in obj.objects("seats")? {
        let s = s?;
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

    /// The list at `key`, each entry as an object at `key[i]`; an entry that is not an
    /// object is an error when the walk reaches it, so faults are told in file order.
    fn objects(
        &self,
        key: &str,
    ) -> Result<impl Iterator<Item = Result<Obj<'a>, SaveError>>, SaveError> {
        let list = self.array(key)?;
        let path = self.path(key);
        Ok(list.iter().enumerate().map(move |(i, entry)| {
            let at = format!("{path}[{i}]");
            match entry {
                Value::Object(map) => Ok(Obj::at(map, at)),
                other => Err(wrong(&at, "an object", other)),
            }
        }))
    }

    fn obj(&self, key: &str) -> Result<Obj<'a>, SaveError> {
        let v = self.get(key)?;
        match v {
            Value::Object(map) => Ok(Obj::at(map, self.path(key))),
            other => Err(wrong(&self.path(key), "an object", other)),
        }
    }
}
