//! Input quoted back in an error message, cut short: a bad value of a megabyte must not make
//! a message of a megabyte. The start of it is enough to say which value was wrong.

/// The most characters of a bad value an error message repeats.
pub const MAX_ECHO: usize = 40;

/// `text` as an error message quotes it: whole if short, else its first [`MAX_ECHO`]
/// characters and "…", with every character that could act on the screen escaped
/// ([`acts_on_screen`]).
pub fn echo(text: &str) -> String {
    echo_within(text, MAX_ECHO)
}

/// `text` quoted as [`echo`] quotes it, cut after `max` characters instead.
pub fn echo_within(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max.saturating_mul(4)));
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        if acts_on_screen(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether a character quoted from input is written escaped (`\u{1b}`, `\r`): the control
/// characters (a terminal's escape sequences, a carriage return that writes over the line),
/// the line and paragraph separators, and the explicit bidirectional controls, which turn
/// the rest of the line around. With them escaped, a quoted value can neither start a line
/// of its own in a message nor change how the rest of it reads.
pub fn acts_on_screen(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        )
}

/// A JSON value as an error message quotes it: its JSON text, cut as [`echo`] cuts.
pub fn echo_value(value: &serde_json::Value) -> String {
    echo(&value.to_string())
}

/// A message made by a library (serde's "invalid type: string \"…\"" or "unknown variant
/// `…`") with every text between double quotes or between backticks cut as [`echo`] cuts,
/// so that it cannot repeat a bad value whole.
pub fn echo_quoted(message: &str) -> String {
    ['"', '`'].iter().fold(message.to_string(), |text, &mark| {
        let mut out = String::with_capacity(text.len().min(8 * MAX_ECHO));
        for (i, part) in text.split(mark).enumerate() {
            if i > 0 {
                out.push(mark);
            }
            // Odd parts lie between two marks.
            if i % 2 == 1 {
                out.push_str(&echo(part));
            } else {
                out.push_str(part);
            }
        }
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_quoted_as_json_and_cut() {
        assert_eq!(echo_value(&serde_json::json!("six")), "\"six\"");
        assert_eq!(echo_value(&serde_json::json!([1, 2])), "[1,2]");
        let long = serde_json::json!(vec![7; 1000]);
        assert_eq!(echo_value(&long), format!("[{}7…", "7,".repeat(19)));
    }

    #[test]
    fn quoted_texts_in_a_message_are_cut_and_the_rest_kept() {
        let long = "y".repeat(1000);
        let message = format!("options.home_col_len: invalid type: string \"{long}\", expected u8");
        assert_eq!(
            echo_quoted(&message),
            format!(
                "options.home_col_len: invalid type: string \"{}…\", expected u8",
                "y".repeat(MAX_ECHO)
            )
        );
        let message = format!("unknown variant `{long}`, expected `six` or `five`");
        assert_eq!(
            echo_quoted(&message),
            format!(
                "unknown variant `{}…`, expected `six` or `five`",
                "y".repeat(MAX_ECHO)
            )
        );
        assert_eq!(echo_quoted("no quotes"), "no quotes");
        assert_eq!(echo_quoted("\"a\" and \"b\""), "\"a\" and \"b\"");
    }

    #[test]
    fn characters_that_act_on_a_screen_are_escaped() {
        assert_eq!(
            echo("\u{1b}[2J\u{1b}[31mX\rY\nZ"),
            "\\u{1b}[2J\\u{1b}[31mX\\rY\\nZ"
        );
        assert_eq!(
            echo("a\u{202E}b\u{2028}c\u{2067}d"),
            "a\\u{202e}b\\u{2028}c\\u{2067}d"
        );
        // Letters of any script, and the marks that act only as a letter would, are kept.
        assert_eq!(echo("Анна שרה \u{200F}é"), "Анна שרה \u{200F}é");
        // Without a cut, as a typed line is shown back.
        assert_eq!(echo_within("a\rb", usize::MAX), "a\\rb");
        // The cut counts characters of the input, not of the escapes.
        let bells = "\u{7}".repeat(MAX_ECHO + 1);
        assert_eq!(echo(&bells), format!("{}…", "\\u{7}".repeat(MAX_ECHO)));
    }

    #[test]
    fn short_text_is_kept_and_long_text_is_cut_on_a_character() {
        assert_eq!(echo("classic"), "classic");
        assert_eq!(echo(&"x".repeat(MAX_ECHO)), "x".repeat(MAX_ECHO));
        let long = "é".repeat(1_000_000);
        let cut = echo(&long);
        assert_eq!(cut.chars().count(), MAX_ECHO + 1);
        assert!(cut.ends_with('…'));
    }
}
