import ArgumentParser
import Foundation

struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a book full-screen on the Wayland display (the default command).")

    @OptionGroup var bookOptions: BookOptions

    @Flag(help: "Kiosk mode: no quit key, no way out of the book, cursor hidden.")
    var kiosk = false

    @Flag(name: .customLong("log-events"), help: "Write JSON-lines events (ready, page, flip, zoom…) to stdout.")
    var logEvents = false

    @Option(help: "Name of the output to go full-screen on (default: the compositor's choice).")
    var output: String?

    func run() throws {
        let book = try bookOptions.location()
        let background = try bookOptions.backgroundColour()
        let env = ProcessInfo.processInfo.environment
        if (env["WAYLAND_DISPLAY"] ?? "").isEmpty && (env["WAYLAND_SOCKET"] ?? "").isEmpty {
            throw RectoExit(.display, """
                no Wayland display (WAYLAND_DISPLAY is not set). Run recto inside a Wayland session, \
                under a kiosk compositor (`cage -- recto --kiosk BOOK`), or render offscreen with \
                `recto render BOOK --page N --out page.png`.
                """)
        }
        let options = ReaderOptions(book: book, kiosk: kiosk, logEvents: logEvents,
                                    background: background, reader: bookOptions.readerConfig(), outputName: output)
        let status: Int32 = try MainActor.assumeIsolated {
            let app = try ReaderApp(options: options)
            return app.run()
        }
        if status != 0 { throw RectoExit(ExitStatus(rawValue: status) ?? .display, "") }
    }
}
