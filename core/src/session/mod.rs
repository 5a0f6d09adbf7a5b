//! A game session: the rules, the seats, the seed and the log of decisions, with undo,
//! the events of the last action and a view of everything a screen draws.
//!
//! The log holds only real choices (two or more legal moves): the dice come from the
//! seat's own stream of the seed, and a roll with no move or one move plays itself, so
//! replaying the log from the seed reproduces the game exactly. Undo is such a replay with
//! the log cut short, which is why it can never re-roll.

mod error;
mod events;
mod names;
mod setup;
mod view;

pub use error::{LogError, SessionError};
pub use events::GameEvent;
pub use names::display_name;
pub use setup::{GameSetup, MAX_LEVEL_LEN, MAX_NAME_LEN, Seat, SeatKind, unix_now};
pub use view::{GameView, MoveOption, PieceView, SeatView, SessionPhase};

use crate::dice::{Dice, Seed, roll_off};
use crate::engine::Engine;
use crate::game::Game;
use crate::moves::{Input, Move, MoveList};
use crate::position::Position;
use crate::turn::{Phase, Step};
use setup::resolve_seats;

/// A replay stops with an error past this many rolls: a real game takes a few hundred, so
/// only a damaged file or code gets here.
pub const MAX_ROLLS: usize = 100_000;

/// One choice in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decision {
    /// The seat that chose.
    pub seat: u8,
    /// The index of the chosen move in the legal move list.
    pub choice: u8,
    /// How many moves were legal.
    pub options: u8,
    /// Rolls made when the choice was offered, the roll-off included.
    pub rolls: u32,
}

/// One roll of a die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Roll {
    /// The seat whose die it was.
    pub seat: u8,
    /// The value, 1 to 6.
    pub value: u8,
    /// Whether it was a roll-off roll (deciding who starts) rather than a turn.
    pub roll_off: bool,
}

/// A choice waiting to be made.
#[derive(Clone, Copy, Debug)]
struct Pending {
    input: Input,
    moves: MoveList,
}

/// A game in progress: its setup, the game state, the log and the dice rolled.
#[derive(Clone, Debug)]
pub struct Session {
    setup: GameSetup,
    engine: Engine,
    game: Game,
    pending: Option<Pending>,
    log: Vec<Decision>,
    rolls: Vec<Roll>,
    events: Vec<GameEvent>,
    /// Replays keep no events: nobody sees them.
    record_events: bool,
}

impl Session {
    /// Starts a game: checks the rules and the seats, then rolls off for the first seat.
    pub fn new(setup: GameSetup) -> Result<Session, SessionError> {
        // Levels are checked for new games only: a save from a build with other levels
        // still loads and replays, since its log already holds the bots' choices.
        if let Some((i, level)) = unknown_level(&setup.seats) {
            return Err(SessionError::Seats(format!(
                "seat {i}: unknown bot level \"{}\" (levels: {})",
                crate::echo::echo(level),
                crate::bots::LEVELS.join(", ")
            )));
        }
        Session::start(setup, true)
    }

    /// Refuses a loaded game that cannot go on here: one not over, with a bot at a level
    /// this build does not know, would stop for good at that bot's turn. It can still be
    /// replayed and verified.
    pub fn check_playable(&self) -> Result<(), SessionError> {
        match unknown_level(&self.setup.seats) {
            Some((i, level)) if !self.is_over() => Err(SessionError::Seats(format!(
                "seat {i}: this game has a bot at level \"{level}\", which this version does not know (levels: {}); it can be replayed and verified, not played on",
                crate::bots::LEVELS.join(", ")
            ))),
            _ => Ok(()),
        }
    }

    /// A new game without the check of bot levels (replays of saves and codes).
    pub(crate) fn begin(setup: GameSetup) -> Result<Session, SessionError> {
        Session::start(setup, true)
    }

    fn start(mut setup: GameSetup, record_events: bool) -> Result<Session, SessionError> {
        let engine = Engine::new(setup.rules.resolve()?)?;
        let colours = resolve_seats(&engine, &mut setup.seats)?;
        let n = colours.len();
        let mut dice = Dice::new(&setup.seed, n);
        let (first, rounds) = roll_off(&mut dice, n);
        let mut position = engine.start_position(&colours);
        position.turn = first as u8;
        let mut session = Session {
            setup,
            engine,
            game: Game {
                position,
                phase: Phase::Roll,
                dice,
                rolls: 0,
            },
            pending: None,
            log: Vec::new(),
            rolls: Vec::new(),
            events: Vec::new(),
            record_events,
        };
        for (seat, value) in rounds.into_iter().flatten() {
            let (seat, value) = (seat as u8, value);
            session.rolls.push(Roll {
                seat,
                value,
                roll_off: true,
            });
            session.emit(GameEvent::RollOff { seat, value });
        }
        session.emit(GameEvent::Starts { seat: first as u8 });
        Ok(session)
    }

    /// Replays a log of choices from the setup. With `rolls`, play goes on after the last
    /// choice until that many rolls (the roll-off included) are made, so a session saved
    /// between a roll and its choice comes back exactly; without, it stops at the first roll
    /// after the last choice.
    pub fn replay(
        setup: GameSetup,
        choices: &[u8],
        rolls: Option<usize>,
    ) -> Result<Session, SessionError> {
        Session::replay_with(
            setup,
            choices.len(),
            |index, _| {
                choices
                    .get(index)
                    .copied()
                    .ok_or(LogError::Truncated { index })
            },
            rolls,
        )
    }

    /// [`Session::replay`] with the choices read one at a time: `next(index, options)` gives
    /// decision `index` when `options` moves are legal (replay codes pack each choice in as
    /// few bits as its options need, so reading one needs the count).
    pub(crate) fn replay_with(
        setup: GameSetup,
        decisions: usize,
        mut next: impl FnMut(usize, usize) -> Result<u8, LogError>,
        rolls: Option<usize>,
    ) -> Result<Session, SessionError> {
        let mut s = Session::start(setup, false)?;
        let mut k = 0;
        loop {
            if let Some(p) = s.pending {
                if k == decisions {
                    if let Some(target) = rolls
                        && s.rolls.len() < target
                    {
                        return Err(LogError::TooShort {
                            decisions,
                            rolls: target,
                            made: s.rolls.len(),
                        }
                        .into());
                    }
                    break;
                }
                let choice = next(k, p.moves.len())? as usize;
                if choice >= p.moves.len() {
                    return Err(LogError::IllegalChoice {
                        index: k,
                        choice,
                        options: p.moves.len(),
                    }
                    .into());
                }
                s.choose_inner(choice)?;
                k += 1;
                continue;
            }
            let rolls_left = rolls.map(|t| s.rolls.len() < t);
            let reason = match (s.game.phase, rolls_left) {
                (Phase::Over, _) => Some("the game is over"),
                (_, Some(false)) => Some("the recorded rolls end here"),
                _ => None,
            };
            if let Some(reason) = reason {
                if k < decisions {
                    return Err(LogError::TooLong { index: k, reason }.into());
                }
                if rolls_left == Some(true) {
                    return Err(LogError::TooShort {
                        decisions,
                        rolls: rolls.unwrap_or(0),
                        made: s.rolls.len(),
                    }
                    .into());
                }
                break;
            }
            if k == decisions && rolls.is_none() {
                break;
            }
            if s.rolls.len() >= MAX_ROLLS {
                return Err(LogError::Endless.into());
            }
            s.roll_inner()?;
        }
        s.record_events = true;
        Ok(s)
    }

    /// Rolls the die of the seat to move. A roll with no legal move or one plays itself;
    /// with two or more, the session waits for [`Session::choose`].
    pub fn roll(&mut self) -> Result<GameView, SessionError> {
        self.action(Session::roll_inner)
    }

    /// Plays option `index` of the current choice.
    pub fn choose(&mut self, index: usize) -> Result<GameView, SessionError> {
        self.action(|s| s.choose_inner(index))
    }

    /// Runs an action with a fresh list of events. A refused action changes nothing, so the
    /// events of the last one that was played stay (a screen that has not shown them yet,
    /// the roll-off of a new game for one, still can).
    fn action(
        &mut self,
        act: impl FnOnce(&mut Session) -> Result<(), SessionError>,
    ) -> Result<GameView, SessionError> {
        let before = std::mem::take(&mut self.events);
        if let Err(e) = act(self) {
            self.events = before;
            return Err(e);
        }
        Ok(self.view())
    }

    /// Takes back the last decision of a human seat and every bot decision after it; the
    /// game stands again where that choice was offered, with the same die. Refused online,
    /// and once the game is over: its seed is shown then, so play taken up again would know
    /// every die to come.
    pub fn undo(&mut self) -> Result<GameView, SessionError> {
        if self.setup.online {
            return Err(SessionError::UndoOnline);
        }
        if self.is_over() {
            return Err(SessionError::GameOver);
        }
        let k = self
            .last_human_decision()
            .ok_or(SessionError::NothingToUndo)?;
        let choices: Vec<u8> = self.log[..k].iter().map(|d| d.choice).collect();
        let target = self.log[k].rolls as usize;
        let removed = (self.log.len() - k) as u32;
        let mut s = Session::replay(self.setup.clone(), &choices, Some(target))?;
        s.events = vec![GameEvent::Undone { decisions: removed }];
        *self = s;
        Ok(self.view())
    }

    /// Whether the seat to move is a bot (and the game is not over).
    pub fn bot_to_move(&self) -> bool {
        self.phase() != SessionPhase::Over
            && self
                .seat(self.game.position.turn as usize)
                .is_some_and(|s| !s.is_human())
    }

    /// Refuses a bot's action once the game is over, or while a person is to move.
    fn check_bot_to_move(&self) -> Result<(), SessionError> {
        match self.phase() {
            SessionPhase::Over => Err(SessionError::GameOver),
            _ if self.bot_to_move() => Ok(()),
            _ => Err(SessionError::NotABotsTurn {
                seat: self.game.position.turn as usize,
            }),
        }
    }

    /// One action of a bot seat: its roll, or its choice, which `choose` makes from the
    /// engine, the position, the input and the legal moves (an index out of range counts
    /// as 0). Refused while a person is to move, and once the game is over.
    pub fn bot_step(
        &mut self,
        choose: impl FnOnce(&Engine, &Position, Input, &MoveList) -> usize,
    ) -> Result<GameView, SessionError> {
        self.check_bot_to_move()?;
        match self.pending {
            Some(p) => {
                let i = choose(&self.engine, &self.game.position, p.input, &p.moves);
                self.choose(if i < p.moves.len() { i } else { 0 })
            }
            None => self.roll(),
        }
    }

    /// One action of a bot seat, played by the bots module at the seat's level: its roll,
    /// or its choice. The bot is seeded from the game seed and the log, so the same game
    /// gives the same bot moves. Refused as [`Session::bot_step`] is.
    pub fn play_bot(&mut self) -> Result<GameView, SessionError> {
        self.check_bot_to_move()?;
        let seat = self.game.position.turn as usize;
        let level = match self.seat(seat).map(|s| &s.kind) {
            Some(SeatKind::Bot { level }) => level.clone(),
            _ => return Err(SessionError::NotABotsTurn { seat }),
        };
        let mut head = [0u8; 8];
        head.copy_from_slice(&self.setup.seed.0[..8]);
        let seed = u64::from_le_bytes(head) ^ ((self.log.len() as u64) << 8) ^ seat as u64;
        let mut bot = crate::bots::bot_for(&level, seed)
            .map_err(|e| SessionError::Seats(format!("seat {seat}: {e}")))?;
        self.bot_step(|engine, pos, input, moves| bot.choose(engine, pos, input, moves))
    }

    /// The move the expert level would play in the choice waiting now, as an index into
    /// [`Session::options`]: the hint a player can ask for. It thinks exactly as an `expert`
    /// seat does (a node budget, no clock), so the same choice always gets the same hint, and
    /// it changes nothing in the game. Refused when there is no choice to make.
    pub fn hint(&self) -> Result<usize, SessionError> {
        if self.game.phase == Phase::Over {
            return Err(SessionError::GameOver);
        }
        let p = self.pending.as_ref().ok_or(SessionError::NothingToChoose)?;
        let mut expert = crate::bots::expert::ExpertBot::default();
        let best = crate::bots::Bot::choose(
            &mut expert,
            &self.engine,
            &self.game.position,
            p.input,
            &p.moves,
        );
        Ok(if best < p.moves.len() { best } else { 0 })
    }

    fn roll_inner(&mut self) -> Result<(), SessionError> {
        if let Some(p) = &self.pending {
            return Err(SessionError::ChoiceNeeded {
                options: p.moves.len(),
            });
        }
        match self.game.phase {
            Phase::Over => return Err(SessionError::GameOver),
            // A bonus always becomes a pending choice or plays itself before control
            // returns, so the game never rests in this phase.
            Phase::Bonus(n) => {
                self.offer(Input::Bonus(n));
                return Ok(());
            }
            Phase::Roll => {}
        }
        let seat = self.game.position.turn;
        let value = self.game.dice.roll(seat as usize);
        self.game.rolls += 1;
        self.rolls.push(Roll {
            seat,
            value,
            roll_off: false,
        });
        self.emit(GameEvent::Rolled { seat, value });
        self.offer(Input::Roll(value));
        Ok(())
    }

    fn choose_inner(&mut self, index: usize) -> Result<(), SessionError> {
        if self.game.phase == Phase::Over {
            return Err(SessionError::GameOver);
        }
        let p = self.pending.ok_or(SessionError::NothingToChoose)?;
        let mv = *p.moves.get(index).ok_or(SessionError::IllegalChoice {
            index,
            count: p.moves.len(),
        })?;
        self.pending = None;
        self.log.push(Decision {
            seat: self.game.position.turn,
            choice: index as u8,
            options: p.moves.len() as u8,
            rolls: self.rolls.len() as u32,
        });
        let step = self.play_step(p.input, Some(mv));
        if let Phase::Bonus(n) = step.phase {
            self.offer(Input::Bonus(n));
        }
        Ok(())
    }

    /// Offers the moves for `input`: waits for a choice among two or more, plays a single
    /// one (or none) at once, and goes on with any bonus that follows.
    fn offer(&mut self, mut input: Input) {
        loop {
            let mut moves = MoveList::default();
            self.engine
                .legal_moves(&self.game.position, input, &mut moves);
            if moves.len() >= 2 {
                self.pending = Some(Pending { input, moves });
                return;
            }
            let step = self.play_step(input, moves.get(0).copied());
            match step.phase {
                Phase::Bonus(n) => input = Input::Bonus(n),
                _ => return,
            }
        }
    }

    fn play_step(&mut self, input: Input, mv: Option<Move>) -> Step {
        let step = self.game.play(&self.engine, input, mv.as_ref());
        if self.record_events {
            self.describe(input, mv, &step);
        }
        step
    }

    fn emit(&mut self, event: GameEvent) {
        if self.record_events {
            self.events.push(event);
        }
    }

    fn last_human_decision(&self) -> Option<usize> {
        self.log
            .iter()
            .rposition(|d| self.seat(d.seat as usize).is_some_and(Seat::is_human))
    }

    /// The setup the game started from (colours filled in).
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The seats in turn order.
    pub fn seats(&self) -> &[Seat] {
        &self.setup.seats
    }

    /// One seat.
    pub fn seat(&self, seat: usize) -> Option<&Seat> {
        self.setup.seats.get(seat)
    }

    /// The rules compiled for play.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.game.position
    }

    /// The log of decisions.
    pub fn log(&self) -> &[Decision] {
        &self.log
    }

    /// Every roll so far in order, the roll-off first.
    pub fn rolls(&self) -> &[Roll] {
        &self.rolls
    }

    /// The choices of the log, in order.
    pub fn choices(&self) -> Vec<u8> {
        self.log.iter().map(|d| d.choice).collect()
    }

    /// What the session waits for.
    pub fn phase(&self) -> SessionPhase {
        match (self.game.phase, self.pending) {
            (Phase::Over, _) => SessionPhase::Over,
            (_, Some(_)) => SessionPhase::Choose,
            _ => SessionPhase::Roll,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.phase == Phase::Over
    }

    /// Whether this is an online game.
    pub fn is_online(&self) -> bool {
        self.setup.online
    }

    /// Whether [`Session::undo`] would take something back.
    pub fn can_undo(&self) -> bool {
        !self.setup.online && !self.is_over() && self.last_human_decision().is_some()
    }

    /// The legal moves of the pending choice (empty unless choosing).
    pub fn options(&self) -> &[Move] {
        self.pending.as_ref().map_or(&[], |p| p.moves.as_slice())
    }

    /// The SHA-256 commitment to the seed, as hex.
    pub fn commitment(&self) -> String {
        self.setup.seed.commitment()
    }

    /// The seed, once the game is over; until then only its commitment is public.
    pub fn revealed_seed(&self) -> Option<Seed> {
        self.is_over().then_some(self.setup.seed)
    }

    /// The seats from first to last by the rules' ranking (complete once over).
    pub fn places(&self) -> Vec<u8> {
        self.engine
            .places(&self.game.position)
            .into_iter()
            .map(|s| s as u8)
            .collect()
    }

    /// The place of each seat of [`Session::places`], from 1; tied seats share one.
    pub fn ranks(&self) -> Vec<u8> {
        self.engine.ranks(&self.game.position)
    }

    /// The events of the last action.
    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }
}

/// The first bot seat at a level the bots module does not know, with its index.
fn unknown_level(seats: &[Seat]) -> Option<(usize, &str)> {
    seats
        .iter()
        .enumerate()
        .find_map(|(i, seat)| match &seat.kind {
            SeatKind::Bot { level } if !crate::bots::LEVELS.contains(&level.as_str()) => {
                Some((i, level.as_str()))
            }
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::Colour;
    use crate::rules::RulesSpec;

    fn setup(seed: u64) -> GameSetup {
        GameSetup {
            rules: RulesSpec::Preset("classic".into()),
            seats: vec![Seat::human("Ann"), Seat::bot("Bo", "easy")],
            seed: Seed::from_u64(seed),
            online: false,
            created_at: 0,
        }
    }

    #[test]
    fn a_session_starts_where_the_engine_game_starts() {
        let s = Session::new(setup(5)).expect("session");
        let engine = Engine::preset("classic").expect("classic");
        let colours: Vec<u8> = engine
            .board
            .default_seating(2)
            .expect("2")
            .into_iter()
            .map(|c| c as u8)
            .collect();
        let game = Game::new(&engine, &colours, &Seed::from_u64(5));
        assert_eq!(s.position(), &game.position);
        assert!(s.rolls().iter().all(|r| r.roll_off));
    }

    #[test]
    fn seats_are_checked() {
        let mut bad = setup(1);
        bad.seats.truncate(1);
        assert!(matches!(Session::new(bad), Err(SessionError::Seats(_))));
        let mut bad = setup(1);
        bad.seats[0].colour = Some(Colour::Red);
        assert!(matches!(Session::new(bad), Err(SessionError::Seats(_))));
        for name in ["a\nb", "\u{1b}[2Jc", "tab\there"] {
            let mut bad = setup(1);
            bad.seats[1].name = name.into();
            let Err(SessionError::Seats(why)) = Session::new(bad) else {
                panic!("{name:?} is taken as a name");
            };
            assert!(why.contains("seat 1") && why.contains("control"), "{why}");
        }
        let mut fine = setup(1);
        fine.seats[0].name = "Zoë 🎲".into();
        assert!(Session::new(fine).is_ok());
    }
}
