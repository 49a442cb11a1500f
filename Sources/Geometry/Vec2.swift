/// A 2-D vector or point in pixels. Pure value type shared by the curl, gestures and reader cores.
public struct Vec2: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Vec2(0, 0)

    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    @inlinable public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(a.x * s, a.y * s) }
    @inlinable public static func / (a: Vec2, s: Double) -> Vec2 { Vec2(a.x / s, a.y / s) }
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inlinable public static func += (a: inout Vec2, b: Vec2) { a = a + b }
    @inlinable public static func -= (a: inout Vec2, b: Vec2) { a = a - b }

    @inlinable public func dot(_ o: Vec2) -> Double { x * o.x + y * o.y }
    /// z component of the 3-D cross product: positive when `o` is counter-clockwise from `self` (y up).
    @inlinable public func cross(_ o: Vec2) -> Double { x * o.y - y * o.x }
    @inlinable public var lengthSquared: Double { x * x + y * y }
    @inlinable public var length: Double { lengthSquared.squareRoot() }
    /// Unit vector in the same direction; `.zero` stays `.zero` rather than becoming NaN.
    @inlinable public var normalized: Vec2 { let l = length; return l > 0 ? self / l : .zero }
    /// The vector turned by +90°: (x, y) → (−y, x).
    @inlinable public var perpendicular: Vec2 { Vec2(-y, x) }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    @inlinable public func distance(to o: Vec2) -> Double { (self - o).length }

    public var description: String { "(\(x), \(y))" }
}

/// A 3-D vector: page points after the curl (x, y on the page plane, z the height above it).
public struct Vec3: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var z: Double

    @inlinable public init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }

    @inlinable public var xy: Vec2 { Vec2(x, y) }
    @inlinable public static func + (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inlinable public static func - (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inlinable public static func * (a: Vec3, s: Double) -> Vec3 { Vec3(a.x * s, a.y * s, a.z * s) }
    @inlinable public func dot(_ o: Vec3) -> Double { x * o.x + y * o.y + z * o.z }
    @inlinable public var length: Double { dot(self).squareRoot() }

    public var description: String { "(\(x), \(y), \(z))" }
}
