import AppCore
import Control
import Diagnostics
import Glibc
import Occurrences
import Posix

/// `--log-events`: one JSON object per line on stdout, each with "event" and "t" (monotonic ms).
/// Flushed per line: a test reading the pipe must not wait for a block buffer.
public struct EventLog {
    public var enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    public func emit(_ event: LogEvent) {
        guard enabled else { return }
        writeAll(1, EventLog.line(event) + "\n")
    }

    /// The event as one JSON object (no newline); also the reply to `recto ctl status`.
    public static func line(_ event: LogEvent) -> String {
        var line = "{\"event\":\(JSONText.string(event.name)),\"t\":\(json(.double(monotonicMilliseconds())))"
        for field in event.fields { line += ",\(JSONText.string(field.key)):\(json(field.value))" }
        return line + "}"
    }

    private static func json(_ value: LogEvent.Value) -> String {
        switch value {
        case .int(let v): return String(v)
        case .double(let v): return v.isFinite ? String((v * 1000).rounded() / 1000) : "null"
        case .bool(let v): return v ? "true" : "false"
        case .string(let s): return JSONText.string(s)
        }
    }
}
