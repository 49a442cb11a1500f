import Geometry

/// Where the turning page's pieces go: the folded flap (distance ≥ πr from the axis) lies flat and face
/// down on top, so its interior is a plain mirrored page; the roll shader draws only a band along the axis
/// (the roll seen from above) and the flap's outline, where the antialiasing is.
struct FlapGeometry {
    /// The flap's interior in page space (where it lies in the unturned page), pulled in from every edge by
    /// a pixel and a half, so the outline around it keeps its antialiased blend over what lies beneath.
    let interior: [Vec2]
    /// What the outline leaves out: the interior pulled in by one more pixel. The outline overlaps the
    /// interior (opaque there), so no pixel on the seam between the two draws is left out. A fading leaf is
    /// blended, where an overlap would show: its interior is this hole, which the outline and the band abut.
    let outlineHole: [Vec2]
    /// The interior where the fold puts it (page space of the turning page's rect).
    let placedInterior: [Vec2]
    /// The flap's outline where the fold puts it, as convex pieces: the folded part beyond the band minus
    /// `outlineHole`.
    let placedOutline: [[Vec2]]
    /// The whole folded part beyond the band where the fold puts it: the interior and the outline together.
    let placedFlap: [Vec2]
    /// The turning page's rect origin (book space).
    let origin: Vec2
    /// The fold in page space: the reflection about the line at πr/2 from the axis (its own inverse).
    let fold: Affine2
    /// How far the band reaches beyond the axis, in window pixels: as far as the outline's ring is wide.
    static let outlineBand = 2.5
    /// The band as a rectangle: t along the axis from its point, s across (towards the rim).
    private let axisPoint: Vec2, normal: Vec2, along: Vec2, radius: Double
    private let bandT: (lo: Double, hi: Double), bandS: (near: Double, far: Double)

    /// - Parameter pixelsPerPagePixel: window pixels per page pixel (the view's scale).
    init(_ curl: CurlLayer, pixelsPerPagePixel: Double) {
        origin = Vec2(curl.rect.x, curl.rect.y)
        let r = max(curl.radius, 0.01), n = curl.axisNormal
        let page = [Vec2(0, 0), Vec2(curl.rect.width, 0), Vec2(curl.rect.width, curl.rect.height), Vec2(0, curl.rect.height)]
        let folded = clipSlab(page, curl.axisPoint, n, lower: pi * r, upper: .infinity)
        let pixel = 1 / max(pixelsPerPagePixel, 1e-6)
        let band = Self.outlineBand * pixel
        outlineHole = insetConvex(folded, by: band)
        interior = curl.isFading ? outlineHole : insetConvex(folded, by: 1.5 * pixel)
        // p − n (2 d(p) − πr) with d(p) = (p − a)·n: linear part I − 2nnᵀ, offset n (2 a·n + πr).
        let offset = n * (2 * curl.axisPoint.dot(n) + pi * r)
        let fold = Affine2(a: 1 - 2 * n.x * n.x, b: -2 * n.x * n.y, c: -2 * n.x * n.y, d: 1 - 2 * n.y * n.y,
                           tx: offset.x, ty: offset.y)
        self.fold = fold
        placedInterior = interior.map(fold.apply)
        let beyondBand = clipSlab(folded, curl.axisPoint, n, lower: pi * r + band, upper: .infinity)
        placedFlap = beyondBand.map(fold.apply)
        placedOutline = subtract(beyondBand, convex: outlineHole).map { $0.map(fold.apply) }
        // Every point of the roll keeps its place along the axis, so the band spans the curled part's extent
        // along it; across, the rim lies r from the axis.
        let curled = clipSlab(page, curl.axisPoint, n, lower: 0, upper: pi * r + band)
        let along = Vec2(-n.y, n.x)
        axisPoint = curl.axisPoint
        normal = n
        self.along = along
        radius = r
        bandS = (-band, r + 1.5 * pixel)
        let ts = curled.map { ($0 - curl.axisPoint).dot(along) }
        if let t0 = ts.min(), let t1 = ts.max() {
            bandT = (t0 - 1.5 * pixel, t1 + 1.5 * pixel)
        } else {
            bandT = (0, 0)
        }
    }

    /// The roll as seen from above, in the turning page's space: from `outlineBand` pixels beyond the axis
    /// (over the fold's edge of the flap) to a pixel and a half past the rim, along the whole curled part.
    var rollBand: [Vec2] {
        guard bandT.hi > bandT.lo else { return [] }
        let (a, b) = (bandCut(at: bandT.lo), bandCut(at: bandT.hi))
        return [a.near, b.near, b.far, a.far]
    }

    /// The band across at `t` along the axis: its points on the near and on the far side.
    func bandCut(at t: Double) -> (near: Vec2, far: Vec2) {
        (axisPoint + along * t + normal * bandS.near, axisPoint + along * t + normal * bandS.far)
    }

    /// Where along the axis the band's middle lies: there, at every s across the band, the turned-away face's
    /// point (unrolled by as much as the roll unrolls at its rim) lies `margin` inside the `width`×`height` page, so
    /// that face hides the front one; the ends are the rest of the band. Nil where no middle is left.
    func rollBandMiddle(width: Double, height: Double, margin: Double) -> ClosedRange<Double>? {
        guard bandT.hi > bandT.lo else { return nil }
        // The turned-away face's point over band point (t, s): a + along t + n (πr − s − d), d in [0, r (π/2 − 1)].
        let unroll = radius * (pi / 2 - 1)
        var lo = bandT.lo, hi = bandT.hi
        for u in [pi * radius - bandS.far - unroll, pi * radius - bandS.near] {
            let p = axisPoint + normal * u
            for (start, step, size) in [(p.x, along.x, width), (p.y, along.y, height)] {
                if abs(step) < 1e-12 {
                    guard start >= margin, start <= size - margin else { return nil }
                    continue
                }
                let t0 = (margin - start) / step, t1 = (size - margin - start) / step
                lo = max(lo, min(t0, t1))
                hi = min(hi, max(t0, t1))
            }
        }
        return hi > lo ? lo...hi : nil
    }
}

/// Convex polygon `p` with every edge moved inward by `distance`; empty when nothing is left.
func insetConvex(_ p: [Vec2], by distance: Double) -> [Vec2] {
    guard p.count >= 3, polygonArea(p) > 1e-9 else { return [] }
    var signed = 0.0
    for i in 0..<p.count { signed += p[i].cross(p[(i + 1) % p.count]) }
    let interiorLeft = signed > 0
    var out = p
    for i in 0..<p.count where out.count >= 3 {
        let a = p[i], b = p[(i + 1) % p.count]
        let e = b - a, l = e.length
        guard l > 1e-9 else { continue }
        // The left normal of the edge, turned toward the inside.
        let left = Vec2(-e.y / l, e.x / l)
        let inward = interiorLeft ? left : left * -1
        out = clipHalfPlane(out, a + inward * distance, b + inward * distance, keepLeft: interiorLeft)
    }
    return out.count >= 3 && polygonArea(out) > 1e-9 ? out : []
}
