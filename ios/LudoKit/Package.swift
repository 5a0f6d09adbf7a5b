// swift-tools-version: 6.0
// LudoKit: the Rust core (an XCFramework) with its generated Swift bindings and a thin store.
// Run ../build-xcframework.sh first: it writes LudoFFI.xcframework and
// Sources/LudoKit/Generated/ludo_ffi.swift, which are built from the core and not committed.
// The app (../Ludo.xcodeproj) takes this package as a local dependency.
import PackageDescription

let package = Package(
    name: "LudoKit",
    platforms: [.iOS(.v17)],
    products: [
        .library(name: "LudoKit", targets: ["LudoKit"]),
    ],
    targets: [
        // Static libraries for device and simulator, with the C header and the Clang module
        // `ludo_ffiFFI` that the generated Swift imports; the target is named after that module.
        .binaryTarget(name: "ludo_ffiFFI", path: "LudoFFI.xcframework"),
        .target(
            name: "LudoKit",
            dependencies: ["ludo_ffiFFI"],
            path: "Sources/LudoKit"
        ),
    ]
)
