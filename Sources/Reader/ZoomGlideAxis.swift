import Geometry

/// One screen axis of a pan glide after release. Inside the limits the position decays freely,
/// x(t) = x₀ + v·τ·(1 − e^(−t/τ)); once it reaches a limit (or if released beyond one) a critically damped
/// spring about the limit, x(u) = (x₀ + (v₀ + ω·x₀)·u)·e^(−ω·u), takes over with the same velocity, so the
/// content bounces softly and comes to rest exactly on the limit. Positions px, times s after release.
struct ZoomGlideAxis: Sendable, Hashable {
    /// A spring within this distance of its limit (px) is at rest; the final step onto the limit is at most this.
    static let restDistance = 0.05
    /// A free glide slower than this (px/s) stops where it is: the unfinished ≤ restSpeed·τ px would only creep
    /// by sub-pixel steps for seconds more, keeping frames coming for nothing.
    static let restSpeed = 15.0

    var origin: Double
    var travel: Double = 0
    var timeConstant: Double
    /// When the spring takes over (nil: the axis never reaches a limit).
    var springStart: Double?
    var bound: Double = 0
    var springOffset: Double = 0
    var springVelocity: Double = 0
    var rate: Double = 0
    var duration: Double = 0

    init(position x: Double, velocity v: Double, lower: Double, upper: Double, timeConstant tau: Double,
         minimumRate: Double, maxOvershoot: Double) {
        origin = x; timeConstant = tau
        if x > upper || x < lower {
            startSpring(at: 0, bound: x > upper ? upper : lower, offset: x - (x > upper ? upper : lower),
                        velocity: v, minimumRate: minimumRate, maxOvershoot: maxOvershoot)
            return
        }
        travel = v * tau
        // Reaching a limit after the fraction f of the free travel: e^(−t/τ) = 1 − f there, and so is the
        // remaining share of the velocity.
        let limit = travel > 0 ? upper : lower
        if travel != 0, (x + travel - limit) * travel > 0 {
            let f = Swift.min(1, Swift.max(0, (limit - x) / travel))
            let tc = f < 1 ? -tau * zoomLog(1 - f) : 0
            startSpring(at: tc, bound: limit, offset: 0, velocity: v * (1 - f),
                        minimumRate: minimumRate, maxOvershoot: maxOvershoot)
            return
        }
        duration = abs(v) > Self.restSpeed && tau > 0 ? tau * zoomLog(abs(v) / Self.restSpeed) : 0
    }

    private mutating func startSpring(at t0: Double, bound b: Double, offset x0: Double, velocity v0: Double,
                                      minimumRate: Double, maxOvershoot: Double) {
        springStart = t0; bound = b; springOffset = x0; springVelocity = v0
        var w = minimumRate
        if x0 * v0 < 0 {
            // Heading back in: stiff enough not to sail through the limit (v₀ + ω·x₀ keeps x₀'s sign).
            w = Swift.max(w, abs(v0 / x0))
        } else if maxOvershoot > 0 {
            // Heading out: the extra overshoot peaks at |v₀|/(ω·e); keep it within maxOvershoot.
            w = Swift.max(w, abs(v0) / (2.718281828459045 * maxOvershoot))
        } else {
            w = 1e4
        }
        rate = Swift.min(1e4, w)
        // Rest once past the peak (u ≥ 1/ω) and the envelope (|x₀| + |v₀ + ω·x₀|·u)·e^(−ω·u) is below rest.
        let a = abs(x0), c = abs(v0 + rate * x0), step = 0.25 / rate
        var u = 0.0
        for _ in 0..<4000 {
            if u >= 1 / rate && (a + c * u) * exp(-rate * u) < Self.restDistance { break }
            u += step
        }
        duration = t0 + u
    }

    /// Position at `t` s after release; exactly the rest position from `duration` on.
    func position(at t: Double) -> Double {
        let t = t.isNaN ? duration : Swift.min(duration, Swift.max(0, t))
        if let s = springStart, t >= s {
            if t >= duration { return bound }
            let u = t - s
            return bound + (springOffset + (springVelocity + rate * springOffset) * u) * exp(-rate * u)
        }
        guard timeConstant > 0 else { return origin }
        return origin + travel * (1 - exp(-t / timeConstant))
    }
}
