import ArgumentParser
import Control
import Diagnostics
import FoundationEssentials
import Glibc
import Platform
import Posix
import Visits

/// `recto ctl REQUEST`: one request to a running reader over its control socket, its reply on stdout.
public struct Ctl: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Send a request to a running reader (status, goto, open, reload, idle-reset, screenshot, get, set, text).",
        discussion: """
        Requests: status (a JSON line: book, page, spread, zoom, idle_seconds, uptime_seconds, frames, \
        gl_errors, page_failures, rss_bytes, texture_bytes); goto N; open BOOK; reload; idle-reset; \
        screenshot FILE.png (the next frame as drawn; the reader writes the file, so it must be able to); \
        get SETTING (its value in force); set SETTING VALUE (a live setting, e.g. `set turn-duration 400`: the \
        next gesture and turn use it; `recto --help` marks the live ones); text [N] (page N's own text, as \
        speech mode reads it: its sidecar .txt, a PDF page's text layer, a IIIF canvas's summary; the page on \
        screen without N). \
        stats (JSON of the visit statistics, the figures `recto report --json` gives, read from this machine's \
        visits.db or --database, since --since; the reader need not run: the database is read beside it). \
        Relative paths are made absolute here. The reply goes to stdout: `ok ...`, a JSON object, or \
        `error: ...` (exit status 1). Exit status 5 when no reader can be reached.

        The socket: --socket PATH, else the one reader whose socket is in $XDG_RUNTIME_DIR \
        (recto-DISPLAY-PID.sock; the reader names it in its `ready` event and its info log). Only the \
        reader's own user and root are served.

        \(ExitStatus.helpSection([.ok, .refused, .usage, .unreachable]))
        """)

    @Option(help: "The reader's control socket (default: the only reader running in $XDG_RUNTIME_DIR).")
    var socket: String?

    @Option(help: "Seconds to wait for the reply.")
    var timeout = 10

    @Option(help: ArgumentHelp("With `stats`: only visits from this date on (YYYY-MM-DD, UTC).", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("With `stats`: the visit database (default: this machine's).", valueName: "db"))
    var database: String?

    @Argument(help: "The request and its argument, e.g. `goto 5` or `screenshot shot.png`.")
    var request: [String] = []

    public func run() throws {
        guard let verb = request.first else {
            throw RectoExit(.usage, "no request for recto ctl (one of: \(ControlRequest.verbs.joined(separator: ", ")))")
        }
        if verb == "stats" {
            if let since, Report.parseDate(since) == nil { throw RectoExit(.usage, "--since wants YYYY-MM-DD, not '\(since)'") }
            let records = try Report.records(database.map { [$0] } ?? [], since: since)
            writeAll(1, VisitReport(records, thumbnails: [:], title: "Recto visits").json())
            return
        }
        var words = request
        if words.count == 2, verb == "open" || verb == "screenshot", !words[1].hasPrefix("/") {
            words[1] = URL(fileURLWithPath: words[1]).standardizedFileURL.path
        }
        let path = try socketPath()
        let reply: String
        do { reply = try ControlClient.request(words.joined(separator: " "), path: path, timeoutMS: Int32(timeout * 1000)) } catch {
            throw RectoExit(.unreachable, error.description)
        }
        writeAll(1, reply + "\n")
        if !ControlReply.isSuccess(reply) { throw RectoExit(.refused, "") }
    }

    private func socketPath() throws -> String {
        if let socket { return socket }
        guard let dir = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !dir.isEmpty else {
            throw RectoExit(.unreachable, "XDG_RUNTIME_DIR is not set: give the reader's socket with --socket PATH")
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        switch SocketName.choose(files: files, directory: dir, isAlive: { pid in
            if case .failure(let error) = systemCall({ kill(pid, 0) }) { error.code == EPERM } else { true }
        }) {
        case .success(let path): return path
        case .failure(let error): throw RectoExit(.unreachable, error.description)
        }
    }
}
