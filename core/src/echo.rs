//! Input quoted back in an error message, cut short: a bad value of a megabyte must not make
//! a message of a megabyte. The start of it is enough to say which value was wrong.

/// The most characters of a bad value an error message repeats.
pub const MAX_ECHO: usize = 40;

/// `text` as an error message quotes it: whole if short, else its first [`MAX_ECHO`]
/// characters and "…".
pub fn echo(text: &str) -> String {
    match text.char_indices().nth(MAX_ECHO) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
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
    fn short_text_is_kept_and_long_text_is_cut_on_a_character() {
        assert_eq!(echo("classic"), "classic");
        assert_eq!(echo(&"x".repeat(MAX_ECHO)), "x".repeat(MAX_ECHO));
        let long = "é".repeat(1_000_000);
        let cut = echo(&long);
        assert_eq!(cut.chars().count(), MAX_ECHO + 1);
        assert!(cut.ends_with('…'));
    }
}
