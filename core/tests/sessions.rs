//! Sessions: replaying the log reproduces the game, undo goes back before the last human
//! decision with the same dice, online games refuse undo, events tell what happened,
//! replay codes carry a whole game, and the dice can be verified.

use ludo_core::colour::Colour;
use ludo_core::dice::{Die, Seed};
use ludo_core::game::SplitMix;
use ludo_core::moves::Input;
use ludo_core::replay::{self, Replayer};
use ludo_core::rules::{PRESETS, RulesSpec};
use ludo_core::save::{self, SaveError};
use ludo_core::session::{
    GameEvent, GameSetup, GameView, LogError, Seat, Session, SessionError, SessionPhase,
};
use ludo_core::verify;

fn setup(preset: &str, seats: Vec<Seat>, seed: u64) -> GameSetup {
    GameSetup {
        rules: RulesSpec::Preset(preset.into()),
        seats,
        seed: Seed::from_u64(seed),
        online: false,
        created_at: 1_700_000_000,
    }
}

fn four(preset: &str, seed: u64) -> GameSetup {
    setup(
        preset,
        vec![
            Seat::human("Ann"),
            Seat::bot("Bo", "easy"),
            Seat::bot("Cy", "medium"),
            Seat::bot("Di", "random"),
        ],
        seed,
    )
}

/// Plays one action, choosing at random when there is a choice.
fn act(s: &mut Session, pick: &mut SplitMix) -> GameView {
    let view = if s.phase() == SessionPhase::Choose {
        let i = pick.below(s.options().len());
        s.choose(i)
    } else {
        s.roll()
    };
    view.expect("a legal action")
}

fn play_to_end(s: &mut Session, seed: u64) -> Vec<GameEvent> {
    let mut pick = SplitMix(seed);
    let mut events = Vec::new();
    while !s.is_over() {
        events.extend(act(s, &mut pick).events);
    }
    events
}

#[test]
fn replaying_the_log_from_the_seed_reproduces_every_preset_exactly() {
    for preset in PRESETS {
        for seed in 0..3 {
            let mut s = Session::new(four(preset, seed)).expect(preset);
            play_to_end(&mut s, seed);
            let again = Session::replay(s.setup().clone(), &s.choices(), Some(s.rolls().len()))
                .expect("replay");
            assert_eq!(again.position(), s.position(), "{preset} {seed}");
            assert_eq!(again.rolls(), s.rolls());
            assert_eq!(again.log(), s.log());
            assert!(again.is_over());
            assert_eq!(again.places(), s.places());
        }
    }
}

#[test]
fn the_log_holds_only_real_choices() {
    let mut s = Session::new(four("classic", 9)).expect("session");
    play_to_end(&mut s, 9);
    assert!(
        s.log()
            .iter()
            .all(|d| d.options >= 2 && d.choice < d.options)
    );
    // Far fewer decisions than rolls: no-move rolls and forced moves are not logged.
    assert!(s.log().len() < s.rolls().len());
}

#[test]
fn a_game_stopped_between_a_roll_and_its_choice_comes_back_exactly() {
    let mut s = Session::new(four("classic", 4)).expect("session");
    let mut pick = SplitMix(4);
    while s.log().len() < 10 || s.phase() != SessionPhase::Choose {
        act(&mut s, &mut pick);
    }
    let back =
        Session::replay(s.setup().clone(), &s.choices(), Some(s.rolls().len())).expect("replay");
    assert_eq!(back.phase(), SessionPhase::Choose);
    assert_eq!(back.options(), s.options());
    assert_eq!(back.view().input, s.view().input);
    assert_eq!(back.position(), s.position());
}

/// What a seat saw when it had to choose: the position, the die and the options.
fn choice_point(s: &Session) -> (ludo_core::Position, Option<Input>, Vec<ludo_core::Move>) {
    (*s.position(), s.view().input, s.options().to_vec())
}

#[test]
fn undo_goes_back_before_the_last_human_decision_with_the_same_dice_step_by_step() {
    let mut s = Session::new(four("classic", 21)).expect("session");
    let mut pick = SplitMix(21);
    // Every point where the human chose, as it stood before the choice.
    let mut human_points = Vec::new();
    while human_points.len() < 6 && !s.is_over() {
        if s.phase() == SessionPhase::Choose
            && s.seat(s.position().turn as usize)
                .is_some_and(Seat::is_human)
        {
            human_points.push((choice_point(&s), s.log().len()));
        }
        act(&mut s, &mut pick);
    }
    // Let the bots make some decisions after the human's last one.
    while s.phase() == SessionPhase::Roll
        || !s
            .seat(s.position().turn as usize)
            .is_some_and(Seat::is_human)
    {
        if s.is_over() {
            break;
        }
        act(&mut s, &mut pick);
    }
    assert_eq!(human_points.len(), 6);
    let bots_after = s.log().len() - human_points[5].1 - 1;
    assert!(bots_after > 0, "bots decided after the human");

    for (point, log_len) in human_points.iter().rev() {
        assert!(s.can_undo());
        assert!(!s.is_online());
        let before = s.log().len();
        let view = s.undo().expect("undo");
        assert_eq!(
            &choice_point(&s),
            point,
            "the same position, die and options"
        );
        assert_eq!(
            s.log().len(),
            *log_len,
            "bot decisions after it are gone too"
        );
        assert_eq!(view.phase, SessionPhase::Choose);
        // The event counts what went: the human's decision and the bots' after it.
        assert_eq!(
            view.events,
            vec![GameEvent::Undone {
                decisions: (before - log_len) as u32
            }]
        );
    }
    assert!(!s.can_undo());
    assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
}

#[test]
fn a_finished_game_is_not_undone() {
    // Its seed is shown once it is over: play taken up again would know every die to come.
    let mut s = Session::new(four("classic", 8)).expect("session");
    play_to_end(&mut s, 8);
    assert!(s.log().iter().any(|d| d.seat == 0), "the person decided");
    assert!(!s.can_undo());
    assert!(!s.view().can_undo);
    let log = s.log().to_vec();
    assert_eq!(s.undo(), Err(SessionError::GameOver));
    assert!(s.is_over());
    assert_eq!(s.log(), log.as_slice());
}

#[test]
fn undo_never_rerolls_the_dice() {
    let mut s = Session::new(four("classic", 33)).expect("session");
    let mut pick = SplitMix(33);
    while s.log().iter().filter(|d| d.seat == 0).count() < 4 {
        act(&mut s, &mut pick);
    }
    let rolls_before = s.rolls().to_vec();
    s.undo().expect("undo");
    // Play on with other choices: every seat's die still gives the seed's stream.
    let mut other = SplitMix(999);
    for _ in 0..200 {
        if s.is_over() {
            break;
        }
        act(&mut s, &mut other);
    }
    let seed = s.setup().seed;
    for seat in 0..4u8 {
        let mut die = Die::new(&seed, seat as usize);
        for r in s.rolls().iter().filter(|r| r.seat == seat) {
            assert_eq!(r.value, die.roll());
        }
    }
    // And the rolls up to the undone choice are the ones made the first time.
    let kept = s.rolls().len().min(rolls_before.len());
    let same = s.rolls()[..kept]
        .iter()
        .zip(&rolls_before)
        .take_while(|(a, b)| a == b)
        .count();
    assert!(same >= s.log().first().map_or(0, |d| d.rolls as usize));
}

#[test]
fn an_online_session_refuses_undo() {
    let mut online = four("classic", 5);
    online.online = true;
    let mut s = Session::new(online).expect("session");
    let mut pick = SplitMix(5);
    while s.log().iter().all(|d| d.seat != 0) {
        act(&mut s, &mut pick);
    }
    assert!(s.is_online());
    assert!(!s.can_undo());
    assert!(!s.view().can_undo);
    let e = s.undo().expect_err("online");
    assert_eq!(e, SessionError::UndoOnline);
    assert!(e.to_string().contains("online"));
}

#[test]
fn actions_out_of_turn_are_refused_with_typed_errors() {
    let mut s = Session::new(four("classic", 8)).expect("session");
    assert_eq!(s.choose(0), Err(SessionError::NothingToChoose));
    let mut pick = SplitMix(8);
    while s.phase() != SessionPhase::Choose {
        act(&mut s, &mut pick);
    }
    let n = s.options().len();
    assert!(matches!(s.roll(), Err(SessionError::ChoiceNeeded { options }) if options == n));
    assert_eq!(
        s.choose(n),
        Err(SessionError::IllegalChoice { index: n, count: n })
    );
    // Refusals change nothing.
    assert_eq!(s.options().len(), n);
    play_to_end(&mut s, 8);
    assert_eq!(s.roll(), Err(SessionError::GameOver));
}

#[test]
fn events_tell_rolls_moves_captures_finishes_and_the_end() {
    let mut all = Vec::new();
    for seed in 0..4 {
        let mut s = Session::new(four("classic", seed)).expect("session");
        let first = s.view().events;
        assert!(matches!(first.last(), Some(GameEvent::Starts { .. })));
        let mut pick = SplitMix(seed);
        let mut events = Vec::new();
        while !s.is_over() {
            let view = act(&mut s, &mut pick);
            // The session holds the events of the last action, as its view does.
            assert_eq!(s.events(), view.events.as_slice());
            events.extend(view.events);
        }
        let Some(GameEvent::GameOver { places }) = events.last() else {
            panic!("the last event is the end: {:?}", events.last());
        };
        assert_eq!(places, &s.places());
        // Every seat once, each finisher at the place it finished in; ranks from 1 up.
        let mut seats = places.clone();
        seats.sort_unstable();
        assert_eq!(seats, vec![0, 1, 2, 3]);
        let mut finishers = 0;
        for e in &events {
            if let GameEvent::Finished { seat, place } = e {
                assert_eq!(places[*place as usize - 1], *seat, "seed {seed}");
                finishers += 1;
            }
        }
        assert!(finishers > 0);
        all.extend(events);
        let ranks = s.ranks();
        assert_eq!(ranks.len(), 4);
        assert_eq!(ranks[0], 1);
        assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{ranks:?}");
        assert_eq!(s.view().places, s.places());
        assert_eq!(s.view().seed, Some(s.setup().seed.to_hex()));
    }
    let has = |f: fn(&GameEvent) -> bool| all.iter().any(f);
    assert!(has(|e| matches!(e, GameEvent::Rolled { .. })));
    assert!(
        has(|e| matches!(e, GameEvent::Moved { from: None, .. })),
        "an entry"
    );
    assert!(has(|e| matches!(e, GameEvent::Moved { from: Some(_), .. })));
    assert!(has(|e| matches!(e, GameEvent::Captured { .. })));
    assert!(has(|e| matches!(e, GameEvent::NoMove { .. })));
    assert!(has(|e| matches!(e, GameEvent::ExtraRoll { .. })));
    assert!(has(|e| matches!(
        e,
        GameEvent::ThreeSixes {
            sent_home: None,
            ..
        }
    )));
    assert!(has(|e| matches!(e, GameEvent::Finished { place: 1, .. })));

    // Parchís pays captures and homecomings with bonus counts.
    let mut s = Session::new(four("parchis", 2)).expect("parchis");
    let events = play_to_end(&mut s, 2);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Bonus { count: 20, .. }))
    );
}

/// Where each piece stands in a view, by seat and piece (`None`: the yard).
fn progress_of(view: &GameView) -> Vec<Vec<Option<u8>>> {
    let seat = |s: &ludo_core::session::SeatView| s.pieces.iter().map(|p| p.progress).collect();
    view.seats.iter().map(seat).collect()
}

#[test]
fn moved_events_say_where_pieces_were_and_an_extra_roll_ends_the_action() {
    // Classic, and blocks whose pairs move together on a double, so `partner` is used.
    let pairs_rules: RulesSpec = serde_json::from_value(serde_json::json!({
        "preset": "ludo_blocks",
        "options": { "doubled_move_half": true },
    }))
    .expect("a rules spec");
    let (mut singles, mut pairs, mut entries, mut extra_rolls) = (0, 0, 0, 0);
    let mut pairs_offered = 0;
    for (rules, seed) in [
        (RulesSpec::Preset("classic".into()), 1),
        (RulesSpec::Preset("classic".into()), 2),
        (pairs_rules.clone(), 3),
        (pairs_rules, 4),
    ] {
        let mut s = Session::new(GameSetup {
            rules,
            ..four("classic", seed)
        })
        .expect("session");
        let mut pick = SplitMix(seed);
        while !s.is_over() {
            let mut pieces = progress_of(&s.view());
            let view = act(&mut s, &mut pick);
            // Following the events from the view before gives the view after.
            for (k, event) in view.events.iter().enumerate() {
                match *event {
                    GameEvent::Moved {
                        seat,
                        piece,
                        partner,
                        from,
                        to,
                    } => {
                        let seat = &mut pieces[seat as usize];
                        assert_eq!(seat[piece as usize], from, "{event:?}");
                        seat[piece as usize] = Some(to);
                        match partner {
                            Some(p) => {
                                assert_ne!(p, piece, "{event:?}");
                                assert_eq!(seat[p as usize], from, "{event:?}");
                                seat[p as usize] = Some(to);
                                pairs += 1;
                            }
                            None => singles += 1,
                        }
                        entries += usize::from(from.is_none());
                    }
                    GameEvent::Captured { seat, piece, .. }
                    | GameEvent::ThreeSixes {
                        seat,
                        sent_home: Some(piece),
                    } => pieces[seat as usize][piece as usize] = None,
                    GameEvent::ExtraRoll { seat } => {
                        assert_eq!(k + 1, view.events.len(), "{:?}", view.events);
                        assert_eq!((view.turn, view.phase), (seat, SessionPhase::Roll));
                        extra_rolls += 1;
                    }
                    _ => {}
                }
            }
            assert_eq!(pieces, progress_of(&view), "{:?}", view.events);
            // Options name a partner only for a pair, and it is another piece.
            for o in &view.options {
                if let Some(p) = o.partner {
                    assert!(p != o.piece && p < 4, "{o:?}");
                    pairs_offered += 1;
                }
            }
        }
    }
    assert!(singles > 100 && pairs > 0 && entries > 8 && extra_rolls > 8);
    assert!(
        pairs_offered >= pairs,
        "{pairs_offered} pairs offered, {pairs} moved"
    );
}

#[test]
fn the_last_roll_is_the_games_not_the_roll_offs() {
    let mut s = Session::new(four("classic", 5)).expect("session");
    let start = s.view();
    assert!(
        start
            .events
            .iter()
            .any(|e| matches!(e, GameEvent::RollOff { .. }))
    );
    assert_eq!(start.last_roll, None, "only the roll-off has been rolled");
    let mut pick = SplitMix(5);
    for _ in 0..40 {
        let before = s.view().last_roll;
        let view = act(&mut s, &mut pick);
        let rolled = view.events.iter().rev().find_map(|e| match e {
            GameEvent::Rolled { value, .. } => Some(*value),
            _ => None,
        });
        assert_eq!(view.last_roll, rolled.or(before), "{:?}", view.events);
    }
}

#[test]
fn the_view_offers_each_move_with_its_path() {
    let mut s = Session::new(four("classic", 12)).expect("session");
    let mut pick = SplitMix(12);
    let mut seen = 0;
    while seen < 30 && !s.is_over() {
        let view = act(&mut s, &mut pick);
        if view.phase != SessionPhase::Choose {
            continue;
        }
        seen += 1;
        let Some(Input::Roll(d)) = view.input else {
            panic!("classic has no bonus")
        };
        for (i, o) in view.options.iter().enumerate() {
            assert_eq!(o.index as usize, i);
            match o.from {
                None => assert_eq!(o.path.len(), 1, "entering lands on the start square"),
                Some(_) => assert_eq!(o.path.len(), d as usize, "one place per step"),
            }
            let last = o.path.last().expect("a path");
            let seat = view.turn as usize;
            let board = &s.engine().board;
            let colour = s.position().seat_colour[seat] as usize;
            assert_eq!(*last, ludo_core::position::place_of(board, colour, o.to));
        }
    }
    assert_eq!(seen, 30);
}

#[test]
fn with_bounce_back_every_path_turns_where_the_piece_turns_on_every_preset() {
    // Petits chevaux turns a bouncing piece at the foot of its staircase, the others at
    // the end of the road; either way the path runs up to that point and back down to where
    // the piece stops, every place it passes once.
    let mut bounced = 0;
    for preset in PRESETS {
        let mut options = serde_json::Map::new();
        options.insert("bounce_back".into(), true.into());
        let rules = RulesSpec::WithOptions {
            preset: preset.to_string(),
            options,
        };
        let seats = vec![Seat::human("Ann"), Seat::human("Bo")];
        let setup = GameSetup {
            rules,
            ..setup(preset, seats, 31)
        };
        let Ok(mut s) = Session::new(setup) else {
            continue; // a preset that does not take the option
        };
        let mut pick = SplitMix(31);
        while !s.is_over() {
            let view = act(&mut s, &mut pick);
            let Some(input) = view.input.filter(|_| view.phase == SessionPhase::Choose) else {
                continue;
            };
            let engine = s.engine();
            let colour = s.position().seat_colour[view.turn as usize] as usize;
            let at = |p: u8| ludo_core::position::place_of(&engine.board, colour, p);
            let end = engine.run_end();
            for o in &view.options {
                assert_eq!(o.path.last(), Some(&at(o.to)), "{preset}: {o:?}");
                let (Some(from), Input::Roll(d)) = (o.from, input) else {
                    continue;
                };
                let steps = engine.steps_for_roll(s.position(), d);
                if from < end && from + steps > end {
                    // Up to the turning point and back. A piece that may not land on its own
                    // (Petits chevaux) stops before it on its way, up or back: its path is
                    // the start of the whole road its roll would take it.
                    let along = |i: u8| match from + i {
                        q if q <= end => q,
                        q => end - (q - end),
                    };
                    let road: Vec<_> = (1..=steps).map(|i| at(along(i))).collect();
                    assert!(road.starts_with(&o.path), "{preset}: {o:?}");
                    assert!(!o.path.is_empty(), "{preset}: {o:?}");
                    if o.path.len() > (end - from) as usize {
                        bounced += 1;
                    }
                } else {
                    // Straight on: each place from the next to where it stops.
                    let straight: Vec<_> = (from + 1..=o.to).map(at).collect();
                    assert_eq!(o.path, straight, "{preset}: {o:?}");
                }
            }
        }
    }
    assert!(bounced > 20, "only {bounced} bounces were offered");
}

#[test]
fn bots_play_a_whole_game_through_the_session() {
    let mut s = Session::new(setup(
        "classic",
        vec![Seat::bot("A", "easy"), Seat::bot("B", "medium")],
        77,
    ))
    .expect("session");
    let mut actions = 0;
    while !s.is_over() {
        assert!(s.bot_to_move());
        s.play_bot().expect("bot action");
        actions += 1;
        assert!(actions < 5000);
    }
    assert_eq!(s.play_bot(), Err(SessionError::GameOver));
    assert_eq!(s.bot_step(|_, _, _, _| 0), Err(SessionError::GameOver));
    // The bots' choices are in the log, so the game replays without them.
    let again =
        Session::replay(s.setup().clone(), &s.choices(), Some(s.rolls().len())).expect("replay");
    assert_eq!(again.position(), s.position());

    let mut mixed = Session::new(four("classic", 1)).expect("mixed");
    while mixed.bot_to_move() {
        mixed.play_bot().expect("bot");
    }
    let seat = usize::from(mixed.position().turn);
    assert_eq!(mixed.play_bot(), Err(SessionError::NotABotsTurn { seat }));
    assert_eq!(
        mixed.bot_step(|_, _, _, _| 0),
        Err(SessionError::NotABotsTurn { seat })
    );
}

#[test]
fn a_random_bot_draws_afresh_at_every_choice() {
    // A bot's seed mixes in the log's length: a seed that left it out would repeat one
    // draw all game, and a random bot would always take the same one of two moves.
    let mut s = Session::new(setup(
        "classic",
        vec![Seat::bot("A", "random"), Seat::bot("B", "random")],
        5,
    ))
    .expect("session");
    while !s.is_over() {
        s.play_bot().expect("bot action");
    }
    for seat in 0..2 {
        let of_two: Vec<u8> = s
            .log()
            .iter()
            .filter(|d| d.seat == seat && d.options == 2)
            .map(|d| d.choice)
            .collect();
        assert!(of_two.len() >= 8, "seat {seat}: {of_two:?}");
        assert!(
            of_two.contains(&0) && of_two.contains(&1),
            "seat {seat}: {of_two:?}"
        );
    }
}

#[test]
fn a_player_who_takes_every_hint_plays_the_experts_game() {
    for (preset, seed) in [("classic", 41), ("parchis", 42)] {
        let seats = |first: Seat| vec![first, Seat::bot("Bo", "random")];
        let mut person = Session::new(setup(preset, seats(Seat::human("Ann")), seed))
            .expect("a game with a person");
        let mut expert = Session::new(setup(preset, seats(Seat::bot("Ann", "expert")), seed))
            .expect("the same game with an expert");
        let mut hints = 0;
        while !person.is_over() {
            if person.bot_to_move() {
                person.play_bot().expect("bot");
            } else if person.phase() == SessionPhase::Choose {
                let before = (person.choices(), *person.position());
                let hint = person.hint().expect("a hint while choosing");
                assert!(hint < person.options().len(), "{preset}: hint {hint}");
                // Asking changes nothing, and asking again gives the same answer.
                assert_eq!((person.choices(), *person.position()), before);
                assert_eq!(person.hint(), Ok(hint));
                person.choose(hint).expect("the hinted move is legal");
                hints += 1;
            } else {
                assert_eq!(person.hint(), Err(SessionError::NothingToChoose));
                person.roll().expect("roll");
            }
        }
        assert_eq!(person.hint(), Err(SessionError::GameOver));
        while !expert.is_over() {
            expert.play_bot().expect("bot");
        }
        assert!(hints > 5, "{preset}: only {hints} choices");
        assert_eq!(person.choices(), expert.choices(), "{preset}");
        assert_eq!(person.places(), expert.places(), "{preset}");
    }
}

#[test]
fn unknown_bot_levels_and_bad_seats_are_refused_for_new_games() {
    let bad = setup(
        "classic",
        vec![Seat::human("A"), Seat::bot("B", "wizard")],
        1,
    );
    let e = Session::new(bad).expect_err("level");
    assert!(e.to_string().contains("wizard"), "{e}");
    let clash = setup(
        "classic",
        vec![
            Seat::human("A").with_colour(Colour::Red),
            Seat::human("B").with_colour(Colour::Red),
        ],
        1,
    );
    assert!(matches!(Session::new(clash), Err(SessionError::Seats(_))));
    let foreign = setup(
        "classic",
        vec![
            Seat::human("A").with_colour(Colour::Red),
            Seat::human("B").with_colour(Colour::Fuchsia),
        ],
        1,
    );
    assert!(
        Session::new(foreign)
            .expect_err("fuchsia")
            .to_string()
            .contains("fuchsia")
    );
}

#[test]
fn seats_are_checked_at_their_limits() {
    use ludo_core::session::MAX_NAME_LEN;
    // (A bot level's length is checked when a save loads: saves.rs.)
    let refused = |seats: Vec<Seat>| match Session::new(setup("classic", seats, 1)) {
        Err(SessionError::Seats(text)) => text,
        other => panic!("not a seats error: {:?}", other.map(|s| s.view().seats)),
    };
    // Names: up to MAX_NAME_LEN bytes.
    let longest = "n".repeat(MAX_NAME_LEN);
    Session::new(setup(
        "classic",
        vec![Seat::human(&longest), Seat::human("B")],
        1,
    ))
    .expect("a name of the longest length");
    assert_eq!(
        refused(vec![Seat::human("A"), Seat::human(&format!("{longest}n"))]),
        "seat 1: the name is longer than 40 bytes"
    );
    // Seat counts: 2 to the board's colours.
    assert_eq!(
        refused(vec![Seat::human("A")]),
        "1 seats, but this board seats 2 to 4"
    );
    let five = (0..5).map(|i| Seat::human(&format!("P{i}"))).collect();
    assert_eq!(refused(five), "5 seats, but this board seats 2 to 4");
    // Colours: every seat or none.
    assert_eq!(
        refused(vec![
            Seat::human("A").with_colour(Colour::Green),
            Seat::human("B"),
        ]),
        "give every seat a colour, or none"
    );
    assert_eq!(
        refused(vec![
            Seat::human("A"),
            Seat::human("B").with_colour(Colour::Green),
        ]),
        "give every seat a colour, or none"
    );
    let s = Session::new(setup(
        "classic",
        vec![
            Seat::human("A").with_colour(Colour::Blue),
            Seat::human("B").with_colour(Colour::Green),
        ],
        1,
    ))
    .expect("every seat a colour");
    let colours: Vec<Colour> = s.view().seats.iter().map(|seat| seat.colour).collect();
    assert_eq!(colours, [Colour::Blue, Colour::Green]);
}

#[test]
fn a_new_setup_starts_now_with_a_fresh_seed() {
    use ludo_core::session::unix_now;
    let before = unix_now();
    // 2023-11-14, before this code was written.
    assert!(before > 1_700_000_000, "{before}");
    let seats = || vec![Seat::human("A"), Seat::human("B")];
    let a = GameSetup::new(RulesSpec::Preset("classic".into()), seats());
    let b = GameSetup::new(RulesSpec::Preset("classic".into()), seats());
    assert!((before..=unix_now()).contains(&a.created_at));
    assert!(!a.online);
    assert_ne!(a.seed, b.seed);
}

#[test]
fn a_log_that_goes_on_after_the_game_stopped_is_refused() {
    let mut s = Session::new(four("classic", 53)).expect("session");
    let mut pick = SplitMix(53);
    // Stopped after a choice, at a roll: the recorded rolls end here.
    while s.log().len() < 30 || s.phase() != SessionPhase::Roll {
        act(&mut s, &mut pick);
    }
    let mut choices = s.choices();
    let rolls = s.rolls().len();
    choices.push(0);
    assert_eq!(
        Session::replay(s.setup().clone(), &choices, Some(rolls)).map(|_| ()),
        Err(SessionError::Log(LogError::TooLong {
            index: choices.len() - 1,
            reason: "the recorded rolls end here"
        }))
    );

    play_to_end(&mut s, 53);
    let mut choices = s.choices();
    let (decisions, rolls) = (choices.len(), s.rolls().len());
    assert!(Session::replay(s.setup().clone(), &choices, Some(rolls)).is_ok());
    // More rolls than a finished game made.
    assert_eq!(
        Session::replay(s.setup().clone(), &choices, Some(rolls + 3)).map(|_| ()),
        Err(SessionError::Log(LogError::TooShort {
            decisions,
            rolls: rolls + 3,
            made: rolls
        }))
    );
    // A decision after the end, with the rolls recorded or not.
    choices.push(0);
    for recorded in [None, Some(rolls)] {
        assert_eq!(
            Session::replay(s.setup().clone(), &choices, recorded).map(|_| ()),
            Err(SessionError::Log(LogError::TooLong {
                index: decisions,
                reason: "the game is over"
            })),
            "{recorded:?}"
        );
    }
}

#[test]
fn a_loaded_game_with_a_bot_level_this_build_lacks_replays_but_is_not_played_on() {
    let bots = |seed| {
        setup(
            "classic",
            vec![Seat::bot("Bo", "random"), Seat::bot("Cy", "random")],
            seed,
        )
    };
    // The level renamed in the file, as a newer build might have named it.
    let renamed = |s: &Session, seats: &[usize]| {
        let mut doc: serde_json::Value = serde_json::from_str(&s.save_json()).expect("json");
        for &seat in seats {
            doc["seats"][seat]["level"] = serde_json::json!("wizard");
        }
        let text = save::reseal(doc.to_string().as_bytes()).expect("reseal");
        save::load(text.as_bytes()).expect("the log holds the bots' choices, so it loads")
    };

    let mut s = Session::new(bots(54)).expect("session");
    while s.log().len() < 10 || s.position().turn != 1 {
        s.play_bot().expect("a bot's action");
    }
    let loaded = renamed(&s, &[1]);
    assert_eq!(loaded.choices(), s.choices());
    let message = "seats: seat 1: this game has a bot at level \"wizard\", which this version \
         does not know (levels: random, easy, medium, hard, expert); it can be replayed and \
         verified, not played on";
    assert_eq!(
        loaded.check_playable().map_err(|e| e.to_string()),
        Err(message.to_string())
    );
    let mut stuck = loaded.clone();
    assert!(matches!(stuck.play_bot(), Err(SessionError::Seats(e)) if e.contains("wizard")));

    // Once the game is over nothing is left to play: it opens, and no bot is asked.
    while !s.is_over() {
        s.play_bot().expect("a bot's action");
    }
    let mut over = renamed(&s, &[0, 1]);
    assert_eq!(over.check_playable(), Ok(()));
    assert_eq!(over.play_bot(), Err(SessionError::GameOver));
}

#[test]
fn a_bot_asked_to_move_for_a_person_names_the_person_to_move() {
    let seats = vec![
        Seat::bot("Bo", "random"),
        Seat::bot("Cy", "random"),
        Seat::human("Ann"),
    ];
    let mut s = Session::new(setup("classic", seats, 9)).expect("session");
    let mut people = 0;
    while !s.is_over() && people < 20 {
        if s.bot_to_move() {
            s.play_bot().expect("a bot's action");
            continue;
        }
        let seat = usize::from(s.position().turn);
        assert_eq!(seat, 2, "only the third seat is a person's");
        assert_eq!(s.play_bot(), Err(SessionError::NotABotsTurn { seat }));
        assert_eq!(
            s.bot_step(|_, _, _, _| 0),
            Err(SessionError::NotABotsTurn { seat })
        );
        people += 1;
        match s.roll() {
            Err(SessionError::ChoiceNeeded { .. }) => s.choose(0),
            other => other,
        }
        .expect("the person's action");
    }
    assert_eq!(people, 20, "the person was asked to move twenty times");
}

#[test]
fn a_bot_step_given_an_index_past_the_options_plays_the_first() {
    let mut s = Session::new(four("classic", 55)).expect("session");
    let mut pick = SplitMix(55);
    let mut tried = 0;
    while tried < 5 && !s.is_over() {
        if s.bot_to_move() && s.phase() == SessionPhase::Choose {
            let decisions = s.log().len();
            s.bot_step(|_, _, _, moves| moves.len())
                .expect("out of range counts as 0");
            assert_eq!(s.log().len(), decisions + 1);
            assert_eq!(s.log().last().map(|d| d.choice), Some(0));
            tried += 1;
        } else {
            act(&mut s, &mut pick);
        }
    }
    assert_eq!(tried, 5);
}

/// A bonus that follows a move is offered, or plays itself, before the action returns: the
/// next roll is always a roll. (Parchís pays 20 squares for a capture and 10 for a piece home.)
#[test]
fn a_bonus_is_never_left_for_the_next_roll() {
    let mut bonuses = 0;
    for seed in 0..6 {
        let mut s = Session::new(four("parchis", 60 + seed)).expect("session");
        let mut pick = SplitMix(seed);
        while !s.is_over() {
            if s.phase() == SessionPhase::Choose {
                if matches!(s.view().input, Some(Input::Bonus(_))) {
                    bonuses += 1;
                }
                act(&mut s, &mut pick);
            } else {
                let rolls = s.rolls().len();
                let view = s.roll().expect("a roll");
                assert_eq!(s.rolls().len(), rolls + 1, "seed {seed}");
                assert!(
                    matches!(view.events.first(), Some(GameEvent::Rolled { .. })),
                    "seed {seed}: {:?}",
                    view.events
                );
            }
        }
    }
    assert!(bonuses > 0, "some bonus was a choice");
}

#[test]
fn the_seed_stays_secret_until_the_game_is_over() {
    let mut s = Session::new(four("classic", 3)).expect("session");
    assert_eq!(s.view().seed, None);
    assert_eq!(s.view().commitment, s.setup().seed.commitment());
    assert_eq!(s.revealed_seed(), None);
    play_to_end(&mut s, 3);
    assert_eq!(s.revealed_seed(), Some(s.setup().seed));
}

#[test]
fn replay_codes_carry_the_whole_game_compactly() {
    let mut lengths = Vec::new();
    for seed in 0..20 {
        let mut s = Session::new(four("classic", seed)).expect("session");
        play_to_end(&mut s, seed);
        let code = replay::encode(&s);
        assert!(code.starts_with(replay::CODE_PREFIX));
        assert!(
            code.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)),
            "URL-safe: {code}"
        );
        let back = replay::decode(&code).expect("decode");
        assert_eq!(back.position(), s.position());
        assert_eq!(back.log(), s.log());
        assert_eq!(back.rolls(), s.rolls());
        assert_eq!(back.seats(), s.seats());
        lengths.push(code.len());
    }
    let mean = lengths.iter().sum::<usize>() / lengths.len();
    assert!(mean <= 600, "typical classic code: {mean} characters");
    assert!(lengths.iter().all(|&l| l <= 600), "{lengths:?}");
}

#[test]
fn replay_codes_keep_options_names_and_an_unfinished_game() {
    let mut options = serde_json::Map::new();
    options.insert("safe_stars".into(), serde_json::json!(true));
    let rules = RulesSpec::WithOptions {
        preset: "ludo_multijoueur".into(),
        options,
    };
    let mut g = setup(
        "classic",
        vec![
            Seat::human("Zoë ✓"),
            Seat::bot("Rob", "hard").with_colour(Colour::Green),
        ],
        40,
    );
    g.rules = rules;
    g.seats[0].colour = Some(Colour::Blue);
    let mut s = Session::new(g).expect("session");
    let mut pick = SplitMix(40);
    while s.log().len() < 15 || s.phase() != SessionPhase::Choose {
        act(&mut s, &mut pick);
    }
    let back = replay::decode(&replay::encode(&s)).expect("decode");
    assert_eq!(back.setup().rules, s.setup().rules);
    assert_eq!(back.seats(), s.seats());
    assert_eq!(back.phase(), SessionPhase::Choose);
    assert_eq!(back.options(), s.options());
    assert_eq!(back.position(), s.position());
}

#[test]
fn damaged_replay_codes_are_refused_with_the_reason() {
    let mut s = Session::new(four("classic", 6)).expect("session");
    play_to_end(&mut s, 6);
    let code = replay::encode(&s);
    let reason = |c: &str| match replay::decode(c) {
        Err(SaveError::BadCode(r)) => r,
        other => panic!("{c}: {other:?}"),
    };
    assert!(reason("hello").contains("ludo1."));
    assert_eq!(
        replay::decode("ludo7.AAAA").err(),
        Some(SaveError::NewerCode {
            found: 7,
            supported: 1
        })
    );
    assert!(reason("ludo1.*&^").contains("base64"));
    for cut in 1..8 {
        let r = reason(&code[..code.len() - cut]);
        assert!(r.contains("damaged or incomplete"), "{r}");
    }
    let mut flipped = code.clone().into_bytes();
    let i = flipped.len() / 2;
    flipped[i] = if flipped[i] == b'A' { b'B' } else { b'A' };
    assert!(reason(&String::from_utf8(flipped).expect("ascii")).contains("checksum"));
}

/// The code of `s` with its content (the bytes before the check) edited by `edit`, and its
/// check made again: a code a forger could make.
fn forged_code(s: &Session, edit: impl FnOnce(&mut Vec<u8>)) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let code = replay::encode(s);
    let mut bytes = engine
        .decode(&code[replay::CODE_PREFIX.len()..])
        .expect("base64");
    bytes.truncate(bytes.len() - 4);
    edit(&mut bytes);
    let check = sha2::Sha256::digest(&bytes);
    bytes.extend_from_slice(&check[..4]);
    format!("{}{}", replay::CODE_PREFIX, engine.encode(&bytes))
}

/// Why `code` is refused.
fn refusal(code: &str) -> String {
    match replay::decode(code) {
        Err(SaveError::BadCode(why)) => why,
        other => panic!("{:?}", other.map(|s| s.rolls().len())),
    }
}

#[test]
fn a_replay_code_that_counts_fewer_rolls_than_the_roll_off_is_refused() {
    // A game just past its roll-off: its code ends in the roll count and no decisions.
    let s = Session::new(four("classic", 6)).expect("session");
    assert!(s.log().is_empty());
    let made = s.rolls().len();
    assert!((4..0x80).contains(&made), "{made}");
    for claimed in [0, made - 1] {
        let forged = forged_code(&s, |bytes| {
            let n = bytes.len();
            assert_eq!(&bytes[n - 2..], &[made as u8, 0]);
            bytes[n - 2] = claimed as u8;
        });
        assert_eq!(
            refusal(&forged),
            format!("the code records {claimed} rolls, but the roll-off alone makes {made}")
        );
    }
    // Unedited, the count as made reads back.
    let same = forged_code(&s, |_| {});
    assert_eq!(same, replay::encode(&s));
    assert_eq!(replay::decode(&same).expect("decode").rolls().len(), made);
}

#[test]
fn a_replay_code_with_bits_no_code_sets_is_refused() {
    let s = Session::new(four("classic", 6)).expect("session");
    for bits in [0x20, 0x40, 0x80] {
        let forged = forged_code(&s, |bytes| {
            // A preset's number, the seat count, then seat 0's byte: its colour and the bot bit.
            assert_eq!(bytes[1], 4);
            bytes[2] |= bits;
        });
        let why = refusal(&forged);
        assert!(
            why.starts_with("seat 0: bits no code sets"),
            "{bits:#x}: {why}"
        );
    }
}

#[test]
fn the_replayer_steps_through_the_game_move_by_move() {
    let mut s = Session::new(four("parchis", 14)).expect("session");
    play_to_end(&mut s, 14);
    let mut r = Replayer::from_code(&replay::encode(&s)).expect("replayer");
    let mut steps = 0;
    while let Some(events) = r.step() {
        steps += 1;
        assert!(!events.is_empty());
    }
    assert!(r.is_done());
    assert_eq!(r.session().position(), s.position());
    assert_eq!(r.session().log(), s.log());
    let turn_rolls = s.rolls().iter().filter(|r| !r.roll_off).count();
    assert!(
        steps >= turn_rolls,
        "a step per roll at least ({steps} < {turn_rolls})"
    );
}

#[test]
fn verify_finds_a_valid_game_valid() {
    let mut s = Session::new(four("classic", 50)).expect("session");
    play_to_end(&mut s, 50);
    let report = verify::verify_save(s.save_json().as_bytes()).expect("verify");
    assert!(report.is_valid(), "{:?}", report.problems);
    assert_eq!(report.rolls_compared, s.rolls().len());
    assert_eq!(report.rolls_replayed, s.rolls().len());
    assert!(report.over);
    // Each seat's rolls, as its own die gives them.
    assert_eq!(report.seat_rolls.len(), 4);
    for (seat, rolls) in report.seat_rolls.iter().enumerate() {
        let mut die = Die::new(&s.setup().seed, seat);
        let expected: Vec<u8> = rolls.iter().map(|_| die.roll()).collect();
        assert_eq!(rolls, &expected, "seat {seat}");
        let made = s.rolls().iter().filter(|r| r.seat as usize == seat).count();
        assert_eq!(rolls.len(), made, "seat {seat}");
    }
    let code = verify::verify_code(&replay::encode(&s), Some(&s.commitment())).expect("code");
    assert!(code.is_valid());
}

#[test]
fn verify_of_a_game_another_seed_cannot_replay_says_why_first_and_claims_nothing_more() {
    let mut s = Session::new(four("classic", 52)).expect("session");
    play_to_end(&mut s, 52);
    assert!(
        verify::verify_save(s.save_json().as_bytes())
            .expect("verify")
            .replayed
    );
    // Another seed, with its own commitment, so that only the dice give the edit away.
    let mut doc: serde_json::Value = serde_json::from_str(&s.save_json()).expect("json");
    let seed = Seed::from_u64(53);
    doc["dice"]["seed"] = serde_json::json!(seed.to_hex());
    doc["dice"]["commitment"] = serde_json::json!(seed.commitment());
    let forged = save::reseal(doc.to_string().as_bytes()).expect("reseal");
    let report = verify::verify_save(forged.as_bytes()).expect("verify");
    assert!(!report.is_valid());
    assert!(!report.replayed);
    assert!(
        matches!(report.problems.first(), Some(SaveError::Log(_))),
        "the replay's failure comes first: {:?}",
        report.problems.first()
    );
    assert!(
        report.problems[1..]
            .iter()
            .all(|p| matches!(p, SaveError::RollMismatch { .. })),
        "{:?}",
        report.problems
    );
    assert!(report.more_problems > 0, "more mismatches than are listed");
    assert_eq!(report.rolls_replayed, 0);
    assert!(report.seat_rolls.is_empty());
}

#[test]
fn verify_reports_exactly_which_roll_does_not_match() {
    let mut s = Session::new(four("classic", 51)).expect("session");
    play_to_end(&mut s, 51);
    let text = s.save_json();
    let mut doc: serde_json::Value = serde_json::from_str(&text).expect("json");
    // Claim a different value for green's 11th roll, and reseal the file.
    let green = doc["rolls"][1].as_str().expect("rolls").to_string();
    let mut bytes = green.into_bytes();
    let old = bytes[10];
    bytes[10] = if old == b'6' { b'1' } else { old + 1 };
    doc["rolls"][1] = serde_json::json!(String::from_utf8(bytes).expect("digits"));
    let forged = save::reseal(doc.to_string().as_bytes()).expect("reseal");
    let report = verify::verify_save(forged.as_bytes()).expect("verify");
    assert!(!report.is_valid());
    assert_eq!(
        report.problems,
        vec![SaveError::RollMismatch {
            seat: 1,
            index: 10,
            recorded: Some(if old == b'6' { 1 } else { old - b'0' + 1 }),
            computed: Some(old - b'0'),
        }]
    );
    // Loading refuses the same file and names the roll.
    let e = save::load(forged.as_bytes()).expect_err("forged");
    assert_eq!(
        e.to_string(),
        format!(
            "rolls[1][10]: the file says {}, the seed gives {}",
            if old == b'6' { 1 } else { old - b'0' + 1 },
            old - b'0'
        )
    );

    // A roll left out of the file: the seed gives one that the file does not have.
    let mut doc: serde_json::Value = serde_json::from_str(&text).expect("json");
    let mut red = doc["rolls"][0].as_str().expect("rolls").to_string();
    let last = red.pop().expect("a roll");
    let index = red.len();
    doc["rolls"][0] = serde_json::json!(red);
    let forged = save::reseal(doc.to_string().as_bytes()).expect("reseal");
    let report = verify::verify_save(forged.as_bytes()).expect("verify");
    let missing = SaveError::RollMismatch {
        seat: 0,
        index,
        recorded: None,
        computed: Some(last as u8 - b'0'),
    };
    assert_eq!(report.problems, vec![missing.clone()]);
    assert_eq!(
        missing.to_string(),
        format!("rolls[0][{index}]: the file says no roll, the seed gives {last}")
    );

    // Every one of green's rolls changed: the first MAX_LISTED are listed, the rest counted.
    let mut doc: serde_json::Value = serde_json::from_str(&text).expect("json");
    let green: String = doc["rolls"][1]
        .as_str()
        .expect("rolls")
        .chars()
        .map(|c| {
            if c == '6' {
                '1'
            } else {
                char::from(c as u8 + 1)
            }
        })
        .collect();
    assert!(green.len() > verify::MAX_LISTED, "{}", green.len());
    doc["rolls"][1] = serde_json::json!(green);
    let forged = save::reseal(doc.to_string().as_bytes()).expect("reseal");
    let report = verify::verify_save(forged.as_bytes()).expect("verify");
    assert_eq!(report.problems.len(), verify::MAX_LISTED);
    assert_eq!(report.more_problems, green.len() - verify::MAX_LISTED);
    assert!(matches!(
        report.problems.last(),
        Some(SaveError::RollMismatch { seat: 1, index, .. }) if *index == verify::MAX_LISTED - 1
    ));

    // A seed swapped for another is caught by the commitment. Its dice no longer fit the
    // choices either, and the replay that fails is listed first: the report says the first
    // problem is why the game could not be replayed.
    let mut doc: serde_json::Value = serde_json::from_str(&text).expect("json");
    doc["dice"]["seed"] = serde_json::json!(Seed::from_u64(52).to_hex());
    let forged = save::reseal(doc.to_string().as_bytes()).expect("reseal");
    let report = verify::verify_save(forged.as_bytes()).expect("verify");
    assert!(!report.replayed);
    assert!(
        matches!(report.problems.first(), Some(SaveError::Log(_))),
        "{:?}",
        report.problems
    );
    assert!(matches!(
        report.problems.get(1),
        Some(SaveError::CommitmentMismatch { .. })
    ));

    // A code checked against a commitment it was not made with.
    let other = Seed::from_u64(1).commitment();
    let report = verify::verify_code(&replay::encode(&s), Some(&other)).expect("code");
    assert!(matches!(
        report.problems.as_slice(),
        [SaveError::CommitmentMismatch { .. }]
    ));
}

#[test]
fn dice_stats_count_every_roll_of_every_seat() {
    let mut s = Session::new(four("classic", 60)).expect("session");
    play_to_end(&mut s, 60);
    let stats = verify::dice_stats(&s);
    assert_eq!(stats.len(), 4);
    let total: u64 = stats.iter().map(|d| d.rolls).sum();
    assert_eq!(total as usize, s.rolls().len());
    for (seat, d) in stats.iter().enumerate() {
        let sixes = s
            .rolls()
            .iter()
            .filter(|r| r.seat as usize == seat && r.value == 6)
            .count();
        assert_eq!(d.counts[5] as usize, sixes);
        let p = d.p_value.expect("p");
        assert!((0.0..=1.0).contains(&p));
    }
}

#[test]
fn dice_match_an_independent_chacha20() {
    // Computed with Python's `cryptography` ChaCha20 (docs/dice.md): key = seed, 64-bit
    // counter from 0, 64-bit stream = seat; bytes below 252 give b % 6 + 1.
    let seed = Seed::from_hex(&format!("2420ed5e{}", "0".repeat(56))).expect("hex");
    assert_eq!(
        seed.commitment(),
        "570b19e19a683ac99fcf6084a0c8434b74813b54b8a31be2d483935044235726"
    );
    for (seat, want) in [
        "64242425163613341233",
        "63251244142441445125",
        "11465265413254225611",
        "33463223332153162226",
    ]
    .iter()
    .enumerate()
    {
        let mut die = Die::new(&seed, seat);
        let got: String = (0..20).map(|_| char::from(b'0' + die.roll())).collect();
        assert_eq!(&got, want, "seat {seat}");
    }
}
