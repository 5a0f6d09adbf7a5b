@file:Suppress("unused")

package androidx.lifecycle

import android.app.Application
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob

abstract class ViewModel {
    protected open fun onCleared() {}
}

open class AndroidViewModel(private val application: Application) : ViewModel() {
    fun <T : Application> getApplication(): T {
        @Suppress("UNCHECKED_CAST")
        return application as T
    }
}

val ViewModel.viewModelScope: CoroutineScope
    get() = CoroutineScope(SupervisorJob() + Dispatchers.Default)
