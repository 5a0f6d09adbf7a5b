package app.ludo.ui

import androidx.annotation.StringRes
import androidx.compose.runtime.Composable
import androidx.compose.ui.res.stringResource
import app.ludo.R
import uniffi.ludo_ffi.CellKind
import uniffi.ludo_ffi.Colour
import uniffi.ludo_ffi.GameEvent
import uniffi.ludo_ffi.GameView
import uniffi.ludo_ffi.LudoException
import uniffi.ludo_ffi.MoveOption
import uniffi.ludo_ffi.SaveSummary
import uniffi.ludo_ffi.displayName

// The core returns codes and numbers, never sentences: this file turns them into the text of
// res/values*/strings.xml. A code without a string shows as itself rather than failing.

private val presetNames = mapOf(
    "preset.classic" to R.string.preset_classic,
    "preset.ludo_multijoueur" to R.string.preset_ludo_multijoueur,
    "preset.ludo_blocks" to R.string.preset_ludo_blocks,
    "preset.parchis" to R.string.preset_parchis,
    "preset.parchis6" to R.string.preset_parchis6,
    "preset.mensch" to R.string.preset_mensch,
    "preset.petits_chevaux" to R.string.preset_petits_chevaux,
)

private val levelNames = mapOf(
    "random" to R.string.level_random,
    "easy" to R.string.level_easy,
    "medium" to R.string.level_medium,
    "hard" to R.string.level_hard,
    "expert" to R.string.level_expert,
)

private val optionNames = mapOf(
    "option.safe_stars" to R.string.option_safe_stars,
    "option.safe_starts" to R.string.option_safe_starts,
    "option.enter_on" to R.string.option_enter_on,
    "option.three_tries_when_none_out" to R.string.option_three_tries_when_none_out,
    "option.same_colour_landing" to R.string.option_same_colour_landing,
    "option.block_pass_on" to R.string.option_block_pass_on,
    "option.doubled_move_half" to R.string.option_doubled_move_half,
    "option.coppit_block_capture" to R.string.option_coppit_block_capture,
    "option.home_col_len" to R.string.option_home_col_len,
    "option.capture_bonus" to R.string.option_capture_bonus,
    "option.home_bonus" to R.string.option_home_bonus,
    "option.bonus_passes_blocks" to R.string.option_bonus_passes_blocks,
    "option.stop_at_first_winner" to R.string.option_stop_at_first_winner,
    "option.three_sixes" to R.string.option_three_sixes,
    "option.exit_barrier_blocks_entry" to R.string.option_exit_barrier_blocks_entry,
    "option.bounce_back" to R.string.option_bounce_back,
)

private val choiceNames = mapOf(
    "choice.off" to R.string.choice_off,
    "choice.on" to R.string.choice_on,
    "choice.enter_on.six" to R.string.choice_enter_on_six,
    "choice.enter_on.five" to R.string.choice_enter_on_five,
    "choice.enter_on.any" to R.string.choice_enter_on_any,
    "choice.enter_on.one_or_six" to R.string.choice_enter_on_one_or_six,
    "choice.same_colour_landing.forbidden" to R.string.choice_same_colour_landing_forbidden,
    "choice.same_colour_landing.stack" to R.string.choice_same_colour_landing_stack,
    "choice.same_colour_landing.block" to R.string.choice_same_colour_landing_block,
    "choice.same_colour_landing.occupy_previous" to R.string.choice_same_colour_landing_occupy_previous,
    "choice.block_pass_on.never" to R.string.choice_block_pass_on_never,
    "choice.block_pass_on.six" to R.string.choice_block_pass_on_six,
    "choice.home_col_len.4" to R.string.choice_home_col_len_4,
    "choice.home_col_len.5" to R.string.choice_home_col_len_5,
    "choice.home_col_len.6" to R.string.choice_home_col_len_6,
    "choice.bonus.none" to R.string.choice_bonus_none,
    "choice.bonus.extra_roll" to R.string.choice_bonus_extra_roll,
    "choice.bonus.move_10" to R.string.choice_bonus_move_10,
    "choice.bonus.move_20" to R.string.choice_bonus_move_20,
    "choice.three_sixes.none" to R.string.choice_three_sixes_none,
    "choice.three_sixes.burn" to R.string.choice_three_sixes_burn,
    "choice.three_sixes.send_last_moved_home" to R.string.choice_three_sixes_send_last_moved_home,
)

/** The name of a preset, by its code (`preset.classic`). */
@Composable
fun presetName(code: String): String = presetNames[code]?.let { stringResource(it) } ?: code

/** The title of a house rule, by its code (`option.safe_stars`). */
@Composable
fun optionName(code: String): String = optionNames[code]?.let { stringResource(it) } ?: code

/** The label of a value on a house rule's menu, by its code (`choice.enter_on.five`). */
@Composable
fun choiceName(code: String): String = choiceNames[code]?.let { stringResource(it) } ?: code

/**
 * A rules field the core names in an error, as the player knows it: a house rule's title
 * (`doubled_move_half` or `options.doubled_move_half`), else the field itself.
 */
@Composable
fun ruleName(field: String): String {
    val code = "option." + field.removePrefix("options.")
    return optionNames[code]?.let { stringResource(it) } ?: field
}

/** The name of a bot level (`easy`). */
@Composable
fun levelName(level: String): String = levelNames[level]?.let { stringResource(it) } ?: level

@StringRes
fun colourName(colour: Colour): Int = when (colour) {
    Colour.RED -> R.string.colour_red
    Colour.GREEN -> R.string.colour_green
    Colour.YELLOW -> R.string.colour_yellow
    Colour.BLUE -> R.string.colour_blue
    Colour.GRAY -> R.string.colour_gray
    Colour.FUCHSIA -> R.string.colour_fuchsia
}

/**
 * The seats' names as sentences hold them, in turn order: each isolated by the core's
 * [displayName] (a right-to-left name keeps its direction without moving the words around
 * it), or "Player N" for a name that would show as nothing.
 */
@Composable
fun seatNames(view: GameView): List<String> =
    view.seats.mapIndexed { i, seat -> displayName(seat.name) ?: stringResource(R.string.ui_player_n, i + 1) }

/** One line of the game log: what an event of [view]'s game says, with the seats' names. */
@Composable
fun eventText(event: GameEvent, view: GameView): String {
    val names = seatNames(view)
    val name = { seat: UInt -> names.getOrNull(seat.toInt()) ?: "#$seat" }
    return when (event) {
        is GameEvent.RollOff -> stringResource(R.string.event_roll_off, name(event.seat), event.value.toInt())
        is GameEvent.Starts -> stringResource(R.string.event_starts, name(event.seat))
        is GameEvent.Rolled -> stringResource(R.string.event_rolled, name(event.seat), event.value.toInt())
        is GameEvent.NoMove -> stringResource(R.string.event_no_move, name(event.seat))
        is GameEvent.Moved -> if (event.from == null) {
            stringResource(R.string.event_entered, name(event.seat))
        } else {
            stringResource(R.string.event_moved, name(event.seat))
        }
        is GameEvent.Captured -> stringResource(R.string.event_captured, name(event.by), name(event.seat))
        is GameEvent.Bonus -> stringResource(R.string.event_bonus, name(event.seat), event.count.toInt())
        is GameEvent.BonusLapsed -> stringResource(R.string.event_bonus_lapsed, name(event.seat), event.count.toInt())
        is GameEvent.ExtraRoll -> stringResource(R.string.event_extra_roll, name(event.seat))
        is GameEvent.ThreeSixes -> if (event.sentHome == null) {
            stringResource(R.string.event_three_sixes, name(event.seat))
        } else {
            stringResource(R.string.event_three_sixes_home, name(event.seat))
        }
        is GameEvent.Finished -> stringResource(R.string.event_finished, name(event.seat), event.place.toInt())
        is GameEvent.GameOver -> stringResource(R.string.event_game_over)
        is GameEvent.Undone -> stringResource(R.string.event_undone)
    }
}

/**
 * A move as a screen reader offers it: the piece (numbered from 1, as on the board), how far it
 * goes, where it stops if that matters (home, a safe square), whether it captures, and whether
 * it is the expert's hint ([hinted]). A piece that bounces back from the end (Petits chevaux's
 * `bounce_back`) may stop behind where it stands: that move is said as going back.
 */
@Composable
fun moveText(option: MoveOption, hinted: Boolean): String {
    val piece = option.piece.toInt() + 1
    val from = option.from
    val steps = from?.let { option.to.toInt() - it.toInt() }
    val partner = option.partner
    var text = when {
        steps == null -> stringResource(R.string.a11y_enter, piece)
        // A pair never bounces: it moves forward.
        partner != null -> stringResource(R.string.a11y_move_pair, piece, partner.toInt() + 1, steps)
        steps > 0 -> stringResource(R.string.a11y_move, piece, steps)
        else -> stringResource(R.string.a11y_move_back, piece, -steps)
    }
    when (val last = option.path.lastOrNull()?.kind) {
        is CellKind.Home -> text = stringResource(R.string.a11y_reaches_home, text)
        is CellKind.Safe -> text = stringResource(R.string.a11y_reaches_safe, text)
        is CellKind.Start -> if (last.safe) text = stringResource(R.string.a11y_reaches_safe, text)
        else -> {}
    }
    if (option.captures.isNotEmpty()) text = stringResource(R.string.a11y_captures, text)
    return if (hinted) stringResource(R.string.a11y_hinted, text) else text
}

/**
 * Where every seat's pieces stand, as a screen reader says the board: each seat by name and
 * colour, then each piece by its number (as drawn on it): in the yard, on a square of its way
 * (counted from its start square, the first), in the home column, or home.
 */
@Composable
fun boardText(view: GameView): String {
    val names = seatNames(view)
    return view.seats.mapIndexed { i, seat ->
        val pieces = seat.pieces.map { piece ->
            val number = piece.piece.toInt() + 1
            when (piece.cell.kind) {
                is CellKind.Yard -> stringResource(R.string.a11y_piece_yard, number)
                is CellKind.Home -> stringResource(R.string.a11y_piece_home, number)
                is CellKind.HomeColumn -> stringResource(R.string.a11y_piece_column, number)
                is CellKind.Track, is CellKind.Safe, is CellKind.Start ->
                    stringResource(R.string.a11y_piece_square, number, (piece.progress?.toInt() ?: 0) + 1)
            }
        }
        val name = names.getOrNull(i).orEmpty()
        stringResource(R.string.a11y_board_seat, name, stringResource(colourName(seat.colour)), pieces.joinToString(", "))
    }.joinToString("; ")
}

/** A kept game in the list of unfinished ones: its rules, its players and how far it went. */
@Composable
fun keptText(summary: SaveSummary): String {
    val names = summary.seats.indices.map { savedSeatName(summary, it) }
    return stringResource(R.string.ui_kept_game, presetName("preset.${summary.preset}"), names.joinToString(", "), summary.rolls.toInt())
}

/** A finished game in its list: its rules and its winner (the seat in first place). */
@Composable
fun finishedText(summary: SaveSummary): String {
    val rules = presetName("preset.${summary.preset}")
    val winner = summary.seats.indexOfFirst { it.place == 1u }
    if (winner < 0) return rules
    return stringResource(R.string.ui_finished_game, rules, savedSeatName(summary, winner))
}

/** A saved game's seat as the lists name it: its name, or "Player N" for one that draws nothing. */
@Composable
private fun savedSeatName(summary: SaveSummary, index: Int): String =
    displayName(summary.seats[index].name) ?: stringResource(R.string.ui_player_n, index + 1)

/** What to tell the player about an error the core reported. */
@Composable
fun errorText(error: LudoException): String = when (error) {
    is LudoException.IllegalOption -> stringResource(R.string.error_illegal_option)
    is LudoException.NotYourTurn -> stringResource(R.string.error_not_your_turn)
    is LudoException.ChoiceNeeded -> stringResource(R.string.error_choice_needed)
    is LudoException.GameOver -> stringResource(R.string.error_game_over)
    is LudoException.UndoUnavailable -> stringResource(R.string.error_undo_unavailable)
    is LudoException.InvalidRules -> stringResource(R.string.error_invalid_rules, ruleName(error.field))
    is LudoException.InvalidSeats -> stringResource(R.string.error_invalid_seats)
    is LudoException.InvalidSeed -> stringResource(R.string.error_invalid_seed)
    is LudoException.InvalidCommitment -> stringResource(R.string.error_invalid_commitment)
    is LudoException.CorruptSave -> stringResource(R.string.error_corrupt_save)
    is LudoException.NewerSaveVersion -> stringResource(R.string.error_newer_save_version)
    is LudoException.SaveNotFound -> stringResource(R.string.error_save_not_found)
    is LudoException.Storage -> stringResource(R.string.error_storage)
    is LudoException.Internal -> stringResource(R.string.error_internal)
}
