package ludo.tests

import java.nio.file.Files
import java.nio.file.Path
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import uniffi.ludo_ffi.CellKind
import uniffi.ludo_ffi.Colour
import uniffi.ludo_ffi.GameConfig
import uniffi.ludo_ffi.GameEvent
import uniffi.ludo_ffi.GamePhase
import uniffi.ludo_ffi.GameSession
import uniffi.ludo_ffi.GameView
import uniffi.ludo_ffi.LudoException
import uniffi.ludo_ffi.PlayerKind
import uniffi.ludo_ffi.RuleOption
import uniffi.ludo_ffi.SaveStore
import uniffi.ludo_ffi.SeatConfig
import uniffi.ludo_ffi.boardLayout
import uniffi.ludo_ffi.checkReplayCode
import uniffi.ludo_ffi.botLevels
import uniffi.ludo_ffi.displayName
import uniffi.ludo_ffi.ffiVersion
import uniffi.ludo_ffi.presets

const val SEED = "00000000000000000000000000000000000000000000000000000000000000aa"

fun human(name: String) = SeatConfig(name, PlayerKind.Human)

fun bot(name: String, level: String) = SeatConfig(name, PlayerKind.Bot(level))

fun fourBots(level: String) = listOf("Ann", "Bo", "Cy", "Di").map { bot(it, level) }

/** Plays bot turns until the game is over; returns the last view and how many turns it took. */
suspend fun playBotsToTheEnd(session: GameSession): Pair<GameView, Int> {
    var view = session.view()
    var turns = 0
    while (view.phase != GamePhase.OVER) {
        check(view.botToMove) { "a person is to move: $view" }
        view = session.playBotTurn()
        turns++
        check(turns < 20_000) { "the game does not end" }
    }
    return view to turns
}

/** Plays a game of one person (seat 0, always choosing the last option) and bots until the
 *  person has a choice to make; returns that view. */
fun untilPersonChooses(session: GameSession): GameView {
    var view = session.view()
    repeat(2_000) {
        view = when {
            view.phase == GamePhase.OVER -> error("the game ended first")
            view.botToMove -> runBlocking { session.playBotTurn() }
            view.phase == GamePhase.ROLL -> session.roll()
            else -> return view
        }
    }
    error("no choice came")
}

class LudoFfiTest {
    @Test
    fun versionAndPresets() {
        assertTrue(ffiVersion().matches(Regex("""\d+\.\d+\.\d+.*""")), ffiVersion())
        val all = presets()
        assertEquals(
            listOf("classic", "ludo_multijoueur", "ludo_blocks", "parchis", "parchis6", "mensch", "petits_chevaux"),
            all.map { it.id },
        )
        for (preset in all) {
            assertEquals("preset.${preset.id}", preset.code)
            assertEquals(preset.maxSeats, preset.colours.size.toUInt())
            assertTrue(preset.options.isNotEmpty())
            assertTrue(preset.options.all { it.code == "option.${it.name}" && it.defaultJson != null })
            // Each option's menu holds the preset's value, each label a code of its own.
            for (option in preset.options) {
                assertTrue(option.choices.any { it.valueJson == option.defaultJson }, "${preset.id} ${option.name}")
                assertTrue(option.choices.all { it.code.startsWith("choice.") })
                assertEquals(option.choices.size, option.choices.map { it.code }.toSet().size)
            }
            val layout = boardLayout(preset.id, emptyList())
            assertEquals(preset.colours, layout.colours)
            assertEquals(layout.cells.size, layout.cells.map { it.row to it.col }.toSet().size)
        }
        assertEquals(listOf("random", "easy", "medium", "hard", "expert"), botLevels())
        // A value off the menu starts a game that plays by it: a home column of 4 squares
        // instead of 5 draws one home-column cell fewer for each of the four colours.
        val homeCol = all[0].options.first { it.name == "home_col_len" }
        val four = homeCol.choices.first { it.code == "choice.home_col_len.4" }
        fun homeCells(layout: uniffi.ludo_ffi.BoardLayout) = layout.cells.count { it.kind is CellKind.HomeColumn }
        GameSession(GameConfig("classic", listOf(human("A"), human("B")), listOf(RuleOption("home_col_len", four.valueJson)), SEED)).use { session ->
            assertEquals(homeCells(boardLayout("classic", emptyList())) - 4, homeCells(session.boardLayout()))
        }
    }

    @Test
    fun namesAreShownIsolatedAndBlankOnesAsNull() {
        // The game keeps the names as given; displayName is what the app's sentences show.
        val config = GameConfig("classic", listOf(human("\u202Eabc"), human("\u200B ")), seedHex = SEED)
        GameSession(config).use { session ->
            val seats = session.view().seats
            assertEquals(listOf("\u202Eabc", "\u200B "), seats.map { it.name })
            assertEquals("\u2068abc\u2069", displayName(seats[0].name))
            assertNull(displayName(seats[1].name))
        }
        assertEquals("\u2068Ann\u2069", displayName("Ann"))
    }

    @Test
    fun aFinishedGamesDiceAreCheckedFromItsReplayCode(@TempDir dir: Path) {
        GameSession(GameConfig("classic", fourBots("easy"), seedHex = SEED)).use { session ->
            val commitment = session.view().seedCommitment
            val store = SaveStore(dir.toString())
            // A game not over is not filed among the finished ones.
            store.autosave(session)
            assertNull(store.keepFinished(session))
            val (last, _) = runBlocking { playBotsToTheEnd(session) }
            val code = session.replayCode()
            // Filed once over: the slot is cleared, and the filed game gives the same code.
            val id = store.keepFinished(session)!!
            assertNull(store.loadAutosave())
            val entry = store.list().single()
            assertEquals(id, entry.id)
            assertEquals(true, entry.summary?.over)
            store.load(id).session.use { assertEquals(code, it.replayCode()) }
            store.close()
            val check = checkReplayCode(code, commitment.uppercase())
            assertEquals(true, check.commitmentMatches)
            assertEquals(SEED, check.seed)
            assertEquals(commitment, check.commitment)
            assertTrue(check.over)
            assertEquals(last.rolls, check.rolls)
            assertEquals(listOf("Ann", "Bo", "Cy", "Di"), check.seats.map { it.name })
            assertEquals(last.seats.map { it.colour }, check.seats.map { it.colour })
            for (seat in check.seats) {
                assertEquals(6, seat.faces.size)
                assertEquals(seat.rolls, seat.faces.sum())
                assertTrue(seat.pValue!! in 0.0..1.0, "${seat.pValue}")
            }
            assertEquals(last.rolls, check.seats.sumOf { it.rolls })
            assertNull(checkReplayCode(code, null).commitmentMatches)
            assertEquals(false, checkReplayCode(code, "0".repeat(64)).commitmentMatches)
            assertThrows<LudoException.CorruptSave> { checkReplayCode(code.dropLast(code.length / 2), commitment) }
            assertThrows<LudoException.CorruptSave> { checkReplayCode("not a code", null) }
            // A code from a newer version asks for an update, as a newer save does.
            val newer = assertThrows<LudoException.NewerSaveVersion> { checkReplayCode("ludo9.abc", null) }
            assertEquals(9uL, newer.found)
        }
    }

    @Test
    fun fourBotGameIsPlayedToTheEnd() {
        GameSession(GameConfig("classic", fourBots("medium"), seedHex = SEED)).use { session ->
            val first = session.view()
            assertTrue(first.events.any { it is GameEvent.Starts }, "${first.events}")
            assertEquals(SEED.length, first.seedCommitment.length)
            assertNull(first.seed, "the seed stays secret until the end")
            val (last, turns) = runBlocking { playBotsToTheEnd(session) }
            assertEquals(GamePhase.OVER, last.phase)
            assertEquals(setOf(0u, 1u, 2u, 3u), last.places.toSet())
            assertEquals(SEED, last.seed)
            assertTrue(last.events.any { it is GameEvent.GameOver }, "${last.events}")
            assertEquals(1u, last.seats[last.places[0].toInt()].place)
            assertTrue(turns > 50, "$turns turns")
            assertThrows<LudoException.GameOver> { runBlocking { session.playBotTurn() } }
        }
    }

    @Test
    fun humanTurnOffersOptionsWithTheirPaths() {
        val config = GameConfig("classic", listOf(human("Me"), bot("Bo", "easy"), bot("Cy", "easy")), seedHex = SEED)
        GameSession(config).use { session ->
            val layout = session.boardLayout()
            val view = untilPersonChooses(session)
            assertEquals(GamePhase.CHOOSE, view.phase)
            assertEquals(0u, view.turn)
            assertFalse(view.botToMove)
            assertNotNull(view.choosingFor)
            assertTrue(view.options.size >= 2, "${view.options}")
            assertEquals(view.options.indices.map { it.toUInt() }, view.options.map { it.id })
            for (option in view.options) {
                assertTrue(option.path.isNotEmpty(), "$option")
                assertTrue(option.path.all { c -> layout.cells.any { it.row == c.row && it.col == c.col } })
            }
            val option = view.options.last()
            val after = session.choose(option.id)
            val moved = after.events.filterIsInstance<GameEvent.Moved>().first()
            assertEquals(option.piece, moved.piece)
            assertEquals(option.to, moved.to)
            assertEquals(option.path.last(), moved.toCell)
            assertEquals(option.path.last(), after.seats[0].pieces[option.piece.toInt()].cell)
            assertTrue(after.canUndo)
            assertTrue(session.view().events.isEmpty(), "events are reported once")
        }
    }

    @Test
    fun undoTakesBackThePersonsDecision() {
        val config = GameConfig("classic", listOf(human("Me"), bot("Bo", "medium")), seedHex = SEED)
        GameSession(config).use { session ->
            assertThrows<LudoException.UndoUnavailable> { session.undo() }
            val before = untilPersonChooses(session)
            assertFalse(before.canUndo)
            session.choose(before.options.first().id)
            // Let the bot answer, so that undo takes back its decisions too.
            var view = session.view()
            while (view.botToMove) view = runBlocking { session.playBotTurn() }
            val undone = session.undo()
            val event = undone.events.single() as GameEvent.Undone
            assertTrue(event.decisions >= 1u)
            assertEquals(GamePhase.CHOOSE, undone.phase)
            assertEquals(before.options, undone.options)
            assertEquals(before.seats, undone.seats)
            assertEquals(before.dice, undone.dice)
            assertFalse(undone.canUndo)
            assertThrows<LudoException.UndoUnavailable> { session.undo() }
        }
    }

    @Test
    fun saveAndLoadThroughTheSaveStore(@TempDir dir: Path) {
        SaveStore(dir.toString()).use { store ->
            assertTrue(store.list().isEmpty())
            assertNull(store.loadAutosave())
            val config = GameConfig("parchis", listOf(human("Me"), bot("Bo", "hard"), bot("Cy", "easy")), seedHex = SEED)
            GameSession(config).use { session ->
                val view = untilPersonChooses(session)
                store.autosave(session)
                val id = store.save(session)
                val list = store.list()
                assertEquals(setOf("autosave", id), list.map { it.id }.toSet())
                val summary = list.first { it.id == id }.summary!!
                assertEquals("parchis", summary.preset)
                assertEquals(listOf("Me", "Bo", "Cy"), summary.seats.map { it.name })
                assertEquals(PlayerKind.Bot("hard"), summary.seats[1].kind)
                assertFalse(summary.over)
                val loaded = store.load(id)
                assertNull(loaded.recoveredFromBackup)
                loaded.session.use { back ->
                    val backView = back.view()
                    assertEquals(view.seats, backView.seats)
                    assertEquals(view.options, backView.options)
                    assertEquals(view.seedCommitment, backView.seedCommitment)
                    back.choose(backView.options.first().id)
                }
                store.loadAutosave()!!.session.use { assertEquals(view.seats, it.view().seats) }
                store.delete(id)
                assertThrows<LudoException.SaveNotFound> { store.load(id) }
                store.clearAutosave()
                assertTrue(store.list().isEmpty())
                // A new game keeps the unfinished one, which can be taken up again.
                store.autosave(session)
                val kept = store.keepAutosave()!!
                assertEquals(setOf("autosave", kept), store.list().map { it.id }.toSet())
                store.clearAutosave()
                store.takeUp(kept).session.use { assertEquals(view.seats, it.view().seats) }
                assertEquals(listOf("autosave"), store.list().map { it.id })
                store.clearAutosave()
                assertNull(store.keepAutosave())
                // The same game through save(), fromSave() and a replay code.
                GameSession.fromSave(session.save()).use { assertEquals(view.options, it.view().options) }
                GameSession.fromReplayCode(session.replayCode()).use { assertEquals(view.seats, it.view().seats) }
            }
        }
    }

    @Test
    fun aCorruptSaveGivesTheCorruptSaveException(@TempDir dir: Path) {
        val json = GameSession(GameConfig("classic", fourBots("easy"), seedHex = SEED)).use { it.save() }
        for (bad in listOf("", "{", "[]", "{}", json.substring(0, json.length / 2), json.replaceFirst("\"Ann\"", "\"Eve\""))) {
            val e = assertThrows<LudoException.CorruptSave> { GameSession.fromSave(bad) }
            assertTrue(e.reason.isNotEmpty())
        }
        val newer = json.replaceFirst(Regex(""""schema":\s*2"""), "\"schema\": 99")
        assertNotEquals(json, newer)
        val e = assertThrows<LudoException.NewerSaveVersion> { GameSession.fromSave(newer) }
        assertEquals(99uL, e.found)
        // Through the store: a damaged file is listed with its problem and refused on load.
        SaveStore(dir.toString()).use { store ->
            Files.writeString(dir.resolve("junk.ludo.json"), "{ not json")
            val entry = store.list().single()
            assertEquals("junk", entry.id)
            assertNull(entry.summary)
            assertNotNull(entry.problem)
            assertFalse(entry.newerVersion)
            assertThrows<LudoException.CorruptSave> { store.load("junk") }
            // A save a newer version wrote is listed as such, not as damaged, and refused.
            Files.writeString(dir.resolve("later.ludo.json"), newer)
            val later = store.list().single { it.id == "later" }
            assertTrue(later.newerVersion)
            assertNotNull(later.problem)
            assertThrows<LudoException.NewerSaveVersion> { store.load("later") }
        }
        for (code in listOf("", "ludo1.", "ludo1.AAAA", "hello")) {
            assertThrows<LudoException.CorruptSave> { GameSession.fromReplayCode(code) }
        }
    }

    @Test
    fun anIllegalOptionGivesItsError() {
        GameSession(GameConfig("classic", listOf(human("A"), human("B")), seedHex = SEED)).use { session ->
            val nothing = assertThrows<LudoException.IllegalOption> { session.choose(0u) }
            assertEquals(0u, nothing.options)
            val view = untilPersonChooses(session)
            val n = view.options.size.toUInt()
            for (id in listOf(n, n + 1u, 255u, 256u, UInt.MAX_VALUE)) {
                val e = assertThrows<LudoException.IllegalOption> { session.choose(id) }
                assertEquals(id, e.optionId)
                assertEquals(n, e.options)
            }
            assertEquals(n, assertThrows<LudoException.ChoiceNeeded> { session.roll() }.options)
            assertEquals(view.options, session.view().options, "nothing changed")
        }
    }

    @Test
    fun aPersonWhoTakesEveryHintPlaysTheExpertsGame() {
        fun seats(first: SeatConfig) = listOf(first, bot("Bo", "random"))
        GameSession(GameConfig("classic", seats(human("Ann")), seedHex = SEED)).use { person ->
            var view = person.view()
            var hints = 0
            while (view.phase != GamePhase.OVER) {
                val hint = runBlocking { person.hint() }
                view = when {
                    view.botToMove -> {
                        assertNull(hint, "a bot's move is not hinted")
                        runBlocking { person.playBotTurn() }
                    }
                    view.phase == GamePhase.ROLL -> {
                        assertNull(hint, "nothing to hint before the roll")
                        person.roll()
                    }
                    else -> {
                        val id = hint ?: error("no hint while choosing")
                        assertTrue(view.options.any { it.id == id }, "$id is not offered")
                        assertEquals(hint, runBlocking { person.hint() }, "the same choice, the same hint")
                        hints++
                        person.choose(id)
                    }
                }
            }
            assertNull(runBlocking { person.hint() })
            assertTrue(hints > 5, "$hints hints")
            // Every hint was the expert's move: an expert in the first seat plays the same game.
            GameSession(GameConfig("classic", seats(bot("Ann", "expert")), seedHex = SEED)).use { expert ->
                val (last, _) = runBlocking { playBotsToTheEnd(expert) }
                assertEquals(view.places, last.places)
                assertEquals(view.seats.map { it.pieces }, last.seats.map { it.pieces })
            }
        }
    }

    @Test
    fun playBotTurnSuspendsInACoroutine() {
        // Four games at once on runBlocking's single thread, with a ticker beside them: the
        // ticker only runs if playBotTurn suspends instead of blocking the thread.
        var ticks = 0
        val results = runBlocking {
            val games = (1..4).map { n ->
                async {
                    GameSession(GameConfig("ludo_blocks", fourBots("hard"), seedHex = SEED.dropLast(1) + n)).use {
                        playBotsToTheEnd(it)
                    }
                }
            }
            while (true) {
                delay(1)
                if (games.all { it.isCompleted }) break
                ticks++
            }
            games.awaitAll()
        }
        assertTrue(results.all { it.first.phase == GamePhase.OVER })
        assertTrue(ticks > 0)
        GameSession(GameConfig("classic", listOf(human("A"), bot("B", "easy")), seedHex = SEED)).use { session ->
            val view = untilPersonChooses(session)
            val e = assertThrows<LudoException.NotYourTurn> { runBlocking { session.playBotTurn() } }
            assertEquals(view.turn, e.seat)
        }
    }

    @Test
    fun badArgumentsGiveErrorsNotCrashes(@TempDir dir: Path) {
        val two = listOf(human("A"), bot("B", "easy"))
        assertEquals("preset", assertThrows<LudoException.InvalidRules> { GameSession(GameConfig("chess", two)) }.field)
        assertEquals(
            "options.wobble",
            assertThrows<LudoException.InvalidRules> { GameSession(GameConfig("classic", two, listOf(RuleOption("wobble", "1")))) }.field,
        )
        assertEquals(
            "options.enter_on",
            assertThrows<LudoException.InvalidRules> { GameSession(GameConfig("classic", two, listOf(RuleOption("enter_on", "not json")))) }.field,
        )
        assertThrows<LudoException.InvalidRules> { boardLayout("", emptyList()) }
        assertThrows<LudoException.InvalidRules> { boardLayout("classic", listOf(RuleOption("home_col_len", "200"))) }
        assertThrows<LudoException.InvalidSeats> { GameSession(GameConfig("classic", listOf(human("A")))) }
        assertThrows<LudoException.InvalidSeats> { GameSession(GameConfig("classic", List(5) { human("P$it") })) }
        assertThrows<LudoException.InvalidSeats> { GameSession(GameConfig("classic", listOf(human("A"), bot("B", "godlike")))) }
        assertThrows<LudoException.InvalidSeats> { GameSession(GameConfig("classic", listOf(human("A".repeat(100)), human("B")))) }
        assertThrows<LudoException.InvalidSeats> {
            GameSession(GameConfig("classic", listOf(SeatConfig("A", PlayerKind.Human, Colour.GRAY), SeatConfig("B", PlayerKind.Human, Colour.RED))))
        }
        for (seed in listOf("", "xyz", "g".repeat(64), "é".repeat(32))) {
            assertThrows<LudoException.InvalidSeed> { GameSession(GameConfig("classic", two, seedHex = seed)) }
        }
        GameSession(GameConfig("classic", fourBots("random"), seedHex = SEED)).use { session ->
            assertThrows<LudoException.NotYourTurn> { session.roll() }
            assertThrows<LudoException.NotYourTurn> { session.choose(0u) }
            runBlocking { playBotsToTheEnd(session) }
            assertThrows<LudoException.GameOver> { session.roll() }
            assertThrows<LudoException.GameOver> { session.choose(0u) }
            assertThrows<LudoException.GameOver> { session.undo() }
            assertEquals(GamePhase.OVER, session.view().phase)
        }
        val file = Files.writeString(dir.resolve("a-file"), "")
        assertThrows<LudoException.Storage> { SaveStore(file.toString()) }
        assertThrows<LudoException.Storage> { SaveStore("") }
        SaveStore(dir.resolve("saves").toString()).use { store ->
            for (id in listOf("", "../x", "a/b", "x".repeat(65), "nope")) {
                assertThrows<LudoException.SaveNotFound> { store.load(id) }
                assertThrows<LudoException.SaveNotFound> { store.delete(id) }
            }
        }
    }
}
