//! The solitaire ending (`bots::ending`): its expected turns against figures worked out
//! independently, its choices, and the expert's use of it.

use std::collections::HashMap;

use ludo_core::Engine;
use ludo_core::bots::Bot;
use ludo_core::bots::ending::Ending;
use ludo_core::bots::expert::ExpertBot;
use ludo_core::game::SplitMix;
use ludo_core::moves::{Input, MoveList};
use ludo_core::position::{PIECES, Position};
use ludo_core::rules::{PRESETS, Rules, ThreeSixes};
use ludo_core::turn::Phase;

/// A two-seat game of `engine` where the first seat, to move, has its pieces `left` squares
/// from home (0: home) and the second seat has all its pieces in the yard.
fn ending(engine: &Engine, left: [u8; PIECES]) -> Position {
    let colours = engine.board.seat_colours(2).expect("two seats");
    let mut pos = engine.start_position(&colours);
    let home = engine.board.home.expect("a board with a home");
    pos.pieces[0] = left.map(|d| home - d);
    engine.refresh_squares(&mut pos);
    pos
}

/// The expected rolls a seat needs to bring home pieces `left` squares from home when
/// every roll is a turn of its own: a roll moves one piece by exactly its value or is lost,
/// E = (6 + the sum over usable rolls of the best E after them) / the usable rolls.
fn rolls_to_finish(left: &[u8], memo: &mut HashMap<Vec<u8>, f64>) -> f64 {
    let mut state: Vec<u8> = left.iter().copied().filter(|&d| d > 0).collect();
    state.sort_unstable();
    if state.is_empty() {
        return 0.0;
    }
    if let Some(&e) = memo.get(&state) {
        return e;
    }
    let (mut sum, mut usable) = (0.0, 0.0);
    for roll in 1..=6 {
        let best = (0..state.len())
            .filter(|&i| state[i] >= roll)
            .map(|i| {
                let mut next = state.clone();
                next[i] -= roll;
                rolls_to_finish(&next, memo)
            })
            .fold(f64::INFINITY, f64::min);
        if best.is_finite() {
            sum += best;
            usable += 1.0;
        }
    }
    let e = (6.0 + sum) / usable;
    memo.insert(state, e);
    e
}

#[test]
fn a_last_piece_one_square_from_home_hands_the_dice_on_173_43rds_times() {
    // Classic: a 1 brings it home; a 6 gives another roll, and a third six is burnt. A turn
    // brings it home with chance (1 + 1/6 + 1/36) / 6 = 43/216, so the turns it ends
    // without doing so number (1 - p) / p = 173/43 on average.
    let engine = Engine::preset("classic").expect("classic");
    let mut solver = Ending::new();
    let pos = ending(&engine, [1, 0, 0, 0]);
    let turns = solver.turns_to_finish(&engine, &pos).expect("an ending");
    assert!((turns - 173.0 / 43.0).abs() < 1e-3, "{turns}");
    // Two squares from home with a 1 to play: the move ends the turn, which counts.
    let pos = ending(&engine, [2, 0, 0, 0]);
    let mut list = MoveList::default();
    engine.legal_moves(&pos, Input::Roll(1), &mut list);
    let costs = solver
        .move_costs(&engine, &pos, Input::Roll(1), list.as_slice())
        .expect("an ending");
    assert_eq!(costs.len(), 1);
    assert!((costs[0] - 216.0 / 43.0).abs() < 1e-3, "{costs:?}");
}

#[test]
fn without_extra_rolls_every_choice_matches_an_independent_count_of_rolls() {
    // With no extra roll on a six, every roll is a turn, so a move's cost is the number of
    // rolls still needed after it, which `rolls_to_finish` counts without the engine. Every
    // state of two and three pieces in the home column, every roll, every move.
    let mut rules = Rules::preset("classic").expect("classic");
    rules.extra_roll_on_six = false;
    rules.three_sixes = ThreeSixes::None;
    let engine = Engine::new(rules).expect("rules");
    let home = engine.board.home.expect("home");
    let column = home - engine.board.last_track - 1;
    let mut solver = Ending::new();
    let mut expert = ExpertBot::default();
    // The same expert searching these choices: it errs on some, so this test tells an
    // expert that plays them exactly from one that does not.
    let mut searcher = ExpertBot::default().without_exact_ending();
    let mut memo = HashMap::new();
    let (mut checked, mut choices, mut search_errs) = (0, 0, 0);
    let mut list = MoveList::default();
    for a in 1..=column {
        for b in a..=column {
            for c in [0, b, column] {
                let left = [a, b, c, 0];
                let pos = ending(&engine, left);
                for roll in 1..=6 {
                    engine.legal_moves(&pos, Input::Roll(roll), &mut list);
                    let Some(costs) =
                        solver.move_costs(&engine, &pos, Input::Roll(roll), list.as_slice())
                    else {
                        panic!("{left:?} is an ending");
                    };
                    let expected: Vec<f64> = list
                        .as_slice()
                        .iter()
                        .map(|m| {
                            let mut after = left;
                            after[m.piece as usize] = home - m.to;
                            rolls_to_finish(&after, &mut memo)
                        })
                        .collect();
                    for (got, want) in costs.iter().zip(&expected) {
                        assert!(
                            (f64::from(*got) - want).abs() < 1e-3,
                            "{left:?}, roll {roll}: {costs:?} against {expected:?}"
                        );
                        checked += 1;
                    }
                    let best = expected.iter().copied().fold(f64::INFINITY, f64::min);
                    let second = expected
                        .iter()
                        .copied()
                        .filter(|&e| e > best + 1e-3)
                        .fold(f64::INFINITY, f64::min);
                    if second.is_finite() {
                        let pick = expert.choose(&engine, &pos, Input::Roll(roll), &list);
                        assert!(
                            expected[pick] <= best + 1e-3,
                            "{left:?}, roll {roll}: the expert took move {pick} of {expected:?}"
                        );
                        choices += 1;
                        let searched = searcher.choose(&engine, &pos, Input::Roll(roll), &list);
                        search_errs += usize::from(expected[searched] > best + 1e-3);
                    }
                }
            }
        }
    }
    assert!(checked > 200, "{checked} costs checked");
    assert!(choices > 20, "{choices} real choices checked");
    assert!(
        search_errs > 0,
        "the search alone erred on none of {choices} choices"
    );
}

#[test]
fn the_ending_waits_until_every_piece_is_in_the_home_column() {
    let engine = Engine::preset("classic").expect("classic");
    let mut pos = ending(&engine, [3, 2, 0, 0]);
    assert!(Ending::applies(&engine, &pos, 0));
    // One piece still on the last square of the track: opponents can reach it.
    pos.pieces[0][2] = engine.board.last_track;
    engine.refresh_squares(&mut pos);
    assert!(!Ending::applies(&engine, &pos, 0));
    let mut list = MoveList::default();
    engine.legal_moves(&pos, Input::Roll(1), &mut list);
    assert!(list.len() >= 2);
    let mut solver = Ending::new();
    assert_eq!(solver.choose(&engine, &pos, Input::Roll(1), &list), None);
    assert_eq!(solver.turns_to_finish(&engine, &pos), None);
    // Nor has a seat whose pieces are all home.
    let done = ending(&engine, [0, 0, 0, 0]);
    assert!(!Ending::applies(&engine, &done, 0));
}

/// Plays out the ending of the seat to move in `pos` alone, choosing by `solver`, and
/// returns how many turns it ended without bringing its last piece home.
fn play_out(engine: &Engine, solver: &mut Ending, start: &Position, dice: &mut SplitMix) -> u32 {
    let mut pos = *start;
    let seat = pos.turn as usize;
    let mut list = MoveList::default();
    let mut input = Input::Roll(dice.below(6) as u8 + 1);
    let mut spent = 0;
    for _ in 0..10_000 {
        engine.legal_moves(&pos, input, &mut list);
        let pick = solver.choose(engine, &pos, input, &list).unwrap_or(0);
        let step = engine.play(&mut pos, input, list.get(pick));
        if pos.is_finished(seat) {
            return spent;
        }
        input = match step.phase {
            Phase::Bonus(n) => Input::Bonus(n),
            Phase::Roll if pos.turn as usize == seat => Input::Roll(dice.below(6) as u8 + 1),
            _ => {
                spent += 1;
                pos.turn = seat as u8;
                pos.sixes = 0;
                pos.last_moved = ludo_core::position::NO_PIECE;
                pos.tries = 0;
                Input::Roll(dice.below(6) as u8 + 1)
            }
        };
    }
    panic!("the ending did not finish");
}

#[test]
fn on_every_preset_played_out_endings_take_the_turns_the_solver_expects() {
    // The mean over 2,000 endings played out with real dice, within four standard errors
    // of the solver's figure, on every preset that has such an ending.
    let mut presets = 0;
    for preset in PRESETS {
        let engine = Engine::preset(preset).expect("preset");
        let Some(home) = engine.board.home else {
            continue; // goal fields: finishing is entering them (Mensch)
        };
        let column = home - engine.board.last_track - 1;
        // Pieces spread over the home column, the furthest on one square short of home.
        let left: [u8; PIECES] = std::array::from_fn(|i| (i as u8 + 1).min(column));
        let start = ending(&engine, left);
        assert!(Ending::applies(&engine, &start, 0), "{preset}: {left:?}");
        let mut solver = Ending::new();
        let expected = f64::from(solver.turns_to_finish(&engine, &start).expect("solvable"));
        let mut dice = SplitMix(11);
        let runs = 2_000;
        let spent: Vec<f64> = (0..runs)
            .map(|_| f64::from(play_out(&engine, &mut solver, &start, &mut dice)))
            .collect();
        let mean = spent.iter().sum::<f64>() / runs as f64;
        let var = spent.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / (runs - 1) as f64;
        let se = (var / runs as f64).sqrt();
        assert!(
            (mean - expected).abs() < 4.0 * se,
            "{preset}: played {mean:.3} ± {se:.3}, solver {expected:.3}"
        );
        presets += 1;
    }
    assert!(presets >= 5, "{presets} presets checked");
}
