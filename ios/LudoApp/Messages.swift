import Foundation
import LudoKit

// The core returns codes and numbers, never sentences: this file turns them into the text of
// Localizable.xcstrings, whose keys are the core's codes (`preset.classic`, `option.safe_stars`)
// and the app's own (`event.rolled`, `error.game_over`, ...), the same keys as on Android.

/// The localised text for `key`, with `%1$@`/`%1$ld` arguments filled in.
func L(_ key: String, _ arguments: any CVarArg...) -> String {
    String(format: NSLocalizedString(key, comment: ""), arguments: arguments)
}

func levelName(_ level: String) -> String { L("level.\(level)") }

/// Seat `seat`'s name as a sentence holds it: isolated by the core's `displayName` (a
/// right-to-left name keeps its direction without moving the words around it), or
/// "Player N" for a name that would show as nothing.
func seatName(_ seat: UInt32, _ view: GameView) -> String {
    guard Int(seat) < view.seats.count else { return "#\(seat)" }
    return displayName(name: view.seats[Int(seat)].name) ?? L("ui.player_n", Int(seat) + 1)
}

/// One line of the game log: what an event of `view`'s game says, with the seats' names.
func eventText(_ event: GameEvent, _ view: GameView) -> String {
    func name(_ seat: UInt32) -> String { seatName(seat, view) }
    switch event {
    case let .rollOff(seat, value): return L("event.roll_off", name(seat), Int(value))
    case let .starts(seat): return L("event.starts", name(seat))
    case let .rolled(seat, value): return L("event.rolled", name(seat), Int(value))
    case let .noMove(seat): return L("event.no_move", name(seat))
    case let .moved(seat, _, _, from, _, _, _):
        return from == nil ? L("event.entered", name(seat)) : L("event.moved", name(seat))
    case let .captured(seat, _, by): return L("event.captured", name(by), name(seat))
    case let .bonus(seat, count): return L("event.bonus", name(seat), Int(count))
    case let .bonusLapsed(seat, count): return L("event.bonus_lapsed", name(seat), Int(count))
    case let .extraRoll(seat): return L("event.extra_roll", name(seat))
    case let .threeSixes(seat, sentHome):
        return sentHome == nil
            ? L("event.three_sixes", name(seat)) : L("event.three_sixes_home", name(seat))
    case let .finished(seat, place): return L("event.finished", name(seat), Int(place))
    case .gameOver: return L("event.game_over")
    case .undone: return L("event.undone")
    }
}

/// Seat `index` of a save's summary by name, as `seatName` says it.
private func seatName(_ seat: SeatSummary, _ index: Int) -> String {
    displayName(name: seat.name) ?? L("ui.player_n", index + 1)
}

/// A kept game in the list of unfinished ones: its rules, its players and how far it went.
func keptText(_ summary: SaveSummary) -> String {
    let names = summary.seats.enumerated().map { i, seat in seatName(seat, i) }
    return L("ui.kept_game", L("preset.\(summary.preset)"), names.joined(separator: ", "), Int(summary.rolls))
}

/// A finished game in its list: its rules and its winner (the seat in first place).
func finishedText(_ summary: SaveSummary) -> String {
    let rules = L("preset.\(summary.preset)")
    guard let (i, winner) = summary.seats.enumerated().first(where: { $0.element.place == 1 }) else { return rules }
    return L("ui.finished_game", rules, seatName(winner, i))
}

/// A time in seconds since 1970 (a save's), as a date and time in the player's locale.
func dateText(_ seconds: UInt64) -> String {
    Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(date: .abbreviated, time: .shortened)
}

/// A save that cannot be played on, under "The saved game is damaged.": when it was last
/// written, and what it held if its summary can still be read.
func damagedText(_ entry: SaveEntry) -> String {
    [dateText(entry.modified), entry.summary.map(keptText)].compactMap { $0 }.joined(separator: " · ")
}

/// A rules field the core names in an error, as the player knows it: a house rule's title
/// (`doubled_move_half` or `options.doubled_move_half`), else the field itself.
func ruleName(_ field: String) -> String {
    let name = field.hasPrefix("options.") ? String(field.dropFirst("options.".count)) : field
    let key = "option.\(name)"
    let text = NSLocalizedString(key, comment: "")
    return text == key ? field : text
}

/// A move as a screen reader offers it: the piece (numbered from 1, as on the board), how far it
/// goes, where it stops if that matters (home, a safe square), whether it captures, and whether
/// it is the expert's hint. A piece that bounces back from the end (Petits chevaux's
/// `bounce_back`) may stop behind where it stands: that move is said as going back.
func moveText(_ option: MoveOption, hinted: Bool) -> String {
    let piece = Int(option.piece) + 1
    var text: String
    if let from = option.from {
        let steps = Int(option.to) - Int(from)
        if let partner = option.partner {
            // A pair never bounces: it moves forward.
            text = L("a11y.move_pair", piece, Int(partner) + 1, steps)
        } else if steps > 0 {
            text = L("a11y.move", piece, steps)
        } else {
            text = L("a11y.move_back", piece, -steps)
        }
    } else {
        text = L("a11y.enter", piece)
    }
    switch option.path.last?.kind {
    case .home?: text = L("a11y.reaches_home", text)
    case .safe?, .start(_, true)?: text = L("a11y.reaches_safe", text)
    default: break
    }
    if !option.captures.isEmpty { text = L("a11y.captures", text) }
    return hinted ? L("a11y.hinted", text) : text
}

/// Where every seat's pieces stand, as a screen reader says the board: each seat by name and
/// colour, then each piece by its number (as drawn on it): in the yard, on a square of its way
/// (counted from its start square, the first), in the home column, or home.
func boardText(_ view: GameView) -> String {
    view.seats.enumerated().map { i, seat in
        let pieces = seat.pieces.map { piece in
            let number = Int(piece.piece) + 1
            switch piece.cell.kind {
            case .yard: return L("a11y.piece_yard", number)
            case .home: return L("a11y.piece_home", number)
            case .homeColumn: return L("a11y.piece_column", number)
            case .track, .safe, .start: return L("a11y.piece_square", number, Int(piece.progress ?? 0) + 1)
            }
        }
        return L("a11y.board_seat", seatName(UInt32(i), view), L(seat.colour.code), pieces.joined(separator: ", "))
    }.joined(separator: "; ")
}

extension Colour {
    /// The colour's text key, as the core names it (`colour.red`).
    var code: String {
        switch self {
        case .red: "colour.red"
        case .green: "colour.green"
        case .yellow: "colour.yellow"
        case .blue: "colour.blue"
        case .gray: "colour.gray"
        case .fuchsia: "colour.fuchsia"
        }
    }
}

/// What to tell the player about an error the core reported.
func errorText(_ error: LudoError) -> String {
    switch error {
    case .IllegalOption: return L("error.illegal_option")
    case .NotYourTurn: return L("error.not_your_turn")
    case .ChoiceNeeded: return L("error.choice_needed")
    case .GameOver: return L("error.game_over")
    case .UndoUnavailable: return L("error.undo_unavailable")
    case let .InvalidRules(field, _): return L("error.invalid_rules", ruleName(field))
    case .InvalidSeats: return L("error.invalid_seats")
    case .InvalidSeed: return L("error.invalid_seed")
    case .InvalidCommitment: return L("error.invalid_commitment")
    case .CorruptSave: return L("error.corrupt_save")
    case .NewerSaveVersion: return L("error.newer_save_version")
    case .SaveNotFound: return L("error.save_not_found")
    case .Storage: return L("error.storage")
    case .Internal: return L("error.internal")
    }
}
