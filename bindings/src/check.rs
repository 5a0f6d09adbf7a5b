//! Checking a finished game's dice from its replay code (docs/dice.md): the same check as
//! `ludo verify CODE --commitment HEX`, for the apps' "fair dice" screen.

use crate::error::LudoError;
use crate::types::Colour;
use crate::{count, guarded, init_logging};
use ludo_core::verify;

/// One seat's dice in a checked game.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SeatDice {
    /// The seat's name as it was entered (show it through `display_name`).
    pub name: String,
    pub colour: Colour,
    /// How often each face came up, ones first: six counts, the roll-off included.
    pub faces: Vec<u32>,
    /// The seat's rolls in all.
    pub rolls: u32,
    /// The chance that a fair die spreads its faces at least this unevenly over this many
    /// rolls (Pearson's chi-square, 5 degrees of freedom); `None` with no rolls. Below 0.01
    /// is rare for a fair die, though one seat in a hundred gets there by chance.
    pub p_value: Option<f64>,
}

/// What checking a game's dice found: the seed the code reveals, whether its SHA-256 is
/// the commitment shown when the game began, and each seat's rolls as that seed gives them.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct DiceCheck {
    /// The game's seed (64 hex digits): every roll follows from it.
    pub seed: String,
    /// SHA-256 of the seed (hex): the commitment this game must have shown from its start.
    pub commitment: String,
    /// Whether `commitment` is the one given to the check; `None` when none was given, and
    /// then the check says only that the game replays from its seed.
    pub commitment_matches: Option<bool>,
    /// Whether the game in the code is over (before that its seed should still be secret).
    pub over: bool,
    /// The rolls the game made from the seed, the roll-off included.
    pub rolls: u32,
    /// Each seat's dice, in turn order.
    pub seats: Vec<SeatDice>,
}

/// Whether a word is a replay code: `ludo`, a version number, a dot, the rest.
fn is_code(word: &str) -> bool {
    word.strip_prefix("ludo")
        .and_then(|rest| rest.split_once('.'))
        .is_some_and(|(version, _)| {
            !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit())
        })
}

/// The replay code in what a player pasted: the first word that holds one, else the whole
/// text, so that the whole message the apps share, or any sentence a code was written into,
/// can be pasted as it came. A commitment in that message is not used: the sender wrote it,
/// and only one the checker noted when the game began shows that the seed was fixed before
/// the dice were rolled.
fn pasted(text: &str) -> &str {
    text.split(char::is_whitespace)
        .find_map(code_in)
        .unwrap_or(text.trim())
}

/// The replay code in a word, without what a sentence puts around it: a label before it
/// (`code:`), brackets or quotes, a full stop after it. A code is `ludo`, its version, a dot
/// and base64url, so it ends at the first other character, and no code ends with a dot.
fn code_in(word: &str) -> Option<&str> {
    let in_code = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    word.match_indices("ludo").find_map(|(at, _)| {
        let rest = &word[at..];
        let end = rest.find(|c: char| !in_code(c)).unwrap_or(rest.len());
        let code = rest[..end].trim_end_matches('.');
        is_code(code).then_some(code)
    })
}

/// Checks the dice of a game shared as a replay code (`GameSession::replay_code`): the
/// game is replayed from the seed in the code, which fails with `CorruptSave` if the code
/// is damaged or its moves do not fit the rolls the seed gives. `published_commitment`
/// is the commitment the game showed when it began, as noted by the player (spaces and
/// case do not matter; anything but 64 hex digits is `InvalidCommitment`); a game that
/// matches it could not have been dealt other dice.
/// `code` may also be a whole message holding the code, such as the text the apps share, or
/// any sentence it was written into: the code is cut out of the first word that holds one.
#[uniffi::export]
pub fn check_replay_code(
    code: String,
    published_commitment: Option<String>,
) -> Result<DiceCheck, LudoError> {
    init_logging();
    guarded(|| {
        let published = match published_commitment
            .as_deref()
            .filter(|p| !p.trim().is_empty())
        {
            Some(noted) => Some(verify::parse_commitment(noted).ok_or_else(|| {
                LudoError::InvalidCommitment {
                    reason: format!(
                        "\"{}\" is not 64 hex digits",
                        ludo_core::echo::echo_within(noted, 80)
                    ),
                }
            })?),
            None => None,
        };
        let code = pasted(&code);
        let (report, session) = verify::verify_code_game(code, published.as_deref())?;
        let seats = verify::dice_stats(&session)
            .into_iter()
            .map(|seat| SeatDice {
                name: seat.name,
                colour: seat.colour.into(),
                faces: seat.counts.iter().map(|&c| count(c)).collect(),
                rolls: count(seat.rolls),
                p_value: seat.p_value,
            })
            .collect();
        Ok(DiceCheck {
            commitment_matches: report.published.as_ref().map(|p| *p == report.commitment),
            seed: report.seed,
            commitment: report.commitment,
            over: report.over,
            rolls: count(report.rolls_replayed),
            seats,
        })
    })
}
