//! The keyboard and the screen of `ludo play`, and how a typed line is read as an answer.

use crate::failure::Failure;
use crate::narrate;
use crate::paint::paint;
use ludo_core::colour::Colour;
use ludo_core::echo::{echo, echo_within};
use ludo_core::session::{Seat, SeatKind, Session};
use std::io::{BufRead, Write};

/// What the commands are, for `h` / `help` at any prompt.
pub(super) const HELP: &str = "Enter rolls the die; at a choice, type the number of your move. \
    ? asks the expert for a hint, u takes back the last choice made at this keyboard (whoever \
    made it, with the computer's moves since), q saves the game and quits, and prints the \
    command that goes on from there.";

/// The keyboard and the screen.
pub(super) struct Terminal<R, W> {
    pub(super) input: R,
    pub(super) out: W,
    /// Colour the output with ANSI escapes.
    pub(super) ansi: bool,
    /// Repeat what was typed, so that a transcript of piped input reads like a session.
    pub(super) echo: bool,
}

impl<R: BufRead, W: Write> Terminal<R, W> {
    /// Shows `prompt` and reads the answer: one line of input without its line ending, cut
    /// at [`crate::typed::MAX_LINE`] bytes; `None` at the end of input.
    pub(super) fn ask(&mut self, prompt: &str) -> Result<Option<String>, Failure> {
        write!(self.out, "{prompt}")?;
        self.out.flush()?;
        let read = crate::typed::read_answer(&mut self.input)
            .map_err(|e| Failure::Io(format!("input: cannot read standard input: {e}")))?;
        let Some(line) = read else {
            writeln!(self.out)?;
            return Ok(None);
        };
        if self.echo {
            // What was typed, with anything that would act on a screen escaped.
            writeln!(self.out, "{}", echo_within(&line, usize::MAX))?;
        }
        Ok(Some(line))
    }

    /// Offers the last unfinished game. `None` when the player leaves instead. With
    /// `new_asked_for` (the player gave a new game's options) a bare Enter starts the new
    /// game, otherwise it resumes.
    pub(super) fn ask_resume(
        &mut self,
        last: &Session,
        new_asked_for: bool,
    ) -> Result<Option<bool>, Failure> {
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
        let prompt = if new_asked_for {
            "Resume it instead of the new game you asked for? [y/N] "
        } else {
            "Resume the last game? [Y/n] "
        };
        loop {
            let Some(line) = self.ask(prompt)? else {
                return Ok(None);
            };
            match line.to_ascii_lowercase().as_str() {
                "" => return Ok(Some(!new_asked_for)),
                "y" | "yes" => return Ok(Some(true)),
                "n" | "no" => return Ok(Some(false)),
                "q" | "quit" | "exit" => return Ok(None),
                _ => writeln!(self.out, "answer y or n")?,
            }
        }
    }
}

/// A seat's label, coloured: "red (you)", "green (expert)", "blue (Hal, hard)".
pub(super) fn label(session: &Session, seat: usize, ansi: bool) -> String {
    let colour = session.colour(seat);
    let text = match session.seat(seat) {
        Some(Seat { name, kind, .. }) => seat_text(colour, name, kind),
        None => colour.to_string(),
    };
    paint(colour, &text, ansi)
}

/// A seat as the terminal names it, uncoloured: the colour, then the name, and a bot's level
/// when the name is not the level itself.
pub(crate) fn seat_text(colour: Colour, name: &str, kind: &SeatKind) -> String {
    match kind {
        SeatKind::Bot { level } if name != level => {
            format!("{colour} ({}, {level})", narrate::shown_name(name))
        }
        _ => format!("{colour} ({})", narrate::shown_name(name)),
    }
}

/// Rolls made in turns (the roll-off left out).
pub(super) fn turn_rolls(session: &Session) -> usize {
    session.rolls().iter().filter(|r| !r.roll_off).count()
}

/// What a person typed at a prompt.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Answer {
    /// Roll, or play the move with this index.
    Go(usize),
    Undo,
    Hint,
    Quit,
    /// Show the commands.
    Help,
    /// Not an answer; the text says why.
    Wrong(String),
}

/// Reads an answer to the choice prompt with `count` moves.
pub(super) fn choice_answer(line: &str, count: usize) -> Answer {
    match line.to_ascii_lowercase().as_str() {
        "q" | "quit" | "exit" => Answer::Quit,
        "u" | "undo" => Answer::Undo,
        "?" | "hint" => Answer::Hint,
        "h" | "help" => Answer::Help,
        "" => Answer::Wrong(format!(
            "there is a choice: type a number from 1 to {count} (? for a hint)"
        )),
        text => match text.parse::<usize>() {
            Ok(k) if (1..=count).contains(&k) => Answer::Go(k - 1),
            _ => Answer::Wrong(format!(
                "\"{}\" is not one of the moves: type a number from 1 to {count} (h for help)",
                echo(line)
            )),
        },
    }
}

/// Reads an answer to the roll prompt: Enter or `r` rolls, and so does a number (a move
/// typed ahead of its list means "go on"); other text is a mistake, not a roll.
pub(super) fn roll_answer(line: &str) -> Answer {
    let rolls = matches!(line.to_ascii_lowercase().as_str(), "" | "r" | "roll")
        || (!line.is_empty() && line.bytes().all(|b| b.is_ascii_digit()));
    match choice_answer(line, 0) {
        _ if rolls => Answer::Go(0),
        Answer::Wrong(_) => Answer::Wrong(format!(
            "\"{}\" is not a command: Enter rolls the die (h for help)",
            echo(line)
        )),
        other => other,
    }
}
