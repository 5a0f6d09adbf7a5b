#!/usr/bin/env bash
# Writes the Kotlin and Swift bindings of ludo-ffi from the host-built library as it ships.
#
#   bindings/generate.sh [OUT_DIR]      (default OUT_DIR: bindings/generated)
#
# Generated files are NOT committed: they are written at test time into bindings/generated/
# (ignored by git), where the test suites read them:
#   OUT_DIR/kotlin/uniffi/ludo_ffi/ludo_ffi.kt   tests/kotlin (a Maven source folder)
#   OUT_DIR/swift/ludo_ffi.swift                 Swift sources   } tests/swift
#   OUT_DIR/swift/ludo_ffiFFI.h                  C header        }
#   OUT_DIR/swift/module.modulemap               Clang module    }
# So there is nothing to diff in CI: every test run regenerates from the library it tests.
# The apps generate their own copy the same way from the library they package: the Android
# build (android/app/build.gradle.kts) and ios/build-xcframework.sh.
#
# Honours CARGO_TARGET_DIR (default: <checkout>/target). Prints the library's folder last
# (<target>/release-ffi), for the test scripts (-L, LD_LIBRARY_PATH, jna.library.path).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
TARGET_DIR="${CARGO_TARGET_DIR:-$REPO/target}"
OUT="${1:-$REPO/bindings/generated}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd -P)"

case "$(uname -s)" in
    Darwin) LIB_FILE=libludo_ffi.dylib ;;
    *) LIB_FILE=libludo_ffi.so ;;
esac

cd "$REPO"
# The library as it ships: profile `release-ffi` of the root Cargo.toml (opt-level 2, fat LTO,
# one codegen unit, stripped, unwinding kept), without the `cli` feature. The
# generator in the dev profile: it only reads the library's metadata, and in a release profile
# every change to the library would relink it with LTO (minutes); in dev it relinks in seconds.
# Different profiles, so the two builds never overwrite each other's files.
PROFILE=release-ffi
cargo build --profile "$PROFILE" -p ludo-ffi --lib >&2
cargo build -p ludo-ffi --features cli --bin uniffi-bindgen >&2

LIB="$TARGET_DIR/$PROFILE/$LIB_FILE"
BINDGEN="$TARGET_DIR/debug/uniffi-bindgen"

# Library mode: the source is a compiled library, whose embedded metadata (UNIFFI_META_*
# symbols) describes the API. The shared library is stripped, and uniffi-bindgen reads only
# the full symbol table, so it reads the static library of the same build instead (the same
# rustc run, so the same metadata; the bindings check the API checksums when they load).
# --metadata-no-deps: every exported type lives in this workspace, no need to resolve the rest.
META="$TARGET_DIR/$PROFILE/libludo_ffi.a"
rm -rf "$OUT/kotlin" "$OUT/swift"
"$BINDGEN" generate --language kotlin --no-format --metadata-no-deps --out-dir "$OUT/kotlin" "$META" >&2
"$BINDGEN" generate --language swift --no-format --metadata-no-deps --out-dir "$OUT/swift" "$META" >&2
# Clang and XCFrameworks look for this name.
mv "$OUT/swift/ludo_ffiFFI.modulemap" "$OUT/swift/module.modulemap"

echo "generate: $LIB ($(wc -c <"$LIB") bytes)" >&2
echo "$TARGET_DIR/$PROFILE"
