//! The shape shared by `ludo moves` and `ludo apply`: one JSON document in on standard
//! input, one JSON document out on standard output, bad input refused with one line.

use crate::bounded;
use crate::failure::Failure;
use ludo_core::json::JsonError;
use serde_json::Value;
use std::io::{Read, Write};

/// Options every JSON command takes.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct JsonArgs {
    /// Indent the output over several lines instead of writing one line.
    #[arg(long)]
    pub pretty: bool,
}

/// Parses standard input as one JSON document.
pub fn read_document(input: impl Read) -> Result<Value, Failure> {
    let bytes = bounded::read_all(input, "input")?;
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        Failure::bad_input(format!(
            "input: not UTF-8 text (bad byte at offset {})",
            e.valid_up_to()
        ))
    })?;
    if text.trim().is_empty() {
        return Err(Failure::bad_input(
            "input: empty; expected one JSON document on standard input",
        ));
    }
    // A key given twice is refused: which of its values was meant cannot be told.
    ludo_core::strict_json::from_slice(text.as_bytes())
        .map_err(|e| Failure::bad_input(format!("input: not JSON: {e}")))
}

/// Reads a document, answers it with `respond`, and writes the answer.
pub fn answer(
    args: JsonArgs,
    input: impl Read,
    mut output: impl Write,
    respond: fn(&Value) -> Result<Value, JsonError>,
) -> Result<(), Failure> {
    let request = read_document(input)?;
    let response = respond(&request).map_err(|e| Failure::bad_input(e.0))?;
    let text = if args.pretty {
        serde_json::to_string_pretty(&response)
    } else {
        serde_json::to_string(&response)
    }
    .map_err(|e| Failure::Io(format!("output: cannot write JSON: {e}")))?;
    writeln!(output, "{text}")?;
    output.flush()?;
    Ok(())
}
