import Geometry

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
