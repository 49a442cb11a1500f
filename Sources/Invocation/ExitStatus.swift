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
