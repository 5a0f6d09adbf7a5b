//! The boundary from Rust: conversions on every preset, and every export with bad arguments.
//! (The same API is tested from Kotlin and Swift by tests/kotlin and tests/swift.)

use super::*;
use ludo_core::RulesError;
use std::sync::Arc;

const SEED: &str = "00000000000000000000000000000000000000000000000000000000000000aa";

fn human(name: &str) -> SeatConfig {
    SeatConfig {
        name: name.to_owned(),
        kind: PlayerKind::Human,
        colour: None,
    }
}

fn bot(name: &str, level: &str) -> SeatConfig {
    SeatConfig {
        name: name.to_owned(),
        kind: PlayerKind::Bot {
            level: level.to_owned(),
        },
        colour: None,
    }
}

fn config(preset: &str, seats: Vec<SeatConfig>) -> GameConfig {
    GameConfig {
        preset: preset.to_owned(),
        seats,
        options: Vec::new(),
        seed_hex: Some(SEED.to_owned()),
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("runtime")
}

/// Plays a game of people to the end, choosing by a small LCG, checking every view.
fn play_people(preset: &str, seats: usize, mut state: u64) -> GameView {
    let names = ["A", "B", "C", "D", "E", "F"];
    let session = GameSession::new(config(
        preset,
        names[..seats].iter().map(|n| human(n)).collect(),
    ))
    .expect("session");
    let layout = session.board_layout().expect("layout");
    let mut view = session.view().expect("view");
    for _ in 0..20_000 {
        for seat in &view.seats {
            for p in &seat.pieces {
                assert!(
                    layout
                        .cells
                        .iter()
                        .any(|c| (c.row, c.col) == (p.cell.row, p.cell.col))
                );
            }
        }
        view = match view.phase {
            GamePhase::Over => return view,
            GamePhase::Roll => session.roll().expect("roll"),
            GamePhase::Choose => {
                assert!(view.options.len() >= 2);
                for o in &view.options {
                    assert!(!o.path.is_empty(), "{preset}: empty path {o:?}");
                }
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let pick = (state >> 33) as usize % view.options.len();
                let option = view.options[pick].clone();
                let next = session.choose(option.id).expect("choose");
                // The piece leaves the cell it stood on for the last cell of the option's path,
                // and stands there in the next view unless a forced bonus move took it on: the
                // cells are the mover's colour's.
                let piece_of =
                    |v: &GameView| v.seats[view.turn as usize].pieces[option.piece as usize];
                let (was, now) = (piece_of(&view).cell, option.path.last().cloned());
                let after = piece_of(&next);
                if after.progress == Some(option.to) {
                    assert_eq!(Some(&after.cell), now.as_ref(), "{preset}: {option:?}");
                }
                let moved = next.events.iter().any(|e| {
                    matches!(e, GameEvent::Moved { piece, to, from_cell, to_cell, .. }
                        if *piece == option.piece && *to == option.to
                            && *from_cell == was && Some(to_cell) == now.as_ref())
                });
                assert!(
                    moved,
                    "{preset}: no Moved event for {option:?} from {was:?} to {now:?}: {:?}",
                    next.events
                );
                next
            }
        };
    }
    panic!("{preset}: the game did not end");
}

#[test]
fn every_preset_plays_to_the_end_with_cells_for_everything() {
    for preset in presets() {
        for seats in [2, preset.max_seats as usize] {
            let view = play_people(&preset.id, seats, 7 + seats as u64);
            assert_eq!(view.phase, GamePhase::Over);
            assert!(!view.places.is_empty(), "{}", preset.id);
            // One place for each seat of `places`: the winner first, the rest never ahead of
            // the seat before them.
            assert_eq!(view.ranks.len(), view.places.len(), "{}", preset.id);
            assert_eq!(view.ranks[0], 1, "{}", preset.id);
            assert!(
                view.ranks.windows(2).all(|w| w[0] <= w[1])
                    && view
                        .ranks
                        .iter()
                        .enumerate()
                        .all(|(i, &r)| r as usize <= i + 1),
                "{}: {:?}",
                preset.id,
                view.ranks
            );
            assert_eq!(view.seed.as_deref(), Some(SEED));
            assert!(
                view.events
                    .iter()
                    .any(|e| matches!(e, GameEvent::GameOver { .. }))
            );
        }
    }
}

#[test]
fn display_names_are_isolated_and_blank_ones_are_none() {
    assert_eq!(
        display_name("Ann".into()).as_deref(),
        Some("\u{2068}Ann\u{2069}")
    );
    // An override and a stray pop of an isolate would escape the wrapping; both go.
    assert_eq!(
        display_name("\u{202E}سارة\u{2069}".into()).as_deref(),
        Some("\u{2068}سارة\u{2069}")
    );
    assert_eq!(display_name(String::new()), None);
    assert_eq!(display_name("\u{200B}\u{3164} ".into()), None);
}

#[test]
fn presets_name_their_options_as_codes() {
    let all = presets();
    assert_eq!(all.len(), 7);
    for p in &all {
        assert_eq!(p.code, format!("preset.{}", p.id));
        assert_eq!(p.colours.len() as u32, p.max_seats);
        assert!(!p.options.is_empty(), "{}", p.id);
        for o in &p.options {
            assert_eq!(o.code, format!("option.{}", o.name));
            assert!(o.default_json.is_some(), "{}: {}", p.id, o.name);
        }
    }
    let classic = &all[0];
    let safe_stars = classic
        .options
        .iter()
        .find(|o| o.name == "safe_stars")
        .expect("safe_stars");
    assert_eq!(safe_stars.default_json.as_deref(), Some("true"));
    assert_eq!(bot_levels().len(), 5);
}

#[test]
fn board_layouts_have_each_cell_once() {
    for p in presets() {
        let layout = board_layout(p.id.clone(), Vec::new()).expect("layout");
        assert_eq!(layout.colours.len() as u32, p.max_seats);
        for (i, a) in layout.cells.iter().enumerate() {
            assert!(a.row < layout.rows && a.col < layout.cols);
            for b in &layout.cells[..i] {
                assert!((a.row, a.col) != (b.row, b.col), "{}: {a:?}", p.id);
            }
        }
    }
    let longer = board_layout(
        "classic".into(),
        vec![RuleOption {
            name: "home_col_len".into(),
            value_json: "7".into(),
        }],
    )
    .expect("home_col_len 7");
    assert!(longer.rows > 15);
}

#[test]
fn bad_rules_name_the_field() {
    let field = |preset: &str, options: &[(&str, &str)]| {
        let options = options
            .iter()
            .map(|(n, v)| RuleOption {
                name: (*n).into(),
                value_json: (*v).into(),
            })
            .collect();
        match board_layout(preset.into(), options) {
            Err(LudoError::InvalidRules { field, .. }) => field,
            other => panic!("{preset}: {other:?}"),
        }
    };
    assert_eq!(field("chess", &[]), "preset");
    assert_eq!(field("", &[]), "preset");
    assert_eq!(field("classic", &[("wobble", "1")]), "options.wobble");
    assert_eq!(
        field("parchis", &[("safe_stars", "true")]),
        "options.safe_stars"
    );
    assert_eq!(
        field("classic", &[("enter_on", "\"seven\"")]),
        "options.enter_on"
    );
    assert_eq!(field("classic", &[("enter_on", "six")]), "options.enter_on");
    assert_eq!(
        field(
            "classic",
            &[("safe_stars", "true"), ("safe_stars", "false")]
        ),
        "options.safe_stars"
    );
    // A megabyte where a name or a value belongs: the field and the reason quote its start.
    let big = "w".repeat(1_000_000);
    let quoted = format!("\"{big}\"");
    for (name, value) in [(big.as_str(), "not json"), ("enter_on", quoted.as_str())] {
        let option = RuleOption {
            name: name.into(),
            value_json: value.into(),
        };
        match board_layout("classic".into(), vec![option]) {
            Err(LudoError::InvalidRules { field, reason }) => {
                assert!(field.len() < 100 && reason.len() < 300, "{field}: {reason}");
                assert!(
                    field.contains('…') || reason.contains('…'),
                    "{field}: {reason}"
                );
            }
            other => panic!("{:?}", other.map(|_| ())),
        }
    }
    // Every length the option can hold: a layout, or an error that names the option given
    // (not the board field it sets), never a panic.
    for len in 0..=255u32 {
        let r = board_layout(
            "classic".into(),
            vec![RuleOption {
                name: "home_col_len".into(),
                value_json: len.to_string(),
            }],
        );
        match r {
            Ok(_) => assert!((1..=8).contains(&len), "{len}"),
            Err(LudoError::InvalidRules { field, reason }) => {
                assert_eq!(field, "options.home_col_len", "{len}: {reason}");
                assert!(reason.contains("between 1 and"), "{len}: {reason}");
            }
            other => panic!("{len}: {:?}", other.map(|_| ())),
        }
    }
}

#[test]
fn bad_configs_are_refused_with_their_variant() {
    let seats = || vec![human("A"), bot("B", "easy")];
    let err = |c: GameConfig| GameSession::new(c).err().expect("refused");
    assert!(matches!(
        err(config("nope", seats())),
        LudoError::InvalidRules { .. }
    ));
    // A huge bad value is quoted short.
    let huge = "q".repeat(1_000_000);
    for e in [
        err(config(&huge, seats())),
        err(config("classic", vec![human("A"), bot("B", &huge)])),
    ] {
        assert!(e.to_string().len() < 300, "{} bytes", e.to_string().len());
    }
    assert!(matches!(
        err(config("classic", vec![human("A")])),
        LudoError::InvalidSeats { .. }
    ));
    assert!(matches!(
        err(config("classic", vec![human("A"); 5])),
        LudoError::InvalidSeats { .. }
    ));
    assert!(matches!(
        err(config("classic", vec![human("A"), bot("B", "godlike")])),
        LudoError::InvalidSeats { .. }
    ));
    assert!(matches!(
        err(config("classic", vec![human("A"), bot("B", "")])),
        LudoError::InvalidSeats { .. }
    ));
    assert!(matches!(
        err(config("classic", vec![human(&"x".repeat(200)), human("B")])),
        LudoError::InvalidSeats { .. }
    ));
    let mut coloured = seats();
    coloured[0].colour = Some(Colour::Gray);
    assert!(matches!(
        err(config("classic", coloured.clone())),
        LudoError::InvalidSeats { .. }
    ));
    coloured[1].colour = Some(Colour::Red);
    assert!(matches!(
        err(config("classic", coloured)),
        LudoError::InvalidSeats { .. }
    ));
    for (seed, says) in [
        ("", "got 0"),
        ("xyz", "character 1 is 'x'"),
        (&"g".repeat(64), "character 1 is 'g'"),
        (&"a".repeat(63), "got 63"),
        ("ä".repeat(32).as_str(), "character 1 is 'ä'"),
        (&"+a".repeat(32), "character 1 is '+'"),
        (&format!("0x{}", "a".repeat(62)), "character 2 is 'x'"),
    ] {
        let mut c = config("classic", seats());
        c.seed_hex = Some(seed.to_owned());
        match err(c) {
            LudoError::InvalidSeed { reason } => {
                assert!(reason.contains(says), "{seed:?}: {reason}")
            }
            other => panic!("{seed:?}: {other:?}"),
        }
    }
}

#[test]
fn a_refused_first_action_keeps_the_roll_off_to_show() {
    let session = GameSession::new(config("classic", vec![human("A"), human("B")])).expect("s");
    // The roll-off is the first view's news; a refused action must not swallow it.
    assert!(session.choose(0).is_err());
    let events = session.view().expect("view").events;
    assert!(
        events.iter().any(|e| matches!(e, GameEvent::Starts { .. })),
        "{events:?}"
    );
    // Shown once: the next view has nothing new.
    assert!(session.view().expect("view").events.is_empty());
}

#[test]
fn a_save_with_a_bot_level_this_build_does_not_know_is_refused_while_unfinished() {
    let session =
        GameSession::new(config("classic", vec![human("A"), bot("B", "easy")])).expect("s");
    match GameSession::from_save(with_unknown_level(&session)) {
        Err(LudoError::InvalidSeats { reason }) => {
            assert!(
                reason.contains("grandmaster") && reason.contains("not know"),
                "{reason}"
            );
        }
        other => panic!(
            "a game that would stop at the bot's turn: {:?}",
            other.map(|_| ())
        ),
    }
}

/// A save of `session` with its bot's level "easy" changed to one no build knows.
fn with_unknown_level(session: &GameSession) -> String {
    let json = session.save().expect("save");
    let edited = json.replace("\"easy\"", "\"grandmaster\"");
    assert_ne!(edited, json, "the level is in the save");
    ludo_core::save::reseal(edited.as_bytes()).expect("reseal")
}

#[test]
fn a_finished_game_cannot_be_undone_back_into_play() {
    let rt = runtime();
    let session =
        GameSession::new(config("classic", vec![human("A"), bot("B", "easy")])).expect("s");
    let mut view = session.view().expect("view");
    for _ in 0..20_000 {
        view = match view.phase {
            GamePhase::Over => break,
            _ if view.bot_to_move => rt.block_on(session.play_bot_turn()).expect("bot"),
            GamePhase::Roll => session.roll().expect("roll"),
            GamePhase::Choose => session.choose(0).expect("choose"),
        };
    }
    assert_eq!(view.phase, GamePhase::Over);
    // The seed is shown now: undo would let the person play on knowing every die to come.
    assert!(!view.can_undo);
    // Nor would a game whose bot plays at a level this build does not know go on.
    let odd = GameSession::from_save(with_unknown_level(&session))
        .expect("a finished game loads, to be replayed and verified");
    for finished in [session, odd] {
        let before = finished.save().expect("save");
        assert_eq!(finished.undo().err(), Some(LudoError::GameOver));
        assert_eq!(finished.view().expect("view").phase, GamePhase::Over);
        assert_eq!(
            finished.save().expect("save"),
            before,
            "the refusal changed nothing"
        );
    }
}

#[test]
fn a_kept_game_with_an_unknown_bot_level_is_not_taken_up_and_nothing_changes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::new(dir.path().display().to_string()).expect("store");
    let odd = GameSession::new(config("classic", vec![human("A"), bot("B", "easy")])).expect("s");
    let id = "kept-odd";
    std::fs::write(
        dir.path().join(format!("{id}.ludo.json")),
        with_unknown_level(&odd),
    )
    .expect("write");
    let playing = GameSession::new(config("mensch", vec![human("C"), human("D")])).expect("s");
    playing.roll().expect("roll");
    store.autosave(Arc::clone(&playing)).expect("autosave");
    let files = |dir: &std::path::Path| {
        let mut all: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
            .expect("read")
            .map(|e| {
                let e = e.expect("entry");
                let bytes = std::fs::read(e.path()).expect("read");
                (e.file_name().to_string_lossy().into_owned(), bytes)
            })
            .collect();
        all.sort();
        all
    };
    let before = files(dir.path());
    match store.take_up(id.into()) {
        Err(LudoError::InvalidSeats { reason }) => {
            assert!(reason.contains("grandmaster"), "{reason}");
        }
        other => panic!(
            "taken up into a slot no load accepts: {:?}",
            other.map(|_| ())
        ),
    }
    assert_eq!(files(dir.path()), before, "the store changed");
    let resumed = store
        .load_autosave()
        .expect("load")
        .expect("the game in the slot");
    assert_eq!(
        resumed.session.save().expect("save"),
        playing.save().expect("save")
    );
}

#[test]
fn a_damaged_save_beside_a_newer_versions_backup_asks_for_an_update() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::new(dir.path().display().to_string()).expect("store");
    std::fs::write(
        dir.path().join("autosave.ludo.json"),
        b"{\"schema\": 2, \"su",
    )
    .expect("w");
    let newer = br#"{"schema": 99, "from": "a later version"}"#;
    std::fs::write(dir.path().join("autosave.ludo.json.bak"), newer).expect("write");
    assert!(matches!(
        store.load_autosave().map(|_| ()),
        Err(LudoError::NewerSaveVersion { found: 99, .. })
    ));
    // Without the newer backup it is damage, said as such.
    std::fs::write(dir.path().join("autosave.ludo.json.bak"), b"").expect("write");
    assert!(matches!(
        store.load_autosave().map(|_| ()),
        Err(LudoError::CorruptSave { .. })
    ));
    // Neither can be read at all (folders where the files should be): storage, not damage.
    for file in ["autosave.ludo.json", "autosave.ludo.json.bak"] {
        std::fs::remove_file(dir.path().join(file)).expect("remove");
        std::fs::create_dir(dir.path().join(file)).expect("a folder in its place");
    }
    assert!(matches!(
        store.load_autosave().map(|_| ()),
        Err(LudoError::Storage { .. })
    ));
}

#[test]
fn actions_out_of_turn_and_out_of_order_are_refused() {
    let session = GameSession::new(config("classic", vec![human("A"), human("B")])).expect("s");
    // Nothing to choose yet, nothing to undo.
    assert_eq!(
        session.choose(0).err(),
        Some(LudoError::IllegalOption {
            option_id: 0,
            options: 0
        })
    );
    assert_eq!(session.undo().err(), Some(LudoError::UndoUnavailable));
    let rt = runtime();
    assert!(matches!(
        rt.block_on(session.play_bot_turn()),
        Err(LudoError::NotYourTurn { .. })
    ));
    // Roll until a choice is offered, then: roll refused, bad ids refused, undo works.
    let mut view = session.view().expect("view");
    while view.phase != GamePhase::Choose {
        view = session.roll().expect("roll");
    }
    let n = view.options.len() as u32;
    assert_eq!(
        session.roll().err(),
        Some(LudoError::ChoiceNeeded { options: n })
    );
    for id in [n, n + 1, 255, 256, u32::MAX] {
        assert_eq!(
            session.choose(id).err(),
            Some(LudoError::IllegalOption {
                option_id: id,
                options: n
            })
        );
    }
    let before = session.view().expect("view");
    assert!(before.events.is_empty(), "events are shown once");
    let after = session.choose(before.options[0].id).expect("choose");
    assert!(after.can_undo);
    let undone = session.undo().expect("undo");
    assert_eq!(undone.events, vec![GameEvent::Undone { decisions: 1 }]);
    assert_eq!(undone.options, before.options);
    assert_eq!(undone.seats, before.seats);
}

#[test]
fn a_bot_turn_asked_for_while_a_person_is_to_move_names_that_person_s_seat() {
    let rt = runtime();
    let people = ["A", "B", "C", "D"].map(human).to_vec();
    let session = GameSession::new(config("classic", people)).expect("session");
    let mut view = session.view().expect("view");
    let mut seats = std::collections::BTreeSet::new();
    for _ in 0..200 {
        assert_eq!(
            rt.block_on(session.play_bot_turn()).err(),
            Some(LudoError::NotYourTurn { seat: view.turn })
        );
        seats.insert(view.turn);
        view = match view.phase {
            GamePhase::Roll => session.roll().expect("roll"),
            GamePhase::Choose => session.choose(0).expect("choose"),
            GamePhase::Over => break,
        };
    }
    assert_eq!(seats.into_iter().collect::<Vec<_>>(), [0, 1, 2, 3]);
}

#[test]
fn bots_play_on_the_blocking_pool_and_refuse_people_s_actions() {
    let rt = runtime();
    let session = GameSession::new(config(
        "classic",
        vec![
            bot("A", "medium"),
            bot("B", "hard"),
            bot("C", "easy"),
            bot("D", "expert"),
        ],
    ))
    .expect("session");
    let mut view = session.view().expect("view");
    assert!(view.bot_to_move);
    assert!(matches!(session.roll(), Err(LudoError::NotYourTurn { .. })));
    assert!(matches!(
        session.choose(0),
        Err(LudoError::NotYourTurn { .. })
    ));
    let mut turns = 0;
    let mut refused_seats = std::collections::BTreeSet::new();
    while view.phase != GamePhase::Over {
        // A person's action is refused naming the seat whose bot is to move.
        let refused = Some(LudoError::NotYourTurn { seat: view.turn });
        assert_eq!(session.roll().err(), refused);
        assert_eq!(session.choose(0).err(), refused);
        refused_seats.insert(view.turn);
        view = rt.block_on(session.play_bot_turn()).expect("bot");
        turns += 1;
        assert!(turns < 20_000);
    }
    assert_eq!(view.places.len(), 4);
    assert_eq!(refused_seats.into_iter().collect::<Vec<_>>(), [0, 1, 2, 3]);
    assert_eq!(
        rt.block_on(session.play_bot_turn()).err(),
        Some(LudoError::GameOver)
    );
    assert_eq!(session.roll().err(), Some(LudoError::GameOver));
    assert_eq!(session.undo().err(), Some(LudoError::GameOver));
}

#[test]
fn a_hint_names_the_experts_option_and_only_while_a_person_chooses() {
    let rt = runtime();
    let session =
        GameSession::new(config("classic", vec![human("A"), bot("B", "random")])).expect("session");
    let mut view = session.view().expect("view");
    let mut hints = 0;
    while view.phase != GamePhase::Over && hints < 8 {
        let hint = rt.block_on(session.hint()).expect("hint");
        if view.bot_to_move {
            assert_eq!(hint, None, "a bot's move is not hinted");
            view = rt.block_on(session.play_bot_turn()).expect("bot");
        } else if view.phase == GamePhase::Choose {
            let id = hint.expect("a hint while a person chooses");
            assert!(
                view.options.iter().any(|o| o.id == id),
                "{id} is not offered"
            );
            assert_eq!(session.view().expect("view").options, view.options);
            view = session.choose(id).expect("the hint is playable");
            hints += 1;
        } else {
            assert_eq!(hint, None, "nothing to hint before the roll");
            view = session.roll().expect("roll");
        }
    }
    assert_eq!(hints, 8);
    // Each hint was the expert's move: the same game with an expert in the first seat
    // makes the same choices.
    let expert = GameSession::new(config(
        "classic",
        vec![bot("A", "expert"), bot("B", "random")],
    ))
    .expect("expert game");
    let log = |game: &GameSession| -> Vec<serde_json::Value> {
        let save: serde_json::Value =
            serde_json::from_str(&game.save().expect("save")).expect("save JSON");
        save["log"].as_array().expect("the save's log").clone()
    };
    let taken = log(&session);
    while log(&expert).len() < taken.len() {
        rt.block_on(expert.play_bot_turn()).expect("bot");
    }
    assert_eq!(log(&expert), taken);

    // A hint asked before a change comes back empty: it was for a choice that is gone.
    while view.phase != GamePhase::Choose || view.bot_to_move {
        view = match view.bot_to_move {
            true => rt.block_on(session.play_bot_turn()).expect("bot"),
            false => session.roll().expect("roll"),
        };
    }
    // The blocking pool gets one thread, held busy until the game has changed, so the
    // hint's thinking cannot finish before the choice however quick the expert is.
    let rt = tokio::runtime::Builder::new_current_thread()
        .max_blocking_threads(1)
        .build()
        .expect("runtime");
    let (release, held) = std::sync::mpsc::channel::<()>();
    let stale = rt.block_on(async {
        let busy = tokio::task::spawn_blocking(move || held.recv());
        let mut hint = std::pin::pin!(session.hint());
        let first = std::future::poll_fn(|cx| std::task::Poll::Ready(hint.as_mut().poll(cx))).await;
        assert!(first.is_pending(), "the hint waits for the blocking pool");
        session.choose(view.options[0].id).expect("choose");
        release.send(()).expect("release the pool");
        busy.await.expect("the busy task").expect("released");
        hint.await
    });
    assert_eq!(stale, Ok(None));
}

#[test]
fn saves_and_codes_round_trip_and_damage_is_reported() {
    let session =
        GameSession::new(config("parchis", vec![human("A"), human("B"), human("C")])).expect("s");
    for _ in 0..30 {
        let v = session.view().expect("view");
        match v.phase {
            GamePhase::Roll => session.roll().map(drop).expect("roll"),
            GamePhase::Choose => session
                .choose(v.options.len() as u32 - 1)
                .map(drop)
                .expect("c"),
            GamePhase::Over => break,
        }
    }
    let view = session.view().expect("view");
    let json = session.save().expect("save");
    let back = GameSession::from_save(json.clone()).expect("load");
    let back_view = back.view().expect("view");
    assert_eq!(back_view.seats, view.seats);
    assert_eq!(back_view.options, view.options);
    let code = session.replay_code().expect("code");
    let decoded = GameSession::from_replay_code(code).expect("decode");
    assert_eq!(decoded.view().expect("view").seats, view.seats);

    for bad in [
        "",
        "{",
        "[]",
        "null",
        "{}",
        "\u{0}",
        &json[..json.len() / 2],
    ] {
        assert!(
            matches!(
                GameSession::from_save(bad.into()),
                Err(LudoError::CorruptSave { .. })
            ),
            "{bad:?}"
        );
    }
    let edited = json.replacen("\"A\"", "\"Z\"", 1);
    assert!(matches!(
        GameSession::from_save(edited),
        Err(LudoError::CorruptSave { .. })
    ));
    let newer = json.replacen("\"schema\": 2", "\"schema\": 99", 1);
    let newer = if newer == json {
        json.replacen("\"schema\":2", "\"schema\":99", 1)
    } else {
        newer
    };
    assert!(
        matches!(
            GameSession::from_save(newer),
            Err(LudoError::NewerSaveVersion { found: 99, .. })
        ),
        "{json}"
    );
    // A code from a newer version asks for an update, as a newer save does.
    for code in ["ludo9.abc", "ludo2.anything"] {
        let newer = |r: Result<_, LudoError>| {
            matches!(
                r,
                Err(LudoError::NewerSaveVersion {
                    found: 2 | 9,
                    supported: 1
                })
            )
        };
        assert!(newer(
            GameSession::from_replay_code(code.into()).map(|_| ())
        ));
        assert!(newer(check_replay_code(code.into(), None).map(|_| ())));
    }
    for bad in ["", "ludo1.", "ludo1.AAAA", "hello", "ludo1.!!!!"] {
        assert!(
            matches!(
                GameSession::from_replay_code(bad.into()),
                Err(LudoError::CorruptSave { .. })
            ),
            "{bad:?}"
        );
    }
}

#[test]
fn the_store_lists_loads_deletes_and_reports_problems() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::new(dir.path().display().to_string()).expect("store");
    assert!(store.list().expect("list").is_empty());
    assert!(store.load_autosave().expect("autosave").is_none());
    store.clear_autosave().expect("clear nothing");
    let session =
        GameSession::new(config("classic", vec![human("A"), bot("B", "easy")])).expect("s");
    store.autosave(Arc::clone(&session)).expect("autosave");
    let id = store.save(Arc::clone(&session)).expect("save");
    let list = store.list().expect("list");
    assert_eq!(list.len(), 2);
    assert!(
        list.iter()
            .all(|e| e.summary.is_some() && e.problem.is_none())
    );
    let loaded = store.load(id.clone()).expect("load");
    assert!(loaded.recovered_from_backup.is_none());
    assert_eq!(
        loaded.session.view().expect("view").seats,
        session.view().expect("view").seats
    );
    assert!(store.load_autosave().expect("autosave").is_some());
    store.clear_autosave().expect("clear");
    assert!(store.load_autosave().expect("autosave").is_none());
    assert_eq!(store.list().expect("list").len(), 1, "the save stays");
    store.delete(id.clone()).expect("delete");
    assert_eq!(
        store.delete(id.clone()).err(),
        Some(LudoError::SaveNotFound { id: id.clone() })
    );
    assert!(matches!(
        store.load(id),
        Err(LudoError::SaveNotFound { .. })
    ));
    for bad in ["", "../x", "a/b", "a b", &"x".repeat(65)] {
        assert!(
            matches!(store.load(bad.into()), Err(LudoError::SaveNotFound { .. })),
            "{bad:?}"
        );
        assert!(matches!(
            store.delete(bad.into()),
            Err(LudoError::SaveNotFound { .. })
        ));
    }
    std::fs::write(dir.path().join("junk.ludo.json"), "{ not json").expect("write");
    assert!(matches!(
        store.load("junk".into()),
        Err(LudoError::CorruptSave { .. })
    ));
    let listed = store.list().expect("list");
    let junk = listed.iter().find(|e| e.id == "junk").expect("junk listed");
    assert!(junk.summary.is_none() && junk.problem.is_some() && !junk.newer_version);
    // A save from a newer version is listed as such, not as damaged.
    let newer = r#"{"schema": 3, "anything": "a later version may write"}"#;
    std::fs::write(dir.path().join("later.ludo.json"), newer).expect("write");
    let listed = store.list().expect("list");
    let later = listed
        .iter()
        .find(|e| e.id == "later")
        .expect("later listed");
    assert!(later.newer_version && later.problem.is_some());

    // The folder gone under the store: every call says so, none panics.
    let gone = tempfile::tempdir().expect("tempdir");
    let orphan = SaveStore::new(gone.path().display().to_string()).expect("store");
    drop(gone);
    assert!(matches!(orphan.list(), Err(LudoError::Storage { .. })));
    assert!(matches!(
        orphan.autosave(Arc::clone(&session)),
        Err(LudoError::Storage { .. })
    ));
    assert!(matches!(
        orphan.save(Arc::clone(&session)),
        Err(LudoError::Storage { .. })
    ));
    assert!(matches!(
        orphan.load("autosave".into()),
        Err(LudoError::SaveNotFound { .. })
    ));
    assert!(orphan.load_autosave().expect("none").is_none());

    let file = dir.path().join("a-file");
    std::fs::write(&file, "").expect("write");
    assert!(matches!(
        SaveStore::new(file.display().to_string()),
        Err(LudoError::Storage { .. })
    ));
    assert!(matches!(
        SaveStore::new(String::new()),
        Err(LudoError::Storage { .. })
    ));
}

#[test]
fn the_version_is_the_crate_s() {
    assert_eq!(ffi_version(), env!("CARGO_PKG_VERSION"));
    assert_eq!(ffi_version().split('.').count(), 3);
}

#[test]
fn an_invalid_rules_error_names_the_field_its_text_starts_with() {
    let field_of = |text: &str| match LudoError::from(RulesError::Invalid(text.to_owned())) {
        LudoError::InvalidRules { field, reason } => {
            assert!(reason.contains(text), "{reason}");
            field
        }
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(field_of("capacity: must be 1 or more"), "capacity");
    assert_eq!(field_of("options.enter_on: not a face"), "options.enter_on");
    // No field at the start: the rules as a whole are at fault.
    assert_eq!(field_of("the board is too small: 3 squares"), "rules");
    assert_eq!(field_of(": nothing before the colon"), "rules");
    assert_eq!(field_of("no colon at all"), "rules");
}

#[test]
fn a_bot_refused_its_turn_names_the_seat_to_move() {
    use ludo_core::session::SessionError;
    for seat in [1, 3, 5] {
        assert_eq!(
            LudoError::from(SessionError::NotABotsTurn { seat }),
            LudoError::NotYourTurn { seat: seat as u32 }
        );
    }
    assert_eq!(LudoError::from(SessionError::GameOver), LudoError::GameOver);
}

#[test]
fn a_panic_becomes_an_internal_error() {
    let r: Result<(), LudoError> = guarded(|| panic!("boom"));
    assert_eq!(
        r.err(),
        Some(LudoError::Internal {
            detail: "panic: boom".into()
        })
    );
}

/// `cargo test -p ludo-ffi --release -- --ignored --nocapture view_timing`
#[test]
#[ignore]
fn view_timing() {
    let session = GameSession::new(config(
        "classic",
        vec![human("A"), human("B"), human("C"), human("D")],
    ))
    .expect("session");
    let mut view = session.view().expect("view");
    while view.decisions < 30 || view.phase != GamePhase::Choose {
        view = match view.phase {
            GamePhase::Roll => session.roll().expect("roll"),
            _ => session
                .choose(view.options.len() as u32 - 1)
                .expect("choose"),
        };
    }
    let mut samples: Vec<u128> = (0..20_000)
        .map(|_| {
            let t = std::time::Instant::now();
            std::hint::black_box(session.view().expect("view"));
            t.elapsed().as_nanos()
        })
        .collect();
    samples.sort_unstable();
    let core = session.snapshot();
    let mut core_samples: Vec<u128> = (0..20_000)
        .map(|_| {
            let t = std::time::Instant::now();
            std::hint::black_box(core.view());
            t.elapsed().as_nanos()
        })
        .collect();
    core_samples.sort_unstable();
    println!(
        "GameSession::view {} ns, Session::view {} ns (medians)",
        samples[10_000], core_samples[10_000]
    );
}

/// `cargo test -p ludo-ffi -- --ignored --nocapture game_timing`
#[test]
#[ignore]
fn game_timing() {
    let rt = runtime();
    for level in ["random", "medium", "expert"] {
        let mut ffi = Vec::new();
        let mut core = Vec::new();
        for g in 0..8u64 {
            let mut c = config(
                "classic",
                vec![
                    bot("A", level),
                    bot("B", level),
                    bot("C", level),
                    bot("D", level),
                ],
            );
            c.seed_hex = Some(format!("{:064x}", 1000 + g));
            let session = GameSession::new(c.clone()).expect("session");
            let t = std::time::Instant::now();
            let mut view = session.view().expect("view");
            while view.phase != GamePhase::Over {
                view = rt.block_on(session.play_bot_turn()).expect("bot");
            }
            ffi.push(t.elapsed().as_micros());
            let mut s = GameSession::new(c).expect("session").snapshot();
            let t = std::time::Instant::now();
            while !s.is_over() {
                s.play_bot().expect("bot");
            }
            core.push(t.elapsed().as_micros());
        }
        ffi.sort_unstable();
        core.sort_unstable();
        println!(
            "{level}: GameSession {} µs, Session {} µs (medians)",
            ffi[4], core[4]
        );
    }
}

#[test]
fn a_shared_game_s_dice_are_checked_against_the_commitment_shown_at_its_start() {
    let rt = runtime();
    let session = GameSession::new(config(
        "classic",
        vec![bot("Ann", "easy"), bot("Bo", "medium"), bot("Cy", "random")],
    ))
    .expect("session");
    // Every roll the screens were told of, by seat and face.
    let mut faces = vec![vec![0u32; 6]; 3];
    let mut view = session.view().expect("view");
    let started = view.clone();
    loop {
        for event in &view.events {
            if let GameEvent::RollOff { seat, value } | GameEvent::Rolled { seat, value } = event {
                faces[*seat as usize][*value as usize - 1] += 1;
            }
        }
        if view.phase == GamePhase::Over {
            break;
        }
        view = rt.block_on(session.play_bot_turn()).expect("bot");
    }
    let code = session.replay_code().expect("code");

    let check = check_replay_code(code.clone(), Some(started.seed_commitment.clone()))
        .expect("a finished game checks");
    assert_eq!(check.commitment_matches, Some(true));
    assert_eq!(check.commitment, started.seed_commitment);
    assert_eq!(
        Some(check.seed.clone()),
        view.seed,
        "the seed revealed at the end"
    );
    assert!(check.over);
    assert_eq!(check.rolls, view.rolls);
    let names: Vec<&str> = check.seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Ann", "Bo", "Cy"]);
    for (seat, dice) in check.seats.iter().enumerate() {
        assert_eq!(dice.colour, view.seats[seat].colour);
        assert_eq!(dice.faces, faces[seat], "seat {seat}'s faces");
        assert_eq!(dice.rolls, faces[seat].iter().sum::<u32>());
        let p = dice.p_value.expect("a seat that rolled has a p-value");
        assert!((0.0..=1.0).contains(&p), "{p}");
    }
    assert_eq!(check.seats.iter().map(|s| s.rolls).sum::<u32>(), view.rolls);

    // The commitment as a player might type it back; none at all; another game's.
    let typed = format!("  {}\n", started.seed_commitment.to_uppercase());
    assert_eq!(
        check_replay_code(code.clone(), Some(typed))
            .expect("typed")
            .commitment_matches,
        Some(true)
    );
    // Copied down in groups of eight, as a person writes a long number.
    let grouped: Vec<String> = started
        .seed_commitment
        .as_bytes()
        .chunks(8)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect();
    assert_eq!(
        check_replay_code(code.clone(), Some(grouped.join(" ")))
            .expect("grouped")
            .commitment_matches,
        Some(true)
    );
    let unchecked = check_replay_code(format!(" {code} "), None).expect("no commitment");
    assert_eq!(unchecked.commitment_matches, None);
    assert_eq!(unchecked.seed, check.seed);
    let other = GameSession::new(GameConfig {
        seed_hex: Some("bb".repeat(32)),
        ..config("classic", vec![human("A"), human("B")])
    })
    .expect("another game")
    .view()
    .expect("view")
    .seed_commitment;
    let wrong = check_replay_code(code.clone(), Some(other)).expect("wrong commitment");
    assert_eq!(wrong.commitment_matches, Some(false));
    // What is not a commitment at all (a digit short, a letter past f) is a typo to correct,
    // not another game's commitment: refused, rather than reported as not matching.
    let short = &started.seed_commitment[1..];
    let mistyped = format!("g{short}");
    for typo in [short, mistyped.as_str()] {
        match check_replay_code(code.clone(), Some(typo.to_owned())) {
            Err(LudoError::InvalidCommitment { reason }) => {
                assert!(reason.contains("64 hex digits"), "{reason}")
            }
            other => panic!("{typo}: {:?}", other.map(|c| c.commitment_matches)),
        }
    }

    // The whole message the apps share, pasted as it came: the code in it is found, but the
    // commitment it states is the sender's word, not one the checker noted, and is not used.
    // Words before it that only look like codes (no version, or not digits) are passed over.
    let message = format!(
        "A game of ludo.app ludox.1 ludo1x.2 to check: {code}\nFingerprint shown at its \
         start: {}",
        started.seed_commitment
    );
    let pasted = check_replay_code(message.clone(), None).expect("message");
    assert_eq!(
        (pasted.seed.as_str(), pasted.commitment_matches),
        (check.seed.as_str(), None)
    );
    for (noted, matches) in [
        (" ".to_owned(), None),
        (started.seed_commitment.clone(), Some(true)),
        ("0".repeat(64), Some(false)),
    ] {
        let checked = check_replay_code(message.clone(), Some(noted)).expect("noted");
        assert_eq!(checked.commitment_matches, matches);
    }
    // A code written into a sentence: after a label, in brackets or quotes, before a stop.
    for written in [
        format!("Here is our game: {code}."),
        format!("(code:{code})"),
        format!("«{code}», checked?"),
        format!("\"{code}\"!"),
    ] {
        let found = check_replay_code(written.clone(), None).expect(&written);
        assert_eq!(found.seed, check.seed, "{written}");
    }

    // A code that is damaged, or not a code, is refused and says so.
    let middle = code.len() / 2;
    let flipped = if &code[middle..=middle] == "A" {
        "B"
    } else {
        "A"
    };
    let damaged = format!("{}{flipped}{}", &code[..middle], &code[middle + 1..]);
    for bad in [
        damaged.as_str(),
        "",
        "ludo1.",
        "hello",
        &code[..code.len() / 2],
    ] {
        assert!(
            matches!(
                check_replay_code(bad.to_owned(), None),
                Err(LudoError::CorruptSave { .. })
            ),
            "{bad:?}"
        );
    }
}

#[test]
fn every_option_offers_a_menu_with_the_preset_s_value_and_its_values_play() {
    let parse = |json: &str| serde_json::from_str::<serde_json::Value>(json).expect("JSON");
    for preset in presets() {
        for option in &preset.options {
            let what = format!("{} {}", preset.id, option.name);
            let default = parse(option.default_json.as_deref().expect("a value"));
            assert!(
                option
                    .choices
                    .iter()
                    .any(|c| parse(&c.value_json) == default),
                "{what}: the preset's value {default} is not on the menu"
            );
            let codes: std::collections::BTreeSet<_> =
                option.choices.iter().map(|c| &c.code).collect();
            assert_eq!(codes.len(), option.choices.len(), "{what}: a code twice");
            for choice in &option.choices {
                assert!(
                    choice.code.starts_with("choice."),
                    "{what}: {}",
                    choice.code
                );
                let config = GameConfig {
                    options: vec![RuleOption {
                        name: option.name.clone(),
                        value_json: choice.value_json.clone(),
                    }],
                    ..config(&preset.id, vec![human("A"), human("B")])
                };
                match GameSession::new(config) {
                    // Playable on its own: a few turns are played with it.
                    Ok(session) => {
                        for _ in 0..40 {
                            let view = session.view().expect("view");
                            match view.phase {
                                GamePhase::Roll => session.roll().map(drop).expect("roll"),
                                GamePhase::Choose => session.choose(0).map(drop).expect("choose"),
                                GamePhase::Over => break,
                            }
                        }
                    }
                    // Or it needs another option, and says which rule is at fault.
                    Err(LudoError::InvalidRules { field, .. }) => {
                        assert!(!field.is_empty(), "{what} = {}", choice.value_json)
                    }
                    Err(e) => panic!("{what} = {}: {e}", choice.value_json),
                }
            }
        }
    }
    // What the menus hold: a switch is off and on, Parchís always ends with the first winner,
    // and a pair's half move stays on the classic menu, since blocks make it playable.
    let all = presets();
    let find = |preset: &str, name: &str| {
        all.iter()
            .find(|p| p.id == preset)
            .and_then(|p| p.options.iter().find(|o| o.name == name))
            .map(|o| {
                o.choices
                    .iter()
                    .map(|c| (c.code.as_str(), c.value_json.as_str()))
                    .collect::<Vec<_>>()
            })
            .expect("option")
    };
    assert_eq!(
        find("classic", "safe_stars"),
        [("choice.off", "false"), ("choice.on", "true")]
    );
    assert_eq!(
        find("parchis", "stop_at_first_winner"),
        [("choice.on", "true")]
    );
    assert_eq!(find("classic", "doubled_move_half").len(), 2);
    assert_eq!(
        find("parchis", "capture_bonus")[3],
        ("choice.bonus.move_20", r#"{"move":20}"#)
    );
}

#[test]
fn a_value_stays_on_its_menu_if_one_or_two_other_options_make_it_playable() {
    use serde_json::{Value, json};
    let (yes, no, one, two) = (json!(true), json!(false), json!(1), json!(2));
    let every = [
        ("a", &yes),
        ("a", &no),
        ("b", &yes),
        ("b", &no),
        ("x", &one),
        ("x", &two),
    ];
    let has = |options: &[(&str, &Value)], name: &str, value: &Value| {
        options.iter().any(|&(n, v)| n == name && v == value)
    };
    let own = ("x", &one);
    // Playable alone, beside one option, beside two together.
    assert!(rules::reachable(own, &every, |_| true));
    assert!(rules::reachable(own, &every, |o| has(o, "b", &no)));
    assert!(rules::reachable(own, &every, |o| has(o, "a", &yes) && has(o, "b", &yes)));
    // Never beside another value of its own option, and not beside nothing that plays.
    assert!(!rules::reachable(own, &every, |o| has(o, "x", &two)));
    assert!(!rules::reachable(own, &every, |o| o.len() > 3));
    assert!(!rules::reachable(own, &every, |_| false));
}

#[test]
fn a_new_game_keeps_the_one_in_progress_and_a_kept_game_is_taken_up() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::new(dir.path().display().to_string()).expect("store");
    assert_eq!(store.keep_autosave().expect("nothing to keep"), None);
    let first = GameSession::new(config("classic", vec![human("A"), human("B")])).expect("s");
    for _ in 0..6 {
        let v = first.view().expect("view");
        match v.phase {
            GamePhase::Roll => first.roll().map(drop).expect("roll"),
            _ => first.choose(0).map(drop).expect("choose"),
        }
    }
    store.autosave(Arc::clone(&first)).expect("autosave");
    let kept = store.keep_autosave().expect("keep").expect("kept");
    let entry = store
        .list()
        .expect("list")
        .into_iter()
        .find(|e| e.id == kept)
        .expect("listed");
    assert!(!entry.summary.expect("summary").over);

    // The next game takes the slot; the first is taken up again, and the second is kept.
    let second = GameSession::new(config("mensch", vec![human("C"), human("D")])).expect("s");
    store.autosave(Arc::clone(&second)).expect("autosave");
    let taken = store.take_up(kept.clone()).expect("take up");
    assert_eq!(
        taken.session.view().expect("view").seats,
        first.view().expect("view").seats
    );
    assert!(matches!(
        store.load(kept),
        Err(LudoError::SaveNotFound { .. })
    ));
    let ids: Vec<String> = store
        .list()
        .expect("list")
        .into_iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(ids.len(), 2, "{ids:?}");
    for bad in ["", "../x", "no-such-game"] {
        assert!(
            matches!(
                store.take_up(bad.into()),
                Err(LudoError::SaveNotFound { .. })
            ),
            "{bad:?}"
        );
    }
}

#[test]
fn a_finished_game_is_filed_and_its_code_checks_out_later() {
    let rt = runtime();
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SaveStore::new(dir.path().display().to_string()).expect("store");
    let game = GameSession::new(config(
        "classic",
        vec![bot("Ann", "random"), bot("Bo", "random")],
    ))
    .expect("session");
    let commitment = game.view().expect("view").seed_commitment;
    let mut view = game.view().expect("view");
    let mut turns = 0;
    while view.phase != GamePhase::Over {
        // Not over yet: nothing is filed, and the slot keeps the game.
        store.autosave(Arc::clone(&game)).expect("autosave");
        turns += 1;
        if turns == 10 {
            assert_eq!(store.keep_finished(Arc::clone(&game)).expect("file"), None);
            assert!(store.load_autosave().expect("slot").is_some());
        }
        view = rt.block_on(game.play_bot_turn()).expect("bot");
    }
    let id = store
        .keep_finished(Arc::clone(&game))
        .expect("file")
        .expect("over");
    assert!(store.load_autosave().expect("slot").is_none());
    let entry = store.list().expect("list");
    assert_eq!(entry.len(), 1);
    assert_eq!(entry[0].id, id);
    assert!(entry[0].summary.as_ref().expect("summary").over);

    // Later: the filed game's code, checked against the commitment shown at its start.
    let filed = store.load(id).expect("load").session;
    let code = filed.replay_code().expect("code");
    assert_eq!(code, game.replay_code().expect("code"));
    let check = check_replay_code(code, Some(commitment)).expect("check");
    assert_eq!(check.commitment_matches, Some(true));
    assert!(check.over);
}
