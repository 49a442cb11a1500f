import AppCore
import Decoding
import FoundationEssentials
import Glibc
import Invocation
import Pages
import Platform
import Presentation
import ReaderOperations
import Renderer
import SpeechMode
import VisitStore

/// The interactive reader's wiring: it turns everything that wakes the loop into a `LoopEvent` for `handle(_:)`,
/// hands the policy's part to `AppCore`, and performs the effects it returns by calling the modules
/// (ReaderApp+Effects.swift): the page cache (Pages) keeps each page's image until the presenter (Presentation)
/// uploads it into its textures and draws the frames the core plans (ReaderApp+Drawing.swift). Lives on the main thread; every callback arrives there through the platform layer.
@MainActor final class ReaderApp {
    let options: ReaderOptions
    let log: EventLog
    let loop = EventLoop()
    let display: WaylandDisplay
    var window: Window { presenter.window }
    /// The frames, the GL and the page textures (Presentation).
    let presenter: FramePresenter
    var core: AppCore
    var timer: TimerSource!
    var watcher: FileWatcher?
    var cache: PageCache?
    /// Makes the GL on a helper thread after the first frame; nil before and once it handed it over.
    var glStartup: GLStartup?
    var glToken: Int?
    /// Reads the book again off the main thread (made at the first change on disk).
    var rereader: Rereader?
    /// The book the read under way is for (`bookGeneration` when it started), and whether it changed again since.
    var rereading: Int?
    var rereadAgain = false
    /// Counts the books opened (`recto ctl open`, the shelf): a read of the one before is of no use.
    var bookGeneration = 0
    /// Test-only (`RECTO_TEST_HOLD_GL=1`): the GL starts at SIGUSR1, so tests can see the CPU frames alone.
    var holdGL = false
    var glWanted = false
    /// Where this book's page is remembered (tablets), nil in kiosk mode or when it cannot be.
    var positions: BookRecord?
    /// The control socket, systemd and the metrics file (ReaderApp+Operations.swift).
    var ops: Operations?
    /// A library's covers and titles (ReaderApp+Shelf.swift), its directory watched; nil for one book.
    var shelf: ShelfCovers?
    var library: LibraryWatch?
    /// Visit statistics; nil when off.
    var visits: VisitStats?
    /// Speech mode; made at start, silent while off.
    var speech: SpeechOutput?
    /// The pages' texts speech mode says, read off the loop (made at the first page said).
    var spokenPages: SpokenPages?

    init(options: ReaderOptions) throws {
        self.options = options
        returnLargeAllocationsToTheSystem()
        log = EventLog(enabled: options.logEvents)
        let display: WaylandDisplay
        do { display = try WaylandDisplay() } catch let e as DisplayError {
            throw RectoExit(.display, e.description)
        }
        self.display = display
        display.hideCursor = options.kiosk
        let output = options.outputName.flatMap { name in display.outputList.first { $0.name == name } }
        if let name = options.outputName, output == nil {
            let known = display.outputList.map(\.name).filter { !$0.isEmpty }
            throw RectoExit(.usage, "no output named \(name) (outputs: \(known.isEmpty ? "none named" : known.joined(separator: ", ")))")
        }
        let window: Window
        let title = options.library == nil ? options.book.title.map { "\($0) — Recto" } ?? "Recto" : "Recto"
        do { window = try Window(display: display, title: title, appID: "recto", output: output) } catch let e as DisplayError {
            throw RectoExit(.display, e.description)
        }
        presenter = FramePresenter(window: window, background: options.background, checksGLErrors: options.stats)
        var settings = options.app
        // A library shows its shelf first: the GL draws it (the CPU frames draw pages only).
        settings.softwareFrames = presenter.softwareAvailable && options.library == nil
        let positions = settings.remembersPosition ? options.book.record(logger: options.logger) : nil
        self.positions = positions
        // A book opens where it was left, else at its front cover (ComicInfo), else at page 1.
        let start = positions?.page ?? options.book.coverPage(spineOffsetSetting: options.settings.spineOffset)
        core = AppCore(pageCount: options.book.pageCount, settings: settings, startPage: start)
        holdGL = ProcessInfo.processInfo.environment["RECTO_TEST_HOLD_GL"] == "1"
        timer = TimerSource(loop: loop) { [unowned self] in handle(.timer) }
        visits = VisitStats(retentionDays: options.visitRetentionDays, idleReset: settings.idleReset,
                            bookPath: options.book.path, loop: loop, environment: ProcessInfo.processInfo.environment,
                            warn: { [logger = options.logger] in logger.warning("\($0)") })
        speech = makeSpeech()
        announceShape(of: options.book.source)
        wire()
        watchBook(options.book.path)
        startOperations()
        startShelf()
    }

    private func wire() {
        display.onFatal = { [unowned self] error in
            printError(error.description)
            loop.stop(ExitStatus.display.rawValue)
        }
        display.onInput = { [unowned self] input in handle(.input(input)) }
        display.onOutputsChanged = { [unowned self] in handle(.outputsChanged) }
        window.onResize = { [unowned self] in handle(.configured) }
        window.onClose = { [unowned self] in handle(.closeRequested) }
        window.onFrame = { [unowned self] in handle(.frameCallback) }
        loop.beforePoll.append { [unowned self] in handle(.idle) }
        loop.onSignals([SIGTERM, SIGINT, SIGUSR1]) { [unowned self] signal in handle(.signal(signal)) }
    }

    /// Pages copied into, replaced in or removed from the book appear without a restart.
    func watchBook(_ path: String) {
        watcher = FileWatcher.watching(book: path, reusing: watcher, loop: loop) { [unowned self] in handle(.bookChanged) }
    }

    /// Runs until quit; returns the exit status.
    func run() -> Int32 {
        presenter.startFeedback(display: display, keepsLatencies: options.stats,
                                onLatency: { [unowned self] ms in ops?.metrics?.presented(latency: ms) },
                                onPresented: { [unowned self] time, refresh in handle(.presented(time: time, refresh: refresh)) })
        let status = loop.run(display: display)
        stopOperations()
        visits?.stop(now: now)
        // Quit while the GL was still starting (a kiosk stopped at once): let the helper thread finish first.
        glStartup?.waitUntilDone()
        if options.stats { writeAll(2, statsReport) }
        return status
    }

    private var now: Double { monotonicMilliseconds() }

    /// The one handler: every event that wakes the loop comes here.
    func handle(_ event: LoopEvent) {
        switch event {
        case .input(let input):
            switch input {
            case .touchMotion, .touchDown, .pointerMotion, .pinchUpdate: presenter.stats.inputDispatched(at: now)
            default: break
            }
            if input.time != nil { visits?.inputArrived(now: now) }
            speech?.input(input, now: now)
            perform(core.handle(.input(input), now: now))
        case .configured:
            presenter.configured()
            perform(core.handle(.configured(width: Double(window.width), height: Double(window.height),
                                            scale: window.scale), now: now))
            if let perMM = window.pixelsPerMM { perform(core.handle(.pixelDensity(perMM: perMM), now: now)) }
        case .outputsChanged:
            window.updateScale()
        case .frameCallback:
            presenter.stats.frameCallback()
            perform(core.handle(.frameCallback, now: now))
        case let .presented(time, refresh):
            perform(core.handle(.presented(time: time, refresh: refresh), now: now))
        case .timer:
            timer.fired()
            perform(core.handle(.timer, now: now))
        case .pagesDecoded:
            pagesDecoded()
        case .coverDecoded(let book):
            coverDecoded(book)
        case .libraryChanged: perform(core.handle(.libraryChanged, now: now))
        case .libraryRead: libraryRead()
        case .bookChanged:
            perform(core.handle(.bookChanged, now: now))
        case .bookReread:
            bookReread()
        case .pageTexts: spokenPages?.textsRead()
        case .signal(SIGUSR1):
            holdGL = false
            if glWanted { startGL() }
        case .signal:
            perform(core.handle(.terminate, now: now))
        case .glStarted:
            glStarted()
        case .closeRequested:
            perform(core.handle(.closeRequested, now: now))
        case .idle:
            drawIfDue()
        case .control, .watchdog, .metricsDue:
            operate(event)
        }
        timer.arm(at: core.nextDeadline)
    }

    /// What the book says of itself before any page is decoded: its reading direction and double-page images
    /// (ComicInfo) and a PDF's page proportions, so the spreads are laid out right from the start.
    func announceShape(of source: PageSource) {
        perform(core.handle(.bookDirection(rightToLeft: source.metadata.rightToLeft), now: now))
        perform(core.handle(.doublePages(source.metadata.doublePages), now: now))
        perform(core.handle(.frontCover(source.metadata.coverPage), now: now))
        perform(core.handle(.pageLabels(source.pageLabels ?? []), now: now))
        perform(core.handle(.attribution(source.metadata.attribution), now: now))
        guard let aspects = source.knownPageAspects else { return }
        perform(core.handle(.pageAspectsKnown(aspects), now: now))
    }

    /// The cache's results, handed to the core: a page's image stays in the cache until the core has it uploaded,
    /// a zoom region goes to the textures if the core still shows it.
    private func pagesDecoded() {
        guard let cache else { return }
        for event in cache.drain() {
            switch event {
            case .ready(let page, let image, let source):
                perform(core.handle(.pageReady(page: page, size: image.size, sourceSize: source), now: now))
            case .failed(let page, let message):
                perform(core.handle(.pageFailed(page: page, message: message), now: now))
            case .evict(let page):
                perform(core.handle(.pageEvicted(page: page), now: now))
            case .region(let page, let rect, let image):
                perform(core.handle(.regionReady(page: page, rect: rect, size: image.size), now: now), region: image)
            case .regionFailed(let page, let message):
                perform([.warn("page \(page)'s zoomed detail cannot be shown, it stays at its coarser level: \(message)")])
            }
        }
    }
}
