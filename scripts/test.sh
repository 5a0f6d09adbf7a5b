#!/usr/bin/env bash
# Runs every check the project has, in the order a failure is cheapest to find:
# formatting, lints, the API docs' links, the Rust tests (unit, scenarios, property tests, the `ludo` binary),
# then the Kotlin and Swift suites over the generated bindings and the real library, the
# Android app's Kotlin compiled against Compose's desktop artifacts (tests/android-ui), and the
# iOS app's views type-checked against a stand-in for SwiftUI (tests/ios-ui, in test-swift.sh);
# on both, the arguments the code gives each text are checked against its placeholders' types.
# Installs what it needs (rustfmt/clippy components, a Swift root) on first use.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n== %s\n' "$*"; }

if command -v rustup >/dev/null 2>&1; then
    rustup component add rustfmt clippy >/dev/null 2>&1 || true
fi

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

step "cargo doc (broken or private links are errors)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet

step "cargo test"
cargo test --workspace

step "Kotlin bindings on the JVM"
bash scripts/test-kotlin.sh

step "Android app's Kotlin, compiled on the JVM"
bash scripts/check-android-ui.sh

step "Swift bindings, and the iOS app type-checked"
bash scripts/test-swift.sh

printf '\nall checks passed\n'
