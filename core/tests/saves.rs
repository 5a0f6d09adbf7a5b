//! Saves: the format round-trips and stays stable, version 1 migrates, newer versions are
//! refused and never overwritten, damaged files give typed errors and fall back to the
//! backup, the store lists and deletes, a writer killed at random moments always leaves a
//! loadable save, games taking turns in the autosave slot are never lost, and mutated saves
//! and codes never make the loader panic.

use ludo_core::dice::Seed;
use ludo_core::game::SplitMix;
use ludo_core::replay;
use ludo_core::rules::{PRESETS, RulesSpec};
use ludo_core::save::{self, SCHEMA, SaveError};
use ludo_core::session::{GameSetup, LogError, Seat, SeatKind, Session, SessionPhase};
use ludo_core::store::{AUTOSAVE, FINISHED_KEPT, SaveStore};
use proptest::prelude::*;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Duration;

mod common;
use common::{any_json, at_path, mutate, mutation, paths};

const V1: &str = include_str!("fixtures/v1-classic-2-seats.json");
const V2_FINISHED: &str = include_str!("fixtures/v2-classic-4-seats-finished.json");
const V2_CHOOSING: &str = include_str!("fixtures/v2-parchis-3-seats-choosing.json");

fn game(preset: &str, seed: u64, actions: usize) -> Session {
    let setup = GameSetup {
        rules: RulesSpec::Preset(preset.into()),
        seats: vec![
            Seat::human("Ann"),
            Seat::bot("Bo", "easy"),
            Seat::bot("Cy", "medium"),
            Seat::human("Di"),
        ],
        seed: Seed::from_u64(seed),
        online: false,
        created_at: 1_700_000_000 + seed,
    };
    let mut s = Session::new(setup).expect("session");
    let mut pick = SplitMix(seed);
    for _ in 0..actions {
        if s.is_over() {
            break;
        }
        let result = if s.phase() == SessionPhase::Choose {
            let i = pick.below(s.options().len());
            s.choose(i)
        } else {
            s.roll()
        };
        result.expect("legal");
    }
    s
}

/// The ids of every save in the store, newest first.
fn save_ids(store: &SaveStore) -> Vec<String> {
    store
        .list()
        .expect("list")
        .into_iter()
        .map(|e| e.id)
        .collect()
}

fn same_game(a: &Session, b: &Session) {
    assert_eq!(a.position(), b.position());
    assert_eq!(a.log(), b.log());
    assert_eq!(a.rolls(), b.rolls());
    assert_eq!(a.phase(), b.phase());
    assert_eq!(a.options(), b.options());
    assert_eq!(a.seats(), b.seats());
    assert_eq!(a.setup(), b.setup());
}

#[test]
fn every_preset_round_trips_through_a_save() {
    for (i, preset) in PRESETS.iter().enumerate() {
        for actions in [0, 37, 100_000] {
            let s = game(preset, i as u64, actions);
            let back = save::load(s.save_json().as_bytes()).expect(preset);
            same_game(&s, &back);
        }
    }
}

#[test]
fn a_save_written_today_reads_back_byte_for_byte() {
    // The fixtures were written by this version: loading and writing again with the same
    // time stamp must give the same bytes, so the format cannot drift unnoticed.
    for (text, saved_at) in [(V2_FINISHED, 1_700_003_600), (V2_CHOOSING, 1_700_101_000)] {
        let s = save::load(text.as_bytes()).expect("fixture");
        assert_eq!(save::to_json_at(&s, saved_at), text);
    }
    let finished = save::load(V2_FINISHED.as_bytes()).expect("finished");
    assert!(finished.is_over());
    assert_eq!(finished.seats().len(), 4);
    let choosing = save::load(V2_CHOOSING.as_bytes()).expect("choosing");
    assert_eq!(choosing.phase(), SessionPhase::Choose);
    assert!(matches!(
        choosing.setup().rules,
        RulesSpec::WithOptions { .. }
    ));
}

#[test]
fn the_summary_lists_when_rules_seats_and_how_far_each_colour_is() {
    let doc = save::parse(V2_FINISHED.as_bytes()).expect("parse");
    let summary = doc.summary.expect("summary");
    assert_eq!(summary.saved_at, 1_700_003_600);
    assert_eq!(summary.created_at, 1_700_000_000);
    assert_eq!(summary.rules, "classic");
    assert!(summary.over);
    assert_eq!(summary.seats.len(), 4);
    assert_eq!(summary.seats[0].name, "Ann");
    assert_eq!(
        summary.seats[1].kind,
        SeatKind::Bot {
            level: "easy".into()
        }
    );
    let winners = summary.seats.iter().filter(|s| s.place == Some(1)).count();
    assert_eq!(winners, 1);
    assert!(
        summary
            .seats
            .iter()
            .any(|s| s.progress == 100 && s.pieces_home == 4)
    );
    assert!(summary.seats.iter().any(|s| s.progress < 100));
}

#[test]
fn version_1_migrates_forward() {
    let doc = save::parse(V1.as_bytes()).expect("v1");
    assert_eq!(doc.schema, 1);
    assert_eq!(doc.summary, None);
    assert_eq!(doc.checksum, save::Checksum::Absent);
    assert_eq!(doc.setup.created_at, 1_690_000_000);
    assert_eq!(
        doc.setup.seats[1].kind,
        SeatKind::Bot {
            level: "easy".into()
        }
    );
    assert_eq!(doc.commitment, doc.setup.seed.commitment());
    let s = save::load(V1.as_bytes()).expect("v1 loads");
    assert_eq!(s.log().len(), 12);
    // Version 1 kept no rolls, so the game resumes at the roll after the last choice.
    assert_eq!(s.phase(), SessionPhase::Roll);
    // Written again, it is a version-2 save of the same game.
    let v2 = s.save_json();
    assert!(v2.contains(&format!("\"schema\": {SCHEMA}")));
    let again = save::load(v2.as_bytes()).expect("v2");
    same_game(&s, &again);
}

#[test]
fn a_save_that_gives_a_field_twice_is_refused() {
    let twice = V2_FINISHED.replacen("\"rules\": ", "\"rules\": \"mensch\", \"rules\": ", 1);
    match save::parse(twice.as_bytes()) {
        Err(SaveError::NotJson { detail, line, .. }) => {
            assert_eq!(detail, "the key \"rules\" is given twice in one object");
            assert!(line > 1);
        }
        other => panic!("{:?}", other.map(|d| d.schema)),
    }
}

#[test]
fn a_bad_value_in_a_version_1_save_is_named_as_that_file_names_it() {
    let error = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut doc: serde_json::Value = serde_json::from_str(V1).expect("json");
        edit(&mut doc);
        save::load(doc.to_string().as_bytes())
            .expect_err("refused")
            .to_string()
    };
    type Edit<'a> = &'a dyn Fn(&mut serde_json::Value);
    let cases: [(Edit, &str); 6] = [
        (
            &|d| d["players"][0]["colour"] = "mauve".into(),
            "players[0].colour: ",
        ),
        (&|d| d["players"][1]["bot"] = 7.into(), "players[1].bot: "),
        // Found when the game is replayed, about the seats as a whole.
        (&|d| d["players"][1]["bot"] = "".into(), "players[1]: "),
        (&|d| d["started"] = "yesterday".into(), "started: "),
        (&|d| d["moves"][3] = "left".into(), "moves[3]: "),
        (&|d| d["players"] = serde_json::json!([]), "players: "),
    ];
    for (edit, field) in cases {
        let e = error(edit);
        assert!(e.starts_with(field), "{field}: {e}");
    }
    // `verify` replays such a file too, and names what stops the replay the same way.
    let mut doc: serde_json::Value = serde_json::from_str(V1).expect("json");
    doc["players"][0]["name"] = "n".repeat(41).into();
    let report = ludo_core::verify::verify_save(doc.to_string().as_bytes()).expect("a save");
    let first = report.problems.first().map(ToString::to_string);
    assert!(
        first
            .as_deref()
            .is_some_and(|p| p.starts_with("players[0]: the name is longer")),
        "{first:?}"
    );
}

#[test]
fn a_newer_version_is_refused_and_never_overwritten() {
    let newer = V2_FINISHED.replace("\"schema\": 2", "\"schema\": 3");
    let e = save::load(newer.as_bytes()).expect_err("newer");
    assert_eq!(
        e,
        SaveError::NewerVersion {
            found: 3,
            supported: SCHEMA
        }
    );
    assert!(e.to_string().contains("newer"), "{e}");

    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    let path = dir.path().join("autosave.ludo.json");
    std::fs::write(&path, &newer).expect("write");
    let s = game("classic", 1, 20);
    assert!(matches!(
        store.autosave(&s),
        Err(SaveError::NewerVersion { .. })
    ));
    assert!(matches!(
        store.load(AUTOSAVE),
        Err(SaveError::NewerVersion { .. })
    ));
    assert_eq!(std::fs::read_to_string(&path).expect("read"), newer);
    // The listing tells it from a damaged save: it opens after an update.
    std::fs::write(dir.path().join("broken.ludo.json"), b"{ not a save").expect("write");
    let list = store.list().expect("list");
    let entry = |id: &str| list.iter().find(|e| e.id == id).expect(id);
    assert!(entry(AUTOSAVE).newer && entry(AUTOSAVE).problem.is_some());
    assert!(!entry("broken").newer && entry("broken").problem.is_some());
    // A damaged save whose backup a newer version wrote opens after an update too.
    std::fs::write(dir.path().join("broken.ludo.json.bak"), &newer).expect("write");
    assert!(
        store
            .list()
            .expect("list")
            .iter()
            .any(|e| e.id == "broken" && e.newer)
    );
}

fn error_of(bytes: &[u8]) -> SaveError {
    save::load(bytes).expect_err("should be refused")
}

#[test]
fn a_commitment_in_upper_case_hex_is_the_same_commitment() {
    let mut doc: serde_json::Value = serde_json::from_str(V2_FINISHED).expect("json");
    let upper = doc["dice"]["commitment"]
        .as_str()
        .expect("a commitment")
        .to_ascii_uppercase();
    doc["dice"]["commitment"] = serde_json::json!(upper);
    let text = save::reseal(doc.to_string().as_bytes()).expect("reseal");
    let loaded = save::load(text.as_bytes()).expect("an honest game with upper-case hex loads");
    assert_eq!(loaded.commitment(), upper.to_ascii_lowercase());
    let report = ludo_core::verify::verify_save(text.as_bytes()).expect("verifies");
    assert!(report.is_valid(), "{:?}", report.problems);

    // Anything but 64 hex digits is not a commitment: one digit short, or 64 non-digits.
    let commitment = doc["dice"]["commitment"]
        .as_str()
        .expect("a commitment")
        .to_string();
    for bad in [commitment[1..].to_string(), "zz".repeat(32)] {
        doc["dice"]["commitment"] = serde_json::json!(bad);
        let text = save::reseal(doc.to_string().as_bytes()).expect("reseal");
        let expected = SaveError::Invalid {
            field: "dice.commitment".into(),
            detail: "expected 64 hex digits".into(),
        };
        assert_eq!(error_of(text.as_bytes()), expected, "{bad}");
        assert_eq!(
            ludo_core::verify::verify_save(text.as_bytes()).expect_err("not a save"),
            expected
        );
    }
}

#[test]
fn a_saved_bot_level_of_the_wrong_length_is_refused() {
    use ludo_core::session::MAX_LEVEL_LEN;
    let with_level = |level: &str| {
        let mut doc: serde_json::Value = serde_json::from_str(V2_FINISHED).expect("json");
        doc["seats"][1]["level"] = serde_json::json!(level);
        save::load(
            save::reseal(doc.to_string().as_bytes())
                .expect("reseal")
                .as_bytes(),
        )
    };
    // A level this build does not know still loads, up to MAX_LEVEL_LEN bytes.
    let longest = "l".repeat(MAX_LEVEL_LEN);
    let loaded = with_level(&longest).expect("a level of the longest length");
    assert!(loaded.is_over());
    for level in [String::new(), format!("{longest}l")] {
        let e = with_level(&level).expect_err("a level of the wrong length");
        assert_eq!(
            e.to_string(),
            "seats[1]: a bot level has 1 to 24 bytes",
            "{level:?}"
        );
    }
    // Nor may it hold a control character (a terminal's escape, a line break), which a
    // replay or an error would print.
    for level in ["\u{1b}[31mPWN", "two\nlines", "bell\u{7}"] {
        let e = with_level(level).expect_err("a level with a control character");
        assert_eq!(
            e.to_string(),
            "seats[1]: the bot level holds a control character",
            "{level:?}"
        );
    }
}

#[test]
fn a_huge_bad_value_in_a_save_is_quoted_short() {
    // A megabyte where a seat's kind, a rule's option or the checksum belongs: the error
    // names the field and quotes the start of the value, not the whole of it.
    let big = "q".repeat(1_000_000);
    let edits: [&dyn Fn(&mut serde_json::Value); 3] = [
        &|d| d["seats"][1]["kind"] = serde_json::json!(big),
        &|d| {
            d["rules"] = serde_json::json!({"preset": "classic", "options": {"home_col_len": big}})
        },
        &|d| d["check"] = serde_json::json!(big),
    ];
    for (i, edit) in edits.iter().enumerate() {
        let mut doc: serde_json::Value = serde_json::from_str(V2_FINISHED).expect("json");
        if i < 2 {
            edit(&mut doc);
            doc = serde_json::from_str(&save::reseal(doc.to_string().as_bytes()).expect("reseal"))
                .expect("json");
        } else {
            edit(&mut doc);
        }
        let bytes = doc.to_string();
        let message = error_of(bytes.as_bytes()).to_string();
        assert!(
            message.len() < 300 && message.contains("qqq") && message.contains('…'),
            "edit {i}: {} bytes: {}",
            message.len(),
            &message[..message.len().min(200)]
        );
        let checked = match ludo_core::verify::verify_save(bytes.as_bytes()) {
            Ok(report) => format!("{:?}", report.problems),
            Err(e) => e.to_string(),
        };
        assert!(
            checked.len() < 600,
            "edit {i}: verify: {} bytes",
            checked.len()
        );
    }
}

#[test]
fn damaged_saves_give_errors_that_name_the_problem() {
    let good = V2_FINISHED.as_bytes();
    assert_eq!(error_of(b""), SaveError::Empty);
    assert_eq!(error_of(b"  \n"), SaveError::Empty);
    assert!(matches!(
        error_of(&good[..good.len() / 2]),
        SaveError::Truncated { .. }
    ));
    assert!(matches!(
        error_of(b"PK\x03\x04 zip?"),
        SaveError::NotJson { line: 1, .. }
    ));
    assert!(matches!(error_of(b"[1, 2]"), SaveError::NotASave(_)));
    assert!(matches!(
        error_of(b"{\"hello\": 1}"),
        SaveError::NotASave(_)
    ));

    // One flipped bit in the log: still JSON, but the checksum catches it.
    let at = V2_FINISHED.find("\"log\": [").expect("log") + 8;
    let mut flipped = good.to_vec();
    flipped[at] ^= 1;
    assert!(
        matches!(error_of(&flipped), SaveError::ChecksumMismatch { .. }),
        "{}",
        error_of(&flipped)
    );
    // A flipped bit in a key.
    let mut flipped = good.to_vec();
    flipped[V2_FINISHED.find("\"seats\": [").expect("seats") + 2] ^= 0x20;
    assert!(
        matches!(error_of(&flipped), SaveError::ChecksumMismatch { .. }),
        "{}",
        error_of(&flipped)
    );

    let edit = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut doc: serde_json::Value = serde_json::from_str(V2_FINISHED).expect("json");
        f(&mut doc);
        let text = save::reseal(doc.to_string().as_bytes()).expect("reseal");
        error_of(text.as_bytes())
    };
    // Wrong types, named by their path.
    let e = edit(&|d| d["seats"][1]["kind"] = serde_json::json!(7));
    assert_eq!(
        e,
        SaveError::WrongType {
            field: "seats[1].kind".into(),
            expected: "a string",
            found: "a number"
        }
    );
    // A list entry that is not an object is named by its index, in every list of objects.
    let not_object = |field: &str| SaveError::WrongType {
        field: field.into(),
        expected: "an object",
        found: "a number",
    };
    assert_eq!(
        edit(&|d| d["seats"][2] = serde_json::json!(5)),
        not_object("seats[2]")
    );
    assert_eq!(
        edit(&|d| d["summary"]["seats"][1] = serde_json::json!(5)),
        not_object("summary.seats[1]")
    );
    let mut v1: serde_json::Value = serde_json::from_str(V1).expect("json");
    v1["players"][1] = serde_json::json!(5);
    assert_eq!(
        error_of(v1.to_string().as_bytes()),
        not_object("players[1]")
    );
    // Faults are told in the file's order: an earlier seat's fault comes first.
    let e = edit(&|d| {
        d["seats"][0]["kind"] = serde_json::json!(7);
        d["seats"][2] = serde_json::json!(5);
    });
    assert!(
        matches!(&e, SaveError::WrongType { field, .. } if field == "seats[0].kind"),
        "{e}"
    );
    let e = edit(&|d| d["log"][3] = serde_json::json!("two"));
    assert!(
        matches!(&e, SaveError::WrongType { field, .. } if field == "log[3]"),
        "{e}"
    );
    let e = edit(&|d| d["online"] = serde_json::json!("no"));
    assert!(
        e.to_string().starts_with("online: expected true or false"),
        "{e}"
    );
    let e = edit(&|d| {
        d.as_object_mut().expect("object").remove("dice");
    });
    assert_eq!(
        e,
        SaveError::Missing {
            field: "dice".into()
        }
    );
    // A version-2 save without its recorded rolls would verify on the log alone.
    let e = edit(&|d| {
        d.as_object_mut().expect("object").remove("rolls");
    });
    assert_eq!(
        e,
        SaveError::Missing {
            field: "rolls".into()
        }
    );
    let e = edit(&|d| d["seats"][0]["colour"] = serde_json::json!("purple"));
    assert!(e.to_string().contains("seats[0].colour"), "{e}");
    let e = edit(&|d| d["rules"] = serde_json::json!("chess"));
    assert!(e.to_string().contains("chess"), "{e}");

    // A log that replays into an illegal move.
    let e = edit(&|d| d["log"][5] = serde_json::json!(7));
    assert!(
        matches!(
            e,
            SaveError::Log(LogError::IllegalChoice {
                index: 5,
                choice: 7,
                ..
            })
        ),
        "{e}"
    );
    // A log cut short, with the rolls still claiming the whole game.
    let e = edit(&|d| {
        d["log"].as_array_mut().expect("log").truncate(50);
    });
    assert!(matches!(e, SaveError::Log(_)), "{e}");
    // A seed that is not the committed one.
    let e = edit(&|d| d["dice"]["seed"] = serde_json::json!(Seed::from_u64(9).to_hex()));
    assert!(matches!(e, SaveError::CommitmentMismatch { .. }), "{e}");
    // A missing checksum.
    let mut doc: serde_json::Value = serde_json::from_str(V2_FINISHED).expect("json");
    doc.as_object_mut().expect("object").remove("check");
    assert_eq!(
        error_of(doc.to_string().as_bytes()),
        SaveError::Missing {
            field: "check".into()
        }
    );
}

#[test]
fn a_store_where_a_file_stands_says_it_is_not_a_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("saves");
    std::fs::write(&file, b"a file").expect("write");
    for at in [file.clone(), file.join("inner")] {
        let e = SaveStore::open(&at).expect_err("a file is not a folder");
        let text = e.to_string();
        assert!(text.starts_with(&at.display().to_string()), "{text}");
        assert!(text.contains("not a folder"), "{text}");
    }
    assert_eq!(std::fs::read(&file).expect("read"), b"a file");
}

#[test]
fn damaged_copies_set_aside_by_writes_are_each_kept_until_the_save_is_deleted() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    let game = game("classic", 4, 30);
    store.save_as("mine", &game).expect("save");
    store
        .save_as("mine-2", &game)
        .expect("another save, whose name starts the same");
    let main = dir.path().join("mine.ludo.json");
    let damaged: [&[u8]; 3] = [b"first damage", b"second damage", b"third damage"];
    for bytes in damaged {
        std::fs::write(&main, bytes).expect("damage");
        store.save_as("mine", &game).expect("save over the damage");
    }
    // Damage that leaves good JSON is found by the checksum: set aside too, never the backup.
    store
        .save_as("mine", &game)
        .expect("save again: the save before is the backup");
    let bak = dir.path().join("mine.ludo.json.bak");
    let backup = std::fs::read(&bak).expect("the backup");
    let good = std::fs::read(&main).expect("read");
    let edited =
        String::from_utf8(good.clone())
            .expect("text")
            .replacen("\"classic\"", "\"mensch\"", 1);
    assert!(serde_json::from_str::<serde_json::Value>(&edited).is_ok());
    std::fs::write(&main, &edited).expect("damage");
    store.save_as("mine", &game).expect("save over the damage");
    let fourth = dir.path().join("mine.ludo.json.corrupt-4");
    assert_eq!(
        std::fs::read(&fourth).expect("set aside"),
        edited.as_bytes()
    );
    assert_eq!(
        std::fs::read(&bak).expect("backup"),
        backup,
        "the backup as it was"
    );
    for (bytes, suffix) in damaged.iter().zip([".corrupt", ".corrupt-2", ".corrupt-3"]) {
        let copy = dir.path().join(format!("mine.ludo.json{suffix}"));
        assert_eq!(
            std::fs::read(&copy).ok().as_deref(),
            Some(*bytes),
            "{suffix}"
        );
    }
    store.delete("mine").expect("delete");
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .expect("read")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("mine."))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    assert!(store.load("mine-2").is_ok(), "the other save is untouched");
    // With the folder gone, there is nothing to delete, as before copies were looked for.
    let gone = SaveStore::open(dir.path().join("gone")).expect("store");
    std::fs::remove_dir(dir.path().join("gone")).expect("remove the folder");
    assert!(matches!(
        gone.delete("mine"),
        Err(SaveError::NotFound { .. })
    ));
    assert!(gone.clear_autosave().is_ok());
}

#[test]
fn the_store_lists_newest_first_loads_and_deletes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path().join("saves")).expect("store");
    assert!(store.list().expect("list").is_empty());
    let older = game("classic", 1, 50);
    let newer = game("parchis", 2, 80);
    let id_old = store.save(&older).expect("save");
    let id_new = store.save(&newer).expect("save");
    assert_ne!(id_old, id_new);
    // Same second on a fast machine: force the order through the summaries' time stamps.
    std::fs::write(
        store.dir().join(format!("{id_old}.ludo.json")),
        save::to_json_at(&older, 100),
    )
    .expect("write");
    std::fs::write(
        store.dir().join(format!("{id_new}.ludo.json")),
        save::to_json_at(&newer, 200),
    )
    .expect("write");
    let list = store.list().expect("list");
    let ids: Vec<&str> = list.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, vec![id_new.as_str(), id_old.as_str()]);
    assert_eq!(list[0].summary.as_ref().expect("summary").rules, "parchis");
    assert!(list.iter().all(|e| e.problem.is_none()));

    let loaded = store.load(&id_old).expect("load");
    assert!(loaded.recovered.is_none());
    same_game(&loaded.session, &older);

    store.delete(&id_old).expect("delete");
    assert!(matches!(
        store.load(&id_old),
        Err(SaveError::NotFound { .. })
    ));
    assert!(matches!(
        store.delete(&id_old),
        Err(SaveError::NotFound { .. })
    ));
    assert_eq!(store.list().expect("list").len(), 1);
    assert!(matches!(
        store.load("../etc/passwd"),
        Err(SaveError::BadName { .. })
    ));
}

#[test]
fn delete_counts_a_backup_but_not_leftovers_and_reports_what_it_cannot_remove() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path().join("saves")).expect("store");
    let file = |name: &str| store.dir().join(name);
    let bytes = save::to_json_at(&game("classic", 3, 20), 100);

    // Only the backup is left: that is still a save, and delete removes it.
    std::fs::write(file("only-bak.ludo.json.bak"), &bytes).expect("write");
    store.delete("only-bak").expect("a backup alone is a save");
    assert!(!file("only-bak.ludo.json.bak").exists());

    // A temporary file of a write that never finished is not a save, but it goes too.
    std::fs::write(file("only-tmp.ludo.json.tmp"), &bytes).expect("write");
    assert!(matches!(
        store.delete("only-tmp"),
        Err(SaveError::NotFound { .. })
    ));
    assert!(!file("only-tmp.ludo.json.tmp").exists());

    // A file that cannot be removed is named in the error.
    std::fs::write(file("stuck.ludo.json"), &bytes).expect("write");
    let stuck = file("stuck.ludo.json.corrupt");
    std::fs::create_dir(&stuck).expect("a folder where a file should be");
    match store.delete("stuck") {
        Err(SaveError::Io { path, .. }) => assert_eq!(path, stuck.display().to_string()),
        other => panic!("{other:?}"),
    }
    // The save goes last: a delete stopped on the way leaves it whole, never its backup
    // alone to be loaded in its place (as a crash in the middle would).
    assert!(store.load("stuck").is_ok_and(|l| l.recovered.is_none()));
    let g = game("classic", 5, 30);
    store
        .save_as("held", &game("classic", 5, 20))
        .expect("save");
    store
        .save_as("held", &g)
        .expect("save again, with a backup");
    let bak = file("held.ludo.json.bak");
    std::fs::remove_file(&bak).expect("remove the backup");
    std::fs::create_dir(&bak).expect("a folder where the backup should be");
    std::fs::write(bak.join("x"), b"x").expect("write");
    assert!(matches!(store.delete("held"), Err(SaveError::Io { .. })));
    let held = store.load("held").expect("still there");
    assert!(held.recovered.is_none());
    same_game(&held.session, &g);
}

#[test]
fn a_slot_that_takes_another_game_never_offers_the_old_one_as_its_backup() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    let main = dir.path().join("autosave.ludo.json");
    let bak = dir.path().join("autosave.ludo.json.bak");
    let first = game("classic", 6, 40);
    store.autosave(&game("classic", 6, 30)).expect("autosave");
    store.autosave(&first).expect("autosave, with a backup");
    let kept = store.keep_autosave().expect("keep").expect("kept");
    let second = game("mensch", 7, 10);
    store
        .autosave(&second)
        .expect("the next game's first autosave");
    assert!(!bak.exists(), "the first game is no backup of the second");

    // The second game's only file damaged: an error, not the first game in its place.
    let mut bytes = std::fs::read(&main).expect("read");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x20;
    std::fs::write(&main, &bytes).expect("damage");
    let damaged = store.load_autosave();
    assert!(
        damaged.is_err(),
        "{:?}",
        damaged.map(|l| l.map(|l| l.recovered))
    );
    same_game(&store.load(&kept).expect("kept").session, &first);

    // Written again: the damaged file is set aside, and the game's own states make up its
    // backup from then on.
    store.autosave(&second).expect("autosave over the damage");
    assert!(dir.path().join("autosave.ludo.json.corrupt").exists());
    assert!(!bak.exists());
    let later = game("mensch", 7, 30);
    store.autosave(&later).expect("autosave");
    same_game(
        &save::load(&std::fs::read(&bak).expect("bak")).expect("bak"),
        &second,
    );

    // A backup of another game that cannot be removed stops the write, and the slot keeps
    // the game it held.
    let other = tempfile::tempdir().expect("tempdir");
    let other_store = SaveStore::open(other.path()).expect("store");
    other_store.autosave(&first).expect("autosave");
    let stuck = other.path().join("autosave.ludo.json.bak");
    std::fs::create_dir(&stuck).expect("a folder where the backup should be");
    std::fs::write(stuck.join("x"), b"x").expect("write");
    match other_store.autosave(&second) {
        Err(SaveError::Io { path, .. }) => assert_eq!(path, stuck.display().to_string()),
        other => panic!("{other:?}"),
    }
    let slot = other_store.load_autosave().expect("load").expect("some");
    assert!(slot.recovered.is_none());
    same_game(&slot.session, &first);

    // A backup of another game beside a damaged slot (as an older version could leave
    // it) is not kept beside the game that writes the slot next.
    std::fs::write(&bak, save::to_json(&first)).expect("another game's backup");
    std::fs::write(&main, b"{ damaged").expect("damage");
    store.autosave(&later).expect("autosave");
    assert!(!bak.exists());
    same_game(
        &store.load_autosave().expect("load").expect("some").session,
        &later,
    );
}

#[test]
fn damaged_copies_stay_when_a_game_moves_or_ends_and_go_when_it_is_deleted() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    let path = |name: &str| dir.path().join(name);
    let set_aside = |id: &str, g: &Session| {
        std::fs::write(path(&format!("{id}.ludo.json")), b"damage").expect("damage");
        store.save_as(id, g).expect("write over the damage");
        assert!(path(&format!("{id}.ludo.json.corrupt")).exists());
    };
    // A kept game taken up: its own files move to the slot, its damaged copy stays.
    let kept = game("classic", 8, 40);
    let id = store.save(&kept).expect("save");
    set_aside(&id, &kept);
    store.take_up(&id).expect("take up");
    assert!(!path(&format!("{id}.ludo.json")).exists());
    assert!(path(&format!("{id}.ludo.json.corrupt")).exists());
    // The slot cleared, or its finished game filed: the slot's damaged copy stays.
    set_aside(AUTOSAVE, &kept);
    store.clear_autosave().expect("clear");
    assert!(!path("autosave.ludo.json").exists());
    assert!(path("autosave.ludo.json.corrupt").exists());
    let over = game("classic", 9, 100_000);
    assert!(over.is_over());
    store.autosave(&over).expect("autosave");
    std::fs::remove_file(path("autosave.ludo.json.corrupt")).expect("remove");
    set_aside(AUTOSAVE, &over);
    let filed = store.keep_finished(&over).expect("file").expect("filed");
    assert!(!path("autosave.ludo.json").exists());
    assert!(path("autosave.ludo.json.corrupt").exists());
    // Deleted by the player: the damaged copies go with the game.
    store
        .delete(AUTOSAVE)
        .expect_err("nothing but a damaged copy left");
    set_aside(&filed, &over);
    store.delete(&filed).expect("delete");
    assert!(!path(&format!("{filed}.ludo.json.corrupt")).exists());
}

/// A save that cannot be read is not written over: only "not there" lets a write go ahead.
/// (A link to itself stands for any unreadable file: this test may run as root, which
/// reads past permissions.)
#[cfg(unix)]
#[test]
fn a_save_that_cannot_be_read_is_not_written_over() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path().join("saves")).expect("store");
    let main = store.dir().join("loop.ludo.json");
    std::os::unix::fs::symlink(&main, &main).expect("a link to itself");
    match store.save_as("loop", &game("classic", 4, 10)) {
        Err(SaveError::Io { path, .. }) => assert_eq!(path, main.display().to_string()),
        other => panic!("{other:?}"),
    }
    let link = std::fs::symlink_metadata(&main).expect("still there");
    assert!(link.file_type().is_symlink());
    assert!(!store.dir().join("loop.ludo.json.tmp").exists());
}

#[test]
fn a_game_in_progress_is_kept_before_the_autosave_slot_takes_another() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    assert_eq!(store.keep_autosave().expect("no autosave"), None);

    // An unfinished game is kept under its own id; kept again later, it keeps that one file.
    let early = game("classic", 4, 30);
    store.autosave(&early).expect("autosave");
    let id = store.keep_autosave().expect("keep").expect("kept");
    assert_eq!(id, SaveStore::game_id(&early));
    same_game(&store.load(&id).expect("kept").session, &early);
    let later = game("classic", 4, 60);
    store.autosave(&later).expect("autosave");
    assert_eq!(store.keep_autosave().expect("keep again"), Some(id.clone()));
    same_game(&store.load(&id).expect("kept").session, &later);
    let ids = save_ids(&store);
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert!(ids.contains(&id) && ids.iter().any(|i| i == AUTOSAVE));

    // A finished game has nothing to play on, but it is filed, not dropped.
    let over = game("classic", 5, 100_000);
    assert!(over.is_over());
    store.autosave(&over).expect("autosave");
    assert_eq!(store.keep_autosave().expect("over"), None);
    same_game(
        &store
            .load(&SaveStore::game_id(&over))
            .expect("filed")
            .session,
        &over,
    );

    // An autosave that cannot be read, or that a newer version wrote, is moved aside byte
    // for byte, and the slot is free for the next game.
    // Two in the same second get names of their own.
    let newer = V2_FINISHED.replace("\"schema\": 2", "\"schema\": 3");
    let mut kept_ids = Vec::new();
    for bytes in [b"{ not a save".to_vec(), newer.into_bytes()] {
        store.clear_autosave().expect("clear");
        std::fs::write(dir.path().join("autosave.ludo.json"), &bytes).expect("write");
        let kept = store.keep_autosave().expect("keep").expect("moved aside");
        assert!(kept.starts_with("autosave-kept-"), "{kept}");
        let path = dir.path().join(format!("{kept}.ludo.json"));
        assert_eq!(std::fs::read(&path).expect("kept bytes"), bytes);
        assert!(store.load_autosave().expect("slot").is_none());
        store.autosave(&early).expect("the slot takes a new game");
        kept_ids.push(kept);
    }
    assert_ne!(kept_ids[0], kept_ids[1]);
}

/// Writes [`FINISHED_KEPT`] saves of one finished game into `dir`, as `NAME-00`, `NAME-01`,
/// ..., each saved a second after the one before, the first at `first_saved_at`; returns
/// the game.
fn finished_saves(dir: &std::path::Path, name: &str, first_saved_at: u64) -> Session {
    let over = game("classic", 5, 100_000);
    assert!(over.is_over());
    for i in 0..FINISHED_KEPT {
        let text = save::to_json_at(&over, first_saved_at + i as u64);
        let path = dir.join(format!("{name}-{i:02}.ludo.json"));
        std::fs::write(path, text).expect("write");
    }
    over
}

#[test]
fn finished_games_are_filed_and_only_the_newest_are_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    let at = |id: &str| dir.path().join(format!("{id}.ludo.json"));

    // A game not over is not filed, and nothing changes.
    let playing = game("classic", 8, 40);
    store.autosave(&playing).expect("autosave");
    assert_eq!(store.keep_finished(&playing).expect("not over"), None);
    assert_eq!(save_ids(&store), [AUTOSAVE]);

    // Finished games filed earlier, each older than the next, beside a paused game and a
    // damaged file that are older still.
    let old = finished_saves(dir.path(), "old", 1_700_000_000);
    std::fs::write(at("paused"), save::to_json_at(&playing, 1_600_000_000)).expect("write");
    std::fs::write(at("broken"), b"{ not a save").expect("write");
    // Older still, and finished, but not counted: a damaged save whose backup is a finished
    // game, a finished game a newer version wrote, and an autosave moved aside.
    let oldest = save::to_json_at(&old, 1_500_000_000);
    std::fs::write(at("damaged"), b"{ not a save").expect("write");
    std::fs::write(dir.path().join("damaged.ludo.json.bak"), &oldest).expect("write");
    let newer = oldest.replacen(&format!("\"schema\": {SCHEMA}"), "\"schema\": 99", 1);
    assert_ne!(newer, oldest);
    std::fs::write(at("newer"), newer).expect("write");
    std::fs::write(at("autosave-kept-1"), &oldest).expect("write");

    // The game in the slot ends: it is filed under its own id, the slot is cleared, and the
    // oldest finished game makes room.
    let ending = game("mensch", 9, 40);
    store.autosave(&ending).expect("autosave");
    let ended = game("mensch", 9, 100_000);
    assert!(ended.is_over());
    let id = store.keep_finished(&ended).expect("file").expect("over");
    assert_eq!(id, SaveStore::game_id(&ended));
    same_game(&store.load(&id).expect("filed").session, &ended);
    assert!(store.load_autosave().expect("slot").is_none());
    assert!(!at("old-00").exists());
    let untouched = ["paused", "broken", "damaged", "newer", "autosave-kept-1"];
    for kept in ["old-01", "old-19"].iter().chain(&untouched) {
        assert!(at(kept).exists(), "{kept} was deleted");
    }
    assert!(dir.path().join("damaged.ludo.json.bak").exists());
    // The finished games that count: read cleanly, not an autosave moved aside.
    let finished = |store: &SaveStore| {
        let list = store.list().expect("list");
        list.iter()
            .filter(|e| e.summary.as_ref().is_some_and(|s| s.over) && e.problem.is_none())
            .filter(|e| !e.id.starts_with("autosave-kept-"))
            .count()
    };
    assert_eq!(finished(&store), FINISHED_KEPT);

    // Filed again, it keeps its one file. A slot that holds another game is left alone.
    store.autosave(&playing).expect("autosave");
    assert_eq!(
        store.keep_finished(&ended).expect("again"),
        Some(id.clone())
    );
    same_game(
        &store.load_autosave().expect("slot").expect("kept").session,
        &playing,
    );
    let other = game("classic", 10, 100_000);
    let other_id = store.keep_finished(&other).expect("file").expect("over");
    assert_ne!(other_id, id);
    assert!(!at("old-01").exists() && at("old-02").exists() && at(&id).exists());
    assert_eq!(finished(&store), FINISHED_KEPT);
    same_game(
        &store.load_autosave().expect("slot").expect("kept").session,
        &playing,
    );
    for kept in untouched {
        assert!(at(kept).exists(), "{kept} was deleted");
    }
}

#[test]
fn a_game_filed_while_the_others_carry_later_dates_is_kept() {
    // A clock once set years ahead dated the finished games in the folder: the game filed
    // now is still one of the twenty kept, and the oldest of the others makes room.
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    let at = |id: &str| dir.path().join(format!("{id}.ludo.json"));
    finished_saves(dir.path(), "ahead", 4_000_000_000);
    let now = game("classic", 10, 100_000);
    let id = store.keep_finished(&now).expect("file").expect("over");
    same_game(&store.load(&id).expect("filed").session, &now);
    assert!(!at("ahead-00").exists());
    assert!(at("ahead-01").exists());
    assert_eq!(save_ids(&store).len(), FINISHED_KEPT);
}

#[test]
fn a_kept_game_that_cannot_be_played_on_here_is_not_taken_up() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    store.autosave(&game("mensch", 2, 10)).expect("autosave");
    // An unfinished game whose bot plays at a level this build does not know.
    let text = save::to_json(&game("classic", 1, 20)).replace("\"easy\"", "\"grandmaster\"");
    let text = save::reseal(text.as_bytes()).expect("reseal");
    std::fs::write(dir.path().join("odd.ludo.json"), &text).expect("write");
    let before: Vec<_> = save_ids(&store);
    let slot = std::fs::read(dir.path().join("autosave.ludo.json")).expect("slot");
    match store.take_up("odd") {
        Err(SaveError::Invalid { field, detail }) => {
            assert_eq!(field, "seats[1]");
            assert!(detail.contains("grandmaster"), "{detail}");
        }
        other => panic!("{:?}", other.map(|l| l.session.is_over())),
    }
    assert_eq!(save_ids(&store), before);
    assert_eq!(
        std::fs::read(dir.path().join("autosave.ludo.json")).expect("slot"),
        slot
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("odd.ludo.json")).expect("odd"),
        text
    );
}

#[test]
fn a_kept_game_is_taken_up_into_the_autosave_slot_and_the_slot_s_game_is_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    let first = game("classic", 6, 40);
    let second = game("mensch", 7, 40);
    store.autosave(&first).expect("autosave");
    let first_id = store.keep_autosave().expect("keep").expect("kept");
    store.autosave(&second).expect("the next game");

    // Taking up the first game keeps the second, and the first lives in the slot only.
    let taken = store.take_up(&first_id).expect("take up");
    same_game(&taken.session, &first);
    same_game(&store.load(AUTOSAVE).expect("slot").session, &first);
    assert!(matches!(
        store.load(&first_id),
        Err(SaveError::NotFound { .. })
    ));
    let second_id = SaveStore::game_id(&second);
    same_game(&store.load(&second_id).expect("kept").session, &second);

    // The slot taken up as it is; unknown and bad ids are refused and change nothing.
    same_game(&store.take_up(AUTOSAVE).expect("slot").session, &first);
    assert!(matches!(
        store.take_up("no-such-game"),
        Err(SaveError::NotFound { .. })
    ));
    assert!(matches!(
        store.take_up("../x"),
        Err(SaveError::BadName { .. })
    ));
    same_game(&store.load(AUTOSAVE).expect("slot").session, &first);
    let ids = save_ids(&store);
    assert_eq!(ids.len(), 2, "the slot and the second game only: {ids:?}");
}

#[test]
fn autosave_keeps_the_previous_copy_as_backup() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    assert!(store.load_autosave().expect("none").is_none());
    let mut s = game("classic", 3, 30);
    store.autosave(&s).expect("first");
    let first = s.clone();
    let mut pick = SplitMix(1);
    while s.phase() != SessionPhase::Choose {
        s.roll().expect("roll");
    }
    s.choose(pick.below(s.options().len())).expect("choose");
    store.autosave(&s).expect("second");
    let backup =
        save::load(&std::fs::read(dir.path().join("autosave.ludo.json.bak")).expect("bak"))
            .expect("backup loads");
    same_game(&backup, &first);
    let loaded = store.load_autosave().expect("load").expect("some");
    same_game(&loaded.session, &s);
    store.clear_autosave().expect("clear");
    assert!(store.load_autosave().expect("none").is_none());
    store.clear_autosave().expect("clearing twice is fine");
}

#[test]
fn a_damaged_save_falls_back_to_its_backup_and_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    let before = game("mensch", 4, 40);
    let after = game("mensch", 4, 60);
    store.save_as("mine", &before).expect("save");
    store.save_as("mine", &after).expect("save");
    let main = dir.path().join("mine.ludo.json");
    let bak = dir.path().join("mine.ludo.json.bak");
    let text = std::fs::read(&main).expect("read");
    std::fs::write(&main, &text[..text.len() / 3]).expect("truncate");

    let loaded = store.load("mine").expect("falls back");
    assert!(matches!(
        loaded.recovered,
        Some(SaveError::Truncated { .. })
    ));
    same_game(&loaded.session, &before);
    // Nothing was deleted or repaired behind the player's back.
    assert_eq!(std::fs::read(&main).expect("main").len(), text.len() / 3);
    assert!(bak.exists());
    // The listing shows the problem, with the backup's summary.
    let list = store.list().expect("list");
    assert!(
        list[0]
            .problem
            .as_deref()
            .is_some_and(|p| p.contains("cut short"))
    );
    assert!(list[0].summary.is_some());

    // The next write sets the damaged file aside rather than making it the backup.
    store.save_as("mine", &after).expect("save");
    assert!(dir.path().join("mine.ludo.json.corrupt").exists());
    same_game(
        &save::load(&std::fs::read(&bak).expect("bak")).expect("bak"),
        &before,
    );

    // A missing save with a backup also recovers.
    std::fs::remove_file(&main).expect("remove");
    let loaded = store.load("mine").expect("from backup");
    assert!(matches!(loaded.recovered, Some(SaveError::NotFound { .. })));

    // Both damaged: one error that names both problems.
    std::fs::write(&main, b"{").expect("write");
    std::fs::write(&bak, b"").expect("write");
    let e = store.load("mine").expect_err("both bad");
    assert!(matches!(e, SaveError::Unreadable { .. }), "{e}");
    assert!(
        e.to_string().contains("empty") && e.to_string().contains("cut short"),
        "{e}"
    );
}

/// Reads a writer's output: the last complete `<commitment head> <step>` line.
fn last_report(out: &str) -> Option<(String, usize)> {
    // Only lines with their newline: a kill can cut the last one short.
    out.split_inclusive('\n').rev().find_map(|l| {
        let (c, n) = l.strip_suffix('\n')?.split_once(' ')?;
        Some((c.to_string(), n.parse().ok()?))
    })
}

fn state_of(s: &Session) -> (String, usize) {
    (
        s.commitment()[..16].to_string(),
        s.rolls().len() + s.log().len(),
    )
}

fn is_fresh(s: &Session) -> bool {
    s.log().is_empty() && s.rolls().iter().all(|r| r.roll_off)
}

#[test]
fn a_writer_killed_at_random_moments_always_leaves_a_loadable_save() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    let mut known: Option<(String, usize)> = None;
    let mut rng = SplitMix(0xC0FFEE);
    let mut in_flight = 0;
    for kill in 0..200 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_save_churn"))
            .arg(dir.path())
            .arg("30")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn the writer");
        std::thread::sleep(Duration::from_micros(rng.below(30_000) as u64));
        child.kill().expect("kill");
        child.wait().expect("wait");
        let mut out = String::new();
        if let Some(mut stdout) = child.stdout.take() {
            stdout.read_to_string(&mut out).expect("output");
        }
        if let Some(report) = last_report(&out) {
            known = Some(report);
        }
        let loaded = store
            .load_autosave()
            .unwrap_or_else(|e| panic!("kill {kill}: the save does not load: {e}"));
        let Some(loaded) = loaded else {
            assert!(known.is_none(), "kill {kill}: a completed save vanished");
            continue;
        };
        assert!(
            loaded.recovered.is_none(),
            "kill {kill}: the main file was torn"
        );
        let now = state_of(&loaded.session);
        if let Some((commitment, step)) = &known {
            // The state last reported complete, or the one being written when killed.
            let same = now.0 == *commitment && (now.1 == *step || now.1 == step + 1);
            let next_game = now.0 != *commitment && is_fresh(&loaded.session);
            assert!(same || next_game, "kill {kill}: {now:?} after {known:?}");
            if now.1 == step + 1 || next_game {
                in_flight += 1;
            }
        } else {
            assert!(is_fresh(&loaded.session) || now.1 <= 1 + loaded.session.rolls().len());
        }
        known = Some(now);
    }
    eprintln!("200 kills; {in_flight} landed after a save was complete but before it was reported");
}

/// Real saves to mutate: a finished game, a game waiting for a choice, options, v1, and
/// a short game of blocks.
fn corpus() -> &'static [Vec<u8>] {
    static CORPUS: std::sync::LazyLock<Vec<Vec<u8>>> = std::sync::LazyLock::new(|| {
        vec![
            V2_FINISHED.as_bytes().to_vec(),
            V2_CHOOSING.as_bytes().to_vec(),
            V1.as_bytes().to_vec(),
            game("ludo_blocks", 5, 60).save_json().into_bytes(),
        ]
    });
    &CORPUS
}

/// Replay codes to mutate.
fn codes() -> &'static [String] {
    static CODES: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
        (0..4)
            .map(|seed| replay::encode(&game("classic", seed, 400)))
            .collect()
    });
    &CODES
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 50_000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Raw damage: truncation, flipped bits, stray bytes. Never a panic, and a damaged
    /// file is refused unless the damage is invisible (whitespace).
    #[test]
    fn damaged_bytes_never_panic(which in 0usize..4, muts in prop::collection::vec(mutation(), 1..4)) {
        let corpus = corpus();
        let mut bytes = corpus[which].clone();
        for m in &muts {
            mutate(&mut bytes, m);
        }
        match save::load(&bytes) {
            // Version 1 had no checksum: damage there can make another legal game.
            Ok(s) if which != 2 => {
                let original = save::load(&corpus[which]).expect("original");
                prop_assert_eq!(s.position(), original.position());
                prop_assert_eq!(s.log(), original.log());
            }
            Ok(_) => {}
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        let _ = ludo_core::verify::verify_save(&bytes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Damage that the checksum does not catch (it is recomputed), so every check after
    /// it is exercised: the loader never panics.
    #[test]
    fn resealed_damage_never_panics(which in 0usize..4, muts in prop::collection::vec(mutation(), 1..3)) {
        let mut bytes = corpus()[which].clone();
        for m in &muts {
            mutate(&mut bytes, m);
        }
        if let Some(resealed) = save::reseal(&bytes) {
            let _ = save::load(resealed.as_bytes());
            let _ = ludo_core::verify::verify_save(resealed.as_bytes());
        }
    }

    /// A value of the wrong type or range anywhere in the document, resealed: a typed error
    /// naming the problem, or a game that still replays.
    #[test]
    fn wrong_values_anywhere_never_panic(which in 0usize..4, pick in any::<usize>(), value in any_json()) {
        let bytes = corpus()[which].clone();
        let mut doc: serde_json::Value = serde_json::from_slice(&bytes).expect("json");
        let mut all = Vec::new();
        paths(&doc, &mut Vec::new(), &mut all);
        // Any value but the document itself.
        let path = &all[1 + pick % (all.len() - 1)];
        if let Some(slot) = at_path(&mut doc, path) {
            *slot = value;
        }
        let resealed = save::reseal(doc.to_string().as_bytes()).expect("object");
        if let Err(e) = save::load(resealed.as_bytes()) {
            prop_assert!(!e.to_string().is_empty());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Replay codes with damaged text, and with damaged content under a recomputed
    /// checksum: never a panic.
    #[test]
    fn damaged_replay_codes_never_panic(which in 0usize..4, muts in prop::collection::vec(mutation(), 1..3), reseal in any::<bool>()) {
        let code = codes()[which].clone();
        if reseal {
            use base64::Engine as _;
            let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
            let mut bytes = engine.decode(&code[replay::CODE_PREFIX.len()..]).expect("b64");
            bytes.truncate(bytes.len() - 4);
            for m in &muts {
                mutate(&mut bytes, m);
            }
            use sha2::Digest as _;
            let check = sha2::Sha256::digest(&bytes);
            bytes.extend_from_slice(&check[..4]);
            let _ = replay::decode(&format!("{}{}", replay::CODE_PREFIX, engine.encode(&bytes)));
        } else {
            let mut bytes = code.into_bytes();
            for m in &muts {
                mutate(&mut bytes, m);
            }
            let _ = replay::decode(&String::from_utf8_lossy(&bytes));
        }
    }
}

/// A store in a fresh folder and a new game of two bots, each shareable between threads;
/// the folder lives as long as the first value.
fn shared_store_and_game() -> (
    tempfile::TempDir,
    std::sync::Arc<SaveStore>,
    std::sync::Arc<Session>,
) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = std::sync::Arc::new(SaveStore::open(dir.path()).expect("store"));
    let seats = vec![Seat::bot("a", "random"), Seat::bot("b", "random")];
    let session = std::sync::Arc::new(
        Session::new(GameSetup::new(RulesSpec::Preset("classic".into()), seats)).expect("session"),
    );
    (dir, store, session)
}

#[test]
fn autosaves_from_several_threads_never_fail() {
    let (_dir, store, session) = shared_store_and_game();
    let threads: Vec<_> = (0..4)
        .map(|_| {
            let (store, session) = (store.clone(), session.clone());
            std::thread::spawn(move || {
                (0..25)
                    .filter(|_| store.autosave(&session).is_err())
                    .count()
            })
        })
        .collect();
    let failures: usize = threads.into_iter().map(|t| t.join().expect("thread")).sum();
    assert_eq!(failures, 0);
    assert!(store.load_autosave().expect("load").is_some());
}

#[test]
fn clearing_the_autosave_while_it_is_written_never_breaks_the_write() {
    // An app may clear the autosave at the end of a game while a last autosave is still
    // being written on another thread: each must wait for the other, not remove its files.
    let (_dir, store, session) = shared_store_and_game();
    let writer = {
        let (store, session) = (store.clone(), session.clone());
        std::thread::spawn(move || {
            (0..200)
                .filter_map(|_| store.autosave(&session).err())
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
        })
    };
    let clearer = {
        let store = store.clone();
        std::thread::spawn(move || {
            (0..200)
                .filter_map(|_| store.clear_autosave().err())
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
        })
    };
    let written = writer.join().expect("writer");
    let cleared = clearer.join().expect("clearer");
    assert!(
        written.is_empty(),
        "{} failed writes: {:?}",
        written.len(),
        written.first()
    );
    assert!(cleared.is_empty(), "{cleared:?}");
}

#[test]
fn a_file_larger_than_any_save_is_refused_unread_and_set_aside_by_the_next_write() {
    // 17 MiB where a save belongs: refused as not a save, with the reason, never parsed whole.
    let big = format!("{{\"schema\": 2, \"pad\": \"{}\"}}", "x".repeat(17 << 20));
    let e = save::load(big.as_bytes()).expect_err("too large");
    assert!(
        matches!(&e, SaveError::NotASave(why) if why.contains("more than 16 MiB")),
        "{e}"
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    std::fs::write(dir.path().join("big.ludo.json"), &big).expect("write");
    assert!(matches!(store.load("big"), Err(SaveError::NotASave(_))));
    let list = store.list().expect("list");
    assert!(
        list[0]
            .problem
            .as_deref()
            .is_some_and(|p| p.contains("16 MiB"))
    );
    // The next write keeps the giant aside, byte for byte, and the save loads.
    let s = game("classic", 3, 20);
    store.save_as("big", &s).expect("save over it");
    let aside = std::fs::metadata(dir.path().join("big.ludo.json.corrupt")).expect("kept aside");
    assert_eq!(aside.len(), big.len() as u64);
    same_game(&store.load("big").expect("load").session, &s);
}

#[test]
fn filing_a_finished_game_never_clears_a_new_game_autosaved_meanwhile() {
    // An app may file the game that just ended while a new game's first autosave is written
    // on another thread: the new game must be in the slot afterwards, whichever came first.
    let dir = tempfile::tempdir().expect("tempdir");
    let store = std::sync::Arc::new(SaveStore::open(dir.path()).expect("store"));
    let earlier = game("mensch", 9, 40);
    let ended = std::sync::Arc::new(game("mensch", 9, 100_000));
    let next = std::sync::Arc::new(game("classic", 11, 10));
    for round in 0..100 {
        store.autosave(&earlier).expect("autosave");
        let filer = {
            let (store, ended) = (store.clone(), ended.clone());
            std::thread::spawn(move || store.keep_finished(&ended))
        };
        let starter = {
            let (store, next) = (store.clone(), next.clone());
            std::thread::spawn(move || store.autosave(&next))
        };
        let filed = filer.join().expect("filer").expect("filed");
        assert_eq!(filed, Some(SaveStore::game_id(&ended)));
        starter.join().expect("starter").expect("autosave");
        let slot = store.load_autosave().expect("slot");
        let slot = slot.unwrap_or_else(|| panic!("round {round}: the new game was cleared"));
        same_game(&slot.session, &next);
    }
}

/// Three games at three stages each: early, later, over.
fn stages() -> &'static [[Session; 3]] {
    static STAGES: std::sync::LazyLock<Vec<[Session; 3]>> = std::sync::LazyLock::new(|| {
        (0..3u64)
            .map(|g| {
                let over = game("classic", 20 + g, 100_000);
                assert!(over.is_over());
                [
                    game("classic", 20 + g, 15),
                    game("classic", 20 + g, 40),
                    over,
                ]
            })
            .collect()
    });
    &STAGES
}

/// What the store should hold, as an app drives it: the game in the slot, the unfinished
/// games kept under their ids, and the finished ones filed.
#[derive(Default)]
struct Model {
    slot: Option<(usize, usize)>,
    kept: std::collections::BTreeMap<usize, usize>,
    finished: std::collections::BTreeSet<usize>,
}

impl Model {
    /// Plays game `g` to `stage` as the apps do: a game not in the slot is taken up if it was
    /// kept, or started after the slot's game is kept; then it is autosaved, or filed once over.
    fn play(&mut self, store: &SaveStore, g: usize, stage: usize) {
        let games = stages();
        if self.finished.contains(&g) {
            return;
        }
        if self.slot.map(|(h, _)| h) != Some(g) {
            if let Some(at) = self.kept.remove(&g) {
                let id = SaveStore::game_id(&games[g][at]);
                same_game(&store.take_up(&id).expect("take up").session, &games[g][at]);
                if let Some((h, s)) = self.slot.replace((g, at)) {
                    self.kept.insert(h, s);
                }
            } else {
                // A new game: the one in the slot is kept, and the new one saved as it starts.
                let kept = store.keep_autosave().expect("keep");
                assert_eq!(
                    kept,
                    self.slot.map(|(h, s)| SaveStore::game_id(&games[h][s]))
                );
                store.autosave(&games[g][0]).expect("autosave");
                if let Some((h, s)) = self.slot.replace((g, 0)) {
                    self.kept.insert(h, s);
                }
            }
        }
        let state = &games[g][stage];
        if state.is_over() {
            let id = store.keep_finished(state).expect("file");
            assert_eq!(id, Some(SaveStore::game_id(state)));
            self.finished.insert(g);
            self.slot = None;
        } else {
            store.autosave(state).expect("autosave");
            self.slot = Some((g, stage));
        }
    }

    /// Every game where the model says, and nothing else in the folder.
    fn check(&self, store: &SaveStore) {
        let games = stages();
        match self.slot {
            Some((g, s)) => same_game(
                &store
                    .load_autosave()
                    .expect("slot")
                    .expect("a game")
                    .session,
                &games[g][s],
            ),
            None => assert!(store.load_autosave().expect("slot").is_none()),
        }
        let mut expected: Vec<String> =
            self.slot.map(|_| AUTOSAVE.to_owned()).into_iter().collect();
        for (&g, &s) in &self.kept {
            let id = SaveStore::game_id(&games[g][s]);
            same_game(&store.load(&id).expect("kept").session, &games[g][s]);
            expected.push(id);
        }
        for &g in &self.finished {
            let id = SaveStore::game_id(&games[g][2]);
            same_game(&store.load(&id).expect("filed").session, &games[g][2]);
            expected.push(id);
        }
        let mut ids = save_ids(store);
        ids.sort();
        expected.sort();
        assert_eq!(ids, expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    /// Games started, played on, left for others, taken up again and finished, in any order:
    /// every unfinished game stands at its last state in the slot or under its own id, every
    /// finished one is filed, and the folder holds nothing else.
    #[test]
    fn no_game_is_lost_however_games_take_turns_in_the_slot(steps in prop::collection::vec((0usize..3, 0usize..3), 1..16)) {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = SaveStore::open(dir.path()).expect("store");
        let mut model = Model::default();
        for (g, stage) in steps {
            model.play(&store, g, stage);
            model.check(&store);
        }
    }
}

#[test]
fn a_game_saved_under_its_own_id_never_writes_over_another_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::open(dir.path()).expect("store");
    // Two games with one seed, begun in one second: the same id is each one's own.
    let first = game("classic", 3, 10);
    let mut setup = first.setup().clone();
    setup.seats[0].name = "Zed".into();
    let second = Session::new(setup).expect("session");
    assert_eq!(SaveStore::game_id(&first), SaveStore::game_id(&second));
    let a = store.save(&first).expect("first");
    let b = store.save(&second).expect("second");
    assert_eq!(a, SaveStore::game_id(&first));
    assert_eq!(b, format!("{a}-2"));
    assert_eq!(
        store.load(&a).expect("first").session.setup(),
        first.setup()
    );
    assert_eq!(
        store.load(&b).expect("second").session.setup(),
        second.setup()
    );
    // Each goes on being saved where it was saved first.
    assert_eq!(store.save(&first).expect("again"), a);
    assert_eq!(store.save(&second).expect("again"), b);
}
