/// A width and height in logical pixels (or only proportions, where the doc says so).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double, height: Double

    public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// Whether both sides are finite and > 0.
    public var isValid: Bool { width > 0 && height > 0 && width.isFinite && height.isFinite }
    /// width / height, or nil for an invalid size.
    public var aspect: Double? { isValid ? width / height : nil }

    public var description: String { "\(width)×\(height)" }
}
