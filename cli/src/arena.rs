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

use crate::engine_protocol::{self, Fault, OutsideEngine};
use crate::failure::Failure;
use crate::rules_arg;
use indicatif::{ProgressBar, ProgressStyle};
use ludo_core::bots::{Bot, bot_for, stats};
use ludo_core::dice::Seed;
use ludo_core::game::{Game, SplitMix};
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
    /// Seconds an outside engine has to answer before it forfeits the game (0.001 to
    /// 86400).
    #[arg(long, default_value_t = 5.0)]
    pub move_timeout: f64,
}

/// The least and the most seconds `--move-timeout` may give an outside engine.
const MIN_MOVE_TIMEOUT: f64 = 0.001;
const MAX_MOVE_TIMEOUT: f64 = 86_400.0;
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
    /// Rolls played (the roll-off not counted).
    rolls: u64,
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

impl BotReport {
    /// A report of nothing yet, for a table of `seats` seats.
    fn empty(label: String, name: Option<String>, seats: usize) -> BotReport {
        BotReport {
            label,
            name,
            games: 0,
            wins: 0,
            wins_by_seat: vec![0; seats],
            places: vec![0; seats],
            times: Vec::new(),
            forfeits: Vec::new(),
        }
    }
}

/// A seed that does not overlap with those of nearby inputs: SplitMix64's first output
/// from state `z`.
fn mix(z: u64) -> u64 {
    SplitMix(z).next_u64()
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

/// The seed of the built-in bot of entry `entry` (0-based) in rotation `rotation`: its own
/// for each entry and rotation, and never the first word of a dice seed.
fn bot_seed(seed: u64, rotation: u64, entry: usize) -> u64 {
    mix(seed ^ mix(rotation) ^ (entry as u64 + 1))
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
    /// Rolls after which a game is stopped and ranked where it stands.
    max_rolls: u64,
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
                Seat::Level(level) => bot_for(level, bot_seed(self.seed, rotation, e)).ok(),
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
            if game.rolls > self.max_rolls {
                record.unfinished = true;
                break;
            }
            engine.legal_moves(&game.position, input, &mut list);
            let choice = if list.len() < 2 {
                0
            } else {
                let e = entry_at[game.position.turn as usize];
                // A program (re)started for this decision is started and greeted before
                // the clock runs: its decision times are its thinking, not its start-up.
                let ready = match (&bots[e], &mut seats[e]) {
                    (None, Seat::Outside(outside)) => outside.start(),
                    _ => Ok(()),
                };
                // A program that did not start or greet was asked nothing: no decision.
                let answer = ready.and_then(|()| {
                    let started = Instant::now();
                    let answer = match (&mut bots[e], &mut seats[e]) {
                        (Some(bot), _) => Ok(bot.choose(engine, &game.position, input, &list)),
                        (None, Seat::Outside(outside)) => {
                            outside.choose(engine, &game.position, input, &list, self.rules_value)
                        }
                        (None, Seat::Level(level)) => Err(Fault::Start(format!("no bot {level}"))),
                    };
                    record.times[e].push(started.elapsed().as_nanos() as u64);
                    answer
                });
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
        record.rolls = game.rolls.min(self.max_rolls);
        let mut order = engine.places(&game.position);
        let forfeit = record
            .forfeit
            .as_ref()
            .map(|(e, _)| seat_of(*e, turn_in_rotation, n));
        let place = seat_places(&mut order, &engine.ranks(&game.position), forfeit);
        for (seat, &p) in place.iter().enumerate() {
            record.place[entry_at[seat]] = p;
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

/// Each seat's place (0 = first), from `order`, the seats as the rules rank them, and
/// `ranks`, their ranks in that order: seats the rules rank equal share a place
/// (docs/rules.md, `parchis` rule 11). A seat that forfeited is moved to the end of `order` and placed last,
/// alone.
fn seat_places(order: &mut Vec<usize>, ranks: &[u8], forfeit: Option<usize>) -> Vec<usize> {
    let n = order.len();
    let mut rank = vec![0u8; n];
    for (&seat, &r) in order.iter().zip(ranks) {
        rank[seat] = r;
    }
    if let Some(seat) = forfeit {
        order.retain(|&s| s != seat);
        order.push(seat);
        // Ranks run from 1 to the seat count, so this one is shared with nobody.
        rank[seat] = u8::MAX;
    }
    let mut place = vec![0; n];
    for (i, &seat) in order.iter().enumerate() {
        let tied = i > 0 && rank[order[i - 1]] == rank[seat];
        place[seat] = if tied { place[order[i - 1]] } else { i };
    }
    place
}

/// Checks the arguments that clap leaves to the arena: the move timeout, the jobs and the
/// number of games.
fn check_limits(args: &ArenaArgs) -> Result<(), Failure> {
    // Under a millisecond no program can answer (and 1e-10 would round to no time at all);
    // over a day is no limit at all.
    if !(MIN_MOVE_TIMEOUT..=MAX_MOVE_TIMEOUT).contains(&args.move_timeout) {
        return Err(Failure::bad_input(format!(
            "--move-timeout: from {MIN_MOVE_TIMEOUT} to {MAX_MOVE_TIMEOUT} seconds"
        )));
    }
    if args.jobs == 0 || args.jobs > MAX_JOBS {
        return Err(Failure::bad_input(format!("--jobs: 1 to {MAX_JOBS}")));
    }
    if args.games > MAX_GAMES {
        return Err(Failure::bad_input(format!(
            "--games: at most {MAX_GAMES} in one run (split a longer one over several seeds)"
        )));
    }
    Ok(())
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
    check_limits(args)?;
    if players.iter().any(|p| matches!(p, Player::Command(_))) {
        // Before the games' threads start, so that they leave the signals to it.
        engine_protocol::stop_programs_on_signals();
    }
    let timeout = Duration::from_secs_f64(args.move_timeout);
    let n = players.len() as u64;
    let games = args.games.div_ceil(n) * n;
    let table = Table {
        engine: &engine,
        rules_value: &rules_value,
        colours: engine.board.seat_colours(players.len()).unwrap_or_default(),
        seed: args.seed,
        max_rolls: MAX_ROLLS,
    };
    let totals = play_games(&table, &players, games, args.jobs, timeout)?;
    let mut out = std::io::stdout().lock();
    if args.json {
        let value = report_json(&engine, args, &totals);
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&value).unwrap_or_default()
        )?;
    } else {
        write_table(&mut out, &engine, args, &totals)?;
    }
    Ok(())
}

/// What a run played, for its report.
struct Totals {
    /// Games played.
    games: u64,
    /// Games stopped at the roll limit and ranked as they stood.
    unfinished: u64,
    /// Rolls played over all games.
    rolls: u64,
    /// The run's wall-clock time.
    elapsed: Duration,
    /// One report for each entry of `--seats`.
    reports: Vec<BotReport>,
    /// For each player that sits more than once, its copies counted together, with how
    /// many there are.
    pooled: Vec<(usize, BotReport)>,
}

/// Plays `games` games at `table` on `jobs` threads and adds up their records. With built-in
/// bots only, the outcome (all but the times) does not depend on the number of jobs: every
/// game is a function of its number. An outside program plays every game its worker
/// plays, in order, and may carry something from one game to the next (a random
/// generator seeded once, say), so with one in the table the workers take fixed shares of
/// the games (worker `w` of `J` plays games `w`, `w + J`, …), and the same command with the
/// same `--jobs` gives the same outcome.
fn play_games(
    table: &Table,
    players: &[Player],
    games: u64,
    jobs: usize,
    timeout: Duration,
) -> Result<Totals, Failure> {
    let started = Instant::now();
    let n = players.len();
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
    let workers = jobs.min(games.max(1) as usize);
    let fixed_shares = players.iter().any(|p| matches!(p, Player::Command(_)));
    let (tx, rx) = channel::<(u64, GameRecord)>();
    let mut records: Vec<Option<GameRecord>> = vec![None; games as usize];
    let names: Vec<Option<String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let tx = tx.clone();
                let next = &next;
                let mut mine = (w as u64..).step_by(workers);
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
                        let g = if fixed_shares {
                            mine.next().unwrap_or(games)
                        } else {
                            next.fetch_add(1, Ordering::Relaxed) as u64
                        };
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
    let lost = records.iter().filter(|r| r.is_none()).count();
    if lost > 0 {
        // Only a bug stops a worker (a panic in a bot); a report that quietly counted
        // fewer games than it says would be worse than none.
        return Err(Failure::Io(format!(
            "{lost} of {games} games have no result: a worker thread stopped"
        )));
    }
    let mut reports: Vec<BotReport> = players
        .iter()
        .zip(names)
        .enumerate()
        .map(|(e, (_, name))| BotReport::empty(label(players, e), name, n))
        .collect();
    let mut unfinished = 0;
    let mut rolls = 0;
    for (g, record) in records.into_iter().enumerate() {
        let Some(record) = record else { continue };
        unfinished += record.unfinished as u64;
        rolls += record.rolls;
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
    Ok(Totals {
        games,
        unfinished,
        rolls,
        elapsed: started.elapsed(),
        pooled: pool(players, &reports),
        reports,
    })
}

/// The copies of each player that sits more than once, counted together: their games
/// (one for each copy in each game), wins, places and decision times, in the order the
/// players first appear in `--seats`.
fn pool(players: &[Player], reports: &[BotReport]) -> Vec<(usize, BotReport)> {
    let mut pooled = Vec::new();
    for (e, player) in players.iter().enumerate() {
        let copies: Vec<&BotReport> = reports
            .iter()
            .zip(players)
            .filter(|(_, p)| *p == player)
            .map(|(r, _)| r)
            .collect();
        if copies.len() < 2 || players[..e].contains(player) {
            continue;
        }
        let mut all = BotReport::empty(
            format!("{} (all {})", player.label(), copies.len()),
            copies.iter().find_map(|r| r.name.clone()),
            copies[0].places.len(),
        );
        for r in &copies {
            all.games += r.games;
            all.wins += r.wins;
            for (sum, w) in all.wins_by_seat.iter_mut().zip(&r.wins_by_seat) {
                *sum += w;
            }
            for (sum, k) in all.places.iter_mut().zip(&r.places) {
                *sum += k;
            }
            all.times.extend(&r.times);
            all.forfeits.extend(r.forfeits.iter().cloned());
        }
        all.times.sort_unstable();
        all.forfeits.sort();
        pooled.push((copies.len(), all));
    }
    pooled
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
fn report_json(engine: &Engine, args: &ArenaArgs, totals: &Totals) -> Value {
    let Totals {
        games,
        unfinished,
        rolls,
        elapsed,
        ref reports,
        ..
    } = *totals;
    let figures = |r: &BotReport| {
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
    };
    let bots: Vec<Value> = reports.iter().map(figures).collect();
    let pooled: Vec<Value> = totals
        .pooled
        .iter()
        .map(|(copies, r)| {
            let mut value = figures(r);
            value["copies"] = json!(copies);
            value
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
        "mean_rolls": if games > 0 { Some(rolls as f64 / games as f64) } else { None },
        "seconds": elapsed.as_secs_f64(),
        "bots": bots,
        "pooled": pooled,
    })
}

/// The report as a table.
fn write_table(
    out: &mut impl Write,
    engine: &Engine,
    args: &ArenaArgs,
    totals: &Totals,
) -> std::io::Result<()> {
    let Totals {
        games,
        unfinished,
        elapsed,
        ref reports,
        ..
    } = *totals;
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
        .chain(totals.pooled.iter().map(|(_, r)| r))
        .map(|r| r.label.chars().count())
        .max()
        .unwrap_or(3)
        .max(3);
    writeln!(
        out,
        "{:<width$}  {:>6}  {:>6}  {:>7}  {:>17}  {:>5}  {:>9}  {:>9}  {:>9}",
        "bot", "games", "wins", "win", "95% interval", "place", "decisions", "median ms", "p99 ms"
    )?;
    for r in reports.iter().chain(totals.pooled.iter().map(|(_, r)| r)) {
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
    if rotations > 0 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn words(seed: &Seed) -> [u64; 4] {
        let mut words = [0; 4];
        for (word, bytes) in words.iter_mut().zip(seed.0.chunks_exact(8)) {
            let mut le = [0; 8];
            le.copy_from_slice(bytes);
            *word = u64::from_le_bytes(le);
        }
        words
    }

    #[test]
    fn mix_is_the_first_splitmix64_output() {
        // SplitMix64 from state 0 starts 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4: the second
        // is the first from the state one step (0x9e3779b97f4a7c15) on.
        assert_eq!(mix(0), 0xe220_a839_7b1d_cdaf);
        assert_eq!(mix(0x9e37_79b9_7f4a_7c15), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn the_seeds_of_a_run_are_pinned_so_published_figures_can_be_rerun() {
        // The README's figures name their seeds; a change here would change every one.
        // Worked out apart from this code: with mix(z) SplitMix64's first output from z,
        // a = mix(1 ^ mix(0)), b = mix(a), and the dice seed is a, b, mix(b), mix(mix(b)),
        // each little-endian; the first entry's bot draws from mix(1 ^ mix(0) ^ 1).
        assert_eq!(
            words(&rotation_seed(1, 0)),
            [
                0x08b4_fda8_c892_b50e,
                0x44e5_b981_00c6_7fb0,
                0xd1c0_2706_8798_4b37,
                0xf9ac_6e33_7c2f_0f1e
            ]
        );
        assert_eq!(bot_seed(1, 0, 0), 0xa706_dd2f_4d19_7e6f);
    }

    #[test]
    fn every_rotation_and_every_bot_of_a_run_gets_a_seed_of_its_own() {
        let mut dice_seeds = HashSet::new();
        for seed in 0..8 {
            let mut dice_words = HashSet::new();
            for rotation in 0..8 {
                let w = words(&rotation_seed(seed, rotation));
                assert!(dice_seeds.insert(w), "seed {seed} rotation {rotation}");
                dice_words.extend(w);
            }
            // Within one run; runs whose seeds differ in the low bits can share bot seeds
            // (seed 0's second entry draws as seed 3's first), with other dice.
            let mut bot_seeds = HashSet::new();
            for rotation in 0..8 {
                for entry in 0..6 {
                    let b = bot_seed(seed, rotation, entry);
                    assert!(
                        bot_seeds.insert(b),
                        "seed {seed} rotation {rotation} entry {entry}"
                    );
                    assert!(
                        !dice_words.contains(&b),
                        "bot seed {b:#x} is part of a dice seed"
                    );
                }
            }
        }
    }

    #[test]
    fn places_follow_the_rules_order_and_ties_share_one() {
        let places = |order: &[usize], ranks: &[u8], forfeit| {
            let mut order = order.to_vec();
            let place = seat_places(&mut order, ranks, forfeit);
            (order, place)
        };
        // Places by seat: seat 2 first, then 0, 3, 1.
        assert_eq!(places(&[2, 0, 3, 1], &[1, 2, 3, 4], None).1, [1, 3, 0, 2]);
        // Seats 0 and 2 ranked equal share the second place; the next seat is fourth.
        assert_eq!(places(&[1, 0, 2, 3], &[1, 2, 2, 4], None).1, [1, 0, 1, 3]);
        // Three equal after the first.
        assert_eq!(places(&[3, 0, 1, 2], &[1, 2, 2, 2], None).1, [1, 1, 1, 0]);
    }

    #[test]
    fn a_seat_that_forfeits_is_last_alone_and_the_others_close_up() {
        let mut order = vec![0, 1, 2];
        // The winner forfeited: the others move up a place.
        assert_eq!(seat_places(&mut order, &[1, 2, 3], Some(0)), [2, 0, 1]);
        assert_eq!(order, [1, 2, 0]);
        // One of two seats ranked equal forfeited: the other keeps its place, alone, and
        // the seat behind them moves up.
        let mut order = vec![1, 0, 2, 3];
        assert_eq!(
            seat_places(&mut order, &[1, 2, 2, 4], Some(0)),
            [3, 0, 1, 2]
        );
        assert_eq!(order, [1, 2, 3, 0]);
        // A forfeit among three equal seats leaves the other two sharing.
        let mut order = vec![0, 1, 2, 3];
        assert_eq!(
            seat_places(&mut order, &[1, 2, 2, 2], Some(1)),
            [0, 3, 1, 1]
        );
    }

    fn args(games: u64, jobs: usize, move_timeout: f64) -> ArenaArgs {
        ArenaArgs {
            rules: "classic".into(),
            seats: "random,random".into(),
            games,
            seed: 1,
            jobs,
            json: false,
            move_timeout,
        }
    }

    #[test]
    fn the_limits_on_jobs_games_and_timeout_are_inclusive() {
        let refused = |a: ArenaArgs| match check_limits(&a) {
            Err(Failure::BadInput(why)) => why,
            other => panic!("expected a refusal, got {other:?}"),
        };
        assert!(check_limits(&args(MAX_GAMES, MAX_JOBS, 0.001)).is_ok());
        assert!(check_limits(&args(0, 1, 5.0)).is_ok());
        assert_eq!(refused(args(100, MAX_JOBS + 1, 5.0)), "--jobs: 1 to 256");
        assert_eq!(refused(args(100, 0, 5.0)), "--jobs: 1 to 256");
        assert!(refused(args(MAX_GAMES + 1, 1, 5.0)).starts_with("--games: at most 1000000 "));
        assert!(check_limits(&args(100, 1, 86_400.0)).is_ok());
        for timeout in [
            0.0,
            -1.0,
            1e-10,
            0.000_999,
            86_400.5,
            f64::INFINITY,
            f64::NAN,
        ] {
            assert_eq!(
                refused(args(100, 1, timeout)),
                "--move-timeout: from 0.001 to 86400 seconds"
            );
        }
    }

    fn table<'a>(engine: &'a Engine, rules: &'a Value, max_rolls: u64) -> Table<'a> {
        Table {
            engine,
            rules_value: rules,
            colours: engine.board.seat_colours(2).expect("two seats"),
            seed: 7,
            max_rolls,
        }
    }

    fn random_pair() -> Vec<Seat> {
        vec![Seat::Level("random".into()), Seat::Level("random".into())]
    }

    #[test]
    fn a_game_past_the_roll_limit_is_stopped_and_ranked_as_it_stands() {
        let engine = Engine::preset("classic").expect("classic");
        let rules = json!("classic");
        let whole = table(&engine, &rules, MAX_ROLLS).play(3, &mut random_pair());
        assert!(!whole.unfinished);
        assert!(whole.rolls > 20, "{} rolls", whole.rolls);
        let mut places = whole.place.clone();
        places.sort_unstable();
        assert_eq!(places, [0, 1]);
        // A limit of exactly the rolls the game takes lets it finish, the same game.
        let at_limit = table(&engine, &rules, whole.rolls).play(3, &mut random_pair());
        assert!(!at_limit.unfinished);
        assert_eq!(
            (at_limit.rolls, &at_limit.place),
            (whole.rolls, &whole.place)
        );
        // One roll fewer stops it, ranked by the distance each seat has to go.
        let cut = table(&engine, &rules, whole.rolls - 1).play(3, &mut random_pair());
        assert!(cut.unfinished);
        assert_eq!(cut.rolls, whole.rolls - 1);
        let mut places = cut.place.clone();
        places.sort_unstable();
        assert_eq!(places, [0, 1]);
        // Ten rolls in, both seats are still far from home.
        let early = table(&engine, &rules, 10).play(3, &mut random_pair());
        assert!(early.unfinished && early.rolls == 10);
        assert!(early.times.iter().map(Vec::len).sum::<usize>() <= 10);
    }

    #[test]
    fn a_run_counts_its_stopped_games_and_their_rolls() {
        let engine = Engine::preset("classic").expect("classic");
        let rules = json!("classic");
        let players = [Player::Level("random".into()), Player::Level("easy".into())];
        let timeout = Duration::from_secs(5);
        // Ten rolls end no game: all six are stopped, each after ten rolls, and each still
        // gives both entries a place.
        let totals =
            play_games(&table(&engine, &rules, 10), &players, 6, 2, timeout).expect("a run");
        assert_eq!((totals.games, totals.unfinished, totals.rolls), (6, 6, 60));
        for report in &totals.reports {
            assert_eq!(report.games, 6);
            assert_eq!(report.places.iter().sum::<u64>(), 6);
        }
        // Every game has a first place; after ten rolls both seats are often still equal
        // (nothing out of the yard, or as far to go) and share it.
        let wins: u64 = totals.reports.iter().map(|r| r.wins).sum();
        assert!((6..=12).contains(&wins), "{wins} first places");
        // With no limit to speak of, none is stopped.
        let whole =
            play_games(&table(&engine, &rules, MAX_ROLLS), &players, 6, 2, timeout).expect("a run");
        assert_eq!(whole.unfinished, 0);
        assert!(whole.rolls > 6 * 40, "{} rolls", whole.rolls);
    }

    #[test]
    fn entries_are_numbered_only_when_the_same_player_sits_twice() {
        let players: Vec<Player> = ["random", "easy", "random", "cmd:python3 bot.py  -v"]
            .iter()
            .map(|p| Player::parse(p).expect("a player"))
            .collect();
        let labels: Vec<String> = (0..players.len()).map(|e| label(&players, e)).collect();
        assert_eq!(
            labels,
            ["random #1", "easy", "random #2", "cmd:python3 bot.py -v"]
        );
    }

    fn report(label: &str, wins: u64, places: Vec<u64>, times: Vec<u64>) -> BotReport {
        let games = places.iter().sum();
        BotReport {
            label: label.into(),
            name: None,
            games,
            wins,
            wins_by_seat: vec![wins, 0],
            places,
            times,
            forfeits: Vec::new(),
        }
    }

    fn table_text(totals: &Totals) -> String {
        let engine = Engine::preset("classic").expect("classic");
        let mut out = Vec::new();
        write_table(&mut out, &engine, &args(4, 1, 5.0), totals).expect("written");
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn the_table_shows_rates_intervals_places_and_times_in_milliseconds() {
        let totals = Totals {
            games: 4,
            unfinished: 0,
            rolls: 400,
            elapsed: Duration::from_millis(1500),
            pooled: Vec::new(),
            reports: vec![
                report(
                    "expert",
                    3,
                    vec![3, 1],
                    vec![1_500_000, 2_250_000, 40_000_000],
                ),
                report("random", 1, vec![1, 3], vec![10_000, 20_000]),
            ],
        };
        let text = table_text(&totals);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "classic: 2 seats, 4 games (2 rotations), seed 1, 1.5 s"
        );
        let (low, high) = stats::wilson(3, 4);
        let expert: Vec<&str> = lines[2].split_whitespace().collect();
        assert_eq!(
            expert,
            [
                "expert",
                "4",
                "3",
                "75.0%",
                &format!("{:.1}%", low * 100.0),
                "–",
                &format!("{:.1}%", high * 100.0),
                "1.25",
                "3",
                "2.250",
                "40.000"
            ]
        );
        let random: Vec<&str> = lines[3].split_whitespace().collect();
        assert_eq!(random[3], "25.0%");
        assert_eq!(&random[7..], ["1.75", "2", "0.010", "0.020"]);
        assert_eq!(lines[4], "wins by seat, 2 games from each (red, yellow):");
        assert!(lines[5].ends_with("150.0%     0.0%"), "{}", lines[5]);
        assert_eq!(
            lines.len(),
            7,
            "nothing stopped, nothing forfeited:\n{text}"
        );
    }

    #[test]
    fn a_run_of_no_games_shows_no_rates_it_cannot_have() {
        let totals = Totals {
            games: 0,
            unfinished: 0,
            rolls: 0,
            elapsed: Duration::ZERO,
            pooled: Vec::new(),
            reports: vec![
                report("medium", 0, vec![0, 0], Vec::new()),
                report("easy", 0, vec![0, 0], Vec::new()),
            ],
        };
        let text = table_text(&totals);
        assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
        assert!(!text.contains("wins by seat"), "{text}");
        assert!(
            text.lines().nth(2).is_some_and(|l| l.contains("   0.0% ")),
            "{text}"
        );
    }

    #[test]
    fn the_table_counts_stopped_games_and_lists_ten_forfeits_at_most() {
        let forfeits = |k: u64| (0..k).map(|g| (g, format!("reason {g}"))).collect();
        let mut ten = report("cmd:./bot", 0, vec![0, 12], Vec::new());
        ten.forfeits = forfeits(10);
        ten.name = Some("Bot 1.0".into());
        let mut eleven = report("cmd:./other", 12, vec![12, 0], Vec::new());
        eleven.forfeits = forfeits(11);
        let totals = Totals {
            games: 12,
            unfinished: 2,
            rolls: 0,
            elapsed: Duration::ZERO,
            pooled: Vec::new(),
            reports: vec![ten, eleven],
        };
        let text = table_text(&totals);
        assert!(
            text.contains("\n2 games stopped after 100000 rolls and were ranked as they stood\n"),
            "{text}"
        );
        let ten_at = text.find("cmd:./bot (Bot 1.0) forfeited 10 of 12 games:\n");
        let eleven_at = text.find("cmd:./other forfeited 11 of 12 games:\n");
        let (Some(ten_at), Some(eleven_at)) = (ten_at, eleven_at) else {
            panic!("both forfeit lists:\n{text}");
        };
        let first = &text[ten_at..eleven_at];
        assert!(
            first.contains("  game 9: reason 9\n") && !first.contains("more"),
            "{first}"
        );
        let second = &text[eleven_at..];
        assert!(
            second.contains("  game 9: reason 9\n  … and 1 more\n"),
            "{second}"
        );
        assert!(!second.contains("game 10:"), "{second}");
    }
}
