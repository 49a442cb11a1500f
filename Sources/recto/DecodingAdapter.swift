import Decoding

// The one place where the reader calls the decoders.

/// Decodes a page file, downscaled (never enlarged) to fit `maxSide`×`maxSide` (the GL texture limit).
func loadPageImage(path: String, limits: DecodeLimits, maxSide: Int) throws -> RGBAImage {
    try ImageDecoder.decode(contentsOf: path, limits: limits, fitting: PixelSize(width: maxSide, height: maxSide))
}

/// Writes glReadPixels output (bottom-up RGBA rows) as a PNG file.
func writePNG(path: String, width: Int, height: Int, bottomUpRGBA: [UInt8]) throws {
    try bottomUpRGBA.withUnsafeBytes {
        try PNGEncoder.write(rgba: $0, width: width, height: height, rowOrder: .bottomUp, toFile: path)
    }
}
