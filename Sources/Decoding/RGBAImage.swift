import Geometry

/// A decoded image: 8-bit RGBA, **straight (non-premultiplied) alpha**, rows top-down, no padding.
///
/// Straight alpha because that is what PNG stores and what libpng's simplified API returns for 8-bit output,
/// so decoding never rounds colours away; JPEG pixels are always opaque (alpha 255). A renderer that wants
/// premultiplied alpha calls `premultiplied()` once per upload, or blends with straight-alpha factors.
///
/// Invariants: `width >= 1`, `height >= 1`, `pixels.count == width * height * 4`, row stride `width * 4`
/// bytes, pixel (x, y) starts at byte `(y * width + x) * 4` in the order R, G, B, A.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels (≥ 1).
    public let width: Int
    /// Height in pixels (≥ 1).
    public let height: Int
    /// `width * height * 4` bytes, R G B A per pixel, straight alpha, first row is the top row.
    public let pixels: [UInt8]

    /// Wraps existing RGBA8 pixels. Traps when the sizes disagree: that is a programming error, not bad input.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 1 && height >= 1, "RGBAImage needs at least 1×1 pixels, got \(width)×\(height)")
        precondition(pixels.count == width * height * 4,
                      "RGBAImage \(width)×\(height) needs \(width * height * 4) bytes, got \(pixels.count)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A `width`×`height` image filled with one colour (straight alpha).
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        precondition(width >= 1 && height >= 1, "RGBAImage needs at least 1×1 pixels, got \(width)×\(height)")
        let count = width * height
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            for i in 0..<count {
                buffer[i * 4] = fill.r
                buffer[i * 4 + 1] = fill.g
                buffer[i * 4 + 2] = fill.b
                buffer[i * 4 + 3] = fill.a
            }
            initialized = count * 4
        }
        self.init(width: width, height: height, pixels: bytes)
    }

    /// Size in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Bytes per row (`width * 4`).
    public var bytesPerRow: Int { width * 4 }

    /// The four channels of pixel (x, y); traps when out of bounds.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// True when every alpha byte is 255 (a single pass over the pixels).
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { p in p.baseAddress.map { isOpaqueRow($0, count: p.count / 4) } ?? true }
    }

    /// The same image with colour multiplied by alpha (rounded), for premultiplied-alpha blending.
    public func premultiplied() -> RGBAImage {
        let count = width * height
        let out = pixels.withUnsafeBufferPointer { src in
            [UInt8](unsafeUninitializedCapacity: count * 4) { dst, initialized in
                for i in 0..<count {
                    let a = UInt32(src[i * 4 + 3])
                    for c in 0..<3 {
                        // round(v * a / 255) without a division; exact for all 8-bit v and a.
                        let t = UInt32(src[i * 4 + c]) * a + 128
                        dst[i * 4 + c] = UInt8((t + (t >> 8)) >> 8)
                    }
                    dst[i * 4 + 3] = UInt8(a)
                }
                initialized = count * 4
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
