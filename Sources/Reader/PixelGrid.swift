import Geometry

/// Where a page's own pixels (a scan's, a decoded image's) lie under the view: the zoom (× fit) at which one of
/// them covers exactly one pixel of the window's buffer, a book point on their grid (the page's top left), and
/// the buffer's pixels per window px. With it the view settles on 1:1, 2:1 and 4:1 exactly and, at rest there,
/// on whole buffer pixels, so every source pixel is a whole square of screen pixels.
public struct PixelGrid: Sendable, Hashable {
    public var actualScale: Double
    public var origin: Vec2
    public var bufferScale: Double

    public init(actualScale: Double, origin: Vec2, bufferScale: Double) {
        self.actualScale = actualScale
        self.origin = origin
        self.bufferScale = bufferScale
    }

    /// A release within this share of 1:1, 2:1 or 4:1 settles exactly there.
    public static let snapTolerance = 0.08
    static let magnifications: [Double] = [1, 2, 4]

    var isUsable: Bool { actualScale.isFinite && actualScale > 0 && origin.isFinite && bufferScale.isFinite && bufferScale > 0 }

    /// The exact scale a settling view at `scale` lands on instead (nil: none near), above fit and within
    /// `maxScale`.
    func snapped(_ scale: Double, above fit: Double, maxScale: Double) -> Double? {
        guard isUsable else { return nil }
        for m in Self.magnifications {
            let target = actualScale * m
            guard target > fit, target <= maxScale * (1 + 1e-9) else { continue }
            if abs(scale / target - 1) <= Self.snapTolerance { return Swift.min(target, maxScale) }
        }
        return nil
    }

    /// Whether `scale` is one of the exact magnifications (its pixels whole squares of buffer pixels).
    func isWhole(_ scale: Double) -> Bool {
        guard isUsable else { return false }
        let m = scale / actualScale, k = m.rounded()
        return k >= 1 && abs(m - k) < 1e-9
    }
}

extension ZoomPose {
    /// The same view moved by less than a buffer pixel so that `grid`'s pixels fall on whole buffer pixels, where
    /// the view shows them as whole squares (an exact magnification, a right angle) and `range` allows; else
    /// itself.
    func aligned(to grid: PixelGrid?, within range: (lower: Vec2, upper: Vec2)) -> ZoomPose {
        guard let grid, grid.isWhole(scale), normalizedAngle(rotation).truncatingRemainder(dividingBy: pi / 2) == 0
        else { return self }
        let s = grid.bufferScale, corner = linear.applyLinear(grid.origin) + translation
        func axis(_ t: Double, _ at: Double, _ lo: Double, _ hi: Double) -> Double? {
            let whole = (at * s).rounded()
            for candidate in [whole, whole - 1, whole + 1] {
                let moved = t + candidate / s - at
                if moved >= lo - 1e-9 && moved <= hi + 1e-9 { return moved }
            }
            return nil
        }
        guard let x = axis(translation.x, corner.x, range.lower.x, range.upper.x),
              let y = axis(translation.y, corner.y, range.lower.y, range.upper.y) else { return self }
        var p = self
        p.translation = Vec2(x, y)
        return p
    }
}
