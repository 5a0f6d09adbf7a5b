package ludo.tests

import java.io.File
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import uniffi.ludo_ffi.GameConfig
import uniffi.ludo_ffi.GamePhase
import uniffi.ludo_ffi.GameSession

/**
 * Timings through the Kotlin bindings, on the library as it ships: the median time of one
 * `view()` call, and the median time of a whole 4-bot game played with `playBotTurn`. Tagged
 * `bench`, so the normal test run skips it; scripts/bench-kotlin.sh runs it and prints the
 * figures (also written to target/bench-kotlin.txt).
 *
 * System properties: ludo.bench.views (calls timed, default 20000), ludo.bench.games (games
 * per level, default 15), ludo.bench.levels (default "random,medium,expert").
 */
@Tag("bench")
class LudoFfiBenchTest {
    private val lines = mutableListOf<String>()

    private fun report(line: String) {
        println(line)
        lines += line
    }

    private fun median(samples: List<Long>): Long = samples.sorted()[samples.size / 2]

    private fun micros(nanos: Long) = "%.1f µs".format(nanos / 1_000.0)

    private fun millis(nanos: Long) = "%.1f ms".format(nanos / 1_000_000.0)

    @Test
    fun timings() {
        val views = System.getProperty("ludo.bench.views", "20000").toInt()
        val games = System.getProperty("ludo.bench.games", "15").toInt()
        val levels = System.getProperty("ludo.bench.levels", "random,medium,expert").split(",").map { it.trim() }
        report("ludo-ffi ${uniffi.ludo_ffi.ffiVersion()}, JVM ${System.getProperty("java.version")}, ${Runtime.getRuntime().availableProcessors()} CPUs")

        // The cost of any call through JNA, for scale: a function returning a short string.
        repeat(20_000) { uniffi.ludo_ffi.ffiVersion() } // warm-up (JIT)
        val floor = List(views) {
            val t = System.nanoTime()
            uniffi.ludo_ffi.ffiVersion()
            System.nanoTime() - t
        }
        report("ffiVersion() (call floor): median ${micros(median(floor))} over $views calls")

        // view() in the middle of a 4-seat game, at a choice (options with paths to convert).
        val config = GameConfig("classic", listOf("A", "B", "C", "D").map { human(it) }, seedHex = SEED)
        GameSession(config).use { session ->
            var view = session.view()
            while (view.decisions < 30u || view.phase != GamePhase.CHOOSE) {
                check(view.phase != GamePhase.OVER)
                view = if (view.phase == GamePhase.ROLL) session.roll() else session.choose(view.options.last().id)
            }
            repeat(20_000) { session.view() } // warm-up (JIT)
            val samples = List(views) {
                val t = System.nanoTime()
                session.view()
                System.nanoTime() - t
            }
            report("view(): median ${micros(median(samples))} over $views calls (4 seats, ${view.options.size} options, ${view.decisions} decisions in the log)")
        }

        // Whole games of 4 bots, one playBotTurn per roll or choice.
        for (level in levels) {
            val times = mutableListOf<Long>()
            val turns = mutableListOf<Long>()
            for (g in 0 until games + 1) {
                val seed = "%064x".format(1000 + g)
                GameSession(GameConfig("classic", fourBots(level), seedHex = seed)).use { session ->
                    val t = System.nanoTime()
                    val (last, n) = runBlocking { playBotsToTheEnd(session) }
                    val elapsed = System.nanoTime() - t
                    check(last.phase == GamePhase.OVER)
                    if (g > 0) { // the first game warms up
                        times += elapsed
                        turns += n.toLong()
                    }
                }
            }
            report("4-bot game ($level, classic): median ${millis(median(times))} over $games games, median ${median(turns)} playBotTurn calls a game")
        }
        File("target/bench-kotlin.txt").writeText(lines.joinToString("\n", postfix = "\n"))
    }
}
