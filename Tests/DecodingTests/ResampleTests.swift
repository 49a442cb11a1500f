import Decoding
import Geometry
import Testing

@Suite struct ResampleTests {
    @Test(arguments: [
        ((2000, 2800), (1920, 1080), (771, 1080)),
        ((2800, 2000), (1920, 1080), (1512, 1080)),
        ((6000, 8000), (4096, 4096), (3072, 4096)),
        ((100, 50), (200, 200), (100, 50)),
        ((10_000, 1), (100, 100), (100, 1)),
        ((13, 11), (5, 5), (5, 4)),
    ])
    func fittingSizes(source: (Int, Int), bounds: (Int, Int), expected: (Int, Int)) {
        let s = PixelSize(width: source.0, height: source.1)
        let b = PixelSize(width: bounds.0, height: bounds.1)
        #expect(s.fitting(within: b) == PixelSize(width: expected.0, height: expected.1))
    }

    @Test func exactOutputSizes() {
        let image = randomImage(width: 37, height: 23, seed: 5)
        for (w, h) in [(1, 1), (10, 7), (36, 22), (37, 23), (74, 46), (5, 23)] {
            #expect(image.resized(to: PixelSize(width: w, height: h)).size == PixelSize(width: w, height: h))
        }
        #expect(image.downscaled(toMaxDimension: 20).size == PixelSize(width: 20, height: 12))
        #expect(image.downscaled(toMaxDimension: 100) == image)
    }

    @Test func flatColourStaysExactlyFlat() {
        let image = RGBAImage(width: 37, height: 23, fill: (r: 13, g: 200, b: 77, a: 180))
        let small = image.resized(to: PixelSize(width: 10, height: 7))
        #expect(small == RGBAImage(width: 10, height: 7, fill: (r: 13, g: 200, b: 77, a: 180)))
    }

    /// With an integer ratio each output pixel is the rounded mean of its own block: compare with brute force.
    @Test func integerRatioIsBlockMean() {
        let image = randomImage(width: 60, height: 40, seed: 6, opaque: true)
        let small = image.resized(to: PixelSize(width: 20, height: 10))
        for oy in 0..<10 {
            for ox in 0..<20 {
                var sum = [0, 0, 0]
                for y in oy * 4..<oy * 4 + 4 {
                    for x in ox * 3..<ox * 3 + 3 {
                        let p = image[x, y]
                        sum[0] += Int(p.r); sum[1] += Int(p.g); sum[2] += Int(p.b)
                    }
                }
                let p = small[ox, oy]
                #expect([Int(p.r), Int(p.g), Int(p.b)] == sum.map { ($0 + 6) / 12 } && p.a == 255)
            }
        }
    }

    /// Any ratio: every output pixel covers the same source area, so the mean colour survives up to rounding.
    @Test(arguments: [(17, 13), (7, 39), (59, 3), (1, 1)])
    func meanColourPreserved(size: (Int, Int)) {
        let image = randomImage(width: 60, height: 40, seed: 7, opaque: true)
        let small = image.resized(to: PixelSize(width: size.0, height: size.1))
        for channel in 0..<3 {
            let before = mean(image, channel), after = mean(small, channel)
            #expect(abs(before - after) <= 0.5, "channel \(channel): \(before) → \(after)")
        }
    }

    func mean(_ image: RGBAImage, _ channel: Int) -> Double {
        var total = 0
        for i in stride(from: channel, to: image.pixels.count, by: 4) { total += Int(image.pixels[i]) }
        return Double(total) / Double(image.width * image.height)
    }

    /// A transparent pixel's colour must not bleed into the average.
    @Test func alphaWeightedAverage() {
        let image = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 0])
        let one = image.resized(to: PixelSize(width: 1, height: 1))
        #expect(one[0, 0] == (255, 0, 0, 128))
        let clear = RGBAImage(width: 2, height: 2, fill: (r: 9, g: 9, b: 9, a: 0)).resized(to: PixelSize(width: 1, height: 1))
        #expect(clear.pixels == [0, 0, 0, 0])
    }

    @Test func upscaleByTwoReplicates() {
        let image = randomImage(width: 3, height: 2, seed: 8)
        let big = image.resized(to: PixelSize(width: 6, height: 4))
        for y in 0..<4 { for x in 0..<6 { #expect(big[x, y] == image[x / 2, y / 2]) } }
    }

    @Test func cropAndRegion() {
        let image = randomImage(width: 40, height: 30, seed: 9)
        let crop = image.cropped(to: PixelRect(x: 5, y: 7, width: 12, height: 9))
        #expect(crop.size == PixelSize(width: 12, height: 9))
        for y in 0..<9 { for x in 0..<12 { #expect(crop[x, y] == image[x + 5, y + 7]) } }
        // Clamped to the image.
        #expect(image.cropped(to: PixelRect(x: 30, y: -5, width: 50, height: 10)).size
            == PixelSize(width: 10, height: 5))
        // A scaled region equals resampling the crop.
        let region = image.region(PixelRect(x: 5, y: 7, width: 12, height: 9), scaledTo: PixelSize(width: 5, height: 4))
        #expect(region == crop.resized(to: PixelSize(width: 5, height: 4)))
    }

    @Test func premultiply() {
        let image = RGBAImage(width: 2, height: 1, pixels: [255, 128, 3, 128, 200, 100, 50, 0])
        #expect(image.premultiplied().pixels == [128, 64, 2, 128, 0, 0, 0, 0])
        #expect(!image.isOpaque)
        #expect(RGBAImage(width: 1, height: 1, fill: (r: 1, g: 2, b: 3, a: 255)).isOpaque)
    }

    /// Every output pixel against a brute-force area average in integers (the quotients taken by `/`), on random
    /// sizes and pixels with alpha from 0 to 255: the shrink's quotients through reciprocals must be exact.
    @Test func shrinkMatchesIntegerAreaAverage() {
        var state: UInt64 = 29
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        for round in 0..<24 {
            let source = PixelSize(width: 1 + next(97), height: 1 + next(83))
            let output = PixelSize(width: 1 + next(source.width), height: 1 + next(source.height))
            let opaque = round % 3 == 0
            let pixels = (0..<source.width * source.height * 4).map { i in
                UInt8(i % 4 == 3 ? (opaque ? 255 : [0, 1, 128, 254, 255][next(5)]) : next(256))
            }
            let image = RGBAImage(width: source.width, height: source.height, pixels: pixels)
            #expect(image.resized(to: output).pixels == referenceAreaAverage(image, to: output), "\(source) → \(output)")
        }
    }

    /// A row weight is at most the output's height: past 65,535 rows its high 16 bits are taken in a pass of their
    /// own. A column of 70,001 opaque pixels shrunk to 65,537 rows, against the integer area average.
    @Test func rowWeightsPast16BitsAreExact() {
        let n = 70_001, m = 65_537
        let pixels: [UInt8] = (0..<n * 4).map { i -> UInt8 in
            if i % 4 == 3 { return 255 }
            let hashed: Int = (i &* 2_654_435_761) >> 7
            return UInt8(truncatingIfNeeded: hashed)
        }
        let out = RGBAImage(width: 1, height: n, pixels: pixels).resized(to: PixelSize(width: 1, height: m)).pixels
        var wrong = 0
        for i in 0..<m {
            var sums = [0, 0, 0]
            for j in i * n / m...((i + 1) * n - 1) / m {
                let w = min((j + 1) * m, (i + 1) * n) - max(j * m, i * n)
                for c in 0..<3 { sums[c] += w * Int(pixels[j * 4 + c]) }
            }
            let expected = sums.map { UInt8(($0 + n / 2) / n) } + [255]
            if Array(out[i * 4..<i * 4 + 4]) != expected { wrong += 1 }
        }
        #expect(wrong == 0)
    }

    private func referenceAreaAverage(_ image: RGBAImage, to size: PixelSize) -> [UInt8] {
        func overlap(_ j: Int, _ i: Int, source n: Int, output m: Int) -> Int {
            max(0, min((j + 1) * m, (i + 1) * n) - max(j * m, i * n))
        }
        let area = image.width * image.height
        var out: [UInt8] = []
        for oy in 0..<size.height {
            for ox in 0..<size.width {
                var sums = [0, 0, 0, 0]
                for sy in 0..<image.height {
                    let wy = overlap(sy, oy, source: image.height, output: size.height)
                    if wy == 0 { continue }
                    for sx in 0..<image.width {
                        let wx = overlap(sx, ox, source: image.width, output: size.width)
                        if wx == 0 { continue }
                        let p = (sy * image.width + sx) * 4, w = wx * wy * Int(image.pixels[p + 3])
                        for c in 0..<3 { sums[c] += w * Int(image.pixels[p + c]) }
                        sums[3] += w
                    }
                }
                let a = sums[3]
                out += a == 0 ? [0, 0, 0, 0]
                    : (0..<3).map { UInt8((sums[$0] + a / 2) / a) } + [UInt8((a + area / 2) / area)]
            }
        }
        return out
    }
}
