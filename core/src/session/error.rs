//! Why a session refuses an action, and why a log of decisions does not replay.

use crate::rules::RulesError;

use super::MAX_ROLLS;

/// Why a session refused an action or could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// The rules do not resolve.
    #[error("rules: {0}")]
    Rules(#[from] RulesError),
    /// The seats do not fit the rules; the text names the seat.
    #[error("seats: {0}")]
    Seats(String),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A roll was asked for while a move must be chosen.
    #[error("a move must be chosen first ({options} options)")]
    ChoiceNeeded {
        /// How many moves are legal.
        options: usize,
    },
    /// A choice was given while the seat must roll.
    #[error("nothing to choose: the seat to move must roll")]
    NothingToChoose,
    /// The index is not one of the options.
    #[error("move {index} is not an option: there are {count} (0 to {last})", last = .count.saturating_sub(1))]
    IllegalChoice {
        /// The index given.
        index: usize,
        /// How many options there are.
        count: usize,
    },
    /// Online games cannot be taken back.
    #[error("undo is not allowed in an online game")]
    UndoOnline,
    /// No human decision is left to take back.
    #[error("nothing to undo: no decision of a player at this device is left")]
    NothingToUndo,
    /// A bot step was asked for while a person is to move.
    #[error("a person is to move, not a bot (seat {seat})")]
    NotABotsTurn {
        /// The seat to move, a person's.
        seat: usize,
    },
    /// A log does not replay (saves and replay codes).
    #[error("log: {0}")]
    Log(#[from] LogError),
}

/// Why a log of decisions does not replay from its seed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogError {
    /// A choice is out of the range of legal moves.
    #[error("decision {index}: move {choice} is not legal, there are {options} moves")]
    IllegalChoice {
        /// The decision's index in the log.
        index: usize,
        /// The choice recorded.
        choice: usize,
        /// How many moves were legal.
        options: usize,
    },
    /// The game ended, or the recorded rolls ran out, before the log did.
    #[error("decision {index}: the log goes on after the game stopped ({reason})")]
    TooLong {
        /// The first decision left over.
        index: usize,
        /// Why play stopped there.
        reason: &'static str,
    },
    /// The log ran out while the recorded rolls go on.
    #[error(
        "the log ends after {decisions} decisions, but {rolls} rolls were recorded and only {made} made"
    )]
    TooShort {
        /// Decisions in the log.
        decisions: usize,
        /// Rolls recorded.
        rolls: usize,
        /// Rolls the replay reached.
        made: usize,
    },
    /// A packed log (replay code) has no bits left for the next choice.
    #[error("decision {index}: the packed choices end early")]
    Truncated {
        /// The decision that could not be read.
        index: usize,
    },
    /// The replay went past [`MAX_ROLLS`].
    #[error("the replay passed {MAX_ROLLS} rolls without ending")]
    Endless,
}
