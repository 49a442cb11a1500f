import Geometry

/// The flat page cut into strips parallel to the cylinder's axis, in page-space pixels.
///
/// The deformation is exact along each strip boundary, so the only error is the chord between two
/// boundaries across the roll: boundaries are spaced so that the chord sags less than `maxSag` pixels at
/// the given radius (a 2 px roll gets a handful of strips, a 200 px roll a few dozen), plus one boundary
/// exactly where the surface turns away (d = πr/2) so front and back never share a triangle.
/// Strips come in order of increasing distance from the axis: drawn in that order, the painter's
/// algorithm is correct for a cylinder (the upper half of the roll and the folded flap come last).
struct CurlMesh {
    /// Triangles as x, y pairs (three vertices each).
    private(set) var vertices: [Float] = []
    /// The first `frontVertexCount` vertices face the viewer (d ≤ πr/2); the rest are turned away.
    private(set) var frontVertexCount = 0

    var vertexCount: Int { vertices.count / 2 }

    /// - Parameters:
    ///   - curledOnly: leave out the flat part (d ≤ 0), which the caller draws as a plain polygon.
    ///   - flapHole: a convex part of the folded flap (d ≥ πr, page space) left out, drawn by the caller.
    init(width: Double, height: Double, axisPoint: Vec2, normal: Vec2, radius: Double, maxSag: Double = 0.2,
         curledOnly: Bool = false, flapHole: [Vec2]? = nil) {
        guard width > 0, height > 0, radius > 0, normal.isFinite, axisPoint.isFinite else { return }
        let corners = [Vec2(0, 0), Vec2(width, 0), Vec2(width, height), Vec2(0, height)]
        let ds = corners.map { ($0 - axisPoint).dot(normal) }
        let dMin = curledOnly ? max(0, ds.min()!) : ds.min()!, dMax = ds.max()!
        guard dMax > dMin else { return }
        var cuts: [Double] = [dMin]
        if dMax > 0 {
            let step = 2 * acos(max(-1, 1 - maxSag / radius))
            let segments = min(96, max(8, Int((pi / step).rounded(.up))))
            // Even count so that πr/2 is a boundary.
            let n = segments + segments % 2
            for i in 0...n { cuts.append(pi * radius * Double(i) / Double(n)) }
        }
        cuts.append(dMax)
        cuts = cuts.filter { $0 >= dMin && $0 <= dMax }.sorted()
        var slab: [Vec2] = []
        for i in 0..<(cuts.count - 1) where cuts[i + 1] > cuts[i] {
            slab = clipSlab(corners, axisPoint, normal, lower: cuts[i], upper: cuts[i + 1])
            guard slab.count >= 3 else { continue }
            let folded = cuts[i] >= pi * radius * (1 - 1e-12)
            let pieces = folded && flapHole != nil ? subtract(slab, convex: flapHole!) : [slab]
            for piece in pieces {
                // By the strip's middle: πr/2 is a cut only to within rounding.
                if cuts[i] + cuts[i + 1] < pi * radius { frontVertexCount += 3 * (piece.count - 2) }
                for k in 1..<(piece.count - 1) {
                    for v in [piece[0], piece[k], piece[k + 1]] {
                        vertices.append(Float(v.x))
                        vertices.append(Float(v.y))
                    }
                }
            }
        }
    }
}

/// The part of the convex polygon whose distance along `normal` from `origin` lies in [lower, upper].
func clipSlab(_ polygon: [Vec2], _ origin: Vec2, _ normal: Vec2, lower: Double, upper: Double) -> [Vec2] {
    func cut(_ poly: [Vec2], keep: (Double) -> Bool, at value: Double) -> [Vec2] {
        var out: [Vec2] = []
        for i in 0..<poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let da = (a - origin).dot(normal), db = (b - origin).dot(normal)
            if keep(da) { out.append(a) }
            if keep(da) != keep(db) { out.append(crossing(a, da - value, b, db - value)) }
        }
        return out
    }
    let above = lower.isFinite ? cut(polygon, keep: { $0 >= lower }, at: lower) : polygon
    return upper.isFinite ? cut(above, keep: { $0 <= upper }, at: upper) : above
}
