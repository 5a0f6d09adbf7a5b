package app.ludo.ui

import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.ui.graphics.Color
import uniffi.ludo_ffi.Colour

/** How each player colour is painted: pieces, start squares, home columns and yards. */
fun Colour.paint(): Color = when (this) {
    Colour.RED -> Color(0xFFD32F2F)
    Colour.GREEN -> Color(0xFF388E3C)
    Colour.YELLOW -> Color(0xFFFBC02D)
    Colour.BLUE -> Color(0xFF1976D2)
    Colour.GRAY -> Color(0xFF757575)
    Colour.FUCHSIA -> Color(0xFFC2185B)
}

/** The colour of a piece's number on its paint: dark on yellow, white on the others. */
fun Colour.ink(): Color = when (this) {
    Colour.YELLOW -> Color.Black
    Colour.RED, Colour.GREEN, Colour.BLUE, Colour.GRAY, Colour.FUCHSIA -> Color.White
}

/** The move the expert suggests: one colour in light and dark themes, the same as on iOS, and
 *  none of the players'. */
val HINT_COLOUR = Color(0xFFFF6D00)

@Composable
fun LudoTheme(content: @Composable () -> Unit) {
    MaterialTheme(
        colorScheme = if (isSystemInDarkTheme()) darkColorScheme() else lightColorScheme(),
        content = content,
    )
}
