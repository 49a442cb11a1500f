import Geometry

// Occlusion on the CPU: on a software renderer every pixel drawn twice costs twice, so the pages that
// the folded flap covers are cut away before they are drawn.

/// The part of convex polygon `p` on the side of the line through `a`, `b` where `keepLeft` says
/// (left = positive cross product).
func clipHalfPlane(_ p: [Vec2], _ a: Vec2, _ b: Vec2, keepLeft: Bool) -> [Vec2] {
    let e = b - a
    func side(_ v: Vec2) -> Double { let s = e.cross(v - a); return keepLeft ? s : -s }
    var out: [Vec2] = []
    for i in 0..<p.count {
        let u = p[i], v = p[(i + 1) % p.count]
        let su = side(u), sv = side(v)
        if su >= 0 { out.append(u) }
        if (su >= 0) != (sv >= 0) { out.append(u + (v - u) * (su / (su - sv))) }
    }
    return out
}

/// Convex polygon `p` minus convex polygon `q`, as convex pieces (at most one per edge of `q`).
func subtract(_ p: [Vec2], convex q: [Vec2]) -> [[Vec2]] {
    guard p.count >= 3 else { return [] }
    guard q.count >= 3 else { return [p] }
    var area = 0.0
    for i in 0..<q.count { area += q[i].cross(q[(i + 1) % q.count]) }
    guard abs(area) > 1e-6 else { return [p] }
    // Interior of q is to the left of its edges when q winds positively.
    let interiorLeft = area > 0
    var pieces: [[Vec2]] = []
    var rest = p
    for i in 0..<q.count where rest.count >= 3 {
        let a = q[i], b = q[(i + 1) % q.count]
        let outside = clipHalfPlane(rest, a, b, keepLeft: !interiorLeft)
        if outside.count >= 3 && polygonArea(outside) > 0.25 { pieces.append(outside) }
        rest = clipHalfPlane(rest, a, b, keepLeft: interiorLeft)
    }
    return pieces
}

func polygonArea(_ p: [Vec2]) -> Double {
    guard p.count >= 3 else { return 0 }
    var a = 0.0
    for i in 0..<p.count { a += p[i].cross(p[(i + 1) % p.count]) }
    return abs(a) / 2
}
