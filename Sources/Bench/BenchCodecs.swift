import Curl
import Decoding
import Geometry
import Posix

/// `recto bench --codecs`: encode and decode times of a synthetic 2000×2800 page, and the curl solver's cost on
/// its expensive path. Figures for the notes; nothing here is asserted.
enum BenchCodecs {
    /// A page-like picture: paper white, lines of dark "glyph" blocks, and a grainy colour illustration (the
    /// grain keeps PNG compression near that of real page art rather than of flat synthetic shapes).
    static func page(width: Int = 2000, height: Int = 2800) -> RGBAImage {
        var state: UInt64 = 2800
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 24
        }
        var pixels = [UInt8](repeating: 250, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    p[i + 3] = 255
                    if y >= 200 && y < 1200 && x >= 200 && x < 1800 {
                        let grain = Int(truncatingIfNeeded: next() & 0x0F0F0F)
                        p[i] = UInt8((x * 239) / width + (grain & 15))
                        p[i + 1] = UInt8(((y - 200) * 239) / 1000 + ((grain >> 8) & 15))
                        p[i + 2] = UInt8(((x ^ y) & 239) + ((grain >> 16) & 15))
                    }
                }
            }
            var line = 1300
            while line + 40 < height - 100 {
                var x = 150
                while x < width - 200 {
                    let glyph = 8 + Int(next() % 21), ink = UInt8(10 + next() % 51)
                    for y in line..<line + 30 {
                        for gx in x..<x + glyph {
                            let i = (y * width + gx) * 4
                            p[i] = ink; p[i + 1] = ink; p[i + 2] = ink
                        }
                    }
                    x += glyph + (next() % 6 == 0 ? 24 : 4)
                }
                line += 48
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Best of `runs`, ms.
    static func milliseconds(runs: Int = 3, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = monotonicMilliseconds()
            try body()
            best = min(best, monotonicMilliseconds() - start)
        }
        return best
    }

    /// (label, ms) rows; the last is in ns, as its label says.
    static func measure() throws -> [(String, Double)] {
        let page = Self.page()
        var png: [UInt8] = [], fastPNG: [UInt8] = [], jpeg: [UInt8] = []
        let screen = PixelSize(width: 1080, height: 1080)
        var rows: [(String, Double)] = []
        rows.append(("2000×2800 page: encode PNG", try milliseconds(runs: 1) { png = try PNGEncoder.encode(page) }))
        rows.append(("encode PNG fast", try milliseconds(runs: 1) { fastPNG = try PNGEncoder.encode(page, fast: true) }))
        rows.append(("encode JPEG q90", try milliseconds(runs: 1) { jpeg = try JPEGEncoder.encode(page, quality: 90) }))
        rows.append(("decode PNG (\(png.count >> 10) KiB)", try milliseconds { _ = try ImageDecoder.decode(png) }))
        rows.append(("decode PNG fast-encoded (\(fastPNG.count >> 10) KiB)", try milliseconds { _ = try ImageDecoder.decode(fastPNG) }))
        rows.append(("decode JPEG (\(jpeg.count >> 10) KiB)", try milliseconds { _ = try ImageDecoder.decode(jpeg) }))
        rows.append(("decode PNG fitting 1080×1080", try milliseconds { _ = try ImageDecoder.decode(png, fitting: screen) }))
        rows.append(("decode JPEG fitting 1080×1080", try milliseconds { _ = try ImageDecoder.decode(jpeg, fitting: screen) }))
        rows.append(("box downscale to 771×1080", milliseconds { _ = page.downscaled(toFit: screen) }))
        rows.append(("region 1000×1000 → 1080×1080", milliseconds {
            _ = page.region(PixelRect(x: 500, y: 500, width: 1000, height: 1000), scaledTo: screen) }))
        rows.append(("curl solver, lift phase, ns per call", liftSolverNs()))
        return rows
    }

    /// The solver's expensive path: reachable fingers with the grabbed point still on the cylinder (Newton
    /// inversion), ns per call.
    static func liftSolverNs() -> Double {
        let page = CurlPage(width: 1000, height: 1400, spine: .left)
        let home = Vec2(1000, 1400)
        var fingers: [Vec2] = []
        var k = 0
        while fingers.count < 4096, k < 200_000 {
            k += 1
            let f = home + Vec2(-Double(k % 997) * 1.7, -Double(k % 389) * 2.9)
            let s = solveCurl(page: page, grab: .br, finger: f)
            if !s.isClamped && !s.cylinder.isRest && s.cylinder.distance(home) < 3.14159 * s.cylinder.radius { fingers.append(f) }
        }
        var sink = 0.0
        let ms = milliseconds(runs: 1) { for f in fingers { sink += solveCurl(page: page, grab: .br, finger: f).progress } }
        return sink.isNaN ? .nan : ms * 1_000_000 / Double(max(1, fingers.count))
    }
}
