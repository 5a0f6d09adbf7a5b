//! Whole inputs read with a limit: a position on standard input, a save file. Each is a few
//! kilobytes, and even the longest game's save is well under a megabyte, so anything past
//! [`MAX_INPUT`] is refused as not what was asked for, before it fills the memory (a
//! `/dev/zero` given as a file, an endless pipe).

use crate::failure::Failure;
use std::io::Read;
use std::path::Path;

/// The most bytes a whole input may have: 16 MiB, the core's limit on a save
/// ([`ludo_core::save::MAX_SAVE_BYTES`]), far above any position as well.
pub const MAX_INPUT: u64 = ludo_core::save::MAX_SAVE_BYTES as u64;

/// All of `input`, at most [`MAX_INPUT`] bytes; `what` names it in the errors. A read that
/// fails is an I/O failure, an input that is too long bad input.
pub fn read_all(input: impl Read, what: &str) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    input
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::Io(format!("{what}: cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(Failure::bad_input(format!(
            "{what}: more than {} MiB, which no position or save comes near",
            MAX_INPUT >> 20
        )));
    }
    Ok(bytes)
}

/// The file at `path`, read as [`read_all`] reads; an error names it as `what`. A path that
/// is not there, or is a folder, is bad input (the wrong path was given), like a file that
/// is not a save.
pub fn read_file(path: &Path, what: &str) -> Result<Vec<u8>, Failure> {
    let file = std::fs::File::open(path).map_err(|e| Failure::bad_input(format!("{what}: {e}")))?;
    if path.is_dir() {
        return Err(Failure::bad_input(format!("{what}: a folder, not a file")));
    }
    read_all(file, what)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_up_to_the_limit_is_read_whole_and_a_longer_one_refused() {
        let exact = std::io::repeat(b'x').take(MAX_INPUT);
        assert_eq!(
            read_all(exact, "input").expect("at the limit").len() as u64,
            MAX_INPUT
        );
        // An endless input stops being read one byte past the limit.
        let e = read_all(std::io::repeat(0), "input").expect_err("endless");
        assert!(
            matches!(&e, Failure::BadInput(m) if m.starts_with("input: more than 16 MiB")),
            "{e}"
        );
    }

    #[test]
    fn a_folder_is_bad_input_as_a_missing_file_is() {
        let dir = std::env::temp_dir();
        let e = read_file(&dir, "--load: saves").expect_err("a folder");
        assert!(
            matches!(&e, Failure::BadInput(m) if m == "--load: saves: a folder, not a file"),
            "{e}"
        );
    }

    #[test]
    fn a_file_that_is_not_there_is_named() {
        let e = read_file(Path::new("/nonexistent/save.json"), "--load: save.json")
            .expect_err("missing");
        assert!(e.to_string().starts_with("--load: save.json: "), "{e}");
    }
}
