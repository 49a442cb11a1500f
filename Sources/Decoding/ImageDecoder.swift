import Geometry

/// Format and size of an image, read from its header without decoding pixels.
public struct ImageInfo: Sendable, Hashable {
    public let format: ImageFormat
    /// Declared size in pixels (not yet checked against any `DecodeLimits`).
    public let size: PixelSize

    public init(format: ImageFormat, size: PixelSize) {
        self.format = format
        self.size = size
    }
}

/// The front door: sniffs the format from the leading bytes and decodes PNG, JPEG, WebP or AVIF to `RGBAImage`.
///
/// Every function is thread-safe and reentrant (each call owns its codec state), so page decodes can
/// run on worker threads. No function traps or longjmps on malformed input; each failure is a `DecodeError`.
public enum ImageDecoder {
    /// Decodes PNG, JPEG, WebP or AVIF bytes to straight-alpha RGBA8, top-down. Animated WebP and AVIF
    /// sequences give their first frame.
    ///
    /// - Parameters:
    ///   - limits: checked against the header before pixel memory is allocated (`.tooLarge`).
    ///   - bounds: when given, the result is shrunk (aspect kept, never enlarged) to fit within it. JPEGs are
    ///     scaled down inside the IDCT first and still WebPs inside libwebp's decoder, PNGs row by row, so
    ///     display-sized decodes of large pages are much cheaper.
    public static func decode(_ data: UnsafeRawBufferPointer, limits: DecodeLimits = .standard,
                              fitting bounds: PixelSize? = nil) throws(DecodeError) -> RGBAImage {
        if let bounds { precondition(bounds.width >= 1 && bounds.height >= 1, "fitting bounds must be positive") }
        switch try format(of: data) {
        case .png:
            if let bounds, let image = PNGCodec.decode(data, limits: limits, fitting: bounds) { return image }
            let image = try PNGCodec.decode(data, limits: limits)
            guard let bounds else { return image }
            return image.downscaled(toFit: bounds)
        case .jpeg:
            return try JPEGCodec.decode(data, limits: limits, fitting: bounds)
        case .webp:
            return try WebPCodec.decode(data, limits: limits, fitting: bounds)
        case .avif:
            let image = try AVIFCodec.decode(data, limits: limits)
            return bounds.map { image.downscaled(toFit: $0) } ?? image
        }
    }

    /// `decode(_:limits:fitting:)` for an array.
    public static func decode(_ data: [UInt8], limits: DecodeLimits = .standard,
                              fitting bounds: PixelSize? = nil) throws(DecodeError) -> RGBAImage {
        try withBytes(data) { (raw) throws(DecodeError) -> RGBAImage in
            try decode(raw, limits: limits, fitting: bounds)
        }
    }

    /// Reads the file (refusing, before reading, one longer than `limits.maxFileBytes`) and decodes it.
    public static func decode(contentsOf path: String, limits: DecodeLimits = .standard,
                              fitting bounds: PixelSize? = nil) throws(DecodeError) -> RGBAImage {
        try decode(FileIO.read(path, limit: limits.maxFileBytes), limits: limits, fitting: bounds)
    }

    /// Format and declared size from the header only (no pixel decoding, no limit check).
    public static func info(_ data: UnsafeRawBufferPointer) throws(DecodeError) -> ImageInfo {
        let format = try format(of: data)
        switch format {
        case .png: return ImageInfo(format: format, size: try PNGCodec.size(of: data))
        case .jpeg: return ImageInfo(format: format, size: try JPEGCodec.size(of: data))
        case .webp: return ImageInfo(format: format, size: try WebPCodec.size(of: data))
        case .avif: return ImageInfo(format: format, size: try AVIFCodec.size(of: data))
        }
    }

    /// `info(_:)` for an array.
    public static func info(_ data: [UInt8]) throws(DecodeError) -> ImageInfo {
        try withBytes(data) { (raw) throws(DecodeError) -> ImageInfo in try info(raw) }
    }

    /// `info(_:)` for a file, reading only its first 64 KiB unless the header lies further in (a JPEG behind
    /// large EXIF or ICC segments, an AVIF whose metadata follows its image data), in which case the whole file is read within `limits.maxFileBytes`.
    public static func info(contentsOf path: String, limits: DecodeLimits = .standard) throws(DecodeError)
        -> ImageInfo {
        let head = try FileIO.read(path, limit: limits.maxFileBytes, prefix: 1 << 16)
        if let found = try? info(head) { return found }
        if head.count < 1 << 16 { return try info(head) }  // that was the whole file: report its own error
        return try info(FileIO.read(path, limit: limits.maxFileBytes))
    }

    /// The sniffed format, or `.empty` / `.unsupportedFormat` naming the leading bytes.
    public static func format(of data: UnsafeRawBufferPointer) throws(DecodeError) -> ImageFormat {
        guard data.count > 0 else { throw .empty }
        guard let format = ImageFormat.sniff(data) else { throw .unsupportedFormat(leadingBytes: Array(data.prefix(8))) }
        return format
    }
}
