import Geometry

/// The curl: a cylinder of radius r lying on the page, touching it along the axis line L through
/// `axisPoint` with unit `normal` n pointing to the free side (away from the spine). Paper does not stretch.
///
/// A flat page point p (page space, pixels) at signed distance d = dot(p − P, n) from L goes to:
/// - d ≤ 0 (flat):            position (p, 0), front normal (0, 0, 1);
/// - d ≥ πr (folded back):    position (p − n·(2d − πr), 2r), front normal (0, 0, −1);
/// - otherwise (on the curl): θ = d/r, position (p − n·d + n·r·sin θ, r·(1 − cos θ)),
///                            front normal (−n·sin θ, cos θ).
/// z is height toward the viewer; the orthographic top view drops z. Test the branches in exactly this
/// order: then r = 0 (a sharp crease, used when a flip ends) never divides by zero.
/// The front normal is the normal of the page's printed side; the back of the page faces the opposite way.
public struct Cylinder: Hashable, Sendable {
    /// A point of the axis line L on the page plane (page space, pixels).
    public var axisPoint: Vec2
    /// Unit normal of L in the page plane, pointing from the spine side to the free side.
    public var normal: Vec2
    /// Radius in pixels, ≥ 0.
    public var radius: Double
    /// The rest state: the page lies flat and untouched; `deform` is the identity.
    public var isRest: Bool

    public init(axisPoint: Vec2, normal: Vec2, radius: Double) {
        self.axisPoint = axisPoint; self.normal = normal; self.radius = radius; self.isRest = false
    }

    /// The flat, uncurled page.
    public static let rest: Cylinder = {
        var c = Cylinder(axisPoint: Vec2(restAxis, 0), normal: Vec2(1, 0), radius: 0)
        c.isRest = true
        return c
    }()

    /// Where a rest state puts the axis for a shader that ignores `CurlUniforms.curled`: beyond any page.
    static let restAxis = 1.0e6

    /// Signed distance of `p` past the axis line (positive on the free side).
    @inlinable public func distance(_ p: Vec2) -> Double { (p - axisPoint).dot(normal) }

    /// The CPU reference of the vertex shader: the deformed position and front-face unit normal of flat page
    /// point `p`. Positions are page-space pixels plus height z ≥ 0.
    public func deform(_ p: Vec2) -> (position: Vec3, normal: Vec3) {
        let up = Vec3(0, 0, 1)
        if isRest { return (Vec3(p.x, p.y, 0), up) }
        let n = normal, r = radius
        let d = distance(p)
        if d <= 0 { return (Vec3(p.x, p.y, 0), up) }
        if d >= pi * r {
            let q = p - n * (2 * d - pi * r)
            return (Vec3(q.x, q.y, 2 * r), Vec3(0, 0, -1))
        }
        let (s, c) = sinCos(d / r)
        let q = p - n * d + n * (r * s)
        return (Vec3(q.x, q.y, r * (1 - c)), Vec3(-n.x * s, -n.y * s, c))
    }

    /// Exactly what the GLSL ES 1.00 vertex shader needs.
    public var uniforms: CurlUniforms {
        if isRest {
            return CurlUniforms(axisX: Float(Cylinder.restAxis), axisY: 0, normalX: 1, normalY: 0, radius: 0,
                                curled: false)
        }
        return CurlUniforms(axisX: Float(axisPoint.x), axisY: Float(axisPoint.y),
                            normalX: Float(normal.x), normalY: Float(normal.y), radius: Float(radius), curled: true)
    }

    /// Axis-aligned bounding box, in page space, of the deformed page's top view (conservative by at most
    /// the radius around the curl; exact for the flat and folded-back parts). Used for damage and shadows.
    public func bounds(of page: CurlPage) -> Rect {
        let quad = [Vec2(0, 0), Vec2(page.width, 0), Vec2(page.width, page.height), Vec2(0, page.height)]
        guard page.isValid else { return .zero }
        if isRest { return Rect(x: 0, y: 0, width: page.width, height: page.height) }
        let n = normal, r = radius, along = normal.perpendicular
        var pts: [Vec2] = []
        pts += clip(quad, keepBelow: 0)                               // flat part, unchanged
        pts += clip(quad, keepAbove: pi * r).map { p in p - n * (2 * distance(p) - pi * r) }   // folded back
        if r > 0 {
            let band = clip(clip(quad, keepAbove: 0), keepBelow: pi * r)
            if !band.isEmpty {
                // On the curl a point keeps its coordinate t along L and sits r·sin θ ∈ [0, r] past L.
                var tMin = Double.infinity, tMax = -Double.infinity, dMax = 0.0
                for p in band {
                    let t = (p - axisPoint).dot(along)
                    tMin = Swift.min(tMin, t); tMax = Swift.max(tMax, t); dMax = Swift.max(dMax, distance(p))
                }
                let eMax = dMax >= pi * r / 2 ? r : r * sin(dMax / r)
                for t in [tMin, tMax] { for e in [0, eMax] { pts.append(axisPoint + along * t + n * e) } }
            }
        }
        guard var x0 = pts.first?.x, var y0 = pts.first?.y else { return .zero }
        var x1 = x0, y1 = y0
        for p in pts { x0 = Swift.min(x0, p.x); x1 = Swift.max(x1, p.x); y0 = Swift.min(y0, p.y); y1 = Swift.max(y1, p.y) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The part of convex polygon `poly` with distance ≤ `c` (Sutherland–Hodgman against one line).
    func clip(_ poly: [Vec2], keepBelow c: Double) -> [Vec2] { clip(poly) { c - distance($0) } }
    /// The part of convex polygon `poly` with distance ≥ `c`.
    func clip(_ poly: [Vec2], keepAbove c: Double) -> [Vec2] { clip(poly) { distance($0) - c } }

    private func clip(_ poly: [Vec2], inside: (Vec2) -> Double) -> [Vec2] {
        var out: [Vec2] = []
        guard !poly.isEmpty else { return out }
        var prev = poly[poly.count - 1], fp = inside(prev)
        for cur in poly {
            let fc = inside(cur)
            if (fc >= 0) != (fp >= 0) { out.append(prev + (cur - prev) * (fp / (fp - fc))) }
            if fc >= 0 { out.append(cur) }
            prev = cur; fp = fc
        }
        return out
    }
}
