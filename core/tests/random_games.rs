//! Property test: seeded random games on every preset keep the invariants of the rules
//! after every step, and every game ends with a full ranking.

use ludo_core::dice::Seed;
use ludo_core::game::{Game, SplitMix};
use ludo_core::moves::{Input, MoveList};
use ludo_core::position::{PIECES, Place, YARD};
use ludo_core::rules::{PRESETS, SameColourLanding};
use ludo_core::{Engine, Phase};
use proptest::prelude::*;

fn check_invariants(engine: &Engine, game: &Game) -> Result<(), TestCaseError> {
    let pos = &game.position;
    let max = engine.board.max_progress();
    let mut on_squares: Vec<(Place, usize)> = Vec::new();
    for seat in pos.seats() {
        for piece in 0..PIECES {
            let p = pos.pieces[seat][piece];
            prop_assert!(p == YARD || p <= max, "piece past home: {p}");
            let place = engine.place(pos, seat, piece);
            if matches!(place, Place::Track(_) | Place::Column(..)) {
                on_squares.push((place, seat));
            }
        }
    }
    for (i, (place, seat)) in on_squares.iter().enumerate() {
        let same: Vec<_> = on_squares.iter().filter(|(p, _)| p == place).collect();
        if let Some(cap) = engine.rules.capacity {
            prop_assert!(same.len() <= cap as usize, "capacity exceeded at {place:?}");
        }
        if engine.rules.same_colour_landing == SameColourLanding::Forbidden {
            let own = on_squares
                .iter()
                .filter(|(p, s)| p == place && s == seat)
                .count();
            prop_assert!(own == 1, "two own pieces on {place:?} (entry {i})");
        }
        if let Place::Track(sq) = place
            && !engine.is_safe(*sq)
            && engine.rules.capacity.is_none()
        {
            // Outside safe squares, a square never holds two colours.
            prop_assert!(same.iter().all(|(_, s)| s == seat), "two colours on {sq}");
        }
    }
    Ok(())
}

fn play_checked(preset: &str, seats: usize, seed: u64) -> Result<(), TestCaseError> {
    let engine = Engine::preset(preset).expect("preset");
    let colours = engine.board.seat_colours(seats).expect("seating");
    let mut game = Game::new(&engine, &colours, &Seed::from_u64(seed));
    let mut pick = SplitMix(seed);
    let mut list = MoveList::default();
    let mut steps = 0;
    while let Some(input) = game.next_input() {
        steps += 1;
        prop_assert!(steps < 50_000, "the game does not end");
        engine.legal_moves(&game.position, input, &mut list);
        if let Input::Bonus(_) = input {
            prop_assert!(!list.is_empty(), "a bonus phase with no legal move");
        }
        let mv = if list.is_empty() {
            None
        } else {
            list.get(pick.below(list.len())).copied()
        };
        if let Some(m) = mv
            && m.captures != 0
            && !m.is_enter()
        {
            let colour = game.position.seat_colour[game.position.turn as usize] as usize;
            let sq = engine.board.track_square(colour, m.to);
            prop_assert!(
                m.to <= engine.board.last_track && !engine.is_safe(sq),
                "capture on a safe square"
            );
        }
        let step = game.play(&engine, input, mv.as_ref());
        if let Phase::Bonus(_) = step.phase {
            prop_assert_eq!(
                step.seat,
                game.position.turn,
                "a bonus belongs to the mover"
            );
        }
        check_invariants(&engine, &game)?;
    }
    prop_assert_eq!(game.phase, Phase::Over);
    let mut places = engine.places(&game.position);
    prop_assert_eq!(places.len(), seats);
    places.sort();
    prop_assert_eq!(places, (0..seats).collect::<Vec<_>>());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>(), preset in 0..PRESETS.len(), seats in 2usize..=6) {
        let engine = Engine::preset(PRESETS[preset]).expect("preset");
        let seats = seats.min(engine.board.colours as usize);
        play_checked(PRESETS[preset], seats, seed)?;
    }
}

#[test]
fn thousands_of_classic_games_end_with_a_ranking() {
    for seed in 0..2000 {
        play_checked("classic", 2 + (seed as usize % 3), seed).expect("classic game");
    }
}
