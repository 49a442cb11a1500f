import Curl
import Geometry
import Testing
import TestSupport

/// Spine points of a page (canonical ends included).
private func spinePoints(_ page: CurlPage, _ n: Int = 64) -> [Vec2] {
    (0...n).map { Vec2(page.spineX, page.height * Double($0) / Double(n)) }
}

@Suite struct SolverPropertyTests {
    @Test func grabbedPointIsUnderTheReachedFinger() {
        var rng = SplitMix64(seed: 0xC0FFEE)
        var worst = 0.0, clamped = 0, curled = 0
        let count = 20_000
        for _ in 0..<count {
            let c = rng.randomCase()
            let sol = solveCurl(page: c.page, grab: c.grab, finger: c.finger, config: c.config)
            let g = c.grab.location(in: c.page)!
            let drawn = sol.cylinder.deform(g).position.xy
            let err = drawn.distance(to: sol.finger)
            worst = max(worst, err)
            #expect(err <= 0.5, "\(c): grabbed point drawn \(err) px from the finger")
            if sol.isClamped { clamped += 1 } else {
                #expect(sol.finger.distance(to: c.finger) <= 1e-9 * max(c.page.width, c.page.height), "\(c)")
            }
            if !sol.cylinder.isRest { curled += 1 }
            #expect(sol.progress >= 0 && sol.progress <= 1)
        }
        print("[curl] grabbed-point error over \(count) random cases: worst \(worst) px;",
              "\(clamped) clamped, \(curled) curled")
        #expect(curled > count / 2)
    }

    /// A finger the paper can reach (spine lens ∩ the corner's quadrant) is taken as is: the clamp is honest.
    @Test func reachableFingersAreNotClamped() {
        var rng = SplitMix64(seed: 7)
        var tested = 0
        while tested < 5000 {
            let c = rng.randomCase(outerCornersOnly: true)
            let g = c.grab.location(in: c.page)!
            let spine0 = Vec2(c.page.spineX, 0), spine1 = Vec2(c.page.spineX, c.page.height)
            let f = c.finger
            let inLens = f.distance(to: spine0) < g.distance(to: spine0) * (1 - 1e-9)
                && f.distance(to: spine1) < g.distance(to: spine1) * (1 - 1e-9)
            let inQuadrant = (f.x - g.x) * (g.x - c.page.spineX) <= 0
                && (f.y - g.y) * (g.y - c.page.height / 2) <= 0
            guard inLens && inQuadrant else { continue }
            tested += 1
            let sol = solveCurl(page: c.page, grab: c.grab, finger: f, config: c.config)
            #expect(!sol.isClamped, "\(c)")
            #expect(sol.finger.distance(to: f) <= 1e-9 * max(c.page.width, c.page.height))
        }
    }

    @Test func paperDoesNotStretch() {
        var rng = SplitMix64(seed: 42)
        var worst = 0.0, tested = 0
        while tested < 400 {
            let c = rng.randomCase()
            let sol = solveCurl(page: c.page, grab: c.grab, finger: c.finger, config: c.config)
            guard !sol.cylinder.isRest else { continue }
            tested += 1
            let w = c.page.width, h = c.page.height
            let g = c.grab.location(in: c.page)!
            // Half the segments run along the fold normal through the grabbed point, across every phase.
            let a: Vec2, b: Vec2
            if tested % 2 == 0 {
                a = Vec2(rng.uniform(0, w), rng.uniform(0, h)); b = Vec2(rng.uniform(0, w), rng.uniform(0, h))
            } else {
                a = g; b = clipToPage(g, g - sol.cylinder.normal * (w + h), w, h)
            }
            let flat = a.distance(to: b)
            guard flat > 0.05 * min(w, h) else { continue }
            let steps = 6000
            var arc = 0.0
            var prev = sol.cylinder.deform(a).position
            for i in 1...steps {
                let p = a + (b - a) * (Double(i) / Double(steps))
                let q = sol.cylinder.deform(p).position
                arc += (q - prev).length
                prev = q
            }
            let rel = abs(arc / flat - 1)
            worst = max(worst, rel)
            #expect(rel <= 0.005, "\(c): arc \(arc) vs flat \(flat)")
        }
        print("[curl] arc length vs flat length, worst relative error over \(tested) segments: \(worst)")
    }

    @Test func nothingBelowThePlaneAndTheSpineStays() {
        var rng = SplitMix64(seed: 99)
        for _ in 0..<1500 {
            let c = rng.randomCase()
            let sol = solveCurl(page: c.page, grab: c.grab, finger: c.finger, config: c.config)
            for p in pageGrid(c.page, 16) {
                let (pos, nrm) = sol.cylinder.deform(p)
                #expect(pos.z >= 0, "\(c)")
                #expect(abs(nrm.length - 1) < 1e-12)
            }
            for p in spinePoints(c.page) {
                let pos = sol.cylinder.deform(p).position
                #expect(pos.xy.distance(to: p) <= 1e-9 && pos.z <= 1e-12, "\(c): spine point \(p) moved to \(pos)")
            }
        }
    }

    @Test func degenerateInputGivesRest() {
        let page = CurlPage(width: 800, height: 1000, spine: .left)
        let bad: [Vec2] = [Vec2(.nan, 3), Vec2(4, .infinity), Vec2(-.infinity, .nan)]
        for f in bad { #expect(solveCurl(page: page, grab: .br, finger: f).cylinder.isRest) }
        #expect(solveCurl(page: page, grab: .br, finger: Vec2(800, 1000)).cylinder.isRest)
        #expect(solveCurl(page: page, grab: .outer(y: .nan), finger: Vec2(10, 10)).cylinder.isRest)
        for size in [(0.0, 100.0), (100, 0), (-5, 100), (.nan, 100), (.infinity, 100)] {
            let p = CurlPage(width: size.0, height: size.1, spine: .right)
            #expect(solveCurl(page: p, grab: .bl, finger: Vec2(50, 50)).cylinder.isRest)
        }
        // A corner on the spine cannot move.
        #expect(solveCurl(page: page, grab: .tl, finger: Vec2(300, 300)).cylinder.isRest)
        var cfg = CurlConfig(); cfg.radius.base = .nan
        let sol = solveCurl(page: page, grab: .br, finger: Vec2(400, 900), config: cfg)
        #expect(sol.cylinder.deform(Vec2(800, 1000)).position.xy.distance(to: Vec2(400, 900)) < 1e-9)
    }

    /// Both spines: a right-spine page is the mirror image of a left-spine one.
    @Test func rightSpineMirrorsLeftSpine() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let c = rng.randomCase()
            let l = CurlPage(width: c.page.width, height: c.page.height, spine: .left)
            let r = CurlPage(width: c.page.width, height: c.page.height, spine: .right)
            let f = c.finger, fm = Vec2(c.page.width - f.x, f.y)
            let grabs: [(GrabPoint, GrabPoint)] = [(.br, .bl), (.tr, .tl), (.outer(y: 0.3 * c.page.height), .outer(y: 0.3 * c.page.height))]
            for (gl, gr) in grabs {
                let a = solveCurl(page: l, grab: gl, finger: f, config: c.config)
                let b = solveCurl(page: r, grab: gr, finger: fm, config: c.config)
                #expect(abs(a.progress - b.progress) < 1e-9)
                for p in pageGrid(l, 6) {
                    let pa = a.cylinder.deform(p).position
                    let pb = b.cylinder.deform(Vec2(c.page.width - p.x, p.y)).position
                    #expect(Vec3(c.page.width - pb.x, pb.y, pb.z).distance(pa) < 1e-6)
                }
            }
        }
    }
}

private func clipToPage(_ from: Vec2, _ to: Vec2, _ w: Double, _ h: Double) -> Vec2 {
    var t = 1.0
    let d = to - from
    if d.x < 0 { t = min(t, -from.x / d.x) }
    if d.x > 0 { t = min(t, (w - from.x) / d.x) }
    if d.y < 0 { t = min(t, -from.y / d.y) }
    if d.y > 0 { t = min(t, (h - from.y) / d.y) }
    return from + d * max(0, t)
}

extension Vec3 {
    func distance(_ o: Vec3) -> Double { (self - o).length }
}
