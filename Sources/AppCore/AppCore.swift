import Visits
import Book
import Geometry
import Gestures
import Input
import Reader

/// The reader's policy, pure and clock-injected: what each event means, which pages to keep, what to draw and
/// when, what to log. The executable is a shell around it: it turns everything that wakes its loop into an
/// `AppEvent`, performs the returned `AppEffect`s, draws `nextFrame`'s plan and arms one timer at `nextDeadline`.
///
/// Times are ms on the frame clock (CLOCK_MONOTONIC in the shell). Input arrives stamped on the compositor's
/// clock, whose base Wayland leaves open; `InputClock` places it on the frame clock. Input is judged on its own
/// timestamps: before each input event the reader is advanced to the event's time and the recognizer gets the
/// view on screen at that moment, so events read late in one batch mean what they meant one by one.
public struct AppCore: Sendable {
    public internal(set) var settings: AppSettings
    public internal(set) var reader: Reader
    var recognizer: GestureRecognizer
    /// Places input times on the frame clock.
    var inputClock = InputClock()
    var predictor = TouchPredictor()
    public internal(set) var frames = FrameScheduler()
    /// When the planned frame must start, while it waits for its time (a timer deadline).
    var frameDue: Double?

    /// The window's logical size and buffer scale; nil before the first configure.
    public internal(set) var window: (width: Double, height: Double, scale: Double)?
    /// Pages whose image the shell holds or has uploaded, with the texture's size.
    var pages = PageImages()
    var zoomDetail = ZoomDetailPolicy()
    var firstFrames = FirstFramePolicy()
    /// GL_MAX_TEXTURE_SIZE once the GL is up.
    var maxTextureSize: Int?
    /// Pages whose failure was already logged (once per page until the book changes).
    var reportedFailures: Set<Int> = []

    /// Something changed that the screen does not show yet.
    public internal(set) var needsFrame = true
    var readySent = false
    var shownSent = false
    var rendererSent = false
    var glStartedAt: Double?

    /// Double-page images by the book's word (ComicInfo) and by their shape (a PDF's page sizes).
    var namedSpreads: Set<Int> = []
    var shapedSpreads: Set<Int> = []
    /// The GL failed before the first page was shown: the program ends once it is, or at the deadline.
    var glFailure: (quit: AppEffect, deadline: Double)?
    var idleDeadline: Double?
    /// The newest input event's time, for `recto ctl status`.
    var lastInputAt: Double?
    var reloadDeadline: Double?
    /// Reload attempts that failed since the book last changed (retried a few times, more slowly each time).
    var reloadFailures = 0
    var attract: AttractPolicy
    var overlay = OverlayPolicy()
    var focus = FocusState()
    var idleWarning: IdleWarningPolicy
    var turnGate = TurnGate()
    var heldDrag: HeldDrag?
    /// Turns that waited for their pages, turns refused because `TurnGate.bound` waited already, waiting turns
    /// cleared by a jump, idle reset or book change, and drags held for them or their pages (for `--stats`).
    public internal(set) var turnsQueued = 0, turnsRefused = 0, turnsCleared = 0, dragsHeld = 0
    /// GL frames drawn while a page they show had no image yet (blank paper where it belongs).
    public internal(set) var framesMissingPages = 0
    /// The library's shelf; nil when one book was opened.
    var shelf: ShelfPolicy?
    /// The window's pixels per millimetre on the real screen (nil: unknown, 96 dpi assumed).
    var pixelsPerMM: Double?
    /// The book's page labels for the overlay (empty: page numbers).
    var pageLabels: [String] = []
    /// The book's required attribution, shown on the overlay under the page numbers (empty: none).
    var attribution: [String] = []
    /// Tests set this to an empty array to record every intent applied to the reader, with its time.
    var journal: [TimedIntent]?

    /// `startPage`: where the book was left (a remembered position), else the cover.
    public init(pageCount: Int, settings: AppSettings, startPage: Int = 1) {
        self.settings = settings
        reader = Reader(pageCount: pageCount, config: settings.reader)
        recognizer = GestureRecognizer(config: settings.reader.gestures)
        if startPage > 1 { reader.go(toPage: startPage) }
        // Reduced motion: nothing moves that nobody asked for.
        attract = AttractPolicy(after: settings.reader.reducedMotion ? nil : settings.attractAfter, period: settings.attractPeriod)
        if settings.controlsAlways { overlay.pin() }
        idleWarning = IdleWarningPolicy(length: settings.idleWarning)
    }

    /// When the shell's timer must fire next (ms), if anything waits for time.
    public var nextDeadline: Double? {
        [recognizer.nextDeadline, idleDeadline, reloadDeadline, attract.deadline, firstFrames.pageWaitDeadline,
         firstFrames.prepareDeadline, glFailure?.deadline, overlay.deadline, shelf?.deadline, frameDue,
         turnGate.deadline, turnGate.isEmpty ? heldDrag?.deadline : nil, idleWarning.deadline]
            .compactMap { $0 }.min()
    }

    /// The GL draws (its start-up is over).
    public var glIsUp: Bool { maxTextureSize != nil }

    /// Handles one event at `now` (ms, CLOCK_MONOTONIC); returns what the shell must do, in order.
    public mutating func handle(_ event: AppEvent, now: Double) -> [AppEffect] {
        var out: [AppEffect] = []
        switch event {
        case .input(let input): out += handleInput(input, now: now)
        case let .configured(width, height, scale):
            out += configured(width: width, height: height, scale: scale)
            attract.start(now: now)
        case .frameCallback:
            frames.frameCallback(at: now)
            if reader.isAnimating { needsFrame = true }
        case let .presented(time, refresh): frames.presented(at: time, refresh: refresh)
        case .timer: out += timersDue(now: now)
        case let .pageReady(page, size, sourceSize):
            out += pageReady(page, size: size, sourceSize: sourceSize)
            out += releaseHeldTurns(now: now)
        case let .pageFailed(page, message):
            out += pageFailed(page, message: message)
            out += releaseHeldTurns(now: now)
        case .pageEvicted(let page):
            pages.remove(page)
            out.append(.release(page: page))
        case let .regionReady(page, rect, size):
            if let source = pages[page]?.sourceSize,
               let shown = zoomDetail.received(page: page, rect: rect, size: size, sourceSize: source, frame: reader.frame, now: now) {
                out.append(.showRegion(page: page, bookRect: shown.rect))
                if let waited = shown.waited { out.append(.occurred(.region(page: page, waitMS: waited))) }
                needsFrame = true
            }
        case .pageLabels(let labels): pageLabels = labels
        case .attribution(let lines): attribution = lines
        case .pixelDensity(let perMM):
            pixelsPerMM = perMM
            recognizer.config.slop = GestureConfig.slop(pixelsPerMM: perMM)
            needsFrame = true
        case .bookChanged:
            reloadFailures = 0
            reloadDeadline = now + settings.reloadQuiet
        case .bookReloadFailed:
            // A file caught half-written may be whole soon without another change to tell us (a helper that could
            // not start may start next time): a few more tries, further apart.
            reloadFailures += 1
            if reloadFailures <= 4 { reloadDeadline = now + settings.reloadQuiet * Double(1 << reloadFailures) }
        case .bookReloaded(let count): out += bookReloaded(pageCount: count)
        case .pageAspectsKnown(let aspects):
            for (i, aspect) in aspects.enumerated() where !hasImage(i + 1) { reader.setPageAspect(i + 1, aspect) }
            // A landscape page much wider than the book's pages is a spread printed across two.
            shapedSpreads = doublePageSpreads(aspects: aspects)
            out += layOutSoloPages()
        case .bookDirection(let rtl): out += setDirection(rightToLeft: rtl)
        case .frontCover(let page):
            reader.coverPage = max(1, min(page ?? 1, reader.position.pageCount))
        case .doublePages(let pages):
            namedSpreads = pages
            out += layOutSoloPages()
        case .glReady(let size): out += glReady(maxTextureSize: size)
        case .softwareFrameFailed: out += requestGL(now: now)
        case .glFailed(let message):
            // What the CPU can show is shown first (a slow first decode must not end the program before its
            // page is up), but not for long: status 4 tells the supervisor this machine cannot draw.
            let quit = AppEffect.quit(4, message: "no usable EGL/OpenGL ES 2: \(message)")
            if shownSent { out.append(quit) } else { glFailure = (quit, now + settings.glFailureGrace) }
        case .closeRequested: if !settings.kiosk { out.append(.quit(0)) }
        case .terminate: out.append(.quit(0))
        case let .control(client, request): out += control(request, client: client, now: now)
        case let .retuned(config, idle, client, reply):
            retuned(config, idleReset: idle, now: now)
            out.append(.reply(client: client, reply))
        case let .bookOpened(count, client): out += bookOpened(pageCount: count, client: client)
        case .shelf(let books): out += shelfLoaded(books)
        case let .coverReady(book, size): coverReady(book, size: size)
        case let .shelfBookOpened(book, count, start): out += shelfBookOpened(book, pageCount: count, startPage: start, now: now)
        case let .shelfBookFailed(book, message): out += shelfBookFailed(book, message: message)
        }
        // Whatever changed (a turn, a zoom, a book, the time) may start, end or move the idle warning.
        return out + idleWarningDue(now: now)
    }

    // MARK: input

    private mutating func handleInput(_ stamped: InputEvent, now: Double) -> [AppEffect] {
        let input = inputClock.map(stamped, receivedAt: now)
        // Events without a timestamp (frames, modifiers, pointer enter) carry no intent and must not move the
        // view's clock: only the recognizer's state changes.
        guard let time = input.time else {
            _ = recognizer.handle(input, in: gestureContext)
            return []
        }
        var out: [AppEffect] = []
        lastInputAt = time
        frames.inputArrived(at: now)
        // Idle is measured on the reader's own clock: it need not trust the compositor's for minutes ahead.
        if let idle = settings.idleReset, idle > 0 { idleDeadline = now + idle }
        let woke = attract.input(at: time)
        // An answer to the idle warning only extends the time, as the touch that ends attract mode only wakes.
        let (extended, answer) = idleWarningInput(now: now)
        out += answer
        // A new press or key that answers is swallowed with the rest of its gesture; a finger already down (a page
        // held still under it) goes on with what it was doing.
        let startsAnswer = extended && recognizer.isIdle
        // Keys that move or use the focus are the focus's alone (AppCore+Controls).
        let focusCommand = woke || extended ? nil : self.focusCommand(for: input)
        hideFocus(on: input)
        if woke {
            out += endAttract()
        } else if !extended {
            if shelf?.visible != true { overlay.inputArrived(at: time) }
            if focusCommand == nil { out += shelfKeys(input, at: time) }
        }
        // Taps that became single before this event act first, at their own time; then the view on screen when
        // the event arrived (animations advanced to its time) is what the event is judged against.
        out += applyDueTaps(now: time)
        out += log(reader.advance(to: time))
        if let focusCommand { return out + perform(focusCommand, at: time) }
        // The input that ends attract mode, and the rest of its gesture, only wake the reader.
        let intents = woke || startsAnswer ? recognizer.handleIgnoringGesture(input, in: gestureContext)
                           : recognizer.handle(input, in: gestureContext)
        for intent in intents { out += dispatch(intent) }
        return out
    }

    private mutating func applyDueTaps(now: Double) -> [AppEffect] {
        var out: [AppEffect] = []
        for intent in recognizer.tick(now: now) {
            out += log(reader.advance(to: intent.time))
            out += dispatch(intent)
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
        journal?.append(timed)
        switch timed.intent {
        case .curlBegin(let b): predictor.reset(); predictor.add(position: b.position, time: timed.time)
        case .curlMove(let p): predictor.add(position: p, time: timed.time)
        case .curlEnd, .curlCancel: predictor.reset()
        case .quit: return out + (settings.kiosk ? [] : [.quit(0)])
        case .middleTap: return out + toggleOverlay(at: timed.time)
        default: break
        }
        needsFrame = true
        return out + log(reader.apply(timed), by: kind ?? Self.turnKind(timed.intent))
    }

    /// Log lines for the reader's events; a page change also changes which pages are wanted. `by`: how the
    /// visitor asked for a turn (`turnKind`), on the turn's commit or, without one, its page change.
    mutating func log(_ events: [ReaderEvent], by: TurnKind? = nil) -> [AppEffect] {
        var out: [AppEffect] = []
        let byAt = by == nil ? nil : events.firstIndex { if case .flip(.commit, _) = $0 { true } else { false } }
            ?? events.firstIndex { if case .page = $0 { true } else { false } }
        for (i, event) in events.enumerated() {
            switch event {
            case .flip(let phase, let forward):
                out.append(.occurred(.flip(phase, forward: forward, by: i == byAt ? by : nil)))
            case .page(let p):
                out.append(.occurred(.page(p, by: i == byAt ? by : nil)))
                if settings.remembersPosition { out.append(.rememberPage(p)) }
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
        if let due = idleDeadline, due <= now {
            idleDeadline = nil
            out += idleReset(now: now)
        }
        if shelf?.visible == true, let due = attract.deadline, due <= now { attract.restart(now: now) }
        let (lift, begins) = attract.due(now: now)
        if begins { out += beginAttract() } else if lift { out.append(.occurred(.attractLooped(loop: attract.loops))) }
        if lift, reader.attractLift(at: now) { needsFrame = true }
        if let due = reloadDeadline, due <= now {
            reloadDeadline = nil
            out.append(.reloadBook)
        }
        out += overlayDue(now: now)
        out += releaseHeldTurns(now: now)
        shelfDue(now: now)
        out += firstFrames.timersDue(now: now, glIsUp: glIsUp, needsFrame: &needsFrame)
        if let failure = glFailure, failure.deadline <= now {
            glFailure = nil
            out.append(failure.quit)
        }
        return out
    }

    /// Back to the cover, zoom reset (nothing when already there); with a library, back to the shelf.
    mutating func idleReset(now: Double) -> [AppEffect] {
        let cleared = clearTurns(reason: "idle-reset")
        resetFocus()
        if shelf != nil { return cleared + shelfIdleReset(now: now) }
        let (reset, events) = reader.idleReset(at: now)
        guard reset else { return cleared }
        needsFrame = true
        return cleared + [.occurred(.idleReset(page: reader.page))] + log(events)
    }

    // MARK: window

    private mutating func configured(width: Double, height: Double, scale: Double) -> [AppEffect] {
        window = (width, height, scale)
        var out = log(reader.resize(width: width, height: height))
        out += wantPages()
        needsFrame = true
        return out
    }

    // MARK: book

    private mutating func layOutSoloPages() -> [AppEffect] {
        var out = log(reader.setSoloPages(namedSpreads.union(shapedSpreads)))
        out += wantPages()
        needsFrame = true
        return out
    }

    /// Each book reads in its own direction unless the configuration fixed one: the reader is made again for a
    /// book that reads the other way, on the same page.
    private mutating func setDirection(rightToLeft: Bool?) -> [AppEffect] {
        let wanted = settings.directionFixed ? settings.reader.rightToLeft : rightToLeft ?? settings.reader.rightToLeft
        guard wanted != reader.config.rightToLeft else { return [] }
        var config = reader.config
        config.rightToLeft = wanted
        let page = reader.page
        reader = Reader(pageCount: reader.position.pageCount, config: config)
        if let w = window { _ = reader.resize(width: w.width, height: w.height) }
        reader.go(toPage: page)
        needsFrame = true
        return wantPages()
    }

    private mutating func bookReloaded(pageCount: Int) -> [AppEffect] {
        reportedFailures.removeAll()
        var out = clearTurns(reason: "book")
        out += log(reader.setPageCount(pageCount))
        for page in pages.all where page > pageCount {
            pages.remove(page)
            out.append(.release(page: page))
        }
        out.append(.occurred(.book(pages: pageCount)))
        out += wantPages()
        needsFrame = true
        return out
    }
}
