package app.ludo.ui

import androidx.activity.compose.BackHandler
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.consumeWindowInsets
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.Scaffold
import androidx.compose.material3.SnackbarHost
import androidx.compose.material3.SnackbarHostState
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.remember
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import androidx.lifecycle.viewmodel.compose.viewModel
import app.ludo.GameViewModel
import app.ludo.R

/** The two screens: a new game (or resume), and the game itself; errors as a snackbar. */
@Composable
fun LudoApp(model: GameViewModel = viewModel()) {
    val state by model.state.collectAsStateWithLifecycle()
    val snackbar = remember { SnackbarHostState() }
    val error = state.error
    val message = when {
        error != null -> errorText(error)
        state.recoveredFromBackup -> stringResource(R.string.ui_recovered)
        else -> null
    }
    LaunchedEffect(message) {
        if (message != null) {
            snackbar.showSnackbar(message)
            model.dismissMessage()
        }
    }
    Scaffold(snackbarHost = { SnackbarHost(snackbar) }) { padding ->
        val game = state.game
        if (game == null && state.restoring) {
            // The game that was on screen when the process ended is on its way back: not the
            // new-game screen for the moment it takes.
            Box(Modifier.fillMaxSize().padding(padding))
        } else if (game == null) {
            NewGameScreen(
                presets = state.presets,
                botLevels = state.botLevels,
                canResume = state.canResume,
                kept = state.kept,
                finishedGames = state.finishedGames,
                replay = state.replay,
                codeCheck = state.codeCheck,
                setup = model.setup,
                actions = model,
                onStart = model::newGame,
                onResume = model::resume,
                onTakeUp = model::takeUp,
                onDeleteKept = model::deleteKept,
                onShowReplay = model::showReplay,
                onCloseReplay = model::closeReplay,
                onCheckCode = model::checkCode,
                onCloseCheck = model::clearCodeCheck,
                // Consumed, so that the keyboard's padding inside counts only what these lack.
                modifier = Modifier.padding(padding).consumeWindowInsets(padding),
            )
        } else {
            BackHandler(onBack = model::leave)
            BoardScreen(
                game = game,
                onRoll = model::roll,
                onChoose = model::choose,
                onUndo = model::undo,
                onHint = model::hint,
                onLeave = model::leave,
                modifier = Modifier.padding(padding),
            )
        }
    }
}
