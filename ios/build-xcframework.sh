#!/usr/bin/env bash
# Builds the Rust core for iOS and prepares the LudoKit package (needs macOS with Xcode and
# rustup; it cannot run on Linux):
#   ios/LudoKit/LudoFFI.xcframework        static libludo_ffi.a (the workspace's release-ffi
#                                          profile) for the device (aarch64-apple-ios) and
#                                          the simulator (aarch64 + x86_64, one lipo'd
#                                          library), each with
#                                          Headers/module.modulemap (module ludo_ffiFFI) and
#                                          Headers/ludo_ffiFFI/ludo_ffiFFI.h
#   ios/LudoKit/Sources/LudoKit/Generated/ludo_ffi.swift
#                                          the Swift bindings
# Run it again after every change to the Rust code. Honours CARGO_TARGET_DIR.
set -euo pipefail

IOS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
REPO="$(dirname "$IOS")"
KIT="$IOS/LudoKit"
TARGET_DIR="${CARGO_TARGET_DIR:-$REPO/target}"
STAGE="$TARGET_DIR/ios-xcframework"
LIB=libludo_ffi.a
# The profile the apps ship (Cargo.toml): fat LTO at opt-level 2, unwinding kept.
PROFILE=release-ffi
DEVICE=aarch64-apple-ios
SIMULATORS=(aarch64-apple-ios-sim x86_64-apple-ios)

# The same minimum iOS as LudoKit/Package.swift and the app, so the linker does not warn about newer objects.
export IPHONEOS_DEPLOYMENT_TARGET=17.0

cd "$REPO"
rustup target add "$DEVICE" "${SIMULATORS[@]}"
for target in "$DEVICE" "${SIMULATORS[@]}"; do
    cargo build --profile "$PROFILE" -p ludo-ffi --lib --target "$target"
done

rm -rf "$STAGE"
mkdir -p "$STAGE/simulator" "$STAGE/swift" "$STAGE/headers/ludo_ffiFFI"
# An XCFramework takes one library per platform, so the two simulator slices become one.
lipo -create \
    "$TARGET_DIR/${SIMULATORS[0]}/$PROFILE/$LIB" \
    "$TARGET_DIR/${SIMULATORS[1]}/$PROFILE/$LIB" \
    -output "$STAGE/simulator/$LIB"

# Library mode reads the interface from the library itself; every slice holds the same.
# The generator is built for the Mac, in the dev profile (see bindings/README.md).
cargo build -p ludo-ffi --features cli --bin uniffi-bindgen
"$TARGET_DIR/debug/uniffi-bindgen" generate --language swift --no-format --metadata-no-deps \
    --out-dir "$STAGE/swift" "$TARGET_DIR/$DEVICE/$PROFILE/$LIB"
# The module map goes at the top of Headers/, the folder the XCFramework declares
# (HeadersPath): Xcode 26's explicit module builds look for it there and do not search the
# folders below, so a map in Headers/ludo_ffiFFI/ gives "unable to resolve module
# dependency". The header stays in a folder named after the module and the map points at it.
# The map is ios/xcframework.modulemap rather than uniffi's: uniffi's has `use "Darwin"`,
# `use "_Builtin_stdbool"` and `use "_Builtin_stdint"` lines, which only matter under
# -fmodules-decluse and are reported to break the module on Xcode 26 (mozilla/uniffi-rs#2917).
# scripts/test-swift.sh compiles LudoKit against the same layout and map on Linux. Its module
# name and header must still be the ones uniffi wrote, which the generated Swift imports and
# includes: checked first.
grep -q '^module ludo_ffiFFI {' "$STAGE/swift/ludo_ffiFFI.modulemap" \
    && grep -q 'header "ludo_ffiFFI.h"' "$STAGE/swift/ludo_ffiFFI.modulemap" || {
    echo "ios: uniffi's module map no longer names module ludo_ffiFFI and header ludo_ffiFFI.h:" >&2
    cat "$STAGE/swift/ludo_ffiFFI.modulemap" >&2
    exit 1
}
cp "$STAGE/swift/ludo_ffiFFI.h" "$STAGE/headers/ludo_ffiFFI/"
cp "$IOS/xcframework.modulemap" "$STAGE/headers/module.modulemap"

rm -rf "$KIT/LudoFFI.xcframework"
xcodebuild -create-xcframework \
    -library "$TARGET_DIR/$DEVICE/$PROFILE/$LIB" -headers "$STAGE/headers" \
    -library "$STAGE/simulator/$LIB" -headers "$STAGE/headers" \
    -output "$KIT/LudoFFI.xcframework"

mkdir -p "$KIT/Sources/LudoKit/Generated"
cp "$STAGE/swift/ludo_ffi.swift" "$KIT/Sources/LudoKit/Generated/"
echo "ios: LudoKit/LudoFFI.xcframework and LudoKit/Sources/LudoKit/Generated/ludo_ffi.swift are ready"
