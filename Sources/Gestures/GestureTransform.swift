import Geometry

/// A similarity transform of the screen accumulated since a two-finger gesture began (seed 004).
///
/// Mapping a screen point `p` that was under the content at the begin to where it is now:
///
///     p' = pivot + scale · R(rotation) · (p − pivot + translation)
///
/// `pivot` is the fingers' midpoint at the begin; `translation` is the midpoint's motion expressed in the rotated
/// and scaled frame (seed 004's `R(−θ)·rawTrans / scale`). With it, the two page points that were under the two
/// fingers at the begin are under them at every update (exactly, up to rounding).
/// The reader applies it as `view = transform.affine.concatenating(viewAtBegin)`.
public struct GestureTransform: Sendable, Hashable {
    /// Fingers' midpoint at the begin, surface px.
    public var pivot: Vec2
    /// Ratio of the current finger distance to the distance at the begin, clamped to [1e-3, 1e3].
    public var scale: Double
    /// Radians, unwrapped (may exceed ±π after turning the fingers round). Positive turns clockwise on screen
    /// (y down), the same convention as `Affine2.rotation`.
    public var rotation: Double
    /// px, in the rotated and scaled frame (see above).
    public var translation: Vec2

    public init(pivot: Vec2, scale: Double = 1, rotation: Double = 0, translation: Vec2 = .zero) {
        self.pivot = pivot; self.scale = scale; self.rotation = rotation; self.translation = translation
    }

    public static func identity(pivot: Vec2) -> GestureTransform { GestureTransform(pivot: pivot) }

    public var rotationDegrees: Double { rotation * 180 / pi }

    /// Screen → screen map from the begin to now.
    public var affine: Affine2 {
        let (s, c) = sinCos(rotation)
        let a = scale * c, b = scale * s
        let linear = Affine2(a: a, b: b, c: -b, d: a, tx: 0, ty: 0)
        let offset = pivot + linear.applyLinear(translation - pivot)
        return Affine2(a: a, b: b, c: -b, d: a, tx: offset.x, ty: offset.y)
    }

    /// Where the begin's midpoint is now.
    public var currentPivot: Vec2 { affine.apply(pivot) }
}
