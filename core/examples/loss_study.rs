//! Where the expert loses: plays classic games of `expert` against three bots of one level
//! (the expert takes each seat in turn) until the first colour is home, and compares the
//! games it won with those it lost: the progress it lost to captures and took by capturing,
//! its rolls without a legal move, how far it still had to go when a rival won, and how well
//! it played the solitaire ending once all its pieces were in the home column: each of its
//! choices there, and the choice its search alone would have made, against the best one by
//! `bots::ending` (which the expert plays by).
//!
//! It also asks whether the captures it suffered could have been avoided: at each of the
//! expert's choices, each move's *exposure* is the progress its pieces would stand to lose
//! before its next turn (each piece's progress, plus one, times its chance of being hit, as
//! the evaluation works it out, assuming attackers always capture). Each capture of its
//! pieces is put down to its last choice before it: no choice at all, every move exposed,
//! or a move with no exposure passed over for another.
//!
//! Run: `cargo run --release -p ludo-core --example loss_study [GAMES] [LEVEL]`
//! (defaults: 800 games against `random`).

use ludo_core::Engine;
use ludo_core::bots::ending::Ending;
use ludo_core::bots::eval::{Evaluator, Weights};
use ludo_core::bots::expert::ExpertBot;
use ludo_core::bots::{Bot, bot_for};
use ludo_core::dice::Seed;
use ludo_core::game::Game;
use ludo_core::moves::MoveList;
use ludo_core::position::{PIECES, YARD};

/// Totals over the games of one outcome.
#[derive(Default)]
struct Tally {
    games: f64,
    lost_to_captures: f64,
    captured: f64,
    no_move_rolls: f64,
    /// Choices of a solitaire ending (every piece left in the home column): how many
    /// there were, how many of the expert's were the best, the turns the others cost in
    /// expectation, and the same two for the move the search alone would have made.
    ending_choices: f64,
    ending_best_choices: f64,
    ending_cost: f64,
    search_best_choices: f64,
    search_cost: f64,
}

/// What the expert's last choice before a capture of its pieces had open to it.
#[derive(Clone, Copy)]
enum LastChoice {
    /// One legal move or none.
    None,
    /// Every move left some piece within reach.
    AllExposed,
    /// A move with no piece within reach existed, and the expert took it.
    TookSafe,
    /// A move with no piece within reach existed, and the expert took another.
    PassedSafe,
}

impl LastChoice {
    /// Every kind, in the order of the report.
    const ALL: [LastChoice; 4] = [
        LastChoice::None,
        LastChoice::AllExposed,
        LastChoice::TookSafe,
        LastChoice::PassedSafe,
    ];

    fn label(self) -> &'static str {
        match self {
            LastChoice::None => "no choice",
            LastChoice::AllExposed => "every move left a piece within reach",
            LastChoice::TookSafe => "took a move with no piece within reach",
            LastChoice::PassedSafe => "passed over a move with no piece within reach",
        }
    }
}

/// The expert's choices, and the progress it lost to captures and the captures, by
/// [`LastChoice`] (indexed by its discriminant).
#[derive(Default)]
struct Exposure {
    choices: [f64; 4],
    lost: [f64; 4],
    captures: [u32; 4],
    /// The exposure the choices took on beyond the least available.
    extra: f64,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(800);
    let level = args.next().unwrap_or_else(|| "random".to_string());
    if let Err(e) = bot_for(&level, 0) {
        eprintln!("loss_study: {e}");
        std::process::exit(2);
    }
    let engine = Engine::preset("classic").expect("classic");
    let colours = engine.board.seat_colours(4).expect("four seats");
    let home = engine.board.max_progress();
    let mut solver = Ending::new();
    let mut searcher = ExpertBot::default().without_exact_ending();
    let mut tallies = [Tally::default(), Tally::default()];
    let mut left_when_beaten = Vec::new();
    let mut eval = Evaluator::new(Weights::default());
    eval.prepare(&engine);
    let mut exposure = Exposure::default();

    for g in 0..games {
        let me = (g % 4) as usize;
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|s| {
                let name = if s == me { "expert" } else { level.as_str() };
                bot_for(name, g * 7 + s as u64).expect("the level was checked above")
            })
            .collect();
        let mut game = Game::new(&engine, &colours, &Seed::from_u64(1000 + g / 4));
        let mut list = MoveList::default();
        let (mut lost, mut captured, mut no_move) = (0.0, 0.0, 0.0);
        let (mut choices, mut best_choices, mut cost) = (0.0, 0.0, 0.0);
        let (mut search_best, mut search_cost) = (0.0, 0.0);
        let mut last_choice = LastChoice::None;
        while let Some(input) = game.next_input() {
            let pos = game.position;
            engine.legal_moves(&pos, input, &mut list);
            let seat = pos.turn as usize;
            let choice = match list.len() {
                0 | 1 => 0,
                _ => bots[seat].choose(&engine, &pos, input, &list),
            };
            let mv = list.get(choice).copied();
            if seat == me {
                no_move += f64::from(u8::from(mv.is_none()));
                last_choice = LastChoice::None;
                if list.len() > 1 {
                    let exposed: Vec<f32> = list
                        .as_slice()
                        .iter()
                        .map(|m| {
                            let mut child = pos;
                            let step = engine.play(&mut child, input, Some(m));
                            let danger = eval.worth_and_danger(&engine, &child, step.phase).1;
                            (0..PIECES)
                                .filter(|&i| child.pieces[me][i] != YARD)
                                .map(|i| danger[me][i] * (f32::from(child.pieces[me][i]) + 1.0))
                                .sum()
                        })
                        .collect();
                    let least = exposed.iter().copied().fold(f32::INFINITY, f32::min);
                    exposure.extra += f64::from(exposed[choice] - least);
                    last_choice = if least > 0.0 {
                        LastChoice::AllExposed
                    } else if exposed[choice] > 0.0 {
                        LastChoice::PassedSafe
                    } else {
                        LastChoice::TookSafe
                    };
                    exposure.choices[last_choice as usize] += 1.0;
                }
                let costs = match list.len() {
                    0 | 1 => None,
                    _ => solver.move_costs(&engine, &pos, input, list.as_slice()),
                };
                if let Some(costs) = costs {
                    let best = costs.iter().copied().fold(f32::INFINITY, f32::min);
                    let searched = searcher.choose(&engine, &pos, input, &list);
                    choices += 1.0;
                    best_choices += f64::from(u8::from(costs[choice] <= best + 1e-4));
                    cost += f64::from(costs[choice] - best);
                    search_best += f64::from(u8::from(costs[searched] <= best + 1e-4));
                    search_cost += f64::from(costs[searched] - best);
                }
            }
            if let Some(m) = mv {
                for (s, i) in m.captured() {
                    let progress = f64::from(pos.pieces[s][i]);
                    if s == me {
                        lost += progress;
                        exposure.lost[last_choice as usize] += progress;
                        exposure.captures[last_choice as usize] += 1;
                    }
                    if seat == me {
                        captured += progress;
                    }
                }
            }
            game.play(&engine, input, mv.as_ref());
            if game.position.finished_count > 0 {
                break;
            }
        }
        let won = game.position.finished[0] as usize == me;
        let t = &mut tallies[usize::from(!won)];
        t.games += 1.0;
        t.lost_to_captures += lost;
        t.captured += captured;
        t.no_move_rolls += no_move;
        t.ending_choices += choices;
        t.ending_best_choices += best_choices;
        t.ending_cost += cost;
        t.search_best_choices += search_best;
        t.search_cost += search_cost;
        if !won {
            let left: u32 = game.position.pieces[me]
                .iter()
                .map(|&p| u32::from(if p == YARD { home + 1 } else { home - p }))
                .sum();
            left_when_beaten.push(left);
        }
    }

    let [won, lost] = &tallies;
    println!(
        "expert against 3 {level}, classic: {} of {games} won",
        won.games
    );
    for (name, t) in [("won", won), ("lost", lost)] {
        let n = t.games.max(1.0);
        println!(
            "games {name}: {:.0}; per game: progress lost to captures {:.1}, progress captured \
             {:.1}, rolls without a move {:.1}",
            t.games,
            t.lost_to_captures / n,
            t.captured / n,
            t.no_move_rolls / n,
        );
    }
    let choices = won.ending_choices + lost.ending_choices;
    if choices > 0.0 {
        for (who, best, cost) in [
            (
                "the expert",
                won.ending_best_choices + lost.ending_best_choices,
                won.ending_cost + lost.ending_cost,
            ),
            (
                "its search alone",
                won.search_best_choices + lost.search_best_choices,
                won.search_cost + lost.search_cost,
            ),
        ] {
            println!(
                "solitaire endings, {who}: {choices:.0} choices, {:.1}% of them the best, \
                 costing {:.4} turns a game in expectation",
                100.0 * best / choices,
                cost / games as f64
            );
        }
    }
    let total: f64 = exposure.lost.iter().sum();
    let choices: f64 = exposure.choices.iter().sum::<f64>().max(1.0);
    println!(
        "captures of the expert's pieces, by its last choice before them ({:.0} choices, {:.1}% \
         of them passing over a move with no piece within reach; {:.2} squares of exposure a \
         choice beyond the least it could have had):",
        choices,
        100.0 * exposure.choices[LastChoice::PassedSafe as usize] / choices,
        exposure.extra / choices
    );
    for kind in LastChoice::ALL {
        let k = kind as usize;
        println!(
            "  {}: {} captures, {:.1}% of the progress lost",
            kind.label(),
            exposure.captures[k],
            100.0 * exposure.lost[k] / total.max(1.0)
        );
    }
    left_when_beaten.sort_unstable();
    if let Some(last) = left_when_beaten.len().checked_sub(1) {
        let q = |f: f64| left_when_beaten[(last as f64 * f).round() as usize];
        println!(
            "squares the expert still had to go when a rival won: 10% {} 25% {} median {} 75% {} 90% {}",
            q(0.1),
            q(0.25),
            q(0.5),
            q(0.75),
            q(0.9)
        );
    }
}
