//! Outside engines: bots that run as separate programs and speak the engine protocol
//! (docs/engine-protocol.md) over their standard input and output, one JSON object a line.
//!
//! Every way a program can misbehave is a [`Fault`]: it does not start, exits, answers too
//! late, sends something that is not the JSON asked for, or picks a move that is not in the
//! list. A fault kills the program, so that a late or garbled answer can never be read as
//! the answer to a later question; the arena starts it afresh for its next game. Messages
//! are written and answers read by threads of their own, and both are waited for with a
//! timeout, so a program that hangs, or stops reading its input, cannot hang the arena. The
//! lines read ahead are few (a bounded channel), so a program that floods its output cannot
//! fill the arena's memory either: it is stopped by the pipe.

use ludo_core::json::{move_to_json, position_to_json};
use ludo_core::{Engine, Input, MoveList, Position};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TryRecvError, sync_channel};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The protocol version the arena speaks.
pub const PROTOCOL: u32 = 1;

/// The longest line a program may send; longer is a fault, not an ever-growing buffer.
const MAX_LINE: u64 = 1 << 20;
/// Lines the reader thread may hold before it stops reading the program's output. One is
/// all a program that keeps to the protocol ever has in flight.
const LINES_AHEAD: usize = 4;

/// What an outside engine did wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// The program could not be started.
    #[error("could not start: {0}")]
    Start(String),
    /// The program closed its output or exited: how, as [`settled_exit_status`] words it
    /// ("exited with status 3", or "closed its output and kept running").
    #[error("{0}")]
    Exited(String),
    /// No answer within the time allowed.
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    /// The program did not read a message within the time allowed.
    #[error("did not read its input within {0:?}")]
    NotReading(Duration),
    /// The program sent a line when no question was waiting for an answer.
    #[error("sent a line nobody asked for: {0}")]
    Unasked(String),
    /// The answer was not the JSON object asked for.
    #[error("bad answer: {0}")]
    BadAnswer(String),
    /// The answer named a move that is not in the list.
    #[error("illegal move index {index} ({count} moves were offered)")]
    IllegalMove {
        /// The index sent.
        index: u64,
        /// How many moves there were.
        count: usize,
    },
}

/// A running program: the channels to the threads that write its input and read its output.
struct Running {
    child: Child,
    /// Messages for the writer thread, each a whole line.
    messages: SyncSender<Vec<u8>>,
    /// The writer thread's word on each message: written, or why not.
    written: Receiver<std::io::Result<()>>,
    /// The lines the reader thread has read.
    lines: Receiver<Result<String, String>>,
}

/// A seat played by an outside program. The program is started on first use and after any
/// fault, and stopped with `quit` when the engine is dropped.
pub struct OutsideEngine {
    command: Vec<String>,
    timeout: Duration,
    running: Option<Running>,
    name: Option<String>,
}

impl OutsideEngine {
    /// An engine for `command` (the program, then its arguments) that must answer each
    /// question within `timeout`.
    pub fn new(command: Vec<String>, timeout: Duration) -> OutsideEngine {
        OutsideEngine {
            command,
            timeout,
            running: None,
            name: None,
        }
    }

    /// The name the program gave in its hello, once it has given one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Starts the program if it is not running, and greets it.
    pub fn start(&mut self) -> Result<(), Fault> {
        if self.running.is_some() {
            return Ok(());
        }
        let (program, args) = self
            .command
            .split_first()
            .ok_or_else(|| Fault::Start("empty command".into()))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // A group of its own, so that stopping the program also stops whatever it started
        // (a shell script's children would otherwise live on, holding its pipes open).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        // Listed as it starts (the list held across the start), so that a signal that ends
        // the arena in between still finds it: see [`stop_programs_on_signals`].
        let mut running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
        let mut child = command
            .spawn()
            .map_err(|e| Fault::Start(format!("{program}: {e}")))?;
        running.push(child.id());
        drop(running);
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            kill(&mut child);
            return Err(Fault::Start("no pipes to the program".into()));
        };
        let (messages, written) = spawn_writer(stdin);
        let (tx, rx) = sync_channel(LINES_AHEAD);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut line) {
                    Ok(0) => break,
                    Ok(_) if line.last() != Some(&b'\n') && line.len() as u64 >= MAX_LINE => {
                        let _ = tx.send(Err(format!("a line longer than {MAX_LINE} bytes")));
                        break;
                    }
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&line).trim().to_string();
                        if tx.send(Ok(text)).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Err(format!("reading its output: {e}")));
                        break;
                    }
                }
            }
        });
        self.running = Some(Running {
            child,
            messages,
            written,
            lines: rx,
        });
        let answer = self.ask(&json!({"type": "hello", "protocol": PROTOCOL}))?;
        let name = answer.get("name").and_then(Value::as_str);
        match name {
            Some(n) => self.name = Some(shorten(n)),
            None => {
                return Err(self.fail(Fault::BadAnswer(format!(
                    "hello: expected {{\"name\": ...}}, got {}",
                    shorten(&answer.to_string())
                ))));
            }
        }
        Ok(())
    }

    /// Asks the program to choose among `moves` (at least two) for `input` in `pos`.
    /// `rules` is the rules value written into the position.
    pub fn choose(
        &mut self,
        engine: &Engine,
        pos: &Position,
        input: Input,
        moves: &MoveList,
        rules: &Value,
    ) -> Result<usize, Fault> {
        self.start()?;
        let list: Vec<Value> = moves
            .as_slice()
            .iter()
            .map(|m| move_to_json(engine, pos, m))
            .collect();
        let mut question = json!({
            "type": "choose",
            "position": position_to_json(engine, pos, rules),
        });
        match input {
            Input::Roll(d) => question["roll"] = json!(d),
            Input::Bonus(n) => question["bonus"] = json!(n),
        }
        question["moves"] = Value::Array(list);
        let answer = self.ask(&question)?;
        let index = match answer.get("move").and_then(Value::as_u64) {
            Some(i) => i,
            None => {
                return Err(self.fail(Fault::BadAnswer(format!(
                    "expected {{\"move\": index}}, got {}",
                    shorten(&answer.to_string())
                ))));
            }
        };
        if index >= moves.len() as u64 {
            return Err(self.fail(Fault::IllegalMove {
                index,
                count: moves.len(),
            }));
        }
        Ok(index as usize)
    }

    /// Tells the program how a game ended (colours first to last). No answer is expected;
    /// a program that cannot be told is restarted for its next game.
    pub fn result(&mut self, places: &[&str]) {
        if self
            .send(&json!({"type": "result", "places": places}))
            .is_err()
        {
            self.stop();
        }
    }

    /// Sends `quit`, gives the program a moment to exit, then makes sure it has.
    pub fn quit(&mut self) {
        if self.running.is_some() {
            let _ = self.send(&json!({"type": "quit"}));
            if let Some(r) = self.running.as_mut() {
                for _ in 0..20 {
                    if matches!(r.child.try_wait(), Ok(Some(_))) {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
            }
        }
        self.stop();
    }

    /// Kills the program (if it is running) with everything it started, and waits for it.
    fn stop(&mut self) {
        if let Some(mut r) = self.running.take() {
            kill(&mut r.child);
        }
    }

    /// Stops the program after a fault and hands the fault back.
    fn fail(&mut self, fault: Fault) -> Fault {
        self.stop();
        fault
    }

    /// Writes one message line, waiting at most the timeout for the program to take it.
    fn send(&mut self, message: &Value) -> Result<(), Fault> {
        let timeout = self.timeout;
        let Some(r) = self.running.as_mut() else {
            return Err(Fault::Exited("exited".into()));
        };
        let mut line = message.to_string();
        line.push('\n');
        // The writer has confirmed every earlier message, so it is free to take this one.
        let written = match r.messages.send(line.into_bytes()) {
            Ok(()) => r.written.recv_timeout(timeout),
            Err(_) => Err(RecvTimeoutError::Disconnected),
        };
        match written {
            Ok(Ok(())) => Ok(()),
            Err(RecvTimeoutError::Timeout) => Err(self.fail(Fault::NotReading(timeout))),
            Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => {
                let status = settled_exit_status(&mut r.child, "input");
                Err(self.fail(Fault::Exited(status)))
            }
        }
    }

    /// Sends a question and waits for a one-line JSON object in answer. A line already
    /// waiting when the question is asked answers nothing that was asked: a fault.
    fn ask(&mut self, question: &Value) -> Result<Value, Fault> {
        if let Some(r) = self.running.as_mut() {
            match r.lines.try_recv() {
                Ok(Ok(line)) => return Err(self.fail(Fault::Unasked(shorten(&line)))),
                Ok(Err(why)) => return Err(self.fail(Fault::BadAnswer(why))),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => {}
            }
        }
        self.send(question)?;
        let timeout = self.timeout;
        let Some(r) = self.running.as_mut() else {
            return Err(Fault::Exited("exited".into()));
        };
        let line = match r.lines.recv_timeout(timeout) {
            Ok(Ok(line)) => line,
            Ok(Err(why)) => return Err(self.fail(Fault::BadAnswer(why))),
            Err(RecvTimeoutError::Timeout) => {
                // A program that exited while something it started holds its output open
                // never closes the pipe: say that it exited, not that it was slow.
                let fault = match exit_status(&mut r.child) {
                    Some(status) => Fault::Exited(format!(
                        "{status}, leaving its output open to a process it started"
                    )),
                    None => Fault::Timeout(timeout),
                };
                return Err(self.fail(fault));
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = settled_exit_status(&mut r.child, "output");
                return Err(self.fail(Fault::Exited(status)));
            }
        };
        // A key given twice is no answer: which of its values was meant cannot be told.
        let why = match ludo_core::strict_json::from_slice(line.as_bytes()) {
            Ok(v) if v.is_object() => return Ok(v),
            // JSON whose only fault is a key given twice (the reader's one "data" error).
            Err(e) if e.is_data() => shorten(&e.to_string()),
            Ok(_) | Err(_) => "not a JSON object".to_string(),
        };
        Err(self.fail(Fault::BadAnswer(format!("{why}: {}", shorten(&line)))))
    }
}

impl Drop for OutsideEngine {
    fn drop(&mut self) {
        self.quit();
    }
}

/// Starts the thread that writes a program's input: it takes whole lines from the first
/// channel and confirms each on the second once written, or says why not and stops. A
/// program that does not read leaves the thread blocked in the write until the program is
/// killed, which ends the write with an error; the arena only ever waits for the
/// confirmation, and that with a timeout.
fn spawn_writer(mut stdin: ChildStdin) -> (SyncSender<Vec<u8>>, Receiver<std::io::Result<()>>) {
    let (messages, to_write) = sync_channel::<Vec<u8>>(1);
    let (confirm, written) = sync_channel(1);
    std::thread::spawn(move || {
        for line in to_write {
            let result = stdin.write_all(&line).and_then(|()| stdin.flush());
            let failed = result.is_err();
            if confirm.send(result).is_err() || failed {
                break;
            }
        }
    });
    (messages, written)
}

/// How a child ended ("exited with status 3"), or `None` if it is still running.
fn exit_status(child: &mut Child) -> Option<String> {
    match child.try_wait() {
        Ok(Some(status)) => Some(match status.code() {
            Some(code) => format!("exited with status {code}"),
            None => "exited (killed by a signal)".to_string(),
        }),
        Ok(None) => None,
        Err(_) => Some("exited".to_string()),
    }
}

/// How a child ended, once its `pipe` ("input" or "output") has closed: a process closes its
/// pipes a moment before its status can be collected, and on a busy machine that moment can
/// be long, so this waits up to a second for the status. A child still running after that
/// closed that pipe without exiting, and is told so.
fn settled_exit_status(child: &mut Child, pipe: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(1);
    loop {
        if let Some(status) = exit_status(child) {
            return status;
        }
        if Instant::now() >= deadline {
            return format!("closed its {pipe} and kept running");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A program's text as a report quotes it: its first 80 characters, "…" if there were
/// more, and control characters, line separators and bidirectional controls escaped (`\n`,
/// `\u{1b}`, `\u{202e}`), so that what a program sends can neither flood the report nor
/// write lines, terminal codes or a reversed line of its own into it.
fn shorten(text: &str) -> String {
    ludo_core::echo::echo_within(text, 80)
}

/// The programs running now, by process id (which is also their process group's on Unix).
static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Makes the signals that end the arena from outside (Ctrl-C, `kill`, `timeout`, a closed
/// terminal: SIGINT, SIGTERM, SIGHUP) end the programs it started too, with everything they
/// started, before the arena exits with status 130. Without this, each program would live on
/// in its process group of its own, out of reach of the terminal's Ctrl-C. The handler runs
/// on a thread of its own (`ctrlc`), and the programs start with the signals as they should
/// be, since a handler does not pass to a program that is started. A SIGKILL cannot be
/// caught: the programs outlive that one. A second call does nothing (a handler is set
/// once a process).
pub fn stop_programs_on_signals() {
    let _ = ctrlc::set_handler(|| {
        let running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
        for &pid in running.iter() {
            #[cfg(unix)]
            kill_group(pid);
            #[cfg(not(unix))]
            let _ = pid;
        }
        std::process::exit(130);
    });
}

/// Kills process group `pid` (a program started in a group of its own).
#[cfg(unix)]
fn kill_group(pid: u32) {
    if let Ok(pid) = i32::try_from(pid) {
        // It may be gone already; then there is nothing to do.
        let _ = nix::sys::signal::killpg(
            nix::unistd::Pid::from_raw(pid),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
}

/// Kills a program's whole process group (on Unix; elsewhere the program itself) and reaps
/// it.
fn kill(child: &mut Child) {
    // The group has the program's pid as its id (see `process_group(0)` above).
    #[cfg(unix)]
    kill_group(child.id());
    let _ = child.kill();
    let _ = child.wait();
    RUNNING
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .retain(|&pid| pid != child.id());
}
