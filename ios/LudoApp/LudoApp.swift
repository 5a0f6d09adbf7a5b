import LudoKit
import SwiftUI

@main
struct LudoApp: App {
    @State private var store = GameStore(
        savesDirectory: URL.applicationSupportDirectory.appending(path: "saves")
    )

    var body: some Scene {
        WindowGroup {
            ContentView(store: store)
        }
    }
}

/// The two screens: a new game (or resume), and the game itself. Each shows the store's errors
/// as an alert (`messageAlert`), and so does each sheet over them while it is open.
///
/// The scene remembers whether a game was on screen (`gameOnScreen`, kept with the scene's
/// state): when the system ended the app in the background and brings the scene back, the game
/// is reopened from its autosave (`restore`). A start the player chose (the app swiped away
/// from the switcher, or a new window) has no state to bring back, and opens on a new game.
struct ContentView: View {
    let store: GameStore
    @SceneStorage("gameOnScreen") private var gameOnScreen = false
    /// The new-game screen's choices, kept from one game to the next.
    @State private var choices = NewGameChoices()

    var body: some View {
        NavigationStack {
            if let board = store.board, let view = store.view {
                BoardView(store: store, board: board, view: view)
            } else if store.restoring {
                // The game comes back from its autosave: nothing to tap meanwhile.
                ProgressView()
            } else {
                NewGameView(store: store, choices: choices)
            }
        }
        .onAppear {
            // The flag says what this scene shows now: a scene that comes back, or a second
            // window, over a store that still holds its game keeps it set. With no game held,
            // one that was on screen is reopened, and the flag is set again once it is back
            // (left unset if there is none to reopen).
            let wasOnScreen = gameOnScreen
            gameOnScreen = store.view != nil
            if wasOnScreen && store.view == nil { store.restore() }
        }
        .onChange(of: store.view != nil) { _, onScreen in gameOnScreen = onScreen }
    }
}

extension View {
    /// The store's error, or its notice that a game came back from its backup, as an alert
    /// until the player dismisses it. `shown` is false while a sheet covers this view: a view
    /// under a sheet cannot present an alert, so the sheet shows the message itself.
    func messageAlert(_ store: GameStore, shown: Bool = true) -> some View {
        alert(
            messageText(store),
            isPresented: Binding(get: { shown && store.showsMessage }, set: { store.showsMessage = $0 })
        ) {
            Button(L("ui.ok")) { store.dismissMessage() }
        }
    }
}

/// What the store has to tell the player: its error, or that the autosave was damaged and the
/// game goes on from its backup.
@MainActor
func messageText(_ store: GameStore) -> String {
    if let error = store.error { return errorText(error) }
    return store.recoveredFromBackup ? L("ui.recovered") : ""
}
