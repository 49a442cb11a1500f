import AppCore
import ArgumentParser
import Config
import FoundationEssentials
import Invocation
import Localization
import Pages
import SpeechMode

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
        let logger = RectoLog.logger
        logger.info("configuration: \(file ?? "none (defaults and flags)")")
        logger.debug("settings: \(SettingKey.allCases.compactMap { k in settings.value(of: k).map { "\(k.rawValue)=\($0)" } }.joined(separator: " "))")
        // Before any IIIF book is opened: its fetcher's disk cache is made once, at this size.
        RemoteBooks.setCacheBytes(settings.webCacheMB << 20)
        let library = try bookOptions.libraryBooks(settings)
        if library?.isEmpty == true { throw RectoExit(.usage, "the library holds no books (folders of images, CBZs, PDFs)") }
        // A library of one book opens it directly; of more, the first that opens is ready behind the shelf.
        let book: BookLocation
        if let library, library.count > 1 {
            guard let first = library.lazy.compactMap({ try? BookLocation(path: $0) }).first else {
                throw RectoExit(.usage, "no book of the library can be opened (\(library.count) books)")
            }
            book = first
        } else {
            book = try library.map { try BookLocation(path: $0[0]) } ?? bookOptions.location(settings)
        }
        logger.info("book: \(book.path), \(book.pageCount) pages")
        let env = ProcessInfo.processInfo.environment
        if (env["WAYLAND_DISPLAY"] ?? "").isEmpty && (env["WAYLAND_SOCKET"] ?? "").isEmpty {
            throw RectoExit(.display, """
                no Wayland display (WAYLAND_DISPLAY is not set). Run recto inside a Wayland session, \
                under a kiosk compositor (`cage -- recto --kiosk BOOK`), or render offscreen with \
                `recto render BOOK --page N --out page.png`.
                """)
        }
        var app = AppSettings()
        let shelved = (library?.count ?? 0) > 1
        // A library's books differ: none sets the reading direction for all.
        app.reader = shelved ? settings.readerConfig : book.readerConfig(settings)
        app.directionFixed = settings.isGiven(\.rightToLeft)
        if let problem = book.source.metadata.problem { logger.warning("\(book.path): \(problem)") }
        if let problem = book.own.problem { logger.warning("\(problem)") }
        app.kiosk = settings.kiosk
        app.idleReset = settings.idleResetMilliseconds
        app.idleWarning = settings.idleWarningMilliseconds
        if let notice = AppSettings.idleWarningNotice(idleReset: app.idleReset, warning: app.idleWarning) {
            logger.warning("\(notice)")
        }
        app.motionScale = settings.motionScale > 0 ? settings.motionScale : nil
        app.predict = settings.predict
        app.remembersPosition = settings.rememberPosition && !settings.kiosk
        // Test-only (`RECTO_TEST_FADE_MS`): a slow reduced-motion cross-fade, so screenshots land inside one.
        if let ms = env["RECTO_TEST_FADE_MS"].flatMap(Double.init), ms >= 0 { app.reader.fadeDuration = ms }
        app.controlsAlways = settings.controls == "always"
        app.reach = settings.reach
        app.largeText = settings.largeText
        app.attractAfter = settings.attractAfterSeconds > 0 ? settings.attractAfterSeconds * 1000 : nil
        app.translator = Translator(preferences: Language.preferences(setting: settings.language, environment: env))
        if let language = settings.language, app.translator.languages.isEmpty, !language.lowercased().hasPrefix("en") {
            logger.warning("language \(language): no translation (available: \(Translator.available.joined(separator: ", "))); using English")
        }
        var options = ReaderOptions(book: book, logEvents: settings.logEvents, background: settings.background.rgba,
                                    app: app, outputName: settings.output)
        options.stats = stats
        options.library = shelved ? library : nil
        options.libraryDirectory = shelved ? bookOptions.libraryDirectory(settings) : nil
        options.cacheBytes = settings.cacheBytes
        options.cachePages = settings.cachePages
        options.diskCacheBytes = settings.diskCacheMB << 20
        options.logger = logger
        options.controlSocket = settings.controlSocket
        options.metricsFile = settings.metricsFile
        options.metricsInterval = settings.metricsInterval
        options.settings = settings
        // Visit statistics (issue 30).
        options.visitRetentionDays = settings.visitStatsOn ? settings.visitRetentionDays : nil
        // Speech mode (issue 27).
        options.speech = SpeechOutput.Config(startsOn: settings.speech, toggleKey: settings.speechKey,
                                             holdMS: settings.speechHold, rate: settings.speechRate,
                                             volume: settings.speechVolume)
        options.speechLanguage = settings.speechLanguage ?? settings.language
        let status: Int32 = try MainActor.assumeIsolated {
            let app = try ReaderApp(options: options)
            return app.run()
        }
        if status != 0 { throw RectoExit(ExitStatus(rawValue: status) ?? .display, "") }
    }
}
