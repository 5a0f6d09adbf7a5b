//! Colouring text for a terminal: ANSI escapes when the output is a terminal that wants
//! them ([`wanted`]), plain text (with the colour's letter doing the work) otherwise.

use ludo_core::Colour;
use std::ffi::OsStr;

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
    wanted_in(
        is_terminal,
        std::env::var_os("NO_COLOR").as_deref(),
        std::env::var_os("TERM").as_deref(),
    )
}

/// [`wanted`], given the values of `NO_COLOR` and `TERM`.
fn wanted_in(is_terminal: bool, no_color: Option<&OsStr>, term: Option<&OsStr>) -> bool {
    let no_color = no_color.is_some_and(|v| !v.is_empty());
    let dumb = term.is_some_and(|t| t == "dumb");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_is_for_terminals_that_want_it() {
        let os = |s: &'static str| Some(OsStr::new(s));
        assert!(wanted_in(true, None, os("xterm-256color")));
        assert!(wanted_in(true, None, None));
        // An empty NO_COLOR asks for nothing (no-color.org).
        assert!(wanted_in(true, os(""), os("xterm")));
        assert!(!wanted_in(false, None, os("xterm")));
        assert!(!wanted_in(true, os("1"), os("xterm")));
        assert!(!wanted_in(true, None, os("dumb")));
    }

    #[test]
    fn painted_text_is_wrapped_in_the_colour_s_escape() {
        assert_eq!(paint(Colour::Blue, "B1", true), "\x1b[1;34mB1\x1b[0m");
        assert_eq!(paint(Colour::Gray, "A", true), "\x1b[1;90mA\x1b[0m");
        assert_eq!(paint(Colour::Blue, "B1", false), "B1");
    }
}
