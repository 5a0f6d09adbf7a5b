#!/usr/bin/env bash
# Swift side of the cross-language tests: builds the library as it ships (profile release-ffi),
# writes the bindings, compiles them as module `ludo_ffi` (as ios/LudoKit will hold them),
# compiles tests/swift/*.swift against that module and runs them, compiles the iOS package's
# store as Xcode would, type-checks the app's views against a stand-in for SwiftUI, and checks
# the types of the arguments the views give their texts (tests/ios-ui/TypedTexts.swift); with
# warnings as errors. Closing line:
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

# The iOS code, compiled as Xcode compiles it: module LudoKit is the bindings and
# ios/LudoKit/Sources/LudoKit (the store). The app's own files (ios/LudoApp: the SwiftUI
# views and Messages.swift) are type-checked against LudoKit and tests/ios-ui/SwiftUI.swift, a
# stand-in for the part of SwiftUI they call, with Apple's signatures: in Swift 5 mode, as the
# Xcode project builds them, and in Swift 6 mode.
# LudoKit finds the C module as Xcode finds it in the XCFramework: Headers/module.modulemap
# (ios/xcframework.modulemap, found by search, with no -fmodule-map-file) and the header in
# Headers/ludo_ffiFFI/, as ios/build-xcframework.sh lays them out.
HEADERS="$BUILD/xcframework/Headers"
mkdir -p "$HEADERS/ludo_ffiFFI"
cp bindings/generated/swift/ludo_ffiFFI.h "$HEADERS/ludo_ffiFFI/"
cp ios/xcframework.modulemap "$HEADERS/module.modulemap"
swift swiftc -swift-version 6 -warnings-as-errors -parse-as-library -module-name LudoKit \
    -emit-module -emit-module-path "$BUILD/LudoKit.swiftmodule" -I "$HEADERS" \
    "$BUILD/ludo_ffi.swift" "$REPO"/ios/LudoKit/Sources/LudoKit/*.swift
swift swiftc -swift-version 6 -warnings-as-errors -parse-as-library -module-name SwiftUI \
    -emit-module -emit-module-path "$BUILD/SwiftUI.swiftmodule" "$REPO/tests/ios-ui/SwiftUI.swift"

# Type-checks the app's Swift files in folder $1, in Swift mode $2.
check_app() {
    swift swiftc -swift-version "$2" -warnings-as-errors -parse-as-library -typecheck -module-name Ludo \
        "${FFI_FLAGS[@]}" "$1"/*.swift
}
check_app "$REPO/ios/LudoApp" 5
check_app "$REPO/ios/LudoApp" 6

# The texts' arguments: a copy of the app in folder $1 whose calls of `L` with a literal key
# call a function with the types of that text's placeholders (tests/ios-ui/TypedTexts.swift),
# type-checked in Swift 5 mode. `L` itself takes any argument for any placeholder.
swift swiftc -swift-version 6 -warnings-as-errors -o "$BUILD/typed-texts" "$REPO/tests/ios-ui/TypedTexts.swift"
check_texts() {
    local typed="$BUILD/app-typed"
    rm -rf "$typed"
    swift "$BUILD/typed-texts" "$1" "$REPO/ios/LudoApp/Localizable.xcstrings" "$typed"
    check_app "$typed" 5
}
texts="$(check_texts "$REPO/ios/LudoApp")"

# The checks must be able to fail: each broken copy of the app below has to be rejected by
# check $1 (check_app5 or check_texts), with the error that names what was broken
# (scripts/must-reject.sh).
# $2 what the copy breaks, $3 the file, $4 a sed script that breaks it, $5 the expected error.
check_app5() { check_app "$1" 5; }
source "$REPO/scripts/must-reject.sh"
reject() { must_reject "$1" "$REPO/ios/LudoApp" "$BUILD/app-broken" "$2" "$3" "$4" "$5"; }
reject check_app5 "a store method misnamed" BoardView.swift 's/store\.roll()/store.rollDice()/' \
    "value of type 'GameStore' has no member 'rollDice'"
reject check_app5 "a colour of the bindings left out of a switch" BoardView.swift '/case \.fuchsia:/d' \
    "switch must be exhaustive"
reject check_app5 "a picker style given as a button style" NewGameView.swift \
    's/\.buttonStyle(\.borderless)/.buttonStyle(.inline)/' "type 'PrimitiveButtonStyle' has no member 'inline'"
reject check_app5 "an optional used without unwrapping" DiceView.swift 's/if let finished {/if finished != nil {/' \
    "value of optional type 'FinishedGame?' must be unwrapped"
reject check_texts "a number's placeholder given a UInt32" Messages.swift \
    's/L("event.rolled", name(seat), Int(value))/L("event.rolled", name(seat), value)/' \
    "cannot convert value of type 'UInt32' to expected argument type 'Int'"
reject check_texts "a text's placeholder given a number" BoardView.swift \
    's/L("status.place", rank, seatName(seat, view))/L("status.place", rank, seat)/' \
    "cannot convert value of type 'UInt32' to expected argument type 'String'"
reject check_texts "arguments for a text without placeholders" Messages.swift \
    's/L("event.no_move", name(seat))/L("event.game_over", name(seat))/' \
    "cannot find 'L_event_game_over' in scope"
rm -rf "$BUILD/app-typed"
echo "ios app: views type-checked in Swift 5 and 6 modes; texts' arguments typed ($texts); $rejected broken copies rejected"

LD_LIBRARY_PATH="$BUILD" DYLD_LIBRARY_PATH="$BUILD" swift "$BUILD/swift-tests"
