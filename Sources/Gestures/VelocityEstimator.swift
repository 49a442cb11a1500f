import Geometry

/// Release velocity from a least-squares straight-line fit of position against time over the last `window`
/// milliseconds of samples — not from the last two points, whose difference is mostly digitizer noise and
/// timestamp jitter at 8 ms intervals.
///
/// Samples live in a fixed ring (`capacity`), enough for a 1000 Hz mouse over 100 ms.
public struct VelocityEstimator: Sendable, Hashable {
    /// Fit window, ms.
    public let window: Double
    /// A finger that stood still this long (ms, no motion events) before the query counts as stopped: the
    /// query time is added as a sample at the last position, since touchscreens send nothing while a finger rests.
    public let stillGap: Double
    private var times: [Double]
    private var points: [Vec2]
    private var head = 0   // index of the next write
    private var count = 0

    public init(window: Double = 100, stillGap: Double = 40, capacity: Int = 128) {
        self.window = window
        self.stillGap = stillGap
        times = Array(repeating: 0, count: Swift.max(2, capacity))
        points = Array(repeating: .zero, count: Swift.max(2, capacity))
    }

    public var isEmpty: Bool { count == 0 }

    public mutating func reset() { head = 0; count = 0 }

    /// Adds a sample; `time` in ms. Non-finite samples are ignored; a time earlier than the newest sample is
    /// taken as the newest sample's time (events from one device arrive in order; this only guards the math).
    public mutating func add(_ p: Vec2, time: Double) {
        guard p.isFinite, time.isFinite else { return }
        var t = time
        if let newest = newestTime, t < newest { t = newest }
        times[head] = t
        points[head] = p
        head = (head + 1) % times.count
        count = Swift.min(count + 1, times.count)
    }

    private var newestTime: Double? { count > 0 ? times[(head - 1 + times.count) % times.count] : nil }

    /// Velocity in px/s at time `now` (ms; default: the newest sample's time). Zero with fewer than two
    /// usable samples. Uses the samples within `window` of `now`; if fewer than two fall inside, the two newest
    /// samples are used as long as they are within two windows of `now`.
    public func velocity(at now: Double? = nil) -> Vec2 {
        guard count > 0, let newest = newestTime else { return .zero }
        let t0 = Swift.max(now ?? newest, newest)
        var ts: [Double] = []
        var ps: [Vec2] = []
        ts.reserveCapacity(count + 1); ps.reserveCapacity(count + 1)
        let cap = times.count
        for k in 0..<count {
            let i = (head - 1 - k + 2 * cap) % cap
            let age = t0 - times[i]
            // Times only grow, so the first sample too old ends the walk; the newest two may reach further back.
            if age > window, k >= 2 || age > 2 * window { break }
            ts.append(times[i]); ps.append(points[i])
        }
        if t0 - newest > stillGap, let last = ps.first {
            ts.append(t0); ps.append(last)
        }
        return Self.fit(ts, ps)
    }

    /// Slope of the least-squares line through (t, p), in px/s (t in ms).
    static func fit(_ ts: [Double], _ ps: [Vec2]) -> Vec2 {
        guard ts.count >= 2 else { return .zero }
        let n = Double(ts.count)
        var mt = 0.0, mp = Vec2.zero
        for i in ts.indices { mt += ts[i]; mp += ps[i] }
        mt /= n; mp = mp / n
        var stt = 0.0, stp = Vec2.zero
        for i in ts.indices {
            let dt = ts[i] - mt
            stt += dt * dt
            stp += (ps[i] - mp) * dt
        }
        guard stt > 1e-9 else { return .zero }
        let v = stp / stt * 1000
        return v.isFinite ? v : .zero
    }
}
