import Decoding
import Testing
import TestSupport

/// Prints decode times for a 2000×2800 page (PNG and JPEG) for the project's notes. No timing assertion:
/// the figures depend on the machine and build mode; only the decoded sizes are checked.
@Suite struct DecodeTimingTests {
    /// A page-like picture: paper white, lines of dark "glyph" blocks, and a grainy colour illustration (the
    /// grain keeps PNG compression near that of real page art rather than of flat synthetic shapes).
    static func page(width: Int = 2000, height: Int = 2800) -> RGBAImage {
        var rng = SplitMix64(seed: 2800)
        var pixels = [UInt8](repeating: 250, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    p[i + 3] = 255
                    if y >= 200 && y < 1200 && x >= 200 && x < 1800 {  // the illustration, with grain
                        let grain = Int(truncatingIfNeeded: rng.next() & 0x0F0F0F)
                        p[i] = UInt8((x * 239) / width + (grain & 15))
                        p[i + 1] = UInt8(((y - 200) * 239) / 1000 + ((grain >> 8) & 15))
                        p[i + 2] = UInt8(((x ^ y) & 239) + ((grain >> 16) & 15))
                    }
                }
            }
            var line = 1300
            while line + 40 < height - 100 {  // text lines of random word and glyph widths
                var x = 150
                while x < width - 200 {
                    let glyph = Int.random(in: 8...28, using: &rng)
                    let ink = UInt8.random(in: 10...60, using: &rng)
                    for y in line..<line + 30 {
                        for gx in x..<x + glyph {
                            let i = (y * width + gx) * 4
                            p[i] = ink; p[i + 1] = ink; p[i + 2] = ink
                        }
                    }
                    x += glyph + (Int.random(in: 0..<6, using: &rng) == 0 ? 24 : 4)
                }
                line += 48
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    static func milliseconds(runs: Int = 3, _ body: () throws -> Void) rethrows -> Double {
        var best = Duration.seconds(1000)
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            best = min(best, ContinuousClock.now - start)
        }
        let c = best.components
        return Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
    }

    @Test func pageDecodeTimes() throws {
        let page = Self.page()
        var png: [UInt8] = [], fastPNG: [UInt8] = [], jpeg: [UInt8] = []
        let encodePNG = try Self.milliseconds(runs: 1) { png = try PNGEncoder.encode(page) }
        let encodeFast = try Self.milliseconds(runs: 1) { fastPNG = try PNGEncoder.encode(page, fast: true) }
        let encodeJPEG = try Self.milliseconds(runs: 1) { jpeg = try JPEGEncoder.encode(page, quality: 90) }
        let screen = PixelSize(width: 1080, height: 1080)
        var sizes: [PixelSize] = []
        let rows: [(String, Double)] = [
            ("encode PNG (\(png.count / 1024) KiB)", encodePNG),
            ("encode PNG fast (\(fastPNG.count / 1024) KiB)", encodeFast),
            ("encode JPEG q90 (\(jpeg.count / 1024) KiB)", encodeJPEG),
            ("decode PNG", try Self.milliseconds { sizes.append(try ImageDecoder.decode(png).size) }),
            ("decode PNG (fast-encoded)", try Self.milliseconds { sizes.append(try ImageDecoder.decode(fastPNG).size) }),
            ("decode JPEG", try Self.milliseconds { sizes.append(try ImageDecoder.decode(jpeg).size) }),
            ("decode PNG fitting 1080×1080", try Self.milliseconds {
                sizes.append(try ImageDecoder.decode(png, fitting: screen).size) }),
            ("decode JPEG fitting 1080×1080 (IDCT 1/2 + box)", try Self.milliseconds {
                sizes.append(try ImageDecoder.decode(jpeg, fitting: screen).size) }),
            ("box downscale 2000×2800 → 771×1080", Self.milliseconds {
                sizes.append(page.downscaled(toFit: screen).size) }),
            ("region 1000×1000 → 1080×1080", Self.milliseconds {
                sizes.append(page.region(PixelRect(x: 500, y: 500, width: 1000, height: 1000), scaledTo: screen).size) }),
        ]
        for (label, ms) in rows {
            print("[decode-timing] 2000×2800 \(label): \(String(format2(ms))) ms (decodes: best of 3; encodes: 1 run)")
        }
        let full = PixelSize(width: 2000, height: 2800), fitted = PixelSize(width: 771, height: 1080)
        #expect(sizes == Array(repeating: full, count: 9) + Array(repeating: fitted, count: 9)
            + Array(repeating: screen, count: 3))
        #expect(try ImageDecoder.decode(png) == page)
    }

    func format2(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
