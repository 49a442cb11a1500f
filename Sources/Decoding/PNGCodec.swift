import CPNG
import Geometry

/// PNG decoding through libpng's simplified API. The classic API reports errors by longjmp, which must never
/// cross Swift frames; the simplified API catches its own longjmps and returns 0 with text in `image.message`.
enum PNGCodec {
    /// Reads only the signature and IHDR.
    static func size(of data: UnsafeRawBufferPointer) throws(DecodeError) -> PixelSize {
        try withReader(data) { image in PixelSize(width: Int(image.pointee.width), height: Int(image.pointee.height)) }
    }

    /// Decodes any PNG colour type, bit depth or interlace to straight-alpha RGBA8, top-down.
    ///
    /// The size limit is checked between reading IHDR and allocating the pixels, so a tiny file that declares
    /// a huge image costs only its header.
    static func decode(_ data: UnsafeRawBufferPointer, limits: DecodeLimits) throws(DecodeError) -> RGBAImage {
        try withReader(data) { (image) throws(DecodeError) -> RGBAImage in
            let width = Int(image.pointee.width), height = Int(image.pointee.height)
            try limits.check(width: width, height: height, format: .png)

            image.pointee.format = png_uint_32(RECTO_PNG_FORMAT_RGBA)
            // Without this libpng treats 16-bit samples lacking gAMA/sRGB as linear light and brightens them on
            // the way to 8-bit sRGB; other readers (and the writers we met) mean them as sRGB-encoded.
            image.pointee.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)

            let stride = width * 4
            var succeeded = false
            let pixels = [UInt8](unsafeUninitializedCapacity: stride * height) { buffer, initialized in
                succeeded = png_image_finish_read(image, nil, buffer.baseAddress, png_int_32(stride), nil) != 0
                // On failure the bytes are discarded below; counting them initialised is harmless for UInt8.
                initialized = stride * height
            }
            guard succeeded else { throw .corrupt(.png, message: message(of: image.pointee)) }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
    }

    /// Decodes and shrinks to fit `bounds` in one pass, row by row: the full-size image is never held (a
    /// 2048×2732 page is 22 MB that would be written, faulted in and read again). Byte for byte what `decode`
    /// then `downscaled(toFit:)` give. Nil when the file needs conversions beyond expanding samples of at most
    /// 8 bits to RGBA (16-bit samples, interlace, a gamma other than sRGB's), when it needs no shrinking, or on
    /// any error: the caller then takes the whole-image path, which also reports errors in its usual words.
    static func decode(_ data: UnsafeRawBufferPointer, limits: DecodeLimits, fitting bounds: PixelSize) -> RGBAImage? {
        guard let base = data.baseAddress, data.count > 0 else { return nil }
        var reader = recto_png_rows()
        defer { recto_png_rows_close(&reader) }
        guard recto_png_rows_open(&reader, base, data.count) != 0 else { return nil }
        let size = PixelSize(width: Int(reader.width), height: Int(reader.height))
        guard reader.bit_depth <= 8, reader.interlace == PNG_INTERLACE_NONE,
              // libpng converts gamma beyond 5 % from sRGB's 1/2.2 (0.45455); stay well inside that.
              reader.gamma == 0 || abs(Int(reader.gamma) - 45455) <= 900,
              size.width >= 1, size.height >= 1, (try? limits.check(width: size.width, height: size.height, format: .png)) != nil
        else { return nil }
        let target = size.fitting(within: bounds)
        guard target != size else { return nil }
        let large = size.width * size.height >= 1 << 20
        // Large images are inflated on a thread of their own, ahead of libpng's unfiltering: read again from
        // the start, with the inflated bytes pulled from there.
        let ahead = large ? InflateAhead(file: data, inflatedBytes: filteredBytes(reader)) : nil
        defer { ahead?.finish() }
        if let ahead {
            recto_png_rows_close(&reader)
            guard recto_png_rows_open_pulled(&reader, ahead.prefix.baseAddress!, ahead.prefix.count, pullInflated,
                                             Unmanaged.passUnretained(ahead).toOpaque()) != 0 else { return nil }
            ahead.start()
        }
        guard recto_png_rows_start_rgba(&reader) != 0 else { return nil }

        let stride = size.width * 4
        var succeeded = false
        let pixels = [UInt8](unsafeUninitializedCapacity: target.width * target.height * 4) { buffer, initialized in
            let opaque = Int32(reader.color_type) & PNG_COLOR_MASK_ALPHA == 0 && reader.has_trns == 0
            let scaler = RowDownscaler(source: size, output: target, destination: buffer.baseAddress!, knownOpaque: opaque)
            // Large images shrink on another thread while libpng unfilters the next rows.
            if large {
                let pipeline = RowPipeline(scaler: scaler, stride: stride)
                var y = 0
                while y < size.height {
                    let count = min(pipeline.bandRows, size.height - y)
                    guard recto_png_rows_read_rows(&reader, pipeline.nextBand(), stride, UInt32(count)) != 0 else { break }
                    pipeline.submit(rows: count)
                    y += count
                }
                succeeded = pipeline.finish()
            } else {
                let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: stride)
                defer { rows.deallocate() }
                for _ in 0..<size.height {
                    guard recto_png_rows_read_rows(&reader, rows, stride, 1) != 0 else { break }
                    scaler.add(rows)
                }
                succeeded = scaler.isComplete
            }
            // On failure the bytes are discarded below; counting them initialised is harmless for UInt8.
            initialized = target.width * target.height * 4
        }
        return succeeded ? RGBAImage(width: target.width, height: target.height, pixels: pixels) : nil
    }

    /// Bytes of a non-interlaced image's filtered rows: a filter byte and the packed samples each.
    private static func filteredBytes(_ reader: recto_png_rows) -> Int {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(reader.color_type)] ?? 4
        return Int(reader.height) * (1 + (Int(reader.width) * channels * Int(reader.bit_depth) + 7) / 8)
    }

    /// Runs `body` between png_image_begin_read and png_image_free.
    ///
    /// The png_image lives on the heap because libpng keeps its address (as the error and I/O callbacks'
    /// context) from begin_read to finish_read: a Swift local may move or be copied between calls.
    private static func withReader<R>(_ data: UnsafeRawBufferPointer,
                                      _ body: (UnsafeMutablePointer<png_image>) throws(DecodeError) -> R)
        throws(DecodeError) -> R {
        guard let base = data.baseAddress, data.count > 0 else { throw .empty }
        let image = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
        image.initialize(to: png_image())
        // png_image_free is a no-op when libpng already freed its state (after finish_read or an error).
        defer {
            png_image_free(image)
            image.deallocate()
        }
        image.pointee.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(image, base, data.count) != 0 else {
            throw .corrupt(.png, message: message(of: image.pointee))
        }
        return try body(image)
    }

    /// libpng's NUL-terminated message, or a generic text when it left none.
    private static func message(of image: png_image) -> String {
        let text = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng reported an error without a message" : text
    }
}

/// PNG encoding through the simplified API (no longjmp across Swift either).
public enum PNGEncoder {
    /// Row order of a raw pixel buffer handed to the encoder.
    public enum RowOrder: Sendable {
        /// First row in memory is the top of the picture (`RGBAImage`, most CPU images).
        case topDown
        /// First row in memory is the bottom of the picture (what `glReadPixels` returns).
        case bottomUp
    }

    /// Encodes straight-alpha RGBA8 to PNG bytes (8-bit RGBA, non-interlaced). `fast` trades file size for speed
    /// (libpng's PNG_IMAGE_FLAG_FAST: for a disk cache, not for files meant to be kept).
    public static func encode(_ image: RGBAImage, fast: Bool = false) throws(EncodeError) -> [UInt8] {
        try withBytes(image.pixels) { (raw) throws(EncodeError) -> [UInt8] in
            try encode(rgba: raw, width: image.width, height: image.height, rowOrder: .topDown, fast: fast)
        }
    }

    /// Encodes a raw RGBA8 buffer of `width * height * 4` bytes, rows packed (stride `width * 4`), in the given
    /// row order; a `.bottomUp` buffer (glReadPixels) is written the right way up.
    public static func encode(rgba: UnsafeRawBufferPointer, width: Int, height: Int,
                              rowOrder: RowOrder = .topDown, fast: Bool = false) throws(EncodeError) -> [UInt8] {
        guard width >= 1, height >= 1, width <= 65_535, height <= 65_535 else {
            throw EncodeError("cannot encode a \(width)×\(height) image (sides must be 1...65535)")
        }
        guard rgba.count >= width * height * 4, let base = rgba.baseAddress else {
            throw EncodeError("buffer of \(rgba.count) bytes is too small for \(width)×\(height) RGBA")
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(RECTO_PNG_FORMAT_RGBA)
        if fast { image.flags |= png_uint_32(PNG_IMAGE_FLAG_FAST) }
        // A negative stride means bottom-up rows; libpng still wants the buffer's first byte, not the last row.
        let stride = png_int_32(rowOrder == .topDown ? width * 4 : -(width * 4))

        // Pages compress well; start from a quarter of the raw size and retry once with libpng's exact need.
        var capacity = width * height + 4096
        for _ in 0..<2 {
            var written = png_alloc_size_t(capacity)
            var ok = false
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                ok = png_image_write_to_memory(&image, buffer.baseAddress, &written, 0, base, stride, nil) != 0
                initialized = ok ? Int(written) : 0
            }
            png_image_free(&image)
            if ok { return bytes }
            // Too small is reported as failure with `written` raised to the size needed.
            guard Int(written) > capacity else { break }
            capacity = Int(written)
            image.warning_or_error = 0
        }
        let text = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        throw EncodeError(text.isEmpty ? "libpng could not encode \(width)×\(height) pixels" : text)
    }

    /// `encode(rgba:...)` for an array, e.g. the bytes glReadPixels filled.
    public static func encode(rgba: [UInt8], width: Int, height: Int,
                              rowOrder: RowOrder = .topDown, fast: Bool = false) throws(EncodeError) -> [UInt8] {
        try withBytes(rgba) { (raw) throws(EncodeError) -> [UInt8] in
            try encode(rgba: raw, width: width, height: height, rowOrder: rowOrder, fast: fast)
        }
    }

    /// Encodes and writes to `path` atomically (a temporary file in the same directory, then rename), so readers
    /// such as a disk cache never see half a file.
    public static func write(_ image: RGBAImage, toFile path: String, fast: Bool = false) throws(EncodeError) {
        try FileIO.writeAtomically(encode(image, fast: fast), to: path)
    }

    /// Raw-buffer variant of `write(_:toFile:)`, for glReadPixels output (`rowOrder: .bottomUp`).
    public static func write(rgba: UnsafeRawBufferPointer, width: Int, height: Int, rowOrder: RowOrder,
                             toFile path: String, fast: Bool = false) throws(EncodeError) {
        try FileIO.writeAtomically(
            encode(rgba: rgba, width: width, height: height, rowOrder: rowOrder, fast: fast), to: path)
    }
}

/// libpng's source of the bytes after an `InflateAhead`'s prefix (called on libpng's thread, from C).
private func pullInflated(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
                          _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    let ahead = Unmanaged<InflateAhead>.fromOpaque(context!).takeUnretainedValue()
    guard let segment = ahead.next() else { return 0 }
    bytes!.pointee = segment.baseAddress?.assumingMemoryBound(to: UInt8.self)
    count!.pointee = segment.count
    return 1
}
