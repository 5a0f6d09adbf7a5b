// Signatures of the Android SDK and AndroidX APIs the app uses that have no desktop artifact,
// for tests/android-ui only: each declares what the app calls, as the platform declares it,
// and does nothing. They are never run.
@file:Suppress("UNUSED_PARAMETER", "unused")

package android.content

import java.io.File

open class Context {
    open val filesDir: File get() = File(".")

    open fun startActivity(intent: Intent) {}
}

class Intent(action: String) {
    fun setType(type: String?): Intent = this

    fun putExtra(name: String, value: String?): Intent = this

    companion object {
        const val ACTION_SEND = "android.intent.action.SEND"
        const val EXTRA_TEXT = "android.intent.extra.TEXT"

        fun createChooser(target: Intent, title: CharSequence?): Intent = target
    }
}
