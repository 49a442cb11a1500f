/// How much of the loop's time the control socket's requests may take: `work` ms in every `window` ms. A client
/// that floods requests is then served at that pace, between frames rather than instead of them, however busy
/// the machine: the loop never spends more than that share answering, whoever asks and how fast.
public struct RequestBudget: Sendable, Equatable {
    public let work: Double
    public let window: Double
    private var windowStart = -Double.infinity
    private var spent = 0.0

    /// `work` and `window` in milliseconds, on the clock the callers pass as `now`.
    public init(work: Double, window: Double) {
        precondition(work > 0 && window > work, "a budget is a part of its window")
        self.work = work
        self.window = window
    }

    /// Whether a request may be served at `now`. A window that has passed starts a new one.
    public mutating func allows(at now: Double) -> Bool {
        if now >= windowStart + window {
            windowStart = now
            spent = 0
        }
        return spent < work
    }

    /// Counts a request's time (ms) against the current window. The request that overdraws it is finished: the
    /// next one waits for the next window.
    public mutating func charge(_ ms: Double) { spent += max(ms, 0) }

    /// When requests may be served again (the end of the current window) while the budget is spent; nil while
    /// it is not.
    public var resumesAt: Double? { spent >= work ? windowStart + window : nil }
}
