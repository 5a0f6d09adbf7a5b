// Cross-language tests of the Swift bindings, run by scripts/test-swift.sh against the
// host-built library as it ships. No XCTest (not in the Linux toolchain used here): each test
// is a closure, a failed check throws, and the last line is the runner's count. The cases are
// those of tests/kotlin/src/test/kotlin/LudoFfiTest.kt.
import Foundation
import ludo_ffi

struct CheckFailed: Error, CustomStringConvertible {
    let description: String
}

func expect(_ condition: Bool, _ message: @autoclosure () -> String = "",
            file: StaticString = #file, line: UInt = #line) throws {
    if !condition {
        throw CheckFailed(description: "\(file):\(line): \(message())")
    }
}

/// Runs `body`, which must throw an error that `matches` accepts.
@MainActor
func expectError<T>(_ body: @MainActor () async throws -> T, file: StaticString = #file, line: UInt = #line,
                    _ matches: (LudoError) -> Bool) async throws {
    do {
        let value = try await body()
        throw CheckFailed(description: "\(file):\(line): no error thrown, got \(value)")
    } catch let error as LudoError {
        try expect(matches(error), "unexpected error \(error)", file: file, line: line)
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

let seed = "00000000000000000000000000000000000000000000000000000000000000aa"

func human(_ name: String) -> SeatConfig { SeatConfig(name: name, kind: .human) }
func bot(_ name: String, _ level: String) -> SeatConfig { SeatConfig(name: name, kind: .bot(level: level)) }
func fourBots(_ level: String) -> [SeatConfig] { ["Ann", "Bo", "Cy", "Di"].map { bot($0, level) } }

/// Plays bot turns until the game is over; returns the last view and the number of turns.
func playBotsToTheEnd(_ session: GameSession) async throws -> (GameView, Int) {
    var view = try session.view()
    var turns = 0
    while view.phase != .over {
        try expect(view.botToMove, "a person is to move")
        view = try await session.playBotTurn()
        turns += 1
        try expect(turns < 20_000, "the game does not end")
    }
    return (view, turns)
}

/// Plays until the person in seat 0 has a choice to make (bots play, the person rolls).
func untilPersonChooses(_ session: GameSession) async throws -> GameView {
    var view = try session.view()
    for _ in 0..<2_000 {
        if view.phase == .over { throw CheckFailed(description: "the game ended first") }
        if view.botToMove {
            view = try await session.playBotTurn()
        } else if view.phase == .roll {
            view = try session.roll()
        } else {
            return view
        }
    }
    throw CheckFailed(description: "no choice came")
}

func tempDir() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ludo-swift-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

await test("version and presets") {
    let version = ffiVersion()
    try expect(version.split(separator: ".").count >= 3, "version \(version)")
    let all = presets()
    try expect(all.map(\.id) == ["classic", "ludo_multijoueur", "ludo_blocks", "parchis", "parchis6", "mensch", "petits_chevaux"],
               "\(all.map(\.id))")
    for preset in all {
        try expect(preset.code == "preset.\(preset.id)")
        try expect(UInt32(preset.colours.count) == preset.maxSeats)
        try expect(!preset.options.isEmpty && preset.options.allSatisfy { $0.code == "option.\($0.name)" && $0.defaultJson != nil })
        // Each option's menu holds the preset's value, each label a code of its own.
        for option in preset.options {
            try expect(option.choices.contains { $0.valueJson == option.defaultJson }, "\(preset.id) \(option.name)")
            try expect(option.choices.allSatisfy { $0.code.hasPrefix("choice.") })
            try expect(Set(option.choices.map(\.code)).count == option.choices.count)
        }
        let layout = try boardLayout(preset: preset.id, options: [])
        try expect(layout.colours == preset.colours)
        try expect(Set(layout.cells.map { [$0.row, $0.col] }).count == layout.cells.count, "\(preset.id): a cell twice")
    }
    try expect(botLevels() == ["random", "easy", "medium", "hard", "expert"])
    // A value off the menu starts a game that plays by it: a home column of 4 squares instead
    // of 5 draws one home-column cell fewer for each of the four colours.
    let homeCol = all[0].options.first { $0.name == "home_col_len" }
    let four = homeCol?.choices.first { $0.code == "choice.home_col_len.4" }
    try expect(four != nil, "home_col_len offers 4")
    func homeCells(_ layout: BoardLayout) -> Int {
        layout.cells.filter { if case .homeColumn = $0.kind { return true } else { return false } }.count
    }
    let session = try GameSession(config: GameConfig(
        preset: "classic", seats: [human("A"), human("B")],
        options: [RuleOption(name: "home_col_len", valueJson: four?.valueJson ?? "")], seedHex: seed))
    try expect(homeCells(try session.boardLayout()) == homeCells(try boardLayout(preset: "classic", options: [])) - 4)
}

await test("names are shown isolated, and blank ones as nil") {
    // The game keeps the names as given; displayName is what the app's sentences show.
    let session = try GameSession(config: GameConfig(preset: "classic", seats: [human("\u{202E}abc"), human("\u{200B} ")],
                                                     seedHex: seed))
    let seats = try session.view().seats
    try expect(seats.map(\.name) == ["\u{202E}abc", "\u{200B} "], "\(seats.map(\.name))")
    try expect(displayName(name: seats[0].name) == "\u{2068}abc\u{2069}")
    try expect(displayName(name: seats[1].name) == nil)
    try expect(displayName(name: "Ann") == "\u{2068}Ann\u{2069}")
}

await test("a 4-bot game is played to the end") {
    let session = try GameSession(config: GameConfig(preset: "classic", seats: fourBots("medium"), seedHex: seed))
    let first = try session.view()
    try expect(first.events.contains { if case .starts = $0 { return true } else { return false } }, "\(first.events)")
    try expect(first.seed == nil, "the seed stays secret until the end")
    let (last, turns) = try await playBotsToTheEnd(session)
    try expect(last.phase == .over)
    try expect(Set(last.places) == [0, 1, 2, 3], "\(last.places)")
    try expect(last.seed == seed)
    try expect(last.events.contains { if case .gameOver = $0 { return true } else { return false } })
    try expect(last.seats[Int(last.places[0])].place == 1)
    try expect(turns > 50, "\(turns) turns")
    try await expectError({ try await session.playBotTurn() }) { $0 == .GameOver }
}

await test("a finished game's dice are checked from its replay code") {
    let session = try GameSession(config: GameConfig(preset: "classic", seats: fourBots("easy"), seedHex: seed))
    let commitment = try session.view().seedCommitment
    let store = try SaveStore(dir: try tempDir().path)
    // A game not over is not filed among the finished ones.
    try store.autosave(session: session)
    try expect(try store.keepFinished(session: session) == nil)
    let (last, _) = try await playBotsToTheEnd(session)
    let code = try session.replayCode()
    // Filed once over: the slot is cleared, and the filed game gives the same code.
    guard let id = try store.keepFinished(session: session) else { throw CheckFailed(description: "not filed") }
    try expect(try store.loadAutosave() == nil)
    let entries = try store.list()
    try expect(entries.map(\.id) == [id] && entries[0].summary?.over == true, "\(entries)")
    try expect(try store.load(id: id).session.replayCode() == code)
    let check = try checkReplayCode(code: code, publishedCommitment: commitment.uppercased())
    try expect(check.commitmentMatches == true)
    try expect(check.seed == seed && check.commitment == commitment && check.over)
    try expect(check.rolls == last.rolls, "\(check.rolls) rolls, the game made \(last.rolls)")
    try expect(check.seats.map(\.name) == ["Ann", "Bo", "Cy", "Di"])
    try expect(check.seats.map(\.colour) == last.seats.map(\.colour))
    for dice in check.seats {
        try expect(dice.faces.count == 6 && dice.faces.reduce(0, +) == dice.rolls, "\(dice)")
        try expect(dice.pValue.map { (0.0...1.0).contains($0) } == true, "\(dice)")
    }
    try expect(check.seats.map(\.rolls).reduce(0, +) == last.rolls)
    try expect(try checkReplayCode(code: code, publishedCommitment: nil).commitmentMatches == nil)
    try expect(try checkReplayCode(code: code, publishedCommitment: String(repeating: "0", count: 64)).commitmentMatches == false)
    for bad in [String(code.prefix(code.count / 2)), "not a code"] {
        try await expectError({ try checkReplayCode(code: bad, publishedCommitment: commitment) }) {
            if case .CorruptSave = $0 { return true } else { return false }
        }
    }
    // A code from a newer version asks for an update, as a newer save does.
    try await expectError({ try checkReplayCode(code: "ludo9.abc", publishedCommitment: nil) }) {
        if case let .NewerSaveVersion(found, _) = $0 { return found == 9 } else { return false }
    }
}

await test("a human turn offers options with their paths") {
    let session = try GameSession(config: GameConfig(
        preset: "classic", seats: [human("Me"), bot("Bo", "easy"), bot("Cy", "easy")], seedHex: seed))
    let layout = try session.boardLayout()
    let view = try await untilPersonChooses(session)
    try expect(view.phase == .choose && view.turn == 0 && !view.botToMove && view.choosingFor != nil)
    try expect(view.options.count >= 2, "\(view.options)")
    try expect(view.options.map(\.id) == (0..<UInt32(view.options.count)).map { $0 })
    for option in view.options {
        try expect(!option.path.isEmpty, "\(option)")
        try expect(option.path.allSatisfy { c in layout.cells.contains { $0.row == c.row && $0.col == c.col } })
    }
    let option = view.options[view.options.count - 1]
    let after = try session.choose(optionId: option.id)
    var moved: (UInt32, UInt32, Cell)?
    for event in after.events {
        if case let .moved(_, piece, _, _, to, _, toCell) = event, moved == nil { moved = (piece, to, toCell) }
    }
    try expect(moved?.0 == option.piece && moved?.1 == option.to && moved?.2 == option.path.last, "\(after.events)")
    try expect(after.seats[0].pieces[Int(option.piece)].cell == option.path.last)
    try expect(after.canUndo)
    try expect(try session.view().events.isEmpty, "events are reported once")
}

await test("undo takes back the person's decision") {
    let session = try GameSession(config: GameConfig(preset: "classic", seats: [human("Me"), bot("Bo", "medium")], seedHex: seed))
    try await expectError({ try session.undo() }) { $0 == .UndoUnavailable }
    let before = try await untilPersonChooses(session)
    try expect(!before.canUndo)
    _ = try session.choose(optionId: before.options[0].id)
    var view = try session.view()
    while view.botToMove { view = try await session.playBotTurn() }
    let undone = try session.undo()
    guard undone.events.count == 1, case let .undone(decisions) = undone.events[0] else {
        throw CheckFailed(description: "events \(undone.events)")
    }
    try expect(decisions >= 1)
    try expect(undone.phase == .choose && undone.options == before.options && undone.seats == before.seats)
    try expect(undone.dice == before.dice && !undone.canUndo)
    try await expectError({ try session.undo() }) { $0 == .UndoUnavailable }
}

await test("save and load through the save store") {
    let dir = try tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let store = try SaveStore(dir: dir.path)
    try expect(try store.list().isEmpty)
    try expect(try store.loadAutosave() == nil)
    let session = try GameSession(config: GameConfig(
        preset: "parchis", seats: [human("Me"), bot("Bo", "hard"), bot("Cy", "easy")], seedHex: seed))
    let view = try await untilPersonChooses(session)
    try store.autosave(session: session)
    let id = try store.save(session: session)
    let list = try store.list()
    try expect(Set(list.map(\.id)) == ["autosave", id], "\(list.map(\.id))")
    guard let summary = list.first(where: { $0.id == id })?.summary else { throw CheckFailed(description: "no summary") }
    try expect(summary.preset == "parchis" && summary.seats.map(\.name) == ["Me", "Bo", "Cy"] && !summary.over)
    try expect(summary.seats[1].kind == .bot(level: "hard"))
    let loaded = try store.load(id: id)
    try expect(loaded.recoveredFromBackup == nil)
    let back = try loaded.session.view()
    try expect(back.seats == view.seats && back.options == view.options && back.seedCommitment == view.seedCommitment)
    _ = try loaded.session.choose(optionId: back.options[0].id)
    try expect(try store.loadAutosave()?.session.view().seats == view.seats)
    try store.delete(id: id)
    try await expectError({ try store.load(id: id) }) { if case .SaveNotFound = $0 { return true } else { return false } }
    try store.clearAutosave()
    try expect(try store.list().isEmpty)
    // A new game keeps the unfinished one, which can be taken up again.
    try store.autosave(session: session)
    guard let kept = try store.keepAutosave() else { throw CheckFailed(description: "nothing kept") }
    try expect(Set(try store.list().map(\.id)) == ["autosave", kept])
    try store.clearAutosave()
    try expect(try store.takeUp(id: kept).session.view().seats == view.seats)
    try expect(try store.list().map(\.id) == ["autosave"])
    try store.clearAutosave()
    try expect(try store.keepAutosave() == nil)
    try expect(try GameSession.fromSave(json: session.save()).view().options == view.options)
    try expect(try GameSession.fromReplayCode(code: session.replayCode()).view().seats == view.seats)
}

await test("a corrupt save gives the corrupt-save error") {
    let json = try GameSession(config: GameConfig(preset: "classic", seats: fourBots("easy"), seedHex: seed)).save()
    let edited = json.replacingOccurrences(of: "\"Ann\"", with: "\"Eve\"")
    for bad in ["", "{", "[]", "{}", String(json.prefix(json.count / 2)), edited] {
        try await expectError({ try GameSession.fromSave(json: bad) }) {
            if case let .CorruptSave(reason) = $0 { return !reason.isEmpty } else { return false }
        }
    }
    guard let range = json.range(of: #""schema":\s*2"#, options: .regularExpression) else {
        throw CheckFailed(description: "no schema in \(json.prefix(80))")
    }
    let newer = json.replacingCharacters(in: range, with: "\"schema\": 99")
    try await expectError({ try GameSession.fromSave(json: newer) }) {
        if case let .NewerSaveVersion(found, _) = $0 { return found == 99 } else { return false }
    }
    let dir = try tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let store = try SaveStore(dir: dir.path)
    try "{ not json".write(to: dir.appendingPathComponent("junk.ludo.json"), atomically: true, encoding: .utf8)
    let entries = try store.list()
    try expect(entries.count == 1 && entries[0].id == "junk" && entries[0].summary == nil && entries[0].problem != nil && !entries[0].newerVersion)
    try await expectError({ try store.load(id: "junk") }) { if case .CorruptSave = $0 { return true } else { return false } }
    // An autosave that cannot be read, or that a newer version wrote, is set aside by a new game
    // as `autosave-kept-…`, listed (the iOS app lists these as damaged, or as from a newer
    // version) and can be deleted.
    try store.delete(id: "junk")
    for unreadable in ["{ not json", newer] {
        try unreadable.write(to: dir.appendingPathComponent("autosave.ludo.json"), atomically: true, encoding: .utf8)
        guard let aside = try store.keepAutosave(), aside.hasPrefix("autosave-kept-") else {
            throw CheckFailed(description: "not set aside: \(try store.list().map(\.id))")
        }
        try expect(try store.list().map(\.id) == [aside])
        try expect(try store.list()[0].newerVersion == (unreadable == newer))
        try await expectError({ try store.takeUp(id: aside) }) { _ in true }
        try store.delete(id: aside)
        try expect(try store.list().isEmpty)
    }
    for code in ["", "ludo1.", "ludo1.AAAA", "hello"] {
        try await expectError({ try GameSession.fromReplayCode(code: code) }) {
            if case .CorruptSave = $0 { return true } else { return false }
        }
    }
}

await test("an illegal option gives its error") {
    let session = try GameSession(config: GameConfig(preset: "classic", seats: [human("A"), human("B")], seedHex: seed))
    try await expectError({ try session.choose(optionId: 0) }) { $0 == .IllegalOption(optionId: 0, options: 0) }
    let view = try await untilPersonChooses(session)
    let n = UInt32(view.options.count)
    for id in [n, n + 1, 255, 256, UInt32.max] {
        try await expectError({ try session.choose(optionId: id) }) { $0 == .IllegalOption(optionId: id, options: n) }
    }
    try await expectError({ try session.roll() }) { $0 == .ChoiceNeeded(options: n) }
    try expect(try session.view().options == view.options, "nothing changed")
}

await test("playBotTurn is an async method") {
    // Four games at once in a task group, each awaiting its bots' turns.
    let results = try await withThrowingTaskGroup(of: GamePhase.self) { group in
        for n in 1...4 {
            let config = GameConfig(preset: "ludo_blocks", seats: fourBots("hard"), seedHex: String(seed.dropLast()) + "\(n)")
            group.addTask {
                try await playBotsToTheEnd(try GameSession(config: config)).0.phase
            }
        }
        var phases: [GamePhase] = []
        for try await phase in group { phases.append(phase) }
        return phases
    }
    try expect(results == [.over, .over, .over, .over], "\(results)")
    let session = try GameSession(config: GameConfig(preset: "classic", seats: [human("A"), bot("B", "easy")], seedHex: seed))
    let view = try await untilPersonChooses(session)
    try await expectError({ try await session.playBotTurn() }) { $0 == .NotYourTurn(seat: view.turn) }
}

await test("a person who takes every hint plays the expert's game") {
    func seats(_ first: SeatConfig) -> [SeatConfig] { [first, bot("Bo", "random")] }
    let person = try GameSession(config: GameConfig(preset: "classic", seats: seats(human("Ann")), seedHex: seed))
    var view = try person.view()
    var hints = 0
    while view.phase != .over {
        let hint = try await person.hint()
        if view.botToMove {
            try expect(hint == nil, "a bot's move is not hinted")
            view = try await person.playBotTurn()
        } else if view.phase == .roll {
            try expect(hint == nil, "nothing to hint before the roll")
            view = try person.roll()
        } else {
            guard let id = hint else { throw CheckFailed(description: "no hint while choosing") }
            try expect(view.options.contains { $0.id == id }, "\(id) is not offered")
            let again = try await person.hint()
            try expect(again == id, "the same choice, the same hint")
            hints += 1
            view = try person.choose(optionId: id)
        }
    }
    let after = try await person.hint()
    try expect(after == nil, "no hint once the game is over")
    try expect(hints > 5, "\(hints) hints")
    // Every hint was the expert's move: an expert in the first seat plays the same game.
    let expert = try GameSession(config: GameConfig(preset: "classic", seats: seats(bot("Ann", "expert")), seedHex: seed))
    let (last, _) = try await playBotsToTheEnd(expert)
    try expect(last.places == view.places, "\(last.places) against \(view.places)")
    try expect(last.seats.map(\.pieces) == view.seats.map(\.pieces), "the same pieces at the end")
}

await test("bad arguments give errors, not crashes") {
    let two = [human("A"), bot("B", "easy")]
    func rulesField(_ e: LudoError) -> String? { if case let .InvalidRules(field, _) = e { return field } else { return nil } }
    func isSeats(_ e: LudoError) -> Bool { if case .InvalidSeats = e { return true } else { return false } }
    try await expectError({ try GameSession(config: GameConfig(preset: "chess", seats: two)) }) { rulesField($0) == "preset" }
    try await expectError({ try GameSession(config: GameConfig(preset: "classic", seats: two, options: [RuleOption(name: "wobble", valueJson: "1")])) }) {
        rulesField($0) == "options.wobble"
    }
    try await expectError({ try GameSession(config: GameConfig(preset: "classic", seats: two, options: [RuleOption(name: "enter_on", valueJson: "not json")])) }) {
        rulesField($0) == "options.enter_on"
    }
    try await expectError({ try boardLayout(preset: "", options: []) }) { rulesField($0) != nil }
    try await expectError({ try boardLayout(preset: "classic", options: [RuleOption(name: "home_col_len", valueJson: "200")]) }) { rulesField($0) != nil }
    try await expectError({ try GameSession(config: GameConfig(preset: "classic", seats: [human("A")])) }, isSeats)
    try await expectError({ try GameSession(config: GameConfig(preset: "classic", seats: (0..<5).map { human("P\($0)") })) }, isSeats)
    try await expectError({ try GameSession(config: GameConfig(preset: "classic", seats: [human("A"), bot("B", "godlike")])) }, isSeats)
    try await expectError({ try GameSession(config: GameConfig(preset: "classic", seats: [human(String(repeating: "A", count: 100)), human("B")])) }, isSeats)
    try await expectError({
        try GameSession(config: GameConfig(preset: "classic", seats: [SeatConfig(name: "A", kind: .human, colour: .gray), SeatConfig(name: "B", kind: .human, colour: .red)]))
    }, isSeats)
    for bad in ["", "xyz", String(repeating: "g", count: 64), String(repeating: "é", count: 32)] {
        try await expectError({ try GameSession(config: GameConfig(preset: "classic", seats: two, seedHex: bad)) }) {
            if case .InvalidSeed = $0 { return true } else { return false }
        }
    }
    let session = try GameSession(config: GameConfig(preset: "classic", seats: fourBots("random"), seedHex: seed))
    func notYourTurn(_ e: LudoError) -> Bool { if case .NotYourTurn = e { return true } else { return false } }
    try await expectError({ try session.roll() }, notYourTurn)
    try await expectError({ try session.choose(optionId: 0) }, notYourTurn)
    _ = try await playBotsToTheEnd(session)
    try await expectError({ try session.roll() }) { $0 == .GameOver }
    try await expectError({ try session.choose(optionId: 0) }) { $0 == .GameOver }
    try await expectError({ try session.undo() }) { $0 == .GameOver }
    try expect(try session.view().phase == .over)
    let dir = try tempDir()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("a-file")
    try "".write(to: file, atomically: true, encoding: .utf8)
    func isStorage(_ e: LudoError) -> Bool { if case .Storage = e { return true } else { return false } }
    try await expectError({ try SaveStore(dir: file.path) }, isStorage)
    try await expectError({ try SaveStore(dir: "") }, isStorage)
    let store = try SaveStore(dir: dir.appendingPathComponent("saves").path)
    func notFound(_ e: LudoError) -> Bool { if case .SaveNotFound = e { return true } else { return false } }
    for id in ["", "../x", "a/b", String(repeating: "x", count: 65), "nope"] {
        try await expectError({ try store.load(id: id) }, notFound)
        try await expectError({ try store.delete(id: id) }, notFound)
    }
}

print("swift tests: \(passed) passed, \(failed) failed")
exit(failed == 0 && passed > 0 ? 0 : 1)
