import Geometry

/// Finds the cylinder that carries the `grab`bed page point to `finger` (page space, pixels).
///
/// The grabbed point moves along the fold normal n by its travel f(d) (see `curlTravel`), so n points from the
/// finger to the grabbed point and the axis sits `curlDistance(travel: |finger − grabbed|)` before the grabbed
/// point: the lift phase is inverted numerically (Halley on x − sin x = s/r), the folded phase in closed form.
/// The radius comes from `config.radius` (it depends on the travel and on the fold's distance to the spine).
/// A finger out of reach is first pulled into the fold-angle envelope of `CurlConfig.edgeFreedom` and then to
/// the nearest position where no spine point lifts (for r = 0 that set is the lens |F − q| ≤ |G − q| over the
/// spine's ends q; the radius policy keeps the curl inside it). Every step is continuous in the finger.
/// Degenerate input (non-finite values, an empty page, the finger on the grabbed point) gives the rest state.
public func solveCurl(page: CurlPage, grab: GrabPoint, finger: Vec2, config: CurlConfig = CurlConfig()) -> CurlSolution {
    guard page.isValid, let home = grab.location(in: page) else {
        return .rest(grabbedPoint: grab.location(in: page) ?? .zero)
    }
    guard finger.isFinite else { return .rest(grabbedPoint: home) }
    let w = page.width, h = page.height
    let g = page.toCanonical(home)
    let f = page.toCanonical(finger)
    let scale = Swift.max(w, h)

    // 1. Fold-angle envelope, on u = G − F (the grabbed point's displacement reversed, i.e. s·n).
    let frame = EnvelopeFrame(grab: grab, home: g, width: w, height: h)
    let u = frame.retract(g - f, freedom: config.edgeFreedom, spineDistance: g.x)
    // 2. Nearest position that lifts no spine point.
    let reached = lensProjection(g - u, grabbed: g, height: h)
    let disp = g - reached
    let s = disp.length
    let clamped = (reached - f).length > 1e-9 * scale
    let realReached = page.toCanonical(reached)   // mirroring is its own inverse
    guard s > 1e-12 * scale, s.isFinite else {
        var rest = CurlSolution.rest(grabbedPoint: home)
        rest.isClamped = clamped
        return rest
    }
    let n = disp / s
    // Clearance of the r = 0 crease (perpendicular bisector of G and F) from the spine's ends (0,0) and (0,H).
    let c0 = g.dot(n), c1 = (g - Vec2(0, h)).dot(n)
    let clearance = Swift.max(0, Swift.min(c0, c1) - s / 2)
    let r = config.radius.radius(travel: s, clearance: clearance)
    let d = curlDistance(travel: s, radius: r)
    let axis = g - n * d
    let cyl = Cylinder(axisPoint: page.toCanonical(axis), normal: page.toCanonicalDirection(n), radius: r)
    let progress = g.x > 0 ? Swift.min(1, Swift.max(0, (g.x - reached.x) / (2 * g.x))) : 0
    return CurlSolution(cylinder: cyl, grabbedPoint: home, finger: realReached, isClamped: clamped, progress: progress)
}

/// Nearest point to `p` of the lens where a fold of the grabbed point `grabbed` leaves the spine (x = 0 from
/// y = 0 to y = h, canonical frame) down: the intersection of the discs about the spine's ends through `grabbed`.
func lensProjection(_ p: Vec2, grabbed g: Vec2, height h: Double) -> Vec2 {
    let q0 = Vec2(0, 0), q1 = Vec2(0, h)
    let r0 = g.length, r1 = (g - q1).length
    // No tolerance: a point a hair outside a disc would put the crease a hair past the spine's end, amplified
    // by (disc radius)/(travel). Rounding that rejects a projection only happens at the lens's corners, where
    // the fallback below returns the same point.
    func inside(_ x: Vec2, _ q: Vec2, _ r: Double) -> Bool { (x - q).length <= r }
    func project(_ x: Vec2, _ q: Vec2, _ r: Double) -> Vec2 {
        let v = x - q, l = v.length
        return l <= r ? x : q + v * (r / l)
    }
    if inside(p, q0, r0) && inside(p, q1, r1) { return p }
    let p0 = project(p, q0, r0)
    if inside(p0, q1, r1) { return p0 }
    let p1 = project(p, q1, r1)
    if inside(p1, q0, r0) { return p1 }
    // Outside near one of the lens's two corners: the grabbed point's home or its mirror image.
    let m = Vec2(-g.x, g.y)
    return (p - g).lengthSquared <= (p - m).lengthSquared ? g : m
}
