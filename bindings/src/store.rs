//! `SaveStore`: the app's folder of saves (atomic writes, a backup of each, an autosave slot).

use crate::error::LudoError;
use crate::session::GameSession;
use crate::types::{Colour, PlayerKind};
use crate::{guarded, init_logging};
use ludo_core::save::Summary;
use ludo_core::store::{self, SaveStore as CoreStore};
use std::sync::Arc;

/// One seat in a save's summary.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SeatSummary {
    pub name: String,
    pub kind: PlayerKind,
    pub colour: Colour,
    /// Pieces at the end of the road.
    pub pieces_home: u32,
    /// How far the colour has come, 0 to 100.
    pub progress: u32,
    /// Its place once finished (1 for the winner).
    pub place: Option<u32>,
}

/// What a list of saves shows without replaying the game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SaveSummary {
    /// When the save was written, seconds since 1970.
    pub saved_at: u64,
    /// When the game began, seconds since 1970.
    pub created_at: u64,
    /// The preset the rules start from.
    pub preset: String,
    pub seats: Vec<SeatSummary>,
    /// The seat to move.
    pub turn: u32,
    /// Rolls made, the roll-off included.
    pub rolls: u32,
    /// Decisions in the log.
    pub decisions: u32,
    pub over: bool,
}

impl From<Summary> for SaveSummary {
    fn from(s: Summary) -> SaveSummary {
        SaveSummary {
            saved_at: s.saved_at,
            created_at: s.created_at,
            preset: s.rules,
            seats: s
                .seats
                .into_iter()
                .map(|seat| SeatSummary {
                    name: seat.name,
                    kind: seat.kind.into(),
                    colour: seat.colour.into(),
                    pieces_home: seat.pieces_home.into(),
                    progress: seat.progress.into(),
                    place: seat.place.map(u32::from),
                })
                .collect(),
            turn: s.turn.into(),
            rolls: s.rolls,
            decisions: s.decisions,
            over: s.over,
        }
    }
}

/// One save in a listing. Damaged saves are listed too, with the problem, so that the player
/// can see and delete them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SaveEntry {
    /// The id to load or delete it by (`autosave` for the autosave slot).
    pub id: String,
    /// Its summary: from the backup when the save itself is damaged, `None` when neither can
    /// be read.
    pub summary: Option<SaveSummary>,
    /// Why the save itself could not be read (English, for logs), if it could not.
    pub problem: Option<String>,
    /// A newer version of the game wrote it (or its backup, the save itself being damaged):
    /// it is not damaged and opens once the app is updated. Tell the player so rather than
    /// offer it for deletion as a damaged save.
    pub newer_version: bool,
    /// When the file was last written, seconds since 1970.
    pub modified: u64,
}

/// A loaded save.
#[derive(uniffi::Record)]
pub struct LoadedGame {
    /// The game, ready to go on.
    pub session: Arc<GameSession>,
    /// Set when the save was damaged or missing and its backup was loaded instead: why the
    /// save itself failed (English, for logs). The app tells the player a move or so is lost.
    pub recovered_from_backup: Option<String>,
}

impl TryFrom<store::Loaded> for LoadedGame {
    type Error = LudoError;

    fn try_from(l: store::Loaded) -> Result<LoadedGame, LudoError> {
        Ok(LoadedGame {
            session: GameSession::loaded(l.session)?,
            recovered_from_backup: l.recovered.map(|e| e.to_string()),
        })
    }
}

/// A folder of saves: the app passes its files directory once. Writes are atomic (a crash
/// leaves the old save or the new one) and keep the previous copy as a backup, which loading
/// falls back to. The methods do file I/O: call them off the UI thread.
#[derive(uniffi::Object)]
pub struct SaveStore {
    store: CoreStore,
}

#[uniffi::export]
impl SaveStore {
    /// The store in `dir`, creating the folder if needed.
    #[uniffi::constructor]
    pub fn new(dir: String) -> Result<Arc<SaveStore>, LudoError> {
        init_logging();
        guarded(|| {
            if dir.is_empty() {
                return Err(LudoError::Storage {
                    detail: "no folder given".to_owned(),
                });
            }
            Ok(Arc::new(SaveStore {
                store: CoreStore::open(dir)?,
            }))
        })
    }

    /// Every save, newest first, with its summary.
    pub fn list(&self) -> Result<Vec<SaveEntry>, LudoError> {
        guarded(|| {
            Ok(self
                .store
                .list()?
                .into_iter()
                .map(|e| SaveEntry {
                    id: e.id,
                    summary: e.summary.map(SaveSummary::from),
                    problem: e.problem,
                    newer_version: e.newer,
                    modified: e.modified,
                })
                .collect())
        })
    }

    /// Loads save `id` (or its backup, if it is damaged).
    pub fn load(&self, id: String) -> Result<LoadedGame, LudoError> {
        guarded(|| self.store.load(&id)?.try_into())
    }

    /// Deletes save `id` and its backup.
    pub fn delete(&self, id: String) -> Result<(), LudoError> {
        guarded(|| Ok(self.store.delete(&id)?))
    }

    /// Saves the game under its own id (one file per game however often it is saved) and
    /// returns the id.
    pub fn save(&self, session: Arc<GameSession>) -> Result<String, LudoError> {
        guarded(|| Ok(self.store.save(&session.snapshot())?))
    }

    /// Saves the game in the autosave slot: call it after every action, so that a game killed
    /// mid-turn resumes where it stood.
    pub fn autosave(&self, session: Arc<GameSession>) -> Result<(), LudoError> {
        guarded(|| Ok(self.store.autosave(&session.snapshot())?))
    }

    /// The autosaved game, if there is one.
    pub fn load_autosave(&self) -> Result<Option<LoadedGame>, LudoError> {
        guarded(|| {
            self.store
                .load_autosave()?
                .map(LoadedGame::try_from)
                .transpose()
        })
    }

    /// Keeps the game in the autosave slot as a save of its own: call it before a new game
    /// takes the slot, so that starting one never loses a game in progress. Returns the id
    /// it is kept under (the game's own id, so a game kept twice keeps one file), or `null`/
    /// `nil` when there is nothing to play on (no autosave, or a finished game, which is filed
    /// among the finished games as `keep_finished` would file it). An autosave
    /// that cannot be read, or that a newer version wrote, is moved aside as it is
    /// (`autosave-kept-...`, listed with its problem) and the slot is left free.
    pub fn keep_autosave(&self) -> Result<Option<String>, LudoError> {
        guarded(|| Ok(self.store.keep_autosave()?))
    }

    /// Takes up a kept game to play on: the game in the autosave slot is kept first
    /// (`keep_autosave`), then save `id` is loaded, written to the slot and removed under its
    /// own name, so that the game goes on in the slot as a resumed one does. `autosave`
    /// loads the slot as it is. Nothing changes if `id` cannot be loaded, or cannot be
    /// played on by this version (`InvalidSeats`, as loading it says).
    pub fn take_up(&self, id: String) -> Result<LoadedGame, LudoError> {
        guarded(|| {
            // Checked here first for the error loading it gives; the store checks too.
            self.store.load(&id)?.session.check_playable()?;
            self.store.take_up(&id)?.try_into()
        })
    }

    /// Files a game that is over among the finished games, so that its replay code can be
    /// shown and checked later (`load` it, then `replay_code`): it is saved under its own id,
    /// the autosave slot is cleared if it holds this game, and only the newest twenty
    /// finished games are kept, this one always among them (damaged saves, games not over
    /// and autosaves moved aside are never deleted here).
    /// Call it instead of `clear_autosave` when a game ends. Returns the id, or `null`/`nil`
    /// (changing nothing) for a game that is not over.
    pub fn keep_finished(&self, session: Arc<GameSession>) -> Result<Option<String>, LudoError> {
        guarded(|| Ok(self.store.keep_finished(&session.snapshot())?))
    }

    /// Removes the autosave (when a game is over or abandoned); no error if there is none.
    pub fn clear_autosave(&self) -> Result<(), LudoError> {
        guarded(|| Ok(self.store.clear_autosave()?))
    }
}
