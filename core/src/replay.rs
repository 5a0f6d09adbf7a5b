//! Replay codes: a whole game as a short URL-safe text, and a replayer that steps
//! through a game one move at a time.
//!
//! A code is `ludo1.` followed by base64url (no padding) of: the rules (a preset number,
//! with options as JSON when there are any), the seats (colour, human or bot level, name),
//! the 32-byte seed, the number of rolls, the number of decisions, the decisions packed
//! into bits, and the first 4 bytes of SHA-256 over everything before them. A decision
//! among `n` moves takes the fewest bits that hold `n - 1`; a forced move takes none,
//! because it is not in the log at all. The option counts are not stored: the decoder
//! replays the game and knows them.

use crate::colour::Colour;
use crate::dice::Seed;
use crate::rules::{PRESETS, RulesSpec};
use crate::save::SaveError;
use crate::session::{
    GameEvent, GameSetup, LogError, MAX_ROLLS, Seat, SeatKind, Session, SessionError, SessionPhase,
    unix_now,
};
use base64::Engine as _;
use base64::alphabet::URL_SAFE;
use base64::engine::DecodePaddingMode;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, URL_SAFE_NO_PAD};
use sha2::{Digest, Sha256};

/// What every replay code of this version starts with.
pub const CODE_PREFIX: &str = "ludo1.";
/// The version of the codes this build makes and reads, the number in [`CODE_PREFIX`].
pub const CODE_VERSION: u64 = 1;
const CHECK_LEN: usize = 4;
/// Rules byte: options follow as JSON.
const WITH_OPTIONS: u8 = 0x80;
/// Rules byte: the preset's name follows (a preset this build does not number).
const NAMED_PRESET: u8 = 0x7f;
/// Seat byte: the seat is a bot and its level follows.
const BOT: u8 = 0x10;

/// Reads what [`URL_SAFE_NO_PAD`] writes, and also a code cut short or with padding, so
/// that damage is reported by the checksum rather than as a base64 quirk.
const LENIENT: GeneralPurpose = GeneralPurpose::new(
    &URL_SAFE,
    GeneralPurposeConfig::new()
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// Bits that hold a choice among `options` moves: 0 for 1, 1 for 2, 2 for 3 or 4, ….
fn width(options: usize) -> u32 {
    usize::BITS - options.saturating_sub(1).leading_zeros()
}

/// The replay code of a session: rules, seats, seed, rolls made and choices.
pub fn encode(session: &Session) -> String {
    let setup = session.setup();
    let mut out = Vec::with_capacity(128);
    let (preset, options) = match &setup.rules {
        RulesSpec::Preset(id) => (id.as_str(), None),
        RulesSpec::WithOptions { preset, options } => {
            (preset.as_str(), (!options.is_empty()).then_some(options))
        }
    };
    let number = PRESETS.iter().position(|p| *p == preset);
    let flag = if options.is_some() { WITH_OPTIONS } else { 0 };
    match number {
        Some(n) => out.push(n as u8 | flag),
        None => {
            out.push(NAMED_PRESET | flag);
            put_str(&mut out, preset);
        }
    }
    if let Some(options) = options {
        put_options(
            &mut out,
            &serde_json::Value::Object(options.clone()).to_string(),
        );
    }
    out.push(setup.seats.len() as u8);
    for seat in &setup.seats {
        let colour = seat
            .colour
            .and_then(|c| Colour::ALL.iter().position(|&a| a == c))
            .unwrap_or(0) as u8;
        match &seat.kind {
            SeatKind::Human => out.push(colour),
            SeatKind::Bot { level } => {
                out.push(colour | BOT);
                put_str(&mut out, level);
            }
        }
        put_str(&mut out, &seat.name);
    }
    out.extend_from_slice(&setup.seed.0);
    put_varint(&mut out, session.rolls().len() as u64);
    put_varint(&mut out, session.log().len() as u64);
    let mut bits = BitWriter::default();
    for d in session.log() {
        bits.put(d.choice as u32, width(d.options as usize));
    }
    out.extend_from_slice(&bits.finish());
    let check = Sha256::digest(&out);
    out.extend_from_slice(&check[..CHECK_LEN]);
    format!("{CODE_PREFIX}{}", URL_SAFE_NO_PAD.encode(&out))
}

/// A game from its replay code, replayed to where the code was made. The session is an
/// offline one starting now; the seed is checked by replaying every choice against it.
pub fn decode(code: &str) -> Result<Session, SaveError> {
    let bad = |text: &str| SaveError::BadCode(text.to_string());
    let code = code.trim();
    let Some(body) = code.strip_prefix(CODE_PREFIX) else {
        if let Some(rest) = code.strip_prefix("ludo")
            && let Some((version, _)) = rest.split_once('.')
            && let Ok(found) = version.parse::<u64>()
            && found > CODE_VERSION
        {
            return Err(SaveError::NewerCode {
                found,
                supported: CODE_VERSION,
            });
        }
        return Err(bad(&format!("a replay code starts with \"{CODE_PREFIX}\"")));
    };
    let bytes = LENIENT.decode(body).map_err(|e| {
        bad(&format!(
            "the code is damaged or incomplete: it is not base64url text ({e})"
        ))
    })?;
    if bytes.len() < CHECK_LEN {
        return Err(bad("the code is damaged or incomplete: too short"));
    }
    let (content, check) = bytes.split_at(bytes.len() - CHECK_LEN);
    if Sha256::digest(content)[..CHECK_LEN] != *check {
        return Err(bad(
            "the code is damaged or incomplete: its checksum does not match",
        ));
    }
    let mut r = Reader {
        bytes: content,
        at: 0,
    };
    let rules_byte = r.byte("rules")?;
    let preset = match rules_byte & !WITH_OPTIONS {
        NAMED_PRESET => r.string("rules")?,
        n => PRESETS
            .get(n as usize)
            .ok_or_else(|| bad(&format!("rules: no preset number {n}")))?
            .to_string(),
    };
    let rules = if rules_byte & WITH_OPTIONS != 0 {
        let text = r.options()?;
        let options = match serde_json::from_str(&text) {
            Ok(serde_json::Value::Object(map)) => map,
            _ => return Err(bad("rules: the options are not a JSON object")),
        };
        RulesSpec::WithOptions { preset, options }
    } else {
        RulesSpec::Preset(preset)
    };
    let seat_count = r.byte("seats")?;
    let mut seats = Vec::new();
    for i in 0..seat_count {
        let at = format!("seat {i}");
        let b = r.byte(&at)?;
        // Bits no code sets: with them, one game would have many codes.
        if b & !(0x0f | BOT) != 0 {
            return Err(bad(&format!("{at}: bits no code sets ({b:#04x})")));
        }
        let colour = *Colour::ALL
            .get((b & 0x0f) as usize)
            .ok_or_else(|| bad(&format!("{at}: no colour number {}", b & 0x0f)))?;
        let kind = if b & BOT != 0 {
            SeatKind::Bot {
                level: r.string(&at)?,
            }
        } else {
            SeatKind::Human
        };
        seats.push(Seat {
            name: r.string(&at)?,
            kind,
            colour: Some(colour),
        });
    }
    let seed = Seed(r.seed()?);
    let rolls = r.varint("rolls")?;
    let decisions = r.varint("decisions")?;
    // Every decision takes at least one bit, which bounds the count before replaying.
    let bits_left = (content.len() - r.at) as u64 * 8;
    if rolls > MAX_ROLLS as u64 || decisions > bits_left {
        return Err(bad("the numbers of rolls and decisions are out of range"));
    }
    let setup = GameSetup {
        rules,
        seats,
        seed,
        online: false,
        created_at: unix_now(),
    };
    let mut bits = BitReader {
        bytes: &content[r.at..],
        at: 0,
    };
    let session = Session::replay_with(
        setup,
        decisions as usize,
        |index, options| {
            bits.get(width(options))
                .map(|c| c as u8)
                .ok_or(LogError::Truncated { index })
        },
        Some(rolls as usize),
    )
    .map_err(|e| match e {
        SessionError::Rules(e) => bad(&format!("rules: {e}")),
        SessionError::Seats(e) => bad(&format!("seats: {e}")),
        other => SaveError::from(other),
    })?;
    if !bits.rest_is_padding() {
        return Err(bad("extra data after the moves"));
    }
    // The replay stops at the recorded count, but the roll-off is rolled before it starts:
    // a count short of the roll-off would otherwise pass.
    let made = session.rolls().len() as u64;
    if made != rolls {
        return Err(bad(&format!(
            "the code records {rolls} rolls, but the roll-off alone makes {made}"
        )));
    }
    Ok(session)
}

fn put_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// A string of at most 255 bytes, cut at a character boundary.
fn put_str(out: &mut Vec<u8>, s: &str) {
    let mut end = s.len().min(255);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    out.push(end as u8);
    out.extend_from_slice(&s.as_bytes()[..end]);
}

/// The options' JSON: its length in one byte, as [`put_str`] writes it, when it is 1 to 255
/// bytes long; longer, a 0 byte and then the length as a varint. (Codes made before the long
/// form cut the JSON at 255 bytes, which no decoder could read; a 0 byte never began one.)
fn put_options(out: &mut Vec<u8>, json: &str) {
    if json.len() <= 255 {
        put_str(out, json);
    } else {
        out.push(0);
        put_varint(out, json.len() as u64);
        out.extend_from_slice(json.as_bytes());
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self, what: &str) -> Result<u8, SaveError> {
        let b = self
            .bytes
            .get(self.at)
            .copied()
            .ok_or_else(|| SaveError::BadCode(format!("{what}: the code ends early")))?;
        self.at += 1;
        Ok(b)
    }

    fn take(&mut self, n: usize, what: &str) -> Result<&[u8], SaveError> {
        let slice = self
            .at
            .checked_add(n)
            .and_then(|end| self.bytes.get(self.at..end))
            .ok_or_else(|| SaveError::BadCode(format!("{what}: the code ends early")))?;
        self.at += n;
        Ok(slice)
    }

    fn string(&mut self, what: &str) -> Result<String, SaveError> {
        let len = self.byte(what)? as usize;
        let bytes = self.take(len, what)?;
        String::from_utf8(bytes.to_vec())
            .map_err(|_| SaveError::BadCode(format!("{what}: a name is not UTF-8")))
    }

    /// What [`put_options`] writes.
    fn options(&mut self) -> Result<String, SaveError> {
        let mut len = u64::from(self.byte("rules")?);
        if len == 0 {
            len = self.varint("rules")?;
        }
        let len = usize::try_from(len)
            .map_err(|_| SaveError::BadCode("rules: the code ends early".into()))?;
        let bytes = self.take(len, "rules")?;
        String::from_utf8(bytes.to_vec())
            .map_err(|_| SaveError::BadCode("rules: the options are not UTF-8".into()))
    }

    fn seed(&mut self) -> Result<[u8; 32], SaveError> {
        let mut seed = [0u8; 32];
        seed.copy_from_slice(self.take(32, "seed")?);
        Ok(seed)
    }

    fn varint(&mut self, what: &str) -> Result<u64, SaveError> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte(what)?;
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(SaveError::BadCode(format!("{what}: number too long")))
    }
}

/// Packs values least significant bit first.
#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    used: u32,
}

impl BitWriter {
    fn put(&mut self, value: u32, width: u32) {
        for i in 0..width {
            if self.used.is_multiple_of(8) {
                self.bytes.push(0);
            }
            if value >> i & 1 == 1
                && let Some(last) = self.bytes.last_mut()
            {
                *last |= 1 << (self.used % 8);
            }
            self.used += 1;
        }
    }

    fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl BitReader<'_> {
    fn get(&mut self, width: u32) -> Option<u32> {
        let mut value = 0;
        for i in 0..width {
            let byte = self.bytes.get(self.at / 8)?;
            value |= u32::from(byte >> (self.at % 8) & 1) << i;
            self.at += 1;
        }
        Some(value)
    }

    /// Whether all that is left is the zero bits that fill the last byte.
    fn rest_is_padding(&self) -> bool {
        let whole = self.at.div_ceil(8);
        self.bytes.len() == whole
            && self
                .bytes
                .last()
                .is_none_or(|&b| self.at.is_multiple_of(8) || b >> (self.at % 8) == 0)
    }
}

/// Steps through a game from its start, one roll and the move it led to at a time.
#[derive(Clone, Debug)]
pub struct Replayer {
    session: Session,
    choices: Vec<u8>,
    next: usize,
    rolls: usize,
}

impl Replayer {
    /// A replay of `game` from its first roll to where it stands.
    pub fn new(game: &Session) -> Result<Replayer, SessionError> {
        Ok(Replayer {
            session: Session::begin(game.setup().clone())?,
            choices: game.choices(),
            next: 0,
            rolls: game.rolls().len(),
        })
    }

    /// A replay of the game in a replay code.
    pub fn from_code(code: &str) -> Result<Replayer, SaveError> {
        let game = decode(code)?;
        Replayer::new(&game).map_err(SaveError::from)
    }

    /// The game as far as the replay has gone.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Whether the replay has reached where the game stands.
    pub fn is_done(&self) -> bool {
        match self.session.phase() {
            SessionPhase::Over => true,
            SessionPhase::Choose => self.next >= self.choices.len(),
            SessionPhase::Roll => self.session.rolls().len() >= self.rolls,
        }
    }

    /// Plays the next roll and the move it led to (or the next bonus move), returning what
    /// happened; `None` once the replay is done.
    pub fn step(&mut self) -> Option<Vec<GameEvent>> {
        if self.is_done() {
            return None;
        }
        let mut events = Vec::new();
        if self.session.phase() == SessionPhase::Roll {
            events.extend(self.session.roll().ok()?.events);
        }
        if self.session.phase() == SessionPhase::Choose
            && let Some(&choice) = self.choices.get(self.next)
        {
            self.next += 1;
            events.extend(self.session.choose(choice as usize).ok()?.events);
        }
        Some(events)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A code around hand-made content: the prefix, and the checksum the content deserves.
    fn seal(content: &[u8]) -> String {
        let mut bytes = content.to_vec();
        bytes.extend_from_slice(&Sha256::digest(content)[..CHECK_LEN]);
        format!("{CODE_PREFIX}{}", URL_SAFE_NO_PAD.encode(&bytes))
    }

    /// Classic for two humans, Red and Yellow, seed 7: everything up to the counts.
    fn head() -> Vec<u8> {
        let mut out = vec![0, 2];
        for (colour, name) in [(0u8, "Ann"), (2, "Bo")] {
            out.push(colour);
            put_str(&mut out, name);
        }
        out.extend_from_slice(&Seed::from_u64(7).0);
        out
    }

    fn code(rolls: u64, decisions: u64, tail: &[u8]) -> String {
        let mut content = head();
        put_varint(&mut content, rolls);
        put_varint(&mut content, decisions);
        content.extend_from_slice(tail);
        seal(&content)
    }

    fn error(code: &str) -> String {
        match decode(code) {
            Ok(_) => panic!("{code} decoded"),
            Err(SaveError::BadCode(text)) => text,
            Err(other) => other.to_string(),
        }
    }

    fn session(seed: u64) -> Session {
        Session::new(GameSetup {
            rules: RulesSpec::Preset("classic".into()),
            seats: vec![Seat::human("Ann"), Seat::bot("Bo", "easy")],
            seed: Seed::from_u64(seed),
            online: false,
            created_at: 0,
        })
        .expect("a session")
    }

    #[test]
    fn a_game_with_no_decision_yet_round_trips() {
        // Nothing after the counts: no bits left, and none needed.
        for rolls in [0, 1] {
            let mut s = session(3);
            for _ in 0..rolls {
                s.roll().expect("a roll");
            }
            assert!(s.log().is_empty());
            let back = decode(&encode(&s)).expect("the code of a fresh game");
            assert_eq!(back.rolls(), s.rolls());
            assert_eq!(back.setup().seats, s.setup().seats);
        }
    }

    #[test]
    fn counts_beyond_what_the_code_can_hold_are_refused_before_replaying() {
        let out_of_range = "the numbers of rolls and decisions are out of range";
        assert_eq!(error(&code(MAX_ROLLS as u64 + 1, 0, &[])), out_of_range);
        // One decision takes at least one bit, and there are none.
        assert_eq!(error(&code(1, 1, &[])), out_of_range);
        assert_eq!(error(&code(1, 9, &[0])), out_of_range);
        // At the limits the counts are taken, and the replay says what is wrong.
        assert_ne!(error(&code(MAX_ROLLS as u64, 0, &[])), out_of_range);
        assert_ne!(error(&code(1, 8, &[0])), out_of_range);
    }

    #[test]
    fn each_kind_of_damage_is_named() {
        let cases: Vec<(String, &str)> = vec![
            ("game1.abc".into(), "a replay code starts with \"ludo1.\""),
            (
                "ludo2.abc".into(),
                "replay code: made by a newer version of the game (code version 2; this one reads up to 1); update the app to open it",
            ),
            // Only a version above 1 is a newer one.
            ("ludo01.abc".into(), "a replay code starts with \"ludo1.\""),
            ("ludo0.abc".into(), "a replay code starts with \"ludo1.\""),
            (
                "ludo1.AAA".into(),
                "the code is damaged or incomplete: too short",
            ),
            (
                "ludo1.AAAAAAAA".into(),
                "the code is damaged or incomplete: its checksum does not match",
            ),
            (seal(&[]), "rules: the code ends early"),
            (seal(&[7]), "rules: no preset number 7"),
            // A preset of a newer build, named: this one does not know it.
            (
                seal(&[WITH_OPTIONS, 2, b'[', b']']),
                "rules: the options are not a JSON object",
            ),
            // Options in the long form: a 0 byte, then a length no code can hold.
            (
                seal(&[
                    WITH_OPTIONS,
                    0,
                    0xff,
                    0xff,
                    0xff,
                    0xff,
                    0xff,
                    0xff,
                    0xff,
                    0xff,
                    0x7f,
                ]),
                "rules: the code ends early",
            ),
            (
                seal(&[WITH_OPTIONS, 0, 2, b'{']),
                "rules: the code ends early",
            ),
            (
                seal(&[WITH_OPTIONS, 2, b'{', 0xff]),
                "rules: the options are not UTF-8",
            ),
            (seal(&[0, 1, 6]), "seat 0: no colour number 6"),
            (seal(&[0, 1, 0, 1, 0xff]), "seat 0: a name is not UTF-8"),
            (seal(&[0, 1, 0, 9, b'A']), "seat 0: the code ends early"),
            (seal(&head()[..40]), "seed: the code ends early"),
            (seal(&head()), "rolls: the code ends early"),
            (code(1, 0, &[0]), "extra data after the moves"),
        ];
        for (code, expected) in cases {
            assert_eq!(error(&code), expected, "{code}");
        }
        // A preset of a newer build, by name: this one does not know it.
        let mut named = vec![NAMED_PRESET];
        put_str(&mut named, "ludo_king");
        named.extend_from_slice(&head()[1..]);
        named.extend_from_slice(&[0, 0]);
        assert_eq!(
            error(&seal(&named)),
            "rules: unknown preset \"ludo_king\" (known: classic, ludo_multijoueur, ludo_blocks, \
             parchis, parchis6, mensch, petits_chevaux)"
        );
        let mut long = head();
        long.extend_from_slice(&[0x80; 10]);
        assert_eq!(error(&seal(&long)), "rolls: number too long");
        assert!(
            error("ludo1.!!!!")
                .starts_with("the code is damaged or incomplete: it is not base64url text")
        );
    }

    #[test]
    fn every_house_rule_at_once_survives_a_code() {
        let options = serde_json::json!({
            "safe_stars": true,
            "safe_starts": true,
            "enter_on": "one_or_six",
            "three_tries_when_none_out": true,
            "same_colour_landing": "block",
            "block_pass_on": [6],
            "doubled_move_half": true,
            "coppit_block_capture": true,
            "home_col_len": 5,
            "capture_bonus": {"move": 20},
            "home_bonus": {"move": 10},
            "bonus_passes_blocks": true,
            "stop_at_first_winner": false,
            "three_sixes": "send_last_moved_home"
        });
        let serde_json::Value::Object(options) = options else {
            unreachable!("a JSON object")
        };
        // Longer than a one-byte length can say.
        assert!(serde_json::Value::Object(options.clone()).to_string().len() > 255);
        let mut setup = session(5).setup().clone();
        setup.rules = RulesSpec::WithOptions {
            preset: "ludo_multijoueur".into(),
            options,
        };
        let mut game = Session::new(setup.clone()).expect("every house rule at once");
        for _ in 0..40 {
            if game.phase() == SessionPhase::Choose {
                game.choose(0).expect("a move");
            } else {
                game.roll().expect("a roll");
            }
        }
        let back = decode(&encode(&game)).expect("its code");
        assert_eq!(back.setup().rules, setup.rules);
        assert_eq!(back.rolls(), game.rolls());
        assert_eq!(back.choices(), game.choices());
    }
}
