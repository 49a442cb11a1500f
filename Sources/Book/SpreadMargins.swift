import Geometry

/// Empty space around the pages, in pixels. `gutter` is the gap between facing pages (split evenly either
/// side of the spine); 0 makes them touch like a bound book.
public struct SpreadMargins: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double, gutter: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0, gutter: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right; self.gutter = gutter
    }

    /// The same margin on all four edges.
    public init(all m: Double, gutter: Double = 0) { self.init(top: m, left: m, bottom: m, right: m, gutter: gutter) }

    public static let zero = SpreadMargins()
}
