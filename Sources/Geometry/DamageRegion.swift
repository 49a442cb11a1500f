import Geometry

/// A region of the window as one horizontal span per band of rows: tight around diagonal shapes such as a
/// page turned by its corner, where one bounding rectangle would cover most of the page.
public struct DamageRegion: Equatable, Sendable {
    /// Rows per band (window pixels).
    public static let bandHeight = 16.0
    public let width: Double
    public let height: Double
    /// Per band, the columns it covers; nil where nothing is damaged.
    private(set) var spans: [ClosedRange<Double>?]

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
        spans = Array(repeating: nil, count: max(1, Int((height / Self.bandHeight).rounded(.up))))
    }

    public var isEmpty: Bool { spans.allSatisfy { $0 == nil } }

    /// Adds the convex polygon `points` (window pixels), grown by `margin` on every side.
    public mutating func add(convex points: [Vec2], margin: Double) {
        guard points.count >= 3, points.allSatisfy(\.isFinite) else { return }
        let ys = points.map(\.y)
        let first = max(0, Int(((ys.min()! - margin) / Self.bandHeight).rounded(.down)))
        let last = min(spans.count - 1, Int(((ys.max()! + margin) / Self.bandHeight).rounded(.down)))
        guard first <= last else { return }
        for band in first...last {
            let y0 = Double(band) * Self.bandHeight
            let slab = clipSlab(points, Vec2(0, 0), Vec2(0, 1), lower: y0 - margin, upper: y0 + Self.bandHeight + margin)
            guard let lo = slab.map(\.x).min(), let hi = slab.map(\.x).max() else { continue }
            let x0 = min(width, max(0, lo - margin)), x1 = min(width, max(0, hi + margin))
            if x1 > x0 { include(band, x0...x1) }
        }
    }

    public mutating func formUnion(_ other: DamageRegion) {
        for (band, span) in other.spans.enumerated() where band < spans.count {
            if let span { include(band, span) }
        }
    }

    private mutating func include(_ band: Int, _ span: ClosedRange<Double>) {
        guard span.upperBound > span.lowerBound else { return }
        spans[band] = spans[band].map { min($0.lowerBound, span.lowerBound)...max($0.upperBound, span.upperBound) } ?? span
    }

    /// Whole-pixel rectangles covering the region: neighbouring bands merge while the merged rectangle adds
    /// less than a quarter to their area (fewer rectangles, fewer scissored passes, little extra fill).
    public var rects: [Rect] {
        var out: [Rect] = []
        var current: (rect: Rect, area: Double)?
        for (band, span) in spans.enumerated() {
            guard let span else {
                if let c = current { out.append(c.rect) }
                current = nil
                continue
            }
            let y0 = Double(band) * Self.bandHeight, y1 = min(height, y0 + Self.bandHeight)
            let x0 = span.lowerBound.rounded(.down), x1 = span.upperBound.rounded(.up)
            let r = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            if let c = current {
                let merged = c.rect.union(r)
                let area = c.area + r.width * r.height
                if merged.width * merged.height <= 1.25 * area + 256 {
                    current = (merged, area)
                    continue
                }
                out.append(c.rect)
            }
            current = (r, r.width * r.height)
        }
        if let c = current { out.append(c.rect) }
        return out
    }

    public var bounds: Rect? {
        let all = rects
        return all.dropFirst().reduce(all.first) { total, r in total?.union(r) }
    }
}
