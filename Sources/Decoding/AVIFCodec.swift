import CAVIF
import Geometry

/// AVIF decoding through libavif (AV1 by dav1d or libaom), which reports errors by result code plus a
/// diagnostic text. Still images and the first image of a sequence decode alike.
enum AVIFCodec {
    /// The size the container declares (`ispe` or the track header); no AV1 data is decoded.
    static func size(of data: UnsafeRawBufferPointer) throws(DecodeError) -> PixelSize {
        try withDecoder(data) { _, decoder in declaredSize(decoder) }
    }

    /// Decodes the primary image (or a sequence's first) to straight-alpha RGBA8; opaque when it has no
    /// alpha plane. The limits are checked on the container's size before any AV1 decoding; the decoded frame
    /// must then have that very size.
    static func decode(_ data: UnsafeRawBufferPointer, limits: DecodeLimits) throws(DecodeError) -> RGBAImage {
        try withDecoder(data) { (avif, decoder) throws(DecodeError) -> RGBAImage in
            let size = declaredSize(decoder)
            try limits.check(width: size.width, height: size.height, format: .avif)
            let result = avif.avifDecoderNextImage(decoder)
            guard result == AVIF_RESULT_OK, let image = decoder.pointee.image else {
                throw .corrupt(.avif, message: message(avif, result, decoder))
            }
            guard declaredSize(decoder) == size else {
                throw .corrupt(.avif, message: "decoded image is \(declaredSize(decoder)), the header says \(size)")
            }
            var rgb = avifRGBImage()
            avif.avifRGBImageSetDefaults(&rgb, image)
            rgb.format = AVIF_RGB_FORMAT_RGBA
            rgb.depth = 8
            rgb.alphaPremultiplied = AVIF_FALSE
            rgb.rowBytes = UInt32(size.width * 4)
            var converted = AVIF_RESULT_OK
            let count = size.width * size.height * 4
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                rgb.pixels = buffer.baseAddress
                converted = avif.avifImageYUVToRGB(image, &rgb)
                // On failure the bytes are discarded below; counting them initialised is harmless for UInt8.
                initialized = count
            }
            guard converted == AVIF_RESULT_OK else { throw .corrupt(.avif, message: message(avif, converted, decoder)) }
            return RGBAImage(width: size.width, height: size.height, pixels: pixels)
        }
    }

    /// Runs `body` on a decoder that has parsed the container of `data`, with libavif (opened on the first call).
    private static func withDecoder<R>(_ data: UnsafeRawBufferPointer,
                                       _ body: (recto_avif_api, UnsafeMutablePointer<avifDecoder>) throws(DecodeError) -> R)
        throws(DecodeError) -> R {
        guard let base = data.baseAddress, data.count > 0 else { throw .empty }
        guard let avif = recto_avif()?.pointee else {
            throw .codecUnavailable(.avif, reason: String(cString: recto_avif_failure()))
        }
        guard let decoder = avif.avifDecoderCreate() else { throw .corrupt(.avif, message: "libavif could not start") }
        defer { avif.avifDecoderDestroy(decoder) }
        // One thread per decode: pages already decode on several workers.
        decoder.pointee.maxThreads = 1
        // Our limits are checked after parsing; libavif's own size cap (16384² pixels) stays as a backstop for
        // what it allocates while parsing, its side limit (32768) is lifted to leave ours in charge.
        decoder.pointee.imageDimensionLimit = 0
        // Files from older encoders lack properties the strict checks insist on; browsers show them.
        decoder.pointee.strictFlags = avifStrictFlags(AVIF_STRICT_DISABLED.rawValue)
        decoder.pointee.ignoreExif = AVIF_TRUE
        decoder.pointee.ignoreXMP = AVIF_TRUE
        var result = avif.avifDecoderSetIOMemory(decoder, base.assumingMemoryBound(to: UInt8.self), data.count)
        if result == AVIF_RESULT_OK { result = avif.avifDecoderParse(decoder) }
        guard result == AVIF_RESULT_OK, decoder.pointee.image != nil else {
            throw .corrupt(.avif, message: message(avif, result, decoder))
        }
        return try body(avif, decoder)
    }

    private static func declaredSize(_ decoder: UnsafeMutablePointer<avifDecoder>) -> PixelSize {
        let image = decoder.pointee.image!.pointee
        return PixelSize(width: Int(image.width), height: Int(image.height))
    }

    /// libavif's name for the result, with its diagnostic detail when it left one.
    private static func message(_ avif: recto_avif_api, _ result: avifResult, _ decoder: UnsafeMutablePointer<avifDecoder>) -> String {
        let name = avif.avifResultToString(result).map { String(cString: $0) } ?? "libavif result \(result.rawValue)"
        let detail = withUnsafeBytes(of: decoder.pointee.diag.error) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return detail.isEmpty ? name : "\(name): \(detail)"
    }
}
