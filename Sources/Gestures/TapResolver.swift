import Geometry

/// Decides single versus double taps for one input source.
///
/// The rule: a tap that turns the page or follows a link acts at once and is never the first half of a double
/// tap (a second quick tap there turns again); a double tap zooms wherever a single tap does not turn — the middle of an
/// unzoomed page, outside the page, anywhere on a zoomed page, everywhere when tap zones are off. Only a tap
/// with nothing to lose waits: the middle's overlay waits until `doubleTapInterval` after its up (`deadline`), or
/// until something else proves it single: a new stroke far away, a stroke on a control, or a nearby stroke that
/// turns out not to be a tap. Strokes on controls never come here otherwise: their taps act at once. A tap that
/// would do nothing sets no deadline (the app is not woken for it) but is still remembered so that a quick
/// second tap toggles zoom.
struct TapResolver: Sendable, Hashable {
    private struct FirstTap: Sendable, Hashable {
        var position: Vec2
        var upTime: Double
        var action: Intent?
        /// A second stroke went down near it in time and has not yet shown what it is.
        var secondDown = false
    }
    private var first: FirstTap?

    /// Event time (ms) at which the pending single tap acts, if one is waiting.
    func deadline(_ config: GestureConfig) -> Double? {
        guard let f = first, !f.secondDown, f.action != nil else { return nil }
        return f.upTime + config.doubleTapInterval
    }

    var isPending: Bool { first != nil }

    /// Time passed: a single tap whose interval ran out acts, at the moment it ran out.
    mutating func expire(now: Double, _ config: GestureConfig) -> [TimedIntent] {
        let due = (first?.upTime ?? 0) + config.doubleTapInterval
        guard let f = first, !f.secondDown, now >= due else { return [] }
        first = nil
        return f.action.map { [TimedIntent($0, at: due)] } ?? []
    }

    /// A new stroke went down at `p`; one on a control is never the second half of a double tap.
    mutating func strokeBegan(at p: Vec2, time: Double, isControl: Bool = false, _ config: GestureConfig) -> [Intent] {
        guard let f = first else { return [] }
        if !isControl, !f.secondDown, time - f.upTime <= config.doubleTapInterval,
           p.distance(to: f.position) <= config.doubleTapDistance {
            first?.secondDown = true
            return []
        }
        return flush()
    }

    /// The current stroke is not a tap after all (moved, held too long, a second finger came).
    mutating func strokeIsNotTap() -> [Intent] {
        guard let f = first, f.secondDown else { return [] }
        return flush()
    }

    /// The current stroke ended as a tap at `p`; `action` is what a single tap there does.
    mutating func tapEnded(at p: Vec2, time: Double, action: Intent?, _ config: GestureConfig) -> [Intent] {
        if let f = first, f.secondDown {
            first = nil
            return [.toggleZoom(at: f.position)]
        }
        var out = flush()
        if config.doubleTapInterval <= 0 || action?.actsAtOnce == true {
            if let action { out.append(action) }
        } else {
            first = FirstTap(position: p, upTime: time, action: action)
        }
        return out
    }

    /// Cancel: a pending tap is dropped, not performed.
    mutating func cancel() { first = nil }

    private mutating func flush() -> [Intent] {
        defer { first = nil }
        return first?.action.map { [$0] } ?? []
    }
}

extension Intent {
    /// A page turn asked for by a tap, or a link followed: acts at the lift, never waits for a second tap.
    var actsAtOnce: Bool {
        switch self {
        case .turn(_, cause: .tap), .followLink: true
        default: false
        }
    }
}
