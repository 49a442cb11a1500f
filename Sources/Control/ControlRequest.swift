/// One request of the control protocol (`recto ctl`): a line of UTF-8 text, a verb and at most one argument.
public enum ControlRequest: Sendable, Equatable {
    /// A JSON object describing the reader (book, page, zoom, idle time, uptime, frames, errors, memory).
    case status
    /// Show the spread holding page N (from 1) at once.
    case goto(Int)
    /// Open another book (a directory, an image or a CBZ; an absolute path) at its first page.
    case open(String)
    /// Read the book from disk again.
    case reload
    /// Back to the cover now, as after the idle timeout.
    case idleReset
    /// Write the next frame, as drawn, to this PNG file (an absolute path).
    case screenshot(String)
    /// The value in force of the setting of this name.
    case get(String)
    /// Change a live setting (name, value as on the command line) in the running reader.
    case set(String, String)
    /// A page's own text, as speech mode reads it (page N, or the page on screen).
    case text(Int?)

    /// The verbs, for help and error messages.
    public static let verbs = ["status", "goto N", "open BOOK", "reload", "idle-reset", "screenshot FILE.png", "get SETTING",
                                     "set SETTING VALUE", "text [N]"]

    /// Parses one line (without its newline; a trailing CR is ignored). The error is the reply's text.
    public static func parse(_ line: String) -> Result<ControlRequest, ControlError> {
        var text = Substring(line)
        if text.hasSuffix("\r") { text = text.dropLast() }
        text = text.drop { $0 == " " || $0 == "\t" }
        let verb = text.prefix { $0 != " " && $0 != "\t" }
        let argument = String(text.dropFirst(verb.count).drop { $0 == " " || $0 == "\t" })
        let trimmed = argument.hasSuffix(" ") ? String(argument.reversed().drop { $0 == " " }.reversed()) : argument
        func noArgument(_ request: ControlRequest) -> Result<ControlRequest, ControlError> {
            trimmed.isEmpty ? .success(request) : .failure(ControlError("\(verb) takes no argument"))
        }
        switch verb {
        case "status": return noArgument(.status)
        case "reload": return noArgument(.reload)
        case "idle-reset": return noArgument(.idleReset)
        case "goto":
            guard let n = Int(trimmed), n >= 1 else {
                return .failure(ControlError("goto wants a page number from 1, not \(trimmed.isEmpty ? "nothing" : "'\(trimmed)'")"))
            }
            return .success(.goto(n))
        case "open", "screenshot":
            guard trimmed.hasPrefix("/") else {
                return .failure(ControlError("\(verb) wants an absolute path, not \(trimmed.isEmpty ? "nothing" : "'\(trimmed)'")"))
            }
            return .success(verb == "open" ? .open(trimmed) : .screenshot(trimmed))
        case "text":
            guard !trimmed.isEmpty else { return .success(.text(nil)) }
            guard let n = Int(trimmed), n >= 1 else {
                return .failure(ControlError("text wants a page number from 1 or nothing (the page on screen), not '\(trimmed)'"))
            }
            return .success(.text(n))
        case "get":
            guard !trimmed.isEmpty, !trimmed.contains(" ") else {
                return .failure(ControlError("get wants a setting's name, e.g. get max-zoom"))
            }
            return .success(.get(trimmed))
        case "set":
            let name = trimmed.prefix { $0 != " " && $0 != "\t" }
            let value = trimmed.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
            guard !name.isEmpty, !value.isEmpty else {
                return .failure(ControlError("set wants a setting's name and a value, e.g. set max-zoom 4"))
            }
            return .success(.set(String(name), String(value)))
        case "":
            return .failure(ControlError("empty request (requests: \(verbs.joined(separator: ", ")))"))
        default:
            let shown = verb.count > 40 ? verb.prefix(40) + "…" : verb
            return .failure(ControlError("unknown request '\(shown)' (requests: \(verbs.joined(separator: ", ")))"))
        }
    }
}

/// Why a request was refused; its text follows `error: ` on the reply line.
public struct ControlError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Reply lines: `ok` (and a few words), `error: why`, or a JSON object (status). One line each, no newline in it.
public enum ControlReply {
    public static func ok(_ detail: String = "") -> String { detail.isEmpty ? "ok" : "ok " + oneLine(detail) }
    public static func error(_ message: String) -> String { "error: " + oneLine(message) }

    /// True when `line` (a reply) reports success: `recto ctl` exits 0 only then.
    public static func isSuccess(_ line: String) -> Bool { !line.hasPrefix("error:") }

    private static func oneLine(_ s: String) -> String {
        String(s.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
