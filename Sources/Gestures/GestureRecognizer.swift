import Geometry

/// Turns input events into intents. Pure and synchronous: feed every event to `handle(_:in:)` in arrival order,
/// with the view on screen at that moment, and apply the returned intents; when `nextDeadline` is set, arm a
/// timer and call `tick(now:)` when it fires (a tap in the middle waits `doubleTapInterval` to be sure it is not
/// the first half of a double tap; a tap that turns acts at its lift — `TapResolver` has the rule). Events with a timestamp also run `tick`, so a late timer is harmless. Every
/// intent carries its event's time, so events read late in one batch mean what they meant one by one.
///
/// Touch:
/// - one finger down in a grab zone that moves past the slop curls the page (`curlBegin`/`curlMove`/`curlEnd`);
///   released without moving it is a tap like anywhere else — a tap never starts a drag;
/// - elsewhere on an unzoomed page a drag is a swipe (a fast horizontal release is a `flick`), on a zoomed page a pan;
/// - a second finger ends whatever the first was doing (a curl is *cancelled*, a pan ends with zero velocity) and
///   starts a two-finger transform on the first two fingers; further fingers are ignored. When one of the pair
///   lifts with two or more fingers left, the transform ends and a new one starts on the two oldest;
///   with one left, that finger pans after the slop and can never tap, flick or curl;
/// - the last up ends every gesture (no `wl_touch.frame` is awaited); `touchCancel` closes every bracket.
///
/// Controls (`GestureContext.controls`: the shelf, the scrubber, the home control): a stroke that goes down on one
/// is the control's until it lifts, touch or left button alike (`Intent.control`). It tells the control where it
/// went down, where it moves, and whether it lifted as a tap (the same slop and `tapMaxDuration` as a page's tap;
/// no double tap, so it acts at once) or after a drag or hold. Other fingers do nothing until it lifts.
/// A finger that goes down in `GestureContext.edgeSwipeZone` and moves up far enough also says `edgeSwipeUp`.
///
/// Holding still has no meaning of its own: a touch held longer than `tapMaxDuration` is simply not a tap (the
/// one hold rule; there is no long press).
///
/// Turning a zoomed page: the reader supplies the zoomed page's on-screen corner zones (`setTurnablePages` with
/// the displayed page rects) and a corner that is visible on screen can be grabbed and curled as usual; edge zones
/// are off while zoomed (`GestureConfig.edgeGrabWhenZoomed`) so that panning near an edge stays a pan. Keys, the
/// wheel and mouse thumb buttons turn pages regardless of zoom; a double tap returns to fit, after which taps and
/// flicks turn pages again. `panEnd` carries the release velocity should the reader want "pan past the edge".
///
/// Pointer: the left button behaves like one finger (curl from a grab zone, pan when zoomed, click = tap,
/// double click = toggle zoom); the wheel turns pages, Ctrl+wheel zooms around the pointer, a touchpad pinch is a
/// transform. Touch and pointer never interfere: while one has a gesture running, the other's drags and pinches are
/// ignored until released (keys and the wheel always work).
public struct GestureRecognizer: Sendable {
    /// The app changes `slop` when it learns the screen's density (`GestureConfig.slop(pixelsPerMM:)`).
    public var config: GestureConfig
    /// The view the event being handled arrived at (`handle(_:in:)` sets it; nothing else reads it later).
    var context = GestureContext()

    struct Finger: Sendable, Hashable {
        let id: Int32
        var position: Vec2
    }
    struct Pair: Sendable, Hashable {
        let a: Int32, b: Int32
        var tracker: TwoFingerTracker
    }
    enum TouchMode: Sendable, Hashable {
        case idle
        case single(Stroke)
        case pair(Pair)
        /// Fingers that started while the pointer was busy: ignored until all lift.
        case inert
    }

    /// Fingers down, oldest first.
    var fingers: [Finger] = []
    var touch: TouchMode = .idle
    var touchTaps = TapResolver()
    var pointer = PointerState()
    var modifiers: Modifiers = []

    public init(config: GestureConfig = GestureConfig()) { self.config = config }

    /// No finger down, no button held, no pinch: no gesture is running and no bracket is open.
    /// (A single tap may still be waiting for its deadline.)
    public var isIdle: Bool { fingers.isEmpty && touch == .idle && pointer.isIdle }

    /// Number of touch points currently down.
    public var touchCount: Int { fingers.count }

    /// Event time (ms, the events' clock) at which `tick(now:)` has something to do, if any.
    public var nextDeadline: Double? {
        let c = config
        switch (touchTaps.deadline(c), pointer.taps.deadline(c)) {
        case let (t?, p?): return Swift.min(t, p)
        case let (t, p): return t ?? p
        }
    }

    /// Performs what is due at `now` (ms, the events' clock): single taps whose double-tap interval ran out,
    /// stamped with the moment it ran out (not `now`).
    public mutating func tick(now: Double) -> [TimedIntent] {
        touchTaps.expire(now: now, config) + pointer.taps.expire(now: now, config)
    }

    /// Feeds one event that arrived while `context` was the view on screen; returns the intents it causes, in
    /// order, each with the event's time.
    public mutating func handle(_ event: InputEvent, in context: GestureContext) -> [TimedIntent] {
        self.context = context
        guard let time = event.time else {
            switch event {
            case let .modifiers(m): modifiers = m
            case let .pointerEnter(p): pointer.position = p.isFinite ? p : nil
            default: break
            }
            return []
        }
        let due = tick(now: time)
        let intents: [Intent]
        switch event {
        case let .touchDown(id, p, t): intents = touchDown(id: id, at: p, time: t)
        case let .touchMotion(id, p, t): intents = touchMotion(id: id, to: p, time: t)
        case let .touchUp(id, t): intents = touchUp(id: id, time: t)
        case .touchCancel: intents = touchCancel()
        case let .key(sym, pressed, mods, _):
            modifiers = mods
            intents = pressed ? key(sym, mods) : []
        default: intents = handlePointer(event)
        }
        return due + intents.map { TimedIntent($0, at: time) }
    }

    /// Handles `event`, which woke the app (attract mode ended), so that neither it nor the rest of its gesture
    /// does anything: gestures running before it are cancelled (the returned intents close their brackets, at
    /// the event's time), and every finger and button down after it is ignored until all are up.
    public mutating func handleIgnoringGesture(_ event: InputEvent, in context: GestureContext) -> [TimedIntent] {
        let closed = ignoreCurrentGesture().map { TimedIntent($0, at: event.time ?? 0) }
        _ = handle(event, in: context)
        // What the event began opened no bracket the app saw: its closing intents are dropped too.
        _ = ignoreCurrentGesture()
        return closed
    }

    /// Every running gesture ends without effect and what is down stays ignored until released; returns the
    /// intents that close open brackets.
    private mutating func ignoreCurrentGesture() -> [Intent] {
        let pressed = pointer.stroke != nil
        let out = abandonTouch() + abandonPointerGestures()
        pointer.stroke = nil
        if pressed { pointer.ignoringPress = true }
        pointer.pinch?.ignored = true
        return out
    }

    // MARK: touch

    private mutating func touchDown(id: Int32, at p: Vec2, time: Double) -> [Intent] {
        guard p.isFinite else { return [] }
        var out: [Intent] = []
        // A down for an id that is already down means its up was lost: end the old one first.
        if fingers.contains(where: { $0.id == id }) { out += touchUp(id: id, time: time) }
        fingers.append(Finger(id: id, position: p))
        switch touch {
        case .idle:
            if !pointer.isIdle {
                touch = .inert
            } else {
                let stroke = Stroke.begin(id: id, source: .touch, at: p, time: time, context: context, config: config)
                out += touchTaps.strokeBegan(at: p, time: time, isControl: stroke.control != nil, config)
                out += stroke.controlDown.map { [$0] } ?? []
                touch = .single(stroke)
            }
        case .single(let stroke) where stroke.control != nil:
            break  // the control keeps the touch: other fingers do nothing until it lifts
        case .single(let stroke):
            out += stroke.interrupt(taps: &touchTaps)
            out += beginPair()
        case .pair, .inert:
            break
        }
        return out
    }

    private mutating func touchMotion(id: Int32, to p: Vec2, time: Double) -> [Intent] {
        guard p.isFinite, let i = fingers.firstIndex(where: { $0.id == id }) else { return [] }
        fingers[i].position = p
        switch touch {
        case .single(var stroke) where stroke.id == id:
            let out = stroke.move(to: p, time: time, context: context, config: config, taps: &touchTaps)
            touch = .single(stroke)
            return out
        case .pair(var pair) where pair.a == id || pair.b == id:
            let out = [Intent.transformUpdate(pair.tracker.update(a: position(pair.a), b: position(pair.b)))]
            touch = .pair(pair)
            return out
        default:
            return []
        }
    }

    private mutating func touchUp(id: Int32, time: Double) -> [Intent] {
        guard let i = fingers.firstIndex(where: { $0.id == id }) else { return [] }
        let lifted = fingers.remove(at: i).position
        var out: [Intent] = []
        switch touch {
        case .single(let stroke) where stroke.id == id:
            out += stroke.end(time: time, context: context, config: config, taps: &touchTaps)
            touch = fingers.isEmpty ? .idle : .inert
        case .pair(var pair) where pair.a == id || pair.b == id:
            let a = pair.a == id ? lifted : position(pair.a)
            let b = pair.b == id ? lifted : position(pair.b)
            out.append(.transformEnd(pair.tracker.update(a: a, b: b)))
            out += afterPair(time: time)
        default:
            if fingers.isEmpty { touch = .idle }
        }
        return out
    }

    private mutating func touchCancel() -> [Intent] {
        let out = abandonTouch()
        touchTaps.cancel()
        fingers.removeAll()
        touch = .idle
        return out
    }

    /// The touch gesture running ends without effect (its bracket cancelled); the fingers down stay ignored
    /// until they lift.
    private mutating func abandonTouch() -> [Intent] {
        defer { touch = fingers.isEmpty ? .idle : .inert }
        switch touch {
        case .single(let stroke): return stroke.cancel(taps: &touchTaps)
        case .pair: return [.transformCancel]
        case .idle, .inert: return []
        }
    }

    /// Starts a transform on the two oldest fingers.
    private mutating func beginPair() -> [Intent] {
        let a = fingers[0], b = fingers[1]
        let tracker = TwoFingerTracker(a: a.position, b: b.position)
        touch = .pair(Pair(a: a.id, b: b.id, tracker: tracker))
        return [.transformBegin(tracker.start)]
    }

    /// A finger of the pair lifted: continue with what is left.
    private mutating func afterPair(time: Double) -> [Intent] {
        switch fingers.count {
        case 0:
            touch = .idle
            return []
        case 1:
            let f = fingers[0]
            touch = .single(Stroke(id: f.id, source: .touch, at: f.position, time: time, phase: .held,
                                   zone: nil, config: config))
            return []
        default:
            return beginPair()
        }
    }

    private func position(_ id: Int32) -> Vec2 {
        fingers.first(where: { $0.id == id })?.position ?? .zero
    }
}
