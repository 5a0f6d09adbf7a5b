package app.ludo.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.imePadding
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.selection.selectable
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.DropdownMenu
import androidx.compose.material3.DropdownMenuItem
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.RadioButton
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.ludo.CodeCheck
import app.ludo.FiledGame
import app.ludo.R
import app.ludo.Setup
import app.ludo.SetupActions
import app.ludo.playable
import java.text.DateFormat
import java.util.Date
import uniffi.ludo_ffi.GameConfig
import uniffi.ludo_ffi.PlayerKind
import uniffi.ludo_ffi.PresetInfo
import uniffi.ludo_ffi.RuleOption
import uniffi.ludo_ffi.RuleOptionInfo
import uniffi.ludo_ffi.SaveEntry
import uniffi.ludo_ffi.SeatConfig

/**
 * Choose the rules, their house rules and the players, or resume the autosaved game, or check a
 * shared game's dice, or see a finished game's code and dice again ([replay]). The choices
 * ([setup]) live in the view model, so that they outlast a rotation, a game and the process.
 */
@Composable
fun NewGameScreen(
    presets: List<PresetInfo>,
    botLevels: List<String>,
    canResume: Boolean,
    kept: List<SaveEntry>,
    finishedGames: List<SaveEntry>,
    replay: FiledGame?,
    codeCheck: CodeCheck?,
    setup: Setup,
    actions: SetupActions,
    onStart: (GameConfig) -> Unit,
    onResume: () -> Unit,
    onTakeUp: (id: String) -> Unit,
    onDeleteKept: (id: String) -> Unit,
    onShowReplay: (id: String) -> Unit,
    onCloseReplay: () -> Unit,
    onCheckCode: (code: String, fingerprint: String) -> Unit,
    onCloseCheck: () -> Unit,
    modifier: Modifier = Modifier,
) {
    var checking by rememberSaveable { mutableStateOf(false) }
    if (checking) {
        CheckGameDialog(codeCheck, onCheckCode, onDismiss = { checking = false; onCloseCheck() })
    }
    // The end of a finished game shown again, as the game's own screen shows it.
    replay?.let { DiceDialog(it.commitment, it.finished, onDismiss = onCloseReplay) }
    // The kept, finished or damaged game the player asked to delete, while the screen asks to
    // confirm.
    var deleting by rememberSaveable { mutableStateOf<String?>(null) }
    deleting?.let { id ->
        AlertDialog(
            onDismissRequest = { deleting = null },
            text = { Text(stringResource(R.string.ui_delete_game)) },
            confirmButton = {
                TextButton(onClick = { onDeleteKept(id); deleting = null }) { Text(stringResource(R.string.ui_delete)) }
            },
            dismissButton = { TextButton(onClick = { deleting = null }) { Text(stringResource(R.string.ui_cancel)) } },
        )
    }
    val preset = presets.firstOrNull { it.id == setup.presetId }
    // The house rules picked for this preset, by option name (value JSON); the others keep
    // the preset's value.
    val rules = setup.rules
    val houseRules = preset?.options.orEmpty().filter { it.choices.size > 1 }
    var showRules by rememberSaveable { mutableStateOf(false) }
    val seats = setup.seats
    val defaultNames = seats.indices.map { stringResource(R.string.ui_player_n, it + 1) }

    Column(
        // The keyboard takes the bottom of the window (drawn edge to edge): the column ends
        // above it and scrolls, so that the lower name fields can be seen while typed in.
        // The Scaffold's padding ([modifier]) already keeps clear of the navigation bar.
        modifier.imePadding().fillMaxSize().verticalScroll(rememberScrollState()).padding(16.dp),
        verticalArrangement = Arrangement.spacedBy(8.dp),
    ) {
        Text(stringResource(R.string.ui_new_game), style = MaterialTheme.typography.headlineSmall)
        if (canResume) {
            Button(onClick = onResume, modifier = Modifier.fillMaxWidth()) { Text(stringResource(R.string.ui_resume)) }
        }
        if (kept.isNotEmpty()) {
            Text(stringResource(R.string.ui_unfinished_games), style = MaterialTheme.typography.titleMedium)
            for (entry in kept) {
                val summary = entry.summary
                Row(verticalAlignment = Alignment.CenterVertically) {
                    if (entry.playable && summary != null && !summary.over) {
                        Text(keptText(summary), Modifier.weight(1f))
                        TextButton(onClick = { onTakeUp(entry.id) }) { Text(stringResource(R.string.ui_play_on)) }
                    } else {
                        // Nothing to play on here: said to be damaged (or to need a newer
                        // version of the app), with when it was written and what it held if
                        // that can be read, for the player to delete. A finished game whose
                        // file is damaged is one of these too.
                        val problem = if (entry.newerVersion) R.string.error_newer_save_version else R.string.error_corrupt_save
                        Column(Modifier.weight(1f)) {
                            Text(stringResource(problem), color = MaterialTheme.colorScheme.error)
                            val held = summary?.let { keptText(it) }
                            Text(listOfNotNull(savedWhen(entry.modified), held).joinToString(" · "), style = MaterialTheme.typography.bodySmall)
                        }
                    }
                    TextButton(onClick = { deleting = entry.id }) { Text(stringResource(R.string.ui_delete)) }
                }
            }
        }
        Text(stringResource(R.string.ui_rules), style = MaterialTheme.typography.titleMedium)
        for (p in presets) {
            Row(
                Modifier.fillMaxWidth().selectable(selected = p.id == preset?.id, onClick = { actions.pickPreset(p.id) }),
                verticalAlignment = Alignment.CenterVertically,
            ) {
                RadioButton(selected = p.id == preset?.id, onClick = null)
                Text(presetName(p.code), Modifier.padding(start = 8.dp))
            }
        }

        Text(stringResource(R.string.ui_players), style = MaterialTheme.typography.titleMedium)
        seats.forEachIndexed { i, seat ->
            Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                OutlinedTextField(
                    value = seat.name,
                    onValueChange = { typed ->
                        // The core takes names of at most 40 bytes, with no control characters
                        // (a pasted line break).
                        val name = typed.filterNot { it.isISOControl() }
                        if (name.toByteArray().size <= 40) actions.nameSeat(i, name)
                    },
                    label = { Text(stringResource(R.string.ui_player_name)) },
                    placeholder = { Text(defaultNames.getOrElse(i) { "" }) },
                    singleLine = true,
                    modifier = Modifier.weight(1f),
                )
                KindMenu(seat.level, botLevels) { level -> actions.pickLevel(i, level) }
            }
        }
        Row(horizontalArrangement = Arrangement.spacedBy(8.dp)) {
            val max = preset?.maxSeats?.toInt() ?: 4
            val min = preset?.minSeats?.toInt() ?: 2
            TextButton(onClick = actions::addSeat, enabled = seats.size < max) {
                Text(stringResource(R.string.ui_add_player))
            }
            TextButton(onClick = actions::removeSeat, enabled = seats.size > min) {
                Text(stringResource(R.string.ui_remove_player))
            }
        }
        if (houseRules.isNotEmpty()) {
            // Folded by default: most games are played as the preset has them.
            TextButton(onClick = { showRules = !showRules }) {
                val changed = houseRules.count { o -> rules[o.name]?.let { it != o.defaultJson } == true }
                val title = stringResource(R.string.ui_house_rules) + if (changed > 0) " ($changed)" else ""
                Text((if (showRules) "▾ " else "▸ ") + title, style = MaterialTheme.typography.titleMedium)
            }
            if (showRules) {
                for (option in houseRules) {
                    Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                        Text(optionName(option.code), Modifier.weight(1f))
                        ChoiceMenu(option, rules[option.name] ?: option.defaultJson) { value -> actions.pickRule(option.name, value) }
                    }
                }
            }
        }
        Button(
            onClick = {
                val chosen = preset ?: return@Button
                val config = GameConfig(
                    preset = chosen.id,
                    // Every row on screen: the view model fits them to the preset as it is
                    // picked, so none is dropped here unseen.
                    seats = seats.mapIndexed { i, s ->
                        SeatConfig(
                            name = s.name.ifBlank { defaultNames.getOrElse(i) { "${i + 1}" } },
                            kind = s.level?.let { PlayerKind.Bot(it) } ?: PlayerKind.Human,
                            colour = null,
                        )
                    },
                    options = chosen.options.mapNotNull { o ->
                        rules[o.name]?.takeIf { it != o.defaultJson }?.let { RuleOption(o.name, it) }
                    },
                    seedHex = null,
                )
                onStart(config)
            },
            enabled = preset != null,
            modifier = Modifier.fillMaxWidth(),
        ) { Text(stringResource(R.string.ui_start)) }
        TextButton(onClick = { checking = true }, modifier = Modifier.fillMaxWidth()) {
            Text(stringResource(R.string.ui_check_game))
        }
        // Last: up to twenty rows, which would push the new game's settings down.
        if (finishedGames.isNotEmpty()) {
            Text(stringResource(R.string.ui_finished_games), style = MaterialTheme.typography.titleMedium)
            for (entry in finishedGames) {
                val summary = entry.summary ?: continue
                Row(verticalAlignment = Alignment.CenterVertically) {
                    // Said as one line by a screen reader: the rules, the winner and when.
                    Column(Modifier.weight(1f).semantics(mergeDescendants = true) {}) {
                        Text(finishedText(summary))
                        Text(savedWhen(summary.savedAt), style = MaterialTheme.typography.bodySmall)
                    }
                    TextButton(onClick = { onShowReplay(entry.id) }) { Text(stringResource(R.string.ui_replay_code)) }
                    TextButton(onClick = { deleting = entry.id }) { Text(stringResource(R.string.ui_delete)) }
                }
            }
        }
    }
}

/** The values on a house rule's menu, the one in force ([value], as JSON) on the button. */
@Composable
private fun ChoiceMenu(option: RuleOptionInfo, value: String?, onPick: (String) -> Unit) {
    var open by remember { mutableStateOf(false) }
    val current = option.choices.firstOrNull { it.valueJson == value }
    Box {
        OutlinedButton(onClick = { open = true }) { Text(current?.let { choiceName(it.code) } ?: value.orEmpty()) }
        DropdownMenu(expanded = open, onDismissRequest = { open = false }) {
            for (choice in option.choices) {
                DropdownMenuItem(text = { Text(choiceName(choice.code)) }, onClick = { onPick(choice.valueJson); open = false })
            }
        }
    }
}

/** Person, or a bot at one of the core's levels. */
@Composable
private fun KindMenu(level: String?, botLevels: List<String>, onPick: (String?) -> Unit) {
    var open by remember { mutableStateOf(false) }
    Box {
        OutlinedButton(onClick = { open = true }) { Text(kindLabel(level)) }
        DropdownMenu(expanded = open, onDismissRequest = { open = false }) {
            for (choice in listOf(null) + botLevels) {
                DropdownMenuItem(text = { Text(kindLabel(choice)) }, onClick = { onPick(choice); open = false })
            }
        }
    }
}

@Composable
private fun kindLabel(level: String?): String =
    if (level == null) stringResource(R.string.ui_person) else stringResource(R.string.ui_bot_level, levelName(level))

/** When a save was written ([seconds] since 1970), as the player's locale writes a date and time. */
private fun savedWhen(seconds: ULong): String =
    DateFormat.getDateTimeInstance(DateFormat.MEDIUM, DateFormat.SHORT).format(Date(seconds.toLong() * 1000))
