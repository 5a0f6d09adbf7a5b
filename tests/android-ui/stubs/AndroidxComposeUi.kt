@file:Suppress("UNUSED_PARAMETER", "unused")

package androidx.compose.ui.res

import androidx.compose.runtime.Composable

@Composable
fun stringResource(id: Int): String = ""

@Composable
fun stringResource(id: Int, vararg formatArgs: Any): String = ""
