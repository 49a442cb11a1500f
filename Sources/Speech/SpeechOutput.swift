import AppCore
import Occurrences
import Platform

/// Speech's output: says what the core's cues mean through speech-dispatcher and stops or repeats when the core
/// asks (`SpeechRequest`). Whether speech mode is on is the core's (`AppCore.speechMode`): the shell hands this
/// only what is to be said. Until something is said it connects to nothing, and the reader is as without it.
/// Without speech-dispatcher it says so once (a warning and a `speech state=unavailable` event) and the reader
/// goes on; it tries again, at most every `retryMS`, when there is something to say.
@MainActor public final class SpeechOutput {
    public struct Config: Sendable {
        public init(rate: Int = 0, volume: Int = 0, socketPath: String? = nil) {
            self.rate = rate; self.volume = volume; self.socketPath = socketPath
        }

        public var rate = 0
        public var volume = 0
        public var socketPath: String?
    }

    public let config: Config
    private let loop: EventLoop
    private var connection: SpeechConnection?
    /// Why the last connection failed or ended, until one works again.
    private(set) var unavailable: String?
    private var warned = false
    private var lastAttempt = -Double.infinity
    private let retryMS = 5000.0
    /// The last touch or click went down while something was being said: it stopped it, and the page tap it
    /// may turn out to be does not say the page again (`SpeechCue.pageAgain`).
    private(set) var touchSilenced = false
    /// The last utterance, for keypad 5.
    private(set) var last: [SSIPSession.Part] = []
    /// When the cue now being sent happened, and when a touch or key asked to stop (ms, monotonic).
    private var cueAt: Double?
    /// How long after the cue its SPEAK command was written (ms); nil while some of it waits for POLLOUT.
    private var commandAfter: Double?
    private var stopAskedAt: Double?
    /// Messages the server queued and has not yet ended or cancelled.
    private var active: Set<Int> = []
    private let report: @MainActor (SpeechNote) -> Void
    private let warn: @MainActor (String) -> Void

    /// `connectsNow`: speech mode is on from the start, so a missing speech-dispatcher is said before the
    /// first page rather than at it.
    public init(config: Config, connectsNow: Bool, loop: EventLoop,
         report: @escaping @MainActor (SpeechNote) -> Void, warn: @escaping @MainActor (String) -> Void) {
        self.config = config
        self.loop = loop
        self.report = report
        self.warn = warn
        if connectsNow { _ = connected(now: monotonicMilliseconds()) }
    }

    /// `recto ctl status`'s word with speech mode `on`: off, on, speaking, or unavailable (with `reason`).
    public func status(on: Bool) -> (state: String, reason: String?) {
        guard on else { return ("off", nil) }
        if let unavailable, connection == nil { return ("unavailable", unavailable) }
        return (isSpeaking ? "speaking" : "on", nil)
    }

    var isSpeaking: Bool { !active.isEmpty || !(connection?.session.isIdle ?? true) }

    /// What the core asks at a touch, a key or the speech key, at `now` (when the input's handling began).
    public func perform(_ request: SpeechRequest, now: Double) {
        switch request {
        case .stop(let byTouch):
            let stopped = stopSpeaking(now: now)
            if byTouch { touchSilenced = stopped }
        case .repeatLast: speak(last, now: now)
        }
    }

    /// Returns whether something was being said.
    private func stopSpeaking(now: Double) -> Bool {
        guard isSpeaking, let connection else { return false }
        if stopAskedAt == nil { stopAskedAt = now }
        connection.update { $0.stop() }
        report(.stopping(afterMS: monotonicMilliseconds() - now, waits: !connection.session.outgoing.isEmpty
                                                                        || connection.session.waitsForData))
        return true
    }

    // MARK: saying

    /// Says `parts` (speech mode is on); they replace what was being said.
    public func say(_ parts: [SSIPSession.Part], now: Double) {
        guard !parts.isEmpty else { return }
        last = parts
        speak(parts, now: now)
    }

    /// The next visitor starts fresh: rate and volume back to their settings.
    func resetForNextVisitor(now: Double) {
        last = []
        if let connection {
            connection.update {
                $0.stop()
                $0.set(rate: config.rate, volume: config.volume)
            }
        }
    }

    func speak(_ parts: [SSIPSession.Part], now: Double) {
        guard !parts.isEmpty, let connection = connected(now: now) else { return }
        cueAt = now
        stopAskedAt = nil
        var sent: [SSIPSession.News] = []
        connection.update { sent = $0.say(parts) }
        commandAfter = connection.session.outgoing.isEmpty ? monotonicMilliseconds() - now : nil
        // Texts that went with their SPEAK: written now (or at the socket's next POLLOUT).
        sent.forEach(heard)
    }

    /// The open connection, or a new one when the last try is old enough; nil without a server.
    private func connected(now: Double) -> SpeechConnection? {
        if let connection, connection.isOpen { return connection }
        guard now - lastAttempt >= retryMS else { return nil }
        lastAttempt = now
        guard let path = config.socketPath else {
            fail("neither SPEECHD_ADDRESS (unix_socket:PATH) nor XDG_RUNTIME_DIR says where speech-dispatcher listens")
            return nil
        }
        var session = SSIPSession(application: "recto")
        session.set(rate: config.rate, volume: config.volume)
        do {
            let c = try SpeechConnection(path: path, loop: loop, session: session)
            c.onNews = { [unowned self] news in heard(news) }
            c.onClosed = { [unowned self] reason in
                connection = nil
                active = []
                fail(reason)
            }
            connection = c
            unavailable = nil
            warned = false
            report(.connected(socket: path))
            return c
        } catch {
            fail(error.description)
            return nil
        }
    }

    private func fail(_ reason: String) {
        unavailable = reason
        guard !warned else { return }
        warned = true
        warn("speech: \(reason); the reader goes on without speech")
        report(.unavailable(reason: reason))
    }

    private func heard(_ news: SSIPSession.News) {
        let now = monotonicMilliseconds()
        switch news {
        case let .textSent(text, language):
            let after = now - (cueAt ?? now)
            report(.sent(text: text, afterMS: after, commandMS: commandAfter ?? after, language: language))
        case .queued(let id):
            active.insert(id)
        case .began:
            report(.speaking)
        case .ended(let id):
            active.remove(id)
        case .cancelled(let id):
            active.remove(id)
            if let asked = stopAskedAt {
                stopAskedAt = nil
                report(.stopped(afterMS: now - asked))
            }
        case let .refused(command, code, text):
            warn("speech-dispatcher refused \(command): \(code) \(text)")
        }
    }
}
