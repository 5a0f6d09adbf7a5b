// Gives the iOS app's texts typed arguments, for the check in scripts/test-swift.sh.
//
// The app fills a text's placeholders through `L(_ key: String, _ arguments: any CVarArg...)`
// (ios/LudoApp/Messages.swift), which takes anything: a text given to `%ld`, or a number to
// `%@`, compiles and then crashes `String(format:)` or prints garbage when the line is shown.
// This program writes a copy of the app in which every call with a literal key and arguments,
// `L("event.rolled", name(seat), Int(value))`, calls a function of that text instead,
// `L_event_rolled(name(seat), Int(value))`, whose parameters have the types its English
// placeholders format: `%@` a String, `%ld` an Int (see `swiftType`). Type-checking the copy
// then checks every argument. A key without placeholders has no such function, so arguments
// given to it do not compile either. Calls whose key is chosen at run time are left as they
// are, and counted.
//
//     typed-texts APP_FOLDER CATALOG OUT_FOLDER
//
// Prints "N calls typed, M with a key chosen at run time left as they are"; exits 1 with a
// message on a placeholder it has no type for, or on a file it cannot read or write.

import Foundation

/// What went wrong, said on standard error before the program exits 1.
struct Failure: Error, CustomStringConvertible {
    let description: String
}

/// The Swift type that a placeholder's conversion formats, as `String(format:)` reads its
/// argument on Apple's 64-bit systems.
func swiftType(_ conversion: String) -> String? {
    switch conversion {
    case "@": "String"
    case "ld": "Int"
    case "lld": "Int64"
    case "lu": "UInt"
    case "d": "Int32"
    case "u": "UInt32"
    case "f", "lf": "Double"
    default: nil
    }
}

/// The types of a text's placeholders, in the order of their arguments (`%2$ld` is the
/// second, whatever its place in the text).
func placeholderTypes(key: String, text: String) throws -> [String] {
    let pattern = try NSRegularExpression(pattern: "%(%|(?:([0-9]+)\\$)?(@|lld|ld|lu|lf|d|u|f))")
    let whole = NSRange(text.startIndex..., in: text)
    var types: [Int: String] = [:]
    var next = 1
    for match in pattern.matches(in: text, range: whole) {
        guard let conversionRange = Range(match.range(at: 3), in: text) else { continue } // %%
        let conversion = String(text[conversionRange])
        var number = next
        if let digits = Range(match.range(at: 2), in: text) {
            number = Int(text[digits]) ?? next
        }
        next = number + 1
        guard let type = swiftType(conversion) else {
            throw Failure(description: "\(key): no Swift type for %\(conversion)")
        }
        types[number] = type
    }
    return (1..<((types.keys.max() ?? 0) + 1)).map { types[$0] ?? "CVarArg" }
}

/// The English text of every key of a string catalog (`Localizable.xcstrings`).
func englishTexts(catalog path: String) throws -> [String: String] {
    guard let data = FileManager.default.contents(atPath: path),
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let strings = root["strings"] as? [String: Any]
    else {
        throw Failure(description: "\(path): not a string catalog")
    }
    var texts: [String: String] = [:]
    for (key, entry) in strings {
        let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any]
        let english = localizations?["en"] as? [String: Any]
        let unit = english?["stringUnit"] as? [String: Any]
        guard let value = unit?["value"] as? String else {
            throw Failure(description: "\(path): \(key) has no English text")
        }
        texts[key] = value
    }
    return texts
}

/// The name of the typed function of text `key`: `event.rolled` → `L_event_rolled`.
func functionName(_ key: String) -> String {
    "L_" + key.replacingOccurrences(of: ".", with: "_")
}

/// One function per text with placeholders, calling `L` with its arguments.
func typedFunctions(_ texts: [String: String]) throws -> String {
    var out = "// Written by tests/ios-ui/TypedTexts.swift from Localizable.xcstrings.\n\n"
    for key in texts.keys.sorted() {
        let types = try placeholderTypes(key: key, text: texts[key] ?? "")
        guard !types.isEmpty else { continue }
        let parameters = types.enumerated().map { "_ a\($0.offset + 1): \($0.element)" }
        let arguments = types.indices.map { "a\($0 + 1)" }
        out += "func \(functionName(key))(\(parameters.joined(separator: ", "))) -> String {\n"
        out += "    L(\"\(key)\", \(arguments.joined(separator: ", ")))\n}\n\n"
    }
    return out
}

func run(_ arguments: [String]) throws -> String {
    guard arguments.count == 3 else {
        throw Failure(description: "usage: typed-texts APP_FOLDER CATALOG OUT_FOLDER")
    }
    let (app, catalog, out) = (arguments[0], arguments[1], arguments[2])
    let files = FileManager.default
    try files.createDirectory(atPath: out, withIntermediateDirectories: true)
    try typedFunctions(englishTexts(catalog: catalog))
        .write(toFile: out + "/TypedTexts.generated.swift", atomically: true, encoding: .utf8)

    // `L("key",` not preceded by a name's character or a dot (`URL(`, `x.L(`); and the
    // other calls of `L`, not its declaration.
    let literalCall = try NSRegularExpression(pattern: "(?<![A-Za-z0-9_.])L\\(\"([a-z0-9_.]+)\",\\s*")
    let otherCall = try NSRegularExpression(pattern: "(?<![A-Za-z0-9_.])(?<!func )L\\((?!\")")
    var typed = 0
    var untyped = 0
    for name in try files.contentsOfDirectory(atPath: app).sorted() where name.hasSuffix(".swift") {
        var source = try String(contentsOfFile: app + "/" + name, encoding: .utf8)
        let whole = NSRange(source.startIndex..., in: source)
        untyped += otherCall.numberOfMatches(in: source, range: whole)
        // From the last call back, so that each range still points at its call.
        for match in literalCall.matches(in: source, range: whole).reversed() {
            guard let call = Range(match.range, in: source),
                let key = Range(match.range(at: 1), in: source)
            else { continue }
            source.replaceSubrange(call, with: functionName(String(source[key])) + "(")
            typed += 1
        }
        try source.write(toFile: out + "/" + name, atomically: true, encoding: .utf8)
    }
    return "\(typed) calls typed, \(untyped) with a key chosen at run time left as they are"
}

do {
    print(try run(Array(CommandLine.arguments.dropFirst())))
} catch {
    FileHandle.standardError.write(Data("typed-texts: \(error)\n".utf8))
    exit(1)
}
