/// An axis-aligned rectangle in pixels (origin top-left, y down, as on screen).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double, y: Double, width: Double, height: Double

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { x }
    @inlinable public var minY: Double { y }
    @inlinable public var maxX: Double { x + width }
    @inlinable public var maxY: Double { y + height }
    @inlinable public var center: Vec2 { Vec2(x + width / 2, y + height / 2) }
    @inlinable public var isEmpty: Bool { !(width > 0 && height > 0) }

    @inlinable public func contains(_ p: Vec2) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }

    /// The smallest rectangle holding both; an empty side is ignored.
    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = Swift.min(minX, o.minX), y0 = Swift.min(minY, o.minY)
        return Rect(x: x0, y: y0, width: Swift.max(maxX, o.maxX) - x0, height: Swift.max(maxY, o.maxY) - y0)
    }

    public func intersection(_ o: Rect) -> Rect {
        let x0 = Swift.max(minX, o.minX), y0 = Swift.max(minY, o.minY)
        let x1 = Swift.min(maxX, o.maxX), y1 = Swift.min(maxY, o.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    /// `content` scaled to fit inside `self` preserving its aspect ratio, centred.
    public func aspectFit(_ content: (width: Double, height: Double)) -> Rect {
        guard content.width > 0, content.height > 0, !isEmpty else { return Rect(x: center.x, y: center.y, width: 0, height: 0) }
        let s = Swift.min(width / content.width, height / content.height)
        let w = content.width * s, h = content.height * s
        return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }

    public var description: String { "Rect(\(x), \(y), \(width)×\(height))" }
}

extension Rect {
    /// This rect with its origin and size multiplied by `s` (window pixels to buffer pixels).
    @inlinable public func scaled(_ s: Double) -> Rect { Rect(x: x * s, y: y * s, width: width * s, height: height * s) }
}
