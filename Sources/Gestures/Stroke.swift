import Geometry

/// One finger (or the held left button) driving a one-point gesture. Shared by touch and pointer so that a
/// mouse drag from a corner curls exactly like a finger.
///
///     pending ──past slop──▶ curl (down was in a grab zone)
///        │                ├▶ pan  (zoomed)
///        │                └▶ swipe (unzoomed; a flick on release if fast)
///        └──up──▶ tap (short, never moved past slop)
///     held ──past slop──▶ pan   (the finger left over after a pinch: never a tap, flick or curl)
struct Stroke: Sendable, Hashable {
    enum Phase: Sendable, Hashable { case pending, held, curl, pan, swipe }

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

    init(id: Int32, source: InputSource, at p: Vec2, time: Double, phase: Phase, zone: GrabZone?,
         config: GestureConfig) {
        self.id = id; self.source = source; start = p; startTime = time; self.phase = phase; self.zone = zone
        position = p
        velocity = VelocityEstimator(window: config.velocityWindow)
        velocity.add(p, time: time)
    }

    /// A new position; returns the intents it causes.
    mutating func move(to p: Vec2, time: Double, context: GestureContext, config: GestureConfig,
                       taps: inout TapResolver) -> [Intent] {
        position = p
        velocity.add(p, time: time)
        let pastSlop = p.distance(to: start) > config.slop
        switch phase {
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
        case .pending:
            guard time - startTime <= config.tapMaxDuration else { return taps.strokeIsNotTap() }
            let action = context.tapTurn(at: start, config).map { Intent.turn($0, cause: .tap) }
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
        case .pending, .held, .swipe: return []
        case .curl: return [.curlCancel]
        case .pan: return [.panCancel]
        }
    }
}
