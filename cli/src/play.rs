//! `ludo play`: a game in the terminal, against the computer or friends at one keyboard.
//!
//! The loop is the core's [`Game`]: the roll-off, then for the seat to move a roll (a human
//! presses Enter for it) or a pending bonus, the legal moves, a choice, and the step that
//! follows. Everything that happens is told in words; a human also sees the board.

use crate::failure::Failure;
use crate::paint::paint;
use crate::{draw, narrate, rules_arg, simple_bot};
use ludo_core::dice::{Dice, Seed, roll_off};
use ludo_core::game::Game;
use ludo_core::{Colour, Engine, Input, MoveList, Phase};
use std::io::{BufRead, IsTerminal, Write};

/// Options of `ludo play`.
#[derive(clap::Args, Debug, Clone)]
pub struct PlayArgs {
    /// A preset id (classic, ludo_multijoueur, ludo_blocks, parchis, parchis6, mensch,
    /// petits_chevaux) or a rules object as JSON.
    #[arg(long, default_value = "classic")]
    pub rules: String,
    /// Who sits at each seat, in turn order, e.g. `human,cpu,cpu,cpu` (2 to 4 seats, up to 6
    /// on parchis6). Default: you, and the computer in every other seat of the board.
    #[arg(long)]
    pub seats: Option<String>,
    /// The dice seed: a number, or 64 hex digits. Default: a random seed, printed so that
    /// the game can be played again.
    #[arg(long)]
    pub seed: Option<String>,
    /// Names for the seats, comma-separated, in seat order.
    #[arg(long)]
    pub names: Option<String>,
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the keyboard.
    Human,
    /// The simple computer player.
    Cpu,
}

/// One seat at the table.
#[derive(Clone, Debug)]
struct Seat {
    player: Player,
    name: String,
    colour: Colour,
}

/// A game never needs this many rolls; reaching it means something is wrong.
const MAX_ROLLS: u64 = 1_000_000;

/// Runs `ludo play` on standard input and output.
pub fn run(args: &PlayArgs) -> Result<(), Failure> {
    let engine = rules_arg::engine(&args.rules)?;
    let players = parse_seats(args.seats.as_deref(), &engine)?;
    let names = parse_names(args.names.as_deref(), &players)?;
    let (seed, seed_text) = match &args.seed {
        Some(text) => (parse_seed(text)?, text.trim().to_string()),
        None => {
            let seed = Seed::random();
            (seed, seed.to_hex())
        }
    };
    let seating = engine
        .board
        .default_seating(players.len())
        .ok_or_else(|| Failure::bad_input("--seats: the board cannot seat that many"))?;
    let seats = players
        .iter()
        .zip(names)
        .zip(&seating)
        .map(|((&player, name), &c)| Seat {
            player,
            name,
            colour: engine.rules.colours[c],
        })
        .collect();
    let colours: Vec<u8> = seating.iter().map(|&c| c as u8).collect();
    let mut table = Table {
        engine,
        seats,
        input: std::io::stdin().lock(),
        out: std::io::stdout().lock(),
        ansi: std::io::stdout().is_terminal(),
        echo: !std::io::stdin().is_terminal(),
    };
    table.play(&colours, &seed, &seed_text)
}

/// Parses `--seats`: `human` / `cpu` words, or the default of one human and computers.
fn parse_seats(arg: Option<&str>, engine: &Engine) -> Result<Vec<Player>, Failure> {
    let players: Vec<Player> = match arg {
        None => std::iter::once(Player::Human)
            .chain(std::iter::repeat_n(
                Player::Cpu,
                engine.board.colours as usize - 1,
            ))
            .collect(),
        Some(text) => text
            .split(',')
            .map(|word| match word.trim().to_ascii_lowercase().as_str() {
                "human" | "h" => Ok(Player::Human),
                "cpu" | "c" | "computer" => Ok(Player::Cpu),
                other => Err(Failure::bad_input(format!(
                    "--seats: \"{other}\" is neither human nor cpu"
                ))),
            })
            .collect::<Result<_, _>>()?,
    };
    rules_arg::check_seats(engine, players.len())?;
    Ok(players)
}

/// Parses `--names`, or names the seats "you" / "player k" / "cpu".
fn parse_names(arg: Option<&str>, players: &[Player]) -> Result<Vec<String>, Failure> {
    if let Some(text) = arg {
        let names: Vec<String> = text.split(',').map(|n| n.trim().to_string()).collect();
        if names.len() != players.len() {
            return Err(Failure::bad_input(format!(
                "--names: {} names for {} seats",
                names.len(),
                players.len()
            )));
        }
        if names.iter().any(String::is_empty) {
            return Err(Failure::bad_input("--names: a name is empty"));
        }
        return Ok(names);
    }
    let humans = players.iter().filter(|&&p| p == Player::Human).count();
    let mut k = 0;
    Ok(players
        .iter()
        .map(|p| match p {
            Player::Cpu => "cpu".to_string(),
            Player::Human if humans == 1 => "you".to_string(),
            Player::Human => {
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

/// A game at a table: the rules, who sits where, and the terminal.
struct Table<R, W> {
    engine: Engine,
    seats: Vec<Seat>,
    input: R,
    out: W,
    /// Colour the output with ANSI escapes.
    ansi: bool,
    /// Repeat what was typed, so that a transcript of piped input reads like a session.
    echo: bool,
}

/// How a game at the table ended.
#[derive(Debug, PartialEq, Eq)]
enum Ending {
    Over,
    LeftUnfinished,
}

impl<R: BufRead, W: Write> Table<R, W> {
    /// A seat's name, coloured: "red (you)".
    fn label(&self, seat: usize) -> String {
        let s = &self.seats[seat];
        paint(s.colour, &format!("{} ({})", s.colour, s.name), self.ansi)
    }

    /// Plays a whole game, or until the people at the table leave.
    fn play(&mut self, colours: &[u8], seed: &Seed, seed_text: &str) -> Result<(), Failure> {
        let labels: Vec<String> = (0..self.seats.len()).map(|s| self.label(s)).collect();
        writeln!(
            self.out,
            "Ludo: {}, {} seats, seed {seed_text}",
            self.engine.rules.preset,
            self.seats.len()
        )?;
        writeln!(self.out, "Seats in turn order: {}", labels.join(", "))?;
        self.tell_roll_off(seed)?;
        let mut game = Game::new(&self.engine, colours, seed);
        match self.play_out(&mut game)? {
            Ending::Over => self.tell_places(&game),
            Ending::LeftUnfinished => {
                writeln!(self.out, "\ngame left unfinished")?;
                Ok(())
            }
        }
    }

    /// Shows the roll-off that decides the first seat. The game's own dice make the same
    /// rolls, since both start from the seed.
    fn tell_roll_off(&mut self, seed: &Seed) -> Result<(), Failure> {
        let mut dice = Dice::new(seed, self.seats.len());
        let (first, rounds) = roll_off(&mut dice, self.seats.len());
        let rounds: Vec<String> = rounds
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|&(s, v)| format!("{} {v}", self.seats[s].colour))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .collect();
        writeln!(
            self.out,
            "Roll-off: {}; {} starts\n",
            rounds.join("; then "),
            self.label(first)
        )?;
        Ok(())
    }

    /// The roll, choose, play loop.
    fn play_out(&mut self, game: &mut Game) -> Result<Ending, Failure> {
        let mut list = MoveList::default();
        while game.rolls < MAX_ROLLS {
            let seat = game.position.turn as usize;
            let human = self.seats[seat].player == Player::Human;
            if human && game.phase == Phase::Roll {
                write!(
                    self.out,
                    "\n{}",
                    draw::render(&self.engine, &game.position, self.ansi)
                )?;
                if !self.wait_for_roll(seat)? {
                    return Ok(Ending::LeftUnfinished);
                }
            }
            let Some(input) = game.next_input() else {
                return Ok(Ending::Over);
            };
            let engine = &self.engine;
            engine.legal_moves(&game.position, input, &mut list);
            let what = match input {
                Input::Roll(d) => format!("rolls {d}"),
                Input::Bonus(n) => format!("plays a bonus of {n}"),
            };
            let choice = if list.is_empty() {
                None
            } else if human {
                writeln!(self.out, "{} {what}. Your moves:", self.label(seat))?;
                for (i, m) in list.as_slice().iter().enumerate() {
                    let text = narrate::describe_move(engine, &game.position, m);
                    writeln!(self.out, "  {}) {text}", i + 1)?;
                }
                match self.ask_move(seat, list.len())? {
                    Some(i) => Some(i),
                    None => return Ok(Ending::LeftUnfinished),
                }
            } else {
                Some(simple_bot::choose(engine, &game.position, &list))
            };
            let mv = choice.and_then(|i| list.get(i)).copied();
            let engine = &self.engine;
            let mut parts = match &mv {
                Some(m) => vec![narrate::describe_move(engine, &game.position, m)],
                // A third six says what happened in its outcome.
                None if engine.is_third_six(&game.position, input) => vec![],
                None => vec!["no legal move".to_string()],
            };
            let step = game.play(engine, input, mv.as_ref());
            parts.extend(narrate::step_outcome(&game.position, &step));
            // A human has already been told the roll above the list of moves.
            let lead = if human && choice.is_some() {
                String::new()
            } else {
                format!(" {what}:")
            };
            writeln!(self.out, "{}{lead} {}.", self.label(seat), parts.join("; "))?;
            if game.phase == Phase::Over {
                return Ok(Ending::Over);
            }
        }
        writeln!(self.out, "no end after {MAX_ROLLS} rolls")?;
        Ok(Ending::LeftUnfinished)
    }

    /// Waits for a human to press Enter. False when they leave (end of input, or `q`).
    fn wait_for_roll(&mut self, seat: usize) -> Result<bool, Failure> {
        write!(
            self.out,
            "{}: press Enter to roll (q quits)> ",
            self.label(seat)
        )?;
        self.out.flush()?;
        Ok(matches!(self.read_line()?, Some(line) if !is_quit(&line)))
    }

    /// Asks a human to choose among `count` numbered moves until they give a valid answer.
    /// Enter alone plays the only move. `None` when they leave.
    fn ask_move(&mut self, seat: usize, count: usize) -> Result<Option<usize>, Failure> {
        loop {
            let hint = if count == 1 {
                "Enter plays it".to_string()
            } else {
                format!("choose 1 to {count}")
            };
            write!(self.out, "{}: {hint}> ", self.label(seat))?;
            self.out.flush()?;
            let Some(line) = self.read_line()? else {
                return Ok(None);
            };
            if is_quit(&line) {
                return Ok(None);
            }
            if line.is_empty() && count == 1 {
                return Ok(Some(0));
            }
            match line.parse::<usize>() {
                Ok(k) if (1..=count).contains(&k) => return Ok(Some(k - 1)),
                _ if line.is_empty() => writeln!(
                    self.out,
                    "there is a choice: type a number from 1 to {count}"
                )?,
                _ => writeln!(
                    self.out,
                    "\"{line}\" is not one of the moves: type a number from 1 to {count}"
                )?,
            }
        }
    }

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

    /// The final board and the places, first to last.
    fn tell_places(&mut self, game: &Game) -> Result<(), Failure> {
        let engine = &self.engine;
        let pos = &game.position;
        write!(self.out, "\n{}", draw::render(engine, pos, self.ansi))?;
        writeln!(self.out, "\nGame over after {} rolls. Places:", game.rolls)?;
        for (place, seat) in engine.places(pos).into_iter().enumerate() {
            let summary = narrate::seat_summary(engine, pos, seat);
            writeln!(
                self.out,
                "  {}. {} ({summary})",
                place + 1,
                self.label(seat)
            )?;
        }
        Ok(())
    }
}

/// Whether a line asks to leave the game.
fn is_quit(line: &str) -> bool {
    matches!(line.to_ascii_lowercase().as_str(), "q" | "quit" | "exit")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn table(input: &str) -> Table<Cursor<Vec<u8>>, Vec<u8>> {
        let engine = Engine::preset("parchis").expect("parchis");
        let seats = [(Player::Human, Colour::Yellow), (Player::Cpu, Colour::Red)]
            .into_iter()
            .map(|(player, colour)| Seat {
                player,
                name: "x".into(),
                colour,
            })
            .collect();
        Table {
            engine,
            seats,
            input: Cursor::new(input.as_bytes().to_vec()),
            out: Vec::new(),
            ansi: false,
            echo: false,
        }
    }

    #[test]
    fn a_choice_is_asked_until_it_is_valid() {
        let mut t = table("9\n\nfoo\n2\n");
        assert_eq!(t.ask_move(0, 3).expect("io"), Some(1));
        let said = String::from_utf8_lossy(&t.out);
        assert_eq!(
            said.matches("type a number from 1 to 3").count(),
            3,
            "{said}"
        );
    }

    #[test]
    fn enter_plays_the_only_move_and_end_of_input_leaves() {
        let mut t = table("\n");
        assert_eq!(t.ask_move(0, 1).expect("io"), Some(0));
        assert_eq!(t.ask_move(0, 1).expect("io"), None);
        let mut t = table("q\n");
        assert!(!t.wait_for_roll(0).expect("io"));
    }

    #[test]
    fn seats_seeds_and_names_are_parsed() {
        let engine = Engine::preset("classic").expect("classic");
        assert_eq!(
            parse_seats(None, &engine).expect("default"),
            vec![Player::Human, Player::Cpu, Player::Cpu, Player::Cpu]
        );
        assert!(parse_seats(Some("human,cpu,cpu,cpu,cpu"), &engine).is_err());
        assert_eq!(parse_seed("7").expect("number"), Seed::from_u64(7));
        let hex = Seed::from_u64(9).to_hex();
        assert_eq!(parse_seed(&hex).expect("hex"), Seed::from_u64(9));
        let players = [Player::Human, Player::Human, Player::Cpu];
        assert_eq!(
            parse_names(None, &players).expect("names"),
            vec!["player 1", "player 2", "cpu"]
        );
        assert!(parse_names(Some("a,,b"), &players).is_err());
    }
}
