//! Colouring text for a terminal: ANSI escapes when the output is a terminal that wants
//! them ([`wanted`]), plain text (with the colour's letter doing the work) otherwise.

use ludo_core::Colour;

/// The ANSI foreground code for a colour.
fn ansi_code(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "31",
        Colour::Green => "32",
        Colour::Yellow => "33",
        Colour::Blue => "34",
        Colour::Gray => "90",
        Colour::Fuchsia => "35",
    }
}

/// Whether to colour output that goes to a terminal (`is_terminal`): not when the player
/// has asked for no colour (`NO_COLOR` set and not empty) or the terminal cannot show it
/// (`TERM=dumb`).
pub fn wanted(is_terminal: bool) -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    is_terminal && !no_color && !dumb
}

/// `text` in `colour` (bold) when `ansi` is on, unchanged otherwise.
pub fn paint(colour: Colour, text: &str, ansi: bool) -> String {
    if ansi {
        format!("\x1b[1;{}m{text}\x1b[0m", ansi_code(colour))
    } else {
        text.to_string()
    }
}
