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

#[cfg(test)]
mod tests {
    use super::*;

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
