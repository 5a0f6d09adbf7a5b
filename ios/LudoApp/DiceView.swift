import LudoKit
import SwiftUI

/// The dice of the game on screen (`DiceReport`), once over with the store's check of them
/// (`finished`), read here so that the sheet shows it as soon as the game ends. The game goes on
/// under it (the bots play).
struct DiceSheet: View {
    let store: GameStore
    let view: GameView

    var body: some View {
        DiceReport(store: store, commitment: view.seedCommitment, finished: store.finished)
    }
}

/// A game's dice: the fingerprint (the seed's SHA-256 commitment, `commitment`) to note from the
/// first roll; once the game is over (`finished`), the seed it reveals, the core's check of every
/// roll against the fingerprint, each player's faces, and the game to share for others to check.
/// For the game on screen (`DiceSheet`) and for a finished game opened from the new-game screen;
/// the store's errors show here.
struct DiceReport: View {
    let store: GameStore
    let commitment: String
    let finished: FinishedGame?
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Text(L("dice.fingerprint"))
                    HexText(commitment)
                }
                if let finished {
                    Section {
                        Text(L("dice.seed"))
                        HexText(finished.check.seed)
                    }
                    CheckReport(check: finished.check)
                    Section {
                        ShareLink(item: L("dice.share_text", finished.code, commitment)) {
                            Label(L("ui.share_game"), systemImage: "square.and.arrow.up")
                        }
                    }
                }
            }
            .navigationTitle(L("dice.title"))
            .toolbar {
                ToolbarItem(placement: .confirmationAction) { Button(L("ui.close")) { dismiss() } }
            }
        }
        .messageAlert(store)
    }
}

/// Checks a game someone shared: its code and, if they noted it, the fingerprint it showed at
/// its start. The store's last check is shown while it is the check of the text in the fields;
/// an error checking it shows here, over the sheet.
struct CheckGameSheet: View {
    let store: GameStore
    @State private var code = ""
    @State private var fingerprint = ""
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    TextField(L("ui.game_code"), text: $code, axis: .vertical)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                    TextField(L("ui.noted_fingerprint"), text: $fingerprint, axis: .vertical)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                    Button(L("ui.check")) { store.checkCode(code, fingerprint: fingerprint) }
                        .disabled(code.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
                }
                if let result = store.codeCheck, result.code == code, result.fingerprint == fingerprint {
                    if let check = result.check {
                        // Shown, so that the checker can hold it against the fingerprint they noted.
                        Section {
                            Text(L("dice.code_seed"))
                            HexText(check.seed)
                            HexText(check.commitment)
                        }
                        CheckReport(check: check)
                    } else {
                        Section { Text(L("error.unreadable_code")).foregroundStyle(.red) }
                    }
                }
            }
            .navigationTitle(L("ui.check_game"))
            .toolbar {
                ToolbarItem(placement: .confirmationAction) { Button(L("ui.close")) { dismiss() } }
            }
        }
        .messageAlert(store)
        .onDisappear { store.clearCodeCheck() }
    }
}

/// A seed or a commitment: 64 hex digits the player can select and copy.
private struct HexText: View {
    let text: String

    init(_ text: String) { self.text = text }

    var body: some View {
        Text(text).font(.system(.footnote, design: .monospaced)).textSelection(.enabled)
    }
}

/// What a check found: whether the seed is the one promised, and each player's faces.
private struct CheckReport: View {
    let check: DiceCheck

    var body: some View {
        Section {
            switch check.commitmentMatches {
            case true?: Text(L("dice.matches", Int(check.rolls)))
            case false?: Text(L("dice.mismatch")).foregroundStyle(.red)
            case nil: Text(L("dice.unchecked"))
            }
            if !check.over { Text(L("dice.not_over")) }
            ForEach(Array(check.seats.enumerated()), id: \.offset) { i, seat in
                Text(L("dice.seat_row", name(seat, i), faces(seat), Int(seat.rolls), pText(seat.pValue)))
                    .font(.footnote)
            }
        } footer: {
            Text(L("dice.p_explained"))
        }
    }

    private func name(_ seat: SeatDice, _ index: Int) -> String {
        displayName(name: seat.name) ?? L("ui.player_n", index + 1)
    }

    private func faces(_ seat: SeatDice) -> String {
        zip(diceFaces, seat.faces).map { "\($0) \($1)" }.joined(separator: "  ")
    }

    /// A p-value with two decimals in the player's locale ("0,37" in French), or below 0.01 as
    /// "< 0.01", the bound in the same format.
    private func pText(_ p: Double?) -> String {
        guard let p else { return "–" }
        let format = FloatingPointFormatStyle<Double>.number.precision(.fractionLength(2))
        return p < 0.01 ? "< " + 0.01.formatted(format) : p.formatted(format)
    }
}
