import Geometry

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
