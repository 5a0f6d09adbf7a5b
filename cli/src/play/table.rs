//! A game of `ludo play` at the table: the loop that rolls, asks people, lets computer
//! seats play, narrates, saves after every decision, and ends or leaves the game.

use super::Start;
use super::saves::{Saver, shell_word};
use super::terminal::{Answer, HELP, Terminal, choice_answer, label, roll_answer, turn_rolls};
use crate::draw;
use crate::failure::Failure;
use crate::narrate::{self, Narrator};
use ludo_core::Input;
use ludo_core::session::{GameEvent, MAX_ROLLS, Session, SessionError, SessionPhase};
use std::io::{BufRead, Write};

/// How a game at the table ended.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Ending {
    Over,
    LeftUnfinished,
}

/// What a person's turn at a prompt led to.
pub(super) enum Turn {
    Played,
    Undone,
    Left,
}

/// A game at a table: the session, who sits where, the terminal and the save.
pub(super) struct Table<R, W> {
    session: Session,
    term: Terminal<R, W>,
    saver: Saver,
    narrator: Narrator,
    /// Decisions in the log when the game was last saved.
    saved_decisions: usize,
    /// Rolls made when the game was last saved.
    saved_rolls: usize,
    /// The next choice prompt draws the board first (the game came back to a choice by
    /// undo or resume, not by a roll just under the board).
    board_at_choice: bool,
    /// A pause after each computer action (`--delay`), so that people can follow them.
    pub(super) bot_pause: std::time::Duration,
}

impl<R: BufRead, W: Write> Table<R, W> {
    pub(super) fn new(session: Session, term: Terminal<R, W>, saver: Saver) -> Self {
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
            saved_rolls: 0,
            board_at_choice: true,
            bot_pause: std::time::Duration::ZERO,
        }
    }

    fn label(&self, seat: usize) -> String {
        label(&self.session, seat, self.term.ansi)
    }

    /// Plays the game to its end, or until the people at the table leave.
    pub(super) fn play(&mut self, start: Start) -> Result<(), Failure> {
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
                        // Saved under its own name: the slot was another game's, or a newer
                        // version's.
                        format!(
                            "`ludo play --load {}{}`",
                            shell_word(&path),
                            self.saver.dir_arg
                        )
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
        let (how, note) = match start {
            Start::New => (None, ""),
            Start::Resumed => (Some("resumed".to_string()), ""),
            Start::Loaded(path) => (Some(format!("loaded from {}", path.display())), ""),
            Start::TakenUp(path) => (
                Some(format!("taken up from {}", path.display())),
                "; it goes on in the autosave",
            ),
        };
        match how {
            None => writeln!(out, "Ludo: {preset}, {seats} seats")?,
            // Rolls as `ludo saves` and the replay code count them too, with the roll-off.
            Some(how) => writeln!(
                out,
                "Ludo: {preset}, {seats} seats, {how} after {} rolls ({} with the roll-off{note})",
                turn_rolls(s),
                s.rolls().len()
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
        for event in self.session.events() {
            if let GameEvent::RollOff { seat, value } = *event {
                // Each round rolls the tied seats in turn order.
                if last_seat.is_none_or(|l| seat <= l) {
                    rounds.push(Vec::new());
                }
                last_seat = Some(seat);
                if let Some(round) = rounds.last_mut() {
                    round.push(format!("{} {value}", self.session.colour(seat as usize)));
                }
            }
        }
        // Nothing has been played yet: the seat to move is the one the roll-off chose.
        let first = self.session.position().turn as usize;
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
        self.saved_rolls = self.session.rolls().len();
    }

    /// Prints the lines the narrator has completed.
    fn print_told(&mut self) -> Result<(), Failure> {
        for line in self.narrator.take() {
            writeln!(self.term.out, "{line}")?;
        }
        Ok(())
    }

    /// The loop: computers play, people are asked, and the game is saved after every
    /// decision and before every prompt, so that a game killed at a prompt comes back to
    /// that prompt (not to the last decision before the rolls that played themselves).
    fn play_out(&mut self) -> Result<Ending, Failure> {
        loop {
            let at_prompt = !self.session.is_over() && !self.session.bot_to_move();
            if self.session.log().len() != self.saved_decisions
                || (at_prompt && self.session.rolls().len() != self.saved_rolls)
            {
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
                    self.term.out.flush()?;
                    std::thread::sleep(self.bot_pause);
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
            let prompt = format!(
                "{}: press Enter to roll (u undo, q save and quit)> ",
                self.label(seat)
            );
            let Some(line) = self.term.ask(&prompt)? else {
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
                Answer::Help => writeln!(self.term.out, "{HELP}")?,
                Answer::Hint => {
                    writeln!(self.term.out, "roll first: the hint is for choosing a move")?
                }
                Answer::Wrong(why) => writeln!(self.term.out, "{why}")?,
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
            let prompt = format!(
                "{}: choose 1 to {count} (? hint, u undo, q save and quit)> ",
                self.label(seat)
            );
            let Some(line) = self.term.ask(&prompt)? else {
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
                    // A choice is pending here, so the session always has a hint.
                    let k = self.session.hint().unwrap_or(0);
                    let text = texts.get(k).map_or("", String::as_str);
                    writeln!(self.term.out, "Hint from the expert: {}) {text}", k + 1)?;
                }
                Answer::Help => writeln!(self.term.out, "{HELP}")?,
                Answer::Wrong(why) => writeln!(self.term.out, "{why}")?,
            }
        }
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
            let check = match self.saver.keep_finished(&self.session) {
                Some(path) => format!("; `ludo verify {}` checks every roll", shell_word(&path)),
                None => String::new(),
            };
            writeln!(
                self.term.out,
                "\nThe dice seed was {} (its SHA-256 is the commitment shown at the start){check}.",
                seed.to_hex()
            )?;
            // The whole game in one line, to share: `ludo replay` steps through it.
            writeln!(
                self.term.out,
                "Replay code (`ludo replay CODE` shows the game move by move): {}",
                ludo_core::replay::encode(&self.session)
            )?;
        }
        // The replay code and `ludo saves` count the roll-off's rolls too.
        writeln!(
            self.term.out,
            "\nGame over after {} rolls ({} with the roll-off). Places:",
            turn_rolls(&self.session),
            self.session.rolls().len()
        )?;
        // Seats tied on distance and pieces home share a place (rules.md 8.5).
        for (&seat, rank) in self.session.places().iter().zip(self.session.ranks()) {
            let seat = seat as usize;
            let summary = narrate::seat_summary(engine, pos, seat);
            writeln!(self.term.out, "  {rank}. {} ({summary})", self.label(seat))?;
        }
        Ok(())
    }
}

/// A session refusing an action the loop asked for: a bug, or a saved seat whose bot
/// level this build does not know.
fn game_failure(e: SessionError) -> Failure {
    Failure::Io(format!("the game cannot go on: {e}"))
}
