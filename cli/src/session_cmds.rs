//! `ludo replay`, `ludo verify` and `ludo stats`: a shared game stepped through move by
//! move, its dice checked against the seed, and its dice counted.
//!
//! Each takes a replay code (`ludo1.…`) or a save file; a save goes through the core's
//! loader, so a damaged one is refused with the reason.

use crate::failure::Failure;
use crate::{bounded, draw, narrate};
use ludo_core::echo::echo_within;
use ludo_core::replay::{self, Replayer};
use ludo_core::save::{self, SaveError};
use ludo_core::session::{GameEvent, SeatKind, Session};
use ludo_core::verify::{self, VerifyReport};
use std::io::{IsTerminal, Write};
use std::path::Path;

/// Options of `ludo replay`.
#[derive(clap::Args, Debug, Clone)]
pub struct ReplayArgs {
    /// A replay code (`ludo1.…`) or a save file.
    pub game: String,
    /// Print every move at once instead of waiting for Enter after each.
    #[arg(long)]
    pub all: bool,
    /// Draw the board after every move.
    #[arg(long)]
    pub board: bool,
}

/// Options of `ludo verify`.
#[derive(clap::Args, Debug, Clone)]
pub struct VerifyArgs {
    /// A save file or a replay code.
    pub game: String,
    /// The commitment published when the game began (64 hex digits, either case, spaces
    /// between groups allowed), to check the seed against. A save carries its own, but only the one noted at the start shows that the
    /// file is the game that was played with it.
    #[arg(long)]
    pub commitment: Option<String>,
    /// Also print every seat's rolls as the seed gives them.
    #[arg(long)]
    pub rolls: bool,
}

/// Options of `ludo stats`.
#[derive(clap::Args, Debug, Clone)]
pub struct StatsArgs {
    /// A save file or a replay code.
    pub game: String,
}

/// Whether an argument names a replay code (`ludo1.…`) rather than a file.
fn is_code(arg: &str) -> bool {
    let arg = arg.trim();
    let versioned = arg
        .strip_prefix("ludo")
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
    versioned && !Path::new(arg).exists()
}

fn read_file(path: &str) -> Result<Vec<u8>, Failure> {
    bounded::read_file(Path::new(path), path)
}

fn save_failure(what: &str, e: SaveError) -> Failure {
    Failure::bad_input(format!("{what}: {e}"))
}

/// The game in a code or a save file, replayed to where it stands.
fn load_game(arg: &str) -> Result<Session, Failure> {
    if is_code(arg) {
        replay::decode(arg).map_err(|e| save_failure("the code", e))
    } else {
        save::load(&read_file(arg)?).map_err(|e| save_failure(arg, e))
    }
}

/// Seat `seat`'s name as the terminal shows it, or "?" for a seat the game does not have.
fn seat_name(session: &Session, seat: usize) -> String {
    session
        .seat(seat)
        .map_or_else(|| "?".to_owned(), |s| narrate::shown_name(&s.name))
}

fn seat_label(session: &Session, seat: usize) -> String {
    format!("{} ({})", seat_name(session, seat), session.colour(seat))
}

fn kind_label(kind: &SeatKind) -> String {
    match kind {
        SeatKind::Human => "human".to_string(),
        SeatKind::Bot { level } => format!("bot, {level}"),
    }
}

/// One step's events in words: "rolls 6, enters piece 2 onto start square 0 (safe),
/// rolls again".
fn describe(session: &Session, events: &[GameEvent]) -> String {
    let engine = session.engine();
    let pos = session.position();
    let board_colour = |seat: u8| pos.seat_colour.get(seat as usize).copied().unwrap_or(0) as usize;
    let place = |seat: u8, p: u8| narrate::place_name(engine, board_colour(seat), p);
    let parts: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Rolled { value, .. } => Some(format!("rolls {value}")),
            GameEvent::NoMove { .. } => Some("no move".into()),
            GameEvent::Moved {
                seat,
                piece,
                partner,
                from,
                to,
            } => {
                let pieces = match partner {
                    Some(p) => format!("pieces {} and {}", piece + 1, p + 1),
                    None => format!("piece {}", piece + 1),
                };
                Some(match from {
                    None => format!("enters {pieces} onto {}", place(*seat, *to)),
                    Some(f) if engine.at_end(*to) && engine.board.home.is_some() => {
                        format!("brings {pieces} home from {}", place(*seat, *f))
                    }
                    Some(f) => format!(
                        "moves {pieces} from {} to {}",
                        place(*seat, *f),
                        place(*seat, *to)
                    ),
                })
            }
            GameEvent::Captured { seat, piece, .. } => Some(format!(
                "captures {} {}",
                session.colour(*seat as usize),
                piece + 1
            )),
            GameEvent::Bonus { count, .. } => Some(format!("earns +{count}")),
            GameEvent::BonusLapsed { count, .. } => Some(format!("the bonus of {count} is lost")),
            GameEvent::ExtraRoll { .. } => Some("rolls again".into()),
            GameEvent::ThreeSixes { sent_home, .. } => Some(match sent_home {
                None => "third six in a row: burnt".into(),
                Some(p) => format!("third six in a row: piece {} back to the yard", p + 1),
            }),
            GameEvent::Finished { place, .. } => Some(format!("finishes in place {place}")),
            GameEvent::RollOff { .. }
            | GameEvent::Starts { .. }
            | GameEvent::GameOver { .. }
            | GameEvent::Undone { .. } => None,
        })
        .collect();
    parts.join(", ")
}

/// The seat a step belongs to: the one that rolled or moved (a step is a roll or a choice,
/// and whatever else it holds follows from that).
fn actor(events: &[GameEvent]) -> Option<u8> {
    events.iter().find_map(|e| match e {
        GameEvent::Rolled { seat, .. } | GameEvent::Moved { seat, .. } => Some(*seat),
        _ => None,
    })
}

fn places_line(session: &Session) -> String {
    session
        .places()
        .iter()
        .zip(session.ranks())
        .map(|(&s, rank)| format!("{rank}. {}", seat_label(session, s as usize)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Runs `ludo replay`: the game's seats, the roll-off, then one line a move.
pub fn run_replay(args: &ReplayArgs) -> Result<(), Failure> {
    let game = load_game(&args.game)?;
    let mut replayer = Replayer::new(&game)
        .map_err(|e| Failure::bad_input(format!("the game does not start: {e}")))?;
    let out = std::io::stdout();
    let mut out = out.lock();
    let s = replayer.session();
    writeln!(out, "Rules: {}", s.engine().rules.preset)?;
    for (i, seat) in s.seats().iter().enumerate() {
        writeln!(
            out,
            "Seat {}: {} ({}, {})",
            i + 1,
            narrate::shown_name(&seat.name),
            s.colour(i),
            kind_label(&seat.kind)
        )?;
    }
    let roll_off: Vec<String> = s
        .events()
        .iter()
        .filter_map(|e| match e {
            GameEvent::RollOff { seat, value } => {
                Some(format!("{} {value}", seat_name(s, *seat as usize)))
            }
            _ => None,
        })
        .collect();
    writeln!(
        out,
        "Roll-off: {}; {} starts",
        roll_off.join(", "),
        seat_label(s, s.position().turn as usize)
    )?;
    writeln!(out, "Seed commitment: {}", s.commitment())?;
    let interactive = !args.all;
    let prompt = interactive && std::io::stdin().is_terminal();
    let mut waiting = interactive;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut step = 0;
    while !replayer.is_done() {
        if waiting {
            if prompt {
                write!(out, "-- Enter: next move, q: quit -- ")?;
                out.flush()?;
            }
            match crate::typed::read_answer(&mut input)? {
                // No more input: show the rest.
                None => waiting = false,
                Some(line) if line.eq_ignore_ascii_case("q") => return Ok(()),
                Some(_) => {}
            }
        }
        let Some(events) = replayer.step() else { break };
        step += 1;
        let s = replayer.session();
        let who = actor(&events).map_or_else(String::new, |seat| seat_label(s, seat as usize));
        writeln!(out, "{step:>4}. {who} {}", describe(s, &events))?;
        if args.board {
            writeln!(out, "{}", draw::render(s.engine(), s.position(), false))?;
        }
    }
    let s = replayer.session();
    if s.is_over() {
        writeln!(out, "Game over: {}", places_line(s))?;
        writeln!(out, "Seed: {}", s.setup().seed.to_hex())?;
    } else {
        writeln!(
            out,
            "The game stops here, not over; {} is to move",
            seat_label(s, s.position().turn as usize)
        )?;
    }
    Ok(())
}

/// Runs `ludo verify`: prints what was checked and what did not match; fails unless valid.
pub fn run_verify(args: &VerifyArgs) -> Result<(), Failure> {
    let noted = args.commitment.as_deref().map(commitment_arg).transpose()?;
    // A file checked without --commitment: what its own commitment is worth, for the report.
    let mut file_commitment = None;
    let (report, names): (VerifyReport, Vec<String>) = if is_code(&args.game) {
        let (report, game) = verify::verify_code_game(&args.game, noted.as_deref())
            .map_err(|e| save_failure("the code", e))?;
        let names = (0..game.seats().len())
            .map(|i| seat_label(&game, i))
            .collect();
        (report, names)
    } else {
        let bytes = read_file(&args.game)?;
        let mut report = verify::verify_save(&bytes).map_err(|e| save_failure(&args.game, e))?;
        let doc = save::parse(&bytes).ok();
        if let Some(given) = noted {
            // The commitment noted at the start is the one that counts: it replaces the
            // file's own in the report. Listed after a replay that failed (the report's
            // first problem says why it failed), and once when it is the file's own.
            let own = doc.as_ref().map(|doc| doc.commitment.as_str());
            if given != report.commitment && own != Some(given.as_str()) {
                report.problems.insert(
                    usize::from(!report.replayed),
                    SaveError::CommitmentMismatch {
                        commitment: given.clone(),
                        computed: report.commitment.clone(),
                    },
                );
            }
            report.published = Some(given);
        } else {
            report.published = None;
            let version_1 = doc.as_ref().is_some_and(|doc| doc.schema < 2);
            file_commitment = Some(if version_1 {
                "none in this version-1 file (the seed's is computed on loading); pass --commitment with the one shown when the game began"
            } else {
                "only the file's own; pass --commitment with the one shown when the game began, to know this is that game's seed"
            });
        }
        let names = doc
            .map(|doc| {
                doc.setup
                    .seats
                    .iter()
                    .map(|s| match s.colour {
                        Some(c) => format!("{} ({c})", narrate::shown_name(&s.name)),
                        None => narrate::shown_name(&s.name),
                    })
                    .collect()
            })
            .unwrap_or_default();
        (report, names)
    };
    let out = std::io::stdout();
    let mut out = out.lock();
    print_report(&mut out, &report, &names, args.rolls, file_commitment)?;
    if report.is_valid() {
        Ok(())
    } else {
        Err(Failure::bad_input(format!(
            "the game does not verify: {} problem(s)",
            report.problems.len() + report.more_problems
        )))
    }
}

/// Checks `--commitment`: 64 hex digits, in any case, spaces between groups allowed.
fn commitment_arg(text: &str) -> Result<String, Failure> {
    verify::parse_commitment(text).ok_or_else(|| {
        Failure::bad_input(format!(
            "--commitment: \"{}\" is not 64 hex digits (spaces between groups are allowed)",
            echo_within(text, 80)
        ))
    })
}

/// Prints what `ludo verify` checked. `file_commitment`: what the commitment line says of a
/// save checked without one noted when the game began.
fn print_report(
    out: &mut impl Write,
    r: &VerifyReport,
    names: &[String],
    rolls: bool,
    file_commitment: Option<&str>,
) -> std::io::Result<()> {
    writeln!(out, "seed:          {}", r.seed)?;
    writeln!(out, "SHA-256(seed): {}", r.commitment)?;
    match (&r.published, file_commitment) {
        (Some(p), _) if *p == r.commitment => writeln!(out, "commitment:    {p} (matches)")?,
        (Some(p), _) => writeln!(out, "commitment:    {p} (DOES NOT MATCH)")?,
        (None, Some(note)) => writeln!(out, "commitment:    {note}")?,
        (None, None) => writeln!(
            out,
            "commitment:    none given (pass --commitment with the one shown when the game began)"
        )?,
    }
    if r.rolls_compared > 0 {
        writeln!(
            out,
            "recorded rolls compared with the seed: {}",
            r.rolls_compared
        )?;
    }
    if !r.replayed {
        writeln!(
            out,
            "rolls recomputed by replaying the game: none, the game could not be replayed (the first problem says why)"
        )?;
    } else {
        writeln!(
            out,
            "rolls recomputed by replaying the game: {}",
            r.rolls_replayed
        )?;
    }
    if r.replayed && !r.over {
        writeln!(
            out,
            "note: the game is not over: only the rolls made so far were checked, and the seed shown gives away every roll to come"
        )?;
    }
    if rolls {
        for (seat, values) in r.seat_rolls.iter().enumerate() {
            let name = names
                .get(seat)
                .cloned()
                .unwrap_or_else(|| format!("seat {seat}"));
            let digits: String = values.iter().map(|v| char::from(b'0' + v)).collect();
            writeln!(out, "{name}: {digits}")?;
        }
    }
    for p in &r.problems {
        let text = match p {
            SaveError::RollMismatch { seat, .. } => {
                let name = names.get(*seat as usize).cloned().unwrap_or_default();
                format!("{p} [{name}]")
            }
            other => other.to_string(),
        };
        writeln!(out, "problem: {text}")?;
    }
    if r.more_problems > 0 {
        writeln!(out, "... and {} more problems", r.more_problems)?;
    }
    if r.is_valid() {
        // What the dice can vouch for, and what they cannot.
        writeln!(
            out,
            "every roll came from this seed; the choices and seats are the file's own, which the dice cannot vouch for"
        )?;
    }
    writeln!(out, "{}", if r.is_valid() { "VALID" } else { "INVALID" })
}

/// Runs `ludo stats`: each seat's face counts with a chi-square p-value.
pub fn run_stats(args: &StatsArgs) -> Result<(), Failure> {
    let game = load_game(&args.game)?;
    let stats = verify::dice_stats(&game);
    let out = std::io::stdout();
    let mut out = out.lock();
    let labels: Vec<String> = stats
        .iter()
        .map(|d| format!("{} ({})", narrate::shown_name(&d.name), d.colour))
        .collect();
    let width = labels
        .iter()
        .map(|label| label.chars().count())
        .max()
        .unwrap_or(4)
        .max("all seats".len());
    writeln!(
        out,
        "{:width$} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>6} {:>7} {:>7}",
        "seat", "1", "2", "3", "4", "5", "6", "rolls", "chi²", "p"
    )?;
    let mut total = [0u64; 6];
    let row = |out: &mut std::io::StdoutLock, label: &str, counts: &[u64; 6]| {
        let (x, p) = verify::fairness(counts);
        let c = counts;
        let n: u64 = c.iter().sum();
        let p = p.map_or("-".to_string(), |p| format!("{p:.3}"));
        writeln!(
            out,
            "{label:width$} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {n:>6} {x:>7.2} {p:>7}",
            c[0], c[1], c[2], c[3], c[4], c[5]
        )
    };
    for (d, label) in stats.iter().zip(&labels) {
        for (t, c) in total.iter_mut().zip(d.counts) {
            *t += c;
        }
        row(&mut out, label, &d.counts)?;
    }
    row(&mut out, "all seats", &total)?;
    writeln!(
        out,
        "p: the chance that a fair die gives counts at least this uneven (chi-square, 5 degrees of freedom); the roll-off is counted"
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_core::dice::Seed;
    use ludo_core::rules::RulesSpec;
    use ludo_core::session::{GameSetup, Seat};

    fn finished() -> Session {
        let setup = GameSetup {
            rules: RulesSpec::Preset("classic".into()),
            seats: vec![Seat::bot("A", "random"), Seat::bot("B", "random")],
            seed: Seed::from_u64(3),
            online: false,
            created_at: 0,
        };
        let mut s = Session::new(setup).expect("session");
        while !s.is_over() {
            s.play_bot().expect("bot");
        }
        s
    }

    #[test]
    fn replay_steps_are_told_in_words() {
        let game = finished();
        let mut r = Replayer::new(&game).expect("replayer");
        let mut lines = Vec::new();
        while let Some(events) = r.step() {
            lines.push(describe(r.session(), &events));
        }
        assert!(
            lines
                .iter()
                .all(|l| l.starts_with("rolls ") || l.contains("bonus"))
        );
        assert!(
            lines.iter().any(|l| l.contains("enters piece")),
            "{lines:?}"
        );
        assert!(lines.iter().any(|l| l.contains("brings piece")));
        assert!(lines.iter().any(|l| l.contains("finishes in place 1")));
    }

    /// `print_report`'s text for `r`, with two named seats.
    fn report_text(r: &VerifyReport, rolls: bool, file_commitment: Option<&str>) -> String {
        let mut out = Vec::new();
        let names = ["Ann (red)".to_owned(), "Bob (yellow)".to_owned()];
        print_report(&mut out, r, &names, rolls, file_commitment).expect("write");
        String::from_utf8(out).expect("UTF-8")
    }

    fn report() -> VerifyReport {
        VerifyReport {
            commitment: "c0ffee".into(),
            published: None,
            seed: "5eed".into(),
            rolls_compared: 0,
            rolls_replayed: 7,
            seat_rolls: vec![vec![6, 1, 2], vec![3, 4, 5, 6]],
            over: true,
            replayed: true,
            problems: Vec::new(),
            more_problems: 0,
        }
    }

    #[test]
    fn a_valid_report_says_what_was_checked_and_what_the_dice_cannot_vouch_for() {
        let text = report_text(&report(), false, None);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "seed:          5eed");
        assert_eq!(lines[1], "SHA-256(seed): c0ffee");
        assert!(lines[2].starts_with("commitment:    none given"), "{text}");
        // No recorded rolls to compare: that line is left out.
        assert_eq!(lines[3], "rolls recomputed by replaying the game: 7");
        assert!(lines[4].contains("cannot vouch for"), "{text}");
        assert_eq!(lines[5..], ["VALID"]);

        // Compared rolls, a published commitment that matches, each seat's rolls, and a game
        // not over.
        let r = VerifyReport {
            rolls_compared: 1,
            published: Some("c0ffee".into()),
            over: false,
            ..report()
        };
        let text = report_text(&r, true, None);
        for line in [
            "commitment:    c0ffee (matches)",
            "recorded rolls compared with the seed: 1",
            "Ann (red): 612",
            "Bob (yellow): 3456",
        ] {
            assert!(text.lines().any(|l| l == line), "{line}:\n{text}");
        }
        assert!(text.contains("note: the game is not over"), "{text}");
        // The file's own commitment, as the caller describes it.
        let text = report_text(&report(), false, Some("abc (the file's own)"));
        assert!(
            text.contains("commitment:    abc (the file's own)\n"),
            "{text}"
        );
    }

    #[test]
    fn an_invalid_report_names_each_problem_and_counts_the_rest() {
        let mismatch = SaveError::RollMismatch {
            seat: 1,
            index: 2,
            recorded: Some(6),
            computed: Some(5),
        };
        let r = VerifyReport {
            published: Some("bad".into()),
            problems: vec![mismatch],
            more_problems: 3,
            ..report()
        };
        let text = report_text(&r, false, None);
        assert!(
            text.contains("commitment:    bad (DOES NOT MATCH)\n"),
            "{text}"
        );
        assert!(
            text.lines()
                .any(|l| l.starts_with("problem: rolls[1][2]") && l.ends_with("[Bob (yellow)]")),
            "{text}"
        );
        assert!(text.contains("... and 3 more problems\n"), "{text}");
        assert!(!text.contains("cannot vouch"), "{text}");
        // A game that could not be replayed claims no count and no "not over".
        let r = VerifyReport {
            replayed: false,
            over: false,
            rolls_replayed: 0,
            ..r
        };
        let text = report_text(&r, false, None);
        assert!(
            text.contains("replaying the game: none, the game could not be replayed"),
            "{text}"
        );
        assert!(!text.contains("not over"), "{text}");
        assert!(text.ends_with("\nINVALID\n"), "{text}");
        // A single problem: no "more" line.
        let r = VerifyReport {
            problems: vec![SaveError::BadCode("cut".into())],
            ..report()
        };
        assert!(!report_text(&r, false, None).contains("more problems"));
    }

    #[test]
    fn codes_and_files_are_told_apart() {
        assert!(is_code("ludo1.AAAA"));
        assert!(!is_code("saves/game.ludo.json"));
    }

    #[test]
    fn a_forged_save_does_not_verify() {
        let game = finished();
        let mut doc: serde_json::Value = serde_json::from_str(&save::to_json(&game)).expect("json");
        doc["rolls"][0] = serde_json::json!("666666");
        let path = std::env::temp_dir().join(format!("ludo-forged-{}.json", std::process::id()));
        std::fs::write(&path, doc.to_string()).expect("write");
        let args = VerifyArgs {
            game: path.display().to_string(),
            commitment: None,
            rolls: false,
        };
        let result = run_verify(&args);
        let _ = std::fs::remove_file(&path);
        assert!(matches!(result, Err(Failure::BadInput(_))));
        let ok = VerifyArgs {
            game: ludo_core::replay::encode(&game),
            commitment: Some(game.commitment()),
            rolls: true,
        };
        assert!(run_verify(&ok).is_ok());
    }
}
