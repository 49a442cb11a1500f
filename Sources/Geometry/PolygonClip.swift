import Geometry

// Occlusion on the CPU: on a software renderer every pixel drawn twice costs twice, so the pages that
// the folded flap covers are cut away before they are drawn.

/// The part of convex polygon `p` on the side of the line through `a`, `b` where `keepLeft` says
/// (left = positive cross product).
public func clipHalfPlane(_ p: [Vec2], _ a: Vec2, _ b: Vec2, keepLeft: Bool) -> [Vec2] {
    let e = b - a
    func side(_ v: Vec2) -> Double { let s = e.cross(v - a); return keepLeft ? s : -s }
    var out: [Vec2] = []
    for i in 0..<p.count {
        let u = p[i], v = p[(i + 1) % p.count]
        let su = side(u), sv = side(v)
        if su >= 0 { out.append(u) }
        if (su >= 0) != (sv >= 0) { out.append(crossing(u, su, v, sv)) }
    }
    return out
}

/// Convex polygon `p` minus convex polygon `q`, as convex pieces (at most one per edge of `q`).
public func subtract(_ p: [Vec2], convex q: [Vec2]) -> [[Vec2]] {
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

public func polygonArea(_ p: [Vec2]) -> Double {
    guard p.count >= 3 else { return 0 }
    var a = 0.0
    for i in 0..<p.count { a += p[i].cross(p[(i + 1) % p.count]) }
    return abs(a) / 2
}

/// The part of convex polygon `p` inside convex polygon `q` (either winding).
public func clipConvex(_ p: [Vec2], to q: [Vec2]) -> [Vec2] {
    guard q.count >= 3 else { return [] }
    var signed = 0.0
    for i in 0..<q.count { signed += q[i].cross(q[(i + 1) % q.count]) }
    var out = p
    for i in 0..<q.count where out.count >= 3 {
        out = clipHalfPlane(out, q[i], q[(i + 1) % q.count], keepLeft: signed > 0)
    }
    return out.count >= 3 ? out : []
}

/// Where the segment between `u` and `v` crosses the zero of a linear function taking values `su` and `sv`
/// there, computed from the endpoints in a fixed order: two polygons sharing that edge, traversed in
/// opposite directions, get the very same point, so their pieces meet without a crack.
public func crossing(_ u: Vec2, _ su: Double, _ v: Vec2, _ sv: Double) -> Vec2 {
    let uFirst = u.x < v.x || (u.x == v.x && u.y <= v.y)
    let (p, sp, q, sq) = uFirst ? (u, su, v, sv) : (v, sv, u, su)
    return p + (q - p) * (sp / (sp - sq))
}

/// The part of the convex polygon whose distance along `normal` from `origin` lies in [lower, upper].
public func clipSlab(_ polygon: [Vec2], _ origin: Vec2, _ normal: Vec2, lower: Double, upper: Double) -> [Vec2] {
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

/// The part of the convex polygon inside the rect from the origin to (`width`, `height`).
public func clipToRect(_ polygon: [Vec2], width: Double, height: Double) -> [Vec2] {
    let across = clipSlab(polygon, Vec2(0, 0), Vec2(1, 0), lower: 0, upper: width)
    let inside = clipSlab(across, Vec2(0, 0), Vec2(0, 1), lower: 0, upper: height)
    return inside.count >= 3 ? inside : []
}
