// Cross-language tests of the Swift bindings, run by scripts/test-swift.sh against the
// host-built library. No XCTest (not in the Linux toolchain used here): each test is a closure,
// a failed check throws, and the last line is the runner's count.
import Foundation
import ludo_ffi

struct CheckFailed: Error, CustomStringConvertible {
    let description: String
}

func expect(_ condition: Bool, _ message: @autoclosure () -> String,
            file: StaticString = #file, line: UInt = #line) throws {
    if !condition {
        throw CheckFailed(description: "\(file):\(line): \(message())")
    }
}

var passed = 0
var failed = 0

@MainActor
func test(_ name: String, _ body: () async throws -> Void) async {
    do {
        try await body()
        passed += 1
        print("ok   \(name)")
    } catch {
        failed += 1
        print("FAIL \(name): \(error)")
    }
}

await test("version is reported") {
    let version = ffiVersion()
    try expect(version.split(separator: ".").count >= 3, "version \(version)")
}

await test("constructor and record") {
    let session = try PlaceholderSession(seats: 4, seed: 42)
    let summary = session.summary()
    try expect(summary == SessionSummary(seats: 4, seed: 42, label: "4 seats, seed 42"), "\(summary)")
}

await test("constructor error is thrown") {
    do {
        _ = try PlaceholderSession(seats: 7, seed: 1)
        try expect(false, "no error thrown")
    } catch LudoError.InvalidSeatCount(let count) {
        try expect(count == 7, "count \(count)")
    }
}

await test("async method is an async func") {
    let session = try PlaceholderSession(seats: 2, seed: 10)
    let result = try await session.think(rounds: 100)
    try expect(result == 10 + 5050, "result \(result)")
}

await test("async error is thrown from await") {
    let session = try PlaceholderSession(seats: 2, seed: 10)
    do {
        _ = try await session.think(rounds: 0)
        try expect(false, "no error thrown")
    } catch LudoError.NothingToDo {
        // expected
    }
}

print("swift tests: \(passed) passed, \(failed) failed")
exit(failed == 0 && passed > 0 ? 0 : 1)
