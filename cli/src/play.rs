//! `ludo play`: a game in the terminal, against the computer or friends at one keyboard.
//!
//! The game is a core [`Session`]: the roll-off, the rolls, the choices, undo, and the save
//! that lets a game be left and taken up again. This module only asks and tells: a person
//! presses Enter to roll and types a number to choose (`?` asks the expert for a hint, `u`
//! takes back the last choice, `q` saves and leaves); a computer seat plays at its level.
//! Everything that happens is told in words from the session's events; a person also sees
//! the board.
//!
//! The game is saved in the autosave slot of a save folder after every decision, so a game
//! that is left, or killed, is offered again at the next start (`--resume` takes it up
//! without asking; `--new` starts afresh). A game kept anywhere can be loaded with `--load`.

use crate::failure::Failure;
use crate::narrate::{self, Narrator};
use crate::paint::paint;
use crate::{draw, rules_arg};
use ludo_core::bots::eval::Weights;
use ludo_core::bots::expert::ExpertBot;
use ludo_core::bots::search::Budget;
use ludo_core::bots::{Bot, LEVELS};
use ludo_core::dice::Seed;
use ludo_core::rules::RulesSpec;
use ludo_core::save::{self, SaveError};
use ludo_core::session::{
    GameEvent, GameSetup, MAX_NAME_LEN, MAX_ROLLS, Seat, SeatKind, Session, SessionError,
    SessionPhase, unix_now,
};
use ludo_core::store::{AUTOSAVE, Loaded, SaveStore};
use ludo_core::{Engine, Input, MoveList};
use serde_json::Value;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

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
}

/// The level a `cpu` seat plays.
const CPU_LEVEL: &str = "medium";

/// The expert's budget for a hint: its usual search, fixed here so that a hint always
/// comes back at once, whatever the arena's expert is tuned to.
const HINT_BUDGET: Budget = Budget {
    max_depth: 4,
    nodes: 12_000,
    beam: 2,
    opponent_beam: 1,
    time_cap: None,
};

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
        ansi: std::io::stdout().is_terminal(),
        echo: !std::io::stdin().is_terminal(),
    };
    let interactive = std::io::stdin().is_terminal();
    let Some((session, start)) = open_game(&mut term, &mut saver, args, setup, interactive)? else {
        return Ok(());
    };
    let mut table = Table::new(session, term, saver);
    table.play(start)
}

/// Refuses options that cannot go together.
fn check_combinations(args: &PlayArgs) -> Result<(), Failure> {
    let new_game_options = [
        ("--rules", args.rules.is_some()),
        ("--seats", args.seats.is_some()),
        ("--seed", args.seed.is_some()),
        ("--names", args.names.is_some()),
    ];
    let given = new_game_options.iter().find(|(_, on)| *on).map(|(n, _)| *n);
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
    let value = if text.trim_start().starts_with('{') {
        serde_json::from_str(text)
            .map_err(|e| Failure::bad_input(format!("--rules: not JSON: {e}")))?
    } else {
        Value::String(text.trim().to_string())
    };
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
                    "--seats: \"{other}\" is not a seat: use human, cpu or a level ({})",
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

/// The save folder when `--save-dir` is not given.
fn default_save_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    var("XDG_DATA_HOME")
        .map(|d| d.join("ludo"))
        .or_else(|| var("HOME").map(|h| h.join(".local").join("share").join("ludo")))
}

/// A save's file in the store (the store names its files `ID.ludo.json`).
fn save_path(store: &SaveStore, id: &str) -> PathBuf {
    store.dir().join(format!("{id}.ludo.json"))
}

/// Where the game is saved: the autosave slot of the save folder, or the game's own save
/// when the slot cannot be used. Saving never stops the game: a failure is told once.
struct Saver {
    store: Option<SaveStore>,
    /// Save in the autosave slot (otherwise under the game's own id).
    use_slot: bool,
    /// A failure has been told already.
    failed: bool,
    /// `--save-dir DIR` as typed, for the commands the player is told to use.
    dir_arg: String,
}

impl Saver {
    fn open(args: &PlayArgs) -> Result<Saver, Failure> {
        let dir_arg = args
            .save_dir
            .as_ref()
            .map(|d| format!(" --save-dir {}", d.display()))
            .unwrap_or_default();
        let dir = match args.save_dir.clone().or_else(default_save_dir) {
            Some(dir) => dir,
            None => {
                warn(
                    "no save folder (neither $XDG_DATA_HOME nor $HOME is set, and no --save-dir): the game is not saved",
                );
                return Ok(Saver {
                    store: None,
                    use_slot: true,
                    failed: true,
                    dir_arg,
                });
            }
        };
        let store = match SaveStore::open(&dir) {
            Ok(store) => Some(store),
            // A folder given on purpose must work; the default one may fail quietly-ish.
            Err(e) if args.save_dir.is_some() => {
                return Err(Failure::bad_input(format!("--save-dir: {e}")));
            }
            Err(e) => {
                warn(&format!("the game is not saved: {e}"));
                None
            }
        };
        Ok(Saver {
            failed: store.is_none(),
            store,
            use_slot: true,
            dir_arg,
        })
    }

    /// Saves the game; tells the first failure on standard error and goes on.
    fn save(&mut self, session: &Session) {
        let Some(store) = &self.store else { return };
        let result = if self.use_slot {
            store.autosave(session)
        } else {
            store.save(session).map(|_| ())
        };
        if let Err(e) = result
            && !self.failed
        {
            self.failed = true;
            warn(&format!("the game could not be saved: {e}"));
        }
    }

    /// The file the game is saved in.
    fn path(&self, session: &Session) -> Option<PathBuf> {
        let store = self.store.as_ref()?;
        let id = if self.use_slot {
            AUTOSAVE.to_string()
        } else {
            SaveStore::game_id(session)
        };
        Some(save_path(store, &id))
    }

    /// The last game in the autosave slot, if it is unfinished. A slot that cannot be read
    /// is told about and copied aside (it is never deleted); a slot written by a newer
    /// version is left alone and this game saves under its own name instead.
    fn last_unfinished(&mut self) -> Option<Loaded> {
        let store = self.store.as_ref()?;
        let slot = save_path(store, AUTOSAVE);
        match store.load_autosave() {
            Ok(Some(loaded)) => {
                if let Some(e) = &loaded.recovered {
                    warn(&format!(
                        "the autosave {} is damaged ({e}); its backup was loaded instead",
                        slot.display()
                    ));
                }
                // A game over, or one left before its first roll, is not worth offering.
                let unfinished = !loaded.session.is_over() && turn_rolls(&loaded.session) > 0;
                unfinished.then_some(loaded)
            }
            Ok(None) => None,
            Err(e @ SaveError::NewerVersion { .. }) => {
                warn(&format!(
                    "the autosave {} cannot be opened: {e}; this game is saved under its own name instead",
                    slot.display()
                ));
                self.use_slot = false;
                None
            }
            Err(e) => {
                let kept = set_aside(store);
                match kept {
                    Ok(kept) => warn(&format!(
                        "the autosave {} cannot be read: {e}. A new game starts; the damaged file is kept as {}",
                        slot.display(),
                        kept.display()
                    )),
                    Err(copy) => {
                        warn(&format!(
                            "the autosave {} cannot be read: {e}. A new game starts and saves under its own name, leaving the damaged file alone ({copy})",
                            slot.display()
                        ));
                        self.use_slot = false;
                    }
                }
                None
            }
        }
    }

    /// Keeps an unfinished game that is about to leave the autosave slot as a save of its
    /// own, and says where.
    fn keep(&mut self, out: &mut impl Write, old: &Session) -> Result<(), Failure> {
        let Some(store) = &self.store else {
            return Ok(());
        };
        if !self.use_slot {
            return Ok(());
        }
        match store.save(old) {
            Ok(id) => writeln!(
                out,
                "The unfinished game from the autosave is kept: `ludo play --load {}{}` takes it up.",
                save_path(store, &id).display(),
                self.dir_arg
            )?,
            Err(e) => {
                // Better not to play over it than to lose it.
                warn(&format!(
                    "the unfinished game in the autosave could not be kept ({e}); this game saves under its own name"
                ));
                self.use_slot = false;
            }
        }
        Ok(())
    }
}

/// Copies a damaged autosave (and its backup, if any) to a new save name, so that the slot
/// can be written again without losing the damaged bytes. Returns the copy's path.
fn set_aside(store: &SaveStore) -> std::io::Result<PathBuf> {
    let id = format!("damaged-autosave-{}", unix_now());
    let mut kept = None;
    for suffix in ["", ".bak"] {
        let from = PathBuf::from(format!("{}{suffix}", save_path(store, AUTOSAVE).display()));
        let to = PathBuf::from(format!("{}{suffix}", save_path(store, &id).display()));
        if from.exists() {
            std::fs::copy(&from, &to)?;
            kept.get_or_insert(to);
        }
    }
    kept.ok_or_else(|| std::io::Error::other("the autosave disappeared"))
}

/// A warning on standard error.
fn warn(text: &str) {
    eprintln!("warning: {}", crate::failure::one_line(text));
}

/// How the game at the table came to be.
enum Start {
    New,
    Resumed,
    Loaded(PathBuf),
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
        let bytes =
            std::fs::read(file).map_err(|e| Failure::bad_input(format!("--load: {shown}: {e}")))?;
        let session =
            save::load(&bytes).map_err(|e| Failure::bad_input(format!("--load: {shown}: {e}")))?;
        if let Some(last) = last
            && !same_game(&last.session, &session)
        {
            saver.keep(&mut term.out, &last.session)?;
        }
        return Ok(Some((session, Start::Loaded(file.clone()))));
    }
    if let Some(last) = last {
        let resume = if args.resume {
            true
        } else if args.new || !interactive {
            false
        } else {
            match term.ask_resume(&last.session)? {
                Some(answer) => answer,
                None => return Ok(None),
            }
        };
        if resume {
            return Ok(Some((last.session, Start::Resumed)));
        }
        saver.keep(&mut term.out, &last.session)?;
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

/// The keyboard and the screen.
struct Terminal<R, W> {
    input: R,
    out: W,
    /// Colour the output with ANSI escapes.
    ansi: bool,
    /// Repeat what was typed, so that a transcript of piped input reads like a session.
    echo: bool,
}

impl<R: BufRead, W: Write> Terminal<R, W> {
    /// One line of input without its line ending; `None` at the end of input.
    fn read_line(&mut self) -> Result<Option<String>, Failure> {
        let mut bytes = Vec::new();
        let n = self
            .input
            .read_until(b'\n', &mut bytes)
            .map_err(|e| Failure::Io(format!("input: cannot read standard input: {e}")))?;
        if n == 0 {
            writeln!(self.out)?;
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&bytes).trim().to_string();
        if self.echo {
            writeln!(self.out, "{line}")?;
        }
        Ok(Some(line))
    }

    /// Offers the last unfinished game. `None` when the player leaves instead.
    fn ask_resume(&mut self, last: &Session) -> Result<Option<bool>, Failure> {
        let engine = last.engine();
        let pos = last.position();
        let seats: Vec<String> = (0..last.seats().len())
            .map(|s| {
                format!(
                    "{} {}",
                    label(last, s, self.ansi),
                    narrate::seat_summary(engine, pos, s)
                )
            })
            .collect();
        writeln!(
            self.out,
            "An unfinished game of {} is saved ({} rolls): {}.",
            engine.rules.preset,
            turn_rolls(last),
            seats.join("; ")
        )?;
        loop {
            write!(self.out, "Resume the last game? [Y/n] ")?;
            self.out.flush()?;
            let Some(line) = self.read_line()? else {
                return Ok(None);
            };
            match line.to_ascii_lowercase().as_str() {
                "" | "y" | "yes" => return Ok(Some(true)),
                "n" | "no" => return Ok(Some(false)),
                "q" | "quit" | "exit" => return Ok(None),
                _ => writeln!(self.out, "answer y or n")?,
            }
        }
    }
}

/// A seat's label, coloured: "red (you)", "green (expert)", "blue (Hal, hard)".
fn label(session: &Session, seat: usize, ansi: bool) -> String {
    let colour = session.colour(seat);
    let text = match session.seat(seat) {
        Some(Seat {
            name,
            kind: SeatKind::Bot { level },
            ..
        }) if name != level => format!("{colour} ({name}, {level})"),
        Some(s) => format!("{colour} ({})", s.name),
        None => colour.to_string(),
    };
    paint(colour, &text, ansi)
}

/// Rolls made in turns (the roll-off left out).
fn turn_rolls(session: &Session) -> usize {
    session.rolls().iter().filter(|r| !r.roll_off).count()
}

/// What a person typed at a prompt.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    /// Roll, or play the move with this index.
    Go(usize),
    Undo,
    Hint,
    Quit,
    /// Not an answer; the text says why.
    Wrong(String),
}

/// Reads an answer to the choice prompt with `count` moves.
fn choice_answer(line: &str, count: usize) -> Answer {
    match line.to_ascii_lowercase().as_str() {
        "q" | "quit" | "exit" => Answer::Quit,
        "u" | "undo" => Answer::Undo,
        "?" | "hint" => Answer::Hint,
        "" => Answer::Wrong(format!(
            "there is a choice: type a number from 1 to {count} (? for a hint)"
        )),
        text => match text.parse::<usize>() {
            Ok(k) if (1..=count).contains(&k) => Answer::Go(k - 1),
            _ => Answer::Wrong(format!(
                "\"{line}\" is not one of the moves: type a number from 1 to {count}"
            )),
        },
    }
}

/// Reads an answer to the roll prompt: anything but a command rolls.
fn roll_answer(line: &str) -> Answer {
    match choice_answer(line, 0) {
        Answer::Hint => Answer::Wrong("roll first: the hint is for choosing a move".into()),
        Answer::Wrong(_) => Answer::Go(0),
        other => other,
    }
}

/// How a game at the table ended.
#[derive(Debug, PartialEq, Eq)]
enum Ending {
    Over,
    LeftUnfinished,
}

/// What a person's turn at a prompt led to.
enum Turn {
    Played,
    Undone,
    Left,
}

/// A game at a table: the session, who sits where, the terminal and the save.
struct Table<R, W> {
    session: Session,
    term: Terminal<R, W>,
    saver: Saver,
    narrator: Narrator,
    /// Decisions in the log when the game was last saved.
    saved_decisions: usize,
    /// The next choice prompt draws the board first (the game came back to a choice by
    /// undo or resume, not by a roll just under the board).
    board_at_choice: bool,
}

impl<R: BufRead, W: Write> Table<R, W> {
    fn new(session: Session, term: Terminal<R, W>, saver: Saver) -> Self {
        let seats = session.seats().len();
        let labels = (0..seats).map(|s| label(&session, s, term.ansi)).collect();
        let board_colours = session
            .position()
            .seat_colour
            .iter()
            .take(seats)
            .map(|&c| c as usize)
            .collect();
        let colour_names = (0..seats)
            .map(|s| session.colour(s).name().to_string())
            .collect();
        Table {
            narrator: Narrator::new(labels, board_colours, colour_names),
            session,
            term,
            saver,
            saved_decisions: 0,
            board_at_choice: true,
        }
    }

    fn label(&self, seat: usize) -> String {
        label(&self.session, seat, self.term.ansi)
    }

    /// Plays the game to its end, or until the people at the table leave.
    fn play(&mut self, start: Start) -> Result<(), Failure> {
        self.tell_start(&start)?;
        self.save();
        let ending = self.play_out()?;
        self.save();
        self.narrator.end_line();
        self.print_told()?;
        match ending {
            Ending::Over => self.tell_end(),
            Ending::LeftUnfinished => {
                writeln!(self.term.out, "\ngame left unfinished")?;
                if let Some(path) = self
                    .saver
                    .path(&self.session)
                    .filter(|_| !self.saver.failed)
                {
                    let how = if self.saver.use_slot {
                        format!("`ludo play --resume{}`", self.saver.dir_arg)
                    } else {
                        "`ludo play --load FILE`".to_string()
                    };
                    writeln!(
                        self.term.out,
                        "Saved in {}; {how} goes on from here.",
                        path.display()
                    )?;
                }
                Ok(())
            }
        }
    }

    /// The rules, the seats, the seed's commitment, and how the game begins.
    fn tell_start(&mut self, start: &Start) -> Result<(), Failure> {
        let s = &self.session;
        let seats = s.seats().len();
        let labels: Vec<String> = (0..seats).map(|i| self.label(i)).collect();
        let preset = s.engine().rules.preset.clone();
        let out = &mut self.term.out;
        match start {
            Start::New => writeln!(out, "Ludo: {preset}, {seats} seats")?,
            Start::Resumed => writeln!(
                out,
                "Ludo: {preset}, {seats} seats, resumed after {} rolls",
                turn_rolls(s)
            )?,
            Start::Loaded(path) => writeln!(
                out,
                "Ludo: {preset}, {seats} seats, loaded from {} after {} rolls",
                path.display(),
                turn_rolls(s)
            )?,
        }
        writeln!(out, "Seats in turn order: {}", labels.join(", "))?;
        writeln!(
            out,
            "Dice seed commitment (SHA-256): {}; the seed is shown when the game is over",
            s.commitment()
        )?;
        if matches!(start, Start::New) {
            self.tell_roll_off()?;
        } else if !self.session.is_over() {
            let turn = self.session.position().turn as usize;
            writeln!(self.term.out, "{} is to move.", self.label(turn))?;
        }
        Ok(())
    }

    /// The roll-off that decided the first seat, from the new session's events.
    fn tell_roll_off(&mut self) -> Result<(), Failure> {
        let mut rounds: Vec<Vec<String>> = Vec::new();
        let mut last_seat = None;
        let mut first = None;
        for event in self.session.events() {
            match *event {
                GameEvent::RollOff { seat, value } => {
                    // Each round rolls the tied seats in turn order.
                    if last_seat.is_none_or(|l| seat <= l) {
                        rounds.push(Vec::new());
                    }
                    last_seat = Some(seat);
                    if let Some(round) = rounds.last_mut() {
                        round.push(format!("{} {value}", self.session.colour(seat as usize)));
                    }
                }
                GameEvent::Starts { seat } => first = Some(seat as usize),
                _ => {}
            }
        }
        let first = first.unwrap_or(self.session.position().turn as usize);
        let rounds: Vec<String> = rounds.iter().map(|r| r.join(", ")).collect();
        writeln!(
            self.term.out,
            "Roll-off: {}; {} starts\n",
            rounds.join("; then "),
            self.label(first)
        )?;
        Ok(())
    }

    fn save(&mut self) {
        self.saver.save(&self.session);
        self.saved_decisions = self.session.log().len();
    }

    /// Prints the lines the narrator has completed.
    fn print_told(&mut self) -> Result<(), Failure> {
        for line in self.narrator.take() {
            writeln!(self.term.out, "{line}")?;
        }
        Ok(())
    }

    /// The loop: computers play, people are asked, and the game is saved after every
    /// decision.
    fn play_out(&mut self) -> Result<Ending, Failure> {
        loop {
            if self.session.log().len() != self.saved_decisions {
                self.save();
            }
            if self.session.rolls().len() > MAX_ROLLS {
                self.narrator.end_line();
                self.print_told()?;
                writeln!(self.term.out, "no end after {MAX_ROLLS} rolls")?;
                return Ok(Ending::LeftUnfinished);
            }
            let turn = match self.session.phase() {
                SessionPhase::Over => return Ok(Ending::Over),
                _ if self.session.bot_to_move() => {
                    let view = self.session.play_bot().map_err(game_failure)?;
                    self.narrator.feed(self.session.engine(), &view.events);
                    self.print_told()?;
                    continue;
                }
                SessionPhase::Roll => self.human_roll()?,
                SessionPhase::Choose => self.human_choice()?,
            };
            match turn {
                Turn::Played | Turn::Undone => {}
                Turn::Left => return Ok(Ending::LeftUnfinished),
            }
        }
    }

    /// A person's roll prompt, under the board.
    fn human_roll(&mut self) -> Result<Turn, Failure> {
        self.narrator.end_line();
        self.print_told()?;
        let seat = self.session.position().turn as usize;
        let board = draw::render(
            self.session.engine(),
            self.session.position(),
            self.term.ansi,
        );
        write!(self.term.out, "\n{board}")?;
        loop {
            write!(
                self.term.out,
                "{}: press Enter to roll (u undo, q save and quit)> ",
                self.label(seat)
            )?;
            self.term.out.flush()?;
            let Some(line) = self.term.read_line()? else {
                return Ok(Turn::Left);
            };
            match roll_answer(&line) {
                Answer::Go(_) => break,
                Answer::Quit => return Ok(Turn::Left),
                Answer::Undo => {
                    if self.undo()? {
                        return Ok(Turn::Undone);
                    }
                }
                Answer::Hint | Answer::Wrong(_) => {
                    writeln!(self.term.out, "roll first: the hint is for choosing a move")?
                }
            }
        }
        let view = self.session.roll().map_err(game_failure)?;
        self.narrator.feed(self.session.engine(), &view.events);
        // The board was drawn just above the roll.
        self.board_at_choice = false;
        Ok(Turn::Played)
    }

    /// A person's choice among the moves: the list, then the prompt until a move is
    /// chosen, the game is left, or a choice is taken back.
    fn human_choice(&mut self) -> Result<Turn, Failure> {
        self.narrator.before_choice();
        self.print_told()?;
        let seat = self.session.position().turn as usize;
        if std::mem::replace(&mut self.board_at_choice, true) {
            let board = draw::render(
                self.session.engine(),
                self.session.position(),
                self.term.ansi,
            );
            write!(self.term.out, "\n{board}")?;
        }
        let what = match self.session.view().input {
            Some(Input::Roll(d)) => format!("rolls {d}"),
            Some(Input::Bonus(n)) => format!("plays a bonus of {n}"),
            None => "chooses".to_string(),
        };
        writeln!(self.term.out, "{} {what}. Your moves:", self.label(seat))?;
        let engine = self.session.engine();
        let pos = self.session.position();
        let texts: Vec<String> = self
            .session
            .options()
            .iter()
            .map(|m| narrate::describe_move(engine, pos, m))
            .collect();
        for (i, text) in texts.iter().enumerate() {
            writeln!(self.term.out, "  {}) {text}", i + 1)?;
        }
        let count = texts.len();
        loop {
            write!(
                self.term.out,
                "{}: choose 1 to {count} (? hint, u undo, q save and quit)> ",
                self.label(seat)
            )?;
            self.term.out.flush()?;
            let Some(line) = self.term.read_line()? else {
                return Ok(Turn::Left);
            };
            match choice_answer(&line, count) {
                Answer::Go(index) => {
                    let view = self.session.choose(index).map_err(game_failure)?;
                    self.narrator.feed(self.session.engine(), &view.events);
                    return Ok(Turn::Played);
                }
                Answer::Quit => return Ok(Turn::Left),
                Answer::Undo => {
                    if self.undo()? {
                        return Ok(Turn::Undone);
                    }
                }
                Answer::Hint => {
                    let k = self.hint();
                    let text = texts.get(k).map_or("", String::as_str);
                    writeln!(self.term.out, "Hint from the expert: {}) {text}", k + 1)?;
                }
                Answer::Wrong(why) => writeln!(self.term.out, "{why}")?,
            }
        }
    }

    /// The move the expert would play in the pending choice, as an index.
    fn hint(&self) -> usize {
        let engine = self.session.engine();
        let pos = self.session.position();
        let Some(input) = self.session.view().input else {
            return 0;
        };
        // The session's options are the engine's legal moves for the input, in order.
        let mut moves = MoveList::default();
        engine.legal_moves(pos, input, &mut moves);
        let mut expert = ExpertBot::new(Weights::default(), HINT_BUDGET);
        expert.choose(engine, pos, input, &moves)
    }

    /// Takes back the last choice made at this keyboard (and the computer moves after it).
    /// False, with the reason told, when there is nothing to take back.
    fn undo(&mut self) -> Result<bool, Failure> {
        match self.session.undo() {
            Ok(view) => {
                let taken = view
                    .events
                    .iter()
                    .find_map(|e| match e {
                        GameEvent::Undone { decisions } => Some(*decisions),
                        _ => None,
                    })
                    .unwrap_or(1);
                self.narrator.forget();
                self.narrator.take();
                let seat = self.session.position().turn as usize;
                let others = match taken {
                    0 | 1 => String::new(),
                    2 => " and the computer decision after it".to_string(),
                    n => format!(" and the {} computer decisions after it", n - 1),
                };
                writeln!(
                    self.term.out,
                    "Undone: the last choice{others}; back to {}'s choice, with the same dice.",
                    self.label(seat)
                )?;
                self.board_at_choice = true;
                self.save();
                Ok(true)
            }
            Err(SessionError::NothingToUndo) => {
                writeln!(
                    self.term.out,
                    "Nothing to undo: no choice made at this keyboard is left to take back."
                )?;
                Ok(false)
            }
            Err(e) => {
                writeln!(self.term.out, "Cannot undo: {e}")?;
                Ok(false)
            }
        }
    }

    /// The final board, the seed, and the places, first to last.
    fn tell_end(&mut self) -> Result<(), Failure> {
        let engine = self.session.engine();
        let pos = self.session.position();
        write!(
            self.term.out,
            "\n{}",
            draw::render(engine, pos, self.term.ansi)
        )?;
        if let Some(seed) = self.session.revealed_seed() {
            let check = match self
                .saver
                .path(&self.session)
                .filter(|_| !self.saver.failed)
            {
                Some(path) => format!("; `ludo verify {}` checks every roll", path.display()),
                None => String::new(),
            };
            writeln!(
                self.term.out,
                "\nThe dice seed was {} (its SHA-256 is the commitment shown at the start){check}.",
                seed.to_hex()
            )?;
        }
        writeln!(
            self.term.out,
            "\nGame over after {} rolls. Places:",
            turn_rolls(&self.session)
        )?;
        for (place, &seat) in self.session.places().iter().enumerate() {
            let seat = seat as usize;
            let summary = narrate::seat_summary(engine, pos, seat);
            writeln!(
                self.term.out,
                "  {}. {} ({summary})",
                place + 1,
                self.label(seat)
            )?;
        }
        Ok(())
    }
}

/// A session refusing an action the loop asked for: a bug, or a saved seat whose bot
/// level this build does not know.
fn game_failure(e: SessionError) -> Failure {
    Failure::Io(format!("the game cannot go on: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludo_core::bots::bot_for;
    use ludo_core::json::parse_position;
    use ludo_core::{Move, Position};
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
    fn the_resume_question_takes_yes_no_enter_and_leaving() {
        let last = session(1);
        for (typed, answer) in [
            ("\n", Some(true)),
            ("y\n", Some(true)),
            ("maybe\nN\n", Some(false)),
            ("", None),
            ("q\n", None),
        ] {
            let mut t = terminal(typed);
            assert_eq!(t.ask_resume(&last).expect("io"), answer, "{typed:?}");
            let said = String::from_utf8_lossy(&t.out);
            assert!(said.contains("Resume the last game? [Y/n]"), "{said}");
            assert!(said.contains("red (Ann)"), "{said}");
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
        // At the roll prompt anything but a command rolls.
        assert_eq!(roll_answer(""), Answer::Go(0));
        assert_eq!(roll_answer("1"), Answer::Go(0));
        assert_eq!(roll_answer("u"), Answer::Undo);
        assert_eq!(roll_answer("q"), Answer::Quit);
        assert!(matches!(roll_answer("?"), Answer::Wrong(_)));
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
