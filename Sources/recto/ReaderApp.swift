import AppCore
import Book
import BookFiles
import Caching
import Config
import Decoding
import Diagnostics
import Fetch
import FoundationEssentials
import Gestures
import Glibc
import Logging
import Operations
import Pages
import Platform
import Presentation
import Renderer
import Sound
import Speech
import Visits
import Watching

/// The interactive reader's wiring: everything that wakes the loop reaches the core as an `AppEvent` through
/// `deliver(_:)`, and the effects the core returns are performed by calling the modules (ReaderApp+Effects.swift;
/// the work it waits for as a `Job`, ReaderApp+Jobs.swift): the page cache (Pages) keeps each page's image until the presenter (Presentation)
/// uploads it into its textures and draws the frames the core plans (ReaderApp+Drawing.swift). Lives on the main thread; every callback arrives there through the platform layer.
@MainActor final class ReaderApp {
    /// The book opened at start (a library's first book that opens).
    let book: BookLocation
    /// A library's books on a shelf, its directory watched (nothing of it for one book).
    var library: LibraryShelf
    /// `--stats`: input-to-commit latency and frame costs recorded, a summary printed at exit.
    let stats: Bool
    let logger: Logger
    /// What the IIIF books it opens fetch through.
    let remote: RemoteBooks
    let log: EventLog
    let loop = EventLoop()
    let display: WaylandDisplay
    var window: Window { presenter.window }
    /// The frames, the GL and the page textures (Presentation).
    let presenter: FramePresenter
    var core: AppCore
    /// The book's file: watched, read again, its page remembered.
    var disk = BookOnDisk()
    var timer: TimerSource!
    var cache: PageCache?
    /// The GL's start on a helper thread after the first frame.
    var gl = GLLaunch()
    /// The control socket, systemd and the metrics file (ReaderApp+Operations.swift).
    var ops: Operations?
    /// Visit statistics; nil when off.
    var visits: VisitStats?
    /// Speech mode; made at start, silent while off.
    var speech: SpeechOutput?
    /// The pages' texts speech mode says, read off the loop (made at the first page said).
    var spokenPages: SpokenPages?
    /// The pages' links and notes, read off the loop (made at the first page asked for).
    var factReader: PageFactReader?
    /// Narration and the paper's sound (made at their first request).
    var players = SoundPlayers()

    init(settings: Settings, book: BookLocation, shelfBooks: [String]?, libraryDirectory: String?, host: Host,
         remote: RemoteBooks, stats: Bool, logger: Logger) throws {
        (self.book, self.stats, self.logger) = (book, stats, logger)
        library = LibraryShelf(paths: shelfBooks, directory: libraryDirectory)
        self.remote = remote
        returnLargeAllocationsToTheSystem()
        log = EventLog(enabled: settings.logEvents)
        let display: WaylandDisplay
        do { display = try WaylandDisplay() } catch let e as DisplayError {
            throw RectoExit(.display, e.description)
        }
        self.display = display
        display.hideCursor = settings.kiosk
        let output = settings.output.flatMap { name in display.outputList.first { $0.name == name } }
        if let name = settings.output, output == nil {
            let known = display.outputList.map(\.name).filter { !$0.isEmpty }
            throw RectoExit(.usage, "no output named \(name) (outputs: \(known.isEmpty ? "none named" : known.joined(separator: ", ")))")
        }
        let window: Window
        let title = shelfBooks == nil ? book.title.map { "\($0) — Recto" } ?? "Recto" : "Recto"
        do { window = try Window(display: display, title: title, appID: "recto", output: output) } catch let e as DisplayError {
            throw RectoExit(.display, e.description)
        }
        presenter = FramePresenter(window: window, background: settings.background.rgba, checksGLErrors: stats) {
            logger.warning("no text can be drawn (labels, captions, placeholders' words): \($0)")
        }
        var host = host
        // A library shows its shelf first: the GL draws it (the CPU frames draw pages only).
        host.softwareFrames = presenter.softwareAvailable && shelfBooks == nil
        let positions = settings.rememberPosition && !settings.kiosk ? book.record(logger: logger) : nil
        disk.positions = positions
        // A book opens where it was left, else at its front cover (ComicInfo), else at page 1.
        let start = positions?.page ?? book.coverPage(spineOffsetSetting: settings.spineOffset)
        core = AppCore(pageCount: book.pageCount, settings: settings, host: host, startPage: start)
        gl.held = ProcessInfo.processInfo.environment["RECTO_TEST_HOLD_GL"] == "1"
        timer = TimerSource(loop: loop) { [unowned self] in
            timer.fired()
            let at = now
            visits?.due(now: at)
            if ops?.due(now: at) == true { writeMetrics() }
            deliver(.timer)
        }
        visits = VisitStats(retentionDays: settings.visitStatsOn ? settings.visitRetentionDays : nil, idleReset: settings.idleResetMilliseconds,
                            bookPath: book.path, environment: ProcessInfo.processInfo.environment,
                            warn: { [logger] in logger.warning("\($0)") })
        speech = makeSpeech()
        // One book: its own spine offset (a library's books say theirs as each opens).
        if library.paths == nil { deliver(.spineOffset(book.spineOffset(setting: settings.spineOffset))) }
        announceShape(of: book.source)
        if let refusal = book.source.awaitedBecause { deliver(.bookAwaited(reason: refusal.description)) }
        wire()
        watchBook(book.path)
        startOperations()
        startShelf()
    }

    private func wire() {
        display.onFatal = { [unowned self] error in
            printError(error.description)
            loop.stop(ExitStatus.display.rawValue)
        }
        display.onInput = { [unowned self] input in inputArrived(input) }
        display.onOutputsChanged = { [unowned self] in window.updateScale() }
        window.onResize = { [unowned self] in configured() }
        window.onClose = { [unowned self] in deliver(.closeRequested) }
        window.onFrame = { [unowned self] in
            presenter.stats.frameCallback()
            deliver(.frameCallback)
        }
        // The loop is about to sleep: the moment to draw what changed.
        loop.beforePoll.append { [unowned self] in
            drawIfDue()
            timer.arm(at: nextDeadline)
        }
        loop.onSignals([SIGTERM, SIGINT, SIGUSR1]) { [unowned self] signal in
            guard signal == SIGUSR1 else { return deliver(.terminate) }
            // Tests release a held-back GL with it.
            gl.held = false
            if let spread = gl.wanted { startGL(warmUp: spread) }
        }
    }

    /// Pages copied into, replaced in or removed from the book appear without a restart.
    func watchBook(_ path: String) {
        disk.watcher = FileWatcher.watching(book: path, reusing: disk.watcher, loop: loop) { [unowned self] in deliver(.bookChanged) }
    }

    /// Runs until quit; returns the exit status.
    func run() -> Int32 {
        presenter.startFeedback(display: display, keepsLatencies: stats,
                                onLatency: { [unowned self] ms in ops?.metrics?.presented(latency: ms) },
                                onPresented: { [unowned self] time, refresh in deliver(.presented(time: time, refresh: refresh)) })
        let status = loop.run(display: display)
        stopOperations()
        visits?.stop(now: now)
        // Quit while the GL was still starting (a kiosk stopped at once): let the helper thread finish first.
        gl.startup?.waitUntilDone()
        if stats { writeAll(2, statsReport) }
        return status
    }

    private var now: Double { monotonicMilliseconds() }

    /// The one way into the core: `event` at the loop's clock, its effects performed (`region`: the zoom region
    /// the page cache just delivered), the timer armed at the next deadline.
    func deliver(_ event: AppEvent, region: RGBAImage? = nil) {
        let at = now
        perform(core.handle(event, now: at), region: region, at: at)
        timer.arm(at: nextDeadline)
    }

    /// The one timer's deadline: the core's, and the shell's housekeeping that the same timer does before it
    /// delivers `.timer` (the visit recorder's held-back save or unfinished visit; systemd's watchdog ping and the
    /// metrics file).
    private var nextDeadline: Double? { [core.nextDeadline, visits?.nextDeadline, ops?.nextDeadline].compactMap { $0 }.min() }

    /// Input from any seat: its dispatch time for `--stats` and the visit's presence come first.
    private func inputArrived(_ input: InputEvent) {
        switch input {
        case .touchMotion, .touchDown, .pointerMotion, .pinchUpdate: presenter.stats.inputDispatched(at: now)
        default: break
        }
        if input.time != nil { visits?.inputArrived(now: now) }
        deliver(.input(input))
    }

    /// The window was configured (first map, resize, rotation, a new buffer scale).
    private func configured() {
        presenter.configured()
        deliver(.configured(width: Double(window.width), height: Double(window.height), scale: window.scale))
        if let perMM = window.pixelsPerMM { deliver(.pixelDensity(perMM: perMM)) }
    }

    /// What the book says of itself before any page is decoded: its reading direction and double-page images
    /// (ComicInfo) and a PDF's page proportions, so the spreads are laid out right from the start.
    func announceShape(of source: PageSource) {
        deliver(.bookDirection(rightToLeft: source.metadata.rightToLeft))
        deliver(.pagePlacement(doublePages: source.metadata.doublePages, sides: source.metadata.pageSides,
                               spread: source.metadata.spread))
        deliver(.frontCover(source.metadata.coverPage))
        deliver(.vectorPages(source.kind == .pdf))
        deliver(.pageLabels(source.pageLabels ?? []))
        deliver(.attribution(source.metadata.attribution))
        for language in core.languageChoices {
            guard let texts = source.bookTexts(in: language) else { continue }
            deliver(.bookTexts(language: language, pageLabels: texts.pageLabels, attribution: texts.attribution))
        }
        deliver(.tableOfContents(source.tableOfContents))
        deliver(.bookAbout(source.metadata.about))
        for problem in source.contentsProblems { logger.warning("contents: \(problem)") }
        guard let aspects = source.knownPageAspects else { return }
        deliver(.pageAspectsKnown(aspects))
    }

    /// The cache's results, handed to the core: a page's image stays in the cache until the core has it uploaded,
    /// a zoom region goes to the textures if the core still shows it.
    func pagesDecoded() {
        guard let cache else { return }
        for event in cache.drain() {
            switch event {
            case .ready(let page, let image, let source):
                deliver(.pageReady(page: page, size: image.size, sourceSize: source))
            case .failed(let page, let message):
                deliver(.pageFailed(page: page, message: message))
            case .evict(let page):
                deliver(.pageEvicted(page: page))
            case .region(let page, let rect, let image):
                deliver(.regionReady(page: page, rect: rect, size: image.size), region: image)
            case .regionFailed(let page, let message):
                perform([.warn("page \(page)'s zoomed detail cannot be shown, it stays at its coarser level: \(message)")])
            }
        }
    }
}
