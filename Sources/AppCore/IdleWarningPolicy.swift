import Occurrences

/// The idle warning (WCAG 2.2.1 "Timing Adjustable", EN 301 549 11.2.2.1): before a timed takeover of an open
/// book (the idle reset, or attract mode's first lift) a countdown shows for `length` ms, at least 20 s; any
/// touch, button or key while it shows extends the time (it only extends: the caller has the rest of that gesture
/// ignored), as often as the visitor answers — no cap, where WCAG asks for at least ten.
///
/// Rules, all times on the frame clock (ms):
/// - The countdown starts `length` before the takeover, but never sooner than `minimumQuiet` after the last input
///   (a tap that turns a page is not answered by a countdown). A takeover never acts before a countdown has shown
///   for the full `length`: a takeover due sooner (an idle reset shorter than the warning) waits for it (`hold`).
/// - When it runs out unanswered the visitor is taken to be gone: takeovers act, and later ones in the same quiet
///   spell (the idle reset after attract mode began) need no second countdown.
/// - Nothing to lose (the book at its cover unzoomed, the shelf shown), or the takeover gone: no countdown, and a
///   shown one goes.
/// The policy owns its state and returns what happened; `IdlePolicy` computes the takeover and applies `hold`.
struct IdleWarningPolicy: Sendable {
    /// The shortest countdown WCAG 2.2.1 allows to extend the time ("at least 20 seconds").
    static let minimumLength = IdleWarningLength.minimum
    static let minimumQuiet = 3000.0
    /// Seconds left at which the countdown is announced again (`.idleWarning`) for speech, besides its appearance.
    static let announcedSteps: Set<Int> = [10]
    /// How long the countdown fades in (not with reduced motion).
    static let fadeIn = 300.0

    /// What comes when the countdown runs out.
    enum Takeover: Sendable, Equatable { case reset, attract }

    struct Countdown: Sendable, Equatable {
        let shownAt: Double
        let endsAt: Double
        let takeover: Takeover
        /// The fewest whole seconds left announced.
        var announced: Int
    }

    /// ms; nil: no warning (the `idle-warning` setting at 0).
    let length: Double?
    private(set) var countdown: Countdown?
    /// The last input's time (nil before any: the quiet spell began at the first configure).
    private(set) var quietSince: Double
    /// The countdown ran out unanswered since the last input.
    private(set) var lapsed = false
    /// Extensions since the countdown last ran out (this visit's), so the tenth in a row is counted 10: the touch
    /// that answers and the rest of its gesture (its lift, a key's release) are input too, and must not reset it.
    private(set) var extensions = 0
    /// When the core last looked (a start time already passed is not a deadline).
    private var checkedAt = -Double.infinity
    /// The start time seen at the last look, while the countdown waits to start.
    private var startAt: Double?

    init(length: Double?, now: Double = 0) {
        self.length = length.map { max($0, Self.minimumLength) }
        quietSince = now
    }

    /// Input at `time`. Returns the extension's count when it answered a shown countdown: it must do nothing else.
    mutating func input(at time: Double) -> Int? {
        quietSince = time
        lapsed = false
        startAt = nil
        guard countdown != nil else { return nil }
        countdown = nil
        extensions += 1
        return extensions
    }

    /// What a look at `now` found: announcements, and when takeovers due sooner must wait.
    struct Step: Sendable, Equatable {
        var occurrences: [Occurrence] = []
        var hold: Double?
    }

    /// A look at `now`, with the earliest takeover to come (`at`, and what) and whether the visitor would lose
    /// anything by it (`away`: a book away from its cover or zoomed, not the shelf).
    mutating func step(takeover: (at: Double, kind: Takeover)?, away: Bool, now: Double) -> Step {
        defer { checkedAt = now }
        guard let length, let takeover, away, !lapsed else {
            startAt = nil
            guard countdown != nil else { return Step() }
            countdown = nil
            return Step()
        }
        if var c = countdown {
            guard now < c.endsAt else {
                countdown = nil
                lapsed = true
                extensions = 0
                return Step()
            }
            var step = Step(hold: c.endsAt)
            let left = Self.seconds(c.endsAt - now)
            if left < c.announced, Self.announcedSteps.contains(left) {
                c.announced = left
                step.occurrences.append(.idleWarning(secondsLeft: left))
            }
            countdown = c
            return step
        }
        let start = max(takeover.at - length, quietSince + Self.minimumQuiet)
        guard now >= start else {
            startAt = start
            return Step(hold: start + length > takeover.at ? start + length : nil)
        }
        startAt = nil
        let ends = max(takeover.at, now + length)
        let left = Self.seconds(ends - now)
        countdown = Countdown(shownAt: now, endsAt: ends, takeover: takeover.kind, announced: left)
        return Step(occurrences: [.idleWarning(secondsLeft: left)], hold: ends)
    }

    /// When the policy must look again: the countdown's start, each whole second while it shows (the number
    /// changes), its end.
    var deadline: Double? {
        if let c = countdown {
            // The number shown changes when the time left crosses a whole second.
            let next = c.endsAt - Double(max(0, Self.seconds(c.endsAt - checkedAt) - 1)) * 1000
            return next > checkedAt ? next : c.endsAt
        }
        return startAt.flatMap { $0 > checkedAt ? $0 : nil }
    }

    /// Whole seconds left, rounded up (a countdown shows 20 until 19 s are left, and 1 in its last second).
    static func seconds(_ ms: Double) -> Int { max(0, Int((ms / 1000).rounded(.up))) }


    /// A note for the operator when the idle reset leaves little reading time before its countdown; nil when fine.
    /// Times in ms.
    static func startupNotice(idleReset: Double?, warning: Double?) -> String? {
        guard let idle = idleReset, let warning, idle > 0 else { return nil }
        let length = max(warning, minimumLength), read = 30_000.0
        guard idle < length + read else { return nil }
        let quiet = max(idle - length, minimumQuiet)
        return "idle-reset \(s(idle)) s leaves \(s(quiet)) s without input before the \(s(length)) s idle warning "
            + "(less than \(s(read)) s to read a page); the book closes \(s(quiet + length)) s after the last touch. "
            + "Set idle-reset to \(s(length + read)) s or more"
    }

    private static func s(_ ms: Double) -> String {
        let x = ms / 1000
        return x == x.rounded() ? "\(Int(x))" : "\(x)"
    }
}
