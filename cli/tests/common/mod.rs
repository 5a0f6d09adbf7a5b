//! Running the built `ludo` binary from tests.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// What a run of `ludo` gave back.
pub struct Run {
    /// The exit status (-1 when killed by a signal).
    pub status: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Runs `ludo` with these arguments and this text on standard input.
pub fn ludo(args: &[&str], stdin: &str) -> Run {
    ludo_bytes(args, stdin.as_bytes())
}

/// Starts `ludo` with these arguments, its standard input, output and error piped, for a
/// test that talks to it while it runs.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ludo"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start ludo")
}

/// Runs `ludo` with these arguments and these bytes on standard input.
pub fn ludo_bytes(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = spawn(args);
    let mut input = child.stdin.take().expect("stdin");
    let bytes = stdin.to_vec();
    // Written from another thread so that a full output pipe cannot stall the test; the
    // program may stop reading early (a finished game), so a closed pipe is not an error.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let Output {
        status,
        stdout,
        stderr,
    } = child.wait_with_output().expect("wait for ludo");
    let _ = writer.join();
    Run {
        status: status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    }
}
