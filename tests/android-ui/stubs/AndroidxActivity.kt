@file:Suppress("UNUSED_PARAMETER", "unused")

package androidx.activity

import android.os.Bundle

open class ComponentActivity {
    protected open fun onCreate(savedInstanceState: Bundle?) {}
}

fun ComponentActivity.enableEdgeToEdge() {}
