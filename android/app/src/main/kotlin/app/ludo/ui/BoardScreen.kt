package app.ludo.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.aspectRatio
import androidx.compose.foundation.layout.fillMaxHeight
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.widthIn
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.verticalScroll
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.CustomAccessibilityAction
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.customActions
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.text.AnnotatedString
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.unit.dp
import app.ludo.GameUi
import app.ludo.R
import uniffi.ludo_ffi.BoardLayout
import uniffi.ludo_ffi.Cell
import uniffi.ludo_ffi.CellKind
import uniffi.ludo_ffi.ChoiceInput
import uniffi.ludo_ffi.Colour
import uniffi.ludo_ffi.GamePhase
import uniffi.ludo_ffi.GameView
import uniffi.ludo_ffi.MoveOption
import kotlin.math.ceil
import kotlin.math.sqrt

/** The die's faces, ones first. */
internal val DICE_FACES = listOf("⚀", "⚁", "⚂", "⚃", "⚄", "⚅")

/**
 * The game: whose turn, the board, the die, undo, a hint while choosing, the dice's fingerprint
 * (and once over, their check and the game to share), and the last events.
 *
 * The board takes the room the controls leave, never the other way round: under them when the
 * screen is tall, beside them when that leaves the board bigger (landscape), so that the
 * roll, undo and leave buttons can always be reached.
 */
@Composable
fun BoardScreen(
    game: GameUi,
    onRoll: () -> Unit,
    onChoose: (MoveOption) -> Unit,
    onUndo: () -> Unit,
    onHint: () -> Unit,
    onLeave: () -> Unit,
    modifier: Modifier = Modifier,
) {
    val view = game.view
    var showDice by rememberSaveable { mutableStateOf(false) }
    if (showDice) DiceDialog(view.seedCommitment, game.finished, onDismiss = { showDice = false })
    val ratio = game.board.cols.toFloat() / game.board.rows.toFloat()
    val gap = 12.dp
    BoxWithConstraints(modifier.fillMaxSize().padding(gap)) {
        // The board's width either way, the controls taking about what they need: a column
        // of them beside it, or their rows under it.
        val besideWidth = minOf(maxHeight * ratio, maxWidth - SIDE_PANEL - gap)
        val underWidth = minOf(maxWidth, (maxHeight - UNDER_PANEL) * ratio)
        if (besideWidth > underWidth) {
            Row(
                Modifier.fillMaxSize(),
                horizontalArrangement = Arrangement.spacedBy(gap, Alignment.CenterHorizontally),
                verticalAlignment = Alignment.CenterVertically,
            ) {
                Board(
                    game.board, view, game.hint, onChoose,
                    Modifier.weight(1f, fill = false).aspectRatio(ratio, matchHeightConstraintsFirst = true),
                )
                // Measured before the board (it has no weight), so it always gets its width;
                // it scrolls if the standings and the log are taller than the screen.
                Column(
                    Modifier.widthIn(min = SIDE_PANEL, max = SIDE_PANEL_MAX).fillMaxHeight().verticalScroll(rememberScrollState()),
                    horizontalAlignment = Alignment.CenterHorizontally,
                    verticalArrangement = Arrangement.spacedBy(gap),
                ) {
                    Text(statusText(view), style = MaterialTheme.typography.titleMedium)
                    Controls(game, onRoll, onUndo, onHint, onLeave, onDice = { showDice = true })
                    if (view.phase == GamePhase.OVER) Standings(view)
                    Log(game)
                }
            }
        } else {
            Column(
                Modifier.fillMaxSize(),
                horizontalAlignment = Alignment.CenterHorizontally,
                verticalArrangement = Arrangement.spacedBy(gap),
            ) {
                Text(statusText(view), style = MaterialTheme.typography.titleMedium)
                if (view.phase == GamePhase.OVER) Standings(view)
                // Weighted, so measured last: the height the other rows leave, and no more
                // than its width asks (`fill = false`).
                Board(game.board, view, game.hint, onChoose, Modifier.weight(1f, fill = false).aspectRatio(ratio))
                Controls(game, onRoll, onUndo, onHint, onLeave, onDice = { showDice = true })
                Log(game)
            }
        }
    }
}

/** About the width of the controls beside the board, and the height of those under it. */
private val SIDE_PANEL = 280.dp
private val SIDE_PANEL_MAX = 420.dp
private val UNDER_PANEL = 240.dp

/** Roll, undo and leave; the hint while the person to move chooses, and the dice. */
@Composable
private fun Controls(
    game: GameUi,
    onRoll: () -> Unit,
    onUndo: () -> Unit,
    onHint: () -> Unit,
    onLeave: () -> Unit,
    onDice: () -> Unit,
) {
    val view = game.view
    Row(horizontalArrangement = Arrangement.spacedBy(8.dp), verticalAlignment = Alignment.CenterVertically) {
        Button(onClick = onRoll, enabled = view.phase == GamePhase.ROLL && !view.botToMove) {
            val face = view.dice?.let { DICE_FACES.getOrNull(it.toInt() - 1) }
            Text(listOfNotNull(face, stringResource(R.string.ui_roll)).joinToString(" "))
        }
        OutlinedButton(onClick = onUndo, enabled = view.canUndo) { Text(stringResource(R.string.ui_undo)) }
        TextButton(onClick = onLeave) { Text(stringResource(R.string.ui_leave)) }
    }
    Row(horizontalArrangement = Arrangement.spacedBy(8.dp), verticalAlignment = Alignment.CenterVertically) {
        if (view.phase == GamePhase.CHOOSE && !view.botToMove) {
            if (game.hintAsked) {
                Text(stringResource(R.string.status_hint_thinking), style = MaterialTheme.typography.bodyMedium)
            } else if (game.hint == null) {
                TextButton(onClick = onHint) { Text(stringResource(R.string.ui_hint)) }
            } else {
                Text(
                    stringResource(R.string.status_hint),
                    color = HINT_COLOUR,
                    style = MaterialTheme.typography.bodyMedium,
                    modifier = Modifier.weight(1f, fill = false),
                )
            }
        }
        TextButton(onClick = onDice) { Text(stringResource(R.string.ui_dice)) }
    }
}

/** The last events, newest first. */
@Composable
private fun Log(game: GameUi) {
    for (event in game.log.asReversed()) {
        Text(eventText(event, game.view), style = MaterialTheme.typography.bodySmall)
    }
}

/** The final places, one line each; seats that tie share their place (the core's `ranks`). */
@Composable
private fun Standings(view: GameView) {
    val names = seatNames(view)
    Column(horizontalAlignment = Alignment.CenterHorizontally) {
        view.places.forEachIndexed { i, seat ->
            val rank = view.ranks.getOrNull(i)?.toInt() ?: (i + 1)
            Text(stringResource(R.string.status_place, rank, names.getOrNull(seat.toInt()).orEmpty()))
        }
    }
}

@Composable
private fun statusText(view: GameView): String {
    val names = seatNames(view)
    val mover = names.getOrNull(view.turn.toInt()).orEmpty()
    return when {
        view.phase == GamePhase.OVER -> {
            val winner = view.places.firstOrNull()?.let { names.getOrNull(it.toInt()) }
            stringResource(R.string.status_winner, winner.orEmpty())
        }
        view.botToMove -> stringResource(R.string.status_thinking, mover)
        view.phase == GamePhase.CHOOSE -> when (val input = view.choosingFor) {
            is ChoiceInput.Bonus -> stringResource(R.string.status_choose_bonus, mover, input.count.toInt())
            is ChoiceInput.Roll -> stringResource(R.string.status_choose, mover, input.value.toInt())
            null -> mover
        }
        else -> stringResource(R.string.status_to_roll, mover)
    }
}

/** A grid position: cells are compared by where they are drawn. */
private data class Spot(val row: Int, val col: Int)

/** A piece as drawn: its colour, where it stands and its number (from 1). */
private data class Piece(val colour: Colour, val at: Spot, val number: Int)

private val Cell.spot get() = Spot(row.toInt(), col.toInt())

/**
 * The board drawn from the core's layout: every cell in its grid place, coloured by its kind,
 * the pieces on the cells the view gives, and for the person to move the options: a ring on
 * each piece that can move and a tint on where it would stop, the option of a hint (`hint`)
 * drawn over them in a colour of its own. A tap on a piece plays its move (when it has one
 * destination); a tap on a tinted cell plays the move that stops there. Each piece carries its
 * number. A screen reader hears where every seat's pieces stand as the board's state
 * ([boardText]), and is offered each option as an action of the board, in words ([moveText]).
 * [modifier] gives the board its size, in the proportions of the layout's grid.
 */
@Composable
private fun Board(
    layout: BoardLayout,
    view: GameView,
    hint: UInt?,
    onChoose: (MoveOption) -> Unit,
    modifier: Modifier,
) {
    val cols = layout.cols.toInt()
    val colours = layout.colours.map { it.paint() }
    val scheme = MaterialTheme.colorScheme
    val mover = view.seats.getOrNull(view.turn.toInt())
    val options = if (view.botToMove) emptyList() else view.options
    fun origin(o: MoveOption) = mover?.pieces?.getOrNull(o.piece.toInt())?.cell?.spot
    fun destination(o: MoveOption) = o.path.lastOrNull()?.spot
    val description = stringResource(R.string.ui_board)
    val where = boardText(view)
    val spoken = options.map { moveText(it, hinted = it.id == hint) }
    val measurer = rememberTextMeasurer(cacheSize = 32)

    Canvas(
        modifier
            .semantics {
                contentDescription = description
                stateDescription = where
                customActions = options.zip(spoken) { option, label ->
                    CustomAccessibilityAction(label) {
                        onChoose(option)
                        true
                    }
                }
            }
            .pointerInput(view, hint) {
                detectTapGestures { tap ->
                    val side = size.width.toFloat() / cols
                    val at = Spot((tap.y / side).toInt(), (tap.x / side).toInt())
                    // A tap on the marked piece or square plays the hinted move, even where
                    // another move starts or stops there too.
                    val hinted = options.firstOrNull { it.id == hint && (origin(it) == at || destination(it) == at) }
                    val fromHere = options.filter { origin(it) == at }.distinctBy { destination(it) }
                    val pick = hinted ?: fromHere.singleOrNull() ?: options.firstOrNull { destination(it) == at }
                    pick?.let(onChoose)
                }
            },
    ) {
        val side = size.width / cols
        fun corner(s: Spot) = Offset(s.col * side, s.row * side)
        fun centre(s: Spot) = Offset((s.col + 0.5f) * side, (s.row + 0.5f) * side)
        val square = Size(side, side)

        for (cell in layout.cells) {
            val at = cell.spot
            when (val kind = cell.kind) {
                is CellKind.Yard -> drawCircle(colours[kind.colourIndex.toInt()].copy(alpha = 0.3f), side * 0.42f, centre(at))
                else -> {
                    val fill = when (kind) {
                        is CellKind.Start -> colours[kind.colourIndex.toInt()].copy(alpha = 0.7f)
                        is CellKind.HomeColumn -> colours[kind.colourIndex.toInt()].copy(alpha = 0.4f)
                        is CellKind.Home -> kind.colourIndex?.let { colours[it.toInt()] } ?: scheme.surfaceVariant
                        else -> scheme.surface
                    }
                    drawRect(fill, corner(at), square)
                    drawRect(scheme.outline, corner(at), square, style = Stroke(1f))
                    // A safe square's mark, a ring round a dot, on a start square too where the
                    // rules make it safe. Not a grey fill: the gray player's tint looks like one.
                    if (kind is CellKind.Safe || (kind is CellKind.Start && kind.safe)) {
                        drawCircle(scheme.outline, side * 0.3f, centre(at), style = Stroke(side * 0.05f))
                        drawCircle(scheme.outline, side * 0.1f, centre(at))
                    }
                }
            }
        }

        for (option in options) {
            origin(option)?.let { drawCircle(scheme.primary, side * 0.47f, centre(it), style = Stroke(side * 0.08f)) }
            destination(option)?.let { drawRect(scheme.primary.copy(alpha = 0.35f), corner(it), square) }
        }
        options.firstOrNull { it.id == hint }?.let { option ->
            origin(option)?.let { drawCircle(HINT_COLOUR, side * 0.47f, centre(it), style = Stroke(side * 0.14f)) }
            destination(option)?.let {
                drawRect(HINT_COLOUR.copy(alpha = 0.5f), corner(it), square)
                drawRect(HINT_COLOUR, corner(it), square, style = Stroke(side * 0.1f))
            }
        }

        // Pieces sharing a cell are drawn smaller, side by side in rows of as many as the
        // cell's square grid needs (two by two for up to four; a Ludo stack or the shared
        // centre of Petits chevaux can hold sixteen), each with its number (from 1, as a
        // screen reader says it: [moveText], [boardText]).
        val pieces = view.seats.flatMap { seat -> seat.pieces.map { Piece(seat.colour, it.cell.spot, it.piece.toInt() + 1) } }
        for ((at, here) in pieces.groupBy { it.at }) {
            val across = ceil(sqrt(here.size.toFloat())).toInt()
            here.forEachIndexed { i, piece ->
                val shift = Offset((i % across + 0.5f) / across - 0.5f, (i / across + 0.5f) / across - 0.5f) * (side * 0.9f)
                val radius = side * if (across == 1) 0.36f else 0.44f / across
                val middle = centre(at) + shift
                drawCircle(piece.colour.paint(), radius, middle)
                drawCircle(Color.Black.copy(alpha = 0.6f), radius, middle, style = Stroke(side * 0.05f))
                val style = TextStyle(color = piece.colour.ink(), fontSize = (radius * 1.1f).toSp(), fontWeight = FontWeight.Bold)
                val number = measurer.measure(AnnotatedString(piece.number.toString()), style)
                drawText(number, topLeft = middle - Offset(number.size.width / 2f, number.size.height / 2f))
            }
        }
    }
}
