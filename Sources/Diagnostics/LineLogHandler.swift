import Config
import Logging

/// A swift-log handler that writes one line per message, for stderr (which journald collects under systemd).
///
/// Line format: `recto: warning: page 3 failed to decode [path=/srv/book/p3.png]`. When stderr is connected
/// to the journal (`journal == true`), each line starts with the syslog priority, `<4>`, which journald turns
/// into the entry's priority and strips (systemd.exec, `SyslogLevelPrefix=`, on by default).
public struct LineLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    /// Writes one complete line (ending in a newline); must be safe to call from any thread.
    public let write: @Sendable (String) -> Void
    public let journal: Bool
    public let program: String

    public init(program: String = "recto", level: Logger.Level = .notice, journal: Bool = false,
                write: @escaping @Sendable (String) -> Void) {
        self.program = program; self.logLevel = level; self.journal = journal; self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        self.write(format(level: event.level, message: event.message.description, metadata: event.metadata))
    }

    /// The line for one message, newline included. Metadata is sorted by key so lines are reproducible.
    public func format(level: Logger.Level, message: String, metadata explicit: Logger.Metadata?) -> String {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let explicit { all.merge(explicit) { _, new in new } }
        var line = journal ? "<\(Self.syslogPriority(level))>" : ""
        line += "\(program): \(level.rawValue): "
        // One message, one line: a newline inside would split it into two journal entries.
        line += message.replacingNewlines()
        if !all.isEmpty {
            line += " [" + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)".replacingNewlines() }
                .joined(separator: " ") + "]"
        }
        return line + "\n"
    }

    /// syslog(3) priorities: LOG_DEBUG 7 … LOG_CRIT 2.
    public static func syslogPriority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}

private extension String {
    func replacingNewlines() -> String {
        guard contains(where: \.isNewline) else { return self }
        return String(map { $0.isNewline ? " " : $0 })
    }
}
