import Curl
import Geometry
import Testing

/// Measures the solver's cost per call (printed; no timing assertion). Build with `-c release` for real figures.
@Suite struct SolverCostTests {
    @Test func solverCostPerCall() {
        var rng = SplitMix64(seed: 77)
        let cases = (0..<4096).map { _ in rng.randomCase() }
        var sink = 0.0
        for c in cases.prefix(256) { sink += solveCurl(page: c.page, grab: c.grab, finger: c.finger, config: c.config).progress }
        let rounds = 50
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<rounds {
                for c in cases { sink += solveCurl(page: c.page, grab: c.grab, finger: c.finger, config: c.config).progress }
            }
        }
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        print("[curl] solveCurl: \(fmt(ns / Double(rounds * cases.count), 1)) ns/call over \(rounds * cases.count) random calls (sink \(sink > 0))")
        #expect(sink.isFinite)
    }
}
