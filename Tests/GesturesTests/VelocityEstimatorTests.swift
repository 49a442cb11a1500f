import Geometry
import Gestures
import Testing
import TestSupport

@Suite struct VelocityEstimatorTests {
    @Test func straightLineIsExact() {
        var v = VelocityEstimator()
        for k in 0..<30 {
            let t = 1000 + Double(k) * 8.3
            v.add(Vec2(100 + 1.2 * (t - 1000), 50 - 0.3 * (t - 1000)), time: t)
        }
        #expect(v.velocity().distance(to: Vec2(1200, -300)) < 1e-6)
    }

    @Test func onlyTheLastHundredMillisecondsCount() {
        var v = VelocityEstimator()
        var x = 0.0
        // 300 ms slow, then 100 ms fast: the fit sees the fast part.
        for k in 0...48 {
            let t = Double(k) * 8.333
            x += t <= 300 ? 0.8 : 16.666   // 100 px/s, then 2000 px/s
            v.add(Vec2(x, 0), time: t)
        }
        #expect(abs(v.velocity().x - 2000) < 60, "\(v.velocity())")
    }

    /// With digitizer noise and timestamp jitter, the fit stays close where the last two points do not.
    @Test func fitBeatsTheLastTwoPointsOnNoisyInput() {
        var rng = SplitMix64(seed: 42)
        var fitError = 0.0, pairError = 0.0
        for _ in 0..<200 {
            var v = VelocityEstimator()
            var samples: [(Double, Double)] = []
            var t = 0.0
            for _ in 0..<20 {
                t += 8.333 + rng.uniform(-1.5, 1.5)
                let reported = t.rounded()   // integer-millisecond timestamps, as Wayland gives them
                let x = 1.5 * t + rng.uniform(-0.6, 0.6)
                v.add(Vec2(x, 0), time: reported)
                samples.append((reported, x))
            }
            let (t1, x1) = samples[samples.count - 2], (t2, x2) = samples[samples.count - 1]
            fitError += abs(v.velocity().x - 1500)
            pairError += abs((x2 - x1) / (t2 - t1) * 1000 - 1500)
        }
        #expect(fitError / 200 < 40, "mean fit error \(fitError / 200) px/s")
        #expect(fitError < pairError / 4, "fit \(fitError / 200) vs last-two \(pairError / 200) px/s")
    }

    @Test func aFingerThatStoppedBeforeReleaseHasNoVelocity() {
        var v = VelocityEstimator()
        for k in 0..<20 { v.add(Vec2(Double(k) * 10, 0), time: Double(k) * 8) }
        #expect(v.velocity(at: 152).x > 1000)
        #expect(v.velocity(at: 152 + 300) == .zero, "nothing for 300 ms: stopped")
        #expect(abs(v.velocity(at: 152 + 60).x) < abs(v.velocity(at: 152).x) / 2, "a 60 ms pause slows it")
    }

    @Test func tooFewSamplesGiveZero() {
        var v = VelocityEstimator()
        #expect(v.velocity() == .zero)
        v.add(Vec2(1, 2), time: 5)
        #expect(v.velocity() == .zero)
        v.add(Vec2(1, 2), time: 5)
        #expect(v.velocity() == .zero, "same time twice: no slope")
        v.add(Vec2(.nan, 2), time: 9)
        #expect(v.velocity().isFinite)
    }

    @Test func ringKeepsWorkingPastItsCapacity() {
        var v = VelocityEstimator(capacity: 8)
        for k in 0..<1000 { v.add(Vec2(Double(k) * 2, 0), time: Double(k)) }
        #expect(abs(v.velocity().x - 2000) < 1e-6)
    }
}
