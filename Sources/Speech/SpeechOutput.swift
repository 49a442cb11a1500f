import AppCore
import Gestures
import Platform

/// Speech mode: says what the core's cues mean through speech-dispatcher, stops at any touch or key,
/// repeats on keypad 5 and toggles on its hold. Off, it connects to nothing and the reader is as without it.
/// Without speech-dispatcher it says so once (a warning and a `speech state=unavailable` event) and the reader
/// goes on; it tries again, at most every `retryMS`, when there is something to say.
@MainActor public final class SpeechOutput {
    public struct Config: Sendable {
        public init(startsOn: Bool = false, toggleKey: String = "keypad-5-hold", holdMS: Double = 1000, rate: Int = 0,
                    volume: Int = 0, socketPath: String? = nil) {
            self.startsOn = startsOn; self.toggleKey = toggleKey; self.holdMS = holdMS; self.rate = rate
            self.volume = volume; self.socketPath = socketPath
        }

        public var startsOn = false
        /// "keypad-5-hold", "keypad-multiply" or "none" (the `speech-key` setting).
        public var toggleKey = "keypad-5-hold"
        public var holdMS = 1000.0
        public var rate = 0
        public var volume = 0
        public var socketPath: String?
    }

    public let config: Config
    public private(set) var on: Bool
    private let loop: EventLoop
    private var connection: SpeechConnection?
    /// Why the last connection failed or ended, until one works again.
    private(set) var unavailable: String?
    private var warned = false
    private var lastAttempt = -Double.infinity
    private let retryMS = 5000.0
    private var key: SpeechKey
    private var holdTimer: TimerSource!
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
    public let phrases: () -> SpeechPhrases
    private let report: @MainActor (SpeechNote) -> Void
    private let warn: @MainActor (String) -> Void

    public init(config: Config, loop: EventLoop, phrases: @escaping () -> SpeechPhrases,
         report: @escaping @MainActor (SpeechNote) -> Void, warn: @escaping @MainActor (String) -> Void) {
        self.config = config
        on = config.startsOn
        self.loop = loop
        self.phrases = phrases
        self.report = report
        self.warn = warn
        key = SpeechKey(holdMS: config.holdMS)
        holdTimer = TimerSource(loop: loop) { [unowned self] in
            holdTimer.fired()
            if key.timerFired(at: monotonicMilliseconds()) == .toggle { toggle(now: monotonicMilliseconds()) }
        }
        // The mode is reported from the start, so the reader's core learns it from this one source.
        if on {
            report(.mode(on: true))
            _ = connected(now: monotonicMilliseconds())
        }
    }

    /// `recto ctl status`'s word: off, on, speaking, or unavailable (with `reason`).
    public var status: (state: String, reason: String?) {
        guard on else { return ("off", nil) }
        if let unavailable, connection == nil { return ("unavailable", unavailable) }
        return (isSpeaking ? "speaking" : "on", nil)
    }

    var isSpeaking: Bool { !active.isEmpty || !(connection?.session.isIdle ?? true) }

    // MARK: input

    /// Every input event passes here before the core: a touch, click or key stops speech; the speech key
    /// repeats or toggles. The event still goes on to the core (it counts as activity for the idle reset).
    public func input(_ event: InputEvent, now: Double) {
        switch event {
        case let .key(sym, pressed, _, _) where isSpeechKey(sym):
            if pressed {
                stopSpeaking(now: now)
                if config.toggleKey == "keypad-multiply" && sym == SpeechKeysym.KP_Multiply { toggle(now: now); return }
                let holdToggles = config.toggleKey == "keypad-5-hold"
                if key.pressed(at: now) == .toggle && holdToggles { toggle(now: now) }
                if holdToggles { holdTimer.arm(at: key.toggleDue) }
            } else if sym != SpeechKeysym.KP_Multiply {
                holdTimer.arm(at: nil)
                switch key.released(at: now) {
                case .toggle where config.toggleKey == "keypad-5-hold": toggle(now: now)
                // Without the hold toggle, any press of keypad 5 repeats.
                case .repeatLast, .toggle: if on { speak(last, now: now) }
                case nil: break
                }
            }
        case .touchDown, .pointerButton(_, true, _):
            touchSilenced = stopSpeaking(now: now)
        case .key(_, true, _, _):
            stopSpeaking(now: now)
        default:
            break
        }
    }

    private func isSpeechKey(_ sym: UInt32) -> Bool {
        sym == SpeechKeysym.KP_5 || sym == SpeechKeysym.KP_Begin
            || (config.toggleKey == "keypad-multiply" && sym == SpeechKeysym.KP_Multiply)
    }

    /// Returns whether something was being said.
    @discardableResult
    private func stopSpeaking(now: Double) -> Bool {
        guard on, isSpeaking, let connection else { return false }
        if stopAskedAt == nil { stopAskedAt = now }
        connection.update { $0.stop() }
        report(.stopping(afterMS: monotonicMilliseconds() - now, waits: !connection.session.outgoing.isEmpty
                                                                        || connection.session.waitsForData))
        return true
    }

    private func toggle(now: Double) {
        let p = phrases()
        // The mode first, then what says so (its text may be written at once).
        on.toggle()
        report(.mode(on: on))
        speak(on ? p.speechOn : p.speechOff, now: now)
    }

    // MARK: saying

    /// Says `parts` when speech mode is on; they replace what was being said.
    public func say(_ parts: [SSIPSession.Part], now: Double) {
        guard on, !parts.isEmpty else { return }
        last = parts
        speak(parts, now: now)
    }

    /// The next visitor starts fresh: rate and volume back to their settings, speech mode to its setting.
    public func resetForNextVisitor(now: Double) {
        last = []
        if let connection {
            connection.update {
                $0.stop()
                $0.set(rate: config.rate, volume: config.volume)
            }
        }
        if on != config.startsOn {
            on = config.startsOn
            report(.mode(on: on))
        }
    }

    private func speak(_ parts: [SSIPSession.Part], now: Double) {
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
        case .textSent(let text):
            let after = now - (cueAt ?? now)
            report(.sent(text: text, afterMS: after, commandMS: commandAfter ?? after))
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
