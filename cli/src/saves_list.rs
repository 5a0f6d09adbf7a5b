//! `ludo saves`: what the save folder of `ludo play` holds, newest first: the autosave, the
//! unfinished games kept when a new game took its place, the finished games, and the files
//! that cannot be read, each with the command that goes on from it.

use crate::failure::Failure;
use crate::play::saves::{default_save_dir, save_dir_arg, save_path, shell_word};
use crate::play::terminal::seat_text;
use ludo_core::bots::LEVELS;
use ludo_core::echo::echo;
use ludo_core::save::Summary;
use ludo_core::session::SeatKind;
use ludo_core::store::{AUTOSAVE, SaveEntry, SaveStore};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `ludo saves`.
#[derive(clap::Args, Debug)]
pub struct SavesArgs {
    /// The folder of saved games. Default: the one `ludo play` uses, `$XDG_DATA_HOME/ludo`
    /// or `$HOME/.local/share/ludo`.
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
}

/// Lists the folder. A folder that does not exist yet holds no games, and is not made.
pub fn run(args: &SavesArgs) -> Result<(), Failure> {
    let dir = args
        .save_dir
        .clone()
        .or_else(default_save_dir)
        .ok_or_else(|| {
            Failure::bad_input(
                "no save folder: neither $XDG_DATA_HOME nor $HOME is set; give --save-dir DIR",
            )
        })?;
    // A file where the folder, or a folder above it, should be: the wrong path was given.
    if let Some(file) = dir.ancestors().find(|a| a.exists()).filter(|a| !a.is_dir()) {
        return Err(Failure::bad_input(format!(
            "--save-dir: {} is not a folder",
            file.display()
        )));
    }
    let mut out = std::io::stdout().lock();
    if !dir.exists() {
        writeln!(out, "No saved games: {} does not exist yet.", dir.display())?;
        return Ok(());
    }
    let store = SaveStore::open(&dir).map_err(|e| Failure::Io(format!("--save-dir: {e}")))?;
    let saves = store.list().map_err(|e| Failure::Io(e.to_string()))?;
    if saves.is_empty() {
        writeln!(out, "No saved games in {}.", dir.display())?;
        return Ok(());
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // The same `--save-dir` in the commands offered, as `ludo play` gives it.
    let dir_arg = save_dir_arg(args.save_dir.as_deref());
    writeln!(
        out,
        "Saved games in {}, newest first (rolls count the roll-off):",
        dir.display()
    )?;
    for entry in &saves {
        writeln!(out)?;
        for line in describe(&store, entry, now, &dir_arg) {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

/// A save's lines: what it is, its seats, and the command that goes on from it.
fn describe(store: &SaveStore, entry: &SaveEntry, now: u64, dir_arg: &str) -> Vec<String> {
    let id = &entry.id;
    let problem = entry.problem.as_deref().unwrap_or("");
    // A save read from its backup is gone on from the backup: the file itself cannot be.
    let path = save_path(store, id);
    let path = shell_word(&if entry.problem.is_some() {
        path.with_extension("json.bak")
    } else {
        path
    });
    if entry.newer {
        return vec![
            format!(
                "{id}: written by a newer version of the game; it opens once `ludo` is updated"
            ),
            format!("  {problem}"),
        ];
    }
    let Some(summary) = &entry.summary else {
        let backup = save_path(store, id).with_extension("json.bak");
        let nor = if backup.exists() {
            ", nor its backup"
        } else {
            ""
        };
        return vec![format!("{id}: cannot be read{nor}"), format!("  {problem}")];
    };
    let state = match (summary.over, id == AUTOSAVE) {
        (true, _) => "finished",
        (false, true) => "in progress",
        (false, false) => "unfinished",
    };
    let mut lines = vec![format!(
        "{id}: {}, {} seats, {state} after {} rolls, saved {}",
        summary.rules,
        summary.seats.len(),
        summary.rolls,
        age(now, summary.saved_at)
    )];
    if entry.problem.is_some() {
        lines.push(format!("  damaged, read from its backup: {problem}"));
    }
    lines.push(format!("  {}", seats_line(summary)));
    let unknown_level = summary.seats.iter().find_map(|s| match &s.kind {
        SeatKind::Bot { level } if !LEVELS.contains(&level.as_str()) => Some(level),
        _ => None,
    });
    lines.push(if summary.over {
        format!(
            "  `ludo verify {path}` checks its dice; `ludo replay {path}` shows it move by move"
        )
    } else if let Some(level) = unknown_level {
        // `ludo play` refuses to go on with a bot it does not have.
        format!(
            "  a bot at level \"{}\", which this version does not know, keeps it from going on; `ludo replay {path}` shows it move by move",
            echo(level)
        )
    } else if id == AUTOSAVE {
        format!("  `ludo play --resume{dir_arg}` takes it up")
    } else {
        format!("  `ludo play --load {path}{dir_arg}` takes it up")
    });
    lines
}

/// The seats: by place once placed ("1. red (easy)"), the others with how far they have come
/// ("green (Ann) 40%"), the seat to move marked while the game goes on; "; " between them.
fn seats_line(summary: &Summary) -> String {
    let mut seats: Vec<(usize, &_)> = summary.seats.iter().enumerate().collect();
    seats.sort_by_key(|(_, s)| s.place.unwrap_or(u8::MAX));
    seats
        .into_iter()
        .map(|(k, s)| {
            let who = seat_text(s.colour, &s.name, &s.kind);
            match s.place {
                Some(place) => format!("{place}. {who}"),
                None if !summary.over && k == summary.turn as usize => {
                    format!("{who} {}% (to move)", s.progress)
                }
                None => format!("{who} {}%", s.progress),
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// How long ago `then` was, roughly: "just now", "5 min ago", "3 h ago", "2 days ago".
fn age(now: u64, then: u64) -> String {
    match now.saturating_sub(then) {
        0..60 => "just now".to_owned(),
        secs @ 60..3_600 => format!("{} min ago", secs / 60),
        secs @ 3_600..86_400 => format!("{} h ago", secs / 3_600),
        secs if secs < 2 * 86_400 => "1 day ago".to_owned(),
        secs => format!("{} days ago", secs / 86_400),
    }
}

#[cfg(test)]
mod tests {
    use super::age;

    #[test]
    fn ages_read_in_the_largest_whole_unit() {
        let now = 1_000_000;
        assert_eq!(age(now, now), "just now");
        assert_eq!(age(now, now + 50), "just now", "a clock set back");
        assert_eq!(age(now, now - 59), "just now");
        assert_eq!(age(now, now - 60), "1 min ago");
        assert_eq!(age(now, now - 3_599), "59 min ago");
        assert_eq!(age(now, now - 3_600), "1 h ago");
        assert_eq!(age(now, now - 86_399), "23 h ago");
        assert_eq!(age(now, now - 86_400), "1 day ago");
        assert_eq!(age(now, now - 3 * 86_400 - 5), "3 days ago");
    }
}
