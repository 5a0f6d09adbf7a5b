#!/usr/bin/env bash
# Timings through the Kotlin bindings on the library as it ships (profile release-ffi): the
# median time of one `view()` call and of a whole 4-bot game played with `playBotTurn`.
# Runs the JUnit test tagged `bench` in tests/kotlin (skipped by the normal test run) and
# prints its figures, also left in tests/kotlin/target/bench-kotlin.txt.
#
#   scripts/bench-kotlin.sh [-Dludo.bench.games=N] [-Dludo.bench.views=N] [-Dludo.bench.levels=a,b]
#
# Honours CARGO_TARGET_DIR.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$REPO"

LIB_DIR="$(bindings/generate.sh | tail -n 1)"

cd tests/kotlin
mkdir -p target
rm -f target/bench-kotlin.txt
mvn -q -B -Dstyle.color=never -Pbench test -Dludo.lib.dir="$LIB_DIR" "$@" >target/bench-kotlin.log 2>&1 || {
    cat target/bench-kotlin.log >&2
    exit 1
}
echo "library: $LIB_DIR/libludo_ffi.so ($(wc -c <"$LIB_DIR/libludo_ffi.so") bytes, stripped)"
cat target/bench-kotlin.txt
