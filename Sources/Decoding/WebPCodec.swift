import CWebP
import Geometry

/// WebP decoding through libwebp, which reports errors by status code. Still images (lossy, lossless, with or
/// without alpha) decode directly into our buffer; animations go through libwebpdemux's animation decoder and
/// give their first frame composed on the canvas.
enum WebPCodec {
    /// The canvas size from the RIFF header (VP8X) or the bitstream's frame header.
    static func size(of data: UnsafeRawBufferPointer) throws(DecodeError) -> PixelSize {
        let features = try features(of: data)
        return PixelSize(width: Int(features.width), height: Int(features.height))
    }

    /// Decodes to straight-alpha RGBA8. With `fitting`, still images are scaled inside libwebp while decoding
    /// (its area-averaging rescaler, alpha-weighted), so the full-size picture is never held; animations
    /// are decoded whole and then shrunk.
    static func decode(_ data: UnsafeRawBufferPointer, limits: DecodeLimits,
                       fitting bounds: PixelSize?) throws(DecodeError) -> RGBAImage {
        let features = try features(of: data)
        let size = PixelSize(width: Int(features.width), height: Int(features.height))
        try limits.check(width: size.width, height: size.height, format: .webp)
        if features.has_animation != 0 {
            let frame = try firstFrame(data, size: size)
            return bounds.map { frame.downscaled(toFit: $0) } ?? frame
        }

        let target = bounds.map { size.fitting(within: $0) } ?? size
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw .corrupt(.webp, message: "libwebp could not start (version mismatch)")
        }
        if target != size {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(target.width)
            config.options.scaled_height = Int32(target.height)
        }
        let count = target.width * target.height * 4
        var status = VP8_STATUS_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = buffer.baseAddress
            config.output.u.RGBA.stride = Int32(target.width * 4)
            config.output.u.RGBA.size = count
            status = WebPDecode(data.baseAddress!.assumingMemoryBound(to: UInt8.self), data.count, &config)
            WebPFreeDecBuffer(&config.output)  // frees nothing of ours (external memory), only libwebp's state
            // On failure the bytes are discarded below; counting them initialised is harmless for UInt8.
            initialized = count
        }
        guard status == VP8_STATUS_OK else { throw .corrupt(.webp, message: message(status)) }
        return RGBAImage(width: target.width, height: target.height, pixels: pixels)
    }

    private static func features(of data: UnsafeRawBufferPointer) throws(DecodeError) -> WebPBitstreamFeatures {
        guard let base = data.baseAddress, data.count > 0 else { throw .empty }
        var features = WebPBitstreamFeatures()
        let status = WebPGetFeatures(base.assumingMemoryBound(to: UInt8.self), data.count, &features)
        guard status == VP8_STATUS_OK else { throw .corrupt(.webp, message: message(status)) }
        return features
    }

    /// The first frame of an animation as shown: composed on the (transparent) canvas, which libwebp allocates
    /// at the size already checked against the limits.
    private static func firstFrame(_ data: UnsafeRawBufferPointer, size: PixelSize) throws(DecodeError) -> RGBAImage {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw .corrupt(.webp, message: "libwebpdemux could not start (version mismatch)")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var input = WebPData(bytes: data.baseAddress!.assumingMemoryBound(to: UInt8.self), size: data.count)
        guard let decoder = WebPAnimDecoderNew(&input, &options) else {
            throw .corrupt(.webp, message: "malformed animation (chunks or frames out of place)")
        }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0,
              Int(info.canvas_width) == size.width, Int(info.canvas_height) == size.height else {
            throw .corrupt(.webp, message: "animation canvas disagrees with the header")
        }
        var canvas: UnsafeMutablePointer<UInt8>? = nil
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
            throw .corrupt(.webp, message: "the first animation frame could not be decoded")
        }
        let pixels = Array(UnsafeBufferPointer(start: canvas, count: size.width * size.height * 4))
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }

    private static func message(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: return "out of memory"
        case VP8_STATUS_INVALID_PARAM: return "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature"
        case VP8_STATUS_SUSPENDED: return "decoding suspended"
        case VP8_STATUS_USER_ABORT: return "decoding aborted"
        case VP8_STATUS_NOT_ENOUGH_DATA: return "not enough data (truncated file)"
        default: return "libwebp status \(status.rawValue)"
        }
    }
}
