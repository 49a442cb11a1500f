/// Why an image could not be decoded. Every malformed input ends here; decoding never traps on bad data.
/// `description` is one short English sentence suitable for a log line or a placeholder page.
public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input had no bytes.
    case empty
    /// Not PNG, JPEG, WebP or AVIF; carries up to the first 8 bytes so the message can name what it looks like.
    case unsupportedFormat(leadingBytes: [UInt8])
    /// The header declares more pixels, or a longer side, than `limits` allow. Raised after reading only the
    /// header, before any pixel memory is allocated.
    case tooLarge(width: Int, height: Int, limits: DecodeLimits)
    /// A file is longer than `DecodeLimits.maxFileBytes`; raised before its contents are read.
    case fileTooLarge(bytes: Int, limit: Int)
    /// The codec rejected the data (truncated, bad CRC, bad Huffman table, ...); `message` is the codec's own text.
    case corrupt(ImageFormat, message: String)
    /// A file could not be opened or read; `reason` is the system's text (e.g. "No such file or directory").
    case unreadable(path: String, reason: String)
    /// The format's codec library, opened on first use, is missing or unusable; `reason` is the loader's text.
    case codecUnavailable(ImageFormat, reason: String)

    public var description: String {
        switch self {
        case .empty:
            return "empty image data (0 bytes)"
        case .unsupportedFormat(let bytes):
            let hex = bytes.map { hexByte($0) }.joined(separator: " ")
            return "unsupported image format (first bytes \(hex), \(ImageFormat.guessKind(bytes))); "
                + "PNG, JPEG, WebP and AVIF are supported"
        case .tooLarge(let width, let height, let limits):
            return "image of \(width)×\(height) pixels exceeds the decode limits (at most \(limits.maxDimension) "
                + "pixels per side and \(limits.maxPixels) pixels in total)"
        case .fileTooLarge(let bytes, let limit):
            return "file of \(bytes) bytes exceeds the limit of \(limit) bytes"
        case .corrupt(let format, let message):
            return "corrupt \(format.name) data: \(message)"
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .codecUnavailable(let format, let reason):
            return "cannot decode \(format.name): \(reason)"
        }
    }
}

/// Why an image could not be encoded; `message` is libpng's or TurboJPEG's text, or the system's for file I/O.
public struct EncodeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { "image encoding failed: \(message)" }
}

/// Size budgets checked before any large allocation. The defaults fit a kiosk with a few hundred MB to spare:
/// 100 megapixels decode to 400 MB of RGBA, the most one page may ever cost.
public struct DecodeLimits: Sendable, Hashable {
    /// Most pixels (width × height) an image may declare. Default 100_000_000.
    public var maxPixels: Int
    /// Longest side in pixels an image may declare. Default 65_535 (also keeps row strides inside Int32).
    public var maxDimension: Int
    /// Longest file `decode(contentsOf:)` will read, in bytes. Default 256 MiB.
    public var maxFileBytes: Int

    public init(maxPixels: Int = 100_000_000, maxDimension: Int = 65_535, maxFileBytes: Int = 256 << 20) {
        self.maxPixels = maxPixels
        self.maxDimension = maxDimension
        self.maxFileBytes = maxFileBytes
    }

    /// The defaults above.
    public static let standard = DecodeLimits()

    /// Throws `.tooLarge` unless `width`×`height` is non-empty and within both limits. Zero sides count as
    /// corrupt rather than too large; codecs already reject them, this is the belt to their braces.
    func check(width: Int, height: Int, format: ImageFormat) throws(DecodeError) {
        guard width >= 1, height >= 1 else {
            throw .corrupt(format, message: "image declares \(width)×\(height) pixels")
        }
        // Checked before multiplying so the product cannot overflow.
        guard width <= maxDimension, height <= maxDimension, width <= maxPixels / height else {
            throw .tooLarge(width: width, height: height, limits: self)
        }
    }
}

func hexByte(_ b: UInt8) -> String {
    let digits: [Character] = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
}
