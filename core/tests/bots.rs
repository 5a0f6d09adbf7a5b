//! The bots: every level plays only legal moves on every preset, the same seed gives the
//! same game, and each level makes the moves its description promises.

mod bot_case;

use bot_case::Case;
use ludo_core::bots::{Bot, LEVELS, bot_for};
use ludo_core::dice::Seed;
use ludo_core::game::Game;
use ludo_core::moves::{Input, MoveList};
use ludo_core::position::YARD;
use ludo_core::rules::PRESETS;
use ludo_core::{Engine, Phase, Position};
use serde_json::json;

/// Plays one game with the given levels (one per seat) and checks every choice with the
/// checked `apply`. Returns every choice made and the final position.
fn play(engine: &Engine, levels: &[&str], seed: u64) -> (Vec<usize>, Position) {
    let colours = engine.board.seat_colours(levels.len()).expect("seating");
    let mut bots: Vec<Box<dyn Bot>> = levels
        .iter()
        .enumerate()
        .map(|(i, l)| bot_for(l, seed + i as u64).expect("level"))
        .collect();
    let mut game = Game::new(engine, &colours, &Seed::from_u64(seed));
    let mut list = MoveList::default();
    let mut choices = Vec::new();
    while let Some(input) = game.next_input() {
        assert!(
            game.rolls < 20_000,
            "{}: the game does not end",
            engine.rules.preset
        );
        engine.legal_moves(&game.position, input, &mut list);
        let choice = match list.len() {
            0 => None,
            1 => Some(0),
            _ => {
                let seat = game.position.turn as usize;
                let i = bots[seat].choose(engine, &game.position, input, &list);
                assert!(
                    i < list.len(),
                    "{} chose move {i} of {} on {}",
                    levels[seat],
                    list.len(),
                    engine.rules.preset
                );
                choices.push(i);
                Some(i)
            }
        };
        // The checked path refuses anything that is not legal.
        let mut checked = game.position;
        let step = engine
            .apply(&mut checked, input, choice)
            .unwrap_or_else(|e| panic!("{}: illegal choice: {e}", engine.rules.preset));
        let played = game.play(engine, input, choice.and_then(|i| list.get(i)));
        assert_eq!(step, played);
        assert_eq!(checked, game.position);
    }
    assert_eq!(game.phase, Phase::Over);
    (choices, game.position)
}

#[test]
fn every_level_plays_only_legal_moves_on_every_preset() {
    for preset in PRESETS {
        let engine = Engine::preset(preset).expect("preset");
        // Every level meets every other across the seats of a few games.
        for (k, seats) in [2usize, 4, engine.board.colours as usize]
            .into_iter()
            .enumerate()
        {
            let levels: Vec<&str> = (0..seats)
                .map(|s| LEVELS[(s + k * 2) % LEVELS.len()])
                .collect();
            play(&engine, &levels, 11 + k as u64);
        }
    }
}

#[test]
fn every_level_plays_bonus_counts_and_chained_sixes_in_parchis() {
    // Parchís has +20 and +10 bonus phases and sixes that roll again; expert and hard must
    // decide them too, on both boards and with every table size.
    for preset in ["parchis", "parchis6"] {
        let engine = Engine::preset(preset).expect("preset");
        for seats in 2..=engine.board.colours as usize {
            let levels: Vec<&str> = (0..seats)
                .map(|s| ["expert", "hard", "medium"][s % 3])
                .collect();
            play(&engine, &levels, seats as u64);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    for preset in ["classic", "parchis", "petits_chevaux"] {
        let engine = Engine::preset(preset).expect("preset");
        let levels = ["easy", "random", "expert", "medium"];
        let first = play(&engine, &levels, 5);
        let again = play(&engine, &levels, 5);
        assert_eq!(first, again, "{preset}");
        let other = play(&engine, &levels, 6);
        assert_ne!(first.0, other.0, "{preset}: another seed, another game");
    }
}

#[test]
fn easy_and_random_follow_their_seed() {
    let engine = Engine::preset("classic").expect("classic");
    for level in ["easy", "random"] {
        let choices = |seed: u64| {
            let mut bot = bot_for(level, seed).expect("level");
            let colours = [0u8, 2];
            let mut game = Game::new(&engine, &colours, &Seed::from_u64(1));
            let mut list = MoveList::default();
            let mut out = Vec::new();
            while let Some(input) = game.next_input() {
                engine.legal_moves(&game.position, input, &mut list);
                let i = if list.len() > 1 {
                    let i = bot.choose(&engine, &game.position, input, &list);
                    out.push(i);
                    i
                } else {
                    0
                };
                game.play(&engine, input, list.get(i));
            }
            out
        };
        assert_eq!(choices(1), choices(1), "{level}");
        assert_ne!(choices(1), choices(2), "{level}");
    }
}

#[test]
fn an_unknown_level_is_refused_with_its_name() {
    let err = bot_for("grandmaster", 0).err().expect("refused");
    assert!(err.to_string().contains("grandmaster"), "{err}");
    for level in LEVELS {
        assert_eq!(bot_for(level, 0).expect("level").name(), level);
    }
}

#[test]
fn medium_hard_and_expert_capture_an_advanced_piece() {
    // Red (start square 0) at 20 can take yellow's piece that has come 49 squares: yellow
    // starts on square 26, so it stands on square 23, a plain square three ahead. Or red
    // could walk its other piece from 2 to 5.
    let case = Case::new(
        json!({
            "rules": "classic",
            "seats": ["red", "yellow"],
            "pieces": {"red": [20, 2, "yard", "yard"], "yellow": [49, "yard", "yard", "yard"]},
        }),
        Input::Roll(3),
    );
    assert_eq!(case.list.len(), 2);
    for pick in case.picks(&["medium", "hard", "expert"]) {
        assert_eq!(pick, (20, 23));
    }
}

/// A classic board where red, to move with `roll`, has two moves to choose from.
fn red_to_move(red: serde_json::Value, yellow: serde_json::Value, roll: u8) -> Case {
    let case = Case::new(
        json!({
            "rules": "classic",
            "seats": ["red", "yellow"],
            "pieces": {"red": red, "yellow": yellow},
        }),
        Input::Roll(roll),
    );
    assert_eq!(case.list.len(), 2, "two moves to choose from");
    case
}

/// The move `medium` picks with `roll` on a classic board where red moves first (yellow's
/// piece 39, when it has one, stands on square 13: it started on 26).
fn medium_picks(red: serde_json::Value, yellow: serde_json::Value, roll: u8) -> (u8, u8) {
    red_to_move(red, yellow, roll).picks(&["medium"])[0]
}

#[test]
fn medium_follows_its_priority_list_in_order() {
    let lone = json!([39, "home", "home", "home"]);
    // Bringing a piece home comes before a capture (20 → 23 takes yellow's piece there).
    let pick = medium_picks(
        json!([53, 20, "yard", "yard"]),
        json!([49, 39, "home", "home"]),
        3,
    );
    assert_eq!(pick, (53, 56));
    // A capture comes before bringing a piece out.
    let pick = medium_picks(
        json!([17, "yard", "yard", "yard"]),
        json!([49, 39, "home", "home"]),
        6,
    );
    assert_eq!(pick, (17, 23));
    // Bringing a piece out comes before taking one out of danger (15, two squares ahead
    // of yellow, could reach the star on 21).
    let pick = medium_picks(json!([15, "yard", "yard", "yard"]), lone.clone(), 6);
    assert_eq!(pick, (YARD, 0));
    // Taking a piece out of danger (24, which yellow reaches with 6 and 5, to 28, out of
    // reach) comes before reaching a safe square (the star on 8).
    let pick = medium_picks(json!([24, 4, "yard", "yard"]), lone.clone(), 4);
    assert_eq!(pick, (24, 28));
    // Reaching a safe square comes before advancing the piece furthest ahead.
    let pick = medium_picks(json!([4, 31, "yard", "yard"]), lone.clone(), 4);
    assert_eq!(pick, (4, 8));
    // Advancing: first to a square nothing can hit (16 → 18 stays within yellow's reach) ...
    let pick = medium_picks(json!([16, 2, "yard", "yard"]), lone.clone(), 2);
    assert_eq!(pick, (2, 4));
    // ... then the piece furthest ahead.
    let pick = medium_picks(json!([2, 30, "yard", "yard"]), lone, 2);
    assert_eq!(pick, (30, 32));
    // Of two captures, the one of the piece that has come further (49 against 30) ...
    let pick = medium_picks(
        json!([1, 20, "yard", "yard"]),
        json!([30, 49, "home", "home"]),
        3,
    );
    assert_eq!(pick, (20, 23));
    // ... even when the other capture would move red's piece furthest ahead (40 → 43 takes
    // the yellow piece that has come 17).
    let pick = medium_picks(
        json!([40, 20, "yard", "yard"]),
        json!([17, 49, "home", "home"]),
        3,
    );
    assert_eq!(pick, (20, 23));
}

#[test]
fn easy_keeps_to_its_short_list_and_slips_about_one_move_in_five() {
    let lone = json!([39, "home", "home", "home"]);
    let cases = [
        // Home before a capture, a capture before bringing a piece out, a piece out before
        // a walk, and otherwise the front piece, even into reach of yellow's piece on 13:
        // easy never thinks about danger.
        (
            json!([53, 20, "yard", "yard"]),
            json!([49, 39, "home", "home"]),
            3,
            (53, 56),
        ),
        (
            json!([17, "yard", "yard", "yard"]),
            json!([49, 39, "home", "home"]),
            6,
            (17, 23),
        ),
        (
            json!([30, "yard", "yard", "yard"]),
            lone.clone(),
            6,
            (YARD, 0),
        ),
        (json!([16, 2, "yard", "yard"]), lone.clone(), 2, (16, 18)),
        (json!([2, 16, "yard", "yard"]), lone, 2, (16, 18)),
        // Of two captures, the piece that has come further, whichever red piece takes it.
        (
            json!([40, 20, "yard", "yard"]),
            json!([17, 49, "home", "home"]),
            3,
            (20, 23),
        ),
    ];
    for (red, yellow, roll, best) in cases {
        let case = red_to_move(red, yellow, roll);
        let mut bot = bot_for("easy", 11).expect("easy");
        let mut other = 0;
        for _ in 0..1000 {
            let i = bot.choose(&case.engine, &case.pos, case.input, &case.list);
            let m = case.list.get(i).expect("index in range");
            other += usize::from((m.from, m.to) != best);
        }
        // A slip picks either move, so one decision in ten (100 of 1,000, 3.7 standard
        // deviations either side) goes to the other move.
        assert!(
            (65..=135).contains(&other),
            "{best:?}: the other move {other} times in 1,000"
        );
    }
}

#[test]
fn hard_and_expert_take_a_piece_out_of_reach() {
    // Red's piece at 30 (square 30) has yellow's piece two squares behind it (yellow progress
    // 2 = square 28); red's other piece at 5 is in no danger. With a 4, red moves the piece
    // in danger onto the star at square 34, where it cannot be captured.
    let case = Case::new(
        json!({
            "rules": "classic",
            "seats": ["red", "yellow"],
            "pieces": {"red": [30, 5, "yard", "yard"], "yellow": [2, "yard", "yard", "yard"]},
        }),
        Input::Roll(4),
    );
    assert_eq!(case.list.len(), 2);
    for pick in case.picks(&["medium", "hard", "expert"]) {
        assert_eq!(pick, (30, 34));
    }
}

#[test]
fn hard_and_expert_climb_the_staircase_when_the_number_comes() {
    // Petits chevaux: red's piece on the first step (progress 56) needs a 2 to climb; the
    // roll is a 2, and red's other piece could walk two squares instead. Climbing is worth
    // far more than its one step, since that step wants its own number.
    let case = Case::new(
        json!({
            "rules": "petits_chevaux",
            "seats": ["red", "yellow"],
            "pieces": {"red": [56, 20, "yard", "yard"], "yellow": ["yard", "yard", "yard", "yard"]},
        }),
        Input::Roll(2),
    );
    assert_eq!(case.list.len(), 2);
    for pick in case.picks(&["hard", "expert"]) {
        assert_eq!(pick, (56, 57));
    }
}

#[test]
fn every_thinking_level_spends_a_parchis_bonus_on_a_capture() {
    // Parchís: yellow (exit at printed square 5) must play a +20 with one piece. From
    // progress 10 (printed 15) it lands on printed 35, a plain square where blue's lone
    // piece stands (blue's exit is printed 22, so that is blue's progress 13): a capture,
    // which earns another +20. From progress 40 it would just walk on.
    let case = Case::new(
        json!({
            "rules": "parchis",
            "seats": ["yellow", "blue"],
            "pieces": {"yellow": [10, 40, "home", "home"], "blue": [13, "yard", "yard", "yard"]},
        }),
        Input::Bonus(20),
    );
    assert_eq!(case.list.len(), 2);
    assert!(
        case.list
            .as_slice()
            .iter()
            .any(|m| m.from == 10 && m.captures != 0)
    );
    for pick in case.picks(&["medium", "hard", "expert"]) {
        assert_eq!(pick, (10, 30));
    }
}

#[test]
fn the_race_utility_is_a_chance_that_favours_the_seat_ahead() {
    // Red has two pieces far on, yellow one piece just out: red's chance of winning the race
    // is high, yellow's low, both in percent; with the race scale at 0 the utility is the
    // linear difference of worth instead, which sums to zero over two seats.
    use ludo_core::bots::eval::{Evaluator, Weights};
    let Case { engine, pos, .. } = Case::new(
        json!({
            "rules": "classic",
            "seats": ["red", "yellow"],
            "pieces": {"red": [40, 45, "yard", "yard"], "yellow": [3, "yard", "yard", "yard"]},
        }),
        Input::Roll(1),
    );
    let (red, yellow) = (0, 1);
    let mut eval = Evaluator::new(Weights::default());
    eval.prepare(&engine);
    let u = eval.evaluate(&engine, &pos, Phase::Roll);
    assert!(u[red] > 50.0 && u[red] <= 100.0, "{u:?}");
    assert!(u[yellow] >= 0.0 && u[yellow] < 50.0, "{u:?}");
    assert!((u[red] + u[yellow] - 100.0).abs() < 1e-3, "{u:?}");
    let mut linear = Evaluator::new(Weights {
        race: 0.0,
        ..Weights::default()
    });
    linear.prepare(&engine);
    let l = linear.evaluate(&engine, &pos, Phase::Roll);
    assert!(l[red] > 0.0 && (l[red] + l[yellow]).abs() < 1e-3, "{l:?}");
}
