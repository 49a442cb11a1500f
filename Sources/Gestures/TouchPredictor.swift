import Geometry

/// Extrapolates one finger a short time ahead, so a frame drawn now can show where the finger will be when
/// the frame reaches the screen instead of where it was one frame interval ago.
///
/// The velocity is the slope, at the newest sample, of a least-squares parabola through the samples of the
/// last `window` ms. A straight-line fit (`VelocityEstimator`) gives the mean velocity over the window, which
/// lags the finger by half a window while it accelerates; the parabola's end slope does not. The parabola's
/// curvature is used only while the finger decelerates (it then predicts the stop, never a turn back), because
/// extrapolating an accelerating curvature amplifies digitizer noise for little gain (measured on the traces in
/// Tests/GesturesTests/Traces; see TouchPredictionTests).
///
/// Safeguards, each measured on those traces: no prediction below `minSpeed` (a resting finger's tremor is
/// not motion), none against the direction of the last `lead` ms of travel (a reversal), none when the
/// newest sample is older than `stillGap` at the query (touchscreens report nothing while a finger rests),
/// and the extrapolated distance is capped at `capFactor` × the distance travelled in the last `lead` ms and
/// at `maxDistance`.
///
/// Times are ms in one clock (`InputEvent` times), positions surface px.
public struct TouchPredictor: Sendable, Hashable {
    public struct Config: Sendable, Hashable {
        /// Fit window, ms. Shorter follows changes sooner; longer averages more noise (60 was best overall).
        public var window: Double = 60
        /// Below this speed (px/s, straight-line fit) nothing is extrapolated; the full prediction applies
        /// from twice this speed, linearly in between so the prediction never pops in.
        public var minSpeed: Double = 60
        /// The extrapolated distance is at most this multiple of the distance travelled in the last `lead` ms.
        public var capFactor: Double = 2
        /// Absolute cap on the extrapolated distance, px.
        public var maxDistance: Double = 150
        /// Leads are clamped to 0...maxLead ms: a missed frame must not fling the prediction.
        public var maxLead: Double = 50
        /// With a query time, a newest sample older than this (ms) means the finger rests: no prediction.
        public var stillGap: Double = 40

        public init(window: Double = 60, minSpeed: Double = 60, capFactor: Double = 2, maxDistance: Double = 150,
                    maxLead: Double = 50, stillGap: Double = 40) {
            self.window = window
            self.minSpeed = minSpeed
            self.capFactor = capFactor
            self.maxDistance = maxDistance
            self.maxLead = maxLead
            self.stillGap = stillGap
        }
    }

    public let config: Config
    // Ring of the newest samples, oldest first when read through `sample(_:)`.
    private var times: [Double]
    private var points: [Vec2]
    private var head = 0   // index of the next write
    private var count = 0

    /// `capacity` samples are kept: enough for the window at 240 Hz with room to spare.
    public init(config: Config = Config(), capacity: Int = 64) {
        self.config = config
        times = Array(repeating: 0, count: Swift.max(4, capacity))
        points = Array(repeating: .zero, count: Swift.max(4, capacity))
    }

    public var isEmpty: Bool { count == 0 }

    /// The newest sample's position, or nil before the first sample.
    public var latest: Vec2? { count > 0 ? sample(count - 1).p : nil }

    /// The newest sample's time, ms.
    public var latestTime: Double? { count > 0 ? sample(count - 1).t : nil }

    /// Forgets every sample (call on touch down and up, and when the finger changes).
    public mutating func reset() { head = 0; count = 0 }

    /// Adds a sample (touch down or motion). Non-finite samples are ignored; a time earlier than the newest
    /// sample's is taken as the newest sample's time (only guards the math).
    public mutating func add(position: Vec2, time: Double) {
        guard position.isFinite, time.isFinite else { return }
        let t = Swift.max(time, latestTime ?? time)
        times[head] = t
        points[head] = position
        head = (head + 1) % times.count
        count = Swift.min(count + 1, times.count)
    }

    /// The position `lead` ms after the newest sample (clamped to `0...config.maxLead`); the newest position
    /// itself when a safeguard withholds the prediction, and `.zero` before any sample.
    ///
    /// `now` (ms, same clock), when given, is the time of the query: a newest sample older than
    /// `config.stillGap` then means the finger rests and nothing is extrapolated. Pass as `lead` the time from
    /// the newest sample to the frame's presentation if known, else the measured frame interval.
    public func predict(lead: Double, now: Double? = nil) -> Vec2 {
        guard let last = latest, let t0 = latestTime else { return .zero }
        if let now, now - t0 > config.stillGap { return last }
        let lead = lead.isFinite ? Swift.min(Swift.max(lead, 0), config.maxLead) : 0
        guard lead > 0 else { return last }
        let offset = extrapolation(lead: lead, newest: t0)
        let p = last + offset
        return p.isFinite ? p : last
    }

    /// The offset from the newest position to the prediction, after every safeguard.
    private func extrapolation(lead: Double, newest t0: Double) -> Vec2 {
        var ts: [Double] = [], ps: [Vec2] = []
        ts.reserveCapacity(count); ps.reserveCapacity(count)
        for k in 0..<count {
            let s = sample(k)
            if t0 - s.t <= config.window { ts.append(s.t - t0); ps.append(s.p) }
        }
        if ts.count < 2 {
            // Sparse reports: the two newest samples, if they are recent enough to describe current motion.
            guard count >= 2 else { return .zero }
            let s = sample(count - 2)
            guard t0 - s.t <= 2 * config.window else { return .zero }
            ts = [s.t - t0, 0]; ps = [s.p, sample(count - 1).p]
        }

        let lineVelocity = VelocityEstimator.fit(ts, ps) / 1000   // px/ms
        let speed = lineVelocity.length * 1000
        let gate = Swift.min(Swift.max((speed - config.minSpeed) / Swift.max(config.minSpeed, 1e-9), 0), 1)
        guard gate > 0 else { return .zero }

        var offset: Vec2
        if ts.count >= 4, let (v, c) = Self.parabola(ts, ps, scale: config.window) {
            offset = v * lead
            let along = c.dot(v.normalized)   // < 0: decelerating along the motion
            if along < 0 {
                // Follow the parabola, but no further than its turning point along the motion.
                let stop = v.length / (-2 * along)
                let h = Swift.min(lead, stop)
                offset = v * h + c * (h * h)
            }
        } else {
            offset = lineVelocity * lead
        }
        offset = offset * gate

        let recent = sample(count - 1).p - position(at: t0 - lead)
        if offset.dot(recent) <= 0 { return .zero }   // predicted against the latest travel: a reversal
        let cap = Swift.min(config.capFactor * recent.length, config.maxDistance)
        let length = offset.length
        if length > cap { offset = length > 0 ? offset * (cap / length) : .zero }
        return offset
    }

    /// Velocity (px/ms) at t = 0 and quadratic coefficient c (px/ms², position ≈ a + v·t + c·t²) of the
    /// least-squares parabola through (t, p), t in ms relative to the newest sample. Nil when the times do not
    /// spread enough to determine a parabola (repeated timestamps).
    static func parabola(_ ts: [Double], _ ps: [Vec2], scale: Double) -> (Vec2, Vec2)? {
        // Times in units of the window keep the normal equations well conditioned.
        let s = Swift.max(scale, 1e-9)
        var m0 = 0.0, m1 = 0.0, m2 = 0.0, m3 = 0.0, m4 = 0.0
        var r0 = Vec2.zero, r1 = Vec2.zero, r2 = Vec2.zero
        for i in ts.indices {
            let u = ts[i] / s, u2 = u * u
            m0 += 1; m1 += u; m2 += u2; m3 += u2 * u; m4 += u2 * u2
            r0 += ps[i]; r1 += ps[i] * u; r2 += ps[i] * u2
        }
        // Cramer's rule on the symmetric 3×3 system [m0 m1 m2; m1 m2 m3; m2 m3 m4]·(a, b, c) = (r0, r1, r2).
        let det = m0 * (m2 * m4 - m3 * m3) - m1 * (m1 * m4 - m2 * m3) + m2 * (m1 * m3 - m2 * m2)
        guard det.isFinite, det > 1e-9 * m0 * m0 * m0 else { return nil }
        let b = (r1 * (m0 * m4 - m2 * m2) - r0 * (m1 * m4 - m2 * m3) - r2 * (m0 * m3 - m1 * m2)) / det
        let c = (r2 * (m0 * m2 - m1 * m1) - r1 * (m0 * m3 - m1 * m2) + r0 * (m1 * m3 - m2 * m2)) / det
        let v = b / s, q = c / (s * s)
        return v.isFinite && q.isFinite ? (v, q) : nil
    }

    /// Position at time t (ms), linear between stored samples; the oldest stored sample before them.
    private func position(at t: Double) -> Vec2 {
        var k = count - 1
        while k > 0, sample(k - 1).t > t { k -= 1 }
        guard k > 0 else { return sample(0).p }
        let a = sample(k - 1), b = sample(k)
        let span = b.t - a.t
        guard span > 0 else { return b.p }
        let f = Swift.min(Swift.max((t - a.t) / span, 0), 1)
        return a.p + (b.p - a.p) * f
    }

    /// The k-th stored sample, 0 = oldest.
    private func sample(_ k: Int) -> (t: Double, p: Vec2) {
        let cap = times.count
        let i = (head - count + k + 2 * cap) % cap
        return (times[i], points[i])
    }
}
