//! `ludo arena`: bots play each other many times, and the arena reports how strong and how
//! fast each one is.
//!
//! Fairness comes from two devices. Seat rotation: games are played in rotations of as many
//! games as there are seats, and within a rotation every bot plays from every seat.
//! Common random numbers: all games of a rotation use the same dice seed, and since each
//! seat rolls its own dice stream, a seat rolls the same numbers whichever bot sits in it.
//! So a bot's lead cannot come from a lucky seat or lucky dice, only from its choices.
//!
//! For each bot the report gives its wins with the Wilson 95% interval, its wins from each
//! seat, its mean place, and the median and 99th percentile of its decision times
//! (decisions with a choice only). Outside engines (`cmd:PROGRAM ARGS…`) that misbehave
//! forfeit the game at hand, and the report names them with the reason.

use crate::engine_protocol::{Fault, OutsideEngine};
use crate::failure::Failure;
use crate::rules_arg;
use indicatif::{ProgressBar, ProgressStyle};
use ludo_core::bots::{Bot, bot_for, stats};
use ludo_core::dice::Seed;
use ludo_core::game::Game;
use ludo_core::json::seat_colour;
use ludo_core::{Engine, MoveList, Phase};
use serde_json::{Value, json};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

/// Arguments of `ludo arena`.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// The rules: a preset id, or a rules object as JSON.
    #[arg(long, default_value = "classic")]
    pub rules: String,
    /// One player per seat, comma-separated: random, easy, medium, hard, expert, or
    /// cmd:PROGRAM ARGS… for an outside engine (docs/engine-protocol.md).
    #[arg(long)]
    pub seats: String,
    /// Games to play, rounded up to whole rotations (a multiple of the seat count); at most
    /// a million.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// The seed every dice seed and bot seed is drawn from.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once, each on a thread of its own (1 to 256).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Writes the report as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Seconds an outside engine has to answer before it forfeits the game.
    #[arg(long, default_value_t = 5.0)]
    pub move_timeout: f64,
}

/// Rolls after which a game is stopped and ranked where it stands.
const MAX_ROLLS: u64 = 100_000;
/// The most games one run plays: a hundred times the 10,000 a figure takes, and the
/// arena keeps a small record of each game until the end.
pub const MAX_GAMES: u64 = 1_000_000;
/// The most worker threads: far past any machine's cores, and a bound the OS can always give.
pub const MAX_JOBS: usize = 256;

/// Who plays one entry of `--seats`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A built-in level.
    Level(String),
    /// An outside program: the program and its arguments.
    Command(Vec<String>),
}

impl Player {
    /// Parses one entry of `--seats`.
    pub fn parse(text: &str) -> Result<Player, String> {
        let text = text.trim();
        if let Some(command) = text.strip_prefix("cmd:") {
            let words: Vec<String> = command.split_whitespace().map(String::from).collect();
            if words.is_empty() {
                return Err("cmd: needs a program to run".into());
            }
            return Ok(Player::Command(words));
        }
        bot_for(text, 0).map_err(|e| e.to_string())?;
        Ok(Player::Level(text.to_string()))
    }

    /// The label of this player in the report.
    pub fn label(&self) -> String {
        match self {
            Player::Level(level) => level.clone(),
            Player::Command(words) => format!("cmd:{}", words.join(" ")),
        }
    }
}

/// One game's outcome.
#[derive(Clone, Debug, Default)]
struct GameRecord {
    /// For each entry, its place (0 = first).
    place: Vec<usize>,
    /// For each entry, its decision times in nanoseconds.
    times: Vec<Vec<u64>>,
    /// An entry that forfeited, and why.
    forfeit: Option<(usize, String)>,
    /// Whether the game hit the roll limit.
    unfinished: bool,
}

/// A bot's totals over the run.
#[derive(Clone, Debug)]
pub struct BotReport {
    /// The bot as given in `--seats`.
    pub label: String,
    /// The name an outside engine gave itself.
    pub name: Option<String>,
    /// Games played.
    pub games: u64,
    /// Games won (first place).
    pub wins: u64,
    /// Games won from each seat (index: the seat in turn order). Every bot sits in every
    /// seat once a rotation, so a seat that wins far less than the others points at a bot
    /// that misreads the board from there, or at the seat's place in the turn order.
    pub wins_by_seat: Vec<u64>,
    /// Games ended in each place (index 0: first).
    pub places: Vec<u64>,
    /// Decision times, sorted, in nanoseconds.
    pub times: Vec<u64>,
    /// Games forfeited, with the game number and the reason.
    pub forfeits: Vec<(u64, String)>,
}

/// Seeds that do not overlap for nearby inputs (SplitMix64's finaliser).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The dice seed of a rotation: the same for every game in it (common random numbers).
pub fn rotation_seed(seed: u64, rotation: u64) -> Seed {
    let a = mix(seed ^ mix(rotation));
    let b = mix(a);
    let mut bytes = [0u8; 32];
    for (i, word) in [a, b, mix(b), mix(mix(b))].iter().enumerate() {
        bytes[i * 8..i * 8 + 8].copy_from_slice(&word.to_le_bytes());
    }
    Seed(bytes)
}

/// The seat entry `entry` takes in game `rotation_game` (0..seats) of a rotation.
pub fn seat_of(entry: usize, rotation_game: usize, seats: usize) -> usize {
    (entry + rotation_game) % seats
}

/// A player ready for one worker thread: a built-in bot is made afresh for each game, an
/// outside program is kept running between games.
enum Seat {
    Level(String),
    Outside(Box<OutsideEngine>),
}

/// Everything a worker needs to play games.
struct Table<'a> {
    engine: &'a Engine,
    rules_value: &'a Value,
    colours: Vec<u8>,
    seed: u64,
}

impl Table<'_> {
    /// Plays game `g` with the players of `seats` (by entry).
    fn play(&self, g: u64, seats: &mut [Seat]) -> GameRecord {
        let n = seats.len();
        let rotation = g / n as u64;
        let turn_in_rotation = (g % n as u64) as usize;
        // entry_at[seat] = the entry sitting there.
        let mut entry_at = vec![0; n];
        for e in 0..n {
            entry_at[seat_of(e, turn_in_rotation, n)] = e;
        }
        let mut bots: Vec<Option<Box<dyn Bot>>> = (0..n)
            .map(|e| match &seats[e] {
                Seat::Level(level) => {
                    bot_for(level, mix(self.seed ^ mix(rotation) ^ (e as u64 + 1))).ok()
                }
                Seat::Outside(_) => None,
            })
            .collect();
        let engine = self.engine;
        let mut game = Game::new(engine, &self.colours, &rotation_seed(self.seed, rotation));
        let mut record = GameRecord {
            place: vec![0; n],
            times: vec![Vec::new(); n],
            ..GameRecord::default()
        };
        let mut list = MoveList::default();
        while let Some(input) = game.next_input() {
            if game.rolls > MAX_ROLLS {
                record.unfinished = true;
                break;
            }
            engine.legal_moves(&game.position, input, &mut list);
            let choice = if list.len() < 2 {
                0
            } else {
                let e = entry_at[game.position.turn as usize];
                let started = Instant::now();
                let answer = match (&mut bots[e], &mut seats[e]) {
                    (Some(bot), _) => Ok(bot.choose(engine, &game.position, input, &list)),
                    (None, Seat::Outside(outside)) => {
                        outside.choose(engine, &game.position, input, &list, self.rules_value)
                    }
                    (None, Seat::Level(level)) => Err(Fault::Start(format!("no bot {level}"))),
                };
                record.times[e].push(started.elapsed().as_nanos() as u64);
                match answer {
                    Ok(i) if i < list.len() => i,
                    Ok(i) => {
                        record.forfeit = Some((e, format!("chose move {i} of {}", list.len())));
                        break;
                    }
                    Err(fault) => {
                        record.forfeit = Some((e, fault.to_string()));
                        break;
                    }
                }
            };
            let step = game.play(engine, input, list.get(choice));
            if step.phase == Phase::Over {
                break;
            }
        }
        let mut order = engine.places(&game.position);
        // Seats the rules rank equal share a place (rules.md 8.5), here and in the report.
        let mut rank = vec![0u8; n];
        for (&seat, &r) in order.iter().zip(&engine.ranks(&game.position)) {
            rank[seat] = r;
        }
        if let Some((e, _)) = &record.forfeit {
            let seat = seat_of(*e, turn_in_rotation, n);
            order.retain(|&s| s != seat);
            order.push(seat);
            rank[seat] = u8::MAX;
        }
        for (i, &seat) in order.iter().enumerate() {
            let tied = i > 0 && rank[seat] != u8::MAX && rank[order[i - 1]] == rank[seat];
            let place = if tied {
                record.place[entry_at[order[i - 1]]]
            } else {
                i
            };
            record.place[entry_at[seat]] = place;
        }
        let colours: Vec<&str> = order
            .iter()
            .map(|&s| seat_colour(engine, &game.position, s).name())
            .collect();
        for seat in seats.iter_mut() {
            if let Seat::Outside(outside) = seat {
                outside.result(&colours);
            }
        }
        record
    }
}

/// Runs `ludo arena`.
pub fn run(args: &ArenaArgs) -> Result<(), Failure> {
    let engine = rules_arg::engine(&args.rules)?;
    let rules_value = rules_arg::value(&args.rules)?;
    let players = args
        .seats
        .split(',')
        .enumerate()
        .map(|(i, s)| {
            Player::parse(s).map_err(|e| Failure::bad_input(format!("--seats[{i}]: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    rules_arg::check_seats(&engine, players.len())?;
    if !(args.move_timeout > 0.0 && args.move_timeout.is_finite()) {
        return Err(Failure::bad_input(
            "--move-timeout: expected a positive number of seconds",
        ));
    }
    if args.jobs == 0 || args.jobs > MAX_JOBS {
        return Err(Failure::bad_input(format!("--jobs: 1 to {MAX_JOBS}")));
    }
    if args.games > MAX_GAMES {
        return Err(Failure::bad_input(format!(
            "--games: at most {MAX_GAMES} in one run (split a longer one over several seeds)"
        )));
    }
    let timeout = Duration::from_secs_f64(args.move_timeout.min(86_400.0));
    let n = players.len() as u64;
    let games = args.games.div_ceil(n) * n;
    let started = Instant::now();
    let reports = play_games(&engine, &rules_value, &players, games, args, timeout);
    let elapsed = started.elapsed();
    let unfinished = reports.1;
    let reports = reports.0;
    let mut out = std::io::stdout().lock();
    if args.json {
        let value = report_json(&engine, args, games, unfinished, elapsed, &reports);
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&value).unwrap_or_default()
        )?;
    } else {
        write_table(
            &mut out, &engine, args, games, unfinished, elapsed, &reports,
        )?;
    }
    Ok(())
}

/// Plays `games` games on `args.jobs` threads. Returns each player's report and the number
/// of games stopped at the roll limit. The outcome does not depend on the number of jobs.
fn play_games(
    engine: &Engine,
    rules_value: &Value,
    players: &[Player],
    games: u64,
    args: &ArenaArgs,
    timeout: Duration,
) -> (Vec<BotReport>, u64) {
    let n = players.len();
    let colours = engine.board.seat_colours(n).unwrap_or_default();
    let table = Table {
        engine,
        rules_value,
        colours,
        seed: args.seed,
    };
    let bar = if games >= 20 && std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(games);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} gone, {eta} to go")
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let next = AtomicUsize::new(0);
    let (tx, rx) = channel::<(u64, GameRecord)>();
    let mut records: Vec<Option<GameRecord>> = vec![None; games as usize];
    let names: Vec<Option<String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..args.jobs.min(games.max(1) as usize))
            .map(|_| {
                let tx = tx.clone();
                let table = &table;
                let next = &next;
                scope.spawn(move || {
                    let mut seats: Vec<Seat> = players
                        .iter()
                        .map(|p| match p {
                            Player::Level(level) => Seat::Level(level.clone()),
                            Player::Command(words) => {
                                Seat::Outside(Box::new(OutsideEngine::new(words.clone(), timeout)))
                            }
                        })
                        .collect();
                    loop {
                        let g = next.fetch_add(1, Ordering::Relaxed) as u64;
                        if g >= games {
                            break;
                        }
                        let record = table.play(g, &mut seats);
                        if tx.send((g, record)).is_err() {
                            break;
                        }
                    }
                    seats
                        .iter()
                        .map(|s| match s {
                            Seat::Outside(o) => o.name().map(String::from),
                            Seat::Level(_) => None,
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        drop(tx);
        for (g, record) in rx {
            if let Some(slot) = records.get_mut(g as usize) {
                *slot = Some(record);
            }
            bar.inc(1);
        }
        let mut names = vec![None; n];
        for h in handles {
            if let Ok(found) = h.join() {
                for (slot, name) in names.iter_mut().zip(found) {
                    if slot.is_none() {
                        *slot = name;
                    }
                }
            }
        }
        names
    });
    bar.finish_and_clear();
    let mut reports: Vec<BotReport> = players
        .iter()
        .zip(names)
        .enumerate()
        .map(|(e, (_, name))| BotReport {
            label: label(players, e),
            name,
            games: 0,
            wins: 0,
            wins_by_seat: vec![0; n],
            places: vec![0; n],
            times: Vec::new(),
            forfeits: Vec::new(),
        })
        .collect();
    let mut unfinished = 0;
    for (g, record) in records.into_iter().enumerate() {
        let Some(record) = record else { continue };
        unfinished += record.unfinished as u64;
        for (e, report) in reports.iter_mut().enumerate() {
            let place = record.place[e];
            report.games += 1;
            report.wins += (place == 0) as u64;
            report.wins_by_seat[seat_of(e, g % n, n)] += (place == 0) as u64;
            report.places[place] += 1;
            report.times.extend(&record.times[e]);
        }
        if let Some((e, why)) = record.forfeit {
            reports[e].forfeits.push((g as u64, why));
        }
    }
    for r in &mut reports {
        r.times.sort_unstable();
    }
    (reports, unfinished)
}

/// The label of entry `e`: its player, numbered when the same player sits more than once.
fn label(players: &[Player], e: usize) -> String {
    let same = |p: &&Player| **p == players[e];
    if players.iter().filter(same).count() < 2 {
        return players[e].label();
    }
    let k = players[..e].iter().filter(same).count() + 1;
    format!("{} #{k}", players[e].label())
}

/// The colour names of the seats, in turn order, as the arena seats them.
fn seat_names(engine: &Engine, seats: usize) -> Vec<&'static str> {
    engine
        .board
        .seat_colours(seats)
        .unwrap_or_default()
        .iter()
        .filter_map(|&c| engine.rules.colours.get(usize::from(c)))
        .map(|c| c.name())
        .collect()
}

/// Milliseconds from nanoseconds.
fn ms(nanos: u64) -> f64 {
    nanos as f64 / 1e6
}

/// The report as JSON.
fn report_json(
    engine: &Engine,
    args: &ArenaArgs,
    games: u64,
    unfinished: u64,
    elapsed: Duration,
    reports: &[BotReport],
) -> Value {
    let bots: Vec<Value> = reports
        .iter()
        .map(|r| {
            let (low, high) = stats::wilson(r.wins, r.games);
            json!({
                "bot": r.label,
                "name": r.name,
                "games": r.games,
                "wins": r.wins,
                "wins_by_seat": r.wins_by_seat,
                "win_rate": if r.games > 0 { r.wins as f64 / r.games as f64 } else { 0.0 },
                "win_rate_95": [low, high],
                "places": r.places,
                "mean_place": stats::mean_place(&r.places),
                "decisions": r.times.len(),
                "decision_ms_median": stats::quantile(&r.times, 0.5).map(ms),
                "decision_ms_p99": stats::quantile(&r.times, 0.99).map(ms),
                "forfeits": r.forfeits.len(),
                "forfeit_games": r.forfeits.iter().map(|(g, why)| json!({"game": g, "reason": why})).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "rules": engine.rules.preset,
        "seats": reports.len(),
        "seat_colours": seat_names(engine, reports.len()),
        "games": games,
        "rotations": games / reports.len().max(1) as u64,
        "seed": args.seed,
        "jobs": args.jobs,
        "unfinished": unfinished,
        "seconds": elapsed.as_secs_f64(),
        "bots": bots,
    })
}

/// The report as a table.
fn write_table(
    out: &mut impl Write,
    engine: &Engine,
    args: &ArenaArgs,
    games: u64,
    unfinished: u64,
    elapsed: Duration,
    reports: &[BotReport],
) -> std::io::Result<()> {
    let n = reports.len();
    writeln!(
        out,
        "{}: {n} seats, {games} games ({} rotations), seed {}, {:.1} s",
        engine.rules.preset,
        games / n.max(1) as u64,
        args.seed,
        elapsed.as_secs_f64()
    )?;
    let width = reports
        .iter()
        .map(|r| r.label.chars().count())
        .max()
        .unwrap_or(3)
        .max(3);
    writeln!(
        out,
        "{:<width$}  {:>6}  {:>6}  {:>7}  {:>17}  {:>5}  {:>9}  {:>9}  {:>9}",
        "bot", "games", "wins", "win", "95% interval", "place", "decisions", "median ms", "p99 ms"
    )?;
    for r in reports {
        let (low, high) = stats::wilson(r.wins, r.games);
        let rate = if r.games > 0 {
            r.wins as f64 / r.games as f64
        } else {
            0.0
        };
        writeln!(
            out,
            "{:<width$}  {:>6}  {:>6}  {:>6.1}%  {:>7.1}% – {:>5.1}%  {:>5.2}  {:>9}  {:>9.3}  {:>9.3}",
            r.label,
            r.games,
            r.wins,
            rate * 100.0,
            low * 100.0,
            high * 100.0,
            stats::mean_place(&r.places).unwrap_or(0.0),
            r.times.len(),
            stats::quantile(&r.times, 0.5).map_or(0.0, ms),
            stats::quantile(&r.times, 0.99).map_or(0.0, ms),
        )?;
    }
    let rotations = games / n.max(1) as u64;
    if n > 1 && rotations > 0 {
        writeln!(
            out,
            "wins by seat, {rotations} games from each ({}):",
            seat_names(engine, n).join(", ")
        )?;
        for r in reports {
            let rates: Vec<String> = r
                .wins_by_seat
                .iter()
                .map(|&w| format!("{:>6.1}%", w as f64 * 100.0 / rotations as f64))
                .collect();
            writeln!(out, "  {:<width$}  {}", r.label, rates.join("  "))?;
        }
    }
    if unfinished > 0 {
        writeln!(
            out,
            "{unfinished} games stopped after {MAX_ROLLS} rolls and were ranked as they stood"
        )?;
    }
    for r in reports.iter().filter(|r| !r.forfeits.is_empty()) {
        let who = match &r.name {
            Some(name) => format!("{} ({name})", r.label),
            None => r.label.clone(),
        };
        writeln!(
            out,
            "{who} forfeited {} of {} games:",
            r.forfeits.len(),
            r.games
        )?;
        for (g, why) in r.forfeits.iter().take(10) {
            writeln!(out, "  game {g}: {why}")?;
        }
        if r.forfeits.len() > 10 {
            writeln!(out, "  … and {} more", r.forfeits.len() - 10)?;
        }
    }
    Ok(())
}
