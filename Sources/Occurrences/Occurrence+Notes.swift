import Geometry
import Reader

/// What the speech output did, for the log and `recto ctl status`.
public enum SpeechNote: Sendable, Equatable {
    /// Speech mode switched: by the visitor's speech key (said aloud: "Speech on"), or back to its setting at the
    /// idle reset (silent: the next visitor has not asked for anything yet).
    case mode(on: Bool, byVisitor: Bool)
    /// Connected to speech-dispatcher at `socket`.
    case connected(socket: String)
    /// Nobody listens where speech-dispatcher should (or it went away): said once, the reader goes on.
    case unavailable(reason: String)
    /// A SPEAK's text went to the server, `afterMS` after what it says happened (its SPEAK command went
    /// `commandMS` after; the text follows the server's `230`), in the voice of `language` (nil: the server's).
    case sent(text: String, afterMS: Double, commandMS: Double, language: String? = nil)
    /// The server began to say a message.
    case speaking
    /// A touch or key asked to stop: the CANCEL was written `afterMS` after its handler began (`waits`: it
    /// went behind a SPEAK still waiting for the server's `230`, and is written when that comes).
    case stopping(afterMS: Double, waits: Bool)
    /// The server confirmed speech was cancelled, `afterMS` after the touch or key that stopped it.
    case stopped(afterMS: Double)
}

extension SpeechNote {
    var logEvent: LogEvent {
        switch self {
        case let .mode(on, byVisitor):
            LogEvent("speech", ["state": .string(on ? "on" : "off"), "by": .string(byVisitor ? "visitor" : "reset")])
        case .connected(let socket): LogEvent("speech", ["state": .string("connected"), "socket": .string(socket)])
        case .unavailable(let reason): LogEvent("speech", ["state": .string("unavailable"), "reason": .string(reason)])
        case let .sent(text, ms, command, language):
            LogEvent("speech", ["state": .string("sent"), "after_ms": .double((ms * 10).rounded() / 10),
                                "command_ms": .double((command * 100).rounded() / 100), "language": .string(language ?? "default"),
                                "text": .string(text)])
        case .speaking: LogEvent("speech", ["state": .string("speaking")])
        case let .stopping(ms, waits):
            LogEvent("speech", ["state": .string("stopping"), "after_ms": .double((ms * 100).rounded() / 100), "waits": .bool(waits)])
        case .stopped(let ms): LogEvent("speech", ["state": .string("stopped"), "after_ms": .double((ms * 10).rounded() / 10)])
        }
    }
}

extension NarrationNote {
    var logEvent: LogEvent {
        switch self {
        case let .started(page, duration, captions, _, after):
            LogEvent("narration", ["state": .string("started"), "page": .int(page), "after_ms": .double((after * 10).rounded() / 10),
                                   "duration_ms": .double(duration.rounded()), "captions": .int(captions?.cues.count ?? 0)])
        case let .ended(page, heard, duration, completed):
            LogEvent("narration", ["state": .string(completed ? "ended" : "stopped"), "page": .int(page),
                                   "heard_ms": .double(heard.rounded()), "duration_ms": .double(duration.rounded())])
        case let .failed(page, reason):
            LogEvent("narration", ["state": .string("failed"), "page": .int(page), "reason": .string(reason)])
        case let .captionsFailed(page, reason):
            LogEvent("narration", ["state": .string("captions-failed"), "page": .int(page), "reason": .string(reason)])
        case .unavailable(let reason): LogEvent("narration", ["state": .string("unavailable"), "reason": .string(reason)])
        case let .paused(page, at): LogEvent("narration", ["state": .string("paused"), "page": .int(page), "at_ms": .double(at.rounded())])
        case .resumed(let page, _): LogEvent("narration", ["state": .string("resumed"), "page": .int(page)])
        }
    }
}

extension LogEvent {
    /// A turn's kind, where it is known, as the line's `by` field.
    func by(_ kind: TurnKind?) -> LogEvent {
        var e = self
        if let kind { e.append("by", .string(kind.rawValue)) }
        return e
    }

    /// Where a settled zoom looks: the page under the window's centre and the point on it (fractions).
    func at(_ centre: PagePoint?) -> LogEvent {
        var e = self
        if let centre {
            e.append("page", .int(centre.page))
            e.append("x", .double((centre.x * 10_000).rounded() / 10_000))
            e.append("y", .double((centre.y * 10_000).rounded() / 10_000))
        }
        return e
    }
}

extension SpeechNote {
    /// The visitor's speech key switched speech mode (said aloud); nil for anything else (the reset's switch back is
    /// silent: the next visitor has not asked for anything yet).
    var visitorSwitched: Bool? {
        if case .mode(let on, byVisitor: true) = self { on } else { nil }
    }
}

extension NarrationNote {
    /// What the visit statistics hear: a recording begun (captioned or not), and how much of one was heard.
    var visits: [VisitInput] {
        switch self {
        case .started(_, _, let captions, _, _): [.narration(captioned: captions != nil)]
        case .ended(_, let heard, _, _): [.narrationHeard(ms: heard)]
        case .failed, .captionsFailed, .unavailable, .paused, .resumed: []
        }
    }

    /// What the metrics count: recordings begun, seconds heard.
    var metrics: [MetricCount] {
        switch self {
        case .started: [.narrationBegun]
        case .ended(_, let heard, _, _): [.narrationHeard(ms: heard)]
        case .failed, .captionsFailed, .unavailable, .paused, .resumed: []
        }
    }
}
