import Curl
import Geometry
import Testing

@Suite struct GrabTests {
    static let page = CurlPage(width: 900, height: 1200, spine: .left)
    static let grabs: [GrabPoint] = [.tr, .br, .outer(y: 0), .outer(y: 500), .outer(y: 1200), .top(x: 450), .top(x: 890),
                                     .bottom(x: 300), .bottom(x: 900)]

    /// Every movable grab can complete a flip: at its mirror image the page lies flat on the far side.
    @Test(arguments: grabs)
    func mirrorImageIsReachableAndFlat(grab: GrabPoint) {
        let page = Self.page
        let home = grab.location(in: page)!
        let sol = solveCurl(page: page, grab: grab, finger: page.mirrored(home))
        #expect(!sol.isClamped)
        #expect(sol.progress == 1)
        #expect(sol.cylinder.radius == 0)
        for p in pageGrid(page, 10) {
            let q = sol.cylinder.deform(p).position
            #expect(Vec3(q.x + p.x, q.y - p.y, q.z).length < 1e-6, "\(grab): \(p) went to \(q)")
        }
        #expect(solveCurl(page: page, grab: grab, finger: home).cylinder.isRest)
    }

    /// Leaving rest is continuous: a grabbed point moved s pixels, in any direction, moves no page point by more
    /// than a bounded multiple of s, however small s is (no part of the page is already folded at s → 0).
    @Test(arguments: grabs)
    func leavingRestIsContinuous(grab: GrabPoint) {
        let page = Self.page
        let home = grab.location(in: page)!
        let grid = pageGrid(page, 30)
        var worst = 0.0
        for k in 0..<72 {
            let ang = Double(k) * pi / 36
            var ratios: [Double] = []
            for s in [1.0, 1e-2, 1e-4] {
                let sol = solveCurl(page: page, grab: grab, finger: home + Vec2(cos(ang), sin(ang)) * s)
                ratios.append(maxMove(sol.cylinder, .rest, grid) / s)
            }
            worst = max(worst, ratios.max()!)
            #expect(ratios.max()! <= 20, "\(grab) at \(ang) rad: \(ratios)")
        }
        print("[curl] leaving rest from \(grab): worst page move / finger move \(fmt(worst))")
    }

    /// An outer-edge grab dragged straight across keeps the fold parallel to the spine, exactly under the finger.
    @Test func outerEdgeKeepsItsNaturalFold() {
        let page = Self.page
        for x in stride(from: 880.0, through: -880, by: -40) {
            let sol = solveCurl(page: page, grab: .outer(y: 700), finger: Vec2(x, 700))
            #expect(!sol.isClamped)
            #expect(sol.cylinder.normal == Vec2(1, 0))
            #expect(sol.cylinder.deform(Vec2(900, 700)).position.xy.distance(to: Vec2(x, 700)) < 1e-9)
        }
        // A small vertical wobble early in the drag is absorbed (the fold may only turn as the drag grows) ...
        let early = solveCurl(page: page, grab: .outer(y: 700), finger: Vec2(880, 690))
        #expect(early.isClamped && abs(early.cylinder.normal.y) < 0.05)
        // ... and followed once the page is well lifted.
        let later = solveCurl(page: page, grab: .outer(y: 700), finger: Vec2(300, 640))
        #expect(!later.isClamped)
    }

    /// A corner dragged slightly below the page's bottom line is followed once the drag is long enough.
    @Test func cornerBelowTheBottomLine() {
        let page = Self.page
        let near = solveCurl(page: page, grab: .br, finger: Vec2(890, 1210))
        #expect(near.isClamped)
        let far = solveCurl(page: page, grab: .br, finger: Vec2(300, 1210))
        #expect(!far.isClamped)
        #expect(far.cylinder.deform(Vec2(900, 1200)).position.xy.distance(to: Vec2(300, 1210)) < 1e-9)
    }
}
