import Geometry

/// The solver's answer: the cylinder that puts the grabbed point under the (reachable) finger.
public struct CurlSolution: Hashable, Sendable {
    public var cylinder: Cylinder
    /// The grabbed point's flat position (page space).
    public var grabbedPoint: Vec2
    /// Where the grabbed point is drawn (top view): the finger itself, or the reachable position the finger was
    /// pulled back to. `cylinder.deform(grabbedPoint).position.xy` equals it to well under 0.5 px.
    public var finger: Vec2
    /// True when the finger was out of reach (tearing the spine, or an unnatural fold) and was pulled back.
    public var isClamped: Bool
    /// Flip progress in [0, 1]: 0 at rest, 1 when the grabbed point lies at its mirror image across the spine
    /// (the page flat on the far side). It is the grabbed point's share of the way along the flip direction.
    public var progress: Double

    /// The flat page, with the grabbed point at home.
    public static func rest(grabbedPoint: Vec2) -> CurlSolution {
        CurlSolution(cylinder: .rest, grabbedPoint: grabbedPoint, finger: grabbedPoint, isClamped: false, progress: 0)
    }
}

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

/// The grabbed point's natural fold directions and how far a fold may turn away from them.
///
/// Only folds whose normal lies in the page's normal cone at the grabbed point start continuously from rest
/// (otherwise part of the page beyond it would already be folded over at zero travel): a corner's outward
/// quadrant, or an edge's outward normal. Away from rest the allowed cone widens on each side by
/// cap·S(s/ℓ), S(t) = t(2 − t) up to 1, ℓ = min(2·cap·L/freedom, 2·spineDistance), L the length of the edge
/// that the turn lifts: a turn by ψ lifts that edge by about L·ψ ≈ freedom·s at first, and the full turn is
/// allowed by the time the grabbed point could reach its mirror image.
struct EnvelopeFrame {
    var e1: Vec2, e2: Vec2        // angles are measured from e1 toward e2
    var baseHi: Double            // the natural cone is [0, baseHi]
    var cap: Double               // widening cap per side
    var lengthLo: Double, lengthHi: Double   // edge lifted when turning below 0 / above baseHi

    init(grab: GrabPoint, home g: Vec2, width w: Double, height h: Double) {
        switch grab {
        case .top, .bottom:
            var down = 1.0
            if case .top = grab { down = -1 }
            e1 = Vec2(0, down); e2 = Vec2(1, 0); baseHi = 0; cap = pi / 2
            lengthLo = g.x; lengthHi = w - g.x
        case .outer:
            e1 = Vec2(1, 0); e2 = Vec2(0, 1); baseHi = 0; cap = pi / 2
            lengthLo = g.y; lengthHi = h - g.y
        case .tl, .tr, .bl, .br:
            let sx = g.x > 0 ? 1.0 : -1.0, sy = g.y > 0 ? 1.0 : -1.0
            e1 = Vec2(sx, 0); e2 = Vec2(0, sy); baseHi = pi / 2; cap = pi / 4
            lengthLo = h; lengthHi = w
        }
    }

    func widening(_ s: Double, length: Double, freedom: Double, spineDistance: Double) -> Double {
        let f = freedom.isFinite && freedom > 0 ? freedom : 1
        let ell = Swift.min(2 * cap * length / f, 2 * spineDistance)
        guard ell > 0 else { return cap }
        let t = s / ell
        return t >= 1 ? cap : cap * t * (2 - t)
    }

    /// Pulls `u` into the cone: inside unchanged; outside, onto the nearer boundary ray (orthogonal
    /// projection), with the boundary recomputed for the shortened length so the result is self-consistent.
    func retract(_ u: Vec2, freedom: Double, spineDistance: Double) -> Vec2 {
        let a1 = u.dot(e1), a2 = u.dot(e2)
        let s = (a1 * a1 + a2 * a2).squareRoot()
        guard s > 0 else { return .zero }
        func bounds(_ s: Double) -> (lo: Double, hi: Double) {
            (-widening(s, length: lengthLo, freedom: freedom, spineDistance: spineDistance),
             baseHi + widening(s, length: lengthHi, freedom: freedom, spineDistance: spineDistance))
        }
        // Quick accept without trigonometry: inside the natural cone.
        if baseHi > 0 ? (a1 >= 0 && a2 >= 0) : (a2 == 0 && a1 > 0) { return u }
        let theta = atan2(a2, a1)
        let (lo, hi) = bounds(s)
        if theta >= lo && theta <= hi { return u }
        let twoPi = 2 * pi
        var dHi = (theta - hi).truncatingRemainder(dividingBy: twoPi); if dHi < 0 { dHi += twoPi }
        var dLo = (lo - theta).truncatingRemainder(dividingBy: twoPi); if dLo < 0 { dLo += twoPi }
        let toHi = dHi <= dLo
        let shrunk = s * Swift.max(0, cos(Swift.min(dHi, dLo)))
        guard shrunk > 0 else { return .zero }
        let b = bounds(shrunk)
        let (sn, cs) = sinCos(toHi ? b.hi : b.lo)
        return e1 * (shrunk * cs) + e2 * (shrunk * sn)
    }
}
