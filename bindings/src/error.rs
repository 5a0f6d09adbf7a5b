//! The one error enum of the boundary, and the conversions from the core's errors.

use crate::count;
use ludo_core::RulesError;
use ludo_core::save::SaveError;
use ludo_core::session::SessionError;

/// What went wrong, in terms a shell can act on. Kotlin: `LudoException.<Variant>`; Swift:
/// a thrown `LudoError.<variant>`. The `reason` and `detail` texts are English for logs and
/// bug reports, not for players: an app shows its own localised text for each variant.
///
/// (No variant field may be called `message`: in Kotlin it clashes with `Throwable.message`.)
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
pub enum LudoError {
    /// `choose(option_id)` with an id that is not one of the view's options; `options` is
    /// how many there are (0: there is no choice to make, the seat must roll).
    #[error("option {option_id} is not one of the {options} options")]
    IllegalOption { option_id: u32, options: u32 },
    /// The action is not this seat's to take: a person's `roll`/`choose` while a bot is to
    /// move, `play_bot_turn` while a person is to move, or a bot's move that the game
    /// overtook (an undo while it thought). `seat` is the seat to move now.
    #[error("it is not this seat's turn (seat {seat} is to move)")]
    NotYourTurn { seat: u32 },
    /// `roll` while the seat must first pick one of `options` moves.
    #[error("a move must be chosen first ({options} options)")]
    ChoiceNeeded { options: u32 },
    /// The game is over: nothing more can be played or taken back (its seed is shown, so
    /// play taken up again would know every die to come).
    #[error("the game is over")]
    GameOver,
    /// Nothing to take back: no decision of a person at this device is left (or an online
    /// game, where nobody may take a decision back).
    #[error("nothing to undo")]
    UndoUnavailable,
    /// The rules do not resolve: an unknown preset (`field` = `preset`), an unknown option or
    /// a bad value (`options.<name>`), or an impossible combination (the rules field at fault).
    #[error("invalid rules: {field}: {reason}")]
    InvalidRules { field: String, reason: String },
    /// The seats do not fit the rules: too few or too many for the board, an unknown bot
    /// level, a name too long, a colour not on the board or taken twice.
    #[error("invalid seats: {reason}")]
    InvalidSeats { reason: String },
    /// The seed is not 64 hex digits.
    #[error("invalid seed: {reason}")]
    InvalidSeed { reason: String },
    /// A commitment (the apps' "fingerprint") given to check a game against is not 64 hex
    /// digits: a typo, refused as such rather than reported as another game's.
    #[error("invalid commitment: {reason}")]
    InvalidCommitment { reason: String },
    /// A save or replay code that cannot be read: damaged, edited, cut short, not a save, or
    /// telling a game its seed does not give.
    #[error("corrupt save: {reason}")]
    CorruptSave { reason: String },
    /// A save or replay code made by a newer version of the game (for a save, its own file
    /// or, beside a damaged one, its backup); the file is left untouched.
    #[error("save schema {found} is newer than this version reads ({supported})")]
    NewerSaveVersion { found: u64, supported: u64 },
    /// No save has this id (or the id could not name a save file at all).
    #[error("no save named {id:?}")]
    SaveNotFound { id: String },
    /// The save folder could not be read or written (permissions, full disk, ...).
    #[error("storage: {detail}")]
    Storage { detail: String },
    /// A bug on the Rust side (a panic, a failed worker), reported instead of crashing.
    #[error("internal error: {detail}")]
    Internal { detail: String },
}

impl From<RulesError> for LudoError {
    fn from(e: RulesError) -> LudoError {
        let reason = e.to_string();
        let field = match &e {
            RulesError::UnknownPreset(_) => "preset".to_owned(),
            RulesError::UnknownOption(name) => format!("options.{name}"),
            RulesError::OptionNotApplicable { option, .. } => format!("options.{option}"),
            // The text starts with the field at fault: "options.enter_on: ...", "capacity: ...".
            RulesError::Invalid(text) => text
                .split_once(": ")
                .map(|(field, _)| field)
                .filter(|f| !f.is_empty() && !f.contains(' '))
                .unwrap_or("rules")
                .to_owned(),
        };
        LudoError::InvalidRules { field, reason }
    }
}

impl From<SessionError> for LudoError {
    fn from(e: SessionError) -> LudoError {
        match e {
            SessionError::Rules(e) => e.into(),
            SessionError::Seats(reason) => LudoError::InvalidSeats { reason },
            SessionError::GameOver => LudoError::GameOver,
            SessionError::ChoiceNeeded { options } => LudoError::ChoiceNeeded {
                options: count(options),
            },
            SessionError::NothingToChoose => LudoError::IllegalOption {
                option_id: 0,
                options: 0,
            },
            SessionError::IllegalChoice { index, count: n } => LudoError::IllegalOption {
                option_id: count(index),
                options: count(n),
            },
            SessionError::UndoOnline | SessionError::NothingToUndo => LudoError::UndoUnavailable,
            SessionError::NotABotsTurn { seat } => LudoError::NotYourTurn { seat: count(seat) },
            // Only replays of saves and codes fail this way.
            e @ SessionError::Log(_) => LudoError::CorruptSave {
                reason: e.to_string(),
            },
        }
    }
}

impl From<SaveError> for LudoError {
    fn from(e: SaveError) -> LudoError {
        match e {
            SaveError::NewerVersion { found, supported }
            | SaveError::NewerCode { found, supported } => {
                LudoError::NewerSaveVersion { found, supported }
            }
            SaveError::Unreadable { main, backup } => {
                // A newer version's backup beside a damaged save: the app's answer is still
                // to update.
                if let SaveError::NewerVersion { found, supported } = *backup {
                    return LudoError::NewerSaveVersion { found, supported };
                }
                // Neither file could be read from the folder: storage, not damage.
                let storage = matches!(
                    (&*main, &*backup),
                    (SaveError::Io { .. }, SaveError::Io { .. })
                );
                let text = SaveError::Unreadable { main, backup }.to_string();
                if storage {
                    LudoError::Storage { detail: text }
                } else {
                    LudoError::CorruptSave { reason: text }
                }
            }
            SaveError::NotFound { id } | SaveError::BadName { id } => {
                LudoError::SaveNotFound { id }
            }
            e @ SaveError::Io { .. } => LudoError::Storage {
                detail: e.to_string(),
            },
            e => LudoError::CorruptSave {
                reason: e.to_string(),
            },
        }
    }
}
