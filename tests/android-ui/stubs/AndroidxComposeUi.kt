@file:Suppress("UNUSED_PARAMETER", "unused")

package androidx.compose.ui.res

import androidx.compose.runtime.Composable

@Composable
fun stringResource(id: Int): String = ""

// Android's `stringResource(id: Int, vararg formatArgs: Any)` takes any arguments, and a
// number's placeholder given a text (or a Kotlin `UInt`) throws only when the line is shown.
// Here a text with placeholders has a type of its own instead of an `Int` (the `R` that
// scripts/check-android-ui.sh writes), which says what each placeholder takes: `%d` an `Int`,
// `%f` a `Double`, `%s` anything. A call with an argument of the wrong type, or with
// arguments for a text without placeholders, does not compile.

/** A text with one placeholder, taking an [A]. */
class Text1<A>(val id: Int)

/** A text with two placeholders. */
class Text2<A, B>(val id: Int)

/** A text with three placeholders. */
class Text3<A, B, C>(val id: Int)

/** A text with four placeholders. */
class Text4<A, B, C, D>(val id: Int)

@Composable
fun <A> stringResource(id: Text1<A>, a: A): String = ""

@Composable
fun <A, B> stringResource(id: Text2<A, B>, a: A, b: B): String = ""

@Composable
fun <A, B, C> stringResource(id: Text3<A, B, C>, a: A, b: B, c: C): String = ""

@Composable
fun <A, B, C, D> stringResource(id: Text4<A, B, C, D>, a: A, b: B, c: C, d: D): String = ""
