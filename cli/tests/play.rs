//! `ludo play` without a terminal: computer games at every level run to the end on every
//! preset; scripted people play, are asked again, take hints, undo, leave, and come back
//! to the same game through the autosave or a save file, and `ludo saves` lists what the
//! folder holds. Every run saves into a folder of its own.

mod common;

use common::{Run, ludo, spawn};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

const PRESETS: [&str; 7] = [
    "classic",
    "ludo_multijoueur",
    "ludo_blocks",
    "parchis",
    "parchis6",
    "mensch",
    "petits_chevaux",
];

const LEVELS: [&str; 4] = ["easy", "medium", "hard", "expert"];

const COLOURS: [&str; 6] = ["red", "green", "yellow", "blue", "gray", "fuchsia"];

/// A save folder for one test, removed when dropped.
struct SaveDir(PathBuf);

impl SaveDir {
    fn new(name: &str) -> SaveDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let k = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("ludo-play-test-{}-{name}-{k}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("make a save folder");
        SaveDir(dir)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temp path")
    }

    fn autosave(&self) -> PathBuf {
        self.0.join("autosave.ludo.json")
    }

    /// The file a finished game was filed in: the one save named after a game, which the
    /// end of the game names in its `ludo verify` hint.
    fn finished(&self, run: &Run) -> PathBuf {
        let games: Vec<PathBuf> = std::fs::read_dir(&self.0)
            .expect("read the save folder")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("game-") && n.ends_with(".ludo.json"))
            })
            .collect();
        assert_eq!(games.len(), 1, "{games:?}");
        let hint = format!("`ludo verify {}`", games[0].display());
        assert!(run.stdout.contains(&hint), "{hint} not in {}", run.stdout);
        games[0].clone()
    }

    /// The files in the folder, by name.
    fn files(&self) -> Vec<(String, Vec<u8>)> {
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&self.0)
            .expect("read the save folder")
            .filter_map(Result::ok)
            .map(|e| {
                (
                    e.file_name().to_string_lossy().into_owned(),
                    std::fs::read(e.path()).unwrap_or_default(),
                )
            })
            .collect();
        files.sort();
        files
    }
}

impl Drop for SaveDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `ludo play --save-dir DIR ARGS…` with this input.
fn play(dir: &SaveDir, args: &[&str], stdin: &str) -> Run {
    let mut all = vec!["play", "--save-dir", dir.path()];
    all.extend_from_slice(args);
    ludo(&all, stdin)
}

/// The place lines at the end of a finished game's output ("  1. red (medium) (…)").
fn places(out: &str) -> Vec<&str> {
    let Some((_, tail)) = out.rsplit_once("Places:") else {
        return Vec::new();
    };
    tail.lines().filter(|l| !l.trim().is_empty()).collect()
}

fn assert_finished(run: &Run, seats: usize) {
    assert_eq!(run.status, 0, "stderr: {}", run.stderr);
    assert!(run.stdout.contains("Game over"), "{}", run.stdout);
    let lines = places(&run.stdout);
    assert_eq!(lines.len(), seats, "{lines:?}");
    for (k, line) in lines.iter().enumerate() {
        assert!(
            line.trim_start().starts_with(&format!("{}. ", k + 1)),
            "{line}"
        );
    }
}

/// What a prompt asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prompt {
    Roll,
    Choose,
}

/// The prompts of a transcript, in order (each read one line of input).
fn prompts(out: &str) -> Vec<Prompt> {
    out.lines()
        .filter_map(|l| {
            if l.contains("press Enter to roll") {
                Some(Prompt::Roll)
            } else if l.contains(": choose 1 to ") {
                Some(Prompt::Choose)
            } else {
                None
            }
        })
        .collect()
}

/// The lines that tell the game: every line that starts with a seat label, but not the
/// prompts (which echo what was typed) nor the "is to move" line of a game taken up.
fn told(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| COLOURS.iter().any(|c| l.starts_with(&format!("{c} ("))))
        .filter(|l| !l.contains(")> ") && !l.ends_with(" is to move."))
        .collect()
}

/// The seat lines under each board drawn, one entry a board: the whole position.
fn boards(out: &str) -> Vec<Vec<&str>> {
    let mut all: Vec<Vec<&str>> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in out.lines() {
        let is_seat = (line.starts_with("> ") || line.starts_with("  "))
            && COLOURS
                .iter()
                .any(|c| line[2..].starts_with(&format!("{c} ")));
        if is_seat {
            current.push(line);
        } else if !current.is_empty() {
            all.push(std::mem::take(&mut current));
        }
    }
    all
}

/// The header and the numbered moves of each choice offered: "red (you) rolls 4. Your
/// moves:", "  1) …", "  2) …".
fn choices(out: &str) -> Vec<Vec<&str>> {
    let lines: Vec<&str> = out.lines().collect();
    let mut all = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.ends_with("Your moves:") {
            let mut block = vec![*line];
            block.extend(
                lines[i + 1..]
                    .iter()
                    .take_while(|l| l.starts_with("  ") && l.contains(") ")),
            );
            all.push(block);
        }
    }
    all
}

/// `n` lines of "1": roll at a roll prompt, the first move at a choice.
fn ones(n: usize) -> String {
    "1\n".repeat(n)
}

/// A human against the computer, long enough for several choices.
const DUEL: [&str; 4] = ["--seats", "human,hard", "--seed", "2"];

/// The prompts of [`DUEL`] played with "1" to every prompt.
fn duel_prompts() -> Vec<Prompt> {
    let dir = SaveDir::new("probe");
    prompts(&play(&dir, &DUEL, &ones(400)).stdout)
}

/// How many prompts come before the human's first choice in [`DUEL`].
fn prompts_before_first_choice() -> usize {
    duel_prompts()
        .iter()
        .position(|&p| p == Prompt::Choose)
        .expect("the human chooses at some point")
}

#[test]
fn every_level_plays_a_whole_game_on_every_preset() {
    // One game a preset, all at once: most of a game's time is spent waiting for the
    // autosave to reach the disk.
    std::thread::scope(|scope| {
        for (k, preset) in PRESETS.iter().enumerate() {
            scope.spawn(move || {
                // Each preset seats the levels in another order.
                let seats: Vec<&str> = (0..4).map(|s| LEVELS[(s + k) % 4]).collect();
                let dir = SaveDir::new("levels");
                let seed = (k + 1).to_string();
                let run = play(
                    &dir,
                    &[
                        "--seats",
                        &seats.join(","),
                        "--seed",
                        &seed,
                        "--rules",
                        preset,
                    ],
                    "",
                );
                assert_finished(&run, 4);
                let lines = places(&run.stdout);
                for level in LEVELS {
                    assert!(
                        lines.iter().any(|l| l.contains(&format!("({level})"))),
                        "{preset}: {level} has no place: {lines:?}"
                    );
                }
                // Without a terminal there are no colour escapes.
                assert!(
                    !run.stdout.contains('\x1b'),
                    "{preset}: ANSI escapes in piped output"
                );
                assert!(run.stderr.is_empty(), "{preset}: {}", run.stderr);
                // The finished game was filed under its own name, out of the autosave slot,
                // and its seed revealed.
                dir.finished(&run);
                assert!(
                    !dir.autosave().exists(),
                    "{preset}: the slot still holds it"
                );
                assert!(run.stdout.contains("The dice seed was "), "{preset}");
            });
        }
    });
}

#[test]
fn six_computers_of_every_kind_finish_on_the_six_colour_board() {
    let dir = SaveDir::new("six");
    let run = play(
        &dir,
        &[
            "--seats",
            "random,easy,medium,hard,expert,cpu",
            "--seed",
            "2",
            "--rules",
            "parchis6",
        ],
        "",
    );
    assert_finished(&run, 6);
}

#[test]
fn rules_with_options_play_and_are_saved() {
    let dir = SaveDir::new("options");
    let run = play(
        &dir,
        &[
            "--seats",
            "easy,cpu",
            "--seed",
            "4",
            "--rules",
            r#"{"preset": "ludo_multijoueur", "options": {"safe_stars": true}}"#,
        ],
        "",
    );
    assert_finished(&run, 2);
    let saved = std::fs::read_to_string(dir.finished(&run)).expect("finished game");
    assert!(saved.contains("safe_stars"), "{saved}");
}

#[test]
fn a_tied_roll_off_is_told_round_by_round_and_the_game_roll_by_roll() {
    let dir = SaveDir::new("roll-off");
    let run = play(&dir, &["--seats", "cpu,cpu,cpu,cpu", "--seed", "2"], "");
    assert_finished(&run, 4);
    // Yellow and blue tie on 6 and roll again, alone.
    says(
        &run.stdout,
        "Roll-off: red 5, green 5, yellow 6, blue 6; then yellow 1, blue 6; blue (medium) starts",
    );
    // One line a roll, the first the starter's.
    let lines = told(&run.stdout);
    assert!(lines.len() > 100, "{}", run.stdout);
    assert!(lines[0].starts_with("blue (medium) rolls "), "{lines:?}");
    assert!(lines.iter().all(|l| l.contains(" rolls ")), "{lines:?}");
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let dir = SaveDir::new("same");
    let args = ["--seats", "easy,expert", "--seed", "9", "--rules", "mensch"];
    // All but the name of the file each finished game is kept in (it holds the time the
    // game began).
    let without_file = |out: String| -> Vec<String> {
        out.lines()
            .map(|l| l.split("; `ludo verify").next().unwrap_or(l).to_string())
            .collect()
    };
    let first = without_file(play(&dir, &args, "").stdout);
    assert_eq!(first, without_file(play(&dir, &args, "").stdout));
    assert!(first.len() > 20, "{first:?}");
    // A pause between the computers' actions changes nothing but the pace.
    let paced = [&args[..], &["--delay", "1"]].concat();
    assert_eq!(first, without_file(play(&dir, &paced, "").stdout));
}

#[test]
fn a_scripted_human_plays_a_whole_game() {
    let dir = SaveDir::new("human");
    // "1" rolls at the roll prompt and picks the first move at the choice prompt.
    let run = play(
        &dir,
        &["--seats", "human,cpu", "--seed", "2", "--names", "Ann,Hal"],
        &ones(20_000),
    );
    assert_finished(&run, 2);
    assert!(run.stdout.contains("red (Ann)"), "{}", run.stdout);
    assert!(run.stdout.contains("(Hal, medium)"), "{}", run.stdout);
    assert!(run.stdout.contains("press Enter to roll"));
    assert!(run.stdout.contains("Your moves:"));
}

#[test]
fn invalid_choices_are_asked_again() {
    let dir = SaveDir::new("invalid");
    let k = prompts_before_first_choice();
    let script = format!("{}0\nabc\n9\n\nq\n", ones(k));
    let run = play(&dir, &DUEL, &script);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout.matches("is not one of the moves").count(),
        3,
        "{}",
        run.stdout
    );
    assert_eq!(run.stdout.matches("there is a choice").count(), 1);
    assert!(run.stdout.contains("game left unfinished"));
}

#[test]
fn end_of_input_leaves_the_game_unfinished_and_saved() {
    let dir = SaveDir::new("eof");
    let run = play(&dir, &["--seats", "human,cpu,cpu,cpu", "--seed", "5"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("game left unfinished"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("ludo play --resume --save-dir"));
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    assert!(dir.autosave().exists());
}

#[test]
fn q_saves_and_quits() {
    let dir = SaveDir::new("quit");
    let run = play(&dir, &["--seats", "human,cpu", "--seed", "5"], "q\n1\n1\n");
    assert_eq!(run.status, 0);
    assert!(run.stdout.contains("game left unfinished"));
    // The human left at their first roll prompt, before seeing any move.
    assert!(!run.stdout.contains("Your moves:"), "{}", run.stdout);
    assert!(run.stdout.contains("Saved in"), "{}", run.stdout);
    assert!(dir.autosave().exists());
}

#[test]
fn undo_with_nothing_to_undo_is_refused() {
    let dir = SaveDir::new("nothing");
    let run = play(&dir, &DUEL, "u\nq\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Nothing to undo"), "{}", run.stdout);
    // Asked again after the refusal, then left.
    assert_eq!(prompts(&run.stdout), vec![Prompt::Roll, Prompt::Roll]);
}

#[test]
fn undo_goes_back_to_the_same_die_and_position() {
    // Play on after a choice and undo at a later roll prompt, one where the computer has
    // made a decision since, so that undo takes back more than the human's move.
    let prompts = duel_prompts();
    let first = prompts
        .iter()
        .position(|&p| p == Prompt::Choose)
        .expect("a choice");
    let dir = SaveDir::new("undo");
    let new_duel = [&["--new"][..], &DUEL[..]].concat();
    let (run, undo_at) = (first + 1..prompts.len())
        .filter(|&i| prompts[i] == Prompt::Roll)
        .take(20)
        .find_map(|i| {
            let run = play(&dir, &new_duel, &format!("{}u\nq\n", ones(i)));
            let undone = run.stdout.split_once("Undone:")?.1.lines().next()?;
            undone.contains("computer decision").then_some((run, i))
        })
        .expect("an undo that takes back a computer decision");
    let made = prompts[..undo_at]
        .iter()
        .filter(|&&p| p == Prompt::Choose)
        .count();
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = &run.stdout;
    let (before, after) = out.split_once("Undone:").expect("an undo");
    // The same roll and the same moves are offered again…
    let last_choice = choices(before)[made - 1].clone();
    let again = choices(after).into_iter().next().expect("the choice again");
    assert_eq!(last_choice, again, "{out}");
    // …on the same board as then: the last one drawn before that choice.
    let at = before
        .match_indices("Your moves:")
        .nth(made - 1)
        .map(|(i, _)| i)
        .expect("the choice");
    let board_then = boards(&before[..at]).last().cloned().expect("a board");
    let board_now = boards(after).first().cloned().expect("a board");
    assert_eq!(board_then, board_now, "{out}");
    // The moves made since were on the board when undo was typed.
    let board_at_undo = boards(before).last().cloned().expect("a board");
    assert_ne!(board_at_undo, board_now, "{out}");
    // The autosave holds the game as it stands after the undo.
    let resumed = ludo(&["play", "--resume", "--save-dir", dir.path()], "q\n");
    let offered = choices(&resumed.stdout)
        .into_iter()
        .next()
        .expect("a choice");
    assert_eq!(offered, last_choice, "{}", resumed.stdout);
}

#[test]
fn a_hint_names_one_of_the_moves_and_asks_again() {
    let k = prompts_before_first_choice();
    let dir = SaveDir::new("hint");
    let run = play(&dir, &DUEL, &format!("{}?\nq\n", ones(k)));
    assert_eq!(run.status, 0, "{}", run.stderr);
    let out = &run.stdout;
    let offered = choices(out).into_iter().next().expect("a choice");
    let hint = out
        .lines()
        .find_map(|l| l.strip_prefix("Hint from the expert: "))
        .expect("a hint");
    assert!(
        offered[1..].iter().any(|m| m.trim_start() == hint),
        "{hint:?} not in {offered:?}"
    );
    // The choice is asked again after the hint.
    let asked = prompts(out)
        .iter()
        .filter(|&&p| p == Prompt::Choose)
        .count();
    assert_eq!(asked, 2, "{out}");
}

/// A game played through in one go, and the number of its prompts, each a roll prompt or
/// a choice.
fn whole_duel() -> (Run, Vec<Prompt>) {
    let dir = SaveDir::new("whole");
    let run = play(&dir, &DUEL, &ones(20_000));
    assert_finished(&run, 2);
    let p = prompts(&run.stdout);
    (run, p)
}

/// A roll prompt about half way through the game.
fn middle_roll(prompts: &[Prompt]) -> usize {
    (prompts.len() / 2..prompts.len())
        .find(|&i| prompts[i] == Prompt::Roll)
        .expect("a roll prompt")
}

#[test]
fn a_game_left_and_resumed_goes_on_exactly_as_if_never_left() {
    let (whole, prompts) = whole_duel();
    let j = middle_roll(&prompts);
    let dir = SaveDir::new("resume");
    let first = play(&dir, &DUEL, &format!("{}q\n", ones(j)));
    assert_eq!(first.status, 0, "{}", first.stderr);
    assert!(first.stdout.contains("game left unfinished"));
    let second = ludo(
        &["play", "--resume", "--save-dir", dir.path()],
        &ones(20_000),
    );
    assert_finished(&second, 2);
    assert!(second.stdout.contains("resumed after"), "{}", second.stdout);
    // Its rolls counted as `ludo saves` counts them too: with the roll-off's, two at least.
    let (played, all) = roll_counts(&second.stdout, "resumed after ");
    assert!(all >= played + 2, "{}", second.stdout);
    let to_move: Vec<&str> = second
        .stdout
        .lines()
        .filter(|l| l.ends_with(" is to move."))
        .collect();
    assert_eq!(to_move.len(), 1, "{}", second.stdout);
    // The same position…
    let left = boards(&first.stdout).last().cloned().expect("a board");
    let taken_up = boards(&second.stdout).first().cloned().expect("a board");
    assert_eq!(left, taken_up);
    // …and the same dice and moves from there on.
    let mut both = told(&first.stdout);
    both.extend(told(&second.stdout));
    assert_eq!(both, told(&whole.stdout));
}

#[test]
fn a_game_left_at_a_choice_resumes_at_that_choice() {
    let k = prompts_before_first_choice();
    let dir = SaveDir::new("at-choice");
    let first = play(&dir, &DUEL, &format!("{}q\n", ones(k)));
    let offered = choices(&first.stdout).into_iter().next().expect("a choice");
    let second = ludo(&["play", "--resume", "--save-dir", dir.path()], "q\n");
    let again = choices(&second.stdout)
        .into_iter()
        .next()
        .expect("a choice");
    assert_eq!(offered, again, "{}", second.stdout);
}

#[test]
fn a_save_file_loads_and_goes_on() {
    let (whole, prompts) = whole_duel();
    let j = middle_roll(&prompts);
    let dir = SaveDir::new("load-from");
    let first = play(&dir, &DUEL, &format!("{}q\n", ones(j)));
    assert_eq!(first.status, 0, "{}", first.stderr);
    // The save, copied anywhere, loads into another save folder.
    let other = SaveDir::new("load-to");
    let file = other.0.join("kept.json");
    std::fs::copy(dir.autosave(), &file).expect("copy the save");
    let file = file.to_str().expect("UTF-8");
    let second = play(&other, &["--load", file], &ones(20_000));
    assert_finished(&second, 2);
    assert!(second.stdout.contains("loaded from"), "{}", second.stdout);
    let mut both = told(&first.stdout);
    both.extend(told(&second.stdout));
    assert_eq!(both, told(&whole.stdout));
    // The file itself is left as it was.
    assert_eq!(
        std::fs::read(file).expect("file"),
        std::fs::read(dir.autosave()).expect("autosave")
    );
}

#[test]
fn a_bad_save_file_is_refused_with_its_name_and_reason() {
    let dir = SaveDir::new("bad-load");
    let file = dir.0.join("broken.json");
    std::fs::write(&file, b"{\"schema\": 2, \"rules\"").expect("write");
    let name = file.to_str().expect("UTF-8");
    let run = play(&dir, &["--load", name], "");
    assert_eq!(run.status, 2, "{}", run.stdout);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("broken.json"), "{}", run.stderr);
    assert!(run.stderr.contains("cut short"), "{}", run.stderr);
}

#[test]
fn a_corrupt_autosave_is_told_and_kept_and_a_new_game_starts() {
    let dir = SaveDir::new("corrupt");
    let damaged: &[u8] = b"{\"schema\": 2, \"summary\": {\"rules\": \"clas";
    std::fs::write(dir.autosave(), damaged).expect("write");
    let run = play(&dir, &["--resume"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("autosave") && run.stderr.contains("cannot be read"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("new game"), "{}", run.stderr);
    assert!(run.stdout.contains("Roll-off:"), "{}", run.stdout);
    // The damaged bytes are still in the folder, and the new game is in the slot.
    assert!(
        dir.files().iter().any(|(_, bytes)| bytes == damaged),
        "{:?}",
        dir.files().iter().map(|(n, _)| n).collect::<Vec<_>>()
    );
    let slot = std::fs::read(dir.autosave()).expect("autosave");
    assert_ne!(slot, damaged);
    // The warning names the copy, and the copy holds them.
    let kept = after(&run.stderr, "kept as ", '\n');
    assert_eq!(std::fs::read(kept).ok().as_deref(), Some(damaged), "{kept}");
    // A computer game finishes all the same.
    let dir = SaveDir::new("corrupt-cpu");
    std::fs::write(dir.autosave(), b"not a save").expect("write");
    let run = play(&dir, &["--seats", "cpu,cpu", "--seed", "3"], "");
    assert_finished(&run, 2);
    assert!(run.stderr.contains("cannot be read"), "{}", run.stderr);
}

#[test]
fn damaged_autosaves_found_one_after_the_other_are_each_kept() {
    // Two runs, most likely within the same second: the second damaged slot must not be
    // written over the first one's copy.
    let dir = SaveDir::new("corrupt-twice");
    let first: &[u8] = b"FIRST-DAMAGED-GAME";
    let second: &[u8] = b"SECOND-DAMAGED-GAME";
    let mut kept = Vec::new();
    for damaged in [first, second] {
        // Without a backup to fall back on (the first game's is taken away).
        let _ = std::fs::remove_file(dir.0.join("autosave.ludo.json.bak"));
        std::fs::write(dir.autosave(), damaged).expect("write");
        let run = play(&dir, &["--seats", "cpu,cpu", "--seed", "3"], "");
        assert_finished(&run, 2);
        kept.push(after(&run.stderr, "kept as ", '\n').to_string());
    }
    assert_ne!(kept[0], kept[1]);
    for (file, damaged) in kept.iter().zip([first, second]) {
        assert_eq!(std::fs::read(file).ok().as_deref(), Some(damaged), "{file}");
    }
}

#[test]
fn a_damaged_autosave_with_a_newer_versions_backup_is_kept_and_the_new_game_saved() {
    // The slot's backup was written by a newer version, which a write to the slot must not
    // replace: both files are moved aside as they are, and the new game takes the slot.
    let dir = SaveDir::new("corrupt-newer-backup");
    let damaged: &[u8] = b"{\"schema\": 2, \"summ";
    let newer: &[u8] = b"{\"schema\": 3, \"from\": \"a later version\"}";
    std::fs::write(dir.autosave(), damaged).expect("write");
    let backup = dir.0.join("autosave.ludo.json.bak");
    std::fs::write(&backup, newer).expect("write");
    let k = prompts_before_first_choice();
    let run = play(&dir, &DUEL, &format!("{}q\n", ones(k)));
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(!run.stderr.contains("could not be saved"), "{}", run.stderr);
    let kept = after(&run.stderr, "kept as ", '\n');
    assert_eq!(std::fs::read(kept).ok().as_deref(), Some(damaged), "{kept}");
    let kept_backup = format!("{kept}.bak");
    assert_eq!(std::fs::read(&kept_backup).ok().as_deref(), Some(newer));
    // The new game is in the slot, and it resumes.
    let resumed = play(&dir, &["--resume"], "q\n");
    assert_eq!(resumed.status, 0, "{}", resumed.stderr);
    assert!(!resumed.stderr.contains("cannot"), "{}", resumed.stderr);
    let first = choices(&run.stdout).into_iter().next().expect("a choice");
    let offered = choices(&resumed.stdout).into_iter().next();
    assert_eq!(offered, Some(first), "{}", resumed.stdout);
}

#[test]
fn a_new_game_keeps_the_unfinished_one_as_a_save() {
    let k = prompts_before_first_choice();
    let dir = SaveDir::new("keep");
    let first = play(&dir, &DUEL, &format!("{}q\n", ones(k)));
    let offered = choices(&first.stdout).into_iter().next().expect("a choice");
    let second = play(&dir, &["--new", "--seats", "cpu,cpu", "--seed", "1"], "");
    assert_finished(&second, 2);
    assert!(
        second
            .stdout
            .contains("The unfinished game from the autosave is kept"),
        "{}",
        second.stdout
    );
    // The file the message names (the finished game has a file of its own too).
    let kept = after(&second.stdout, "`ludo play --load ", ' ');
    let third = play(&dir, &["--load", kept], "q\n");
    let again = choices(&third.stdout).into_iter().next().expect("a choice");
    assert_eq!(offered, again, "{}", third.stdout);
    // Loaded from the folder it was kept in, it is taken up: it goes on in the autosave and
    // its own file goes, so that the game lives in one place and is listed once.
    says(&third.stdout, "taken up from ");
    assert!(!std::path::Path::new(kept).exists(), "{kept}");
    let resumed = play(&dir, &["--resume"], "q\n");
    let once_more = choices(&resumed.stdout)
        .into_iter()
        .next()
        .expect("a choice");
    assert_eq!(offered, once_more, "{}", resumed.stdout);
    let listed = ludo(&["saves", "--save-dir", dir.path()], "");
    assert_eq!(listed.status, 0, "{}", listed.stderr);
    assert_eq!(
        listed.stdout.matches("takes it up").count(),
        1,
        "{}",
        listed.stdout
    );
}

#[test]
fn without_a_terminal_a_new_game_starts_unasked_and_keeps_the_unfinished_one() {
    let k = prompts_before_first_choice();
    let dir = SaveDir::new("keep-unasked");
    play(&dir, &DUEL, &format!("{}q\n", ones(k)));
    // Neither --new nor --resume: nobody can be asked at a pipe, so the new game starts.
    let second = play(&dir, &["--seats", "cpu,cpu", "--seed", "1"], "");
    assert_finished(&second, 2);
    assert!(!second.stdout.contains("Resume"), "{}", second.stdout);
    says(
        &second.stdout,
        "The unfinished game from the autosave is kept",
    );
}

#[test]
fn loading_another_game_keeps_the_unfinished_one_but_loading_the_same_does_not() {
    let k = prompts_before_first_choice();
    let dir = SaveDir::new("load-over");
    play(&dir, &DUEL, &format!("{}q\n", ones(k)));
    let elsewhere = SaveDir::new("load-over-files");
    let same = elsewhere.0.join("same.json");
    std::fs::copy(dir.autosave(), &same).expect("copy the autosave");
    let other_dir = SaveDir::new("load-over-other");
    play(&other_dir, &["--seats", "human,hard", "--seed", "3"], "q\n");
    let other = elsewhere.0.join("other.json");
    std::fs::copy(other_dir.autosave(), &other).expect("copy the other game");

    // The same game at the same point: nothing to keep, no file added.
    let files = dir.files().len();
    let run = play(&dir, &["--load", same.to_str().expect("UTF-8")], "q\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(!run.stdout.contains("is kept"), "{}", run.stdout);
    assert_eq!(dir.files().len(), files);
    // The same game at an earlier point, then another game: each time the unfinished one is
    // kept before the loaded one takes the autosave.
    let earlier_dir = SaveDir::new("load-over-earlier");
    play(&earlier_dir, &DUEL, "q\n");
    let earlier = elsewhere.0.join("earlier.json");
    std::fs::copy(earlier_dir.autosave(), &earlier).expect("copy the earlier point");
    for (k, file) in [earlier, other].iter().enumerate() {
        let run = play(&dir, &["--load", file.to_str().expect("UTF-8")], "q\n");
        assert_eq!(run.status, 0, "{}", run.stderr);
        says(&run.stdout, "The unfinished game from the autosave is kept");
        assert_eq!(dir.files().len(), files + 1 + k);
    }
}

#[test]
fn a_game_left_before_its_first_roll_resumes_when_asked_and_is_not_kept_otherwise() {
    let dir = SaveDir::new("left-at-once");
    let first = play(
        &dir,
        &["--rules", "parchis", "--seats", "human,hard", "--seed", "1"],
        "q\n",
    );
    assert_eq!(first.status, 0, "{}", first.stderr);
    let hint = format!("`ludo play --resume --save-dir {}` goes on", dir.path());
    says(&first.stdout, &hint);
    // The command it gave takes up that game: its rules, seats and dice.
    let run = play(&dir, &["--resume"], "q\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(!run.stdout.contains("No unfinished game"), "{}", run.stdout);
    assert_eq!(commitment(&run.stdout), commitment(&first.stdout));
    says(&run.stdout, "parchis");
    // A new game takes the slot without keeping a game in which nobody has rolled yet.
    let new = play(&dir, &["--seats", "human,human"], "q\n");
    assert_eq!(new.status, 0, "{}", new.stderr);
    assert!(!new.stdout.contains("is kept"), "{}", new.stdout);
    let names: Vec<String> = dir.files().into_iter().map(|(name, _)| name).collect();
    assert_eq!(names, ["autosave.ludo.json", "autosave.ludo.json.bak"]);
}

#[test]
fn a_finished_game_found_in_the_slot_is_filed_before_a_new_game_takes_it() {
    let dir = SaveDir::new("finished-in-slot");
    let run = play(&dir, &["--seats", "expert,random", "--seed", "3"], "");
    assert_finished(&run, 2);
    // As an older version left it: the finished game in the slot, not filed.
    let filed = dir.finished(&run);
    let game = std::fs::read(&filed).expect("read");
    std::fs::remove_file(&filed).expect("remove");
    std::fs::write(dir.autosave(), &game).expect("write the slot");
    let next = play(&dir, &["--seats", "human,human"], "q\n");
    assert_eq!(next.status, 0, "{}", next.stderr);
    assert_eq!(std::fs::read(&filed).expect("filed again"), game);
    let verified = ludo(&["verify", &filed.display().to_string()], "");
    assert_eq!(verified.status, 0, "{}", verified.stderr);
}

#[test]
fn commands_offered_quote_a_save_folder_with_spaces() {
    let dir = SaveDir::new("with space's");
    let quoted = format!("'{}'", dir.path().replace('\'', r"'\''"));
    let run = play(&dir, &DUEL, "1\n1\nq\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    says(
        &run.stdout,
        &format!("`ludo play --resume --save-dir {quoted}` goes on"),
    );
    // Run through a shell as printed, it finds the game.
    let command = format!(
        "{} play --resume --save-dir {quoted} </dev/null",
        env!("CARGO_BIN_EXE_ludo")
    );
    let out = std::process::Command::new("sh")
        .args(["-c", &command])
        .output()
        .expect("run sh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(!stdout.contains("No unfinished game"), "{stdout}");
    assert_eq!(commitment(&stdout), commitment(&run.stdout));
}

#[test]
fn resume_with_nothing_saved_starts_a_new_game() {
    let dir = SaveDir::new("nothing-saved");
    let run = play(&dir, &["--resume"], "q\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("No unfinished game to resume"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Roll-off:"));
}

#[test]
fn bad_play_options_are_refused_in_one_line() {
    let dir = SaveDir::new("bad");
    let missing = dir.0.join("missing.json");
    let missing = missing.to_str().expect("UTF-8");
    for (args, word) in [
        (vec!["--seats", "human,dragon"], "dragon"),
        (vec!["--seats", "cpu"], "--seats"),
        (vec!["--seats", "cpu,cpu,cpu,cpu,cpu"], "--seats"),
        (vec!["--rules", "chess"], "chess"),
        (vec!["--delay", "6000"], "--delay"),
        (
            vec!["--rules", r#"{"preset": "classic", "board": {}}"#],
            "--rules",
        ),
        (vec!["--seed", "soon"], "--seed"),
        (vec!["--seats", "cpu,cpu", "--names", "Ann"], "--names"),
        (vec!["--load", missing], "missing.json"),
        (vec!["--load", missing, "--seats", "cpu,cpu"], "--seats"),
        (vec!["--resume", "--new"], "--new"),
        (vec!["--load", missing, "--new"], "--new"),
        (vec!["--load", missing, "--resume"], "--resume"),
        (vec!["--resume", "--seed", "3"], "--seed"),
    ] {
        let run = play(&dir, &args, "");
        assert_eq!(run.status, 2, "{args:?}: {}", run.stdout);
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(word), "{args:?}: {}", run.stderr);
    }
    // Nothing was saved by a refused command.
    assert!(!dir.autosave().exists());
}

/// The text after `marker` on the first line that has it, up to `end` (a file a message
/// names, between its quotes).
fn after<'a>(out: &'a str, marker: &str, end: char) -> &'a str {
    out.lines()
        .find_map(|l| l.split(marker).nth(1))
        .and_then(|rest| rest.split(end).next())
        .unwrap_or_else(|| panic!("no {marker:?} in {out}"))
}

/// The replay code a finished game's output ends with.
fn replay_code(out: &str) -> &str {
    after(out, "move by move): ", '\n')
}

/// Plays a game of two bots (`seats`) from `seed` to the end, in a save folder of its own
/// named after `name`, and gives its replay code.
fn bots_game_code(name: &str, seats: &str, seed: &str) -> String {
    let dir = SaveDir::new(name);
    let run = play(&dir, &["--seats", seats, "--seed", seed], "");
    assert_finished(&run, 2);
    replay_code(&run.stdout).to_string()
}

/// The two counts of rolls a line "… `marker`N rolls (M with the roll-off…" gives: the game's
/// own, and with the roll-off's.
fn roll_counts(out: &str, marker: &str) -> (usize, usize) {
    let count = |marker: &str| -> usize { after(out, marker, ' ').parse().expect("a count") };
    (count(marker), count(" rolls ("))
}

/// Asserts that `out` contains `text`, showing `out` if it does not.
fn says(out: &str, text: &str) {
    assert!(out.contains(text), "{text:?} not in: {out}");
}

/// The seed commitment a run printed at its start.
fn commitment(out: &str) -> &str {
    after(out, "Dice seed commitment (SHA-256): ", ';')
}

#[test]
fn two_games_on_one_save_folder_both_survive() {
    use std::io::Write;
    // Game A starts and waits at its first prompt; game B starts in the same folder, plays
    // and quits; then A plays on. A must notice that the autosave is B's now and save
    // itself under its own name instead of writing over B.
    let dir = SaveDir::new("two-games");
    let mut a = spawn(&[
        "play",
        "--save-dir",
        dir.path(),
        "--seats",
        "human,cpu",
        "--seed",
        "5",
    ]);
    let waited = std::time::Instant::now();
    while !dir.autosave().exists() {
        assert!(waited.elapsed().as_secs() < 30, "game A never saved");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let b = play(
        &dir,
        &["--new", "--seats", "human,cpu", "--seed", "7"],
        "1\n1\n1\nq\n",
    );
    assert_eq!(b.status, 0, "{}", b.stderr);
    let mut input = a.stdin.take().expect("A's input");
    input.write_all(b"1\n1\n1\nq\n").expect("A reads");
    drop(input);
    let a = a.wait_with_output().expect("game A ends");
    let (a_out, a_err) = (
        String::from_utf8_lossy(&a.stdout),
        String::from_utf8_lossy(&a.stderr),
    );
    assert!(a_err.contains("another game has been saved"), "{a_err}");
    let saved_as = after(&a_out, "Saved in ", ';');
    assert!(saved_as.contains("game-"), "{a_out}");
    // The command printed to go on names that file, as it can be pasted.
    says(
        &a_out,
        &format!(
            "`ludo play --load {saved_as} --save-dir {}` goes on",
            dir.path()
        ),
    );
    // The autosave is still B's game, and A's own file is A at the point it was left.
    let resumed = play(&dir, &["--resume"], "q\n");
    assert_eq!(commitment(&resumed.stdout), commitment(&b.stdout));
    let loaded = play(&dir, &["--load", saved_as], "q\n");
    assert_eq!(commitment(&loaded.stdout), commitment(&a_out));
}

#[test]
fn a_finished_game_keeps_a_file_of_its_own_for_verify() {
    let dir = SaveDir::new("finished");
    let run = play(&dir, &["--seats", "expert,random", "--seed", "3"], "");
    assert_finished(&run, 2);
    let file = after(&run.stdout, "`ludo verify ", '`');
    assert!(file.contains("game-"), "{file}");
    // The next game takes the autosave; the finished game's file is still there to check.
    let next = play(&dir, &["--seats", "expert,random", "--seed", "4"], "");
    assert_finished(&next, 2);
    let verified = ludo(&["verify", file], "");
    assert_eq!(verified.status, 0, "{}", verified.stderr);
}

/// Plays [`DUEL`] answering "1" to the first `n` prompts, kills the game at the next one
/// (no chance to save on the way out), and returns what it had printed.
fn killed_at_prompt(dir: &SaveDir, n: usize) -> String {
    use std::io::{Read, Write};
    let mut game = spawn(&[&["play", "--save-dir", dir.path()][..], &DUEL[..]].concat());
    let mut stdout = game.stdout.take().expect("its output");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(k) = stdout.read(&mut buf) {
            if k == 0 || tx.send(buf[..k].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut input = game.stdin.take().expect("its input");
    input.write_all(ones(n).as_bytes()).expect("answers");
    let mut out = String::new();
    let started = std::time::Instant::now();
    while out.matches(")> ").count() <= n {
        assert!(
            started.elapsed().as_secs() < 30,
            "no prompt {}: {out}",
            n + 1
        );
        if let Ok(bytes) = rx.recv_timeout(std::time::Duration::from_millis(50)) {
            out.push_str(&String::from_utf8_lossy(&bytes));
        }
    }
    game.kill().expect("kill the game");
    let _ = game.wait();
    out
}

#[test]
fn a_save_folder_lost_during_the_game_is_told_once_and_the_game_goes_on() {
    use std::io::{Read, Write};
    let dir = SaveDir::new("lost");
    let args = ["play", "--save-dir", dir.path(), "--seats", "human,human"];
    let mut game = spawn(&args);
    let mut stdout = game.stdout.take().expect("its output");
    // Wait for the first prompt, then take the folder away.
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&out).contains(")> ") {
        let k = stdout.read(&mut buf).expect("read");
        assert!(k > 0, "no prompt: {}", String::from_utf8_lossy(&out));
        out.extend_from_slice(&buf[..k]);
    }
    std::fs::remove_dir_all(&dir.0).expect("remove the save folder");
    let mut input = game.stdin.take().expect("its input");
    input.write_all(ones(60).as_bytes()).expect("answers");
    drop(input);
    stdout.read_to_end(&mut out).expect("the rest");
    let done = game.wait_with_output().expect("wait");
    assert!(done.status.success());
    let said = String::from_utf8_lossy(&done.stderr);
    assert_eq!(
        said.matches("the game could not be saved").count(),
        1,
        "{said}"
    );
    let out = String::from_utf8_lossy(&out);
    assert!(out.matches(")> ").count() > 30, "the game went on: {out}");
}

#[test]
fn a_game_killed_at_a_prompt_comes_back_at_that_prompt() {
    // Rolls that play themselves (no move, or one) are saved before the next prompt, so a
    // game killed at a prompt comes back at that prompt, in the position it showed, not at
    // the last choice before the moves that played themselves.
    for n in [1, 2, 3, 6, 9, 14, 20, 27] {
        let dir = SaveDir::new("killed");
        let shown = killed_at_prompt(&dir, n);
        let resumed = play(&dir, &["--resume"], "q\n");
        assert!(
            resumed.stdout.contains("resumed after"),
            "{}",
            resumed.stdout
        );
        assert_eq!(
            boards(&shown).last(),
            boards(&resumed.stdout).first(),
            "killed at prompt {}: {}",
            n + 1,
            resumed.stdout
        );
        // Nothing is played (and told) again on the way to it.
        let replayed: Vec<&str> = told(&resumed.stdout)
            .into_iter()
            .filter(|l| !l.ends_with("Your moves:"))
            .collect();
        assert!(
            replayed.is_empty(),
            "killed at prompt {}: {replayed:?}",
            n + 1
        );
    }
}

#[test]
fn help_lists_the_commands_and_stray_text_does_not_roll() {
    let dir = SaveDir::new("help");
    let run = play(&dir, &DUEL, "help\nqq\nq\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    says(&run.stdout, "? asks the expert for a hint");
    says(&run.stdout, "\"qq\" is not a command");
    // Three answers at the first roll prompt, and no roll among them.
    assert_eq!(prompts(&run.stdout), vec![Prompt::Roll; 3]);
}

#[test]
fn names_with_control_characters_are_refused() {
    let dir = SaveDir::new("names");
    let run = play(
        &dir,
        &["--seats", "human,cpu", "--names", "a\u{1b}[2J,b"],
        "",
    );
    assert_eq!(run.status, 2, "{}", run.stdout);
    says(&run.stderr, "control character");
}

#[test]
fn names_are_shown_without_bidi_controls_and_blank_ones_as_no_name() {
    let dir = SaveDir::new("bidi");
    // An override would turn the rest of each line around; a zero-width space shows nothing.
    let run = play(
        &dir,
        &[
            "--seats",
            "cpu,cpu",
            "--seed",
            "3",
            "--names",
            "\u{202E}nnA,\u{200B}",
        ],
        "",
    );
    assert_finished(&run, 2);
    assert!(!run.stdout.contains('\u{202E}'), "{}", run.stdout);
    assert!(run.stdout.contains("(nnA, medium)"), "{}", run.stdout);
    assert!(run.stdout.contains("(no name, medium)"), "{}", run.stdout);
    // The save keeps the names as they were given.
    let file = after(&run.stdout, "`ludo verify ", '`');
    let saved = std::fs::read_to_string(file).expect("the finished game's file");
    assert!(saved.contains("\u{202E}nnA"), "{saved}");
}

#[test]
fn a_replay_steps_past_lines_that_are_not_utf8_and_stops_at_q() {
    let code = &bots_game_code("replay-bytes", "easy,easy", "5");
    // Three steps: a line of bad bytes, an overlong line, a blank line; then q.
    let mut typed = b"\xff\xfe garbage\n".to_vec();
    typed.extend(vec![b'y'; 5000]);
    typed.extend(b"\n\nq\n");
    let replayed = common::ludo_bytes(&["replay", code], &typed);
    assert_eq!(replayed.status, 0, "{}", replayed.stderr);
    assert!(replayed.stderr.is_empty(), "{}", replayed.stderr);
    let steps = replayed
        .stdout
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .count();
    // One move for each answer before the q.
    assert_eq!(steps, 3, "{}", replayed.stdout);
    assert!(
        !replayed.stdout.contains("Game over"),
        "{}",
        replayed.stdout
    );
}

#[test]
fn a_replay_tells_the_seats_the_roll_off_every_move_and_the_places_by_name() {
    let dir = SaveDir::new("replay");
    let args = ["--seats", "easy,human", "--names", "Ann,Bob", "--seed", "7"];
    let run = play(&dir, &args, &ones(5_000));
    assert_finished(&run, 2);
    let code = replay_code(&run.stdout);
    let replayed = ludo(&["replay", code, "--all"], "");
    assert_eq!(replayed.status, 0, "{}", replayed.stderr);
    let out = &replayed.stdout;
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..3],
        [
            "Rules: classic",
            "Seat 1: Ann (red, bot, easy)",
            "Seat 2: Bob (yellow, human)"
        ],
        "{out}"
    );
    // "Roll-off: Ann 2, Bob 6; Bob (yellow) starts": the higher roll starts.
    let roll_off = lines[3].strip_prefix("Roll-off: ").expect("roll-off line");
    let (rolls, starter) = roll_off.split_once("; ").expect("who starts");
    let value = |name: &str| {
        rolls
            .split(", ")
            .find_map(|r| r.strip_prefix(name)?.trim().parse::<u8>().ok())
            .expect("a roll-off roll")
    };
    let first = if value("Ann ") > value("Bob ") {
        "Ann (red)"
    } else {
        "Bob (yellow)"
    };
    assert_eq!(starter, format!("{first} starts"), "{out}");
    // Every move is numbered in turn and names its seat; the first is the starter's.
    let moves: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert!(moves.len() > 50, "{out}");
    for (k, line) in moves.iter().enumerate() {
        let rest = line.trim_start().strip_prefix(&format!("{}. ", k + 1));
        let rest = rest.unwrap_or_else(|| panic!("move {}: {line}", k + 1));
        assert!(
            rest.starts_with("Ann (red) rolls ") || rest.starts_with("Bob (yellow) rolls "),
            "{line}"
        );
    }
    assert!(moves[0].contains(first), "{}", moves[0]);
    // Two seats take turns: a move that does not roll again hands the dice to the other.
    let name = |line: &str| {
        let (_, rest) = line.split_once(". ").unwrap_or_default();
        rest.split(" rolls").next().map(str::to_owned)
    };
    for pair in moves.windows(2) {
        let again = pair[0].ends_with("rolls again");
        assert_eq!(name(pair[0]) == name(pair[1]), again, "{pair:?}");
    }
    // The winner's four pieces come home, each told once; the other moves are moves.
    let home = moves.iter().filter(|l| l.contains(" home from ")).count();
    assert!((4..8).contains(&home), "{home} pieces brought home:\n{out}");
    assert!(moves.iter().any(|l| l.contains(", moves piece ")), "{out}");
    // The places are the game's own, in the same words.
    let game_over = lines
        .iter()
        .find_map(|l| l.strip_prefix("Game over: "))
        .expect("game over");
    let winner = game_over
        .strip_prefix("1. ")
        .and_then(|w| w.split_once(" ("))
        .map(|(name, _)| name)
        .expect("a winner");
    assert!(["Ann", "Bob"].contains(&winner), "{game_over}");
    assert!(places(&run.stdout)[0].contains(winner), "{}", run.stdout);
    let seed = format!("Seed: 07{}\n", "0".repeat(62));
    assert!(out.ends_with(&seed), "{out}");

    // Without --all a move is shown for each line read, and `q` stops: three Enters show
    // three moves. No prompt is written to a pipe. At the end of the input the rest follows.
    let stepped = ludo(&["replay", code], "\n\n\nq\n");
    assert_eq!(stepped.status, 0, "{}", stepped.stderr);
    let shown: Vec<&str> = stepped
        .stdout
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(shown, moves[..3], "{}", stepped.stdout);
    assert!(!stepped.stdout.contains("Game over"), "{}", stepped.stdout);
    assert!(!stepped.stdout.contains("Enter"), "{}", stepped.stdout);
    let rest = ludo(&["replay", code], "\n");
    assert_eq!(rest.stdout, *out);
}

#[test]
fn stats_counts_each_seat_s_faces_and_adds_them_up() {
    let code = &bots_game_code("stats", "easy,medium", "9");
    let stats = ludo(&["stats", code], "");
    assert_eq!(stats.status, 0, "{}", stats.stderr);
    let rows: Vec<Vec<&str>> = stats
        .stdout
        .lines()
        .skip(1)
        .take(3)
        .map(|l| l.split_whitespace().collect())
        .collect();
    // "easy (red) 22 19 15 16 14 25 111 5.05 0.409": six faces, the rolls, chi², p.
    let counts = |row: &[&str]| -> Vec<u64> {
        let numbers = &row[row.len() - 9..row.len() - 2];
        numbers
            .iter()
            .map(|n| n.parse().expect("a count"))
            .collect()
    };
    let (first, second, all) = (counts(&rows[0]), counts(&rows[1]), counts(&rows[2]));
    assert_eq!(rows[0][..2], ["easy", "(red)"], "{}", stats.stdout);
    assert_eq!(rows[2][..2], ["all", "seats"], "{}", stats.stdout);
    for c in [&first, &second, &all] {
        assert_eq!(c[..6].iter().sum::<u64>(), c[6], "{}", stats.stdout);
    }
    let sums: Vec<u64> = first.iter().zip(&second).map(|(a, b)| a + b).collect();
    assert_eq!(all, sums, "{}", stats.stdout);
    assert!(all[6] > 50, "{}", stats.stdout);
}

#[test]
fn without_save_dir_games_are_saved_in_the_data_folder_of_the_environment() {
    let base = SaveDir::new("data-home");
    let saved = |envs: &[(&str, &std::path::Path)]| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_ludo"));
        command.args(["play", "--seats", "cpu,cpu", "--seed", "4"]);
        for (name, value) in envs {
            command.env(name, value);
        }
        let out = command.output().expect("run ludo");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let data = base.0.join("data");
    let home = base.0.join("home");
    // XDG_DATA_HOME first, then HOME's .local/share; a relative XDG_DATA_HOME is not used.
    let out = saved(&[("XDG_DATA_HOME", &data), ("HOME", &home)]);
    assert!(
        out.contains(data.join("ludo").to_str().expect("UTF-8")),
        "{out}"
    );
    assert!(std::fs::read_dir(data.join("ludo")).is_ok_and(|mut d| d.next().is_some()));
    let relative = std::path::Path::new("relative/data");
    let out = saved(&[("XDG_DATA_HOME", relative), ("HOME", &home)]);
    let share = home.join(".local").join("share").join("ludo");
    assert!(out.contains(share.to_str().expect("UTF-8")), "{out}");
    assert!(!std::path::Path::new("relative").exists());

    // A default folder that cannot be made costs the saves, not the game; a folder given
    // with --save-dir must work.
    let file = base.0.join("a-file");
    std::fs::write(&file, "").expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludo"))
        .args(["play", "--seats", "cpu,cpu", "--seed", "4"])
        .env("XDG_DATA_HOME", &file)
        .output()
        .expect("run ludo");
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("the game is not saved"), "{said}");
    let given = ludo(&["play", "--save-dir", file.to_str().expect("UTF-8")], "");
    assert_eq!(given.status, 2, "{}", given.stdout);
    assert!(
        given.stderr.starts_with("error: --save-dir: "),
        "{}",
        given.stderr
    );
    assert!(given.stderr.contains("not a folder"), "{}", given.stderr);
}

#[test]
fn verify_checks_a_save_against_the_commitment_noted_at_the_start() {
    let dir = SaveDir::new("verify");
    let run = play(&dir, &["--seats", "easy,easy", "--seed", "7"], "");
    assert_finished(&run, 2);
    let file = after(&run.stdout, "`ludo verify ", '`');
    let noted = commitment(&run.stdout);
    // The count of rolls the game ends with says what the code and the save count too: the
    // roll-off's rolls, at least one a seat, on top of the game's.
    let (played, all) = roll_counts(&run.stdout, "Game over after ");
    assert!(all >= played + 2, "{}", run.stdout);
    says(&run.stdout, " with the roll-off). Places:");
    // On its own a save can only be checked against the commitment it carries: say so.
    let alone = ludo(&["verify", file], "");
    assert_eq!(alone.status, 0, "{}", alone.stderr);
    says(&alone.stdout, "only the file's own");
    says(&alone.stdout, "cannot vouch for");
    assert!(alone.stdout.ends_with("VALID\n"), "{}", alone.stdout);
    // The replay code printed at the end replays and verifies the same game.
    let code = replay_code(&run.stdout);
    assert!(code.starts_with("ludo1."), "{code}");
    let replayed = ludo(&["replay", code], "");
    assert_eq!(replayed.status, 0, "{}", replayed.stderr);
    let by_code = ludo(&["verify", code, "--commitment", noted], "");
    assert!(by_code.stdout.ends_with("VALID\n"), "{}", by_code.stdout);
    // With the commitment noted at the start.
    let checked = ludo(&["verify", file, "--commitment", noted], "");
    assert_eq!(checked.status, 0, "{}", checked.stderr);
    assert!(
        checked.stdout.contains(&format!("{noted} (matches)")),
        "{}",
        checked.stdout
    );
    // With another game's: the line shows the one given, and the check fails.
    let other = noted.replace(&noted[..4], "0000");
    let wrong = ludo(&["verify", file, "--commitment", &other], "");
    assert_eq!(wrong.status, 2);
    assert!(
        wrong.stdout.contains(&format!("{other} (DOES NOT MATCH)")),
        "{}",
        wrong.stdout
    );
    assert!(wrong.stdout.ends_with("INVALID\n"), "{}", wrong.stdout);
    // Noted in groups and in capitals, as a person may copy it: the same commitment, for a
    // file as for a code.
    let grouped = noted
        .as_bytes()
        .chunks(8)
        .map(|group| std::str::from_utf8(group).expect("hex").to_uppercase())
        .collect::<Vec<_>>()
        .join(" ");
    for game in [file, code] {
        let run = ludo(&["verify", game, "--commitment", &grouped], "");
        assert_eq!(run.status, 0, "{game}: {}", run.stdout);
        assert!(
            run.stdout.contains(&format!("{noted} (matches)")),
            "{}",
            run.stdout
        );
    }
    // What is not a commitment at all is refused as such, not checked as one that differs.
    for bad in [&noted[..63], "not a commitment", &format!("{noted}0")] {
        let run = ludo(&["verify", file, "--commitment", bad], "");
        assert_eq!(run.status, 2, "{bad}: {}", run.stdout);
        assert!(run.stdout.is_empty(), "{}", run.stdout);
        says(&run.stderr, "--commitment: ");
        says(&run.stderr, "is not 64 hex digits");
    }
    // A version-1 file has no commitment of its own to speak of.
    let v1 = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../core/tests/fixtures/v1-classic-2-seats.json"
    );
    let old = ludo(&["verify", v1], "");
    says(&old.stdout, "none in this version-1 file");
    // A file that is not there is named as a file, even when its name starts with "ludo".
    let missing = ludo(&["verify", "ludo-no-such-game.json"], "");
    assert_eq!(missing.status, 2);
    says(&missing.stderr, "No such file");
}

#[test]
fn verify_lists_why_a_game_does_not_replay_first() {
    let dir = SaveDir::new("verify-seed");
    let run = play(&dir, &["--seats", "easy,easy,easy,easy", "--seed", "7"], "");
    assert_finished(&run, 4);
    let file = after(&run.stdout, "`ludo verify ", '`');
    let noted = commitment(&run.stdout);
    // Another seed in the file, resealed: the choices no longer fit its dice, and neither
    // the file's commitment nor the one noted at the start is its seed's.
    let mut doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(file).expect("read")).expect("a save");
    let seed = doc["dice"]["seed"].as_str().expect("a seed").to_owned();
    let other = format!(
        "{}{}",
        &seed[..63],
        if seed.ends_with('0') { '1' } else { '0' }
    );
    doc["dice"]["seed"] = other.into();
    let text = serde_json::to_string(&doc).expect("json");
    let forged = dir.0.join("forged.ludo.json");
    std::fs::write(
        &forged,
        ludo_core::save::reseal(text.as_bytes()).expect("reseal"),
    )
    .expect("write");
    let forged = forged.display().to_string();
    let problems = |out: &str| -> Vec<String> {
        out.lines()
            .filter_map(|line| line.strip_prefix("problem: "))
            .map(str::to_owned)
            .collect()
    };
    // With the noted commitment, which is also the file's own: said once, after the reason
    // the game does not replay, which the report points to.
    let checked = ludo(&["verify", &forged, "--commitment", noted], "");
    assert_eq!(checked.status, 2, "{}", checked.stdout);
    says(
        &checked.stdout,
        "could not be replayed (the first problem says why)",
    );
    let listed = problems(&checked.stdout);
    assert!(listed[0].starts_with("log: decision "), "{listed:?}");
    let mismatches = listed
        .iter()
        .filter(|p| p.starts_with("dice: the seed does not match"))
        .count();
    assert_eq!(mismatches, 1, "{listed:?}");
    // With another commitment noted: both are listed, each naming its own, after the log.
    let elsewhere = noted.replace(&noted[..4], "0000");
    let both = problems(&ludo(&["verify", &forged, "--commitment", &elsewhere], "").stdout);
    assert!(both[0].starts_with("log: decision "), "{both:?}");
    assert!(both[1].contains(&elsewhere), "{both:?}");
    assert!(both[2].contains(noted), "{both:?}");
}

#[test]
fn saves_lists_the_folder_with_the_command_for_each_game() {
    let dir = SaveDir::new("saves");
    let saves = |args: &[&str]| {
        let mut all = vec!["saves"];
        all.extend_from_slice(args);
        let run = ludo(&all, "");
        assert_eq!(run.status, 0, "{}", run.stderr);
        run.stdout
    };
    // A folder not made yet is not made by looking.
    let missing = dir.0.join("not-yet");
    let out = saves(&["--save-dir", &missing.display().to_string()]);
    assert!(out.starts_with("No saved games: "), "{out}");
    assert!(!missing.exists());
    assert!(saves(&["--save-dir", dir.path()]).starts_with("No saved games in "));
    // A file where the folder, or one above it, should be: refused as the wrong path.
    let file = dir.0.join("a-file");
    std::fs::write(&file, "x").expect("write");
    for given in [file.clone(), file.join("below")] {
        let run = ludo(&["saves", "--save-dir", &given.display().to_string()], "");
        assert_eq!(run.status, 2, "{}", run.stderr);
        assert!(
            run.stderr
                .contains(&format!("{} is not a folder", file.display())),
            "{}",
            run.stderr
        );
    }
    std::fs::remove_file(&file).expect("remove");

    // A finished game, an unfinished one kept by a new game, the new one in the slot, and a
    // file that cannot be read.
    let finished = play(&dir, &["--seats", "easy,expert", "--seed", "5"], "");
    let finished = dir.finished(&finished);
    play(&dir, &["--seats", "human,easy,medium", "--seed", "7"], "");
    let run = play(
        &dir,
        &[
            "--new",
            "--seats",
            "human,hard",
            "--seed",
            "8",
            "--rules",
            "mensch",
        ],
        "",
    );
    let kept = run
        .stdout
        .split("`ludo play --load ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .expect("the kept game named")
        .to_owned();
    std::fs::write(dir.0.join("junk.ludo.json"), "{ nope").expect("write");
    for file in ["wreck.ludo.json", "wreck.ludo.json.bak"] {
        std::fs::write(dir.0.join(file), "{ nope").expect("write");
    }
    // The kept game as a version with another bot level wrote it: not to be played on here.
    let text = std::fs::read_to_string(&kept).expect("read the kept game");
    assert!(text.contains("\"level\":\"medium\""), "{text}");
    let alien = text.replace("\"level\":\"medium\"", "\"level\":\"godlike\"");
    let alien = ludo_core::save::reseal(alien.as_bytes()).expect("reseal");
    std::fs::write(dir.0.join("alien.ludo.json"), alien).expect("write");
    // A damaged save whose backup reads: the commands name the backup.
    std::fs::copy(&kept, dir.0.join("mended.ludo.json.bak")).expect("copy");
    std::fs::write(dir.0.join("mended.ludo.json"), "{ nope").expect("write");

    let out = saves(&["--save-dir", dir.path()]);
    let block = |start: &str| -> Vec<&str> {
        let at = out
            .find(start)
            .unwrap_or_else(|| panic!("{start} not in {out}"));
        out[at..].lines().take_while(|l| !l.is_empty()).collect()
    };
    let slot = block("autosave: ");
    assert!(
        slot[0].starts_with("autosave: mensch, 2 seats, in progress after "),
        "{slot:?}"
    );
    assert!(
        slot[1].contains("red (you) 0% (to move); yellow (hard)"),
        "{slot:?}"
    );
    assert_eq!(
        slot[2],
        format!(
            "  `ludo play --resume --save-dir {}` takes it up",
            dir.path()
        )
    );

    let id = |path: &str| {
        path.rsplit('/')
            .next()
            .and_then(|f| f.strip_suffix(".ludo.json"))
            .map(str::to_owned)
    };
    let over = block(&format!(
        "{}: ",
        id(&finished.display().to_string()).expect("id")
    ));
    assert!(
        over[0].contains(": classic, 2 seats, finished after "),
        "{over:?}"
    );
    assert!(over[1].starts_with("  1. "), "{over:?}");
    assert!(
        over[2].contains(&format!("`ludo verify {}`", finished.display())),
        "{over:?}"
    );

    let unfinished = block(&format!("{}: ", id(&kept).expect("id")));
    assert!(
        unfinished[0].contains(": classic, 3 seats, unfinished after "),
        "{unfinished:?}"
    );
    assert_eq!(
        unfinished[2],
        format!(
            "  `ludo play --load {kept} --save-dir {}` takes it up",
            dir.path()
        )
    );

    let mended = block("mended: ");
    assert!(
        mended[0].contains(": classic, 3 seats, unfinished after "),
        "{mended:?}"
    );
    assert!(
        mended[1].starts_with("  damaged, read from its backup: the save is not JSON"),
        "{mended:?}"
    );
    let backup = dir.0.join("mended.ludo.json.bak");
    assert_eq!(
        mended[3],
        format!(
            "  `ludo play --load {} --save-dir {}` takes it up",
            backup.display(),
            dir.path()
        )
    );
    // The command given works: the game goes on from the backup.
    let resumed = play(&dir, &["--load", &backup.display().to_string()], "q\n");
    assert_eq!(resumed.status, 0, "{}", resumed.stderr);
    assert!(
        resumed.stdout.contains("game left unfinished"),
        "{}",
        resumed.stdout
    );

    let alien = block("alien: ");
    let alien_file = dir.0.join("alien.ludo.json").display().to_string();
    assert_eq!(
        alien[2],
        format!(
            "  a bot at level \"godlike\", which this version does not know, keeps it from going on; `ludo replay {alien_file}` shows it move by move"
        ),
        "{alien:?}"
    );
    let refused = play(&dir, &["--load", &alien_file], "q\n");
    assert_eq!(refused.status, 2, "{}", refused.stdout);

    // A backup is spoken of only where there is one.
    let junk = block("junk: ");
    assert_eq!(junk[0], "junk: cannot be read");
    assert!(junk[1].contains("not JSON"), "{junk:?}");
    let wreck = block("wreck: ");
    assert_eq!(wreck[0], "wreck: cannot be read, nor its backup");
}
