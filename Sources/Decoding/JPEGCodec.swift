import CTurboJPEG
import Geometry

/// JPEG decoding through TurboJPEG, which reports errors by return code (its own setjmp stays inside C).
enum JPEGCodec {
    /// Reads only the markers up to the frame header.
    static func size(of data: UnsafeRawBufferPointer) throws(DecodeError) -> PixelSize {
        let (base, handle) = try start(data)
        defer { tjDestroy(handle) }
        return try header(base, data.count, handle).size
    }

    /// Decodes baseline, progressive, greyscale, YCbCr, RGB, CMYK and YCCK JPEGs to opaque RGBA8.
    ///
    /// With `fitting`, the result fits within that box (aspect kept, never upscaled): the IDCT first scales by
    /// the smallest power of two (1/2, 1/4, 1/8) that stays at least as large as the target, which skips most
    /// of the decoding work, and an area-average resample takes the remainder.
    ///
    /// A libjpeg warning that still yields a whole picture (extraneous bytes before a marker and the like) is
    /// tolerated as browsers do; a file that ends early ("premature end") is an error, never a grey half.
    static func decode(_ data: UnsafeRawBufferPointer, limits: DecodeLimits,
                       fitting bounds: PixelSize?) throws(DecodeError) -> RGBAImage {
        let (base, handle) = try start(data)
        defer { tjDestroy(handle) }
        let (size, colourspace) = try header(base, data.count, handle)
        // Limits apply to the declared size even when scaling down: decoding time still grows with it.
        try limits.check(width: size.width, height: size.height, format: .jpeg)

        let target = bounds.map { size.fitting(within: $0) } ?? size
        var denominator = 8
        while denominator > 1 {
            let w = (size.width + denominator - 1) / denominator, h = (size.height + denominator - 1) / denominator
            if w >= target.width && h >= target.height { break }
            denominator /= 2
        }
        let width = (size.width + denominator - 1) / denominator
        let height = (size.height + denominator - 1) / denominator

        // libjpeg cannot convert CMYK to RGB; take the raw inks and convert below.
        let cmyk = colourspace == Int32(TJCS_CMYK.rawValue) || colourspace == Int32(TJCS_YCCK.rawValue)
        let pixelFormat = Int32(cmyk ? TJPF_CMYK.rawValue : TJPF_RGBA.rawValue)
        var pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { _, initialized in
            initialized = width * height * 4
        }
        // Asking for width×height makes TurboJPEG pick exactly our 1/denominator scaling factor.
        func run(_ flags: Int32) -> (ok: Bool, message: String) {
            let status = pixels.withUnsafeMutableBufferPointer { buffer in
                tjDecompress2(handle, base, UInt(data.count), buffer.baseAddress, Int32(width), 0, Int32(height),
                              pixelFormat, flags)
            }
            return status == 0 ? (true, "") : (false, message(handle))
        }
        // First pass stops at the first warning, the only way to learn which warning it was: after a warning
        // tjGetErrorCode says "warning" even when a fatal error follows.
        let strict = run(TJFLAG_LIMITSCANS | TJFLAG_STOPONWARNING)
        if !strict.ok {
            let fatal = tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue)
            if fatal || strict.message.lowercased().contains("premature end") {
                throw .corrupt(.jpeg, message: strict.message)
            }
            // A warning that still yields a whole picture (extraneous bytes, unknown JFIF revision, ...): decode
            // again tolerating it, and accept only when nothing but that same warning comes up.
            let tolerant = run(TJFLAG_LIMITSCANS)
            if !tolerant.ok && tolerant.message != strict.message {
                throw .corrupt(.jpeg, message: tolerant.message)
            }
        }
        if cmyk { convertCMYKToRGBA(&pixels, adobeInverted: hasAdobeMarker(data)) }
        let image = RGBAImage(width: width, height: height, pixels: pixels)
        return image.size == target ? image : image.resized(to: target)
    }

    private static func start(_ data: UnsafeRawBufferPointer) throws(DecodeError)
        -> (UnsafePointer<UInt8>, tjhandle) {
        guard data.count > 0, let raw = data.baseAddress else { throw .empty }
        guard let handle = tjInitDecompress() else {
            throw .corrupt(.jpeg, message: "TurboJPEG could not start: \(message(nil))")
        }
        return (raw.assumingMemoryBound(to: UInt8.self), handle)
    }

    private static func header(_ base: UnsafePointer<UInt8>, _ count: Int, _ handle: tjhandle)
        throws(DecodeError) -> (size: PixelSize, colourspace: Int32) {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        guard tjDecompressHeader3(handle, base, UInt(count), &width, &height, &subsampling, &colourspace) == 0
        else { throw .corrupt(.jpeg, message: message(handle)) }
        return (PixelSize(width: Int(width), height: Int(height)), colourspace)
    }

    static func message(_ handle: tjhandle?) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "TurboJPEG reported an error without a message" }
        return String(cString: text)
    }

    /// Adobe's APP14 marker says the inks are stored inverted (255 = no ink), as Photoshop and Pillow write
    /// them; without it the samples are plain ink amounts. Only the header segments before the scan are read.
    static func hasAdobeMarker(_ d: UnsafeRawBufferPointer) -> Bool {
        var i = 2
        while i + 4 <= d.count {
            guard d[i] == 0xFF else { return false }
            let marker = d[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte before a marker
            if marker == 0xDA || marker == 0xD9 { return false }  // start of scan / end of image
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }  // no length field
            let length = Int(d[i + 2]) << 8 | Int(d[i + 3])
            if marker == 0xEE && length >= 7 && i + 9 <= d.count
                && d[i + 4] == 0x41 && d[i + 5] == 0x64 && d[i + 6] == 0x6F && d[i + 7] == 0x62 && d[i + 8] == 0x65 {
                return true
            }
            i += 2 + length
        }
        return false
    }

    /// In place: C M Y K bytes become R G B 255 with the naive subtractive model r = (1 − c)(1 − k), which is
    /// what most viewers do without a colour profile.
    static func convertCMYKToRGBA(_ pixels: inout [UInt8], adobeInverted: Bool) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                // Stored values as "remaining light": 255 means no ink.
                let k = UInt32(adobeInverted ? p[i + 3] : 255 - p[i + 3])
                for c in 0..<3 {
                    let v = UInt32(adobeInverted ? p[i + c] : 255 - p[i + c])
                    let t = v * k + 128
                    p[i + c] = UInt8((t + (t >> 8)) >> 8)  // round(v * k / 255)
                }
                p[i + 3] = 255
                i += 4
            }
        }
    }
}

/// JPEG encoding through TurboJPEG: for generated test books and quick previews, not for archival.
public enum JPEGEncoder {
    /// Encodes RGBA8 (alpha ignored) as a baseline JPEG with 4:2:0 chroma. `quality` is 1...100.
    public static func encode(_ image: RGBAImage, quality: Int = 90) throws(EncodeError) -> [UInt8] {
        guard let handle = tjInitCompress() else {
            throw EncodeError("TurboJPEG could not start: \(JPEGCodec.message(nil))")
        }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { if let output { tjFree(output) } }
        let status = image.pixels.withUnsafeBufferPointer { src in
            tjCompress2(handle, src.baseAddress, Int32(image.width), 0, Int32(image.height),
                        Int32(TJPF_RGBA.rawValue), &output, &size, Int32(TJSAMP_420.rawValue),
                        Int32(min(max(quality, 1), 100)), 0)
        }
        guard status == 0, let output else { throw EncodeError(JPEGCodec.message(handle)) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
