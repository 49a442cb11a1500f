import AppCore
import Glibc
import Posix

/// `--log-events`: one JSON object per line on stdout, each with "event" and "t" (monotonic ms).
/// Flushed per line: a test reading the pipe must not wait for a block buffer.
struct EventLog {
    var enabled: Bool

    func emit(_ event: LogEvent) {
        guard enabled else { return }
        writeAll(1, EventLog.line(event) + "\n")
    }

    /// The event as one JSON object (no newline); also the reply to `recto ctl status`.
    static func line(_ event: LogEvent) -> String {
        var line = "{\"event\":\(jsonString(event.name)),\"t\":\(json(.double(monotonicMilliseconds())))"
        for field in event.fields { line += ",\(jsonString(field.key)):\(json(field.value))" }
        return line + "}"
    }

    private static func json(_ value: LogEvent.Value) -> String {
        switch value {
        case .int(let v): return String(v)
        case .double(let v): return v.isFinite ? String((v * 1000).rounded() / 1000) : "null"
        case .bool(let v): return v ? "true" : "false"
        case .string(let s): return jsonString(s)
        }
    }
}

func jsonString(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if u.value < 0x20 { out += "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count) + String(u.value, radix: 16) }
            else { out.unicodeScalars.append(u) }
        }
    }
    return out + "\""
}

/// Writes the whole string to a file descriptor (stdout 1, stderr 2); a line goes out at once, with no stdio
/// buffer between it and a reader. A failure (a closed pipe) loses the line: there is nowhere to report it.
func writeAll(_ fd: Int32, _ text: String) {
    _ = Array(text.utf8).withUnsafeBytes { writeAll($0, to: fd) }
}
