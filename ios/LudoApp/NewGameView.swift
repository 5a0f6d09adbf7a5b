import LudoKit
import Observation
import SwiftUI

/// Choose the rules, their house rules and the players, or resume the autosaved game, or check a
/// shared game's dice, or see a finished game's again.
struct NewGameView: View {
    let store: GameStore
    @State private var checking = false
    /// The kept, finished or damaged game the player asked to delete, while the screen asks to
    /// confirm.
    @State private var deleting: String?

    /// The rules, house rules and players chosen: the scene keeps them, not this view, so that
    /// they are still there when a game ends.
    @Bindable var choices: NewGameChoices

    private var preset: PresetInfo? {
        store.presets.first { $0.id == choices.presetId } ?? store.presets.first
    }

    /// The preset's options whose menu offers a choice.
    private var houseRules: [RuleOptionInfo] {
        (preset?.options ?? []).filter { $0.choices.count > 1 }
    }

    private func rule(_ option: RuleOptionInfo) -> Binding<String> {
        Binding(get: { choices.rules[option.name] ?? option.defaultJson ?? "" }, set: { choices.rules[option.name] = $0 })
    }

    var body: some View {
        Form {
            if store.canResume {
                Section { Button(L("ui.resume")) { store.resume() } }
            }
            if !store.kept.isEmpty || !store.damaged.isEmpty {
                Section(L("ui.unfinished_games")) {
                    ForEach(store.kept, id: \.id) { entry in
                        HStack {
                            Text(entry.summary.map(keptText) ?? entry.id)
                            Spacer()
                            Button(L("ui.play_on")) { store.takeUp(entry.id) }
                                .buttonStyle(.borderless)
                        }
                        .swipeActions {
                            Button(L("ui.delete"), role: .destructive) { deleting = entry.id }
                        }
                    }
                    // Saves that cannot be played on: said to be damaged (or to need a newer
                    // version of the app), with when they were written (and what they held,
                    // if that can be read), to delete.
                    ForEach(store.damaged, id: \.id) { entry in
                        HStack {
                            VStack(alignment: .leading) {
                                Text(L(entry.newerVersion ? "error.newer_save_version" : "error.corrupt_save"))
                                Text(damagedText(entry)).font(.caption)
                            }
                            Spacer()
                            Button(L("ui.delete"), role: .destructive) { deleting = entry.id }
                                .buttonStyle(.borderless)
                        }
                        .swipeActions {
                            Button(L("ui.delete"), role: .destructive) { deleting = entry.id }
                        }
                    }
                }
            }
            Section(L("ui.rules")) {
                Picker(L("ui.rules"), selection: $choices.presetId) {
                    ForEach(store.presets, id: \.id) { Text(L($0.code)).tag($0.id) }
                }
                .pickerStyle(.inline)
                .labelsHidden()
            }
            Section(L("ui.players")) {
                ForEach($choices.seats) { $seat in
                    HStack {
                        TextField(L("ui.player_n", number(of: seat)), text: $seat.name)
                        Picker(L("ui.players"), selection: $seat.level) {
                            Text(L("ui.person")).tag(String?.none)
                            ForEach(store.botLevels, id: \.self) { level in
                                Text(L("ui.bot_level", levelName(level))).tag(String?.some(level))
                            }
                        }
                        .labelsHidden()
                    }
                }
                Button(L("ui.add_player")) { choices.seats.append(NewGameChoices.SeatChoice(level: "medium")) }
                    .disabled(choices.seats.count >= Int(preset?.maxSeats ?? 4))
                Button(L("ui.remove_player")) { if !choices.seats.isEmpty { choices.seats.removeLast() } }
                    .disabled(choices.seats.count <= Int(preset?.minSeats ?? 2))
            }
            if !houseRules.isEmpty {
                Section {
                    // Folded by default: most games are played as the preset has them.
                    DisclosureGroup(L("ui.house_rules")) {
                        ForEach(houseRules, id: \.name) { option in
                            Picker(L(option.code), selection: rule(option)) {
                                ForEach(option.choices, id: \.valueJson) { choice in
                                    Text(L(choice.code)).tag(choice.valueJson)
                                }
                            }
                        }
                    }
                }
            }
            Section {
                Button(L("ui.start")) { start() }.disabled(preset == nil)
            }
            Section {
                Button(L("ui.check_game")) { checking = true }
            }
            // Last, by "Check a game": up to twenty rows, which would push the new game's
            // settings down. Each shows the dice sheet of the game's end again (`DiceReport`).
            if !store.finishedSaves.isEmpty {
                Section(L("ui.finished_games")) {
                    ForEach(store.finishedSaves, id: \.id) { entry in
                        HStack {
                            VStack(alignment: .leading) {
                                Text(entry.summary.map(finishedText) ?? entry.id)
                                Text(dateText(entry.summary?.savedAt ?? entry.modified)).font(.caption)
                            }
                            // Said as one line: the rules, the winner and when.
                            .accessibilityElement(children: .combine)
                            Spacer()
                            Button(L("ui.replay_code")) { store.openFinished(entry.id) }
                                .buttonStyle(.borderless)
                        }
                        .swipeActions {
                            Button(L("ui.delete"), role: .destructive) { deleting = entry.id }
                        }
                    }
                }
            }
        }
        .navigationTitle(L("ui.new_game"))
        .messageAlert(store, shown: !checking && store.filed == nil)
        .sheet(isPresented: $checking) { CheckGameSheet(store: store) }
        .sheet(item: Binding(get: { store.filed }, set: { if $0 == nil { store.closeFinished() } })) { filed in
            DiceReport(store: store, commitment: filed.commitment, finished: filed.game)
        }
        .onChange(of: choices.presetId) {
            choices.rules = [:]
            fitSeats()
        }
        .confirmationDialog(
            L("ui.delete_game"),
            isPresented: Binding(get: { deleting != nil }, set: { if !$0 { deleting = nil } }),
            titleVisibility: .visible
        ) {
            Button(L("ui.delete"), role: .destructive) {
                if let id = deleting { store.deleteKept(id) }
                deleting = nil
            }
            Button(L("ui.cancel"), role: .cancel) { deleting = nil }
        }
    }

    /// The seat's number in the list, from 1 (its "Player N").
    private func number(of seat: NewGameChoices.SeatChoice) -> Int {
        (choices.seats.firstIndex { $0.id == seat.id } ?? choices.seats.count) + 1
    }

    /// After a change of preset, as many seats as it takes: the rows past its most are dropped
    /// (a six-seat game's last two for a four-seat board), and bots are added up to its least.
    private func fitSeats() {
        guard let preset else { return }
        let most = Int(preset.maxSeats)
        if choices.seats.count > most { choices.seats.removeLast(choices.seats.count - most) }
        while choices.seats.count < Int(preset.minSeats) { choices.seats.append(NewGameChoices.SeatChoice(level: "medium")) }
    }

    private func start() {
        guard let preset else { return }
        let chosen = choices.seats.prefix(Int(preset.maxSeats)).enumerated().map { i, seat in
            // The core takes names of at most 40 bytes, with no control characters (a pasted
            // line break).
            let typed = String(String.UnicodeScalarView(seat.name.unicodeScalars.filter {
                $0.properties.generalCategory != .control
            }))
            var name = typed.isEmpty ? L("ui.player_n", i + 1) : typed
            while name.utf8.count > 40 { name.removeLast() }
            return SeatConfig(name: name, kind: seat.level.map { PlayerKind.bot(level: $0) } ?? .human, colour: nil)
        }
        let options = preset.options.compactMap { option in
            choices.rules[option.name].flatMap { $0 == option.defaultJson ? nil : RuleOption(name: option.name, valueJson: $0) }
        }
        store.newGame(GameConfig(preset: preset.id, seats: chosen, options: options, seedHex: nil))
    }
}

/// What the new-game screen has chosen: the preset, its house rules and the players. The scene
/// holds it (`ContentView`), so a player who finishes or leaves a game finds the same choices
/// again, as the Android app keeps them; only the app's process ending forgets them.
@Observable @MainActor
final class NewGameChoices {
    /// A seat being set up: its name (empty: "Player N") and, for a bot, its level (`nil`: a
    /// person). Identified, so that each row's fields stay bound to their seat when a seat is
    /// removed.
    struct SeatChoice: Identifiable {
        let id = UUID()
        var name = ""
        var level: String?
    }

    var presetId = "classic"
    var seats = [SeatChoice(), SeatChoice(level: "medium")]
    /// The house rules picked for this preset, by option name (value JSON); the others keep the
    /// preset's value.
    var rules: [String: String] = [:]
}
