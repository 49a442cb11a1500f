/// A command of speech-dispatcher's SSIP protocol (Speech Synthesis Interface Protocol), as the lines it is
/// sent as. Only what the reader uses; each is one line ending in CR LF, except `speak`, whose text follows in
/// a second step once the server says it receives data (`SSIPSession` keeps that order).
public enum SSIPCommand: Sendable, Equatable {
    case clientName(user: String, application: String, component: String)
    /// Asks for the 7xx events (begin, end, cancel) the session reports.
    case notifications
    case language(String)
    /// -100…100; 0 is the server's default.
    case rate(Int)
    /// -100…100; 0 is the server's default.
    case volume(Int)
    /// Drops what this client has queued and stops what it is saying now.
    case cancel
    case speak(String)
    case quit

    /// The command line, CR LF included. Values are cleaned of line breaks: a name or a language code can never
    /// end the line early and slip a second command in.
    public var line: String {
        switch self {
        case let .clientName(user, application, component):
            "SET self CLIENT_NAME \(Self.word(user)):\(Self.word(application)):\(Self.word(component))\r\n"
        case .notifications: "SET self NOTIFICATION ALL on\r\n"
        case .language(let code): "SET self LANGUAGE \(Self.word(code))\r\n"
        case .rate(let r): "SET self RATE \(Self.clamped(r))\r\n"
        case .volume(let v): "SET self VOLUME \(Self.clamped(v))\r\n"
        case .cancel: "CANCEL self\r\n"
        case .speak: "SPEAK\r\n"
        case .quit: "QUIT\r\n"
        }
    }

    /// The text block sent after `230 OK RECEIVING DATA`: lines joined by CR LF, a line that begins with a dot
    /// gets a second one (the server takes a lone "." as the end), then the terminating "." line.
    public static func speakData(_ text: String) -> String {
        var out = ""
        var line = ""
        func flush() {
            if line.hasPrefix(".") { out += "." }
            out += line + "\r\n"
            line = ""
        }
        var previousCR = false
        for ch in text.unicodeScalars {
            switch ch {
            case "\r":
                flush()
                previousCR = true
                continue
            case "\n":
                if !previousCR { flush() }
            default:
                // Other control characters mean nothing spoken; a NUL would end the server's C string early.
                if ch.value < 0x20 && ch != "\t" { line += " " } else { line.unicodeScalars.append(ch) }
            }
            previousCR = false
        }
        if !line.isEmpty || out.isEmpty { flush() }
        return out + ".\r\n"
    }

    /// A single word for a SET value: anything but letters, digits, '-', '_' and '.' becomes '_'.
    static func word(_ s: String) -> String {
        let kept = s.unicodeScalars.map { c -> Character in
            let ok = (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "-" || c == "_" || c == "."
            return ok ? Character(c) : "_"
        }
        return kept.isEmpty ? "_" : String(kept)
    }

    static func clamped(_ v: Int) -> Int { min(100, max(-100, v)) }
}
