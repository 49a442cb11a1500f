// Sizes say their unit: `PixelSize` and `PixelRect` are whole device pixels (images, textures, buffers);
// `Size` and `Rect` are logical (surface) pixels as Doubles; a PDF's points stay in the PDF module's own types
// (`PDFPageSize`, whose `aspect` is all that leaves it). A size in the wrong unit does not compile.

/// A size in whole device pixels (an image, a texture, a buffer).
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }

    /// The largest size with this aspect ratio that fits within `bounds`, never larger than `self`
    /// (no upscaling); each side is at least 1. Rounds to the nearest pixel.
    public func fitting(within bounds: PixelSize) -> PixelSize {
        precondition(width >= 1 && height >= 1 && bounds.width >= 1 && bounds.height >= 1,
                     "fitting needs positive sizes, got \(self) within \(bounds)")
        if width <= bounds.width && height <= bounds.height { return self }
        // Compare ratios by cross-multiplication so the limiting side is chosen exactly.
        if width * bounds.height >= height * bounds.width {
            let h = (height * bounds.width + width / 2) / width
            return PixelSize(width: bounds.width, height: max(1, min(h, bounds.height)))
        } else {
            let w = (width * bounds.height + height / 2) / height
            return PixelSize(width: max(1, min(w, bounds.width)), height: bounds.height)
        }
    }
}

/// A rectangle in whole pixels; origin top-left, y down.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height) at (\(x), \(y))" }

    /// The part of this rectangle inside `0..<size.width × 0..<size.height`; may be empty (width or height 0).
    public func clamped(to size: PixelSize) -> PixelRect {
        let x0 = min(max(x, 0), size.width), y0 = min(max(y, 0), size.height)
        let x1 = min(max(x + width, x0), size.width), y1 = min(max(y + height, y0), size.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
