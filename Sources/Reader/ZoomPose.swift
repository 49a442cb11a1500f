import Geometry

/// A similarity view: book point b ↦ scale · R(rotation) · b + translation (screen px, y down, rotation
/// radians, positive clockwise on screen as `Affine2.rotation`). Kept as parameters rather than a matrix so
/// the rotation stays unwrapped during a gesture and animations interpolate scale and angle, not matrix entries.
struct ZoomPose: Sendable, Hashable {
    var scale: Double
    var rotation: Double
    var translation: Vec2

    static let identity = ZoomPose(scale: 1, rotation: 0, translation: .zero)

    var isFinite: Bool { scale.isFinite && scale > 0 && rotation.isFinite && translation.isFinite }

    /// Exactly the identity map (also when the rotation is a whole number of turns).
    var isIdentity: Bool { scale == 1 && translation == .zero && normalizedAngle(rotation) == 0 }

    /// The linear part. Multiples of 90° use exact 0/±1 entries so a snapped view is pixel-exact.
    var linear: Affine2 {
        let (s, c) = exactSinCos(rotation)
        return Affine2(a: scale * c, b: scale * s, c: -scale * s, d: scale * c, tx: 0, ty: 0)
    }

    var affine: Affine2 {
        var m = linear
        m.tx = translation.x; m.ty = translation.y
        return m
    }

    func apply(_ b: Vec2) -> Vec2 { affine.apply(b) }

    /// Screen → book; nil when not invertible.
    func inverse(_ p: Vec2) -> Vec2? {
        guard let inv = affine.inverted else { return nil }
        let b = inv.apply(p)
        return b.isFinite ? b : nil
    }

    /// The view followed by a zoom of the screen by `factor` about screen point `p`.
    func scaled(by factor: Double, about p: Vec2) -> ZoomPose {
        ZoomPose(scale: scale * factor, rotation: rotation, translation: p + (translation - p) * factor)
    }

    /// The view followed by a turn of the screen by `angle` radians about screen point `p`.
    func rotated(by angle: Double, about p: Vec2) -> ZoomPose {
        let (s, c) = exactSinCos(angle)
        let d = translation - p
        return ZoomPose(scale: scale, rotation: rotation + angle,
                        translation: p + Vec2(c * d.x - s * d.y, s * d.x + c * d.y))
    }

    /// Same map with the rotation reduced to (−π, π].
    var normalized: ZoomPose { ZoomPose(scale: scale, rotation: normalizedAngle(rotation), translation: translation) }
}

/// `angle` reduced to (−π, π]; multiples of π/2 come out exactly as 0, ±π/2, π.
func normalizedAngle(_ angle: Double) -> Double {
    guard angle.isFinite else { return 0 }
    let quarter = pi / 2
    let q = angle / quarter, k = q.rounded()
    if abs(q - k) < 1e-12 {
        switch Int(k.truncatingRemainder(dividingBy: 4)) & 3 {
        case 0: return 0
        case 1: return quarter
        case 2: return pi
        default: return -quarter
        }
    }
    var r = angle - 2 * pi * (angle / (2 * pi)).rounded()
    if r <= -pi { r += 2 * pi }
    if r > pi { r -= 2 * pi }
    return r
}

/// sinCos that returns exact 0/±1 within 1e-12 (relative to a quarter turn) of a right angle.
func exactSinCos(_ angle: Double) -> (sin: Double, cos: Double) {
    let q = angle / (pi / 2), k = q.rounded()
    if q.isFinite, abs(q - k) < 1e-12 {
        switch Int(k.truncatingRemainder(dividingBy: 4)) & 3 {
        case 0: return (0, 1)
        case 1: return (1, 0)
        case 2: return (0, -1)
        default: return (-1, 0)
        }
    }
    return sinCos(angle)
}

/// Natural logarithm for positive finite x (Geometry has exp but no log): x = m·2^e with m in [1, 2), then
/// ln m = 2·atanh((m − 1)/(m + 1)) by its series (|z| ≤ 1/3, so 20 terms reach double precision).
func zoomLog(_ x: Double) -> Double {
    guard x > 0 else { return x == 0 ? -.infinity : .nan }
    guard x.isFinite else { return x }
    let m = x.significand, e = Double(x.exponent)
    let z = (m - 1) / (m + 1), z2 = z * z
    var term = z, sum = z
    for n in stride(from: 3.0, through: 41.0, by: 2) { term *= z2; sum += term / n }
    return e * 0.6931471805599453 + 2 * sum
}
