import Decoding
import Geometry
import Testing
import TestSupport

/// `decode(_:fitting:)` shrinks PNGs while it decodes them (row by row, on two threads for large images). It must
/// give exactly what decoding the whole image and then `downscaled(toFit:)` give, or fail the same way.
struct FittedDecodeTests {
    static let boxes = [PixelSize(width: 5, height: 5), PixelSize(width: 12, height: 10),
                        PixelSize(width: 7, height: 20), PixelSize(width: 13, height: 11)]

    /// Fitted and whole-then-shrunk decodes of `bytes`: equal images, or equal errors.
    static func expectSame(_ bytes: [UInt8], _ box: PixelSize, _ what: String) {
        let fitted = Result { () throws(DecodeError) -> RGBAImage in try ImageDecoder.decode(bytes, fitting: box) }
        let whole = Result { () throws(DecodeError) -> RGBAImage in try ImageDecoder.decode(bytes).downscaled(toFit: box) }
        switch (fitted, whole) {
        case (.success(let a), .success(let b)):
            let same = a == b
            let firstDifference = zip(a.pixels, b.pixels).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(same, "\(what) in \(box): \(a.size) vs \(b.size), first differing byte \(firstDifference ?? -1)")
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(what) in \(box): \(a) vs \(b)")
        default:
            Issue.record("\(what) in \(box): fitted \(fitted), whole \(whole)")
        }
    }

    @Test(arguments: ["grey1.png", "grey8.png", "grey16.png", "greyalpha8.png", "rgb8.png", "rgb16.png", "rgba8.png",
                      "rgba16.png", "palette4.png", "palette8.png", "adam7_rgb8.png", "adam7_palette4.png",
                      "truncated.png", "bad_crc.png", "idat_garbage.png", "huge_header.png"])
    func fixtureDecodesTheSameFitted(_ name: String) {
        for box in Self.boxes { Self.expectSame(Fixture.bytes(name), box, name) }
    }

    @Test func transparencyGammaAndLargeImagesDecodeTheSameFitted() {
        var rng = SplitMix64(seed: 9)
        let w = 61, h = 47
        let rgb = (0..<(w * h * 3)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let grey = (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let rgba = (0..<(w * h * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        // An alpha channel that is all 255, and one that is 255 down to row 29 only: the shrink keeps its cheaper
        // opaque sums for the first, and for the second turns them into alpha-weighted ones at row 30.
        let opaqueRGBA = rgba.enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        let opaqueAbove = rgba.enumerated().map { $0.offset % 4 == 3 && $0.offset < 30 * w * 4 ? 255 : $0.element }
        let cases: [(String, [UInt8])] = [
            ("RGB with tRNS", TinyPNG.make(width: w, height: h, colourType: 2, samples: rgb,
                                           chunks: [("tRNS", [0, rgb[0], 0, rgb[1], 0, rgb[2]])])),
            ("grey with tRNS", TinyPNG.make(width: w, height: h, colourType: 0, samples: grey,
                                            chunks: [("tRNS", [0, grey[5]])])),
            ("RGBA with sRGB's gamma", TinyPNG.make(width: w, height: h, colourType: 6, samples: rgba,
                                                    chunks: [("gAMA", TinyPNG.bigEndian(45455))])),
            ("RGBA, every alpha 255", TinyPNG.make(width: w, height: h, colourType: 6, samples: opaqueRGBA, chunks: [])),
            ("RGBA, opaque above row 30", TinyPNG.make(width: w, height: h, colourType: 6, samples: opaqueAbove, chunks: [])),
            // Linear light: libpng converts it to sRGB, so the fitted decode must not read the rows raw.
            ("RGB with gamma 1.0", TinyPNG.make(width: w, height: h, colourType: 2, samples: rgb,
                                                chunks: [("gAMA", TinyPNG.bigEndian(100_000))])),
        ]
        for (what, bytes) in cases {
            for box in [PixelSize(width: 20, height: 20), PixelSize(width: 60, height: 46), PixelSize(width: 13, height: 11)] {
                Self.expectSame(bytes, box, what)
            }
        }
    }

    /// Above a megapixel the rows are shrunk on a second thread; an image cut short fails like the whole decode.
    @Test func largeImageShrunkOnTheHelperThreadDecodesTheSame() {
        var rng = SplitMix64(seed: 21)
        let w = 1201, h = 1003
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                pixels[i] = UInt8(truncatingIfNeeded: x * 3 + y)
                pixels[i + 1] = UInt8(truncatingIfNeeded: y * 5)
                pixels[i + 2] = UInt8.random(in: 0...255, using: &rng)
                pixels[i + 3] = x % 97 == 0 ? 0 : 255
            }
        }
        let bytes = TinyPNG.make(width: w, height: h, colourType: 6, samples: pixels)
        for box in [PixelSize(width: 317, height: 251), PixelSize(width: 1200, height: 1003),
                    PixelSize(width: 64, height: 900)] {
            Self.expectSame(bytes, box, "1201×1003 RGBA")
        }
        Self.expectSame(Array(bytes.prefix(bytes.count * 2 / 3)), PixelSize(width: 317, height: 251), "truncated 1201×1003")
    }
}

/// Minimal PNG writer for the cases the fixtures lack: 8-bit samples, filter 0, stored (uncompressed) deflate.
enum TinyPNG {
    static func make(width: Int, height: Int, colourType: UInt8, samples: [UInt8],
                     chunks: [(String, [UInt8])] = []) -> [UInt8] {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colourType)]!
        var raw: [UInt8] = []
        raw.reserveCapacity((width * channels + 1) * height)
        for y in 0..<height {
            raw.append(0)
            raw += samples[(y * width * channels)..<((y + 1) * width * channels)]
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, raw.count - offset)
            zlib.append(offset + n == raw.count ? 1 : 0)
            zlib += [UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)]
            zlib += raw[offset..<(offset + n)]
            offset += n
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += bigEndian(Int(b << 16 | a))
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, colourType, 0, 0, 0])
        for (kind, data) in chunks { out += chunk(kind, data) }
        out += chunk("IDAT", zlib)
        out += chunk("IEND", [])
        return out
    }

    static func bigEndian(_ v: Int) -> [UInt8] { [UInt8((v >> 24) & 255), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)] }

    static func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(kind.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return bigEndian(data.count) + body + bigEndian(Int(~crc))
    }
}
