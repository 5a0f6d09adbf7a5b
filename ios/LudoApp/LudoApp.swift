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

/// The two screens: a new game (or resume), and the game itself; errors as an alert.
struct ContentView: View {
    @Bindable var store: GameStore

    var body: some View {
        NavigationStack {
            if let board = store.board, let view = store.view {
                BoardView(store: store, board: board, view: view)
            } else {
                NewGameView(store: store)
            }
        }
        .alert(message ?? "", isPresented: $store.showsMessage) {
            Button(L("ui.ok")) { store.dismissMessage() }
        }
    }

    private var message: String? {
        if let error = store.error { return errorText(error) }
        return store.recoveredFromBackup ? L("ui.recovered") : nil
    }
}
