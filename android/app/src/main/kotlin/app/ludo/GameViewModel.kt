package app.ludo

import android.app.Application
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.viewModelScope
import java.io.File
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch
import kotlinx.coroutines.sync.Mutex
import kotlinx.coroutines.sync.withLock
import kotlinx.coroutines.withContext
import uniffi.ludo_ffi.BoardLayout
import uniffi.ludo_ffi.DiceCheck
import uniffi.ludo_ffi.GameConfig
import uniffi.ludo_ffi.GameEvent
import uniffi.ludo_ffi.GamePhase
import uniffi.ludo_ffi.GameSession
import uniffi.ludo_ffi.GameView
import uniffi.ludo_ffi.LudoException
import uniffi.ludo_ffi.MoveOption
import uniffi.ludo_ffi.PresetInfo
import uniffi.ludo_ffi.SaveEntry
import uniffi.ludo_ffi.SaveStore
import uniffi.ludo_ffi.botLevels
import uniffi.ludo_ffi.checkReplayCode
import uniffi.ludo_ffi.presets

/**
 * A game on screen: its board, the core's latest view, the last events for the log, the
 * option the expert suggested for the choice on screen, if the player asked (`hint`; while
 * the expert thinks, `hintAsked`), and once the game is over, its replay code and dice
 * checked (`finished`).
 */
data class GameUi(
    val board: BoardLayout,
    val view: GameView,
    val log: List<GameEvent>,
    val hint: UInt? = null,
    val hintAsked: Boolean = false,
    val finished: FinishedGame? = null,
)

/** A game that is over: its replay code, to share, and its dice checked against its commitment. */
data class FinishedGame(val code: String, val check: DiceCheck)

/**
 * A finished game's code and dice shown again from the new-game screen: the fingerprint the game
 * showed from its start (its `seedCommitment`), and its code and check as at its end.
 */
data class FiledGame(val commitment: String, val finished: FinishedGame)

/**
 * What checking a pasted game code found: the code and fingerprint that were checked, and the
 * check, or `null` when the code could not be read (damaged, or not a game code).
 */
data class CodeCheck(val code: String, val fingerprint: String, val check: DiceCheck?)

/** Everything the screens show. `game == null` is the new-game screen. */
data class UiState(
    val presets: List<PresetInfo> = emptyList(),
    val botLevels: List<String> = emptyList(),
    val canResume: Boolean = false,
    /**
     * Unfinished games kept when a new game took the autosave slot, and saves that cannot be
     * played on here (not [playable]: to delete, or to open after an update; or a finished
     * game whose file is damaged: to delete), newest first.
     */
    val kept: List<SaveEntry> = emptyList(),
    /**
     * Games over, filed by `keepFinished`, newest first: their codes can be shown again
     * ([replay]). One whose file is damaged is among [kept] instead, to delete.
     */
    val finishedGames: List<SaveEntry> = emptyList(),
    /** The finished game whose code and dice are on screen ([GameViewModel.showReplay]). */
    val replay: FiledGame? = null,
    val game: GameUi? = null,
    /** The game that was on screen when the process ended is being loaded back (see [GameViewModel]). */
    val restoring: Boolean = false,
    val error: LudoException? = null,
    val recoveredFromBackup: Boolean = false,
    val codeCheck: CodeCheck? = null,
)

/**
 * Whether a listed save can be played on here. Not if neither it nor its backup can be read
 * (no summary), if a newer version of the game wrote it, or if `keepAutosave` set it aside
 * (`autosave-kept-…`) because the autosave could not be read and it still does not read
 * cleanly (one a newer version wrote opens once the app is updated, as any kept game).
 */
val SaveEntry.playable: Boolean
    get() = summary != null && !newerVersion && !(id.startsWith("autosave-kept-") && problem != null)

/** A seat being set up: its name (blank: "Player N") and, for a bot, its level (`null`: a person). */
data class SeatChoice(val name: String = "", val level: String? = null)

/**
 * The new-game screen's choices: the preset, the house rules picked for it (option name to value
 * JSON; the others keep the preset's value) and the seats, as many as the preset takes.
 */
data class Setup(
    val presetId: String = "classic",
    val rules: Map<String, String> = emptyMap(),
    val seats: List<SeatChoice> = listOf(SeatChoice(), SeatChoice(level = "medium")),
)

/** What the new-game screen asks to change in the [Setup]. */
interface SetupActions {
    /** Another preset: its own house rules start from its defaults, and the seats fit it. */
    fun pickPreset(id: String)

    /** A house rule's value (JSON) for the preset picked. */
    fun pickRule(option: String, valueJson: String)

    /** A seat's name as typed (blank: "Player N"). */
    fun nameSeat(index: Int, name: String)

    /** A seat's player: a bot at [level], or a person (`null`). */
    fun pickLevel(index: Int, level: String?)

    /** One more seat (a bot), up to the preset's most. */
    fun addSeat()

    /** One seat fewer, the last, down to the preset's least. */
    fun removeSeat()
}

/**
 * The shell's whole state holder: it sends the player's actions to the core and publishes the
 * view the core returns. It holds no rule; the core says whose turn it is, what may be played
 * and what happened.
 */
class GameViewModel(app: Application, private val handle: SavedStateHandle) : AndroidViewModel(app), SetupActions {
    private val store by lazy { SaveStore(File(app.filesDir, "saves").path) }
    /**
     * One change of the game at a time: each call that changes it (the player's action, a bot's
     * turn, a game put on screen) holds this from the call to the core until the view it returns
     * is published and saved, so views reach the screen, and the disk, in the order the core
     * gave them. An undo during a bot's turn waits its turn.
     */
    private val turns = Mutex()
    private var session: GameSession? = null
    private var bots: Job? = null
    /**
     * An action of the player waits for [turns] or runs: a second tap meanwhile is dropped (see
     * [act]). Read and written on the main thread only.
     */
    private var acting = false
    /** A game is being put on screen ([begin]); main thread only. */
    private var beginning = false
    /** The finished game being loaded for [UiState.replay], if any. */
    private var replaying: Job? = null
    /**
     * Whether the last autosave failed: the player is told at the first failure, and again at
     * a later one once nothing else is on screen, not after every move.
     */
    private var saveFailed = false
    private val _state = MutableStateFlow(UiState())
    val state: StateFlow<UiState> = _state.asStateFlow()

    /**
     * The new-game screen's choices. Held here, so that a rotation or a game played does not
     * lose them, and in [handle], so that the end of the process does not either. Snapshot
     * state rather than a flow: the name fields are edited through it, and a text field must
     * see its new value at once.
     */
    var setup: Setup by mutableStateOf(Setup())
        private set

    init {
        val presets = presets()
        _state.update { it.copy(presets = presets, botLevels = botLevels()) }
        // The setup saved, or the default one, for a preset this build lists and with as many
        // seats as it takes.
        val saved = readSetup(handle)
        val preset = presets.firstOrNull { it.id == saved.presetId } ?: presets.firstOrNull()
        changeSetup {
            when (preset) {
                null -> saved
                else -> saved.copy(
                    presetId = preset.id,
                    rules = if (preset.id == saved.presetId) saved.rules else emptyMap(),
                    seats = fit(saved.seats, preset),
                )
            }
        }
        if (handle.get<Boolean>(GAME_ON_SCREEN) == true) {
            // The system ended the process while a game was on screen, and now recreates the
            // screen: the game goes back on it from the autosave, as any screen's state comes
            // back. A cold start has no saved state, and opens on the new-game screen.
            _state.update { it.copy(restoring = true) }
            begin { store.loadAutosave()?.let { it.session to it.recoveredFromBackup } }
        }
        refreshSaves()
    }

    /**
     * A new game. The game in the autosave slot, if unfinished, is kept as a save of its own
     * first ([UiState.kept]), so that starting one never loses a game in progress; but only
     * once the new game exists, so that rules or seats the core refuses leave the slot as it was.
     */
    fun newGame(config: GameConfig) = begin {
        val game = GameSession(config)
        try {
            store.keepAutosave()
        } catch (e: Throwable) {
            game.close()
            throw e
        }
        game to null
    }

    override fun pickPreset(id: String) {
        if (id == setup.presetId) return
        val preset = _state.value.presets.firstOrNull { it.id == id }
        changeSetup { it.copy(presetId = id, rules = emptyMap(), seats = fit(it.seats, preset)) }
    }

    override fun pickRule(option: String, valueJson: String) = changeSetup { it.copy(rules = it.rules + (option to valueJson)) }

    override fun nameSeat(index: Int, name: String) = changeSeat(index) { it.copy(name = name) }

    override fun pickLevel(index: Int, level: String?) = changeSeat(index) { it.copy(level = level) }

    override fun addSeat() = changeSetup { s ->
        if (s.seats.size < (preset(s)?.maxSeats?.toInt() ?: MAX_SEATS)) s.copy(seats = s.seats + SeatChoice(level = "medium")) else s
    }

    override fun removeSeat() = changeSetup { s ->
        if (s.seats.size > (preset(s)?.minSeats?.toInt() ?: 2)) s.copy(seats = s.seats.dropLast(1)) else s
    }

    /** Plays on a kept game: it takes the autosave slot, and the game there is kept in turn. */
    fun takeUp(id: String) = begin {
        val loaded = store.takeUp(id)
        loaded.session to loaded.recoveredFromBackup
    }

    /**
     * Deletes a kept game, a finished one, or a save that cannot be read, for good (the screen
     * asks the player first).
     */
    fun deleteKept(id: String) {
        launchCatching {
            withContext(disk) { store.delete(id) }
            refreshSaves()
        }
    }

    /**
     * Shows a finished game's replay code and its dice checked against its own fingerprint, as
     * its end did: loaded and replayed on the disk thread, so that the game is closed however
     * this ends (a coroutine cancelled in the middle would drop a game handed back to it). A
     * second tap, on this game or another, replaces the first: only the last one asked is shown.
     */
    fun showReplay(id: String) {
        replaying?.cancel()
        replaying = launchCatching {
            val filed = withContext(disk) {
                store.load(id).session.use { game ->
                    val commitment = game.view().seedCommitment
                    val code = game.replayCode()
                    FiledGame(commitment, FinishedGame(code, checkReplayCode(code, commitment)))
                }
            }
            _state.update { it.copy(replay = filed) }
        }
    }

    fun closeReplay() {
        replaying?.cancel()
        _state.update { it.copy(replay = null) }
    }

    fun resume() = begin {
        val loaded = store.loadAutosave() ?: throw LudoException.SaveNotFound(AUTOSAVE)
        loaded.session to loaded.recoveredFromBackup
    }

    fun roll() = act { it.roll() }

    fun choose(option: MoveOption) = act { it.choose(option.id) }

    fun undo() = act { it.undo() }

    /**
     * Asks the expert which of the offered moves it would play; the board marks it until the
     * game moves on. The expert thinks in the core, off the main thread; an answer that comes
     * back after the game has changed is dropped.
     */
    fun hint() {
        val game = session ?: return
        val asked = _state.value.game?.view ?: return
        // Marked on screen while the expert thinks, for as long as the choice is on screen.
        fun settle(option: UInt?) = _state.update { s ->
            val shown = s.game
            if (game === session && shown != null && shown.view === asked) {
                s.copy(game = shown.copy(hint = option, hintAsked = false))
            } else {
                s
            }
        }
        _state.update { s -> s.game?.let { s.copy(game = it.copy(hintAsked = true)) } ?: s }
        launchCatching {
            val option = try {
                game.hint()
            } catch (e: IllegalStateException) {
                // Left and closed while the expert thought, as in [act].
                if (game === session) throw e
                return@launchCatching
            } catch (e: LudoException) {
                settle(null)
                throw e
            }
            settle(option)
        }
    }

    /**
     * Checks the dice of a game someone shared: its replay code, and the fingerprint (the seed's
     * commitment) noted when it began, if any. The game is replayed off the main thread.
     */
    fun checkCode(code: String, fingerprint: String) {
        launchCatching {
            val check = withContext(Dispatchers.Default) {
                try {
                    checkReplayCode(code, fingerprint.ifBlank { null })
                } catch (e: LudoException.CorruptSave) {
                    null
                }
            }
            _state.update { it.copy(codeCheck = CodeCheck(code, fingerprint, check)) }
        }
    }

    fun clearCodeCheck() = _state.update { it.copy(codeCheck = null) }

    /** Back to the new-game screen; the autosave keeps the game for "resume". */
    fun leave() {
        bots?.cancel()
        retire(session)
        session = null
        handle[GAME_ON_SCREEN] = false
        _state.update { it.copy(game = null, canResume = it.game?.view?.phase != GamePhase.OVER) }
        refreshSaves()
    }

    /**
     * What the new-game screen offers: the autosave to resume, the kept games, the finished
     * games, and the saves that cannot be played on (the autosave's included), listed so that
     * the player sees them and can delete them.
     */
    private fun refreshSaves() {
        launchCatching {
            // On the disk thread, after any save still queued there (a game just filed).
            val saves = withContext(disk) { store.list() }
            // Finished as the core counts the twenty it keeps: a damaged one (read from its
            // backup) is not, and is listed with the damaged saves rather than nowhere.
            val (finished, others) = saves.partition {
                it.playable && it.id != AUTOSAVE && it.problem == null && it.summary?.over == true
            }
            _state.update { s ->
                s.copy(
                    canResume = saves.firstOrNull { it.id == AUTOSAVE }?.takeIf { it.playable }?.summary?.over == false,
                    kept = others.filter { e -> !(e.playable && e.id == AUTOSAVE) },
                    finishedGames = finished,
                )
            }
        }
    }

    /**
     * Dismisses the message on screen: the error if there is one, else the notice that the game
     * came back from its backup. One at a time, so that an error arriving with the notice does
     * not take the notice away unseen.
     */
    fun dismissMessage() = _state.update {
        if (it.error != null) it.copy(error = null) else it.copy(recoveredFromBackup = false)
    }

    override fun onCleared() {
        retire(session)
        session = null
    }

    /**
     * Frees a game the screens have let go of. A save of it may still be queued on [disk], and
     * the save hands the game to the core, which must not find it freed: so it is closed on
     * [disk] too, after those saves. Its own scope, since `viewModelScope` is cancelled by then
     * in [onCleared].
     */
    private fun retire(game: GameSession?) {
        if (game != null) CoroutineScope(disk).launch { game.close() }
    }

    /**
     * Puts a new or loaded game on screen (loading replays the game: off the main thread), or
     * nothing if [load] finds none. While it is on screen, [handle] says so ([GAME_ON_SCREEN]).
     */
    private fun begin(load: () -> Pair<GameSession, String?>?) {
        // A second tap while a game is being put on screen ("Play on" twice) would load what the
        // first has already taken up, and say it is not there: dropped.
        if (beginning) return
        beginning = true
        launchCatching {
            try {
                beginLoaded(load)
            } finally {
                beginning = false
            }
        }
    }

    /** [begin]'s work. */
    private suspend fun beginLoaded(load: () -> Pair<GameSession, String?>?) {
        val loaded = try {
            withContext(disk) { load() }
        } finally {
            // Nothing on screen unless the game loaded (a restore that finds no autosave,
            // or a damaged one, leaves the new-game screen).
            _state.update { it.copy(restoring = false) }
            if (session == null) handle[GAME_ON_SCREEN] = false
        }
        val (game, recovered) = loaded ?: return
        turns.withLock {
            leave()
            // A finished game's code asked for just before: not shown over the game, nor
            // once it is left.
            closeReplay()
            session = game
            saveFailed = false
            handle[GAME_ON_SCREEN] = true
            val view = game.view()
            _state.update {
                it.copy(
                    game = GameUi(game.boardLayout(), view, emptyList()),
                    recoveredFromBackup = recovered != null,
                    error = null,
                )
            }
            publish(game, view)
        }
    }

    /** One action of the person at the device; the core refuses what is not theirs to do. */
    private fun act(action: (GameSession) -> GameView) {
        val game = session ?: return
        // A tap made while the last one still waits (a bot is thinking) is the same wish made
        // twice, or one made on a screen about to change: dropped, so that two taps on Undo
        // take back one decision, not two, and a move tapped twice is not played on the next
        // position too.
        if (acting) return
        acting = true
        launchCatching {
            try {
                actLocked(game, action)
            } finally {
                acting = false
            }
        }
    }

    /** [act]'s work, under [turns]. */
    private suspend fun actLocked(game: GameSession, action: (GameSession) -> GameView) = turns.withLock {
        if (game !== session) return@withLock
        val view = try {
            withContext(Dispatchers.Default) { action(game) }
        } catch (e: IllegalStateException) {
            // The player left this game while the action waited, and it was closed: the
            // action is moot. Anything else is a real error.
            if (game === session) throw e
            return@withLock
        }
        // The player acted: an error still on screen is old news.
        _state.update { it.copy(error = null) }
        publish(game, view)
    }

    /**
     * Shows [view], saves the game and, if a bot is to move, lets the bots play. Called with
     * [turns] held. An error on screen stays: a bot's move does not take it away.
     */
    private suspend fun publish(game: GameSession, view: GameView) {
        if (game !== session) return
        val over = view.phase == GamePhase.OVER
        // A game just over is filed before its code is worked out: a player who leaves
        // meanwhile finds it among the finished games, not in the slot a move before its end.
        if (over) autosave(game, over = true)
        val finished = if (over) finish(game, view) else null
        if (game !== session) return
        _state.update { s ->
            val log = (s.game?.log.orEmpty() + view.events).takeLast(LOG_LINES)
            s.copy(game = s.game?.copy(view = view, log = log, hint = null, hintAsked = false, finished = finished))
        }
        if (!over) autosave(game, over = false)
        if (view.botToMove) playBots(game)
    }

    /**
     * Writes the game to the autosave slot or, once it is over, files it among the finished
     * games (`keepFinished`, which clears the slot of it). A save that fails is reported (once,
     * until a save succeeds again: a full disk would otherwise say so after every move) and
     * play goes on: the game is still in memory, and the next move's save tries again.
     */
    private suspend fun autosave(game: GameSession, over: Boolean) {
        try {
            withContext(disk) { if (over) store.keepFinished(game) else store.autosave(game) }
            saveFailed = false
        } catch (e: LudoException) {
            if (!saveFailed || _state.value.error == null) _state.update { it.copy(error = e) }
            saveFailed = true
        }
    }

    /**
     * A game just over: its replay code, and its dice checked by the core against the commitment
     * the game showed from its start, as anyone given the code can check them. `null` if the
     * player left and the game was closed meanwhile.
     */
    private suspend fun finish(game: GameSession, over: GameView): FinishedGame? = try {
        withContext(Dispatchers.Default) {
            val code = game.replayCode()
            FinishedGame(code, checkReplayCode(code, over.seedCommitment))
        }
    } catch (e: IllegalStateException) {
        // Closed after the player left, as in [act].
        if (game === session) throw e
        null
    } catch (e: LudoException) {
        // The game is over all the same: shown over, without its code and check.
        _state.update { it.copy(error = e) }
        null
    }

    /**
     * Plays the bots' actions one at a time, a beat apart so the player can follow them. The
     * beat is spent outside [turns], so that an undo can come first; each turn then checks that
     * a bot is still to move.
     */
    private fun playBots(game: GameSession) {
        if (bots?.isActive == true) return
        bots = launchCatching {
            while (game === session && _state.value.game?.view?.botToMove == true) {
                delay(BOT_PAUSE_MS)
                turns.withLock {
                    if (game !== session || _state.value.game?.view?.botToMove != true) return@withLock
                    val view = try {
                        game.playBotTurn()
                    } catch (e: LudoException.NotYourTurn) {
                        // The turn changed hands while the bot thought, and the core dropped its
                        // move: go on from the view on screen.
                        return@withLock
                    }
                    publish(game, view)
                }
            }
        }
    }

    /** The preset a setup names, as the core describes it. */
    private fun preset(s: Setup): PresetInfo? = _state.value.presets.firstOrNull { it.id == s.presetId }

    private fun changeSeat(index: Int, change: (SeatChoice) -> SeatChoice) = changeSetup { s ->
        if (index in s.seats.indices) s.copy(seats = s.seats.toMutableList().also { it[index] = change(it[index]) }) else s
    }

    private fun changeSetup(change: (Setup) -> Setup) {
        setup = change(setup)
        writeSetup(handle, setup)
    }

    private fun launchCatching(block: suspend () -> Unit): Job = viewModelScope.launch {
        try {
            block()
        } catch (e: LudoException) {
            _state.update { it.copy(error = e) }
        }
    }

    private companion object {
        /**
         * File I/O off the main thread, one operation at a time: saves must not overtake each
         * other. One for the process, not one per view model: a view model made again while the
         * process lives on (an activity recreated) loads the autosave after the last save of the
         * one before it, not beside it.
         */
        val disk = Dispatchers.IO.limitedParallelism(1)
        const val AUTOSAVE = "autosave"
        const val LOG_LINES = 4
        const val BOT_PAUSE_MS = 700L
        /** The most seats a preset has, for a setup whose preset the core does not list. */
        const val MAX_SEATS = 6
        /** Saved state: whether a game is on screen, to load it back after the process ends. */
        const val GAME_ON_SCREEN = "game_on_screen"
        const val SETUP_PRESET = "setup_preset"
        const val SETUP_RULES = "setup_rules"
        const val SETUP_NAMES = "setup_names"
        const val SETUP_LEVELS = "setup_levels"

        /**
         * [seats] for [preset]: the rows past its most dropped (a six-seat game's last two for a
         * four-seat board, on screen as the player picks it), bots added up to its least.
         */
        fun fit(seats: List<SeatChoice>, preset: PresetInfo?): List<SeatChoice> {
            if (preset == null) return seats
            val fitted = seats.take(preset.maxSeats.toInt())
            val missing = (preset.minSeats.toInt() - fitted.size).coerceAtLeast(0)
            return fitted + List(missing) { SeatChoice(level = "medium") }
        }

        /**
         * The setup in saved state, as types a Bundle holds: the rules as name, value, name,
         * value...; each seat's name, and its level ("" for a person).
         */
        fun writeSetup(handle: SavedStateHandle, setup: Setup) {
            handle[SETUP_PRESET] = setup.presetId
            handle[SETUP_RULES] = ArrayList(setup.rules.flatMap { (name, value) -> listOf(name, value) })
            handle[SETUP_NAMES] = ArrayList(setup.seats.map { it.name })
            handle[SETUP_LEVELS] = ArrayList(setup.seats.map { it.level.orEmpty() })
        }

        fun readSetup(handle: SavedStateHandle): Setup {
            val preset = handle.get<String>(SETUP_PRESET) ?: return Setup()
            val rules = handle.get<ArrayList<String>>(SETUP_RULES).orEmpty().chunked(2).filter { it.size == 2 }
            val names = handle.get<ArrayList<String>>(SETUP_NAMES).orEmpty()
            val levels = handle.get<ArrayList<String>>(SETUP_LEVELS).orEmpty()
            return Setup(
                presetId = preset,
                rules = rules.associate { it[0] to it[1] },
                seats = names.zip(levels) { name, level -> SeatChoice(name, level.ifEmpty { null }) },
            )
        }
    }
}
