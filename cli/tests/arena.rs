//! `ludo arena`: its statistics, its fairness devices (seat rotation, common dice), and
//! outside engines that misbehave.

use ludo_core::bots::stats::{mean_place, quantile, wilson};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-4
}

#[test]
fn wilson_interval_matches_hand_computed_values() {
    // 8 wins in 10: p = 0.8, z² = 3.8415; centre = (0.8 + z²/20) / (1 + z²/10) = 0.71673,
    // half-width = z / (1 + z²/10) · √(0.8·0.2/10 + z²/400) = 1.41600 · 0.16001 = 0.22657.
    let (low, high) = wilson(8, 10);
    assert!(close(low, 0.49016) && close(high, 0.94332), "{low} {high}");
    // No wins: the interval still has width, from 0 to z² / (n + z²) = 0.27753.
    let (low, high) = wilson(0, 10);
    assert!(close(low, 0.0) && close(high, 0.27753), "{low} {high}");
    let (low, high) = wilson(50, 100);
    assert!(close(low, 0.40383) && close(high, 0.59617), "{low} {high}");
    let (low, high) = wilson(760, 1000);
    assert!(close(low, 0.73257) && close(high, 0.78544), "{low} {high}");
    assert_eq!(wilson(0, 0), (0.0, 1.0));
}

#[test]
fn mean_place_and_quantiles_match_hand_computed_values() {
    // 8 firsts and 2 seconds: (8·1 + 2·2) / 10.
    assert!(close(mean_place(&[8, 2]).expect("games"), 1.2));
    assert!(close(mean_place(&[1, 1, 1, 1]).expect("games"), 2.5));
    assert_eq!(mean_place(&[0, 0]), None);
    let values: Vec<u64> = (1..=100).collect();
    assert_eq!(quantile(&values, 0.5), Some(50));
    assert_eq!(quantile(&values, 0.99), Some(99));
    assert_eq!(quantile(&[7u64], 0.99), Some(7));
    assert_eq!(quantile::<u64>(&[], 0.5), None);
}

/// Runs `ludo arena ARGS --json` and returns its report.
fn arena(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_ludo"))
        .arg("arena")
        .args(args)
        .arg("--json")
        .output()
        .expect("run ludo");
    assert!(
        out.status.success(),
        "ludo arena {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON report")
}

fn bots(report: &Value) -> &Vec<Value> {
    report["bots"].as_array().expect("bots")
}

fn number(v: &Value) -> u64 {
    v.as_u64().expect("a count")
}

#[test]
fn the_report_of_a_small_run_is_consistent_with_its_counts() {
    let report = arena(&[
        "--rules",
        "classic",
        "--seats",
        "medium,easy,random",
        "--games",
        "12",
        "--seed",
        "4",
    ]);
    assert_eq!(report["games"], 12);
    assert_eq!(report["rotations"], 4);
    let bots = bots(&report);
    assert_eq!(bots.len(), 3);
    let mut wins = 0;
    for bot in bots {
        let games = number(&bot["games"]);
        let won = number(&bot["wins"]);
        assert_eq!(games, 12);
        wins += won;
        let places: Vec<u64> = bot["places"]
            .as_array()
            .expect("places")
            .iter()
            .map(number)
            .collect();
        assert_eq!(places.iter().sum::<u64>(), games);
        assert_eq!(places[0], won);
        let by_seat = wins_by_seat(bot);
        assert_eq!(by_seat.len(), 3);
        assert_eq!(by_seat.iter().sum::<u64>(), won);
        // Four rotations: four games from each seat.
        assert!(by_seat.iter().all(|&w| w <= 4), "{by_seat:?}");
        let mean = bot["mean_place"].as_f64().expect("mean place");
        assert!(close(mean, mean_place(&places).expect("games")));
        let (low, high) = wilson(won, games);
        assert!(close(bot["win_rate_95"][0].as_f64().expect("low"), low));
        assert!(close(bot["win_rate_95"][1].as_f64().expect("high"), high));
        assert!(close(
            bot["win_rate"].as_f64().expect("rate"),
            won as f64 / 12.0
        ));
        assert!(number(&bot["decisions"]) > 0);
        let median = bot["decision_ms_median"].as_f64().expect("median");
        let p99 = bot["decision_ms_p99"].as_f64().expect("p99");
        assert!(median <= p99);
    }
    // Exactly one winner a game.
    assert_eq!(wins, 12);
    assert_eq!(report["seat_colours"], json!(["red", "green", "yellow"]));
    // A classic game takes at least 40 rolls: the winner alone rolls a six to bring out
    // each of its four pieces and moves each 56 squares, six at most a roll. The mean is a
    // whole count of rolls over 12 games.
    let mean_rolls = report["mean_rolls"].as_f64().expect("mean rolls");
    assert!((40.0..100_000.0).contains(&mean_rolls), "{mean_rolls}");
    assert!(close((mean_rolls * 12.0).fract(), 0.0), "{mean_rolls}");
    assert_eq!(report["unfinished"], 0);
}

#[test]
fn a_run_of_no_games_reports_no_rates() {
    let report = arena(&["--seats", "random,easy", "--games", "0"]);
    assert_eq!(
        (&report["games"], &report["rotations"]),
        (&json!(0), &json!(0))
    );
    assert_eq!(report["mean_rolls"], Value::Null);
    for bot in bots(&report) {
        assert_eq!(
            (&bot["games"], &bot["win_rate"]),
            (&json!(0), &json!(0.0)),
            "{bot}"
        );
        assert_eq!(bot["mean_place"], Value::Null, "{bot}");
        assert_eq!(bot["decision_ms_median"], Value::Null, "{bot}");
    }
}

fn wins_by_seat(bot: &Value) -> Vec<u64> {
    bot["wins_by_seat"]
        .as_array()
        .expect("wins by seat")
        .iter()
        .map(number)
        .collect()
}

#[test]
fn the_table_gives_each_bots_wins_by_seat_as_the_json_counts_them() {
    let args = ["--seats", "medium,random", "--games", "40", "--seed", "6"];
    let report = arena(&args);
    let out = Command::new(env!("CARGO_BIN_EXE_ludo"))
        .arg("arena")
        .args(args)
        .output()
        .expect("run ludo");
    assert!(out.status.success());
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        table.contains("wins by seat, 20 games from each (red, yellow):"),
        "{table}"
    );
    for bot in bots(&report) {
        let label = bot["bot"].as_str().expect("label");
        let rates: Vec<String> = wins_by_seat(bot)
            .iter()
            .map(|&w| format!("{:.1}%", w as f64 * 5.0))
            .collect();
        let line = table
            .lines()
            .find(|l| l.trim_start().starts_with(label) && !l.contains("  40  "))
            .expect("a by-seat line");
        let found: Vec<&str> = line.split_whitespace().skip(1).collect();
        assert_eq!(found, rates, "{table}");
    }
}

#[test]
fn the_copies_of_a_player_that_sits_twice_are_also_counted_together() {
    let report = arena(&[
        "--seats",
        "medium,random,medium",
        "--games",
        "9",
        "--seed",
        "3",
    ]);
    let pooled = report["pooled"].as_array().expect("pooled");
    assert_eq!(pooled.len(), 1, "{report}");
    let all = &pooled[0];
    assert_eq!(all["bot"], "medium (all 2)");
    assert_eq!(all["copies"], 2);
    let copies: Vec<&Value> = bots(&report)
        .iter()
        .filter(|b| b["bot"].as_str().is_some_and(|l| l.starts_with("medium #")))
        .collect();
    assert_eq!(copies.len(), 2);
    for field in ["games", "wins", "decisions"] {
        let sum: u64 = copies.iter().map(|b| number(&b[field])).sum();
        assert_eq!(number(&all[field]), sum, "{field}");
    }
    for k in 0..3 {
        let sum: u64 = copies.iter().map(|b| number(&b["places"][k])).sum();
        assert_eq!(number(&all["places"][k]), sum, "place {k}");
    }
    let rate = all["win_rate"].as_f64().expect("rate");
    assert!(close(rate, number(&all["wins"]) as f64 / 18.0));
    // Nobody sits twice: nothing to pool.
    let single = arena(&["--seats", "medium,random", "--games", "2"]);
    assert_eq!(single["pooled"], json!([]));
}

#[test]
fn the_games_are_rounded_up_to_whole_rotations() {
    let report = arena(&["--seats", "random,random,random", "--games", "4"]);
    assert_eq!(report["games"], 6);
}

#[test]
fn twin_bots_split_the_wins_exactly_because_every_bot_plays_every_seat_with_the_same_dice() {
    // Two copies of a deterministic bot: in each rotation both seats see the same dice, so
    // whichever seat wins the first game, the other copy wins the second from that seat.
    let report = arena(&["--seats", "medium,medium", "--games", "20", "--seed", "9"]);
    let wins: Vec<u64> = bots(&report).iter().map(|b| number(&b["wins"])).collect();
    assert_eq!(wins, vec![10, 10]);
    // For the same reason the two copies won from the same seats: a rotation's winning
    // seat is the same in both its games, whoever sits there.
    let by_seat: Vec<Vec<u64>> = bots(&report).iter().map(wins_by_seat).collect();
    assert_eq!(by_seat[0], by_seat[1]);
    assert_eq!(by_seat[0].iter().sum::<u64>(), 10);
    let report = arena(&[
        "--rules",
        "parchis",
        "--seats",
        "hard,hard,hard,hard",
        "--games",
        "8",
    ]);
    let wins: Vec<u64> = bots(&report).iter().map(|b| number(&b["wins"])).collect();
    assert_eq!(wins, vec![2, 2, 2, 2]);
    let by_seat: Vec<Vec<u64>> = bots(&report).iter().map(wins_by_seat).collect();
    assert!(by_seat.iter().all(|s| *s == by_seat[0]), "{by_seat:?}");
}

/// What a run played, without its times: each bot's wins, places and decisions.
fn outcome(report: &Value) -> Vec<(u64, Value, u64)> {
    bots(report)
        .iter()
        .map(|b| {
            (
                number(&b["wins"]),
                b["places"].clone(),
                number(&b["decisions"]),
            )
        })
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_report_whatever_the_jobs() {
    let args = [
        "--rules",
        "mensch",
        "--seats",
        "easy,medium,random",
        "--games",
        "9",
        "--seed",
        "21",
    ];
    let one = arena(&args);
    let mut with_jobs = args.to_vec();
    with_jobs.extend(["--jobs", "2"]);
    let two = arena(&with_jobs);
    assert_eq!(outcome(&one), outcome(&two));
    let mut other_seed = args.to_vec();
    other_seed[7] = "22";
    assert_ne!(outcome(&one), outcome(&arena(&other_seed)));
}

#[test]
fn with_an_outside_engine_that_remembers_the_same_jobs_give_the_same_report() {
    // The program alternates its first and second move over its whole life, so what it
    // plays in a game depends on the games it played before. Each worker's copy plays a
    // fixed share of the games, in order: runs with the same --jobs agree.
    let engine = protocol_engine(
        "alternating",
        "n=0",
        r#"echo "{\"move\": $((n % 2))}"; n=$((n + 1))"#,
    );
    let seats = format!("cmd:sh {},random", engine.path.display());
    let args = [
        "--seats", &seats, "--games", "12", "--seed", "5", "--jobs", "3",
    ];
    let first = arena(&args);
    assert_eq!(number(&bots(&first)[0]["forfeits"]), 0, "{first}");
    for _ in 0..2 {
        assert_eq!(outcome(&first), outcome(&arena(&args)));
    }
}

#[test]
fn an_outside_engines_decision_times_leave_out_its_start() {
    // A program that takes a second to start and then answers at once: its decisions are
    // quick, and the second is nobody's decision.
    let engine = protocol_engine("slow_start", "sleep 1", r#"echo '{"move": 0}'"#);
    let seats = format!("cmd:sh {},random", engine.path.display());
    let report = arena(&["--seats", &seats, "--games", "2"]);
    let bot = &bots(&report)[0];
    assert_eq!(number(&bot["forfeits"]), 0, "{bot}");
    let p99 = bot["decision_ms_p99"].as_f64().expect("p99");
    assert!(p99 < 900.0, "{p99} ms: the start was timed as a decision");
}

#[test]
fn bad_arguments_are_refused_with_status_2() {
    for args in [
        vec!["--seats", "medium,grandmaster"],
        vec!["--seats", "medium"],
        vec!["--seats", "medium,easy", "--rules", "nonsense"],
        vec!["--seats", "medium,cmd:"],
        vec!["--seats", "medium,easy", "--move-timeout", "0"],
        // Counts that would overflow or take all memory, and more threads than make sense.
        vec![
            "--seats",
            "random,random",
            "--games",
            "18446744073709551615",
        ],
        vec!["--seats", "random,random", "--games", "100000000000"],
        vec!["--seats", "random,random", "--jobs", "100000"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_ludo"))
            .arg("arena")
            .args(&args)
            .output()
            .expect("run ludo");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// A shell script in a fresh directory of its own, removed with it when dropped.
struct Script {
    dir: PathBuf,
    path: PathBuf,
}

impl Drop for Script {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Writes a shell script into a fresh directory.
fn script(name: &str, body: &str) -> Script {
    let dir = std::env::temp_dir().join(format!("ludo-arena-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{name}.sh"));
    std::fs::write(&path, body).expect("write script");
    Script { dir, path }
}

/// A shell engine that keeps to the protocol: `start` runs first, then each hello is answered
/// with `name`, each choose by the shell command `answer`, and quit ends it.
fn protocol_engine(name: &str, start: &str, answer: &str) -> Script {
    let body = format!(
        r#"{start}
while read line; do
    case "$line" in
        *'"hello"'*) echo '{{"name": "{name}"}}' ;;
        *'"choose"'*) {answer} ;;
        *'"quit"'*) exit 0 ;;
    esac
done
"#
    );
    script(name, &body)
}

/// Plays 4 games of the outside engine against medium, a second a move (a shell that is
/// slow to start on a busy machine must not be taken for one that never answers); returns
/// the engine's report.
fn against_medium(path: &Path) -> Value {
    let seats = format!("cmd:sh {},medium", path.display());
    let started = Instant::now();
    let report = arena(&["--seats", &seats, "--games", "4", "--move-timeout", "1"]);
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "the arena took too long"
    );
    bots(&report)[0].clone()
}

#[test]
fn an_outside_engine_that_misbehaves_forfeits_each_game_and_is_named() {
    let hello = "read line\necho '{\"name\": \"NAME\"}'\n";
    let cases = [
        (
            "garbage",
            "read line\necho 'this is not json'\n",
            "bad answer: not a JSON object: this is not json",
        ),
        (
            "not_an_object",
            "while read line; do echo '[0]'; done\n",
            "bad answer: not a JSON object: [0]",
        ),
        (
            "long_line",
            "read line\nhead -c 1100000 /dev/zero | tr '\\0' x\necho\n",
            "bad answer: a line longer than 1048576 bytes",
        ),
        // A report quotes 80 characters of a bad answer, and marks a longer one as cut.
        (
            "eighty",
            "read line\necho yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\n",
            "bad answer: not a JSON object: yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy",
        ),
        (
            "chatty",
            "read line\necho yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\n",
            "bad answer: not a JSON object: yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…",
        ),
        // It closes its output and takes a moment to exit: the report waits for its status.
        (
            "slow_exit",
            "read line\nexec >&-\nsleep 0.3\nexit 3\n",
            "exited with status 3",
        ),
        // It closes its output and stays: the report must not say that it exited.
        (
            "stays",
            "read line\nexec >&-\nexec sleep 20\n",
            "closed its output and kept running",
        ),
        // Its first answer is whole though unended, and it is the exit that costs the game.
        ("unended", "read line\nprintf '{\"move\": 0}'\n", "exited"),
        ("sleeper", "read line\nexec sleep 20\n", "no answer within"),
        // It exits, but a process it started keeps its output open: it exited all the same.
        (
            "forker",
            "read line\nsleep 20 &\nexit 0\n",
            "exited with status 0, leaving its output open",
        ),
        ("quitter", "exit 3\n", "exited with status 3"),
        (
            "chooser",
            "while read line; do echo '{\"move\": 7}'; done\n",
            "illegal move index 7",
        ),
        (
            "wrong_shape",
            "while read line; do echo '{\"index\": 0}'; done\n",
            "bad answer",
        ),
    ];
    for (name, body, reason) in cases {
        let engine = script(name, &(hello.replace("NAME", name) + body));
        let bot = against_medium(&engine.path);
        assert_eq!(bot["name"], name, "{name}");
        assert_eq!(number(&bot["forfeits"]), 4, "{name}: {bot}");
        assert_eq!(number(&bot["wins"]), 0, "{name}");
        assert_eq!(number(&bot["places"][1]), 4, "{name}: last every game");
        for game in bot["forfeit_games"].as_array().expect("forfeits") {
            let why = game["reason"].as_str().expect("reason");
            assert!(why.contains(reason), "{name}: {why}");
            assert!(name == "chatty" || !why.contains('…'), "{name}: {why}");
        }
    }
}

#[test]
fn an_outside_engine_is_told_each_result_and_then_to_quit() {
    // "polite" keeps every line it is sent, and leaves when told to quit.
    let body = r#"log="$(dirname "$0")/seen.log"
while read line; do
    printf '%s\n' "$line" >> "$log"
    case "$line" in
        *'"hello"'*) echo '{"name": "polite"}' ;;
        *'"choose"'*) echo '{"move": 0}' ;;
        *'"quit"'*) exit 0 ;;
    esac
done
"#;
    let engine = script("polite", body);
    let seats = format!("cmd:sh {},random", engine.path.display());
    let report = arena(&["--seats", &seats, "--games", "2", "--jobs", "1"]);
    assert_eq!(number(&bots(&report)[0]["forfeits"]), 0, "{report}");
    let seen = std::fs::read_to_string(engine.dir.join("seen.log")).expect("the engine's log");
    let messages: Vec<Value> = seen
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let of_type = |t: &str| messages.iter().filter(|m| m["type"] == t).count();
    assert_eq!(messages[0]["type"], "hello", "{seen}");
    assert_eq!((of_type("hello"), of_type("result")), (1, 2), "{seen}");
    // It is asked exactly when it has a choice, two moves or more, and every question
    // is one of its decisions in the report.
    let choices: Vec<usize> = messages
        .iter()
        .filter(|m| m["type"] == "choose")
        .map(|m| m["moves"].as_array().map_or(0, Vec::len))
        .collect();
    assert!(choices.iter().all(|&k| k >= 2), "{choices:?}");
    assert!(choices.contains(&2), "{choices:?}");
    assert_eq!(number(&bots(&report)[0]["decisions"]), choices.len() as u64);
    for result in messages.iter().filter(|m| m["type"] == "result") {
        assert_eq!(
            result["places"].as_array().map(Vec::len),
            Some(2),
            "{result}"
        );
    }
    assert_eq!(
        messages.last().map(|m| &m["type"]),
        Some(&json!("quit")),
        "{seen}"
    );
}

#[test]
fn an_outside_engine_that_answers_unasked_or_stops_reading_cannot_hang_or_flood_the_arena() {
    // After its hello, "deaf" prints an answer every 10 ms and never reads again; "flood"
    // prints answers as fast as it can. A line waiting before a question is a fault, and a
    // program that does not take its input within the timeout forfeits too, so the arena
    // neither blocks writing to it nor keeps its output (it reads a few lines ahead only).
    // Whether a given question finds a stale line waiting is a matter of timing, so only
    // the kinds of fault are fixed, not their number.
    let hello = "read line\necho '{\"name\": \"NAME\"}'\n";
    let cases = [
        (
            "deaf",
            "while true; do echo '{\"move\": 0}'; sleep 0.01; done\n",
        ),
        ("flood", "exec yes '{\"move\": 0}'\n"),
    ];
    for (name, body) in cases {
        let engine = script(name, &(hello.replace("NAME", name) + body));
        let bot = against_medium(&engine.path);
        assert!(number(&bot["forfeits"]) >= 1, "{name}: {bot}");
        for game in bot["forfeit_games"].as_array().expect("forfeits") {
            let why = game["reason"].as_str().expect("reason");
            assert!(
                why.contains("nobody asked for") || why.contains("did not read its input"),
                "{name}: {why}"
            );
        }
    }
}

#[test]
fn an_outside_engine_that_never_says_hello_forfeits_and_the_table_names_it() {
    let table = two_games_against_random(&script("silent", "exec sleep 20\n").path);
    assert!(table.contains("forfeited 2 of 2 games"), "{table}");
    assert!(table.contains("no answer within"), "{table}");
}

#[test]
fn an_outside_engines_name_is_cut_short_and_cannot_write_lines_or_codes_into_the_report() {
    // It names itself with a right-to-left override, a line separator, a new line, a
    // carriage return and a terminal colour, then a hundred more characters, and then
    // forfeits by answering nonsense.
    let body = r#"read line
printf '{"name": "evil\\u202e\\u2028\\n\\u001b[31mRED\\rgame 0: fake%0100d"}\n' 0
read line
echo nonsense
"#;
    let table = two_games_against_random(&script("evil", body).path);
    let named = table
        .lines()
        .find(|l| l.contains("forfeited"))
        .unwrap_or_else(|| panic!("no forfeit line: {table}"));
    assert!(
        named.contains(r"(evil\u{202e}\u{2028}\n\u{1b}[31mRED\rgame 0: fake000"),
        "{named}"
    );
    assert!(named.contains("…) forfeited 2 of 2 games:"), "{named}");
    assert!(
        !table.contains(['\u{1b}', '\r', '\u{202E}', '\u{2028}']),
        "{table:?}"
    );
    assert!(
        !table
            .lines()
            .any(|l| l.starts_with("RED") || l.starts_with("game 0: fake"))
    );
    assert!(table.len() < 2_000, "{table}");
}

/// Plays 2 games of the outside engine `sh SCRIPT` against random, 0.2 s a move.
/// The report of two games of the script at `path` against a random bot, which the arena
/// must finish and report whatever the script does.
fn two_games_against_random(path: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ludo"))
        .args([
            "arena",
            "--seats",
            &format!("cmd:sh {},random", path.display()),
        ])
        .args(["--games", "2", "--move-timeout", "0.2"])
        .output()
        .expect("run ludo");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Whether a process is gone (or a zombie waiting to be reaped), on Linux.
#[cfg(target_os = "linux")]
fn is_gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_forfeiting_engine_is_stopped_with_everything_it_started() {
    let body = "sleep 60 &\necho $! > \"$(dirname \"$0\")/child.pid\"\nread line\nexec sleep 60\n";
    let engine = script("spawner", body);
    two_games_against_random(&engine.path);
    let pid = std::fs::read_to_string(engine.dir.join("child.pid"))
        .expect("the script wrote its child's pid");
    let pid = pid.trim();
    let deadline = Instant::now() + Duration::from_secs(5);
    while !is_gone(pid) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(is_gone(pid), "the engine's child {pid} outlived the arena");
}

#[cfg(target_os = "linux")]
#[test]
fn an_arena_ended_by_a_signal_ends_its_engines_and_what_they_started() {
    // The engine greets, notes its own pid and its child's, then thinks for a minute.
    let body = r#"read line
echo '{"name": "slow"}'
sleep 60 &
echo "$$ $!" > "$(dirname "$0")/pids.tmp"
mv "$(dirname "$0")/pids.tmp" "$(dirname "$0")/pids"
read line
wait
"#;
    let engine = script("signalled", body);
    for signal in ["INT", "TERM", "HUP"] {
        let pids = engine.dir.join("pids");
        let _ = std::fs::remove_file(&pids);
        let mut arena = Command::new(env!("CARGO_BIN_EXE_ludo"))
            .args(["arena", "--games", "2", "--move-timeout", "120", "--seats"])
            .arg(format!("cmd:sh {},random", engine.path.display()))
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("run ludo");
        let deadline = Instant::now() + Duration::from_secs(20);
        while !pids.exists() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let pids = std::fs::read_to_string(&pids).expect("the engine started");
        let kill = Command::new("kill")
            .args([format!("-{signal}"), arena.id().to_string()])
            .status()
            .expect("kill");
        assert!(kill.success());
        let status = arena.wait().expect("wait");
        assert_eq!(status.code(), Some(130), "{signal}");
        for pid in pids.split_whitespace() {
            let deadline = Instant::now() + Duration::from_secs(5);
            while !is_gone(pid) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(20));
            }
            assert!(
                is_gone(pid),
                "{pid} outlived the arena ended by SIG{signal}"
            );
        }
    }
}

#[test]
fn a_program_that_is_not_there_forfeits_instead_of_stopping_the_arena() {
    let report = arena(&["--seats", "cmd:/no/such/program,random", "--games", "2"]);
    let bot = &bots(&report)[0];
    assert_eq!(number(&bot["forfeits"]), 2);
    let why = bot["forfeit_games"][0]["reason"].as_str().expect("reason");
    assert!(why.contains("could not start"), "{why}");
    // It was asked nothing: no decisions, and no decision times.
    assert_eq!(number(&bot["decisions"]), 0, "{bot}");
    assert_eq!(bot["decision_ms_median"], Value::Null, "{bot}");
}

#[test]
fn an_answer_that_gives_a_key_twice_forfeits() {
    let engine = protocol_engine("twice", "", r#"echo '{"move": 0, "move": 1}'"#);
    let table = two_games_against_random(&engine.path);
    assert!(
        table.contains("bad answer: the key \"move\" is given twice in one object"),
        "{table}"
    );
}

#[test]
fn a_program_that_closes_its_input_is_said_to_have_closed_its_input() {
    // It closes its input, then answers the hello and the first question as asked.
    let body = r#"read line
exec 0<&-
echo '{"name": "deaf"}'
sleep 0.3
echo '{"move": 0}'
sleep 5
"#;
    let engine = script("deaf", body);
    let table = two_games_against_random(&engine.path);
    assert!(
        table.contains("closed its input and kept running"),
        "{table}"
    );
    assert!(!table.contains("closed its output"), "{table}");
}

#[test]
fn the_example_python_bot_plays_whole_games() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("python3 is not installed: skipped");
        return;
    }
    let bot = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/random_bot.py");
    for rules in ["classic", "parchis"] {
        let report = arena(&[
            "--rules",
            rules,
            "--seats",
            &format!("cmd:python3 {bot},random"),
            "--games",
            "4",
        ]);
        let engine = &bots(&report)[0];
        assert_eq!(engine["name"], "python-random");
        assert_eq!(number(&engine["forfeits"]), 0, "{engine}");
        assert!(number(&engine["decisions"]) > 0);
    }
}
