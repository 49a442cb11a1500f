import Book
import Reader
import Config
import Geometry
import Gestures

/// The reader's policy, pure and clock-injected: what each event means, which pages to keep, what to draw and
/// when, what to log. The executable is a shell around it: it turns everything that wakes its loop into an
/// `AppEvent`, performs the returned `AppEffect`s, draws `nextFrame`'s plan and arms one timer at `nextDeadline`.
///
/// Times are ms on the frame clock (CLOCK_MONOTONIC in the shell). Input arrives stamped on the compositor's
/// clock, whose base Wayland leaves open; `InputClock` places it on the frame clock. Input is judged on its own
/// timestamps: before each input event the reader is advanced to the event's time and the recognizer gets the
/// view on screen at that moment, so events read late in one batch mean what they meant one by one.
public struct AppCore: Sendable {
    /// The settings in force: the one value, replaced whole when `recto ctl set` changes it.
    public internal(set) var settings: Settings
    public internal(set) var reader: Reader
    /// The router's own state is the policies'; each owns its fields and its deadlines.
    var screen = Screen()
    var pacing = FramePacing()
    var startup = StartupPolicy()
    var pages = PagePolicy()
    var book = BookPolicy()
    var input: InputPolicy
    var turns = TurnPolicy()
    var idle: IdlePolicy
    var controls = ControlsState()
    /// The library's shelf; nil when one book was opened.
    var shelf: ShelfPolicy?

    /// `startPage`: where the book was left (a remembered position), else the cover.
    public init(pageCount: Int, settings: Settings, host: Host = Host(), startPage: Int = 1) {
        self.settings = settings
        let config = Self.readerConfig(settings, host: host)
        reader = Reader(pageCount: pageCount, config: config)
        input = InputPolicy(gestures: config.gestures)
        if startPage > 1 { reader.go(toPage: startPage) }
        screen.translator = host.translator
        startup.softwareFrames = host.softwareFrames
        idle = IdlePolicy(attractAfter: config.reducedMotion ? nil : Self.attractAfter(settings),
                          warning: settings.idleWarningMilliseconds)
        if settings.controls == "always" { controls.overlay.pin() }
        controls.speechMode = settings.speech
        controls.speechKey = SpeechKey(holdMS: settings.speechHold)
    }

    /// When the shell's timer must fire next (ms), if anything waits for time.
    public var nextDeadline: Double? {
        [input.deadline, idle.deadline, controls.narration.captionsChange, book.reloadDeadline, startup.deadline, controls.deadline, speechKeyDeadline, shelf?.deadline(quiet: Self.reloadQuiet),
         pacing.due, turns.deadline].compactMap { $0 }.min()
    }

    // MARK: what the shell and the tests read

    public var frames: FrameScheduler { pacing.scheduler }
    /// The window's logical size and buffer scale; nil before the first configure.
    public var window: (width: Double, height: Double, scale: Double)? { screen.window }
    var pixelsPerMM: Double? { screen.pixelsPerMM }
    /// The GL draws (its start-up is over).
    public var glIsUp: Bool { startup.glIsUp }
    /// GL_MAX_TEXTURE_SIZE once the GL is up.
    var maxTextureSize: Int? { startup.maxTextureSize }
    /// Turns that waited for their pages, presses carried by the last waiting turn (`TurnGate.carryFrom`), presses
    /// refused, waiting turns cleared by a jump, idle reset or book change, and drags held for them or their pages
    /// (for `--stats`).
    public var turnsQueued: Int { turns.queued }
    public var turnsCarried: Int { turns.carried }
    public var turnsRefused: Int { turns.refused }
    public var turnsCleared: Int { turns.cleared }
    public var dragsHeld: Int { turns.dragsHeld }
    /// Why a kiosk's one book cannot be shown, while it is awaited.
    public var bookAwaited: String? { book.awaited }
    /// GL frames drawn while a page they show had no image yet (blank paper where it belongs).
    public var framesMissingPages: Int { pacing.missingPages }
    /// Tests set this to an empty array to record every intent applied to the reader, with its time.
    var journal: [TimedIntent]? {
        get { input.journal }
        set { input.journal = newValue }
    }

    /// Handles one event at `now` (ms, CLOCK_MONOTONIC); returns what the shell must do, in order. Each concern
    /// handles its own events: the screen (AppCore+Frames), the pages (AppCore+Pages), what the book says of itself
    /// (AppCore+Book), the shelf (AppCore+Shelf), what the players and speech report (AppCore+Narration).
    public mutating func handle(_ event: AppEvent, now: Double) -> [AppEffect] {
        let out: [AppEffect]
        switch event {
        case .input(let event): out = speechInput(event, now: now) + handleInput(event, now: now)
        case .timer: out = timersDue(now: now)
        case .control(let client, let request): out = control(request, client: client, now: now)
        case .closeRequested: out = kiosk ? [] : [.quit(0)]
        case .terminate: out = [.quit(0)]
        case .configured, .pixelDensity, .frameCallback, .presented, .glReady, .glFailed, .softwareFrameFailed:
            out = screenEvent(event, now: now)
        case .pageReady, .pageFailed, .pageLinks, .pageNotes, .pageEvicted, .regionReady:
            out = pageEvent(event, now: now)
        case .pageLabels, .bookTexts, .attribution, .tableOfContents, .bookAbout, .vectorPages, .pageAspectsKnown,
             .bookDirection, .frontCover, .spineOffset, .pagePlacement, .bookChanged, .bookReloadFailed, .bookReloaded,
             .bookAwaited, .bookArrived, .bookOpened, .pageTextRead:
            out = bookEvent(event, now: now)
        case .shelf, .coverReady, .shelfBookOpened, .shelfBookFailed, .libraryChanged, .libraryRead:
            out = shelfEvent(event, now: now)
        case .speech, .narration, .pageSound: out = soundEvent(event)
        }
        // Whatever changed (a turn, a zoom, a book, the time) may start, end or move the idle warning.
        return spoken(out + idleWarningDue(now: now) + narrationDue(now: now))
    }

    // MARK: input

    private mutating func handleInput(_ stamped: InputEvent, now: Double) -> [AppEffect] {
        let event = input.arrived(stamped, receivedAt: now)
        // Events without a timestamp (frames, modifiers, pointer enter) carry no intent and must not move the
        // view's clock: only the recognizer's state changes.
        guard let time = event.time else {
            _ = input.recognizer.handle(event, in: gestureContext)
            return []
        }
        var out: [AppEffect] = []
        pacing.scheduler.inputArrived(at: now)
        narrationVisitorArrived()
        let (woke, extension_) = idle.input(at: time, now: now, idleReset: idleReset)
        // An answer to the idle warning only extends the time, as the touch that ends attract mode only wakes.
        let extended = extension_ != nil
        if let count = extension_ {
            out.append(.occurred(.idleExtended(count: count)))
        }
        // A new press or key that answers is swallowed with the rest of its gesture; a finger already down (a page
        // held still under it) goes on with what it was doing.
        let startsAnswer = extended && input.recognizer.isIdle
        // Keys that move or use the focus are the focus's alone (AppCore+Controls).
        let panelOpen = controls.contents != nil || controls.about != nil
        let focusCommand = woke || extended || panelOpen ? nil : self.focusCommand(for: event)
        controls.hideFocus(on: event, page: reader.page)
        if woke {
            out += endAttract()
        } else if !extended {
            if shelf?.visible != true { controls.overlay.inputArrived(at: time) }
            if focusCommand == nil, !panelOpen { out += shelfKeys(event, at: time) }
        }
        // The table of contents, and the About panel, take every input while open.
        if panelOpen, !woke, !startsAnswer {
            return out + (controls.about != nil ? aboutInput(event, at: time) : contentsInput(event, at: time))
        }
        // Taps that became single before this event act first, at their own time; then the view on screen when
        // the event arrived (animations advanced to its time) is what the event is judged against.
        out += applyDueTaps(now: time)
        out += log(reader.advance(to: time))
        if let focusCommand { return out + perform(focusCommand, at: time) }
        if case .key(let sym, true, _, _) = event, !woke, !startsAnswer, settings.narration {
            if Self.isNarrationKey(sym) { return out + toggleNarration(now: time) }
            if Self.isReplayKey(sym) { return out + replayNarration() }
        }
        if case .key(let sym, true, _, _) = event, !woke, !startsAnswer, shelf?.visible != true {
            if Self.isLayersKey(sym), hasNotes { return out + cycleLayers(at: time) }
            if Self.isLanguageKey(sym), languageChoices.count >= 2 { return out + cycleLanguage(at: time) }
            if isAboutKey(sym), !book.about.isEmpty { return out + openAbout() }
            if sym == Keysym.Escape, controls.notes.open != nil { return out + closeNote() }
            if let step = Self.panelScrollStep(sym), !controls.focus.visible, !reader.zoom.isZoomed,
               notesPanel(frame: reader.frame)?.panel != nil {
                scrollPanel(to: panelScroll + step)
                return out
            }
        }
        // The input that ends attract mode, and the rest of its gesture, only wake the reader.
        let intents = woke || startsAnswer ? input.recognizer.handleIgnoringGesture(event, in: gestureContext)
                           : input.recognizer.handle(event, in: gestureContext)
        for intent in intents { out += recognized(intent) }
        return out
    }

    private mutating func applyDueTaps(now: Double) -> [AppEffect] {
        var out: [AppEffect] = []
        for intent in input.recognizer.tick(now: now) {
            out += log(reader.advance(to: intent.time))
            out += recognized(intent)
        }
        return out
    }

    /// `gated`: a turn or drag waits for its pages (false for what the gate lets go). `kind`: how the visitor
    /// asked for it, when not what the intent says (a held drag let go as a flick).
    mutating func apply(_ timed: TimedIntent, gated: Bool = true, as kind: TurnKind? = nil) -> [AppEffect] {
        var out: [AppEffect] = []
        if gated {
            let (go, effects) = gate(timed)
            guard go else { return effects }
            out = effects
        }
        input.applying(timed)
        switch timed.intent {
        case .quit: return out + (kiosk ? [] : [.quit(0)])
        case .middleTap: return out + toggleOverlay(at: timed.time)
        case .followLink(let p): return out + (noteTapped(at: p) ?? linkTapped(at: p, time: timed.time))
        default: break
        }
        let events = reader.apply(timed)
        return out + log(events, by: kind ?? Self.turnKind(timed.intent)) + pageSound(timed.intent, events)
    }

    /// Log lines for the reader's events; a page change also changes which pages are wanted. `by`: how the
    /// visitor asked for a turn (`turnKind`), on the turn's commit or, without one, its page change.
    mutating func log(_ events: [ReaderEvent], by: TurnKind? = nil) -> [AppEffect] {
        var out: [AppEffect] = []
        let byAt = by == nil ? nil : events.firstIndex { if case .flip(.commit, _) = $0 { true } else { false } }
            ?? events.firstIndex { if case .page = $0 { true } else { false } }
        for (i, event) in events.enumerated() {
            switch event {
            case .flip(let phase, let direction):
                out.append(.occurred(.flip(phase, direction, by: i == byAt ? by : nil)))
            case .page(let p):
                out.append(.occurred(.page(p, by: i == byAt ? by : nil)))
                out += closeNote()
                if remembersPosition { out.append(.rememberPage(p)) }
                out += wantPages()
            case .zoom(let scale, let rotation):
                out.append(.occurred(.zoom(scale: scale, rotation: rotation, centre: zoomCentre())))
            }
        }
        return out
    }

    // MARK: time

    private mutating func timersDue(now: Double) -> [AppEffect] {
        var out: [AppEffect] = []
        out += applyDueTaps(now: now)
        out += idleWarningDue(now: now)
        if idle.resetDue(now: now) { out += idleReset(now: now) }
        if shelf?.visible == true, let due = idle.attract.deadline, due <= now { idle.attract.restart(now: now) }
        let (lift, begins) = idle.attract.due(now: now)
        // Attract mode shows the book, not an open table of contents.
        if begins { out += closeContents() + closeAbout() + beginAttract() } else if lift { out.append(.occurred(.attractLooped(loop: idle.attract.loops))) }
        if lift { _ = reader.attractLift(at: now) }
        if book.reloadDue(now: now) { out.append(.start(.reloadBook)) }
        out += overlayDue(now: now)
        out += speechKeyDue(now: now)
        out += releaseHeldTurns(now: now)
        shelfDue(now: now)
        if shelf?.libraryDue(now: now, quiet: Self.reloadQuiet) == true { out.append(.start(.readLibrary)) }
        return out + startup.timersDue(now: now)
    }

    /// Back to the cover, zoom reset (nothing when already there); with a library, back to the shelf. Between
    /// visitors the shell also gives back the compiler code that the last one's new kinds of frame brought in.
    mutating func idleReset(now: Double) -> [AppEffect] {
        backToTheStart(now: now) + [.start(.releaseCompilerCode)]
    }

    private mutating func backToTheStart(now: Double) -> [AppEffect] {
        let cleared = speechModeToSetting() + clearTurns(reason: "idle-reset") + closeContents() + closeAbout()
        narrationAwaitsVisitor()
        controls.resetFocus(page: reader.page)
        controls.notes = NotesState()
        controls.language = 0
        if shelf != nil { return cleared + shelfIdleReset(now: now) }
        let (reset, events) = reader.idleReset(at: now)
        guard reset else { return cleared }
        return cleared + [.occurred(.idleReset(page: reader.page))] + log(events)
    }
}
