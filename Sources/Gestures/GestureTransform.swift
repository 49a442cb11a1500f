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

/// Follows two points from a fixed start and produces the seed-004 transform for each new pair of positions.
/// Rotation is unwrapped across ±π by accumulating the wrapped change between successive updates.
public struct TwoFingerTracker: Sendable, Hashable {
    public let startA: Vec2
    public let startB: Vec2
    private let startAngle: Double
    private let startDistance: Double
    private var lastRawAngle: Double
    private var turns: Double = 0

    public init(a: Vec2, b: Vec2) {
        startA = a; startB = b
        let v = a - b
        startAngle = atan2(v.y, v.x)
        lastRawAngle = startAngle
        startDistance = v.length
    }

    public var start: GestureTransform { .identity(pivot: (startA + startB) / 2) }

    /// The transform taking (startA, startB) to (a, b).
    public mutating func update(a: Vec2, b: Vec2) -> GestureTransform {
        let v = a - b
        // A zero-length vector has no direction: keep the previous angle rather than jump to 0.
        if v.lengthSquared > 0 {
            let raw = atan2(v.y, v.x)
            var step = raw - lastRawAngle
            if step > pi { step -= 2 * pi } else if step < -pi { step += 2 * pi }
            turns += step
            lastRawAngle = raw
        }
        let rotation = turns
        let ratio = startDistance > 0 ? v.length / startDistance : 1
        let scale = Swift.min(1e3, Swift.max(1e-3, ratio))
        let pivot = (startA + startB) / 2
        let rawTranslation = (a + b) / 2 - pivot
        let (s, c) = sinCos(rotation)
        // R(−θ)·raw / scale
        let unrotated = Vec2(c * rawTranslation.x + s * rawTranslation.y, -s * rawTranslation.x + c * rawTranslation.y)
        return GestureTransform(pivot: pivot, scale: scale, rotation: rotation, translation: unrotated / scale)
    }
}
