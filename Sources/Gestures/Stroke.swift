import Geometry

/// One finger (or the held left button) driving a one-point gesture. Shared by touch and pointer so that a
/// mouse drag from a corner curls exactly like a finger.
///
///     pending ──past slop──▶ curl (down was in a grab zone)
///        │                ├▶ pan  (zoomed)
///        │                └▶ swipe (unzoomed; a flick on release if fast)
///        └──up──▶ tap (short, never moved past slop)
///     held ──past slop──▶ pan   (the finger left over after a pinch: never a tap, flick or curl)
///     press ──past slop──▶ controlDrag   (down on a control: every step is the control's; up is its tap or lift)
struct Stroke: Sendable, Hashable {
    enum Phase: Sendable, Hashable { case pending, held, curl, pan, swipe, press(ScreenControl), controlDrag(ScreenControl) }

    let id: Int32
    let source: InputSource
    /// Down point (for `held`: where the pinch left the finger), px.
    let start: Vec2
    let startTime: Double
    /// Grab zone hit at the down, if any (decided once, at the down).
    let zone: GrabZone?
    private(set) var phase: Phase
    private(set) var position: Vec2
    private var velocity: VelocityEstimator
    /// How far up this finger must still go to show the overlay (it went down in the edge swipe zone).
    private var edgeSwipe: Double?

    init(id: Int32, source: InputSource, at p: Vec2, time: Double, phase: Phase, zone: GrabZone?,
         config: GestureConfig, edgeSwipe: Double? = nil) {
        self.id = id; self.source = source; start = p; startTime = time; self.phase = phase; self.zone = zone
        self.edgeSwipe = edgeSwipe
        position = p
        velocity = VelocityEstimator(window: config.velocityWindow)
        velocity.add(p, time: time)
    }

    /// A stroke that went down at `p` while `context` was on screen: a control's where one lies there, else the
    /// page's (with the grab zone hit, and whether a finger there may swipe the overlay up).
    static func begin(id: Int32, source: InputSource, at p: Vec2, time: Double, context: GestureContext,
                      config: GestureConfig) -> Stroke {
        if let control = context.control(at: p) {
            return Stroke(id: id, source: source, at: p, time: time, phase: .press(control), zone: nil, config: config)
        }
        let edge = source == .touch && context.edgeSwipeZone?.contains(p) == true ? context.edgeSwipeDistance : nil
        return Stroke(id: id, source: source, at: p, time: time, phase: .pending, zone: context.grabZone(at: p, config),
                      config: config, edgeSwipe: edge)
    }

    /// The control this stroke belongs to, if any.
    var control: ScreenControl? {
        switch phase {
        case .press(let c), .controlDrag(let c): c
        case .pending, .held, .curl, .pan, .swipe: nil
        }
    }

    /// The intent that tells the control of this stroke what it did.
    private func controlIntent(_ control: ScreenControl, _ phase: ControlStroke.Phase) -> Intent {
        .control(ControlStroke(control, phase, start: start, position: position))
    }

    /// The intent a control stroke begins with.
    var controlDown: Intent? { control.map { controlIntent($0, .down) } }

    /// A new position; returns the intents it causes.
    mutating func move(to p: Vec2, time: Double, context: GestureContext, config: GestureConfig,
                       taps: inout TapResolver) -> [Intent] {
        position = p
        velocity.add(p, time: time)
        let pastSlop = p.distance(to: start) > config.slop
        var out: [Intent] = []
        if let distance = edgeSwipe, start.y - p.y >= distance {
            edgeSwipe = nil
            out.append(.edgeSwipeUp)
        }
        return out + follow(pastSlop: pastSlop, taps: &taps, context: context)
    }

    private mutating func follow(pastSlop: Bool, taps: inout TapResolver, context: GestureContext) -> [Intent] {
        let p = position
        switch phase {
        case .press(let c):
            guard pastSlop else { return [controlIntent(c, .move)] }
            phase = .controlDrag(c)
            return [controlIntent(c, .drag)]
        case .controlDrag(let c): return [controlIntent(c, .drag)]
        case .pending:
            guard pastSlop else { return [] }
            var out = taps.strokeIsNotTap()
            if let zone {
                phase = .curl
                out.append(.curlBegin(CurlBegin(direction: zone.direction, grab: zone.grab, start: start,
                                                position: p, source: source)))
            } else if context.isZoomed {
                phase = .pan
                out += [.panBegin(at: start), .panMove(translation: p - start)]
            } else {
                phase = .swipe
            }
            return out
        case .held:
            guard pastSlop else { return [] }
            phase = .pan
            return [.panBegin(at: start), .panMove(translation: p - start)]
        case .curl: return [.curlMove(p)]
        case .pan: return [.panMove(translation: p - start)]
        case .swipe: return []
        }
    }

    /// The point lifted (touch up, button release) at `time`.
    func end(time: Double, context: GestureContext, config: GestureConfig, taps: inout TapResolver) -> [Intent] {
        switch phase {
        case .press(let c): return [controlIntent(c, time - startTime <= config.tapMaxDuration ? .tap : .lift)]
        case .controlDrag(let c): return [controlIntent(c, .lift)]
        case .pending:
            guard time - startTime <= config.tapMaxDuration else { return taps.strokeIsNotTap() }
            let action = context.link(at: start) ? .followLink(at: start)
                : context.tapTurn(at: start, config).map { Intent.turn($0, cause: .tap) }
                ?? (context.isMiddle(start, config) ? .middleTap : nil)
            return taps.tapEnded(at: start, time: time, action: action, config)
        case .held:
            return []
        case .curl:
            return [.curlEnd(position: position, velocity: velocity.velocity(at: time))]
        case .pan:
            return [.panEnd(translation: position - start, velocity: velocity.velocity(at: time))]
        case .swipe:
            let v = velocity.velocity(at: time)
            let dx = position.x - start.x
            guard abs(v.x) >= config.flickMinVelocity, abs(v.x) >= config.flickHorizontalRatio * abs(v.y),
                  abs(dx) >= config.flickMinDistance, (dx < 0) == (v.x < 0) else { return [] }
            return [.flick(context.direction(ofHorizontal: v.x), velocity: v)]
        }
    }

    /// Another finger joined: this one-point gesture gives way to a two-finger transform.
    func interrupt(taps: inout TapResolver) -> [Intent] {
        switch phase {
        case .press(let c), .controlDrag(let c): return [controlIntent(c, .cancel)]
        case .pending: return taps.strokeIsNotTap()
        case .held, .swipe: return []
        case .curl: return [.curlCancel]
        case .pan: return [.panEnd(translation: position - start, velocity: .zero)]
        }
    }

    /// The compositor cancelled the input (or the pointer left): close any bracket, perform no tap.
    func cancel(taps: inout TapResolver) -> [Intent] {
        taps.cancel()
        switch phase {
        case .press(let c), .controlDrag(let c): return [controlIntent(c, .cancel)]
        case .pending, .held, .swipe: return []
        case .curl: return [.curlCancel]
        case .pan: return [.panCancel]
        }
    }
}
