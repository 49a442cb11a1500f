import Decoding
import Geometry
import Testing

/// An RGB colour with 0…255 channels (Double, so means and distances need no conversions).
struct RGB: Equatable, Sendable, CustomStringConvertible {
    var r: Double, g: Double, b: Double

    init(_ r: Double, _ g: Double, _ b: Double) { self.r = r; self.g = g; self.b = b }

    /// Euclidean distance in RGB.
    func distance(to other: RGB) -> Double {
        let dr = r - other.r, dg = g - other.g, db = b - other.b
        return (dr * dr + dg * dg + db * db).squareRoot()
    }

    /// Rec. 601 luma, 0…255.
    var luminance: Double { 0.299 * r + 0.587 * g + 0.114 * b }

    var description: String { "(\(Int(r.rounded())), \(Int(g.rounded())), \(Int(b.rounded())))" }
}

/// How two same-sized images differ, over all pixels and the R, G, B channels (alpha ignored: screenshots are
/// opaque and renders may carry alpha 255 or not).
struct ImageDifference: CustomStringConvertible {
    /// Mean of |a − b| over every channel of every pixel.
    var meanAbsolute: Double
    /// Fraction of pixels whose three channels all differ by at most the tolerance.
    var fractionWithin: Double
    var tolerance: Int

    var description: String {
        "mean |Δ| \(meanAbsolute) per channel, \(fractionWithin * 100) % of pixels within \(tolerance)"
    }
}

extension RGBAImage {
    func rgb(_ x: Int, _ y: Int) -> RGB {
        let p = self[x, y]
        return RGB(Double(p.r), Double(p.g), Double(p.b))
    }

    /// The whole image as a rectangle.
    var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Mean colour of `rect` (clamped to the image).
    func meanColour(in rect: PixelRect) -> RGB {
        let r = rect.clamped(to: size)
        var sum = (0.0, 0.0, 0.0)
        var count = 0.0
        for y in r.y..<r.y + r.height {
            for x in r.x..<r.x + r.width {
                let p = self[x, y]
                sum.0 += Double(p.r); sum.1 += Double(p.g); sum.2 += Double(p.b)
                count += 1
            }
        }
        guard count > 0 else { return RGB(0, 0, 0) }
        return RGB(sum.0 / count, sum.1 / count, sum.2 / count)
    }

    /// Pixels of `rect` darker than mid-grey in every channel: text and art, none on blank paper.
    func inkPixels(in rect: PixelRect) -> Int {
        let r = rect.clamped(to: size)
        var n = 0
        for y in r.y..<r.y + r.height {
            for x in r.x..<r.x + r.width {
                let p = self[x, y]
                if p.r < 128 && p.g < 128 && p.b < 128 { n += 1 }
            }
        }
        return n
    }

    /// The most common colour of `rect`: pixels binned at 8 levels per channel step, the fullest bin's mean.
    /// A page's paper colour wins over its text and art, and shading near the spine only blurs the bin.
    func dominantColour(in rect: PixelRect) -> RGB {
        let r = rect.clamped(to: size)
        var bins: [Int: (count: Int, r: Int, g: Int, b: Int)] = [:]
        for y in stride(from: r.y, to: r.y + r.height, by: 2) {
            for x in stride(from: r.x, to: r.x + r.width, by: 2) {
                let p = self[x, y]
                let key = Int(p.r >> 3) << 10 | Int(p.g >> 3) << 5 | Int(p.b >> 3)
                var bin = bins[key] ?? (0, 0, 0, 0)
                bin.count += 1; bin.r += Int(p.r); bin.g += Int(p.g); bin.b += Int(p.b)
                bins[key] = bin
            }
        }
        guard let best = bins.values.max(by: { $0.count < $1.count }) else { return RGB(0, 0, 0) }
        let n = Double(best.count)
        return RGB(Double(best.r) / n, Double(best.g) / n, Double(best.b) / n)
    }

    /// Fraction of the pixels of `rect` whose channels are all within `tolerance` of `colour`.
    func fraction(in rect: PixelRect, within tolerance: Double, of colour: RGB) -> Double {
        let r = rect.clamped(to: size)
        var hits = 0, count = 0
        for y in r.y..<r.y + r.height {
            for x in r.x..<r.x + r.width {
                let p = rgb(x, y)
                count += 1
                if abs(p.r - colour.r) <= tolerance && abs(p.g - colour.g) <= tolerance
                    && abs(p.b - colour.b) <= tolerance { hits += 1 }
            }
        }
        return count == 0 ? 0 : Double(hits) / Double(count)
    }

    /// The smallest rectangle holding every pixel farther than `tolerance` (any channel) from `background`,
    /// or nil when there is none.
    func contentBounds(background: RGB, tolerance: Double) -> PixelRect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width {
                let p = rgb(x, y)
                if abs(p.r - background.r) > tolerance || abs(p.g - background.g) > tolerance
                    || abs(p.b - background.b) > tolerance {
                    minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
                    minY = Swift.min(minY, y); maxY = Swift.max(maxY, y)
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

/// Compares two images of the same size pixel by pixel. Returns nil when the sizes differ.
func compareImages(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int = 16) -> ImageDifference? {
    guard a.width == b.width, a.height == b.height else { return nil }
    var total = 0, within = 0
    a.pixels.withUnsafeBufferPointer { pa in
        b.pixels.withUnsafeBufferPointer { pb in
            var i = 0
            while i < pa.count {
                let dr = abs(Int(pa[i]) - Int(pb[i]))
                let dg = abs(Int(pa[i + 1]) - Int(pb[i + 1]))
                let db = abs(Int(pa[i + 2]) - Int(pb[i + 2]))
                total += dr + dg + db
                if dr <= tolerance && dg <= tolerance && db <= tolerance { within += 1 }
                i += 4
            }
        }
    }
    let pixels = Double(a.width * a.height)
    return ImageDifference(meanAbsolute: Double(total) / (3 * pixels), fractionWithin: Double(within) / pixels,
                           tolerance: tolerance)
}

/// A failed expectation prints its operands: an image as its size, not as its millions of channel values.
extension RGBAImage: CustomTestStringConvertible {
    public var testDescription: String { "RGBAImage \(width)×\(height)" }
}

extension PixelRect {
    /// The rectangle with `fraction` of its width taken off each side and of its height off the top and bottom.
    func inset(byFraction fraction: Double) -> PixelRect {
        let dx = Int((Double(width) * fraction).rounded()), dy = Int((Double(height) * fraction).rounded())
        return PixelRect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
}
