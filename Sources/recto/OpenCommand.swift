import AppCore
import ArgumentParser
import BookFiles
import Config
import Diagnostics
import Fetch
import FoundationEssentials
import Invocation
import Localization
import Pages
import Speech

struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a book full-screen on the Wayland display (the default command).",
        discussion: """
        Every option below is also a key of the configuration file (see `recto --help`); flags win. \
        Keys: Right/PageDown/space forward, Left/PageUp/BackSpace back, Home/End, +/−/0 zoom, \
        Ctrl+Q quit (not in kiosk mode). Needs WAYLAND_DISPLAY (a Wayland session, or `cage -- recto --kiosk BOOK`).

        SETTING FLAGS (also keys of the configuration file; flags win)
        \(SettingsDocs.flagHelp(scope: .reader))

        \(ExitStatus.helpSection([.ok, .usage, .display, .graphics]))
        """)

    @OptionGroup var bookOptions: BookOptions

    @Flag(help: "Measure input-to-commit latency and frame costs; print a summary on stderr at exit (diagnostic, no configuration key).")
    var stats = false

    func run() throws {
        let (settings, file) = try bookOptions.settings()
        let logger = RectoLog.logger(settings.logLevel)
        logger.info("configuration: \(file ?? "none (defaults and flags)")")
        logger.debug("settings: \(SettingKey.allCases.compactMap { k in settings.value(of: k).map { "\(k.rawValue)=\($0)" } }.joined(separator: " "))")
        let env = ProcessInfo.processInfo.environment
        // What every IIIF book opened from now on fetches through: one pool of connections, one disk cache.
        let remote = RemoteBooks(cacheBytes: settings.webCacheMB << 20, environment: env)
        let library = try bookOptions.libraryBooks(settings)
        if library?.isEmpty == true { throw RectoExit(.usage, "the library holds no books (folders of images, CBZs, PDFs)") }
        // A library of one book opens it directly; of more, the first that opens is ready behind the shelf.
        let book: BookLocation
        if let library, library.count > 1 {
            guard let first = library.lazy.compactMap({ try? BookLocation(path: $0, remote: remote) }).first else {
                throw RectoExit(.usage, "no book of the library can be opened (\(library.count) books)")
            }
            book = first
        } else if settings.kiosk, library == nil, let path = settings.book {
            // A kiosk waits for its one book (still being copied, damaged, refused): the reason on screen, the path
            // watched, rather than an exit that systemd would only repeat.
            do { book = try BookLocation(opening: path, remote: remote) } catch {
                logger.warning("the book \(path) cannot be shown (\(error)); waiting for it")
                book = BookLocation(awaiting: path, refusal: error, remote: remote)
            }
        } else {
            book = try library.map { try BookLocation(path: $0[0], remote: remote) } ?? bookOptions.location(settings, remote: remote)
        }
        logger.info("book: \(book.path), \(book.pageCount) pages")
        if (env["WAYLAND_DISPLAY"] ?? "").isEmpty && (env["WAYLAND_SOCKET"] ?? "").isEmpty {
            throw RectoExit(.display, """
                no Wayland display (WAYLAND_DISPLAY is not set). Run recto inside a Wayland session, \
                under a kiosk compositor (`cage -- recto --kiosk BOOK`), or render offscreen with \
                `recto render BOOK --page N --out page.png`.
                """)
        }
        let shelved = (library?.count ?? 0) > 1
        if let problem = book.source.metadata.problem { logger.warning("\(book.path): \(problem)") }
        if let problem = book.own.problem { logger.warning("\(problem)") }
        if let notice = AppCore.idleWarningNotice(settings) { logger.warning("\(notice)") }
        var host = Host(translator: Translator(preferences: Language.preferences(setting: settings.language, environment: env)))
        if let language = settings.language, host.translator.languages.isEmpty, !language.lowercased().hasPrefix("en") {
            logger.warning("language \(language): no translation (available: \(Translator.available.joined(separator: ", "))); using English")
        }
        // Test-only (`RECTO_TEST_FADE_MS`): a slow reduced-motion cross-fade, so screenshots land inside one.
        if let ms = env["RECTO_TEST_FADE_MS"].flatMap(Double.init), ms >= 0 { host.fadeDuration = ms }
        let (shelfBooks, directory, stats) = (shelved ? library : nil, shelved ? bookOptions.libraryDirectory(settings) : nil, stats)
        let status: Int32 = try MainActor.assumeIsolated {
            let app = try ReaderApp(settings: settings, book: book, shelfBooks: shelfBooks, libraryDirectory: directory,
                                    host: host, remote: remote, stats: stats, logger: logger)
            return app.run()
        }
        if status != 0 { throw RectoExit(ExitStatus(rawValue: status) ?? .display, "") }
    }
}
