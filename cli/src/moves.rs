//! `ludo moves`: the legal moves for a position and a roll (or bonus), as position-format.md
//! describes.

use crate::failure::Failure;
use crate::json_io::{JsonArgs, answer};

/// Runs `ludo moves`: `{"position": P, "roll": n}` in, `{"moves": [...]}` out.
pub fn run(args: &JsonArgs) -> Result<(), Failure> {
    answer(
        *args,
        std::io::stdin().lock(),
        std::io::stdout().lock(),
        ludo_core::json::moves_response,
    )
}
