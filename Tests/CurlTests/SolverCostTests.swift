import Curl
import Geometry
import Testing
import TestSupport

/// Measures the solver's cost per call (printed; no timing assertion). Build with `-c release` for real figures.
@Suite struct SolverCostTests {
    private func nsPerCall(_ cases: [Case], rounds: Int = 50) -> Double {
        var sink = 0.0
        for c in cases.prefix(256) { sink += solveCurl(page: c.page, grab: c.grab, finger: c.finger, config: c.config).progress }
        let elapsed = ContinuousClock().measure {
            for _ in 0..<rounds {
                for c in cases { sink += solveCurl(page: c.page, grab: c.grab, finger: c.finger, config: c.config).progress }
            }
        }
        #expect(sink.isFinite)
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        return ns / Double(rounds * cases.count)
    }

    @Test func solverCostPerCall() {
        var rng = SplitMix64(seed: 77)
        let all = (0..<4096).map { _ in rng.randomCase() }
        // The expensive path: reachable fingers with the grabbed point still on the cylinder (Newton inversion).
        var lift: [Case] = []
        while lift.count < 4096 {
            let c = rng.randomCase(outerCornersOnly: true)
            let s = solveCurl(page: c.page, grab: c.grab, finger: c.finger, config: c.config)
            let g = c.grab.location(in: c.page)!
            if !s.isClamped && !s.cylinder.isRest && s.cylinder.distance(g) < pi * s.cylinder.radius { lift.append(c) }
        }
        print("[curl] solveCurl: \(fmt(nsPerCall(all), 1)) ns/call on random input,",
              "\(fmt(nsPerCall(lift), 1)) ns/call with the grabbed point in the lift phase")
    }
}
