#!/usr/bin/env bash
# Kotlin side of the cross-language tests: builds the library as it ships (profile release-ffi),
# writes the bindings and runs the Maven project tests/kotlin (generated Kotlin compiled with
# -Werror, JUnit 5 on a desktop JVM, JNA loading the library from -Dludo.lib.dir; the timings
# tagged `bench` are left to scripts/bench-kotlin.sh). Closing line:
# "kotlin tests: N passed, M failed, K skipped". Honours CARGO_TARGET_DIR.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$REPO"

LIB_DIR="$(bindings/generate.sh | tail -n 1)"

cd tests/kotlin
rm -rf target/surefire-reports
status=0
# Debian's Maven 3.8 writes colour resets even with style.color=never; strip them so that the
# closing line below starts a line of its own.
mvn -q -B -Dstyle.color=never test -Dludo.lib.dir="$LIB_DIR" 2>&1 | sed -u 's/\x1b\[[0-9;]*m//g' ||
    status=$?

# -q hides Surefire's own summary; count from its reports.
total=0 bad=0 skipped=0
for report in target/surefire-reports/TEST-*.xml; do
    [[ -f "$report" ]] || continue
    header="$(grep -m1 -o '<testsuite [^>]*>' "$report")"
    attr() { sed -n "s/.* $1=\"\\([0-9]*\\)\".*/\\1/p" <<<"$header"; }
    total=$((total + $(attr tests)))
    bad=$((bad + $(attr failures) + $(attr errors)))
    skipped=$((skipped + $(attr skipped)))
done
if [[ $total -eq 0 ]]; then
    echo "kotlin tests: none ran" >&2
    [[ $status -ne 0 ]] || status=1
else
    echo "kotlin tests: $((total - bad - skipped)) passed, $bad failed, $skipped skipped"
fi
exit "$status"
