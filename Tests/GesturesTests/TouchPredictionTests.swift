import Foundation
import Geometry
import Gestures
import Testing
import TestSupport

@Suite struct TouchPredictionTests {
    /// Samples of x(t) along the x axis every 8.33 ms (120 Hz) from `from` to `to` ms.
    func feed(_ p: inout TouchPredictor, from: Double, to: Double, x: (Double) -> Double) {
        var t = from
        while t <= to + 1e-9 { p.add(position: Vec2(x(t), 300), time: t); t += 25.0 / 3 }
    }

    @Test func steadyMotionIsExtrapolatedExactly() {
        var p = TouchPredictor()
        feed(&p, from: 0, to: 200) { 100 + 1.2 * $0 }   // 1200 px/s
        let last = p.latest!
        #expect(p.predict(lead: 25).distance(to: last + Vec2(30, 0)) < 1e-6)
    }

    /// An accelerating finger is extrapolated with its current velocity (the end slope of the fit, exact on a
    /// parabola), not with its acceleration.
    @Test func acceleratingMotionUsesTheCurrentVelocityOnly() {
        var p = TouchPredictor()
        feed(&p, from: 0, to: 100) { 0.01 * $0 * $0 }
        let t = p.latestTime!
        let expected = p.latest! + Vec2(0.02 * t * 20, 0)
        #expect(p.predict(lead: 20).distance(to: expected) < 1e-6, "\(p.predict(lead: 20)) vs \(expected)")
    }

    /// A decelerating finger is extrapolated along its parabola, but never past the point where it stops.
    @Test func deceleratingMotionStopsAtTheTurningPoint() {
        var p = TouchPredictor()
        let x = { (t: Double) in 2 * t - 0.01 * t * t }   // stops at t = 100, x = 100
        feed(&p, from: 0, to: 90, x: x)
        let t = p.latestTime!
        let v = 2 - 0.02 * t
        let short = p.predict(lead: 4)
        #expect(abs(short.x - (p.latest!.x + v * 4 - 0.01 * 16)) < 1e-6, "follows the parabola: \(short)")
        #expect(abs(p.predict(lead: 40).x - 100) < 1e-6, "stops at the turning point: \(p.predict(lead: 40))")
    }

    @Test func aRestingFingerIsNotExtrapolated() {
        var rng = SplitMix64(seed: 9)
        var p = TouchPredictor()
        var t = 0.0
        for _ in 0..<40 {
            p.add(position: Vec2(500 + rng.uniform(-0.4, 0.4), 300 + rng.uniform(-0.4, 0.4)), time: t)
            t += 8 + rng.uniform(-1, 1)
        }
        #expect(p.predict(lead: 33) == p.latest!)
    }

    /// Touchscreens report nothing while a finger rests: old samples say nothing about the present.
    @Test func noPredictionWhenTheNewestSampleIsOld() {
        var p = TouchPredictor()
        feed(&p, from: 0, to: 200) { 1.5 * $0 }
        let t = p.latestTime!
        #expect(p.predict(lead: 20, now: t + 5) != p.latest!)
        #expect(p.predict(lead: 20, now: t + 41) == p.latest!)
    }

    @Test func leadIsClampedAndDistanceCapped() {
        var p = TouchPredictor()
        feed(&p, from: 0, to: 200) { 10 * $0 }   // 10 000 px/s
        let last = p.latest!
        #expect(p.predict(lead: 1000) == p.predict(lead: 50))
        #expect(abs(p.predict(lead: 50).distance(to: last) - 150) < 1e-6, "maxDistance")
        #expect(p.predict(lead: -5) == last)
        #expect(p.predict(lead: .nan) == last)
        p.add(position: Vec2(.infinity, 0), time: 300)
        #expect(p.latest == last, "non-finite samples are ignored")
        p.reset()
        #expect(p.isEmpty)
        #expect(p.predict(lead: 16) == .zero)
    }

    /// On random wandering, noisy strokes the prediction never points against the last `lead` ms of travel and
    /// never exceeds the caps.
    @Test func predictionsRespectTheSafeguardsOnRandomStrokes() {
        var rng = SplitMix64(seed: 2024)
        let config = TouchPredictor.Config()
        for _ in 0..<60 {
            var p = TouchPredictor(config: config)
            var samples: [(Double, Vec2)] = []
            var t = 0.0, pos = Vec2(600, 400), heading = rng.uniform(0, 2 * Geometry.pi)
            var speed = rng.uniform(0, 3)   // px/ms
            for _ in 0..<80 {
                let dt = 8.33 + rng.uniform(-1, 1)
                t += dt
                heading += rng.uniform(-0.4, 0.4)
                speed = Swift.max(0, speed + rng.uniform(-0.5, 0.5))
                pos += Vec2(Geometry.cos(heading), Geometry.sin(heading)) * (speed * dt)
                let noisy = pos + Vec2(rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5))
                p.add(position: noisy, time: t.rounded())
                samples.append((t.rounded(), noisy))
                let lead = rng.uniform(8, 40)
                let offset = p.predict(lead: lead) - noisy
                let recent = noisy - interpolate(samples, at: t.rounded() - lead)
                #expect(offset.length <= Swift.min(config.capFactor * recent.length, config.maxDistance) + 1e-9)
                #expect(offset == .zero || offset.dot(recent) > 0)
            }
        }
    }

    /// Replays the single-finger traces: at each motion sample, the prediction `lead` ms ahead against the
    /// finger's actual position then, beside the stale position. Prints the table; asserts only that prediction
    /// lowers the mean error on the fast strokes, where the stale position lags far behind.
    @Test func predictionReducesTheErrorOnRecordedFastStrokes() throws {
        let names = ["corner_drag_commit", "short_slow_drag", "corner_flick", "fast_flick", "curved_drag",
                     "drag_abrupt_stop", "drag_reversal"]
        let leads: [Double] = [16, 25, 33]
        var strokes: [(name: String, samples: [(Double, Vec2)])] = []
        for name in names {
            for s in try fingerStrokes(Trace(name)) { strokes.append((name, s)) }
        }
        print("[predict] position error (px) at t+L: stale position at t vs TouchPredictor; mean / p95")
        print("[predict] trace               peak px/s  fast | L   n    stale mean   p95 |  pred mean   p95")
        var all: [Double: (stale: [Double], pred: [Double])] = [:]
        var fastCount = 0
        for (name, samples) in strokes {
            let peak = peakSpeed(samples)
            let fast = peak >= 1000
            if fast { fastCount += 1 }
            for lead in leads {
                let (stale, pred) = evaluate(samples, lead: lead)
                all[lead, default: ([], [])].stale += stale
                all[lead, default: ([], [])].pred += pred
                print("[predict] \(pad(name, 20)) \(fmt(peak, 10, 0))  \(fast ? "yes " : "no  ") | "
                      + "\(fmt(lead, 2, 0)) \(fmt(Double(stale.count), 3, 0))  \(fmt(mean(stale), 10)) "
                      + "\(fmt(p95(stale), 6)) | \(fmt(mean(pred), 10)) \(fmt(p95(pred), 6))")
                if fast {
                    #expect(mean(pred) < mean(stale), "\(name) L=\(lead): \(mean(pred)) vs stale \(mean(stale))")
                }
            }
        }
        for lead in leads {
            let (stale, pred) = all[lead]!
            print("[predict] \(pad("ALL", 20)) \(pad("", 10))       | \(fmt(lead, 2, 0)) "
                  + "\(fmt(Double(stale.count), 3, 0))  \(fmt(mean(stale), 10)) \(fmt(p95(stale), 6)) | "
                  + "\(fmt(mean(pred), 10)) \(fmt(p95(pred), 6))")
        }
        #expect(fastCount >= 5, "the fast strokes are in the set")

        // The same with extra digitizer noise (uniform, σ = 1 px) on what the predictor sees, against the
        // recorded positions: how much of the gain survives a noisier touchscreen. Printed only.
        var rng = SplitMix64(seed: 77)
        let amplitude = 3.0.squareRoot()
        for lead in leads {
            var stale: [Double] = [], pred: [Double] = [], slowStale: [Double] = [], slowPred: [Double] = []
            for (name, samples) in strokes {
                let noisy = samples.map { ($0.0, $0.1 + Vec2(rng.uniform(-amplitude, amplitude),
                                                             rng.uniform(-amplitude, amplitude))) }
                let (s, p) = evaluate(samples, observed: noisy, lead: lead)
                stale += s; pred += p
                if name == "short_slow_drag" { slowStale += s; slowPred += p }
            }
            print("[predict] +1px noise ALL            | \(fmt(lead, 2, 0)) \(fmt(Double(stale.count), 3, 0))  "
                  + "\(fmt(mean(stale), 10)) \(fmt(p95(stale), 6)) | \(fmt(mean(pred), 10)) \(fmt(p95(pred), 6))"
                  + "   short_slow_drag \(fmt(mean(slowStale), 5)) -> \(fmt(mean(slowPred), 5))")
        }
    }

    // MARK: - Evaluation helpers

    /// (stale errors, predicted errors) for every motion sample whose t + lead lies within the stroke. The
    /// predictor sees `observed` (the samples, or a noisier copy); the truth is always `samples`.
    func evaluate(_ samples: [(Double, Vec2)], observed: [(Double, Vec2)]? = nil, lead: Double)
        -> ([Double], [Double]) {
        var p = TouchPredictor()
        var stale: [Double] = [], pred: [Double] = []
        for (i, (t, pos)) in (observed ?? samples).enumerated() {
            p.add(position: pos, time: t)
            guard i > 0, t + lead <= samples.last!.0 else { continue }   // i = 0 is the down, not a motion
            let truth = interpolate(samples, at: t + lead)
            stale.append(pos.distance(to: truth))
            pred.append(p.predict(lead: lead).distance(to: truth))
        }
        return (stale, pred)
    }

    /// Each finger's samples from down to up (down and motion positions with their times).
    func fingerStrokes(_ trace: Trace) -> [[(Double, Vec2)]] {
        var open: [Int32: [(Double, Vec2)]] = [:]
        var done: [[(Double, Vec2)]] = []
        for e in trace.events {
            switch e {
            case let .touchDown(id, p, t): open[id] = [(t, p)]
            case let .touchMotion(id, p, t): open[id]?.append((t, p))
            case let .touchUp(id, _): if let s = open.removeValue(forKey: id) { done.append(s) }
            default: break
            }
        }
        return done
    }

    /// Fastest speed over spans of three report intervals (~25 ms), px/s.
    func peakSpeed(_ s: [(Double, Vec2)]) -> Double {
        var peak = 0.0
        for i in 0..<Swift.max(0, s.count - 3) where s[i + 3].0 > s[i].0 {
            peak = Swift.max(peak, s[i + 3].1.distance(to: s[i].1) / (s[i + 3].0 - s[i].0) * 1000)
        }
        return peak
    }

    func mean(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.reduce(0, +) / Double(v.count) }

    /// Nearest-rank 95th percentile.
    func p95(_ v: [Double]) -> Double {
        guard !v.isEmpty else { return 0 }
        let s = v.sorted()
        return s[Swift.min(s.count - 1, Swift.max(0, Int((0.95 * Double(s.count)).rounded(.up)) - 1))]
    }

    func pad(_ s: String, _ n: Int) -> String { s.padding(toLength: n, withPad: " ", startingAt: 0) }

    func fmt(_ x: Double, _ width: Int, _ decimals: Int = 2) -> String {
        String(format: "%\(width).\(decimals)f", x)
    }
}

/// Position at time t, linear between samples (times ascending; repeated times keep the later sample);
/// clamped to the first and last samples.
fileprivate func interpolate(_ s: [(Double, Vec2)], at t: Double) -> Vec2 {
    guard let first = s.first, t > first.0 else { return s.first?.1 ?? .zero }
    for i in 1..<s.count where s[i].0 >= t {
        let (t0, p0) = s[i - 1], (t1, p1) = s[i]
        return t1 > t0 ? p0 + (p1 - p0) * ((t - t0) / (t1 - t0)) : p1
    }
    return s.last!.1
}
