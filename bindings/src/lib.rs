//! The UniFFI boundary of the Ludo core: the only crate that knows UniFFI.
//!
//! It adds nothing to the game but type conversions: the core's sessions, saves, rules and
//! board layouts become UniFFI objects (`GameSession`, `SaveStore`), records (`GameView`,
//! `MoveOption`, `BoardLayout`, ...), enums (`GameEvent`, `GamePhase`, ...) and one error enum
//! (`LudoError`). Kotlin sees `LudoException` (a sealed class), Swift a thrown `LudoError`.
//!
//! No panic crosses the boundary: every export that touches the core runs inside
//! `guarded`, which turns a panic (a bug) into [`LudoError::Internal`], and the bots' search
//! runs on tokio's blocking pool, whose join error becomes the same variant.

mod check;
mod error;
mod rules;
mod session;
mod store;
mod types;

pub use check::{DiceCheck, SeatDice, check_replay_code};
pub use error::LudoError;
pub use rules::{
    OptionChoice, PresetInfo, RuleOption, RuleOptionInfo, board_layout, bot_levels, presets,
};
pub use session::{GameConfig, GameSession, SeatConfig};
pub use store::{LoadedGame, SaveEntry, SaveStore, SaveSummary, SeatSummary};
pub use types::{
    BoardLayout, Cell, CellKind, ChoiceInput, Colour, GameEvent, GamePhase, GameView, MoveKind,
    MoveOption, PieceRef, PieceView, PlayerKind, SeatView,
};

uniffi::setup_scaffolding!();

/// The version of this library, so a shell can check what it loaded.
#[uniffi::export]
pub fn ffi_version() -> String {
    init_logging();
    env!("CARGO_PKG_VERSION").to_owned()
}

/// A player's name as a sentence on screen should hold it, or `None` when it would show
/// as nothing (say "player 2" then). It is the core's `display_name` (no explicit
/// bidirectional controls; `None` for a blank name or one of invisible characters only),
/// wrapped in a first-strong isolate (U+2068 … U+2069): a right-to-left name then keeps its
/// own direction without moving the words around it, in any language's sentence.
#[uniffi::export]
pub fn display_name(name: String) -> Option<String> {
    init_logging();
    guarded_or(None, || {
        ludo_core::session::display_name(&name).map(|shown| format!("\u{2068}{shown}\u{2069}"))
    })
}

/// A count or an index for the boundary's `u32` fields, `u32::MAX` if it were ever larger.
pub(crate) fn count(n: impl TryInto<u32>) -> u32 {
    n.try_into().unwrap_or(u32::MAX)
}

/// Routes the `log` macros to logcat on Android, once per process; elsewhere the host
/// application installs a logger if it wants one. Called by every constructor and function
/// that starts work, so the apps need not call anything first.
pub(crate) fn init_logging() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        #[cfg(target_os = "android")]
        android_logger::init_once(
            android_logger::Config::default()
                .with_max_level(log::LevelFilter::Info)
                .with_tag("ludo"),
        );
        log::debug!("ludo-ffi {} loaded", env!("CARGO_PKG_VERSION"));
    });
}

/// Runs `f`, turning a panic into [`LudoError::Internal`] instead of letting UniFFI turn it
/// into an unchecked internal error (or, in Swift, a crash). There should never be one: this
/// is the last line of defence, and the tests call every export with bad arguments.
pub(crate) fn guarded<T>(f: impl FnOnce() -> Result<T, LudoError>) -> Result<T, LudoError> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => {
            let detail = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_owned());
            log::error!("panic inside ludo-ffi: {detail}");
            Err(LudoError::Internal {
                detail: format!("panic: {detail}"),
            })
        }
    }
}

/// [`guarded`] for an export that has no error to give: a panic is logged and `fallback`
/// returned (an empty list, no name), which the apps show as they show an empty answer.
pub(crate) fn guarded_or<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    match guarded(|| Ok(f())) {
        Ok(value) => value,
        Err(_) => fallback,
    }
}

#[cfg(test)]
mod tests;
