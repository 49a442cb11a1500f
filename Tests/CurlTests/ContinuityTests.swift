import Curl
import Geometry
import Testing
import TestSupport

/// A finger move of ε must move every page point by at most a bounded multiple of ε — in particular where the
/// grabbed point leaves the cylinder (lift/flat boundary) and where the reachability clamp takes over. A jump
/// shows up as a move/ε ratio that grows without bound as ε shrinks, so each crossing is probed at several ε.
@Suite struct ContinuityTests {
    static let bound = 150.0
    static let epsilons = [1e-4, 1e-6, 1e-8]

    /// Page points move at most `ratio`·ε for every ε; returns the ratios.
    private func ratios(_ c: Case, at f: Vec2, direction v: Vec2, grid: [Vec2]) -> [Double] {
        Self.epsilons.map { eps in
            let a = solveCurl(page: c.page, grab: c.grab, finger: f - v * (eps / 2), config: c.config)
            let b = solveCurl(page: c.page, grab: c.grab, finger: f + v * (eps / 2), config: c.config)
            return maxMove(a.cylinder, b.cylinder, grid) / eps
        }
    }

    /// Bisects the finger parameter t in [lo, hi] on the segment from `a` to `b` where `flag` changes.
    private func boundary(_ a: Vec2, _ b: Vec2, _ flag: (Vec2) -> Bool) -> Vec2? {
        let n = 400
        var prev = flag(a), lo = 0.0
        for i in 1...n {
            let t = Double(i) / Double(n)
            let cur = flag(a + (b - a) * t)
            if cur != prev {
                var l = lo, h = t
                for _ in 0..<60 {
                    let m = (l + h) / 2
                    if flag(a + (b - a) * m) == prev { l = m } else { h = m }
                }
                return a + (b - a) * ((l + h) / 2)
            }
            prev = cur; lo = t
        }
        return nil
    }

    private func check(_ name: String, seed: UInt64, probe: (Case, inout SplitMix64) -> Vec2?) {
        var rng = SplitMix64(seed: seed)
        var worst = 0.0, found = 0, attempts = 0
        while found < 150 && attempts < 20_000 {
            attempts += 1
            let c = rng.randomCase()
            guard let f = probe(c, &rng) else { continue }
            // Away from rest only: near rest the fold direction turns like 1/s (see report), a property of folding.
            let g = c.grab.location(in: c.page)!
            let s = solveCurl(page: c.page, grab: c.grab, finger: f, config: c.config).finger.distance(to: g)
            guard s > 0.02 * min(c.page.width, c.page.height) else { continue }
            found += 1
            let grid = pageGrid(c.page, 20)
            for _ in 0..<4 {
                let ang = rng.uniform(0, 2 * pi)
                let r = ratios(c, at: f, direction: Vec2(cos(ang), sin(ang)), grid: grid)
                worst = max(worst, r.max()!)
                #expect(r.max()! <= Self.bound, "\(name) \(c) at \(f): move/ε \(r)")
                // No jump: a jump of size J adds J/ε, ten thousand times more at the smallest ε than at the
                // largest; a continuous, piecewise smooth map only trades one side's slope for the other's.
                #expect(r[2] <= 10 * r[0] + 1, "\(name) \(c) at \(f): move/ε \(r)")
            }
        }
        print("[curl] \(name): \(found) crossings probed, worst page-point move/finger move \(worst)")
        #expect(found >= 100)
    }

    @Test func acrossTheLiftBoundary() {
        check("lift/flat boundary", seed: 11) { c, rng in
            let g = c.grab.location(in: c.page)!
            let far = c.page.mirrored(g) + Vec2(rng.uniform(-0.2, 0.2) * c.page.width, rng.uniform(-0.3, 0.3) * c.page.height)
            return boundary(g, far) { f in
                let s = solveCurl(page: c.page, grab: c.grab, finger: f, config: c.config)
                let d = s.cylinder.distance(g)
                return !s.cylinder.isRest && d >= pi * s.cylinder.radius
            }
        }
    }

    @Test func acrossTheReachabilityClamp() {
        check("reachability clamp", seed: 12) { c, rng in
            let g = c.grab.location(in: c.page)!
            let inside = c.page.mirrored(g) * 0.5 + g * 0.5 + Vec2(0, rng.uniform(-0.1, 0.1) * c.page.height)
            let outside = c.finger + (c.finger - inside) * 2
            // The exact edge of the clamp (not `isClamped`, which ignores sub-nanometre pulls), so every ε
            // straddles it.
            let tiny = 1e-12 * max(c.page.width, c.page.height)
            return boundary(inside, outside) { f in
                solveCurl(page: c.page, grab: c.grab, finger: f, config: c.config).finger.distance(to: f) > tiny
            }
        }
    }

    @Test func anywhere() {
        check("random finger", seed: 13) { c, _ in c.finger }
    }
}
