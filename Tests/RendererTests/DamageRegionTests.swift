import Geometry
@testable import Renderer
import Testing
import TestSupport

@Suite struct DamageRegionTests {
    @Test func rectanglesCoverEveryPolygonAndNeverOverlap() {
        var rng = SplitMix64(seed: 0xDA3A)
        for _ in 0..<200 {
            var region = DamageRegion(width: 800, height: 600)
            var shapes: [[Vec2]] = []
            for _ in 0..<Int(rng.next() % 4 + 1) {
                let c = Vec2(rng.uniform(-100, 900), rng.uniform(-100, 700))
                let a = rng.uniform(0, 6.2), rx = rng.uniform(2, 300), ry = rng.uniform(2, 300)
                let shape = (0..<5).map { k in
                    let t = a + Double(k) * 2 * pi / 5
                    return c + Vec2(rx * Geometry.cos(t), ry * Geometry.sin(t))
                }
                shapes.append(shape)
                if rng.next() % 2 == 0 {
                    region.add(convex: shape, margin: 2)
                } else {
                    var other = DamageRegion(width: 800, height: 600)
                    other.add(convex: shape, margin: 2)
                    region.formUnion(other)
                }
            }
            let rects = region.rects
            for (i, a) in rects.enumerated() {
                #expect(a.minX >= 0 && a.maxX <= 800 && a.minY >= 0 && a.maxY <= 600)
                for b in rects[(i + 1)...] { #expect(a.intersection(b).isEmpty, "\(a) overlaps \(b)") }
            }
            // Every pixel centre inside a shape (and in the window) lies in a rectangle.
            for shape in shapes {
                for y in stride(from: 0.5, to: 600, by: 7) {
                    for x in stride(from: 0.5, to: 800, by: 7) {
                        let p = Vec2(x, y)
                        let inside = clipConvex([p, p + Vec2(1e-6, 0), p + Vec2(0, 1e-6)], to: shape).count == 3
                        if inside { #expect(rects.contains { $0.contains(p) }, "\(p) not covered") }
                    }
                }
            }
        }
    }

    @Test func emptyUntilSomethingIsAdded() {
        var region = DamageRegion(width: 100, height: 100)
        #expect(region.isEmpty && region.rects.isEmpty && region.bounds == nil)
        region.add(convex: [Vec2(200, 200), Vec2(300, 200), Vec2(300, 300)], margin: 1)
        #expect(region.isEmpty)
        region.add(convex: [Vec2(10, 10), Vec2(20, 10), Vec2(20, 20)], margin: 1)
        #expect(region.bounds == Rect(x: 9, y: 0, width: 12, height: 32))
    }
}
