import Geometry

/// The idle warning as the shell draws it (window pixels): a dark box in the middle of the window with the
/// question and the countdown, and a bar whose light part is the time left.
public struct IdleWarningPlan: Sendable, Equatable {
    /// "Still reading?"
    public var title: String
    /// "The book closes in 17 s — touch anywhere to continue" (or, before attract mode, "Touch anywhere to keep
    /// reading — 17 s").
    public var line: String
    public var box: Rect
    /// The share of the countdown left, 0…1: smooth, or in whole seconds with reduced motion.
    public var left: Double
    /// 1, less while it fades in (never with reduced motion).
    public var opacity: Double
}

extension AppCore {
    /// The earliest takeover to come and what it is: the idle reset, or attract mode's first lift over a book.
    /// Over a book left open attract mode lifts only after a countdown that starts when it would have begun (its
    /// quiet time is a reading time there: with the kiosk defaults, the countdown at 30 s and the lift at 50 s).
    var nextTakeover: (at: Double, kind: IdleWarningPolicy.Takeover)? {
        let reset = idleDeadline.map { (at: $0, kind: IdleWarningPolicy.Takeover.reset) }
        guard !attract.active, shelf?.visible != true, let begins = attract.deadline else { return reset }
        let a = begins + (idleWarning.length ?? 0)
        return a < reset?.at ?? .infinity ? (a, .attract) : reset
    }

    /// Whether a takeover would take anything from the visitor: a book from the shelf is open, or the book is
    /// away from its cover, zoomed or turning (an attract lift is not a visitor's turn).
    var awayFromRest: Bool {
        if let shelf { return !shelf.visible }
        let layout = reader.position.layout
        return reader.position.spreadIndex != layout.spreadIndex(containing: reader.coverPage)
            || reader.zoom.isZoomed || reader.zoom.isAnimating || (reader.isTurning && !reader.isAttractLifting)
    }

    /// A look at the countdown at `now` (after every event, before the takeovers when timers are due): takeovers
    /// due before it has shown its full length wait.
    mutating func idleWarningDue(now: Double) -> [AppEffect] {
        let step = idleWarning.step(takeover: nextTakeover, away: awayFromRest, now: now)
        if let hold = step.hold {
            if let due = idleDeadline, due < hold { idleDeadline = hold }
            if !attract.active { attract.postpone(until: hold) }
        }
        if step.redraw { needsFrame = true }
        return step.occurrences.map { .occurred($0) }
    }

    /// Input at `now` while the countdown shows: it extends the time and does nothing else. Returns whether it
    /// did (the caller has the recognizer ignore the rest of its gesture).
    mutating func idleWarningInput(now: Double) -> (extended: Bool, effects: [AppEffect]) {
        guard let count = idleWarning.input(at: now) else { return (false, []) }
        needsFrame = true
        return (true, [.occurred(.idleExtended(count: count))])
    }

    /// The countdown's plan for a frame at `now`, if shown.
    func idleWarningPlan(at now: Double) -> IdleWarningPlan? {
        guard let c = idleWarning.countdown, let w = window else { return nil }
        let t = settings.translator, seconds = IdleWarningPolicy.seconds(c.endsAt - now)
        let line = switch c.takeover {
        case .reset: t.format("The book closes in {seconds} s — touch anywhere to continue", ["seconds": "\(seconds)"])
        case .attract: t.format("Touch anywhere to keep reading — {seconds} s", ["seconds": "\(seconds)"])
        }
        let total = max(1, c.endsAt - c.shownAt)
        let still = settings.reader.reducedMotion
        // Reduced motion: the bar steps with the number, once a second; else it shrinks smoothly and fades in.
        let left = still ? min(1, Double(seconds) * 1000 / total) : max(0, min(1, (c.endsAt - now) / total))
        let opacity = still ? 1 : max(0, min(1, (now - c.shownAt) / IdleWarningPolicy.fadeIn))
        let width = min(w.width - 32, 760.0), height = min(w.height - 32, 200.0)
        let box = Rect(x: (w.width - width) / 2, y: (w.height - height) / 2, width: width, height: height)
        return IdleWarningPlan(title: t("Still reading?"), line: line, box: box, left: left, opacity: opacity)
    }
}
