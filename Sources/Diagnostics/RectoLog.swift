import Config
import Glibc
import Logging
import Posix

/// Logging to stderr through swift-log, one line per message (journald collects stderr under systemd).
/// Exit messages (`recto: …` before exiting) are not log messages and keep going through `printError`.
public enum RectoLog {
    /// Installs the stderr handler; call once, first thing in main.
    public static func bootstrap() {
        let journal = stderrIsJournal()
        LoggingSystem.bootstrap { _ in LineLogHandler(level: .notice, journal: journal) { writeAll(2, $0) } }
    }

    /// A logger at `level` (`--log-level`, `log-level`), for the command that read the settings: it hands it on.
    public static func logger(_ level: LogLevel) -> Logger {
        var logger = Logger(label: "recto")
        logger.logLevel = Logger.Level(rawValue: level.rawValue) ?? .notice
        return logger
    }

    /// systemd sets JOURNAL_STREAM to "device:inode" of the journal stream it connected; stderr is the journal
    /// when they match (the variable alone could be inherited by a child whose stderr was redirected).
    private static func stderrIsJournal() -> Bool {
        guard let value = getenv("JOURNAL_STREAM").map({ String(cString: $0) }) else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let dev = UInt64(parts[0]), let ino = UInt64(parts[1]),
              case .success(let st) = fileStatus(2) else { return false }
        return UInt64(st.st_dev) == dev && UInt64(st.st_ino) == ino
    }
}
