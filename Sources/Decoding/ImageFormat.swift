/// The formats Recto decodes, recognised by their leading bytes (never by file name).
public enum ImageFormat: String, Sendable, Hashable {
    case png
    case jpeg
    case webp
    case avif

    /// "PNG", "JPEG", "WebP" or "AVIF", for messages.
    public var name: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .webp: return "WebP"
        case .avif: return "AVIF"
        }
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format whose signature starts `bytes`, or nil. PNG needs all 8 signature bytes; JPEG needs only the SOI
    /// marker (FF D8), so a damaged JPEG reaches libjpeg and gets its specific diagnostic. WebP is a RIFF file
    /// of form type "WEBP"; AVIF an ISO-BMFF file whose leading `ftyp` box names the brand "avif" (still) or
    /// "avis" (sequence), as its major brand or among the compatible ones (HEIC and MP4 carry neither).
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        func ascii(_ text: String, at offset: Int) -> Bool {
            bytes.count >= offset + text.utf8.count && zip(bytes[offset...], text.utf8).allSatisfy { $0 == $1 }
        }
        if bytes.count >= 8 && zip(bytes.prefix(8), pngSignature).allSatisfy({ $0 == $1 }) { return .png }
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xD8 { return .jpeg }
        if ascii("RIFF", at: 0) && ascii("WEBP", at: 8) { return .webp }
        if ascii("ftyp", at: 4) {
            // Box size (big-endian), then major brand, minor version and compatible brands, 4 bytes each.
            let size = bytes.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            let end = min(size, bytes.count, 256)
            for offset in stride(from: 8, through: end - 4, by: 4) where offset != 12 {
                if ascii("avif", at: offset) || ascii("avis", at: offset) { return .avif }
            }
        }
        return nil
    }

    /// `sniff` for an array.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        bytes.withUnsafeBytes { sniff($0) }
    }

    /// A human guess at what unsupported data is, so "unsupported format" messages say something useful.
    static func guessKind(_ b: [UInt8]) -> String {
        func starts(_ s: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + s.count && Array(b[offset..<offset + s.count]) == s
        }
        func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }
        if starts(ascii("GIF8")) { return "looks like GIF" }
        if starts(ascii("RIFF")) { return "looks like RIFF, e.g. WAV or AVI" }
        if starts(ascii("BM")) { return "looks like BMP" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "looks like TIFF" }
        if starts(ascii("%PDF")) { return "looks like PDF" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "looks like ZIP" }
        if starts(ascii("ftyp"), at: 4) { return "looks like an ISO media file, e.g. HEIC or MP4" }
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "looks like JPEG XL" }
        if starts(ascii("qoif")) { return "looks like QOI" }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "a damaged PNG signature" }
        return "unknown kind"
    }
}

/// `Array.withUnsafeBytes` is `rethrows`, which erases typed throws; this keeps the error type.
func withBytes<R, E: Error>(_ array: [UInt8], _ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    let result = array.withUnsafeBytes { raw in Result { () throws(E) -> R in try body(raw) } }
    return try result.get()
}
