//! The expert's value networks: the built-in ones are well formed, their files and packed
//! form read back or say what is wrong, their inputs and chances mean what they say, and
//! the expert thinks with one exactly where the library has one.

mod bot_case;

use bot_case::Case;
use ludo_core::bots::net;
use ludo_core::dice::Seed;
use ludo_core::game::Game;
use ludo_core::moves::{Input, MoveList};
use ludo_core::rules::Rules;
use ludo_core::{Engine, Phase};
use serde_json::json;

/// The presets and seat counts the library has no network for, where the expert plays on
/// its hand evaluation: three seats of Mensch, where a network gained nothing outside the
/// noise (docs/bot-experiments.md).
const WITHOUT_NETWORK: [(&str, usize); 1] = [("mensch", 3)];

/// Four seats of classic: red is three pieces home and one near, the others just out.
fn four_seat_race() -> Case {
    Case::new(
        json!({
            "rules": "classic",
            "seats": ["red", "green", "yellow", "blue"],
            "pieces": {
                "red": ["home", "home", "home", 50],
                "green": [3, "yard", "yard", "yard"],
                "yellow": [5, "yard", "yard", "yard"],
                "blue": [1, 2, "yard", "yard"],
            },
        }),
        Input::Roll(1),
    )
}

/// The opening position of `rules` with these seats, a six to play.
fn opening(rules: serde_json::Value, seats: &[&str]) -> Case {
    let pieces: serde_json::Map<String, serde_json::Value> = seats
        .iter()
        .map(|s| (s.to_string(), json!(["yard", "yard", "yard", "yard"])))
        .collect();
    Case::new(
        json!({"rules": rules, "seats": seats, "pieces": pieces}),
        Input::Roll(6),
    )
}

#[test]
fn the_value_network_is_built_in_and_well_formed() {
    let net = net::built_in("classic", 4).expect("the built-in network loads");
    assert_eq!(net.check(), Ok(()));
    assert!(net.threats, "the built-in network sees the pieces' danger");
    let mut broken = (*net).clone();
    broken.w2.pop();
    let error = broken.check().expect_err("a short w2 is refused");
    assert_eq!(error.field, "w2");
    assert!(error.to_string().contains("w2"), "{error}");
    let mut absurd = (*net).clone();
    absurd.slots = usize::MAX;
    assert_eq!(absurd.check().map_err(|e| e.field), Err("w1"));

    // Every network in the table loads, is made for the preset and seats it is listed
    // under, and sees the pieces' danger.
    for (preset, seats, _) in net::BUILT_IN {
        let built = net::built_in(preset, seats).expect("a built-in network loads");
        assert_eq!((built.preset.as_str(), built.seats), (preset, seats));
        assert_eq!(built.check(), Ok(()));
        assert!(built.threats, "{preset} {seats}");
    }
    assert!(net::built_in("classic", 5).is_none());
    assert!(net::built_in("no_such_preset", 2).is_none());

    // Each network gets the partners listed for it, and only those.
    for (preset, seats, _) in net::BUILT_IN {
        let built = net::built_in(preset, seats).expect("a built-in network loads");
        let listed = net::PARTNERS
            .iter()
            .filter(|&&(p, s, _)| (p, s) == (preset, seats))
            .count();
        assert_eq!(built.partners.len(), listed, "{preset} {seats}");
    }
    assert_eq!(
        net.partners.len(),
        2,
        "classic, four seats: an ensemble of three"
    );
    // A partner that reads other points of view is refused, and says how it differs.
    let mut odd = (*net).clone();
    odd.partners[1].slots += 1;
    let error = odd
        .check()
        .expect_err("a partner with other slots is refused");
    assert_eq!(error.field, "partner's slots");
    odd.partners[1] = net::Net::new("classic", 4, net.slots, 8, 1, false);
    let error = odd
        .check()
        .expect_err("a partner without danger inputs is refused");
    assert_eq!(error.field, "partner's danger inputs");

    let two = net::built_in("classic", 2).expect("the built-in two-seat network loads");
    // The seat count sizes the weights: the two-seat weights do not make a three-seat
    // network, and no network is made for more seats than the views hold.
    let mut three = (*two).clone();
    three.seats = 3;
    assert_eq!(three.check().map_err(|e| e.field), Err("w1"));
    three.seats = 7;
    assert_eq!(three.check().map_err(|e| e.field), Err("seats"));
}

#[test]
fn a_network_file_reads_back_as_itself_and_a_bad_one_says_why() {
    let net = net::built_in("classic", 4).expect("the built-in network loads");
    let text = serde_json::to_string(&*net).expect("a network writes as JSON");
    // A file holds one network: the partners are not written, and the rest reads back.
    let mut alone = (*net).clone();
    alone.partners.clear();
    assert_eq!(net::Net::from_json(&text).expect("reads back"), alone);

    let cut = &text[..text.len() / 2];
    let error = net::Net::from_json(cut).expect_err("half a file is refused");
    assert!(matches!(error, net::NetLoadError::Json(_)), "{error}");
    assert!(
        error.to_string().starts_with("not a network's JSON"),
        "{error}"
    );

    let mut short = (*net).clone();
    short.b1.pop();
    let text = serde_json::to_string(&short).expect("JSON");
    let error = net::Net::from_json(&text).expect_err("a short b1 is refused");
    assert!(
        matches!(error, net::NetLoadError::Shape(ref e) if e.field == "b1"),
        "{error}"
    );
    assert!(error.to_string().contains("b1"), "{error}");
}

#[test]
fn a_packed_network_unpacks_to_the_same_weights_and_a_damaged_one_says_what_is_wrong() {
    // The built-in networks are packed compact, in 16 or 8 bits: they unpack and pack again
    // to the same bytes.
    for (preset, seats, packed) in net::BUILT_IN.iter().chain(&net::PARTNERS) {
        let precision = net::Precision::of_packed(packed);
        assert!(
            matches!(
                precision,
                Some(net::Precision::Bits16 | net::Precision::Bits8)
            ),
            "{preset} {seats} is packed compact, not {precision:?}"
        );
        let built = net::Net::unpack(packed).expect("a built-in network unpacks");
        let again = built.pack_in(precision.expect("checked above"));
        assert_eq!(again, *packed, "{preset} {seats}");
        assert_eq!((built.preset.as_str(), built.seats), (*preset, *seats));
    }
    // The exact form keeps every weight, odd values included.
    let mut net = net::Net::new("mensch", 3, 12, 5, 9, true);
    net.w2 = vec![-0.1, 1e-30, f32::MIN_POSITIVE, 3.5, -0.0];
    net.v = 0.123_456_79;
    net.b2 = -2.5e-7;
    let exact = net.pack_exact();
    assert_eq!(exact[7], 1);
    assert_eq!(net::Net::unpack(&exact).expect("unpacks"), net);

    let refused = |bytes: &[u8], says: &str| {
        let error = net::Net::unpack(bytes).expect_err("refused");
        assert!(matches!(error, net::NetLoadError::Packed(_)), "{error}");
        assert!(error.to_string().contains(says), "{error}");
    };
    let packed = net.pack();
    let small = net.pack_in(net::Precision::Bits8);
    assert_eq!(small[7], 3);
    for bytes in [&exact, &packed, &small] {
        refused(b"{\"slots\": 59}", "mark");
        refused(&bytes[..10], "header");
        refused(&bytes[..bytes.len() - 4], "weights");
        refused(&bytes[..bytes.len() - 1], "weights");
        let mut longer = bytes.clone();
        longer.extend(1f32.to_le_bytes());
        refused(&longer, "weights");
        // A header that disagrees with itself is refused by the shape check.
        let mut seven = bytes.clone();
        seven[8] = 7;
        assert!(net::Net::unpack(&seven).is_err());
        let mut future = bytes.clone();
        future[7] = 4;
        refused(&future, "format version 4");
    }
    // A compact row whose power of two is out of f32's normal range is refused, by input.
    let header = 15 + "mensch".len();
    let row = 1 + 2 * net.hidden;
    let mut scaled = packed.clone();
    scaled[header + 2 * row] = (-127i8) as u8;
    refused(&scaled, "input 2's scale 2^-127");
    let mut scaled = small.clone();
    scaled[header + 3 * (1 + net.hidden)] = (-128i8) as u8;
    refused(&scaled, "input 3's scale 2^-128");
}

#[test]
fn a_compact_network_keeps_each_input_weight_within_a_32767th_or_a_127th_of_its_row() {
    let mut net = net::Net::new("classic", 4, 59, 16, 3, true);
    // Rows of very different sizes, a row of zeros and an odd value in each.
    for (i, row) in net.w1.chunks_mut(16).enumerate() {
        let size = [1e-3f32, 0.5, 7.0, 0.0][i % 4];
        for (j, w) in row.iter_mut().enumerate() {
            *w = size * ((j as f32 * 0.37).sin() + if j == 5 { 1.0 / 3.0 } else { 0.0 });
        }
    }
    net.b1 = (0..16).map(|j| j as f32 / 7.0).collect();
    net.v = 0.123_456_79;
    let exact = net.pack_exact().len();
    for (precision, steps, share) in [
        (net::Precision::Bits16, 32_767.0, 11),
        (net::Precision::Bits8, 127.0, 6),
    ] {
        let packed = net.pack_in(precision);
        assert!(
            packed.len() * 20 < exact * share,
            "{precision:?}: {} bytes against {exact}",
            packed.len()
        );
        let back = net::Net::unpack(&packed).expect("unpacks");
        let mut moved = 0;
        for (row, back_row) in net.w1.chunks(16).zip(back.w1.chunks(16)) {
            let largest = row.iter().fold(0f32, |a, w| a.max(w.abs()));
            for (w, b) in row.iter().zip(back_row) {
                assert!((w - b).abs() <= largest / steps, "{w} came back as {b}");
                moved += usize::from(w != b);
            }
            if largest == 0.0 {
                assert!(back_row.iter().all(|b| *b == 0.0));
            }
        }
        assert!(moved > 0, "{precision:?} rounds most weights");
        // Everything but the input weights is exact, and packing again changes nothing.
        assert_eq!(
            (&back.b1, &back.w2, back.v, back.b2),
            (&net.b1, &net.w2, net.v, net.b2)
        );
        assert_eq!(back.pack_in(precision), packed);
    }
}

#[test]
fn danger_inputs_start_silent_and_then_mark_the_piece_in_reach() {
    use ludo_core::bots::eval::{Evaluator, Weights};
    // Red's piece on square 10 is three squares ahead of green's on square 7 (progress
    // 13 + 46 - 52); neither square is safe.
    let Case { engine, pos, .. } = Case::new(
        json!({
            "rules": "classic",
            "seats": ["red", "green", "yellow", "blue"],
            "pieces": {
                "red": [10, "yard", "yard", "yard"],
                "green": [46, "yard", "yard", "yard"],
                "yellow": ["yard", "yard", "yard", "yard"],
                "blue": ["yard", "yard", "yard", "yard"],
            },
        }),
        Input::Roll(1),
    );
    let mut eval = Evaluator::new(Weights::default());
    eval.prepare(&engine);
    let (worth, danger) = eval.worth_and_danger(&engine, &pos, Phase::Roll);
    assert!(danger[0][0] > 0.1, "green hits red with a 3: {danger:?}");
    assert_eq!(danger[1][0], 0.0, "nothing is behind green: {danger:?}");
    assert_eq!(danger[0][1], 0.0, "a piece in the yard is safe");

    let slots = engine.board.max_progress() as usize + 2;
    let mut plain = net::Net::new("classic", 4, slots, 8, 3, false);
    plain.w2 = vec![0.3; 8];
    let with = plain.with_threats();
    assert!(with.threats && with.check().is_ok());
    let before = plain.chances(&pos, &worth, &danger, 0).expect("fits");
    assert_eq!(with.chances(&pos, &worth, &danger, 0), Some(before));

    // Once the danger inputs of a seat's own pieces carry weight, red's threatened piece
    // moves red's chance, and a board without danger still scores as before. The danger
    // rows follow the old inputs, a block for each seat in the viewer's order.
    let mut trained = with.clone();
    let first = plain.w1.len();
    let own = (trained.w1.len() - first) / 4;
    trained.w1[first..first + own]
        .iter_mut()
        .for_each(|w| *w = 1.0);
    let after = trained.chances(&pos, &worth, &danger, 0).expect("fits");
    assert!(after[0] > before[0], "{before:?} then {after:?}");
    let calm = [[0f32; 4]; ludo_core::position::MAX_SEATS];
    assert_eq!(
        trained.chances(&pos, &worth, &calm, 0),
        plain.chances(&pos, &worth, &calm, 0)
    );
}

#[test]
fn an_ensemble_gives_the_mean_of_its_members_chances() {
    use ludo_core::bots::eval::{Evaluator, Weights};
    let Case { engine, pos, .. } = four_seat_race();
    let mut eval = Evaluator::new(Weights::default());
    eval.prepare(&engine);
    let (worth, danger) = eval.worth_and_danger(&engine, &pos, Phase::Roll);
    let ensemble = net::built_in("classic", 4).expect("the built-in network loads");
    let members: Vec<net::Net> = std::iter::once({
        let mut alone = (*ensemble).clone();
        alone.partners.clear();
        alone
    })
    .chain(ensemble.partners.iter().cloned())
    .collect();
    let each: Vec<[f32; net::SEATS]> = members
        .iter()
        .map(|m| m.chances(&pos, &worth, &danger, 0).expect("fits"))
        .collect();
    let mean = ensemble.chances(&pos, &worth, &danger, 0).expect("fits");
    for seat in 0..4 {
        let expected = each.iter().map(|c| c[seat]).sum::<f32>() / each.len() as f32;
        assert!(
            (mean[seat] - expected).abs() < 1e-6,
            "{mean:?} against {each:?}"
        );
    }
    assert!((mean.iter().sum::<f32>() - 1.0).abs() < 1e-5, "{mean:?}");
    // The members were trained apart and do not agree to the last digit, so the mean is
    // not any one of them.
    assert!(each.iter().all(|c| *c != mean), "{mean:?} against {each:?}");
}

#[test]
fn a_network_file_without_danger_inputs_seats_or_preset_still_reads() {
    let slots = 59;
    let old = net::Net::new("classic", 4, slots, 4, 1, false);
    let mut value = serde_json::to_value(&old).expect("JSON");
    let fields = value.as_object_mut().expect("object");
    fields.remove("threats");
    fields.remove("seats");
    fields.remove("preset");
    let back = net::Net::from_json(&value.to_string()).expect("an older file reads");
    assert!(!back.threats);
    assert_eq!(
        back.seats, 4,
        "files from before two-seat networks are four-seat ones"
    );
    assert_eq!(back.preset, "classic");
    assert_eq!(back, old);
}

#[test]
fn the_value_network_is_used_only_on_the_rules_it_was_trained_on() {
    let case = four_seat_race();
    assert!(net::for_game(&case.engine, &case.pos).is_some());

    // The network each opening is played with: its preset and seats, if any.
    let network = |rules: serde_json::Value, seats: &[&str]| {
        let case = opening(rules, seats);
        net::for_game(&case.engine, &case.pos).map(|n| (n.preset.clone(), n.seats))
    };
    let named = |preset: &str, seats| Some((preset.to_string(), seats));
    let (two, three) = (["red", "yellow"], ["red", "green", "yellow"]);
    let four = ["red", "green", "yellow", "blue"];
    let six = ["red", "green", "yellow", "blue", "gray", "fuchsia"];
    let colours = |seats: usize| match seats {
        2 => &two[..],
        3 => &three[..],
        4 => &four[..],
        _ => &six[..seats],
    };
    // Each game gets its own preset's network, never one of another preset.
    for (preset, seats, _) in net::BUILT_IN {
        assert_eq!(network(json!(preset), colours(seats)), named(preset, seats));
    }
    // Where the library has none, no other preset's or seat count's is taken instead.
    for (preset, seats) in WITHOUT_NETWORK {
        let taken = network(json!(preset), colours(seats));
        assert_eq!(taken, None, "{preset}, {seats} seats");
    }
    let changed = json!({"preset": "classic", "options": {"safe_stars": false}});
    assert_eq!(network(changed, &four), None, "an option changed");
    // Stopping at the first winner changes nothing before it.
    let first = json!({"preset": "classic", "options": {"stop_at_first_winner": true}});
    assert_eq!(network(first, &four), named("classic", 4));

    let mut after_first = four_seat_race().pos;
    after_first.finished[0] = 2;
    after_first.finished_count = 1;
    assert!(
        net::for_game(&case.engine, &after_first).is_none(),
        "a seat has finished: the race for places is not what it learned"
    );
}

#[test]
fn the_value_network_gives_chances_that_favour_the_seat_ahead() {
    use ludo_core::bots::eval::{Evaluator, Weights};
    let Case { engine, pos, .. } = four_seat_race();
    let mut eval = Evaluator::new(Weights::default());
    eval.prepare(&engine);
    // Played for blue, the last seat: the network still sees red far ahead.
    eval.use_net(net::for_game(&engine, &pos), 3);
    let u = eval.evaluate(&engine, &pos, Phase::Roll);
    assert!((u[..4].iter().sum::<f32>() - 100.0).abs() < 1e-3, "{u:?}");
    assert!(u[0] > 80.0, "red is nearly home: {u:?}");
    assert!(u[1..4].iter().all(|&c| c > 0.0 && c < u[0] / 4.0), "{u:?}");

    // Once a seat has finished, the winner is certain.
    let mut won = pos;
    won.finished[0] = 1;
    won.finished_count = 1;
    let u = eval.evaluate(&engine, &won, Phase::Roll);
    assert_eq!(&u[..4], &[0.0, 100.0, 0.0, 0.0]);
}

#[test]
fn the_two_seat_network_gives_chances_to_the_two_seats_only() {
    use ludo_core::bots::eval::{Evaluator, Weights};
    let Case { engine, pos, .. } = Case::new(
        json!({
            "rules": "classic",
            "seats": ["red", "yellow"],
            "pieces": {
                "red": ["home", "home", "home", 50],
                "yellow": [3, "yard", "yard", "yard"],
            },
        }),
        Input::Roll(1),
    );
    let mut eval = Evaluator::new(Weights::default());
    eval.prepare(&engine);
    eval.use_net(net::for_game(&engine, &pos), 1);
    let u = eval.evaluate(&engine, &pos, Phase::Roll);
    assert!((u[0] + u[1] - 100.0).abs() < 1e-3, "{u:?}");
    assert!(u[0] > 90.0, "red is one piece from home: {u:?}");
    assert!(u[2..].iter().all(|&c| c == 0.0), "no third seat: {u:?}");
}

#[test]
fn expert_with_four_seats_captures_the_piece_that_would_win() {
    // Four seats of classic, where the expert plays on its value network. Green's piece at
    // progress 48 stands on square 13 + 48 - 52 = 9, three squares ahead of red's piece at
    // 6; red could also walk its piece at 30. Green is one piece from home: capture it.
    let case = Case::new(
        json!({
            "rules": "classic",
            "seats": ["red", "green", "yellow", "blue"],
            "pieces": {
                "red": [6, 30, "yard", "yard"],
                "green": [48, "home", "home", "home"],
                "yellow": ["yard", "yard", "yard", "yard"],
                "blue": ["yard", "yard", "yard", "yard"],
            },
        }),
        Input::Roll(3),
    );
    assert!(net::for_game(&case.engine, &case.pos).is_some());
    assert_eq!(case.list.len(), 2);
    assert_eq!(case.picks(&["expert"]), vec![(6, 9)]);
}

#[test]
fn expert_thinks_with_a_network_where_the_library_has_one_only() {
    use ludo_core::bots::Bot;
    use ludo_core::bots::expert::ExpertBot;
    use ludo_core::game::SplitMix;
    // Positions from seeded games of random moves; at each decision the expert and the
    // same expert on its hand evaluation are asked. Where a built-in network fits the
    // preset and the seats it must change some choice; elsewhere it must change none.
    let differences = |engine: &Engine, seats: usize, decisions: usize| {
        let colours = engine.board.seat_colours(seats).expect("seating");
        let mut game = Game::new(engine, &colours, &Seed::from_u64(21));
        let mut pick = SplitMix(21);
        let mut list = MoveList::default();
        let (mut learned, mut hand) = (
            ExpertBot::default(),
            ExpertBot::default().on_hand_evaluation(),
        );
        let (mut asked, mut differ) = (0, 0);
        while let Some(input) = game.next_input() {
            engine.legal_moves(&game.position, input, &mut list);
            if list.len() >= 2 && game.position.finished_count == 0 {
                let a = learned.choose(engine, &game.position, input, &list);
                let b = hand.choose(engine, &game.position, input, &list);
                differ += usize::from(a != b);
                asked += 1;
                if asked == decisions || differ > 0 {
                    break;
                }
            }
            let index = pick.below(list.len().max(1));
            game.play(engine, input, list.get(index));
        }
        differ
    };
    for (preset, seats, _) in net::BUILT_IN {
        let engine = Engine::preset(preset).expect("preset");
        assert!(
            differences(&engine, seats, 200) > 0,
            "{preset}, {seats} seats"
        );
    }
    // Where the library has none, or a rule differs from the preset's, the expert plays on
    // its hand evaluation.
    for (preset, seats) in WITHOUT_NETWORK {
        let engine = Engine::preset(preset).expect("preset");
        let differ = differences(&engine, seats, 30);
        assert_eq!(differ, 0, "{preset}, {seats} seats");
    }
    let mut rules = Rules::preset("classic").expect("preset");
    rules.safe_stars = !rules.safe_stars;
    let changed = Engine::new(rules).expect("classic with its stars changed");
    assert_eq!(differences(&changed, 4, 30), 0, "classic, stars changed");
}

#[test]
fn every_preset_has_a_network_for_each_number_of_seats_it_takes_save_those_listed() {
    for preset in ludo_core::rules::PRESETS {
        let engine = Engine::preset(preset).expect("preset");
        for seats in 2..=net::SEATS {
            if engine.board.seat_colours(seats).is_none() {
                continue;
            }
            let expected = !WITHOUT_NETWORK.contains(&(preset, seats));
            assert_eq!(
                net::built_in(preset, seats).is_some(),
                expected,
                "{preset}, {seats} seats"
            );
        }
    }
}
