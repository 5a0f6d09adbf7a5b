//! Where `ludo play` keeps the game: the autosave slot of a save folder, or the game's
//! own save when the slot cannot be used, and a damaged autosave moved aside.

use super::PlayArgs;
use crate::failure::Failure;
use ludo_core::save::SaveError;
use ludo_core::session::Session;
use ludo_core::store::{AUTOSAVE, EXT, Loaded, SaveStore};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The save folder when `--save-dir` is not given.
pub(crate) fn default_save_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    var("XDG_DATA_HOME")
        .map(|d| d.join("ludo"))
        .or_else(|| var("HOME").map(|h| h.join(".local").join("share").join("ludo")))
}

/// ` --save-dir DIR` as given, for the commands the player is told to use (nothing for the
/// default folder).
pub(crate) fn save_dir_arg(save_dir: Option<&Path>) -> String {
    save_dir
        .map(|d| format!(" --save-dir {}", shell_word(d)))
        .unwrap_or_default()
}

/// A path as a shell reads it back whole in a command the player is told to type: as it is
/// when it holds only characters no shell treats specially, else between single quotes.
pub(crate) fn shell_word(path: &Path) -> String {
    let text = path.display().to_string();
    let plain = |c: char| c.is_alphanumeric() || "/._-+,:=@%~".contains(c);
    if !text.is_empty() && text.chars().all(plain) && !text.starts_with('~') {
        text
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// A save's file in the store (the store names its files `ID.ludo.json`).
pub(crate) fn save_path(store: &SaveStore, id: &str) -> PathBuf {
    store.dir().join(format!("{id}{EXT}"))
}

/// Where the game is saved: the autosave slot of the save folder, or the game's own save
/// when the slot cannot be used. Saving never stops the game: a failure is told once.
pub(super) struct Saver {
    store: Option<SaveStore>,
    /// Save in the autosave slot (otherwise under the game's own id).
    pub(super) use_slot: bool,
    /// A failure has been told already.
    pub(super) failed: bool,
    /// `--save-dir DIR` as typed, for the commands the player is told to use.
    pub(super) dir_arg: String,
    /// The autosave file as this game last wrote it, to notice another game writing it.
    slot_written: Option<FileStamp>,
    /// The id this game was last saved under outside the slot (its own, or `-2`, ... when
    /// another game holds that).
    own_id: Option<String>,
}

/// What tells one write of a file from another: its length, time and (on Unix) inode.
type FileStamp = (u64, Option<SystemTime>, u64);

fn stamp(path: &Path) -> Option<FileStamp> {
    let meta = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(&meta);
    #[cfg(not(unix))]
    let inode = 0;
    Some((meta.len(), meta.modified().ok(), inode))
}

impl Saver {
    pub(super) fn open(args: &PlayArgs) -> Result<Saver, Failure> {
        let dir_arg = save_dir_arg(args.save_dir.as_deref());
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
                    slot_written: None,
                    own_id: None,
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
            slot_written: None,
            own_id: None,
        })
    }

    /// Saves the game; tells the first failure on standard error and goes on. If another
    /// game has written the autosave slot since this one last did (a second `ludo play` on
    /// the same folder), the slot is left to it and this game saves under its own name.
    pub(super) fn save(&mut self, session: &Session) {
        let Some(store) = &self.store else { return };
        let slot = save_path(store, AUTOSAVE);
        if self.use_slot
            && let Some(mine) = self.slot_written
            && stamp(&slot) != Some(mine)
        {
            self.use_slot = false;
            warn(&format!(
                "another game has been saved in {} since this one was; this game is saved as {} from now on",
                slot.display(),
                save_path(store, &SaveStore::game_id(session)).display()
            ));
        }
        let result = if self.use_slot {
            let written = store.autosave(session);
            self.slot_written = stamp(&slot);
            written
        } else {
            store.save(session).map(|id| self.own_id = Some(id))
        };
        if let Err(e) = result
            && !self.failed
        {
            self.failed = true;
            warn(&format!("the game could not be saved: {e}"));
        }
    }

    /// Files a finished game among the finished games ([`SaveStore::keep_finished`]: under
    /// its own name, the slot cleared if it holds this game, the newest twenty kept), so that
    /// the file its `ludo verify` hint names is not overwritten by the next game in the slot.
    /// The file, if saved.
    pub(super) fn keep_finished(&mut self, session: &Session) -> Option<PathBuf> {
        let store = self.store.as_ref().filter(|_| !self.failed)?;
        match store.keep_finished(session) {
            Ok(id) => Some(save_path(store, &id?)),
            Err(e) => {
                warn(&format!("the finished game could not be saved: {e}"));
                None
            }
        }
    }

    /// The file the game is saved in.
    pub(super) fn path(&self, session: &Session) -> Option<PathBuf> {
        let store = self.store.as_ref()?;
        let id = if self.use_slot {
            AUTOSAVE.to_string()
        } else {
            self.own_id
                .clone()
                .unwrap_or_else(|| SaveStore::game_id(session))
        };
        Some(save_path(store, &id))
    }

    /// The last game in the autosave slot, if it is unfinished. A finished game found there
    /// is filed among the finished games ([`SaveStore::keep_finished`]) before the slot
    /// takes a new one. A slot that cannot be read (even from its backup) is told about and
    /// moved aside whole, save and backup, by [`SaveStore::keep_autosave`] (it is never
    /// deleted); a slot written by a newer version, or a finished game that cannot be filed,
    /// is left alone and this game saves under its own name instead.
    pub(super) fn last_unfinished(&mut self) -> Option<Loaded> {
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
                if !loaded.session.is_over() {
                    return Some(loaded);
                }
                // Its `ludo verify` hint named the slot: the game is kept where it can be
                // found, not written over.
                if let Err(e) = store.keep_finished(&loaded.session) {
                    warn(&format!(
                        "the finished game in the autosave {} could not be filed ({e}); this game is saved under its own name instead",
                        slot.display()
                    ));
                    self.use_slot = false;
                }
                None
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
                // Moved aside whole (save and backup) under a name no file has, so that the
                // slot can take the new game and no earlier copy is written over.
                match store.keep_autosave() {
                    Ok(Some(id)) => warn(&format!(
                        "the autosave {} cannot be read: {e}. A new game starts; the damaged file is kept as {}",
                        slot.display(),
                        kept_file(store, &id).display()
                    )),
                    Ok(None) => {}
                    Err(moving) => {
                        warn(&format!(
                            "the autosave {} cannot be read: {e}. A new game starts and saves under its own name, leaving the damaged file alone ({moving})",
                            slot.display()
                        ));
                        self.use_slot = false;
                    }
                }
                None
            }
        }
    }

    /// Takes up a game that `--load` named in this save folder, as the apps take a kept game
    /// up ([`SaveStore::take_up`]): it goes on in the autosave slot and its own file goes, so
    /// that the game lives in one place and `ludo saves` does not go on offering its older
    /// state. The game as taken up (the newest state of it the folder held); `None`, changing
    /// nothing, for any other file (outside the folder, the slot itself, a finished game) or
    /// when the slot is not used, and then the game is played as loaded.
    pub(super) fn take_up(&mut self, file: &Path, session: &Session) -> Option<Session> {
        let store = self.store.as_ref().filter(|_| self.use_slot)?;
        if session.is_over() {
            return None;
        }
        let id = file.file_name()?.to_str()?.strip_suffix(EXT)?;
        let folder = match file.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        if id == AUTOSAVE || folder.canonicalize().ok()? != store.dir().canonicalize().ok()? {
            return None;
        }
        match store.take_up(id) {
            Ok(loaded) => {
                self.slot_written = stamp(&save_path(store, AUTOSAVE));
                Some(loaded.session)
            }
            Err(e) => {
                warn(&format!(
                    "{} could not be moved into the autosave slot ({e}); it is played on from where it is",
                    file.display()
                ));
                None
            }
        }
    }

    /// Keeps an unfinished game that is about to leave the autosave slot as a save of its
    /// own, and says where.
    pub(super) fn keep(&mut self, out: &mut impl Write, old: &Session) -> Result<(), Failure> {
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
                shell_word(&save_path(store, &id)),
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

/// The file of the autosave moved aside as `id`: the save, or its backup when the slot held
/// only a backup.
fn kept_file(store: &SaveStore, id: &str) -> PathBuf {
    let main = save_path(store, id);
    if main.exists() {
        main
    } else {
        PathBuf::from(format!("{}.bak", main.display()))
    }
}

/// A warning on standard error.
fn warn(text: &str) {
    eprintln!("warning: {}", crate::failure::one_line(text));
}
