//! How a command fails: what went wrong, as one line for standard error, and the exit
//! status that reports it.

use std::io;

/// Why a command stopped before doing its work.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The input or the arguments were wrong (exit status 2).
    #[error("{0}")]
    BadInput(String),
    /// Reading or writing failed (exit status 1).
    #[error("{0}")]
    Io(String),
    /// Whoever read our output went away (a closed pipe): stop quietly.
    #[error("output closed")]
    OutputClosed,
}

impl Failure {
    /// Bad input or arguments, described in `message`.
    pub fn bad_input(message: impl Into<String>) -> Failure {
        Failure::BadInput(message.into())
    }

    /// The exit status to end the process with.
    pub fn status(&self) -> u8 {
        match self {
            Failure::BadInput(_) => 2,
            Failure::Io(_) => 1,
            Failure::OutputClosed => 0,
        }
    }

    /// The one line to print on standard error, or `None` when nothing should be said.
    pub fn line(&self) -> Option<String> {
        match self {
            Failure::OutputClosed => None,
            other => Some(one_line(&other.to_string())),
        }
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::OutputClosed
        } else {
            Failure::Io(format!("input/output error: {e}"))
        }
    }
}

/// Joins the lines of a message so that it takes exactly one line.
pub fn one_line(text: &str) -> String {
    let joined = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    if joined.is_empty() {
        "unknown error".to_string()
    } else {
        joined
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_always_take_one_line() {
        assert_eq!(one_line("a\n  b\r\n\nc"), "a b c");
        assert_eq!(one_line(""), "unknown error");
        assert_eq!(Failure::bad_input("x\ny").line().as_deref(), Some("x y"));
        assert_eq!(Failure::OutputClosed.line(), None);
    }

    #[test]
    fn a_closed_pipe_is_not_an_error() {
        let f = Failure::from(io::Error::from(io::ErrorKind::BrokenPipe));
        assert_eq!(f.status(), 0);
        assert_eq!(Failure::bad_input("x").status(), 2);
    }
}
