
/// Maps input event times onto the reader's frame clock.
///
/// Wayland leaves the base of event times undefined: weston and wlroots stamp with CLOCK_MONOTONIC, but virtual
/// and remote input (remote-support tools, test harnesses, nested compositors) bring their own clocks, hours
/// off, near the 32-bit wrap, or jumping. Event times stay the truth for what happened *between* events (velocity,
/// taps, order); where the events sit on the frame clock is estimated from when they were received:
/// frame time = event time + offset, the offset being the least receipt delay seen. So an animation an event
/// starts runs on the frame clock at once, whatever the base, and never waits for the next input to advance.
///
/// - An event stamped later than its receipt (a base that jumped forward, or a delay lower than any seen before)
///   moves the offset down at once: nothing is ever placed in the future.
/// - Events later than `jump` behind the estimate for `settle` ms of receipts (a base that jumped backward) move
///   it up to the least of their delays. A batch read late at once (a stalled reader) spans no receipt time and
///   keeps its own times, so it still means what it meant event by event.
/// - A slowly drifting base (a wall clock being slewed) moves it up between gestures, by the least delay seen over
///   `driftWindow` ms of receipts; within a gesture the offset only moves down, so its velocities stay its own.
///
/// Events the protocol sends without a timestamp (`touchCancel`, `pointerLeave`) are stamped by the platform on
/// receipt with the frame clock already; they keep that time.
public struct InputClock: Sendable {
    public static let jump = 1000.0
    public static let settle = 250.0
    public static let driftWindow = 500.0
    /// Delays above the offset smaller than this are receipt jitter, not drift.
    public static let driftTolerance = 1.0

    /// Frame time minus event time; nil before the first event.
    public private(set) var offset: Double?
    /// Consecutive events more than `jump` late: since when (receipt) and their least delay.
    private var late: (since: Double, least: Double)?
    /// The least lateness of the events received since `since`, for drift (a window of `driftWindow` ms).
    private var floor: (since: Double, least: Double)?
    /// Touch points down and whether a button or a touchpad pinch is held: a gesture is under way.
    private var touches: Set<Int32> = []
    private var buttons = 0
    private var pinching = false

    public init() {}

    /// `event` with its time on the frame clock; `now` is when it was received (frame clock, ms).
    public mutating func map(_ event: InputEvent, receivedAt now: Double) -> InputEvent {
        // A gesture's first event may still correct drift; its later ones may not.
        defer { track(event) }
        switch event {
        case .touchCancel, .pointerLeave: return event
        default: return event.retimed { frameTime($0, now) }
        }
    }

    /// Maps one event time received at `now`.
    mutating func frameTime(_ t: Double, _ now: Double) -> Double {
        guard t.isFinite, now.isFinite else { return now }
        guard let o = offset else { return anchor(now - t, at: now, t) }
        let lateness = now - (t + o)
        if lateness < 0 { return anchor(now - t, at: now, t) }
        if lateness > Self.jump {
            let least = min(late?.least ?? .infinity, now - t)
            let since = late?.since ?? now
            late = (since, least)
            if now - since >= Self.settle { return anchor(least, at: now, t) }
            return t + o
        }
        late = nil
        guard var f = floor else { floor = (now, lateness); return t + o }
        f.least = min(f.least, lateness)
        guard now - f.since >= Self.driftWindow else { floor = f; return t + o }
        if !gestureUnderWay, f.least > Self.driftTolerance { return anchor(o + f.least, at: now, t) }
        floor = (now, lateness)
        return t + o
    }

    private mutating func anchor(_ newOffset: Double, at now: Double, _ t: Double) -> Double {
        offset = newOffset
        late = nil
        floor = (now, max(0, now - (t + newOffset)))
        return t + newOffset
    }

    private var gestureUnderWay: Bool { !touches.isEmpty || buttons > 0 || pinching }

    private mutating func track(_ event: InputEvent) {
        switch event {
        case let .touchDown(id, _, _): touches.insert(id)
        case let .touchUp(id, _): touches.remove(id)
        case .touchCancel: touches.removeAll()
        case let .pointerButton(_, pressed, _): buttons = max(0, buttons + (pressed ? 1 : -1))
        case .pointerLeave: buttons = 0
        case .pinchBegin: pinching = true
        case .pinchEnd: pinching = false
        default: break
        }
    }
}
