import AppCore
import BookFiles
import Config
import Control
import Diagnostics
import FoundationEssentials
import Glibc
import Occurrences
import Operations
import Pages
import Platform
import Presentation
import Renderer

/// The shell's side of `recto ctl`, systemd and the metrics file (Operations.swift): sockets and files here,
/// every decision in AppCore (AppCore+Control.swift) and the Control and Metrics modules.
extension ReaderApp {
    func startOperations() {
        let env = ProcessInfo.processInfo.environment
        let o = Operations(environment: env, bookPath: book.path, metricsPath: core.settings.metricsFile,
                           metricsInterval: core.settings.metricsInterval)
        ops = o
        if let path = core.settings.controlSocket ?? SocketName.defaultPath(
            runtimeDirectory: env["XDG_RUNTIME_DIR"], waylandDisplay: env["WAYLAND_DISPLAY"], pid: getpid()) {
            do {
                let server = try ControlServer(path: path, loop: loop)
                server.onRequest = { [unowned self] id, line in controlRequest(line, from: id) }
                o.control = server
                logger.info("control socket: \(path)")
            } catch {
                logger.warning("no control socket (recto ctl will not reach this reader): \(error)")
            }
        }
    }

    /// Socket file removed, last metrics written, systemd told.
    func stopOperations() {
        guard let o = ops else { return }
        o.stop()
        if o.metrics != nil { writeMetrics() }
    }

    /// A control request line from client `client`: a request the core decides on, or an error said at once.
    private func controlRequest(_ line: String, from client: Int) {
        switch ControlRequest.parse(line) {
        case .success(let request): deliver(.control(client: client, request))
        case .failure(let error): ops?.control?.reply(to: client, ControlReply.error(error.description))
        }
    }

    /// Every occurrence's meaning passes here: the metrics count it, systemd hears of the first frame and of pages.
    func observe(_ meaning: OccurrenceMeaning) {
        ops?.observe(meaning, page: core.reader.page, pageCount: core.reader.position.pageCount, awaited: core.bookAwaited)
    }

    /// The occurrence's log line; readiness names the control socket.
    func logLine(_ meaning: OccurrenceMeaning) -> LogEvent {
        var e = meaning.log
        if meaning.systemd == .ready, let path = ops?.control?.path { e.append("control", .string(path)) }
        return e
    }

    func statusReport(_ core: LogEvent) -> LogEvent {
        ops?.status(core, version: RectoVersion.string, glErrors: presenter.glErrorCount, textureBytes: textureBytes,
                    speech: speech?.status(on: self.core.speechMode)) ?? core
    }

    private var textureBytes: Int { presenter.textures.byteCount }

    /// The pages, the watcher, the remembered position and the status follow `book` from now on.
    func switchBook(to book: BookLocation) {
        ops?.bookPath = book.path
        ops?.metrics?.book = book.path
        visits?.bookOpened(book.path, now: monotonicMilliseconds())
        disk.generation += 1
        disk.rereadAgain = false
        cache?.replaceSource(book.source)
        watchBook(book.path)
        if let problem = book.own.problem { logger.warning("\(problem)") }
        if disk.positions != nil { disk.positions = book.record(logger: logger) }
    }

    /// Whether the frame being drawn must be whole and read back: a screenshot is asked for and every page on
    /// screen has its image (a screenshot shows the page, not the paper it lies on while it decodes; a page that
    /// cannot be decoded has its placeholder soon).
    var screenshotPending: Bool { !(ops?.screenshots.isEmpty ?? true) && core.showsEveryPage }

    func writeMetrics() {
        ops?.writeMetrics(residentBytes: ProcessStatus.residentKB() * 1024, textureBytes: textureBytes,
                          helperRestarts: (cache?.source.provider as? PDFSource)?.document.helperRestarts,
                          extra: visits?.counters.exposition() ?? "") { [logger = logger] in logger.warning("\($0)") }
    }
}
