//! A line typed at a prompt, read so that no input can hold it up: cut at [`MAX_LINE`]
//! bytes (the rest of a longer line skipped a piece at a time, never held whole), and bytes
//! that are not UTF-8 read as the replacement character rather than refused.

use std::io::{BufRead, Read};

/// The longest line read as an answer, in bytes; the rest of a longer line is skipped.
pub const MAX_LINE: u64 = 1024;

/// The next line of `input` without its line ending or surrounding spaces; `None` at the end
/// of input.
pub fn read_answer(input: &mut impl BufRead) -> std::io::Result<Option<String>> {
    let mut bytes = Vec::new();
    let n = Read::take(input.by_ref(), MAX_LINE).read_until(b'\n', &mut bytes)?;
    if n == 0 {
        return Ok(None);
    }
    let mut rest = Vec::new();
    while bytes.last() != Some(&b'\n') && rest.last() != Some(&b'\n') {
        rest.clear();
        let skipped = Read::take(input.by_ref(), MAX_LINE).read_until(b'\n', &mut rest)?;
        if skipped == 0 {
            break;
        }
    }
    Ok(Some(String::from_utf8_lossy(&bytes).trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_trimmed_cut_and_read_past_bad_bytes() {
        let long = "x".repeat(3000);
        let text = format!(" q \n\u{7f}\n{long}\nnext\n");
        let mut bytes = text.into_bytes();
        bytes.splice(3..3, [0xff, 0xfe]);
        let mut input = std::io::Cursor::new(bytes);
        let mut read = || read_answer(&mut input).expect("reads");
        assert_eq!(read().as_deref(), Some("q \u{fffd}\u{fffd}"));
        assert_eq!(read().as_deref(), Some("\u{7f}"));
        assert_eq!(read().map(|l| l.len()), Some(MAX_LINE as usize));
        assert_eq!(read().as_deref(), Some("next"));
        assert_eq!(read(), None);
    }
}
