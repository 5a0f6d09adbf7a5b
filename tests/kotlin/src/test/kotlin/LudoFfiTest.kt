package ludo.tests

import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import uniffi.ludo_ffi.LudoException
import uniffi.ludo_ffi.PlaceholderSession
import uniffi.ludo_ffi.SessionSummary
import uniffi.ludo_ffi.ffiVersion

/** The placeholder API of stage 1: proves library, bindings, JNA and coroutines fit together. */
class LudoFfiTest {
    @Test
    fun versionIsReported() {
        assertTrue(ffiVersion().matches(Regex("""\d+\.\d+\.\d+.*""")), ffiVersion())
    }

    @Test
    fun constructorAndRecord() {
        PlaceholderSession(4u, 42uL).use { session ->
            assertEquals(SessionSummary(4u, 42uL, "4 seats, seed 42"), session.summary())
        }
    }

    @Test
    fun constructorErrorIsAnException() {
        val error = assertThrows<LudoException.InvalidSeatCount> { PlaceholderSession(7u, 1uL) }
        assertEquals(7u, error.count)
    }

    @Test
    fun asyncMethodIsASuspendFun() {
        PlaceholderSession(2u, 10uL).use { session ->
            val result = runBlocking { session.think(100u) }
            assertEquals(10uL + 5050uL, result)
        }
    }

    @Test
    fun asyncErrorIsThrownInTheCoroutine() {
        PlaceholderSession(2u, 10uL).use { session ->
            assertThrows<LudoException.NothingToDo> { runBlocking { session.think(0u) } }
        }
    }
}
