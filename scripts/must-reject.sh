# Sourced by check-android-ui.sh and test-swift.sh: a check that can never fail proves nothing,
# so each script breaks copies of the app and requires its check to reject them.
#
# must_reject CHECK SOURCES COPY WHAT FILE SED ERROR
#   copies folder SOURCES to COPY, breaks FILE (a path under SOURCES) with sed script SED,
#   and requires `CHECK COPY` to fail with output that contains ERROR. WHAT says what the
#   copy breaks. Exits 1 otherwise; counts the rejections in $rejected.
rejected=0
must_reject() {
    local check=$1 sources=$2 copy=$3 what=$4 file=$5 script=$6 error=$7 out
    rm -rf "$copy"
    cp -r "$sources" "$copy"
    sed "$script" "$sources/$file" >"$copy/$file"
    if cmp -s "$sources/$file" "$copy/$file"; then
        echo "the broken copy '$what' changed nothing in $file: update its sed script" >&2
        exit 1
    fi
    if out="$("$check" "$copy" 2>&1)"; then
        echo "$check accepted a broken copy: $what" >&2
        exit 1
    fi
    if ! grep -qF "$error" <<<"$out"; then
        echo "$check rejected '$what' without the error \"$error\":" >&2
        echo "$out" >&2
        exit 1
    fi
    rm -rf "$copy"
    rejected=$((rejected + 1))
}
