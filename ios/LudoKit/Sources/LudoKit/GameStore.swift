import Foundation
import Observation

/// A game that is over: its replay code, to share, and its dice checked by the core against
/// the commitment the game showed from its start.
public struct FinishedGame: Sendable, Equatable {
    public let code: String
    public let check: DiceCheck
}

/// A finished game filed earlier (`SaveStore.keepFinished`), opened again from the list: its save
/// id, the commitment it showed from its start, and its code and check as when it ended.
public struct FiledGame: Sendable, Equatable, Identifiable {
    public let id: String
    public let commitment: String
    public let game: FinishedGame
}

/// What checking a pasted game code found: the code and fingerprint that were checked, and the
/// check, or nil when the code could not be read (damaged, or not a game code).
public struct CodeCheck: Sendable, Equatable {
    public let code: String
    public let fingerprint: String
    public let check: DiceCheck?
}

/// The save store's file I/O, off the main actor and one operation at a time, in the order it
/// was asked for: a serial queue, so that an autosave never overtakes an earlier one, and a
/// listing, a finished game's filing or a new game's `keepAutosave` comes after every save asked
/// before it. The core's `SaveStore` says to call it off the UI thread (each autosave is flushed
/// to disk).
private final class Disk: Sendable {
    private let queue = DispatchQueue(label: "app.ludo.saves", qos: .userInitiated)

    /// Queues `work` and returns at once.
    func enqueue(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    /// Queues `work` at once (before the caller suspends) and waits for its result.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { done in
            queue.async { done.resume(with: Result { try work() }) }
        }
    }

    /// Waits until everything queued so far is done.
    func drain() async {
        await withCheckedContinuation { done in queue.async { done.resume() } }
    }
}

/// The app's whole state holder: it sends the player's actions to the core and publishes the
/// view the core returns. It holds no rule; the core says whose turn it is, what may be played
/// and what happened. `view == nil` is the new-game screen.
///
/// Saves are written off the main actor, in order (`Disk`): each view published is queued for
/// the autosave slot as it is published, and a bot works out its next move only once the saves
/// before it are written, so that a kill loses at most the move being worked out.
@MainActor
@Observable
public final class GameStore {
    public private(set) var presets: [PresetInfo] = []
    public private(set) var botLevels: [String] = []
    public private(set) var canResume = false
    /// Unfinished games kept when a new game took the autosave slot, newest first.
    public private(set) var kept: [SaveEntry] = []
    /// Saves that cannot be played on, newest first: damaged, their backup too (no summary), a
    /// finished game whose file is damaged, or an autosave that `keepAutosave` set aside because it could not be read or a newer
    /// version wrote it (`autosave-kept-…`). They can only be deleted (`deleteKept`).
    public private(set) var damaged: [SaveEntry] = []
    /// Games that are over, filed as they ended (`keepFinished`, which keeps the newest twenty),
    /// newest first: their replay code can be shown again (`openFinished`), or they can be deleted.
    public private(set) var finishedSaves: [SaveEntry] = []
    /// The finished game opened from `finishedSaves`, until `closeFinished`.
    public private(set) var filed: FiledGame?
    public private(set) var board: BoardLayout?
    public private(set) var view: GameView?
    /// The last events, oldest first, for the game log.
    public private(set) var log: [GameEvent] = []
    /// The option the expert suggested for the choice on screen, once the player asked
    /// (`askHint`); nil again when the game moves on.
    public private(set) var hint: UInt32?
    /// Whether the expert is thinking out a hint the player asked for.
    public private(set) var hintAsked = false
    /// Once the game is over: its replay code and its dice checked; nil while it goes on.
    public private(set) var finished: FinishedGame?
    /// The last check of a game someone shared (`checkCode`), until `clearCodeCheck`.
    public private(set) var codeCheck: CodeCheck?
    public private(set) var error: LudoError?
    public private(set) var recoveredFromBackup = false
    /// A game that was on screen when the system ended the app is being loaded back
    /// (`restore`): the screen shows that rather than offer a new game meanwhile.
    public private(set) var restoring = false

    @ObservationIgnored private let store: SaveStore?
    @ObservationIgnored private let disk = Disk()
    /// Counts the listings asked for, so that an older one that comes back late is dropped.
    @ObservationIgnored private var listings = 0
    /// Counts the finished games opened, so that only the last one asked for is shown, and none
    /// asked for before the screen changed (`leave`).
    @ObservationIgnored private var openings = 0
    @ObservationIgnored private var session: GameSession?
    @ObservationIgnored private var bots: Task<Void, Never>?
    /// Counts the bot loops started, so that a loop that ends clears `bots` only while it is
    /// still the current one (a cancelled loop may end after a newer one has started).
    @ObservationIgnored private var botLoops = 0
    /// Counts the views published, so that a hint that comes back after the game moved on is
    /// dropped.
    @ObservationIgnored private var published = 0
    /// Whether the last autosave failed: the player is told once, not after every move, until
    /// a save succeeds again.
    @ObservationIgnored private var saveFailed = false
    /// A game is being put on screen (`begin`).
    @ObservationIgnored private var beginning = false

    private nonisolated static let autosave = "autosave"
    private nonisolated static let logLines = 4
    /// A beat between bot actions, so that the player can follow them.
    private nonisolated static let botPause = Duration.milliseconds(700)

    /// `savesDirectory`: where the core keeps the saves (created if missing: one folder made, on
    /// this actor, before the first screen; every other file operation is on `disk`).
    public init(savesDirectory: URL) {
        do {
            store = try SaveStore(dir: savesDirectory.path)
        } catch {
            store = nil
            report(error)
        }
        presets = LudoKit.presets()
        botLevels = LudoKit.botLevels()
        refreshSaves()
    }

    /// A new game. The game in the autosave slot, if unfinished, is kept as a save of its own
    /// first (`kept`), so that starting one never loses a game in progress; but only once the
    /// new game exists, so that rules or seats the core refuses leave the slot as it was.
    public func newGame(_ config: GameConfig) {
        let store = store
        begin {
            let game = try GameSession(config: config)
            _ = try store?.keepAutosave()
            return (game, nil)
        }
    }

    /// Plays on a kept game: it takes the autosave slot, and the game there is kept in turn.
    public func takeUp(_ id: String) {
        guard let store else { return }
        begin {
            let loaded = try store.takeUp(id: id)
            return (loaded.session, loaded.recoveredFromBackup)
        }
    }

    /// Deletes a kept game, a finished one or a damaged save, for good (the screen asks the
    /// player first).
    public func deleteKept(_ id: String) {
        guard let store else { return }
        error = nil
        Task {
            do {
                try await disk.run { try store.delete(id: id) }
            } catch {
                report(error)
            }
            refreshSaves()
        }
    }

    public func resume() {
        guard let store else { return }
        begin {
            guard let loaded = try store.loadAutosave() else {
                throw LudoError.SaveNotFound(id: Self.autosave)
            }
            return (loaded.session, loaded.recoveredFromBackup)
        }
    }

    /// Reopens the autosaved game as `resume` does, for a scene that the system brings back
    /// after it ended the app in the background with a game on screen. With no game on this
    /// store only; and no autosave (the game ended before) is no error: nothing happens.
    public func restore() {
        guard let store, session == nil, !restoring else { return }
        restoring = true
        begin {
            try store.loadAutosave().map { ($0.session, $0.recoveredFromBackup) }
        }
    }

    public func roll() { act { try $0.roll() } }

    public func choose(_ option: MoveOption) { act { try $0.choose(optionId: option.id) } }

    public func undo() { act { try $0.undo() } }

    /// Asks the expert which of the offered moves it would play; the board marks it until the
    /// game moves on. The expert thinks in the core, off this actor.
    public func askHint() {
        guard let session, let view, view.phase == .choose, !view.botToMove else { return }
        error = nil
        let asked = published
        hintAsked = true
        Task {
            do {
                let option = try await session.hint()
                guard session === self.session, asked == published else { return }
                hint = option
                hintAsked = false
            } catch {
                if session === self.session, asked == published { hintAsked = false }
                report(error)
            }
        }
    }

    /// Checks the dice of a game someone shared: its replay code, and the fingerprint (the
    /// seed's commitment) noted when it began, if any. The game is replayed off this actor.
    public func checkCode(_ code: String, fingerprint: String) {
        let noted = fingerprint.trimmingCharacters(in: .whitespacesAndNewlines)
        error = nil
        Task {
            do {
                let check = try await Task.detached {
                    try checkReplayCode(code: code, publishedCommitment: noted.isEmpty ? nil : noted)
                }.value
                codeCheck = CodeCheck(code: code, fingerprint: fingerprint, check: check)
            } catch LudoError.CorruptSave {
                codeCheck = CodeCheck(code: code, fingerprint: fingerprint, check: nil)
            } catch {
                report(error)
            }
        }
    }

    public func clearCodeCheck() {
        codeCheck = nil
    }

    /// Opens a finished game of `finishedSaves` (`filed`): its replay code, and its dice checked
    /// against its own commitment, as when it ended. Loading replays the game, so it runs on
    /// `disk`; the result is dropped if another was asked for since, or the screen changed.
    public func openFinished(_ id: String) {
        guard let store else { return }
        error = nil
        openings += 1
        let opening = openings
        Task {
            do {
                let shown = try await disk.run {
                    let game = try store.load(id: id).session
                    let code = try game.replayCode()
                    let commitment = try game.view().seedCommitment
                    let check = try checkReplayCode(code: code, publishedCommitment: commitment)
                    return FiledGame(id: id, commitment: commitment, game: FinishedGame(code: code, check: check))
                }
                guard opening == openings else { return }
                filed = shown
            } catch {
                report(error)
            }
        }
    }

    public func closeFinished() {
        filed = nil
    }

    /// Back to the new-game screen; the autosave keeps the game for "resume".
    public func leave() {
        bots?.cancel()
        bots = nil
        session = nil
        canResume = view.map { $0.phase != .over } ?? canResume
        board = nil
        view = nil
        log = []
        hint = nil
        hintAsked = false
        finished = nil
        filed = nil
        openings += 1
        refreshSaves()
    }

    /// What the new-game screen offers: the autosave to resume, the kept games and the finished
    /// ones (never among the games to play on). Listed on `disk`, after every save queued
    /// before; a listing that fails is reported.
    private func refreshSaves() {
        guard let store else { return }
        listings += 1
        let listing = listings
        Task {
            do {
                let saves = try await disk.run { try store.list() }
                guard listing == listings else { return }
                canResume = saves.first { $0.id == Self.autosave && !$0.newerVersion }?.summary?.over == false
                kept = saves.filter { $0.id != Self.autosave && !Self.isDamaged($0) && $0.summary?.over == false }
                // A finished game whose file is damaged is not one of the finished games the
                // core counts and trims, so it is listed here, to be deleted, as on Android.
                damaged = saves.filter {
                    Self.isDamaged($0)
                        || ($0.id != Self.autosave && $0.problem != nil && $0.summary?.over == true)
                }
                finishedSaves = saves.filter {
                    $0.id != Self.autosave && !Self.isDamaged($0) && $0.problem == nil && $0.summary?.over == true
                }
            } catch {
                report(error)
            }
        }
    }

    /// Whether a save cannot be played on: no summary could be read, from it or its backup; a
    /// newer version wrote it (loading it fails, even when its older backup has a summary);
    /// or `keepAutosave` set it aside as unreadable and it still is not read cleanly (one a
    /// newer version wrote opens once the app is updated: then it is a kept game like any
    /// other). (A damaged save whose backup can be read loads from the backup, and is not
    /// damaged.)
    private nonisolated static func isDamaged(_ entry: SaveEntry) -> Bool {
        entry.summary == nil || entry.newerVersion
            || (entry.id.hasPrefix("\(autosave)-kept-") && entry.problem != nil)
    }

    /// Dismisses the message on screen: the error if there is one, else the notice that the
    /// game came back from its backup. One at a time, so that an error arriving with the
    /// notice does not take the notice away unseen.
    public func dismissMessage() {
        if error != nil {
            error = nil
        } else {
            recoveredFromBackup = false
        }
    }

    /// Whether an error or a notice waits to be shown; setting it to false dismisses it (for
    /// SwiftUI's `alert(isPresented:)`).
    public var showsMessage: Bool {
        get { error != nil || recoveredFromBackup }
        set { if !newValue { dismissMessage() } }
    }

    /// Puts a new or loaded game on screen (none if `load` gives none). Loading replays the game
    /// and reads or writes the saves, so it runs on `disk`, after every save of the game left
    /// before.
    private func begin(_ load: @escaping @Sendable () throws -> (GameSession, String?)?) {
        // A second tap while a game is being put on screen ("Play on" twice) would load what
        // the first has already taken up, and say it is not there: dropped.
        guard !beginning else { return }
        beginning = true
        error = nil
        Task {
            // A restore is over once its load is (the game on screen, or nothing to reopen).
            defer {
                restoring = false
                beginning = false
            }
            do {
                guard let (game, recovered) = try await disk.run(load) else { return }
                leave()
                session = game
                board = try game.boardLayout()
                let first = try game.view()
                view = first
                recoveredFromBackup = recovered != nil
                publish(game, first)
            } catch {
                report(error)
            }
        }
    }

    /// One action of the person at the device; the core refuses what is not theirs to do.
    private func act(_ action: (GameSession) throws -> GameView) {
        guard let session else { return }
        error = nil
        do {
            publish(session, try action(session))
        } catch {
            report(error)
        }
    }

    private func publish(_ game: GameSession, _ next: GameView) {
        guard game === session else { return }
        view = next
        hint = nil
        hintAsked = false
        finished = nil
        published += 1
        log = Array((log + next.events).suffix(Self.logLines))
        // An error on screen stays until the player dismisses it or acts (`act`, `begin`, ...):
        // a bot's move does not take it away.
        save(game, over: next.phase == .over)
        if next.phase == .over { finish(game, next) }
        if next.botToMove { playBots(game) }
    }

    /// Queues the autosave of the game, or once it is over its filing among the finished games
    /// (which clears the slot): queued now, in the order the views are published, and written on
    /// `disk`, which saves the game as it stands when it gets there (the view just published, or
    /// one published after it; a game over stays over, since the core refuses its undo).
    private func save(_ game: GameSession, over: Bool) {
        guard let store else { return }
        disk.enqueue { [weak self] in
            do {
                if over { _ = try store.keepFinished(session: game) } else { try store.autosave(session: game) }
                Task { @MainActor in self?.saveFailed = false }
            } catch {
                // Play goes on (the game is in memory, and the next move's save tries again).
                // The player hears of it at the first failure, and again at a later one once
                // nothing else is on screen: not after every bot move, but never silently
                // for the rest of the game either.
                Task { @MainActor in
                    guard let self, !self.saveFailed || self.error == nil else { return }
                    self.saveFailed = true
                    self.report(error)
                }
            }
        }
    }

    /// A game just over: its replay code, and its dice checked by the core against the
    /// commitment the game showed from its start, as anyone given the code can check them.
    /// Replaying the game runs off this actor; the result is dropped if the game moved on
    /// (an undo) or was left meanwhile.
    private func finish(_ game: GameSession, _ over: GameView) {
        let asked = published
        let commitment = over.seedCommitment
        Task {
            do {
                let done = try await Task.detached {
                    let code = try game.replayCode()
                    return FinishedGame(code: code, check: try checkReplayCode(code: code, publishedCommitment: commitment))
                }.value
                guard game === session, asked == published else { return }
                finished = done
            } catch {
                report(error)
            }
        }
    }

    /// Plays the bots' actions one at a time; the search runs in the core, off this actor.
    private func playBots(_ game: GameSession) {
        guard bots == nil else { return }
        botLoops += 1
        let loop = botLoops
        bots = Task {
            defer { if botLoops == loop { bots = nil } }
            while game === session, view?.botToMove == true {
                try? await Task.sleep(for: Self.botPause)
                // The views published so far are on disk before the bot works out its move.
                await disk.drain()
                guard game === session else { break }
                let asked = published
                do {
                    let next = try await game.playBotTurn()
                    guard game === session else { break }
                    // An undo published while the bot thought: the bot's view is stale (the
                    // undo took its move back, or came first and the bot moved after it), so
                    // the game is shown as the core has it now.
                    publish(game, asked == published ? next : try game.view())
                } catch LudoError.NotYourTurn {
                    // An undo overtook the bot's move, which the core dropped: go on from the
                    // view the undo published.
                } catch {
                    report(error)
                    break
                }
            }
        }
    }

    private func report(_ error: any Error) {
        self.error = error as? LudoError ?? .Internal(detail: String(describing: error))
    }
}
