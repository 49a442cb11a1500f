import Geometry
@testable import Renderer
import Testing
import TestSupport

extension SplitMix64 {
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo..<hi, using: &self) }
}

/// The turning page is drawn in pieces (roll strips, the flap's plain interior, the flap's antialiased
/// outline): the pieces must tile the curled part exactly, with front and back faces in separate ranges.
@Suite struct FlapGeometryTests {
    func area(ofTriangles v: [Float]) -> Double {
        var total = 0.0
        for t in stride(from: 0, to: v.count, by: 6) {
            let a = Vec2(Double(v[t]), Double(v[t + 1])), b = Vec2(Double(v[t + 2]), Double(v[t + 3]))
            let c = Vec2(Double(v[t + 4]), Double(v[t + 5]))
            total += abs((b - a).cross(c - a)) / 2
        }
        return total
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

    @Test func meshAndFlapInteriorTileTheCurledPart() {
        var rng = SplitMix64(seed: 0xF1A9)
        for _ in 0..<300 {
            let w = rng.uniform(200, 1600), h = rng.uniform(200, 2000), r = rng.uniform(2, 120)
            let angle = rng.uniform(-3.1, 3.1)
            let n = Vec2(Geometry.cos(angle), Geometry.sin(angle))
            let axis = Vec2(rng.uniform(-0.2 * w, 1.2 * w), rng.uniform(-0.2 * h, 1.2 * h))
            let layer = CurlLayer(rect: Rect(x: 10, y: 20, width: w, height: h), axisPoint: axis, axisNormal: n,
                                  radius: r, front: nil, back: nil, backIsSeparatePage: false, beneath: nil)
            let flap = FlapGeometry(layer, pixelsPerPagePixel: rng.uniform(0.5, 4))
            let mesh = CurlMesh(width: w, height: h, axisPoint: axis, normal: n, radius: r, curledOnly: true,
                                flapHole: flap.meshHole)
            let page = [Vec2(0, 0), Vec2(w, 0), Vec2(w, h), Vec2(0, h)]
            let curled = polygonArea(clipSlab(page, axis, n, lower: 0, upper: .infinity))
            let drawn = area(ofTriangles: mesh.vertices) + polygonArea(flap.meshHole)
            // Float vertices, and slivers under a quarter pixel are dropped.
            #expect(abs(drawn - curled) < 1 + 1e-5 * curled, "w=\(w) h=\(h) r=\(r): \(drawn) vs \(curled)")
            // Front faces first, then the faces turned away.
            for k in 0..<mesh.vertexCount {
                let d = (Vec2(Double(mesh.vertices[2 * k]), Double(mesh.vertices[2 * k + 1])) - axis).dot(n)
                if k < mesh.frontVertexCount { #expect(d <= pi * r / 2 + 1e-3) } else { #expect(d >= pi * r / 2 - 1e-3) }
            }
            // The mesh overlaps the interior (no seam left undrawn); the interior lies in the folded part, and
            // the fold puts it back over the flat side.
            #expect(flap.meshHole.allSatisfy { p in clipConvex([p, p + Vec2(1e-9, 0), p + Vec2(0, 1e-9)], to: flap.interior).count == 3 } || flap.meshHole.isEmpty)
            for (p, q) in zip(flap.interior, flap.placedInterior) {
                let d = (p - axis).dot(n)
                #expect(d >= pi * r - 1e-9)
                #expect(abs((q - axis).dot(n) - (pi * r - d)) < 1e-6)
            }
        }
    }
}
