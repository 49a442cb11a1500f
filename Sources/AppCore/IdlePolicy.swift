/// What happens while nobody reads: the idle reset back to the cover (or the shelf), attract mode
/// (`AttractPolicy`), and the countdown that warns before either takes an open book away (`IdleWarningPolicy`).
struct IdlePolicy: Sendable {
    /// When the idle reset comes, if input armed it.
    private(set) var resetDeadline: Double?
    private(set) var warning: IdleWarningPolicy
    var attract: AttractPolicy

    /// `attractAfter`, `warning`: ms, nil for none (reduced motion: nothing moves that nobody asked for).
    init(attractAfter: Double?, warning: Double?) {
        attract = AttractPolicy(after: attractAfter, period: AttractPolicy.period)
        self.warning = IdleWarningPolicy(length: warning)
    }

    var deadline: Double? { [resetDeadline, attract.deadline, warning.deadline].compactMap { $0 }.min() }

    /// Input at `time` (its own clock), received at `now` (the reader's: idle need not trust the compositor's clock
    /// for minutes ahead). The idle reset waits `idleReset` ms again. Returns whether the input woke attract mode,
    /// and the extension's count when it answered the countdown (it must do nothing else).
    mutating func input(at time: Double, now: Double, idleReset: Double?) -> (woke: Bool, extended: Int?) {
        if let idle = idleReset, idle > 0 { resetDeadline = now + idle }
        let woke = attract.input(at: time)
        return (woke, warning.input(at: now))
    }

    /// Whether the idle reset is due at `now` (it then waits for the next input to arm it again).
    mutating func resetDue(now: Double) -> Bool {
        guard let due = resetDeadline, due <= now else { return false }
        resetDeadline = nil
        return true
    }

    /// `recto ctl set` changed the idle reset: an armed one counts from now.
    mutating func retune(idleReset: Double?, now: Double) {
        if resetDeadline != nil { resetDeadline = idleReset.map { now + $0 } }
    }

    /// The earliest takeover to come and what it is: the idle reset, or attract mode's first lift over a book.
    /// Over a book left open attract mode lifts only after a countdown that starts when it would have begun (its
    /// quiet time is a reading time there: with the kiosk defaults, the countdown at 30 s and the lift at 50 s).
    func nextTakeover(shelfShown: Bool) -> (at: Double, kind: IdleWarningPolicy.Takeover)? {
        let reset = resetDeadline.map { (at: $0, kind: IdleWarningPolicy.Takeover.reset) }
        guard !attract.active, !shelfShown, let begins = attract.deadline else { return reset }
        let a = begins + (warning.length ?? 0)
        return a < reset?.at ?? .infinity ? (a, .attract) : reset
    }

    /// A look at the countdown at `now` (after every event, before the takeovers when timers are due): takeovers
    /// due before it has shown its full length wait. `away`: a takeover would take something from the visitor.
    mutating func warningDue(away: Bool, shelfShown: Bool, now: Double) -> [AppEffect] {
        let step = warning.step(takeover: nextTakeover(shelfShown: shelfShown), away: away, now: now)
        if let hold = step.hold {
            if let due = resetDeadline, due < hold { resetDeadline = hold }
            if !attract.active { attract.postpone(until: hold) }
        }
        return step.occurrences.map { .occurred($0) }
    }
}
