//! The UniFFI boundary of the Ludo core: the only crate that knows UniFFI.
//!
//! Stage 1: a placeholder API that proves the pipeline end to end (Rust -> cdylib -> generated
//! Kotlin and Swift -> tests on Linux). Each item stands for a kind of thing the real API will
//! have: a plain function, an object whose constructor can fail, a record, one error enum, and
//! an async method that runs its work off the caller's thread.

use std::sync::Arc;

uniffi::setup_scaffolding!();

/// The version of this library, so a shell can check what it loaded.
#[uniffi::export]
pub fn ffi_version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// What went wrong, in terms a shell can act on.
/// Kotlin sees `LudoException` (a sealed class), Swift a thrown `LudoError`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
pub enum LudoError {
    /// The number of seats is outside 2..=4.
    #[error("a game needs 2 to 4 seats, not {count}")]
    InvalidSeatCount { count: u32 },
    /// A request that asks for no work at all.
    #[error("nothing to do")]
    NothingToDo,
    /// A bug on the Rust side (a panicked worker, ...), reported instead of crashing the app.
    /// (No variant field may be called `message`: in Kotlin it clashes with `Throwable.message`.)
    #[error("internal error: {detail}")]
    Internal { detail: String },
}

/// Plain data about a session.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SessionSummary {
    pub seats: u32,
    pub seed: u64,
    pub label: String,
}

/// A thing with identity and a lifetime (the real one will be `GameSession`).
#[derive(Debug, uniffi::Object)]
pub struct PlaceholderSession {
    seats: u32,
    seed: u64,
}

#[uniffi::export(async_runtime = "tokio")]
impl PlaceholderSession {
    /// Fails with [`LudoError::InvalidSeatCount`] unless `seats` is 2, 3 or 4.
    #[uniffi::constructor]
    pub fn new(seats: u32, seed: u64) -> Result<Arc<Self>, LudoError> {
        if !(2..=4).contains(&seats) {
            return Err(LudoError::InvalidSeatCount { count: seats });
        }
        Ok(Arc::new(Self { seats, seed }))
    }

    pub fn summary(&self) -> SessionSummary {
        SessionSummary {
            seats: self.seats,
            seed: self.seed,
            label: format!("{} seats, seed {}", self.seats, self.seed),
        }
    }

    /// Stands for a bot's search: CPU work on tokio's blocking pool, so Kotlin gets a
    /// `suspend fun` and Swift an `async` method. Returns `seed + 1 + 2 + ... + rounds`.
    pub async fn think(&self, rounds: u32) -> Result<u64, LudoError> {
        if rounds == 0 {
            return Err(LudoError::NothingToDo);
        }
        let seed = self.seed;
        tokio::task::spawn_blocking(move || (1..=u64::from(rounds)).fold(seed, u64::wrapping_add))
            .await
            .map_err(|e| LudoError::Internal {
                detail: e.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructor_checks_seats() {
        assert_eq!(
            PlaceholderSession::new(5, 1).err(),
            Some(LudoError::InvalidSeatCount { count: 5 })
        );
        assert!(PlaceholderSession::new(4, 1).is_ok());
    }
}
