#!/usr/bin/env bash
# Mutation testing of ludo-core with cargo-mutants: each mutant is a small change to the
# code (a `<` made `<=`, a `+` made `*`, a function body made `return 0`), and the tests of
# ludo-core have to fail on it. A mutant they miss is code no test pins: write the test, or
# say why the change makes no difference (see docs/architecture.md, "Mutation testing").
#
#   scripts/mutants.sh [FILE ...]    default: the engine's rules files below
#   scripts/mutants.sh core/src/dice.rs core/src/verify.rs core/src/replay.rs \
#       core/src/save/mod.rs core/src/save/read.rs core/src/store.rs    (the saves and dice)
#   scripts/mutants.sh core/src/session/mod.rs    (the session: 20 minutes)
#   scripts/mutants.sh core/src/json.rs core/src/position.rs core/src/layout.rs \
#       core/src/game.rs core/src/colour.rs core/src/session/setup.rs \
#       core/src/session/view.rs core/src/session/events.rs core/src/session/names.rs
#       (the position JSON, the drawn board and the session's edges: an hour)
#
# The bots (with the bots' games as tests), the arena and the rest of the command-line program
# (with ludo-cli's tests) and the bindings (with ludo-ffi's Rust tests) are run by hand:
# docs/architecture.md, "Mutation testing", gives those commands.
# Not part of scripts/test.sh: on two cores the first, second and last take about an hour each.
# Installs cargo-mutants on first use. The report goes to target/mutants/mutants.out (missed.txt,
# caught.txt, timeout.txt, unviable.txt, and a log per mutant).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

command -v cargo-mutants >/dev/null || cargo install --locked cargo-mutants

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    files=(core/src/board.rs core/src/engine.rs core/src/moves.rs core/src/turn.rs
        core/src/movegen/mod.rs core/src/movegen/simple.rs)
fi
args=()
for f in "${files[@]}"; do args+=(-f "$f"); done

# The tests that pin the rules and the saves; the bots' games (11 s a run in a debug build) are
# left out for time. A mutant that breaks a property test is caught at the first failing case:
# shrinking it would only cost time.
tests=(--lib --test scenarios --test random_games --test position_json --test playout
    --test lean_classic --test layout --test sessions --test ending --test saves
    --test position_errors)
# Each job builds in a copy of the tree with a target folder of its own.
unset CARGO_TARGET_DIR
mkdir -p target
PROPTEST_MAX_SHRINK_ITERS=1 PROPTEST_MAX_SHRINK_TIME=2000 \
    cargo mutants -j 2 --timeout 60 -o target/mutants "${args[@]}" -- "${tests[@]}"
