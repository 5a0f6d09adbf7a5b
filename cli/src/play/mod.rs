//! `ludo play`: a game in the terminal, against the computer or friends at one keyboard.
//!
//! The game is a core [`Session`]: the roll-off, the rolls, the choices, undo, and the save
//! that lets a game be left and taken up again. This module only asks and tells: a person
//! presses Enter to roll and types a number to choose (`?` asks the expert for a hint, `u`
//! takes back the last choice, `q` saves and leaves, `h` lists these); a computer seat plays
//! at its level. Everything that happens is told in words from the session's events; a
//! person also sees the board, in colour unless `NO_COLOR` is set or `TERM=dumb`.
//!
//! The game is saved in the autosave slot of a save folder after every decision and before
//! every prompt, so a game that is left, or killed, is offered again at the next start, at
//! the prompt it was left at (`--resume` takes it up without asking; `--new` starts
//! afresh). A game kept anywhere can be loaded with `--load`; one kept in the save folder is
//! taken up, so that it goes on in the slot and its own file goes. A second game playing in the
//! same folder takes the slot over; the first then notices and saves under its own name. A
//! finished game is also kept under its own name, the file `ludo verify` is pointed at.
//!
//! This file reads the options and finds the game to play; `table` plays it, `terminal`
//! reads the keyboard and writes the screen, and `saves` keeps the game on disk.

pub(crate) mod saves;
mod table;
pub(crate) mod terminal;

use crate::failure::Failure;
use crate::{bounded, rules_arg};
use ludo_core::Engine;
use ludo_core::bots::LEVELS;
use ludo_core::dice::Seed;
use ludo_core::rules::RulesSpec;
use ludo_core::save;
use ludo_core::session::{
    GameSetup, MAX_NAME_LEN, Seat, SeatKind, Session, SessionError, unix_now,
};
use saves::Saver;
use serde_json::Value;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use table::Table;
use terminal::Terminal;

/// Options of `ludo play`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct PlayArgs {
    /// A preset id (classic, ludo_multijoueur, ludo_blocks, parchis, parchis6, mensch,
    /// petits_chevaux), or a preset with options as JSON:
    /// `{"preset": "ludo_multijoueur", "options": {"safe_stars": true}}`. Default: classic.
    #[arg(long)]
    pub rules: Option<String>,
    /// Who sits at each seat, in turn order: `human`, or a computer level (`easy`,
    /// `medium`, `hard`, `expert`, or `random`; `cpu` is `medium`), e.g.
    /// `human,expert,medium,easy` (2 to 4 seats, up to 6 on parchis6). Default: you, and a
    /// medium computer in every other seat of the board.
    #[arg(long)]
    pub seats: Option<String>,
    /// The dice seed: a number, or 64 hex digits. Default: a random seed, revealed when
    /// the game is over.
    #[arg(long)]
    pub seed: Option<String>,
    /// Names for the seats, comma-separated, in seat order.
    #[arg(long)]
    pub names: Option<String>,
    /// Play on from a save file (the game keeps its own rules, seats and dice).
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// Take up the last unfinished game without asking.
    #[arg(long)]
    pub resume: bool,
    /// Start a new game without offering the last unfinished one (it is kept as a save).
    #[arg(long)]
    pub new: bool,
    /// The folder of saved games and the autosave. Default: `$XDG_DATA_HOME/ludo`, or
    /// `$HOME/.local/share/ludo`.
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// A pause after each computer action, in milliseconds (0 to 5000), to watch a game of
    /// computers as it is played. Default: none.
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub delay: u64,
}

/// The longest `--delay`, in milliseconds.
const MAX_DELAY_MS: u64 = 5_000;

/// The level a `cpu` seat plays.
const CPU_LEVEL: &str = "medium";

/// Runs `ludo play` on standard input and output.
pub fn run(args: &PlayArgs) -> Result<(), Failure> {
    check_combinations(args)?;
    // A new game's options are checked first, so that a mistake is reported before any
    // save is touched.
    let setup = if args.load.is_none() {
        Some(new_setup(args)?)
    } else {
        None
    };
    let mut saver = Saver::open(args)?;
    let mut term = Terminal {
        input: std::io::stdin().lock(),
        out: std::io::stdout().lock(),
        ansi: crate::paint::wanted(std::io::stdout().is_terminal()),
        echo: !std::io::stdin().is_terminal(),
    };
    let interactive = std::io::stdin().is_terminal();
    let Some((session, start)) = open_game(&mut term, &mut saver, args, setup, interactive)? else {
        return Ok(());
    };
    session
        .check_playable()
        .map_err(|e| Failure::bad_input(format!("the game cannot go on here: {e}")))?;
    let mut table = Table::new(session, term, saver);
    table.bot_pause = std::time::Duration::from_millis(args.delay);
    table.play(start)
}

/// Refuses options that cannot go together.
/// The first option given that sets up a new game (`--rules`, `--seats`, `--seed`,
/// `--names`), if any.
fn new_game_option(args: &PlayArgs) -> Option<&'static str> {
    [
        ("--rules", args.rules.is_some()),
        ("--seats", args.seats.is_some()),
        ("--seed", args.seed.is_some()),
        ("--names", args.names.is_some()),
    ]
    .into_iter()
    .find_map(|(name, given)| given.then_some(name))
}

fn check_combinations(args: &PlayArgs) -> Result<(), Failure> {
    let given = new_game_option(args);
    if args.load.is_some() {
        if let Some(option) = given {
            return Err(Failure::bad_input(format!(
                "--load: a loaded game keeps its own rules, seats, seed and names; drop {option}"
            )));
        }
        if args.resume || args.new {
            return Err(Failure::bad_input(
                "--load: cannot go with --resume or --new",
            ));
        }
    }
    if args.delay > MAX_DELAY_MS {
        return Err(Failure::bad_input(format!(
            "--delay: at most {MAX_DELAY_MS} ms"
        )));
    }
    if args.resume && args.new {
        return Err(Failure::bad_input("--resume and --new cannot go together"));
    }
    if args.resume
        && let Some(option) = given
    {
        return Err(Failure::bad_input(format!(
            "--resume: the game taken up keeps its own rules, seats, seed and names; drop {option}"
        )));
    }
    Ok(())
}

/// The setup of a new game from the options.
fn new_setup(args: &PlayArgs) -> Result<GameSetup, Failure> {
    let rules_text = args.rules.as_deref().unwrap_or("classic");
    let rules = parse_rules(rules_text)?;
    let engine = rules_arg::engine(rules_text)?;
    let kinds = parse_seats(args.seats.as_deref(), &engine)?;
    let names = parse_names(args.names.as_deref(), &kinds)?;
    let seed = match &args.seed {
        Some(text) => parse_seed(text)?,
        None => Seed::random(),
    };
    let seats = kinds
        .into_iter()
        .zip(names)
        .map(|(kind, name)| Seat {
            name,
            kind,
            colour: None,
        })
        .collect();
    Ok(GameSetup {
        rules,
        seats,
        seed,
        online: false,
        created_at: unix_now(),
    })
}

/// Parses `--rules` as a session records it: a preset id, or a preset with options. A full
/// rules object (accepted by `moves` and `apply`) cannot be saved, so it is refused here.
fn parse_rules(text: &str) -> Result<RulesSpec, Failure> {
    let value = rules_arg::value(text)?;
    match &value {
        Value::Object(map) if !map.keys().all(|k| k == "preset" || k == "options") => {
            Err(Failure::bad_input(
                "--rules: a game that is saved takes a preset id or {\"preset\": ..., \"options\": {...}}, not a full rules object",
            ))
        }
        _ => serde_json::from_value(value).map_err(|e| Failure::bad_input(format!("--rules: {e}"))),
    }
}

/// Parses `--seats`: `human` or a computer level for each seat, or the default of one
/// human and medium computers.
fn parse_seats(arg: Option<&str>, engine: &Engine) -> Result<Vec<SeatKind>, Failure> {
    let bot = |level: &str| SeatKind::Bot {
        level: level.to_string(),
    };
    let kinds: Vec<SeatKind> = match arg {
        None => std::iter::once(SeatKind::Human)
            .chain(std::iter::repeat_n(
                bot(CPU_LEVEL),
                engine.board.colours as usize - 1,
            ))
            .collect(),
        Some(text) => text
            .split(',')
            .map(|word| match word.trim().to_ascii_lowercase().as_str() {
                "human" | "h" => Ok(SeatKind::Human),
                "cpu" | "c" | "computer" => Ok(bot(CPU_LEVEL)),
                level if LEVELS.contains(&level) => Ok(bot(level)),
                other => Err(Failure::bad_input(format!(
                    "--seats: \"{}\" is not a seat: use human, cpu or a level ({})",
                    ludo_core::echo::echo(other),
                    LEVELS.join(", ")
                ))),
            })
            .collect::<Result<_, _>>()?,
    };
    rules_arg::check_seats(engine, kinds.len())?;
    Ok(kinds)
}

/// Parses `--names`, or names the seats "you" / "player k" for people and by their level
/// for computers.
fn parse_names(arg: Option<&str>, kinds: &[SeatKind]) -> Result<Vec<String>, Failure> {
    if let Some(text) = arg {
        let names: Vec<String> = text.split(',').map(|n| n.trim().to_string()).collect();
        if names.len() != kinds.len() {
            return Err(Failure::bad_input(format!(
                "--names: {} names for {} seats",
                names.len(),
                kinds.len()
            )));
        }
        if names.iter().any(String::is_empty) {
            return Err(Failure::bad_input("--names: a name is empty"));
        }
        if names.iter().any(|n| n.chars().any(char::is_control)) {
            return Err(Failure::bad_input(
                "--names: a name holds a control character (a line break, an escape)",
            ));
        }
        if let Some(long) = names.iter().find(|n| n.len() > MAX_NAME_LEN) {
            return Err(Failure::bad_input(format!(
                "--names: \"{long}\" is longer than {MAX_NAME_LEN} bytes"
            )));
        }
        return Ok(names);
    }
    let humans = kinds.iter().filter(|k| **k == SeatKind::Human).count();
    let mut k = 0;
    Ok(kinds
        .iter()
        .map(|kind| match kind {
            SeatKind::Bot { level } => level.clone(),
            SeatKind::Human if humans == 1 => "you".to_string(),
            SeatKind::Human => {
                k += 1;
                format!("player {k}")
            }
        })
        .collect())
}

/// Parses `--seed`: 64 hex digits, or a number.
fn parse_seed(text: &str) -> Result<Seed, Failure> {
    let text = text.trim();
    if let Some(seed) = Seed::from_hex(text) {
        return Ok(seed);
    }
    text.parse::<u64>().map(Seed::from_u64).map_err(|_| {
        Failure::bad_input(format!(
            "--seed: \"{text}\" is neither a number nor 64 hex digits"
        ))
    })
}

/// Whether an unfinished game in the slot is worth asking about or keeping when another game
/// takes the slot: not one left before its first roll after the roll-off, which holds no
/// choice of anybody's (`--resume` still takes it up).
fn worth_keeping(session: &Session) -> bool {
    terminal::turn_rolls(session) > 0
}

/// How the game at the table came to be.
enum Start {
    New,
    Resumed,
    Loaded(PathBuf),
    /// Loaded from a game kept in the save folder, which now goes on in the autosave slot.
    TakenUp(PathBuf),
}

/// Finds the game to play: the loaded file, the last unfinished game (when resumed), or a
/// new one. `None` when the player leaves at the question.
fn open_game<R: BufRead, W: Write>(
    term: &mut Terminal<R, W>,
    saver: &mut Saver,
    args: &PlayArgs,
    setup: Option<GameSetup>,
    interactive: bool,
) -> Result<Option<(Session, Start)>, Failure> {
    let last = saver.last_unfinished();
    if let Some(file) = &args.load {
        let shown = file.display();
        let bytes = bounded::read_file(file, &format!("--load: {shown}"))?;
        let session =
            save::load(&bytes).map_err(|e| Failure::bad_input(format!("--load: {shown}: {e}")))?;
        if let Some(last) = last
            && worth_keeping(&last.session)
            && !same_game(&last.session, &session)
        {
            saver.keep(&mut term.out, &last.session)?;
        }
        // A game kept in this folder goes on in the slot, and its own file goes.
        if let Some(taken) = saver.take_up(file, &session) {
            return Ok(Some((taken, Start::TakenUp(file.clone()))));
        }
        return Ok(Some((session, Start::Loaded(file.clone()))));
    }
    if let Some(last) = last {
        let resume = if args.resume {
            true
        } else if args.new || !interactive || !worth_keeping(&last.session) {
            false
        } else {
            match term.ask_resume(&last.session, new_game_option(args).is_some())? {
                Some(answer) => answer,
                None => return Ok(None),
            }
        };
        if resume {
            return Ok(Some((last.session, Start::Resumed)));
        }
        if worth_keeping(&last.session) {
            saver.keep(&mut term.out, &last.session)?;
        }
    } else if args.resume {
        writeln!(term.out, "No unfinished game to resume; a new game starts.")?;
    }
    let setup = match setup {
        Some(setup) => setup,
        None => new_setup(&PlayArgs::default())?,
    };
    let session = Session::new(setup).map_err(|e| match e {
        SessionError::Seats(text) => Failure::bad_input(format!("--seats: {text}")),
        SessionError::Rules(e) => Failure::bad_input(format!("--rules: {e}")),
        other => Failure::bad_input(other.to_string()),
    })?;
    Ok(Some((session, Start::New)))
}

/// Whether two sessions are the same game at the same point.
fn same_game(a: &Session, b: &Session) -> bool {
    a.commitment() == b.commitment() && a.rolls().len() == b.rolls().len()
}

#[cfg(test)]
mod tests {
    use super::terminal::{Answer, choice_answer, label, roll_answer};
    use super::*;
    use ludo_core::bots::bot_for;
    use ludo_core::json::parse_position;
    use ludo_core::{Input, Move, MoveList, Position};
    use serde_json::json;
    use std::io::Cursor;

    fn terminal(input: &str) -> Terminal<Cursor<Vec<u8>>, Vec<u8>> {
        Terminal {
            input: Cursor::new(input.as_bytes().to_vec()),
            out: Vec::new(),
            ansi: false,
            echo: false,
        }
    }

    fn session(seed: u64) -> Session {
        Session::new(GameSetup {
            rules: RulesSpec::Preset("classic".into()),
            seats: vec![Seat::human("Ann"), Seat::bot("Hal", "hard")],
            seed: Seed::from_u64(seed),
            online: false,
            created_at: 0,
        })
        .expect("session")
    }

    #[test]
    fn options_that_cannot_go_together_are_refused() {
        let refusal = |args: PlayArgs| check_combinations(&args).err().and_then(|f| f.line());
        let with_delay = |delay| PlayArgs {
            delay,
            ..PlayArgs::default()
        };
        assert_eq!(refusal(PlayArgs::default()), None);
        assert_eq!(refusal(with_delay(MAX_DELAY_MS)), None);
        assert!(refusal(with_delay(MAX_DELAY_MS + 1)).is_some_and(|e| e.contains("--delay")));
        // A loaded game is neither resumed nor new.
        let load = || PlayArgs {
            load: Some("x.json".into()),
            ..PlayArgs::default()
        };
        assert_eq!(refusal(load()), None);
        for args in [
            PlayArgs {
                resume: true,
                ..load()
            },
            PlayArgs {
                new: true,
                ..load()
            },
        ] {
            assert!(refusal(args).is_some_and(|e| e.contains("--load")));
        }
    }

    #[test]
    fn seats_without_names_are_you_player_k_or_their_level() {
        let bot = || SeatKind::Bot {
            level: "hard".into(),
        };
        let names = |kinds: &[SeatKind]| parse_names(None, kinds).map_err(|e| e.line());
        assert_eq!(
            names(&[SeatKind::Human, bot()]),
            Ok(vec!["you".into(), "hard".into()])
        );
        assert_eq!(
            names(&[SeatKind::Human, bot(), SeatKind::Human]),
            Ok(vec!["player 1".into(), "hard".into(), "player 2".into()])
        );
        // A name may take up to MAX_NAME_LEN bytes.
        let longest = "é".repeat(MAX_NAME_LEN / 2);
        let kinds = [SeatKind::Human, bot()];
        let given = |first: &str| parse_names(Some(&format!("{first},Hal")), &kinds).is_ok();
        assert!(given(&longest));
        assert!(!given(&format!("{longest}x")));
    }

    #[test]
    fn an_overlong_line_is_cut_and_the_rest_of_it_skipped() {
        let cut = usize::try_from(crate::typed::MAX_LINE).expect("small");
        for long in [cut - 1, cut, cut + 1, 3 * cut + 5] {
            let mut t = terminal(&format!("{}\n  2 \n", "x".repeat(long)));
            let first = t.ask("> ").expect("io").expect("a line");
            assert_eq!(first.len(), long.min(cut), "{long}");
            assert_eq!(t.ask("> ").expect("io").as_deref(), Some("2"), "{long}");
            assert_eq!(t.ask("> ").expect("io"), None, "{long}");
        }
        // A long last line without its line ending.
        let mut t = terminal(&"y".repeat(3 * cut));
        assert_eq!(t.ask("> ").expect("io").map(|l| l.len()), Some(cut));
        assert_eq!(t.ask("> ").expect("io"), None);
    }

    #[test]
    fn the_resume_question_takes_yes_no_enter_and_leaving() {
        let last = session(1);
        for (typed, answer) in [
            ("\n", Some(true)),
            ("y\n", Some(true)),
            ("maybe\nN\n", Some(false)),
            ("", None),
            ("q\ny\n", None),
            ("maybe\nexit\ny\n", None),
        ] {
            let mut t = terminal(typed);
            assert_eq!(t.ask_resume(&last, false).expect("io"), answer, "{typed:?}");
            let said = String::from_utf8_lossy(&t.out);
            assert!(said.contains("Resume the last game? [Y/n]"), "{said}");
            assert!(said.contains("red (Ann)"), "{said}");
        }
        // Asked with a new game's options, a bare Enter plays the new game.
        for (typed, answer) in [
            ("\n", Some(false)),
            ("y\n", Some(true)),
            ("n\n", Some(false)),
        ] {
            let mut t = terminal(typed);
            assert_eq!(t.ask_resume(&last, true).expect("io"), answer, "{typed:?}");
            let said = String::from_utf8_lossy(&t.out);
            assert!(
                said.contains("instead of the new game you asked for? [y/N]"),
                "{said}"
            );
        }
    }

    #[test]
    fn answers_at_the_prompts() {
        assert_eq!(choice_answer("2", 3), Answer::Go(1));
        assert_eq!(choice_answer("?", 3), Answer::Hint);
        assert_eq!(choice_answer("U", 3), Answer::Undo);
        assert_eq!(choice_answer("quit", 3), Answer::Quit);
        for wrong in ["", "0", "4", "abc"] {
            assert!(
                matches!(choice_answer(wrong, 3), Answer::Wrong(_)),
                "{wrong}"
            );
        }
        assert_eq!(choice_answer("help", 3), Answer::Help);
        // At the roll prompt Enter, `r` and a number typed ahead roll; other text does not.
        for rolls in ["", "r", "Roll", "1", "12"] {
            assert_eq!(roll_answer(rolls), Answer::Go(0), "{rolls:?}");
        }
        assert_eq!(roll_answer("u"), Answer::Undo);
        assert_eq!(roll_answer("q"), Answer::Quit);
        assert_eq!(roll_answer("h"), Answer::Help);
        assert_eq!(roll_answer("?"), Answer::Hint);
        for wrong in ["qq", "3x", "-1", "hello"] {
            assert!(matches!(roll_answer(wrong), Answer::Wrong(_)), "{wrong}");
        }
        let Answer::Wrong(why) = choice_answer(&"x".repeat(500), 3) else {
            panic!("a long line is not a move");
        };
        assert!(why.len() < 120, "the message quotes the line whole: {why}");
    }

    #[test]
    fn seats_seeds_names_and_rules_are_parsed() {
        let engine = Engine::preset("classic").expect("classic");
        let bot = |level: &str| SeatKind::Bot {
            level: level.into(),
        };
        assert_eq!(
            parse_seats(None, &engine).expect("default"),
            vec![SeatKind::Human, bot("medium"), bot("medium"), bot("medium")]
        );
        assert_eq!(
            parse_seats(Some("human,expert,cpu,Easy"), &engine).expect("levels"),
            vec![SeatKind::Human, bot("expert"), bot("medium"), bot("easy")]
        );
        assert!(parse_seats(Some("human,cpu,cpu,cpu,cpu"), &engine).is_err());
        assert!(parse_seats(Some("human,genius"), &engine).is_err());
        assert_eq!(parse_seed("7").expect("number"), Seed::from_u64(7));
        let hex = Seed::from_u64(9).to_hex();
        assert_eq!(parse_seed(&hex).expect("hex"), Seed::from_u64(9));
        let kinds = [SeatKind::Human, SeatKind::Human, bot("hard")];
        assert_eq!(
            parse_names(None, &kinds).expect("names"),
            vec!["player 1", "player 2", "hard"]
        );
        assert!(parse_names(Some("a,,b"), &kinds).is_err());
        assert!(parse_names(Some(&format!("a,b,{}", "x".repeat(41))), &kinds).is_err());
        assert_eq!(
            parse_rules("mensch").expect("preset"),
            RulesSpec::Preset("mensch".into())
        );
        assert!(matches!(
            parse_rules(r#"{"preset": "ludo_multijoueur", "options": {"safe_stars": true}}"#),
            Ok(RulesSpec::WithOptions { .. })
        ));
        let full = serde_json::to_string(&Engine::preset("classic").expect("classic").rules)
            .expect("json");
        assert!(parse_rules(&full).is_err());
    }

    #[test]
    fn labels_name_the_level_of_a_named_computer() {
        let s = session(1);
        assert_eq!(label(&s, 0, false), "red (Ann)");
        assert_eq!(label(&s, 1, false), "yellow (Hal, hard)");
    }

    // The `cpu` seat plays the medium level's priority list, as the simple computer player
    // of the first `ludo play` did.

    fn pick(position: serde_json::Value, roll: u8) -> (Engine, Position, Move) {
        let parsed = parse_position(&position).expect("position");
        let mut list = MoveList::default();
        let input = Input::Roll(roll);
        parsed
            .engine
            .legal_moves(&parsed.position, input, &mut list);
        let mut cpu = bot_for(CPU_LEVEL, 0).expect("cpu level");
        let i = cpu.choose(&parsed.engine, &parsed.position, input, &list);
        let m = *list.get(i).expect("a move");
        (parsed.engine, parsed.position, m)
    }

    #[test]
    fn the_cpu_brings_a_piece_home_before_capturing() {
        // Red 0 can capture green on square 15 with a 2; red 1 finishes with a 2.
        let (_, _, m) = pick(
            json!({"rules": "classic", "seats": ["red", "green"],
                   "pieces": {"red": [13, 54, "yard", "yard"], "green": [2, "yard", "yard", "yard"]}}),
            2,
        );
        assert_eq!((m.piece, m.to), (1, 56));
    }

    #[test]
    fn the_cpu_captures_before_entering() {
        let (_, _, m) = pick(
            json!({"rules": "classic", "seats": ["red", "green"],
                   "pieces": {"red": [9, "yard", "yard", "yard"], "green": [2, "yard", "yard", "yard"]}}),
            6,
        );
        assert_eq!((m.piece, m.to), (0, 15));
        assert_ne!(m.captures, 0);
    }

    #[test]
    fn the_cpu_moves_a_threatened_piece_out_of_danger() {
        // Red 2 on square 30 has green 3 squares behind it (green progress 14 = square 27).
        // A 4 takes it to the star on square 34; red 1, out of reach, could step into its
        // home column instead.
        let (_, _, m) = pick(
            json!({"rules": "classic", "seats": ["red", "green"],
                   "pieces": {"red": [48, 30, "home", "home"], "green": [14, "home", "home", "home"]}}),
            4,
        );
        assert_eq!((m.piece, m.to), (1, 34));
    }

    #[test]
    fn the_cpu_otherwise_advances_the_most_advanced_piece() {
        // Neither 3 reaches a safe square (squares 14 and 23; the stars are 8, 21, 34 and
        // 47, the start squares 0, 13, 26 and 39), so the front piece goes.
        let (_, _, m) = pick(
            json!({"rules": "classic", "seats": ["red", "green"],
                   "pieces": {"red": [11, 20, "yard", "yard"], "green": ["yard", "yard", "yard", "yard"]}}),
            3,
        );
        assert_eq!(m.piece, 1);
    }
}
