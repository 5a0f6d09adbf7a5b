//! `ludo play` without a terminal: computer-only games run to the end for every preset,
//! and scripted human input plays, re-prompts and leaves cleanly.

mod common;

use common::ludo;

const PRESETS: [&str; 7] = [
    "classic",
    "ludo_multijoueur",
    "ludo_blocks",
    "parchis",
    "parchis6",
    "mensch",
    "petits_chevaux",
];

/// The place lines at the end of a finished game's output ("  1. red (cpu) (…)").
fn places(out: &str) -> Vec<&str> {
    let Some((_, tail)) = out.rsplit_once("Places:") else {
        return Vec::new();
    };
    tail.lines().filter(|l| !l.trim().is_empty()).collect()
}

fn assert_finished(run: &common::Run, seats: usize) {
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

#[test]
fn computer_games_end_with_places_for_every_preset() {
    for preset in PRESETS {
        let run = ludo(
            &[
                "play",
                "--seats",
                "cpu,cpu,cpu,cpu",
                "--seed",
                "1",
                "--rules",
                preset,
            ],
            "",
        );
        assert_finished(&run, 4);
        // Without a terminal there are no colour escapes.
        assert!(
            !run.stdout.contains('\x1b'),
            "{preset}: ANSI escapes in piped output"
        );
    }
}

#[test]
fn six_computers_finish_on_the_six_colour_board() {
    let run = ludo(
        &[
            "play",
            "--seats",
            "cpu,cpu,cpu,cpu,cpu,cpu",
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
fn the_same_seed_plays_the_same_game() {
    let args = [
        "play", "--seats", "cpu,cpu", "--seed", "9", "--rules", "mensch",
    ];
    assert_eq!(ludo(&args, "").stdout, ludo(&args, "").stdout);
}

#[test]
fn a_scripted_human_plays_a_whole_game() {
    // "1" rolls at the roll prompt and picks the first move at the choice prompt.
    let script = "1\n".repeat(20_000);
    let run = ludo(
        &[
            "play",
            "--seats",
            "human,cpu",
            "--seed",
            "2",
            "--names",
            "Ann,Hal",
        ],
        &script,
    );
    assert_finished(&run, 2);
    assert!(run.stdout.contains("red (Ann)"), "{}", run.stdout);
    assert!(run.stdout.contains("press Enter to roll"));
    assert!(run.stdout.contains("Your moves:"));
}

#[test]
fn invalid_choices_are_asked_again() {
    // On the Parchís board each colour starts with a piece out, so the human's first roll
    // always has exactly one move; Enter is needed to roll, then three wrong answers.
    let run = ludo(
        &[
            "play",
            "--rules",
            "parchis",
            "--seats",
            "human,cpu",
            "--seed",
            "3",
        ],
        "\n0\nabc\n5\n",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout.matches("is not one of the moves").count(),
        3,
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("game left unfinished"));
}

#[test]
fn end_of_input_leaves_the_game_unfinished() {
    let run = ludo(&["play", "--seats", "human,cpu,cpu,cpu", "--seed", "5"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("game left unfinished"),
        "{}",
        run.stdout
    );
    assert!(run.stderr.is_empty());
}

#[test]
fn q_quits() {
    let run = ludo(
        &["play", "--seats", "human,cpu", "--seed", "5"],
        "q\n1\n1\n",
    );
    assert_eq!(run.status, 0);
    assert!(run.stdout.contains("game left unfinished"));
    // The human left at their first roll prompt, before seeing any move.
    assert!(!run.stdout.contains("Your moves:"), "{}", run.stdout);
}

#[test]
fn bad_play_options_are_refused_in_one_line() {
    for (args, word) in [
        (vec!["play", "--seats", "human,dragon"], "dragon"),
        (vec!["play", "--seats", "cpu"], "--seats"),
        (vec!["play", "--seats", "cpu,cpu,cpu,cpu,cpu"], "--seats"),
        (vec!["play", "--rules", "chess"], "chess"),
        (vec!["play", "--seed", "soon"], "--seed"),
        (
            vec!["play", "--seats", "cpu,cpu", "--names", "Ann"],
            "--names",
        ),
    ] {
        let run = ludo(&args, "");
        assert_eq!(run.status, 2, "{args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(word), "{args:?}: {}", run.stderr);
    }
}
