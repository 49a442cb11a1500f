import AppCore

/// One client connection's SSIP conversation, without the socket: commands are queued and sent together, replies
/// and events are read back as news. A SPEAK's text goes with the SPEAK itself where it cannot be mistaken for a
/// command (no line of it begins with an SSIP command word): speech-dispatcher reads its socket a line at a time,
/// so the text waits there for its `230 OK RECEIVING DATA` without a round trip through the reader's loop, which
/// may be drawing a frame (that round trip was most of a turn's time to its text: 150 ms p95 under load). A text
/// that could be read as commands, were its SPEAK refused, waits for the `230` as the protocol describes, and
/// nothing goes after that SPEAK until then. The socket owner writes `outgoing`, tells `wrote(_:)` how much went,
/// and feeds what it reads to `received(_:)`.
///
/// What is said replaces what was being said: `say` drops the utterances still queued here and cancels the
/// server's, so a fast run of turns speaks the last page, not a backlog.
public struct SSIPSession: Sendable {
    public typealias Part = SpeechPhrases.Part

    public enum News: Sendable, Equatable {
        /// The SPEAK text went into `outgoing` (the owner writes it at once), in the voice of `language` (nil:
        /// the server's default).
        case textSent(String, language: String? = nil)
        /// The server queued message `id`.
        case queued(id: Int)
        case began(id: Int)
        case ended(id: Int)
        /// Message `id` was cancelled (by `stop`, `say`, or another client's higher priority).
        case cancelled(id: Int)
        /// The server refused a command.
        case refused(command: String, code: Int, text: String)
    }

    public enum Failure: Error, Equatable {
        case protocolError(String)
    }

    /// What a reply that comes next answers.
    private enum Awaited: Sendable, Equatable {
        case reply(SSIPCommand)
        /// A SPEAK sent with its text (`lines` of data and the closing dot): `230`, then `225` for the text.
        case speakWithText(String, lines: Int)
        /// A SPEAK's text was sent: `225` with its message id.
        case queued
        /// A refused SPEAK's text, read by the server as commands: one error reply for each line.
        case discarded
    }

    private var queue: [SSIPCommand] = []
    private var awaited: [Awaited] = []
    /// A SPEAK was sent and its `230` has not come: nothing more may be sent.
    private var blocked = false
    private var parser = SSIPReplyParser()
    /// Bytes for the socket, in order.
    public private(set) var outgoing: [UInt8] = []
    /// The language last set, so a run of parts in one language sets it once.
    private var language: String?

    public init(application: String, component: String = "main", user: String = "user") {
        enqueue(.clientName(user: user, application: application, component: component))
        enqueue(.notifications)
        pump()
    }

    /// A SPEAK went and its `230` has not come: what is queued now (a CANCEL too) goes once it has.
    public var waitsForData: Bool { blocked }

    /// Nothing queued, nothing awaited: the session has said all it was asked to.
    public var isIdle: Bool { queue.isEmpty && awaited.isEmpty && outgoing.isEmpty }

    /// Says `parts` in order, after cancelling whatever this client is saying or has queued. Returns
    /// `.textSent` for each text that went into `outgoing` with its SPEAK.
    @discardableResult
    public mutating func say(_ parts: [Part]) -> [News] {
        dropQueuedSpeech()
        enqueue(.cancel)
        for part in parts where !part.text.isEmpty {
            if let code = part.language, code != pendingLanguage { enqueue(.language(code)) }
            enqueue(.speak(part.text))
        }
        return pump()
    }

    /// Stops what is being said and drops what is queued.
    public mutating func stop() {
        dropQueuedSpeech()
        enqueue(.cancel)
        pump()
    }

    /// Sets the rate and volume (-100…100, 0: the server's defaults).
    public mutating func set(rate: Int, volume: Int) {
        enqueue(.rate(rate))
        enqueue(.volume(volume))
        pump()
    }

    public mutating func wrote(_ count: Int) {
        outgoing.removeFirst(min(count, outgoing.count))
    }

    public mutating func received<Bytes: Sequence>(_ bytes: Bytes) -> Result<[News], Failure> where Bytes.Element == UInt8 {
        let replies: [SSIPReply]
        switch parser.feed(bytes) {
        case .success(let r): replies = r
        case .failure(.lineTooLong): return .failure(.protocolError("reply line too long"))
        case .failure(.malformed(let line)): return .failure(.protocolError("not an SSIP reply: \(line.prefix(80))"))
        }
        var news: [News] = []
        for reply in replies {
            if reply.isEvent {
                if let event = Self.event(reply) { news.append(event) }
                continue
            }
            guard !awaited.isEmpty else { return .failure(.protocolError("reply \(reply.code) to no command")) }
            switch awaited.removeFirst() {
            case .speakWithText where reply.code == 230:
                awaited.insert(.queued, at: 0)
            case let .speakWithText(text, lines):
                // Refused: its text was read as commands (none of them real ones), each answered with an error.
                awaited.insert(contentsOf: Array(repeating: .discarded, count: lines), at: 0)
                news.append(.refused(command: "SPEAK", code: reply.code, text: "\(reply.text) (\(text.prefix(40)))"))
            case .discarded:
                break
            case .reply(.speak(let text)) where reply.code == 230:
                outgoing += Array(SSIPCommand.speakData(text).utf8)
                awaited.insert(.queued, at: 0)
                blocked = false
                news.append(.textSent(text, language: language))
            case .queued:
                if reply.isSuccess {
                    news.append(.queued(id: reply.lines.first.flatMap { Int($0) } ?? 0))
                } else {
                    news.append(.refused(command: "SPEAK", code: reply.code, text: reply.text))
                }
            case .reply(let command):
                if case .speak = command { blocked = false }
                if case .language = command, !reply.isSuccess { language = nil }
                if !reply.isSuccess {
                    // The line without its CR LF, which Swift counts as one Character.
                    news.append(.refused(command: String(command.line.dropLast()), code: reply.code, text: reply.text))
                }
            }
            news += pump()
        }
        return .success(news)
    }

    // MARK: queueing

    /// The language in force once the queue has run: the last one queued, else the last one set.
    private var pendingLanguage: String? {
        for case .language(let code) in queue.reversed() { return code }
        return language
    }

    private mutating func enqueue(_ command: SSIPCommand) { queue.append(command) }

    private mutating func dropQueuedSpeech() {
        queue.removeAll {
            switch $0 {
            case .speak, .cancel: true
            default: false
            }
        }
    }

    /// Sends the queued commands, SPEAKs with their texts, up to a SPEAK whose text must wait for its `230`.
    @discardableResult
    private mutating func pump() -> [News] {
        var sent: [News] = []
        while !blocked, !queue.isEmpty {
            let next = queue.removeFirst()
            if case .language(let code) = next { language = code }
            outgoing += Array(next.line.utf8)
            if case .speak(let text) = next {
                if let data = Self.dataSafeToSendAhead(text) {
                    outgoing += Array(data.utf8)
                    awaited.append(.speakWithText(text, lines: data.count { $0 == "\r\n" }))
                    sent.append(.textSent(text, language: language))
                    continue
                }
                blocked = true
            }
            awaited.append(.reply(next))
        }
        return sent
    }

    /// Words that begin an SSIP command (speech-dispatcher compares them without regard to case).
    static let commandWords: Set<String> = ["set", "history", "quit", "help", "speak", "char", "key", "sound_icon",
                                            "stop", "cancel", "pause", "resume", "block", "get", "list"]

    /// `text`'s data lines (`SSIPCommand.speakData`) when none of them could be taken for a command; nil else.
    static func dataSafeToSendAhead(_ text: String) -> String? {
        let data = SSIPCommand.speakData(text)
        for line in data.split(separator: "\r\n") {
            // Leading blanks skipped too: what the server might skip, this does.
            let word = line.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" }.lowercased()
            if commandWords.contains(word) { return nil }
        }
        return data
    }

    /// 7xx events: "701-<msg id>", "701-<client id>", "701 BEGIN".
    private static func event(_ reply: SSIPReply) -> News? {
        guard let id = reply.lines.first.flatMap({ Int($0) }) else { return nil }
        switch reply.code {
        case 701: return .began(id: id)
        case 702: return .ended(id: id)
        case 703: return .cancelled(id: id)
        default: return nil
        }
    }
}
