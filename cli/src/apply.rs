//! `ludo apply`: plays one move of the list `ludo moves` gives and returns the position that
//! follows, as position-format.md describes.

use crate::failure::Failure;
use crate::json_io::{JsonArgs, answer};

/// Runs `ludo apply`: `{"position": P, "roll": n, "move": i}` in, the next position and
/// phase out.
pub fn run(args: &JsonArgs) -> Result<(), Failure> {
    answer(
        *args,
        std::io::stdin().lock(),
        std::io::stdout().lock(),
        ludo_core::json::apply_response,
    )
}
