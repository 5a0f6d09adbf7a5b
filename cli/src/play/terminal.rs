//! The keyboard and the screen of `ludo play`, and how a typed line is read as an answer.

use crate::failure::Failure;
use crate::narrate;
use crate::paint::paint;
use ludo_core::session::{Seat, SeatKind, Session};
use std::io::{BufRead, Write};

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
    /// Shows `prompt` and reads the answer: one line of input without its line ending;
    /// `None` at the end of input.
    pub(super) fn ask(&mut self, prompt: &str) -> Result<Option<String>, Failure> {
        write!(self.out, "{prompt}")?;
        self.out.flush()?;
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
    pub(super) fn ask_resume(&mut self, last: &Session) -> Result<Option<bool>, Failure> {
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
            let Some(line) = self.ask("Resume the last game? [Y/n] ")? else {
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
pub(super) fn label(session: &Session, seat: usize, ansi: bool) -> String {
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
    /// Not an answer; the text says why.
    Wrong(String),
}

/// Reads an answer to the choice prompt with `count` moves.
pub(super) fn choice_answer(line: &str, count: usize) -> Answer {
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
pub(super) fn roll_answer(line: &str) -> Answer {
    match choice_answer(line, 0) {
        Answer::Hint => Answer::Wrong("roll first: the hint is for choosing a move".into()),
        Answer::Wrong(_) => Answer::Go(0),
        other => other,
    }
}
