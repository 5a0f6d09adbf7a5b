#!/usr/bin/env bash
# Swift side of the cross-language tests: builds the library as it ships (profile release-ffi),
# writes the bindings, compiles them as module `ludo_ffi` (as ios/LudoKit will hold them),
# compiles tests/swift/*.swift against that module and runs them, and compiles the iOS
# package's store and the app's messages as Xcode would; all in Swift 6 mode with warnings as
# errors. Closing line:
# "swift tests: N passed, M failed"; exits non-zero on any failure.
#
# Uses swiftc from PATH, else the Debian root of scripts/swift-toolchain.sh (made once).
# Honours CARGO_TARGET_DIR.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$REPO"

case "$(uname -s)" in
    Darwin) SO=dylib ;;
    *) SO=so ;;
esac

# Start with the toolchain: on a fresh machine it is the slow part, and it fails fast.
scripts/swift-toolchain.sh setup

LIB_DIR="$(bindings/generate.sh | tail -n 1)"

# Everything swiftc reads or writes goes into one folder inside the checkout (ignored by git),
# so the paths are the same inside the chroot, where the checkout is bind-mounted.
BUILD="$REPO/tests/swift/build"
rm -rf "$BUILD"
mkdir -p "$BUILD"
cp bindings/generated/swift/ludo_ffi.swift bindings/generated/swift/ludo_ffiFFI.h \
    bindings/generated/swift/module.modulemap "$BUILD/"
cp "$LIB_DIR/libludo_ffi.$SO" "$BUILD/"

swift() { scripts/swift-toolchain.sh run "$@"; }
FFI_FLAGS=(-I "$BUILD" -L "$BUILD" -Xcc "-fmodule-map-file=$BUILD/module.modulemap")

swift swiftc -swift-version 6 -warnings-as-errors -parse-as-library -module-name ludo_ffi \
    -emit-library -o "$BUILD/libludo_ffi_swift.$SO" \
    -emit-module -emit-module-path "$BUILD/ludo_ffi.swiftmodule" \
    "${FFI_FLAGS[@]}" -lludo_ffi \
    "$BUILD/ludo_ffi.swift"

swift swiftc -swift-version 6 -warnings-as-errors -module-name LudoSwiftTests \
    "${FFI_FLAGS[@]}" -lludo_ffi_swift -lludo_ffi \
    -o "$BUILD/swift-tests" \
    "$REPO"/tests/swift/*.swift

# The iOS code that needs no Apple SDK, compiled as Xcode compiles it: module LudoKit is the
# bindings and ios/LudoKit/Sources/LudoKit (the store), and the app's Messages.swift (Foundation only)
# is checked against it. The SwiftUI views need Apple's SDK and are not compiled here.
swift swiftc -swift-version 6 -warnings-as-errors -parse-as-library -module-name LudoKit \
    -emit-module -emit-module-path "$BUILD/LudoKit.swiftmodule" "${FFI_FLAGS[@]}" \
    "$BUILD/ludo_ffi.swift" "$REPO"/ios/LudoKit/Sources/LudoKit/*.swift
swift swiftc -swift-version 6 -warnings-as-errors -parse-as-library -typecheck \
    "${FFI_FLAGS[@]}" "$REPO/ios/LudoApp/Messages.swift"

LD_LIBRARY_PATH="$BUILD" DYLD_LIBRARY_PATH="$BUILD" swift "$BUILD/swift-tests"
