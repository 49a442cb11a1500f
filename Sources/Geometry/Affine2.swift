/// A 2-D affine map  p' = M·p + t  with M = [[a, c], [b, d]] (column-major, as GL wants it).
/// Used for the reader's view transform (zoom, rotation, pan) and its inverse for input mapping.
public struct Affine2: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Affine2(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable public static func translation(_ t: Vec2) -> Affine2 {
        Affine2(a: 1, b: 0, c: 0, d: 1, tx: t.x, ty: t.y)
    }
    @inlinable public static func scale(_ s: Double) -> Affine2 { Affine2(a: s, b: 0, c: 0, d: s, tx: 0, ty: 0) }
    /// Rotation by `angle` radians (counter-clockwise in a y-up frame, clockwise on a y-down screen).
    public static func rotation(_ angle: Double) -> Affine2 {
        let (s, co) = sinCos(angle)
        return Affine2(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    @inlinable public func apply(_ p: Vec2) -> Vec2 { Vec2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
    /// Applies only the linear part (for directions and velocities).
    @inlinable public func applyLinear(_ v: Vec2) -> Vec2 { Vec2(a * v.x + c * v.y, b * v.x + d * v.y) }

    /// `self ∘ other`: first `other`, then `self`.
    @inlinable public func concatenating(_ o: Affine2) -> Affine2 {
        Affine2(a: a * o.a + c * o.b, b: b * o.a + d * o.b,
                c: a * o.c + c * o.d, d: b * o.c + d * o.d,
                tx: a * o.tx + c * o.ty + tx, ty: b * o.tx + d * o.ty + ty)
    }

    @inlinable public var determinant: Double { a * d - b * c }

    /// The inverse map, or nil when the map is singular or not finite.
    public var inverted: Affine2? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Affine2(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// Uniform scale factor (square root of |det|).
    @inlinable public var uniformScale: Double { abs(determinant).squareRoot() }
}
