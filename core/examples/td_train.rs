//! Trains the value network of `ludo_core::bots::net` by TD(0) on games of one preset and
//! one number of seats (four seats of `classic` unless told), and tests one against random
//! movers.
//!
//! Train: `cargo run --release -p ludo-core --example td_train -- GAMES HIDDEN LR OUT.json
//! EPS OPPONENTS`. One seat, in turn, learns: it plays the move whose position the network
//! rates best (any legal move with chance EPS) and moves its estimates towards the next
//! position's, and towards the outcome at the end. OPPONENTS is what the other seats play:
//! `random` moves, the `medium` list, or `mix` (each seat, for a whole game, one or the
//! other, and the learner is not told which); without it every seat learns. The weights
//! are written to OUT.json every 5,000 games.
//!
//! Resume: two more arguments, `FROM.json FIRST`, start from the weights in FROM.json (HIDDEN
//! is then taken from the file) and number the games from FIRST, so that a run resumed after
//! N games plays new games rather than the first ones again.
//!
//! Danger inputs: `--danger`, anywhere among the arguments, gives a new network the danger
//! inputs of `Net::threats`, or adds them, with zero weights, to the network it resumes
//! from (which then scores as before until training moves them).
//!
//! Seats and rules: `--seats N` (2 to 6; 5 and 6 on `parchis6` only) and `--rules PRESET`,
//! anywhere among the arguments, train a new network on games of N seats of PRESET; a
//! network resumed from a file, or tested, keeps the seats and the preset it was made for.
//!
//! The built-in networks' JSON took these runs (then `pack`). `classic4.json` took three.
//! First `td_train -- 600000 64 0.003 base.json 0.05 mix` at commit 639fca5 (the network
//! without danger inputs, which is `core/src/bots/classic4.json` at commit 29376b8); then
//! `td_train -- --danger 300000 64 0.003 d300k.json 0.05 mix base.json 600000` and
//! `td_train -- --danger 300000 64 0.003 classic4.json 0.05 mix d300k.json 900000`, about 16
//! and 12 minutes. Training is deterministic; since e^x became portable
//! (`bots/portable.rs`) the first run gives other digits than at commit 639fca5, so the last
//! two start from the file in the history. Every other built-in network took one run,
//! `td_train -- --danger --seats N --rules PRESET 600000 64 0.003 PRESETN.json 0.05 mix`:
//! 3 to 7 minutes for two seats, 12 to 20 for three, 25 to 35 for four (39 and 69 for
//! `petits_chevaux`, whose games are the longest). The two partners of the
//! four-seat network (`net::PARTNERS`) each took one run from the built-in network, about
//! 9 minutes: `td_train -- --danger 300000 64 0.003 classic4_more.json 0.05 mix
//! core/src/bots/nets/classic4.net 1200000`, and the same with `random` in place of `mix`
//! for `classic4_random.json`. The `parchis6` networks (Dec 6) took
//! `td_train -- --danger --seats 2 --rules parchis6 600000 64 0.003 parchis6_2.json 0.05 mix`
//! (15 minutes beside other runs), and the same with `--seats 3`, `4`, `5` and `6` and
//! 300,000 games (17, 29, 43 and 64 minutes beside other runs; the more seats, the longer
//! the game). `ludo_blocks2` took a second run (Dec 6, thirteenth session), `td_train --
//! --danger 600000 64 0.003 ludo_blocks2_more.json 0.05 mix
//! core/src/bots/nets/ludo_blocks2.net 1000000`, then `pack --bits 8`.
//!
//! Pack: `… td_train -- pack NET.json NET.net` writes a network as the compact bytes the
//! library builds in (`Net::pack`: the input weights in 16 bits, about a sixth of the
//! JSON's size; with `--bits 8`, `Net::pack_in(Precision::Bits8)`, in 8 bits, half that).
//! The built-in networks are `core/src/bots/nets/PRESETN.net` (`PRESET_N.net` where the
//! preset's name ends in a digit), packed from the JSON that training wrote: `classic`'s in
//! 16 bits, the others in 8 since Dec 6 (repacked from their 16-bit files). It reads a
//! `.net` as well as JSON.
//!
//! Test: `… td_train -- test GAMES [NET.json]` plays GAMES games of a one-move greedy
//! player on the network (or on the hand utility without one) against random movers in
//! every other seat and prints its win rate.

use ludo_core::Engine;
use ludo_core::bots::eval::{Evaluator, Weights};
use ludo_core::bots::net::{Net, Precision, SEATS, View};
use ludo_core::dice::Seed;
use ludo_core::game::{Game, SplitMix};
use ludo_core::moves::MoveList;
use ludo_core::position::Position;
use ludo_core::turn::Phase;

/// Every seat's point of view on `pos`.
fn views(
    net: &Net,
    eval: &Evaluator,
    engine: &Engine,
    pos: &Position,
    phase: Phase,
    me: Option<usize>,
) -> [View; SEATS] {
    let (worth, danger) = eval.worth_and_danger(engine, pos, phase);
    net.views(pos, &worth, &danger, me)
        .expect("the training board fits the network")
}

/// Win rate of a greedy one-move player (the network's chances, or the hand race utility
/// when `net` is `None`) against random movers in the other `seats - 1` seats of `preset`,
/// each seat in turn.
fn test(net: Option<&Net>, preset: &str, seats: usize, games: u64) -> f64 {
    let engine = engine(preset, seats);
    let mut eval = Evaluator::new(Weights::default());
    eval.prepare(&engine);
    let net = net.cloned().map(std::sync::Arc::new);
    let colours = engine.board.seat_colours(seats).expect("seats");
    let mut list = MoveList::default();
    let mut pick = SplitMix(5);
    let mut wins = 0;
    let n = seats as u64;
    for g in 0..games {
        let me = (g % n) as usize;
        eval.use_net(net.clone(), me);
        let mut game = Game::new(&engine, &colours, &Seed::from_u64(g / n));
        while let Some(input) = game.next_input() {
            engine.legal_moves(&game.position, input, &mut list);
            let seat = game.position.turn as usize;
            let index = if list.len() < 2 {
                0
            } else if seat != me {
                pick.below(list.len())
            } else {
                let mut best = (0, f32::MIN);
                for (i, m) in list.as_slice().iter().enumerate() {
                    let mut child = game.position;
                    let step = engine.play(&mut child, input, Some(m));
                    let u = eval.evaluate(&engine, &child, step.phase)[me];
                    let u = if child.finished_count > 0 { 1e9 } else { u };
                    if u > best.1 {
                        best = (i, u);
                    }
                }
                best.0
            };
            game.play(&engine, input, list.get(index));
            if game.position.finished_count > 0 {
                wins += (game.position.finished[0] as usize == me) as u64;
                break;
            }
        }
    }
    wins as f64 / games as f64
}

/// The engine for `preset`, checked to seat `seats` (already limited to 2 to 6 by the
/// arguments or by the network); exits with a message if it cannot.
fn engine(preset: &str, seats: usize) -> Engine {
    let engine = Engine::preset(preset).unwrap_or_else(|e| {
        eprintln!("td_train: {e}");
        std::process::exit(2);
    });
    if engine.board.seat_colours(seats).is_none() {
        eprintln!("td_train: {preset} cannot seat {seats}");
        std::process::exit(2);
    }
    engine
}

/// Takes `name VALUE` out of the arguments and returns VALUE.
fn take_option(args: &mut Vec<String>, name: &str) -> Option<String> {
    let at = args.iter().position(|a| a == name)?;
    let Some(value) = args.get(at + 1).cloned() else {
        eprintln!("td_train: {name} wants a value");
        std::process::exit(2);
    };
    args.drain(at..at + 2);
    Some(value)
}

/// The network in the file `path`, its JSON or its packed bytes (a built-in network's
/// `.net` file); exits with a message if it cannot be used.
fn read_net(path: &str) -> Net {
    let net = std::fs::read(path)
        .map_err(|e| e.to_string())
        .and_then(|bytes| match std::str::from_utf8(&bytes) {
            Ok(text) if text.trim_start().starts_with('{') => {
                Net::from_json(text).map_err(|e| e.to_string())
            }
            _ => Net::unpack(&bytes).map_err(|e| e.to_string()),
        });
    net.unwrap_or_else(|e| {
        eprintln!("td_train: cannot read the network {path}: {e}");
        std::process::exit(2);
    })
}

/// What the seats other than the learner play.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Opponents {
    /// Every seat learns.
    SelfPlay,
    /// Random moves.
    Random,
    /// The `medium` priority list.
    Medium,
    /// Each seat, for a whole game, random moves or the medium list (even chances).
    Mix,
}

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let threats = args.iter().any(|a| a == "--danger");
    args.retain(|a| a != "--danger");
    let seats = match take_option(&mut args, "--seats").as_deref() {
        None => 4,
        Some(n @ ("2" | "3" | "4" | "5" | "6")) => n.parse().unwrap_or(4),
        Some(other) => {
            eprintln!("td_train: --seats must be 2 to 6, not {other:?}");
            std::process::exit(2);
        }
    };
    let preset = take_option(&mut args, "--rules").unwrap_or_else(|| "classic".into());
    let precision = match take_option(&mut args, "--bits").as_deref() {
        None | Some("16") => Precision::Bits16,
        Some("8") => Precision::Bits8,
        Some(other) => {
            eprintln!("td_train: --bits must be 16 or 8, not {other:?}");
            std::process::exit(2);
        }
    };
    if args.get(1).is_some_and(|a| a == "pack") {
        let (Some(from), Some(to)) = (args.get(2), args.get(3)) else {
            eprintln!("td_train: pack wants a network's JSON and the file to write");
            std::process::exit(2);
        };
        let net = read_net(from);
        if let Err(e) = std::fs::write(to, net.pack_in(precision)) {
            eprintln!("td_train: cannot write {to}: {e}");
            std::process::exit(2);
        }
        return;
    }
    if args.get(1).is_some_and(|a| a == "test") {
        let games = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4000);
        let net: Option<Net> = args.get(3).map(|p| read_net(p));
        let (preset, seats) = net
            .as_ref()
            .map_or((preset, seats), |n| (n.preset.clone(), n.seats));
        println!("{:.1}%", 100.0 * test(net.as_ref(), &preset, seats, games));
        return;
    }
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let hidden: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(32);
    let lr: f32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(0.01);
    let out = args.get(4).cloned().unwrap_or_else(|| "net.json".into());
    let eps: f32 = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(0.05);
    let opponents = match args.get(6).map(String::as_str) {
        None => Opponents::SelfPlay,
        Some("random") => Opponents::Random,
        Some("medium") => Opponents::Medium,
        Some("mix") => Opponents::Mix,
        Some(other) => {
            eprintln!("td_train: opponents must be random, medium or mix, not {other:?}");
            std::process::exit(2);
        }
    };
    let one_learner = opponents != Opponents::SelfPlay;
    let mut medium = ludo_core::bots::medium::MediumBot;
    let mut net = match args.get(7) {
        Some(from) if threats => read_net(from).with_threats(),
        Some(from) => read_net(from),
        None => {
            let slots = engine(&preset, seats).board.max_progress() as usize + 2;
            Net::new(&preset, seats, slots, hidden, 7, threats)
        }
    };
    let seats = net.seats;
    let engine = engine(&net.preset, seats);
    let mut eval = Evaluator::new(Weights::default());
    eval.prepare(&engine);
    let n = seats as u64;
    let first: u64 = args.get(8).and_then(|a| a.parse().ok()).unwrap_or(0);
    let mut list = MoveList::default();
    let mut pick = SplitMix(99 ^ first);
    let mut td_loss = 0.0f64;
    let mut end_loss = 0.0f64;
    let mut steps = 0u64;
    let colours = engine.board.seat_colours(seats).expect("seats");
    let start = std::time::Instant::now();
    for g in first..first + games {
        let mut game = Game::new(&engine, &colours, &Seed::from_u64(1_000_000 + g));
        let mut prev: Option<[View; SEATS]> = None;
        let me = one_learner.then_some((g % n) as usize);
        let medium_seats: [bool; SEATS] = std::array::from_fn(|_| match opponents {
            Opponents::Medium => true,
            Opponents::Mix => pick.below(2) == 0,
            Opponents::SelfPlay | Opponents::Random => false,
        });
        while let Some(input) = game.next_input() {
            engine.legal_moves(&game.position, input, &mut list);
            let seat = game.position.turn as usize;
            let mut chosen: Option<(usize, [View; SEATS], [f32; SEATS])> = None;
            let learner = !one_learner || seat as u64 == g % n;
            if learner && list.len() >= 2 && (pick.below(1000) as f32) >= eps * 1000.0 {
                for (i, m) in list.as_slice().iter().enumerate() {
                    let mut child = game.position;
                    let step = engine.play(&mut child, input, Some(m));
                    if child.finished_count > 0 {
                        let mut p = [0f32; SEATS];
                        p[child.finished[0] as usize] = 1.0;
                        let v = views(&net, &eval, &engine, &child, step.phase, me);
                        if chosen.as_ref().is_none_or(|c| p[seat] > c.2[seat]) {
                            chosen = Some((i, v, p));
                        }
                        continue;
                    }
                    let v = views(&net, &eval, &engine, &child, step.phase, me);
                    let p = net.chances_of(&v);
                    if chosen.as_ref().is_none_or(|c| p[seat] > c.2[seat]) {
                        chosen = Some((i, v, p));
                    }
                }
            }
            let index = match (&chosen, list.len()) {
                (Some(c), _) => c.0,
                (None, 0) => usize::MAX,
                (None, _) if medium_seats[seat] && !learner => {
                    use ludo_core::bots::Bot;
                    medium.choose(&engine, &game.position, input, &list)
                }
                (None, n) => pick.below(n),
            };
            let step = game.play(&engine, input, list.get(index));
            if game.position.finished_count > 0 {
                let mut target = [0f32; SEATS];
                target[game.position.finished[0] as usize] = 1.0;
                if let Some(p) = prev.take() {
                    end_loss += net.learn_chances(&p, &target, lr) as f64;
                }
                break;
            }
            let cur = match chosen {
                Some((_, v, _)) => v,
                None => views(&net, &eval, &engine, &game.position, step.phase, me),
            };
            let target = net.chances_of(&cur);
            if let Some(p) = prev.take() {
                td_loss += net.learn_chances(&p, &target, lr) as f64;
                steps += 1;
            }
            prev = Some(cur);
        }
        if (g + 1 - first).is_multiple_of(5000) {
            eprintln!(
                "{} games, {:.0} s: td loss {:.4}, final loss {:.4}, v {:.3}",
                g + 1,
                start.elapsed().as_secs_f64(),
                td_loss / steps.max(1) as f64,
                end_loss / 5000.0,
                net.v
            );
            td_loss = 0.0;
            end_loss = 0.0;
            steps = 0;
            write_net(&out, &net);
        }
    }
    write_net(&out, &net);
}

/// Writes the network as JSON to `out`, or stops the run with a message saying why not.
fn write_net(out: &str, net: &Net) {
    let written = serde_json::to_string(net)
        .map_err(|e| e.to_string())
        .and_then(|json| std::fs::write(out, json).map_err(|e| e.to_string()));
    if let Err(e) = written {
        eprintln!("td_train: cannot write {out}: {e}");
        std::process::exit(2);
    }
}
