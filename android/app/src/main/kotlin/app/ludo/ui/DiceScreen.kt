package app.ludo.ui

import android.content.Context
import android.content.Intent
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.text.selection.SelectionContainer
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.platform.LocalContext
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.unit.dp
import app.ludo.CodeCheck
import app.ludo.FinishedGame
import app.ludo.R
import java.util.Locale
import uniffi.ludo_ffi.DiceCheck
import uniffi.ludo_ffi.displayName

/**
 * A game's dice: the fingerprint ([commitment], the seed's SHA-256 commitment) to note from the
 * first roll; once the game is over ([finished]), the seed it reveals, the core's check of every
 * roll against the fingerprint, each player's faces, and the game to share for others to check.
 * For the game on screen, and for a finished game opened again from the new-game screen.
 */
@Composable
fun DiceDialog(commitment: String, finished: FinishedGame?, onDismiss: () -> Unit) {
    val context = LocalContext.current
    val shareText = finished?.let { stringResource(R.string.dice_share_text, it.code, commitment) }
    AlertDialog(
        onDismissRequest = onDismiss,
        title = { Text(stringResource(R.string.dice_title)) },
        text = {
            Column(Modifier.verticalScroll(rememberScrollState()), verticalArrangement = Arrangement.spacedBy(8.dp)) {
                Text(stringResource(R.string.dice_fingerprint))
                Hex(commitment)
                if (finished != null) {
                    Text(stringResource(R.string.dice_seed))
                    Hex(finished.check.seed)
                    CheckReport(finished.check)
                }
            }
        },
        confirmButton = { TextButton(onClick = onDismiss) { Text(stringResource(R.string.ui_close)) } },
        dismissButton = {
            if (shareText != null) {
                TextButton(onClick = { share(context, shareText) }) { Text(stringResource(R.string.ui_share_game)) }
            }
        },
    )
}

/**
 * Checks a game someone shared: its code and, if they noted it, the fingerprint it showed at
 * its start. [result] is shown while it is the check of the text in the fields.
 */
@Composable
fun CheckGameDialog(result: CodeCheck?, onCheck: (code: String, fingerprint: String) -> Unit, onDismiss: () -> Unit) {
    var code by rememberSaveable { mutableStateOf("") }
    var fingerprint by rememberSaveable { mutableStateOf("") }
    AlertDialog(
        onDismissRequest = onDismiss,
        title = { Text(stringResource(R.string.ui_check_game)) },
        text = {
            Column(Modifier.verticalScroll(rememberScrollState()), verticalArrangement = Arrangement.spacedBy(8.dp)) {
                OutlinedTextField(
                    value = code,
                    onValueChange = { code = it },
                    label = { Text(stringResource(R.string.ui_game_code)) },
                    // Several lines: the whole message a game was shared in may be pasted.
                    maxLines = 4,
                    modifier = Modifier.fillMaxWidth(),
                )
                OutlinedTextField(
                    value = fingerprint,
                    onValueChange = { fingerprint = it },
                    label = { Text(stringResource(R.string.ui_noted_fingerprint)) },
                    singleLine = true,
                    modifier = Modifier.fillMaxWidth(),
                )
                if (result != null && result.code == code && result.fingerprint == fingerprint) {
                    val check = result.check
                    if (check == null) {
                        Text(stringResource(R.string.error_unreadable_code), color = MaterialTheme.colorScheme.error)
                    } else {
                        // Shown, so that the checker can hold it against the fingerprint they noted.
                        Text(stringResource(R.string.dice_code_seed))
                        Hex(check.seed)
                        Hex(check.commitment)
                        CheckReport(check)
                    }
                }
            }
        },
        confirmButton = {
            TextButton(onClick = { onCheck(code, fingerprint) }, enabled = code.isNotBlank()) {
                Text(stringResource(R.string.ui_check))
            }
        },
        dismissButton = { TextButton(onClick = onDismiss) { Text(stringResource(R.string.ui_close)) } },
    )
}

/** A seed or a commitment: 64 hex digits the player can select and copy. */
@Composable
private fun Hex(text: String) {
    SelectionContainer { Text(text, fontFamily = FontFamily.Monospace, style = MaterialTheme.typography.bodySmall) }
}

/** What a check found: whether the seed is the one promised, and each player's faces. */
@Composable
private fun CheckReport(check: DiceCheck) {
    val verdict = when (check.commitmentMatches) {
        true -> stringResource(R.string.dice_matches, check.rolls.toInt())
        false -> stringResource(R.string.dice_mismatch)
        null -> stringResource(R.string.dice_unchecked)
    }
    val colour = if (check.commitmentMatches == false) MaterialTheme.colorScheme.error else Color.Unspecified
    Text(verdict, color = colour, style = MaterialTheme.typography.titleSmall)
    if (!check.over) Text(stringResource(R.string.dice_not_over))
    check.seats.forEachIndexed { i, seat ->
        val name = displayName(seat.name) ?: stringResource(R.string.ui_player_n, i + 1)
        val faces = seat.faces.mapIndexed { face, count -> "${DICE_FACES[face]} $count" }.joinToString("  ")
        val p = seat.pValue?.let(::pValueText) ?: "–"
        Text(
            stringResource(R.string.dice_seat_row, name, faces, seat.rolls.toInt(), p),
            style = MaterialTheme.typography.bodySmall,
        )
    }
    Text(stringResource(R.string.dice_p_explained), style = MaterialTheme.typography.bodySmall)
}

/**
 * A p-value with two decimals in the player's locale ("0,37" in French), or below 0.01 as
 * "< 0.01", the bound in the same format ("< 0,01").
 */
private fun pValueText(p: Double): String {
    fun twoDecimals(x: Double) = String.format(Locale.getDefault(), "%.2f", x)
    return if (p < 0.01) "< " + twoDecimals(0.01) else twoDecimals(p)
}

/** Hands [text] to the system's share sheet (messages, mail, notes, ...). */
private fun share(context: Context, text: String) {
    val send = Intent(Intent.ACTION_SEND).setType("text/plain").putExtra(Intent.EXTRA_TEXT, text)
    context.startActivity(Intent.createChooser(send, null))
}
