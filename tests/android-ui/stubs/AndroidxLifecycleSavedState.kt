@file:Suppress("UNUSED_PARAMETER", "unused")

package androidx.lifecycle

/**
 * As in lifecycle-viewmodel-savedstate: a view model's saved state, key to value, that the
 * platform keeps in the activity's saved instance state and hands back when it recreates the
 * process. The default view model factory passes one to a `(Application, SavedStateHandle)`
 * constructor.
 */
class SavedStateHandle(initialState: Map<String, Any?>) {
    constructor() : this(emptyMap())

    private val values = initialState.toMutableMap()

    operator fun contains(key: String): Boolean = key in values

    @Suppress("UNCHECKED_CAST")
    operator fun <T> get(key: String): T? = values[key] as T?

    operator fun <T> set(key: String, value: T?) {
        values[key] = value
    }

    @Suppress("UNCHECKED_CAST")
    fun <T> remove(key: String): T? = values.remove(key) as T?

    fun keys(): Set<String> = values.keys
}
