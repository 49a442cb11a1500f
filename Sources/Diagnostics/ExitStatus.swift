import Glibc
import Posix

/// The documented exit statuses (README, "Exit statuses").
public enum ExitStatus: Int32, Sendable {
    /// Quit by the user (Ctrl+Q), SIGTERM/SIGINT, or a subcommand that finished.
    case ok = 0
    /// `recto ctl`: the reader answered the request with an error.
    case refused = 1
    /// Bad arguments, bad configuration, or a book without a readable page.
    case usage = 2
    /// No Wayland display, or the display was lost (socket closed, protocol error).
    case display = 3
    /// No usable EGL/OpenGL ES 2.
    case graphics = 4
    /// `recto ctl`: no reader could be reached (no socket, connection refused or no reply).
    case unreachable = 5
}

extension ExitStatus {
    /// What the status says: the text every `--help` lists (README's "Exit statuses" says more).
    public var meaning: String {
        switch self {
        case .ok: "quit (Ctrl+Q, SIGTERM, SIGINT) or the command finished"
        case .refused: "recto ctl: the reader answered the request with an error"
        case .usage: "bad arguments or configuration; a book that is missing, empty or has no readable page; "
            + "a file that cannot be read or written"
        case .display: "no Wayland display, or the display was lost (socket closed, protocol error)"
        case .graphics: "no usable EGL/OpenGL ES 2"
        case .unreachable: "recto ctl: no reader could be reached (no socket, refused connection, no reply)"
        }
    }

    /// Every status, in order: what `recto --help` lists.
    public static let all: [ExitStatus] = [.ok, .refused, .usage, .display, .graphics, .unreachable]

    /// The EXIT STATUSES section of a command's `--help`: `statuses` (a command's own: those it can end with) in
    /// numeric order, each meaning wrapped under itself within 78 columns (help text wraps longer lines at the
    /// left margin).
    public static func helpSection(_ statuses: [ExitStatus]) -> String {
        var lines = ["EXIT STATUSES"]
        for status in statuses.sorted(by: { $0.rawValue < $1.rawValue }) {
            var line = "  \(status.rawValue) "
            for word in status.meaning.split(separator: " ") {
                if line.count + 1 + word.count > 78 {
                    lines.append(line)
                    line = "    "
                }
                line += " " + word
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

/// Ends the program with a status and a one-line message on stderr.
public struct RectoExit: Error {
    public let code: ExitStatus
    public let message: String
    public init(_ code: ExitStatus, _ message: String) { self.code = code; self.message = message }
}

public func printError(_ message: String) {
    var line = message.hasPrefix("recto: ") || message.hasPrefix("Error: ") || message.hasPrefix("Usage") ? message : "recto: " + message
    if !line.hasSuffix("\n") { line += "\n" }
    writeAll(2, line)
}

/// All of `text` to descriptor `fd` (stdout 1, stderr 2).
public func writeAll(_ fd: Int32, _ text: String) {
    _ = Array(text.utf8).withUnsafeBytes { writeAll($0, to: fd) }
}
