import Geometry
@testable import Renderer
import Testing
import TestSupport

extension SplitMix64 {
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo..<hi, using: &self) }
}

/// The turning page is drawn in pieces (the roll band, the flap's plain interior, the flap's antialiased
/// outline): together they must cover the curled part, each piece where the cylinder puts it.
@Suite struct FlapGeometryTests {
    struct Curl {
        let layer: CurlLayer
        let flap: FlapGeometry
        let page: [Vec2]
        /// Page pixels per window pixel.
        let pixel: Double
        var axis: Vec2 { layer.axisPoint }
        var n: Vec2 { layer.axisNormal }
        var r: Double { layer.radius }
    }

    func randomCurls(_ count: Int) -> [Curl] {
        var rng = SplitMix64(seed: 0xF1A9)
        return (0..<count).map { _ in
            let w = rng.uniform(200, 1600), h = rng.uniform(200, 2000), r = rng.uniform(2, 120)
            let angle = rng.uniform(-3.1, 3.1)
            let n = Vec2(Geometry.cos(angle), Geometry.sin(angle))
            let axis = Vec2(rng.uniform(-0.2 * w, 1.2 * w), rng.uniform(-0.2 * h, 1.2 * h))
            let layer = CurlLayer(rect: Rect(x: 10, y: 20, width: w, height: h), axisPoint: axis, axisNormal: n,
                                  radius: r, front: nil, back: nil, backIsSeparatePage: false, beneath: nil)
            let scale = rng.uniform(0.5, 4)
            return Curl(layer: layer, flap: FlapGeometry(layer, pixelsPerPagePixel: scale),
                        page: [Vec2(0, 0), Vec2(w, 0), Vec2(w, h), Vec2(0, h)], pixel: 1 / scale)
        }
    }

    func inside(_ p: Vec2, _ polygon: [Vec2]) -> Bool {
        clipConvex([p, p + Vec2(1e-9, 0), p + Vec2(0, 1e-9)], to: polygon).count == 3
    }

    @Test func insetMovesEveryEdgeInward() {
        let square = [Vec2(0, 0), Vec2(100, 0), Vec2(100, 100), Vec2(0, 100)]
        #expect(abs(polygonArea(insetConvex(square, by: 1.5)) - 97 * 97) < 1e-9)
        #expect(abs(polygonArea(insetConvex(square.reversed(), by: 1.5)) - 97 * 97) < 1e-9)
        let triangle = [Vec2(0, 0), Vec2(400, 30), Vec2(10, 200)]
        let inset = insetConvex(triangle, by: 2)
        #expect(inset.count == 3)
        for i in 0..<3 {
            let a = triangle[i], b = triangle[(i + 1) % 3], e = (b - a) / (b - a).length
            let distances = inset.map { abs(e.cross($0 - a)) }
            #expect(distances.min()! > 2 - 1e-9, "edge \(i): \(distances)")
            #expect(abs(distances.min()! - 2) < 1e-9, "edge \(i) not moved by exactly 2: \(distances)")
        }
        #expect(insetConvex([Vec2(0, 0), Vec2(2, 0), Vec2(0, 2)], by: 1.5).isEmpty)
    }

    @Test func outlineBandAndHoleTileTheFoldedPart() {
        for c in randomCurls(300) {
            let folded = clipSlab(c.page, c.axis, c.n, lower: pi * c.r, upper: .infinity)
            let pixel = c.pixel
            let underBand = clipSlab(folded, c.axis, c.n, lower: pi * c.r, upper: pi * c.r + FlapGeometry.outlineBand * pixel)
            // The fold is its own inverse: it takes the placed outline back to where it lies in the page.
            let outline = c.flap.placedOutline.map { $0.map(c.flap.fold.apply) }
            let drawn = polygonArea(underBand) + outline.map(polygonArea).reduce(0, +) + polygonArea(c.flap.outlineHole)
            // Slivers under a quarter pixel are dropped.
            #expect(abs(drawn - polygonArea(folded)) < 1 + 1e-9 * polygonArea(folded), "\(drawn) vs \(polygonArea(folded))")
            for piece in outline {
                #expect(piece.allSatisfy { ($0 - c.axis).dot(c.n) >= pi * c.r + FlapGeometry.outlineBand * pixel - 1e-6 })
            }
            // The outline overlaps the interior (no seam left undrawn); the interior lies in the folded part, and
            // the fold puts it back over the flat side.
            #expect(c.flap.outlineHole.allSatisfy { inside($0, c.flap.interior) } || c.flap.outlineHole.isEmpty)
            for (p, q) in zip(c.flap.interior, c.flap.placedInterior) {
                let d = (p - c.axis).dot(c.n)
                #expect(d >= pi * c.r - 1e-9)
                #expect(abs((q - c.axis).dot(c.n) - (pi * c.r - d)) < 1e-6)
            }
        }
    }

    /// Over the band's middle the turned-away face hides the front one: its point over any pixel there, unrolled
    /// by anything up to what the rim unrolls, lies the margin inside the page; just beyond the middle's ends it
    /// does not, for some s across the band.
    @Test func theBandsMiddleIsWhereTheTurnedAwayFaceLiesOnThePage() {
        var rng = SplitMix64(seed: 0x4D1D)
        var middles = 0, tight = 0
        for c in randomCurls(300) {
            let margin = 1.5 * c.pixel
            guard let middle = c.flap.rollBandMiddle(width: c.page[2].x, height: c.page[2].y, margin: margin) else { continue }
            middles += 1
            // The turned-away face's point over band point (t, s): the mirror image across πr/2, moved back by d.
            func back(_ t: Double, _ s: Double, _ d: Double) -> Vec2 {
                let cut = c.flap.bandCut(at: t)
                let across = (cut.far - cut.near)
                let near = (cut.near - c.axis).dot(c.n), far = (cut.far - c.axis).dot(c.n)
                let p = cut.near + across * ((s - near) / (far - near))
                return p + c.n * (pi * c.r - 2 * s) - c.n * d
            }
            func onPage(_ q: Vec2) -> Bool {
                q.x >= margin - 1e-6 && q.y >= margin - 1e-6 && q.x <= c.page[2].x - margin + 1e-6 && q.y <= c.page[2].y - margin + 1e-6
            }
            let cut = c.flap.bandCut(at: middle.lowerBound)
            let near = (cut.near - c.axis).dot(c.n), far = (cut.far - c.axis).dot(c.n)
            for _ in 0..<50 {
                let t = rng.uniform(middle.lowerBound, middle.upperBound), s = rng.uniform(near, far)
                let d = rng.uniform(0, c.r * (pi / 2 - 1))
                #expect(onPage(back(t, s, d)), "t=\(t) in \(middle), s=\(s), d=\(d)")
            }
            // The middle is no shorter than it must be: a pixel past either end, some point of the band is off.
            let steps = (0...20).map { near + (far - near) * Double($0) / 20 }
            let offBefore = steps.contains { s in [0, c.r * (pi / 2 - 1)].contains { !onPage(back(middle.lowerBound - c.pixel, s, $0)) } }
            let offAfter = steps.contains { s in [0, c.r * (pi / 2 - 1)].contains { !onPage(back(middle.upperBound + c.pixel, s, $0)) } }
            if offBefore || offAfter { tight += 1 }
        }
        #expect(middles > 30, "\(middles) of 300 bands have a middle")
        #expect(tight * 10 > middles * 9, "\(tight) of \(middles) middles end where the face leaves the page")
    }

    /// Every point of the roll, where the cylinder shows it from above, and of the flap next to the fold
    /// lies inside the band the roll shader draws.
    @Test func theBandCoversTheRollSeenFromAbove() {
        var rng = SplitMix64(seed: 0xB4AD)
        for c in randomCurls(200) {
            let pixel = c.pixel
            let reach = pi * c.r + FlapGeometry.outlineBand * pixel
            let curled = clipSlab(c.page, c.axis, c.n, lower: 0, upper: reach)
            guard polygonArea(curled) > 1 else { continue }
            #expect(c.flap.rollBand.count == 4)
            let xs = curled.map(\.x), ys = curled.map(\.y)
            var checked = 0
            while checked < 200 {
                let p = Vec2(rng.uniform(xs.min()!, xs.max()!), rng.uniform(ys.min()!, ys.max()!))
                guard inside(p, curled) else { continue }
                checked += 1
                let d = (p - c.axis).dot(c.n)
                let seen = d < pi * c.r ? p - c.n * d + c.n * (c.r * Geometry.sin(d / c.r)) : c.flap.fold.apply(p)
                #expect(inside(seen, c.flap.rollBand), "d=\(d) r=\(c.r)")
            }
        }
    }
}
