//! A folder of saved games: list with summaries, load, delete, and an autosave slot.
//!
//! Every write is atomic: the new save goes to a temporary file that is flushed to disk,
//! the current save is kept as `.bak` (when it is an earlier state of the same game), and a
//! rename puts the new one in its place, so a crash at any instant leaves the old save or
//! the new one, never a torn file. Loading a save that is damaged falls back to its backup
//! and says so; nothing is ever deleted except by [`SaveStore::delete`], finished games
//! beyond the newest [`FINISHED_KEPT`] by [`SaveStore::keep_finished`], and the slot's
//! previous game (kept before the slot took another) with its backup by the next write.
//!
//! Files, for a save id `ID`: `ID.ludo.json` (the save), `ID.ludo.json.bak` (the copy
//! before the last write), `ID.ludo.json.tmp` (a write in progress), and
//! `ID.ludo.json.corrupt` (a damaged save set aside by the next write instead of
//! becoming the backup; `.corrupt-2`, `.corrupt-3`, ... for later ones, so that none is
//! written over).

use crate::save::{self, SaveError, Summary};
use crate::session::{GameSetup, Session};
use std::fs::{self, File, OpenOptions};
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// Serialises writes within the process (see `write_atomic`).
static WRITES: Mutex<()> = Mutex::new(());

/// Takes [`WRITES`] (a writer that panicked left nothing half-done that the next one must
/// mind: each write starts from the files as they are).
fn one_writer() -> MutexGuard<'static, ()> {
    WRITES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The id of the autosave slot.
pub const AUTOSAVE: &str = "autosave";
/// How many finished games [`SaveStore::keep_finished`] keeps: the newest ones.
pub const FINISHED_KEPT: usize = 20;
/// How the id of an autosave moved aside by [`SaveStore::keep_autosave`] begins.
pub const SET_ASIDE: &str = "autosave-kept-";
/// How the name of every save file of a folder ends, after its id.
pub const EXT: &str = ".ludo.json";

/// A folder of saves.
#[derive(Clone, Debug)]
pub struct SaveStore {
    dir: PathBuf,
}

/// One save in a listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveEntry {
    /// The id to load or delete it by.
    pub id: String,
    /// Its summary; from the backup when the save itself is damaged, `None` when neither
    /// can be read.
    pub summary: Option<Summary>,
    /// Why the save itself could not be read, if it could not.
    pub problem: Option<String>,
    /// Whether a newer version of the game wrote it (or, the save itself damaged, its
    /// backup): not damaged, it opens once the game is updated, so an app should not offer
    /// it for deletion as it would a damaged one.
    pub newer: bool,
    /// When the file was last written, seconds since 1970.
    pub modified: u64,
}

/// A loaded save.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The game, ready to go on.
    pub session: Session,
    /// Set when the save was damaged or missing and its backup was loaded instead: why
    /// the save itself failed. The app tells the player.
    pub recovered: Option<SaveError>,
}

fn io_error(path: &Path, e: std::io::Error) -> SaveError {
    SaveError::Io {
        path: path.display().to_string(),
        detail: e.to_string(),
    }
}

/// Whether an id is safe as a file name on every platform.
fn check_id(id: &str) -> Result<(), SaveError> {
    let ok = !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(SaveError::BadName {
            id: crate::echo::echo(id),
        })
    }
}

impl SaveStore {
    /// The store in `dir`, creating the folder if it does not exist.
    pub fn open(dir: impl Into<PathBuf>) -> Result<SaveStore, SaveError> {
        let dir = dir.into();
        fs::create_dir_all(&dir).map_err(|e| match e.kind() {
            // The system says "file exists" of a file where the folder should be, or of a
            // file on the way to it.
            ErrorKind::AlreadyExists | ErrorKind::NotADirectory => SaveError::Io {
                path: dir.display().to_string(),
                detail: "not a folder: a file stands where the folder or one of its parents \
                    should be"
                    .into(),
            },
            _ => io_error(&dir, e),
        })?;
        Ok(SaveStore { dir })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn file(&self, id: &str, suffix: &str) -> PathBuf {
        self.dir.join(format!("{id}{EXT}{suffix}"))
    }

    /// The id a game is saved under by [`SaveStore::save`]: its start time and the head of
    /// its seed's commitment, so each game keeps one file however often it is saved.
    pub fn game_id(session: &Session) -> String {
        let commitment = session.commitment();
        format!(
            "game-{}-{}",
            session.setup().created_at,
            commitment.get(..8).unwrap_or("")
        )
    }

    /// Saves a game under its own id ([`SaveStore::game_id`]) and returns the id; if another
    /// game holds that id (one with the same seed, begun the same second), under the next
    /// free `-2`, `-3`, ... instead, as [`SaveStore::keep_autosave`] names it, so that no
    /// other game is ever written over.
    pub fn save(&self, session: &Session) -> Result<String, SaveError> {
        self.write_own(&one_writer(), session)
    }

    /// Saves a game under `id`, keeping the previous save as its backup. Refuses to
    /// replace a save written by a newer version.
    pub fn save_as(&self, id: &str, session: &Session) -> Result<(), SaveError> {
        check_id(id)?;
        self.write_atomic(id, save::to_json(session).as_bytes())
    }

    /// Saves the game in the autosave slot (call after every action).
    pub fn autosave(&self, session: &Session) -> Result<(), SaveError> {
        self.save_as(AUTOSAVE, session)
    }

    /// Loads the autosave, if there is one.
    pub fn load_autosave(&self) -> Result<Option<Loaded>, SaveError> {
        match self.load(AUTOSAVE) {
            Ok(loaded) => Ok(Some(loaded)),
            Err(SaveError::NotFound { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Keeps the game in the autosave slot as a save of its own before the slot takes another
    /// game, so that starting one never loses a game in progress. An unfinished game is saved
    /// under its id ([`SaveStore::game_id`], so a game kept twice keeps one file; `-2`, `-3`,
    /// ... after it if another game holds that id) and the id is returned. A game that is
    /// over gives `None`, since there is nothing to play on, and is filed among the finished
    /// games as [`SaveStore::keep_finished`] would (at best effort); no autosave gives `None`
    /// too. An autosave that
    /// cannot be read, even from its backup, or that a newer version wrote, is moved aside
    /// as it is (save and backup) under `autosave-kept-SECS` (`-2`, `-3`, ... if that is
    /// taken), whose id is returned, and the
    /// slot is left empty: its bytes are kept for a later version or for a person to look at.
    pub fn keep_autosave(&self) -> Result<Option<String>, SaveError> {
        // Held from reading the slot to keeping it, so that an autosave from another thread
        // cannot land in between and leave the kept copy a move behind.
        let writing = one_writer();
        match self.load_autosave() {
            Ok(None) => Ok(None),
            Ok(Some(loaded)) if loaded.session.is_over() => {
                // Nothing to play on, but not dropped either: a finished game left in the slot
                // (its filing failed, or an older build left it there) is filed as
                // `keep_finished` would. At best effort: it must not stop the next game.
                match self.write_own(&writing, &loaded.session) {
                    Ok(id) => {
                        drop(writing);
                        self.trim_finished(&id);
                    }
                    Err(e) => log::warn!("finished game in the autosave not filed: {e}"),
                }
                Ok(None)
            }
            Ok(Some(loaded)) => Ok(Some(self.write_own(&writing, &loaded.session)?)),
            Err(e @ SaveError::Io { .. }) => Err(e),
            Err(unreadable) => {
                let secs = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                // A name no save has, the same second or not.
                let taken = |id: &str| self.file(id, "").exists() || self.file(id, ".bak").exists();
                let id = first_free(&format!("{SET_ASIDE}{secs}"), |id| !taken(id));
                log::warn!("autosave unreadable ({unreadable}); moved aside as {id}");
                for suffix in ["", ".bak"] {
                    let (from, to) = (self.file(AUTOSAVE, suffix), self.file(&id, suffix));
                    if from.exists() {
                        fs::rename(&from, &to).map_err(|e| io_error(&from, e))?;
                    }
                }
                sync_dir(&self.dir);
                Ok(Some(id))
            }
        }
    }

    /// Writes a game under the id it is kept by, and returns that id: its own
    /// ([`SaveStore::game_id`]), unless another game holds it (one with the same seed, begun
    /// the same second): then the next free `-2`, `-3`, ... For a caller that holds
    /// [`WRITES`], so that nothing takes the id between the choice and the write.
    fn write_own(
        &self,
        writing: &MutexGuard<'static, ()>,
        game: &Session,
    ) -> Result<String, SaveError> {
        let free = |id: &str| match self.load(id) {
            Ok(other) => other.session.setup() == game.setup(),
            Err(SaveError::NotFound { .. }) => true,
            Err(_) => false,
        };
        let id = first_free(&SaveStore::game_id(game), free);
        self.write_locked(writing, &id, save::to_json(game).as_bytes())?;
        Ok(id)
    }

    /// Files a game that is over among the finished games, so that its replay code can be
    /// shown and checked later: it is saved under its own id (as [`SaveStore::keep_autosave`]
    /// names it), the autosave slot is cleared if it holds this game, and finished games
    /// beyond the newest [`FINISHED_KEPT`] are deleted (a damaged save, or one not over, is
    /// never deleted here). Returns the id; `None`, changing nothing, for a game that is not
    /// over. A finished game that cannot be written leaves the slot as it was.
    pub fn keep_finished(&self, game: &Session) -> Result<Option<String>, SaveError> {
        if !game.is_over() {
            return Ok(None);
        }
        // Held from naming the file to clearing the slot, so that a new game autosaved from
        // another thread in between is not taken for this one and cleared.
        let writing = one_writer();
        let id = self.write_own(&writing, game)?;
        if let Ok(Some(slot)) = self.load_autosave()
            && slot.session.setup() == game.setup()
        {
            match self.delete_locked(&writing, AUTOSAVE, Damaged::Keep) {
                Ok(()) | Err(SaveError::NotFound { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        drop(writing);
        self.trim_finished(&id);
        Ok(Some(id))
    }

    /// Deletes the finished games beyond the newest [`FINISHED_KEPT`], the one just filed
    /// (`filed`) counted among them whatever its date: the dates are the clock's when each was
    /// saved, and a clock set wrong once could otherwise have the new game trimmed at once.
    /// Only saves that read cleanly as finished games count; an autosave moved aside
    /// (`autosave-kept-…`) is left for a person to look at. A failure only costs room, so it
    /// is logged, not returned: the game just filed is safe either way.
    fn trim_finished(&self, filed: &str) {
        let list = match self.list() {
            Ok(list) => list,
            Err(e) => return log::warn!("finished games not trimmed: {e}"),
        };
        let others = list.into_iter().filter(|e| {
            e.id != filed
                && e.id != AUTOSAVE
                && !e.id.starts_with(SET_ASIDE)
                && e.problem.is_none()
                && e.summary.as_ref().is_some_and(|s| s.over)
        });
        for old in others.skip(FINISHED_KEPT - 1) {
            if let Err(e) = self.delete(&old.id) {
                log::warn!("finished game {} not trimmed: {e}", old.id);
            }
        }
    }

    /// Takes up a kept game to play on: the game in the autosave slot is kept first
    /// ([`SaveStore::keep_autosave`]), then save `id` is loaded, written to the slot, and
    /// removed under its own name, so that the game lives in one place and goes on there.
    /// `id` = [`AUTOSAVE`] loads the slot as it is. Nothing changes if `id` cannot be loaded,
    /// or cannot be played on here ([`Session::check_playable`]).
    pub fn take_up(&self, id: &str) -> Result<Loaded, SaveError> {
        if id == AUTOSAVE {
            return self.load(id);
        }
        // Refused before anything changes if it cannot be loaded or played on: a game taken
        // into the slot that no load of the slot accepts would be stuck there.
        self.load(id)?.session.check_playable()?;
        self.keep_autosave()?;
        // Loaded again: if the slot held this very game, its newer state was just kept here.
        let loaded = self.load(id)?;
        self.autosave(&loaded.session)?;
        // Its damaged copies, if any, stay for a person to look at: the player chose to play
        // the game on, not to delete anything.
        self.delete_locked(&one_writer(), id, Damaged::Keep)?;
        Ok(loaded)
    }

    /// Removes the autosave and its backup (when a game is over or abandoned). Damaged
    /// copies set aside beside it are kept.
    pub fn clear_autosave(&self) -> Result<(), SaveError> {
        match self.delete_locked(&one_writer(), AUTOSAVE, Damaged::Keep) {
            Err(SaveError::NotFound { .. }) => Ok(()),
            other => other,
        }
    }

    /// Loads a save. If it is missing or damaged, loads its backup instead and reports
    /// why in [`Loaded::recovered`]. A save from a newer version is refused, backup or not.
    pub fn load(&self, id: &str) -> Result<Loaded, SaveError> {
        check_id(id)?;
        let main = self.read(id, "").and_then(|b| save::load(&b));
        let main_error = match main {
            Ok(session) => {
                return Ok(Loaded {
                    session,
                    recovered: None,
                });
            }
            Err(e @ SaveError::NewerVersion { .. }) => return Err(e),
            Err(e) => e,
        };
        match self.read(id, ".bak").and_then(|b| save::load(&b)) {
            Ok(session) => {
                log::warn!("save {id}: {main_error}; loaded its backup");
                Ok(Loaded {
                    session,
                    recovered: Some(main_error),
                })
            }
            Err(SaveError::NotFound { .. }) => Err(main_error),
            Err(backup) => match main_error {
                SaveError::NotFound { .. } => Err(backup),
                main => Err(SaveError::Unreadable {
                    main: Box::new(main),
                    backup: Box::new(backup),
                }),
            },
        }
    }

    /// Deletes a save with its backup and any copy set aside as damaged.
    pub fn delete(&self, id: &str) -> Result<(), SaveError> {
        // A write in progress owns the temporary files this removes: wait for it.
        self.delete_locked(&one_writer(), id, Damaged::Delete)
    }

    /// [`SaveStore::delete`] for a caller that holds [`WRITES`] already; `damaged` says
    /// whether the damaged copies set aside beside the save go too. The save itself goes
    /// last, so that a crash on the way leaves it whole where it was (with or without its
    /// backup), never its backup alone to be loaded in its place.
    fn delete_locked(
        &self,
        _writing: &MutexGuard<'static, ()>,
        id: &str,
        damaged: Damaged,
    ) -> Result<(), SaveError> {
        check_id(id)?;
        let mut found = false;
        let copies = match damaged {
            Damaged::Delete => self.corrupt_suffixes(id)?,
            Damaged::Keep => Vec::new(),
        };
        let last = [".tmp", ".bak.tmp", ".bak", ""].map(String::from);
        for suffix in copies.into_iter().chain(last) {
            let path = self.file(id, &suffix);
            match fs::remove_file(&path) {
                Ok(()) => found |= suffix.is_empty() || suffix == ".bak",
                Err(e) if e.kind() == ErrorKind::NotFound => {}
                Err(e) => return Err(io_error(&path, e)),
            }
        }
        if found {
            sync_dir(&self.dir);
            Ok(())
        } else {
            Err(SaveError::NotFound { id: id.to_string() })
        }
    }

    /// The suffixes of the damaged copies of save `id` set aside by writes: `.corrupt`,
    /// `.corrupt-2`, ...
    fn corrupt_suffixes(&self, id: &str) -> Result<Vec<String>, SaveError> {
        let prefix = format!("{id}{EXT}");
        let entries = match fs::read_dir(&self.dir) {
            // No folder, no copies: deleting then finds nothing, as it always has.
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Vec::new()),
            other => other.map_err(|e| io_error(&self.dir, e))?,
        };
        Ok(entries
            .filter_map(Result::ok)
            .filter_map(|entry| {
                let name = entry.file_name().into_string().ok()?;
                let suffix = name.strip_prefix(&prefix)?;
                let n = suffix.strip_prefix(".corrupt")?;
                let numbered = n
                    .strip_prefix('-')
                    .is_some_and(|k| k.parse::<u32>().is_ok());
                (n.is_empty() || numbered).then(|| suffix.to_string())
            })
            .collect())
    }

    /// Every save, newest first, with its summary. Damaged saves are listed too, with the
    /// problem, so that the player can see them and delete them.
    pub fn list(&self) -> Result<Vec<SaveEntry>, SaveError> {
        let entries = fs::read_dir(&self.dir).map_err(|e| io_error(&self.dir, e))?;
        let mut ids = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| io_error(&self.dir, e))?;
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            let id = name
                .strip_suffix(EXT)
                .or_else(|| name.strip_suffix(&format!("{EXT}.bak")));
            if let Some(id) = id
                && check_id(id).is_ok()
                && !ids.iter().any(|i| i == id)
            {
                ids.push(id.to_string());
            }
        }
        let mut list: Vec<SaveEntry> = ids.into_iter().map(|id| self.entry(id)).collect();
        list.sort_by(|a, b| {
            let when = |e: &SaveEntry| e.summary.as_ref().map_or(e.modified, |s| s.saved_at);
            when(b).cmp(&when(a)).then_with(|| a.id.cmp(&b.id))
        });
        Ok(list)
    }

    fn entry(&self, id: String) -> SaveEntry {
        let modified = fs::metadata(self.file(&id, ""))
            .or_else(|_| fs::metadata(self.file(&id, ".bak")))
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_secs());
        let summary_of = |suffix: &str| -> Result<Summary, SaveError> {
            let bytes = self.read(&id, suffix)?;
            let doc = save::parse(&bytes)?;
            if let save::Checksum::Invalid { recorded, computed } = doc.checksum {
                return Err(SaveError::ChecksumMismatch { recorded, computed });
            }
            match doc.summary {
                Some(s) => Ok(s),
                // Files from before summaries: replay them to make one.
                None => Ok(Summary::of(&doc.into_session()?, modified)),
            }
        };
        match summary_of("") {
            Ok(summary) => SaveEntry {
                id,
                summary: Some(summary),
                problem: None,
                newer: false,
                modified,
            },
            Err(e) => {
                let backup = summary_of(".bak");
                let is_newer = |e: &SaveError| matches!(e, SaveError::NewerVersion { .. });
                SaveEntry {
                    newer: is_newer(&e) || backup.as_ref().is_err_and(is_newer),
                    summary: backup.ok(),
                    problem: Some(e.to_string()),
                    id,
                    modified,
                }
            }
        }
    }

    fn read(&self, id: &str, suffix: &str) -> Result<Vec<u8>, SaveError> {
        let path = self.file(id, suffix);
        read_capped(&path).map_err(|e| match e.kind() {
            ErrorKind::NotFound => SaveError::NotFound { id: id.to_string() },
            _ => io_error(&path, e),
        })
    }

    /// Writes `bytes` as save `id`: temporary file, flush to disk, keep the current save as
    /// the backup, rename into place, flush the folder.
    fn write_atomic(&self, id: &str, bytes: &[u8]) -> Result<(), SaveError> {
        // Writers share the temporary and backup names, so writes are taken one at a time:
        // an app may autosave from the UI thread and from a bot's worker at once.
        self.write_locked(&one_writer(), id, bytes)
    }

    /// [`SaveStore::write_atomic`] for a caller that holds [`WRITES`] already.
    fn write_locked(
        &self,
        _writing: &MutexGuard<'static, ()>,
        id: &str,
        bytes: &[u8],
    ) -> Result<(), SaveError> {
        let main = self.file(id, "");
        let bak = self.file(id, ".bak");
        let tmp = self.file(id, ".tmp");
        // A newer version's save is never overwritten, nor its backup.
        let current = match read_capped(&main) {
            Ok(b) => Some(b),
            Err(e) if e.kind() == ErrorKind::NotFound => None,
            Err(e) => return Err(io_error(&main, e)),
        };
        let backup = read_capped(&bak).ok();
        let current_game = current.as_deref().map(game);
        let backup_game = backup.as_deref().map(game);
        for read in [&current_game, &backup_game].into_iter().flatten() {
            if let Err(e @ SaveError::NewerVersion { .. }) = read {
                return Err(e.clone());
            }
        }
        // The backup is an earlier state of the same game, or nothing. A slot that takes
        // another game (the one it held kept first: see `keep_autosave`) must not offer that
        // game as this one's backup should this one's file be damaged.
        let this_game = game(bytes).ok().flatten();
        let another = |read: &Option<Result<Option<GameSetup>, SaveError>>| matches!(read, Some(Ok(Some(setup))) if this_game.as_ref() != Some(setup));

        let mut f = File::create(&tmp).map_err(|e| io_error(&tmp, e))?;
        f.write_all(bytes).map_err(|e| io_error(&tmp, e))?;
        f.sync_all().map_err(|e| io_error(&tmp, e))?;
        drop(f);

        if another(&current_game) || another(&backup_game) {
            // Removed before the new save lands: a crash in between leaves the other game
            // whole under the main name, never its backup beside this game.
            match fs::remove_file(&bak) {
                Err(e) if e.kind() != ErrorKind::NotFound => return Err(io_error(&bak, e)),
                _ => {}
            }
        }
        match current_game {
            // Nothing there, or another game: the new save replaces it outright.
            None => {}
            Some(_) if another(&current_game) => {}
            Some(Ok(Some(_))) => keep_as_backup(&main, &bak, &self.file(id, ".bak.tmp"))?,
            Some(_) => {
                // A damaged save must not replace a good backup; it is set aside instead,
                // beside any set aside before (`.corrupt`, `.corrupt-2`, ...).
                let suffix = first_free(".corrupt", |s| !self.file(id, s).exists());
                let corrupt = self.file(id, &suffix);
                fs::rename(&main, &corrupt).map_err(|e| io_error(&main, e))?;
                log::warn!("save {id} was damaged; kept as {}", corrupt.display());
            }
        }
        fs::rename(&tmp, &main).map_err(|e| io_error(&main, e))?;
        sync_dir(&self.dir);
        Ok(())
    }
}

/// A file's bytes, but no more than one past the most a save may have
/// ([`save::MAX_SAVE_BYTES`]): enough for the reader to refuse it as too large, without
/// holding a damaged giant (or an endless special file) in memory.
fn read_capped(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    File::open(path)?
        .take(save::MAX_SAVE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The first of `base`, `base-2`, `base-3`, ... that `free` accepts.
fn first_free(base: &str, free: impl Fn(&str) -> bool) -> String {
    (1..)
        .map(|n| match n {
            1 => base.to_owned(),
            n => format!("{base}-{n}"),
        })
        .find(|id| free(id))
        .unwrap_or_else(|| base.to_owned())
}

/// Makes the current save the backup while leaving it in place, so that at every instant
/// a complete save stands under the main name: a hard link where the file system has them,
/// a flushed copy where not, staged under `staging` and renamed over the old backup.
fn keep_as_backup(main: &Path, bak: &Path, staging: &Path) -> Result<(), SaveError> {
    match fs::remove_file(staging) {
        Err(e) if e.kind() != ErrorKind::NotFound => return Err(io_error(staging, e)),
        _ => {}
    }
    if fs::hard_link(main, staging).is_err() {
        fs::copy(main, staging).map_err(|e| io_error(staging, e))?;
        OpenOptions::new()
            .write(true)
            .open(staging)
            .and_then(|f| f.sync_all())
            .map_err(|e| io_error(staging, e))?;
    }
    fs::rename(staging, bak).map_err(|e| io_error(bak, e))
}

/// The game a save's bytes hold, by its setup (rules, seats, seed, start): `Some` for a
/// sound save, one of a known version with a matching checksum, good enough to become the
/// backup (the full replay is left to loading); `None` for one that is damaged; the error
/// only for a save a newer version wrote.
fn game(bytes: &[u8]) -> Result<Option<GameSetup>, SaveError> {
    match save::parse(bytes) {
        Ok(doc) if !matches!(doc.checksum, save::Checksum::Invalid { .. }) => Ok(Some(doc.setup)),
        Err(e @ SaveError::NewerVersion { .. }) => Err(e),
        _ => Ok(None),
    }
}

/// What deleting a save does with the damaged copies set aside beside it.
#[derive(Clone, Copy)]
enum Damaged {
    /// They go with it: the player deleted the game.
    Delete,
    /// They stay for a person to look at: the save only moved or its game ended.
    Keep,
}

/// Flushes a folder's entries (the renames) to disk. Only Unix can open a folder for
/// this; elsewhere the rename is as durable as the platform makes it.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}
