//! `GameSession`: one game behind a mutex, every action returning the new view.

use crate::error::LudoError;
use crate::rules::{RuleOption, rules_spec};
use crate::types::{BoardLayout, Colour, GameView, PlayerKind, Viewer};
use crate::{guarded, init_logging};
use ludo_core::dice::Seed;
use ludo_core::session::{GameSetup, Seat, Session, SessionError, SessionPhase};
use ludo_core::{replay, save};
use std::sync::{Arc, Mutex, MutexGuard};

/// A seat of a new game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SeatConfig {
    /// The name shown (at most 40 bytes).
    pub name: String,
    /// A person at this device, or a bot at a level of `bot_levels()`.
    pub kind: PlayerKind,
    /// The colour to play: give every seat one, or none and the board spreads the seats.
    #[uniffi(default)]
    pub colour: Option<Colour>,
}

/// Everything that decides a new game before its first roll.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct GameConfig {
    /// A preset id of `presets()`.
    pub preset: String,
    /// The seats in turn order: 2 up to the board's colours.
    pub seats: Vec<SeatConfig>,
    /// Options on top of the preset.
    #[uniffi(default)]
    pub options: Vec<RuleOption>,
    /// The seed of every die as 64 hex digits; `None` for a fresh random one.
    #[uniffi(default)]
    pub seed_hex: Option<String>,
}

struct Inner {
    session: Session,
    viewer: Viewer,
    /// Whether the events of the last action were returned in a view already.
    events_shown: bool,
    /// Bumped by every change, so that a bot's move computed on a copy is committed only if
    /// nothing changed while it thought.
    generation: u64,
}

impl Inner {
    fn new(session: Session) -> Inner {
        Inner {
            viewer: Viewer::new(&session),
            session,
            events_shown: false,
            generation: 0,
        }
    }

    /// The view after a change: the events of that change, which later views leave out.
    fn view_after_change(&mut self) -> Result<GameView, LudoError> {
        self.generation = self.generation.wrapping_add(1);
        self.events_shown = false;
        self.view()
    }

    fn view(&mut self) -> Result<GameView, LudoError> {
        let view = self.viewer.view(&self.session, !self.events_shown)?;
        self.events_shown = true;
        Ok(view)
    }

    fn seat_to_move(&self) -> u32 {
        self.session.position().turn.into()
    }

    /// Refuses a person's action while a bot is to move.
    fn check_person_to_move(&self) -> Result<(), LudoError> {
        if self.session.bot_to_move() {
            return Err(LudoError::NotYourTurn {
                seat: self.seat_to_move(),
            });
        }
        Ok(())
    }
}

/// A game in progress: its rules, seats, seed and log of decisions. Thread-safe; every action
/// returns the new [`GameView`]. Kotlin: `AutoCloseable` (close it, or `use {}`).
#[derive(uniffi::Object)]
pub struct GameSession {
    inner: Mutex<Inner>,
}

impl GameSession {
    pub(crate) fn from_core(session: Session) -> Arc<GameSession> {
        Arc::new(GameSession {
            inner: Mutex::new(Inner::new(session)),
        })
    }

    /// A game read from a save or a code, refused if it cannot go on in this build (see
    /// `Session::check_playable`).
    pub(crate) fn loaded(session: Session) -> Result<Arc<GameSession>, LudoError> {
        session.check_playable()?;
        Ok(GameSession::from_core(session))
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while locked is caught by `guarded`; the game it leaves is still a game.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A copy of the core session, for saving.
    pub(crate) fn snapshot(&self) -> Session {
        self.lock().session.clone()
    }

    /// Runs a change of the session and returns the view after it.
    fn act(
        &self,
        f: impl FnOnce(&mut Inner) -> Result<(), LudoError>,
    ) -> Result<GameView, LudoError> {
        guarded(|| {
            let mut inner = self.lock();
            f(&mut inner)?;
            inner.view_after_change()
        })
    }
}

/// What is wrong with a seed that does not parse: its length, or its first character that is
/// not a hex digit.
fn seed_problem(hex: &str) -> String {
    let text = hex.trim();
    match text
        .chars()
        .enumerate()
        .find(|(_, c)| !c.is_ascii_hexdigit())
    {
        Some((i, c)) => format!("expected 64 hex digits; character {} is {c:?}", i + 1),
        None => format!("expected 64 hex digits, got {}", text.chars().count()),
    }
}

/// Runs a search on tokio's blocking pool, on a copy of the game, so that the game stays
/// readable (`view`) while it thinks; `who` names it if its worker fails.
async fn on_blocking_pool<T: Send + 'static>(
    who: &str,
    think: impl FnOnce() -> Result<T, LudoError> + Send + 'static,
) -> Result<T, LudoError> {
    tokio::task::spawn_blocking(move || guarded(think))
        .await
        .map_err(|e| LudoError::Internal {
            detail: format!("{who}'s worker failed: {e}"),
        })?
}

fn setup_of(config: GameConfig) -> Result<GameSetup, LudoError> {
    let rules = rules_spec(&config.preset, &config.options)?;
    let seats = config
        .seats
        .into_iter()
        .map(|s| Seat {
            name: s.name,
            kind: s.kind.into(),
            colour: s.colour.map(Into::into),
        })
        .collect();
    let mut setup = GameSetup::new(rules, seats);
    if let Some(hex) = config.seed_hex {
        setup.seed = Seed::from_hex(&hex).ok_or_else(|| LudoError::InvalidSeed {
            reason: seed_problem(&hex),
        })?;
    }
    Ok(setup)
}

#[uniffi::export(async_runtime = "tokio")]
impl GameSession {
    /// Starts a new game: checks the rules, the seats and the seed, then rolls off for the
    /// first seat (the first view's events show the roll-off).
    #[uniffi::constructor]
    pub fn new(config: GameConfig) -> Result<Arc<GameSession>, LudoError> {
        init_logging();
        guarded(|| {
            let setup = setup_of(config)?;
            let session = Session::new(setup)?;
            log::info!(
                "new game: {}, {} seats",
                session.engine().rules.preset,
                session.seats().len()
            );
            Ok(GameSession::from_core(session))
        })
    }

    /// A game from save JSON (as `save()` writes it), replayed to where it was saved.
    #[uniffi::constructor]
    pub fn from_save(json: String) -> Result<Arc<GameSession>, LudoError> {
        init_logging();
        guarded(|| GameSession::loaded(save::load(json.as_bytes())?))
    }

    /// A game from a replay code (as `replay_code()` makes it), replayed to where it was
    /// made; an offline game starting now.
    #[uniffi::constructor]
    pub fn from_replay_code(code: String) -> Result<Arc<GameSession>, LudoError> {
        init_logging();
        guarded(|| GameSession::loaded(replay::decode(&code)?))
    }

    /// The game as it stands. Its events are those since the last view this session returned
    /// (so none when nothing happened since).
    pub fn view(&self) -> Result<GameView, LudoError> {
        guarded(|| self.lock().view())
    }

    /// The drawing layout of this game's board.
    pub fn board_layout(&self) -> Result<BoardLayout, LudoError> {
        guarded(|| {
            let inner = self.lock();
            Ok(inner.viewer.layout(&inner.session))
        })
    }

    /// Rolls the die of the person to move. A roll with no legal move or one plays itself;
    /// with two or more the view offers them (phase `Choose`).
    pub fn roll(&self) -> Result<GameView, LudoError> {
        self.act(|inner| {
            inner.check_person_to_move()?;
            inner.session.roll()?;
            Ok(())
        })
    }

    /// Plays option `option_id` of the current choice for the person to move.
    pub fn choose(&self, option_id: u32) -> Result<GameView, LudoError> {
        self.act(|inner| {
            inner.check_person_to_move()?;
            let index = usize::try_from(option_id).unwrap_or(usize::MAX);
            inner.session.choose(index).map_err(|e| match e {
                SessionError::NothingToChoose => LudoError::IllegalOption {
                    option_id,
                    options: 0,
                },
                SessionError::IllegalChoice { count, .. } => LudoError::IllegalOption {
                    option_id,
                    options: crate::count(count),
                },
                e => e.into(),
            })?;
            Ok(())
        })
    }

    /// Takes back the last decision of a person and every bot decision after it: the game
    /// stands again where that choice was offered, with the same die (events: `Undone`).
    pub fn undo(&self) -> Result<GameView, LudoError> {
        self.act(|inner| {
            inner.session.undo()?;
            Ok(())
        })
    }

    /// One action of the bot to move, its roll or its choice, thought out on tokio's blocking
    /// pool (Kotlin: a `suspend fun`, Swift: an `async` method). Call it while the view says
    /// `bot_to_move`. If the game changed while the bot thought (an undo), the move is
    /// dropped and `NotYourTurn` is thrown; take a fresh view.
    pub async fn play_bot_turn(&self) -> Result<GameView, LudoError> {
        let (mut session, generation) = guarded(|| {
            let inner = self.lock();
            if !inner.session.bot_to_move() {
                return Err(match inner.session.is_over() {
                    true => LudoError::GameOver,
                    false => LudoError::NotYourTurn {
                        seat: inner.seat_to_move(),
                    },
                });
            }
            Ok((inner.session.clone(), inner.generation))
        })?;
        let session = on_blocking_pool("the bot", move || {
            session.play_bot()?;
            Ok(session)
        })
        .await?;
        guarded(|| {
            let mut inner = self.lock();
            if inner.generation != generation {
                return Err(LudoError::NotYourTurn {
                    seat: inner.seat_to_move(),
                });
            }
            inner.session = session;
            inner.view_after_change()
        })
    }

    /// The option the expert would play in the current choice of the person to move (an
    /// `id` of the view's `options`), for the screen to mark as a hint. Thought out on tokio's
    /// blocking pool like a bot's turn, exactly as an `expert` seat would think, and it
    /// changes nothing in the game. `null`/`nil` when there is no choice of a person's to
    /// hint at (a roll to make, a bot to move, the game over), or when the game changed while
    /// the expert thought, so that the hint no longer fits.
    pub async fn hint(&self) -> Result<Option<u32>, LudoError> {
        let asked = guarded(|| {
            let inner = self.lock();
            let waiting =
                inner.session.phase() == SessionPhase::Choose && !inner.session.bot_to_move();
            Ok(waiting.then(|| (inner.session.clone(), inner.generation)))
        })?;
        let Some((session, generation)) = asked else {
            return Ok(None);
        };
        let option = on_blocking_pool("the hint", move || Ok(session.hint()?)).await?;
        guarded(|| {
            let inner = self.lock();
            Ok((inner.generation == generation).then(|| u32::try_from(option).unwrap_or(0)))
        })
    }

    /// The game as save JSON (docs/save-format.md), to keep or share; `from_save` reads it.
    pub fn save(&self) -> Result<String, LudoError> {
        guarded(|| Ok(self.lock().session.save_json()))
    }

    /// The whole game as a short URL-safe text (`ludo1.` ...); `from_replay_code` reads it.
    pub fn replay_code(&self) -> Result<String, LudoError> {
        guarded(|| Ok(replay::encode(&self.lock().session)))
    }
}
