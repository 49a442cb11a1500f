import Decoding
import Geometry
import Testing

/// Every PNG colour type, depth and interlace, checked pixel by pixel against the generator's formulas.
@Suite struct PNGDecodeTests {
    func decode(_ name: String) throws -> RGBAImage {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path(name))
        #expect(image.width == Pattern.width && image.height == Pattern.height, "\(name) size")
        #expect(image.pixels.count == image.width * image.height * 4)
        return image
    }


    @Test func rgb8() throws {
        try expectPixels("rgb8.png") { x, y in let c = Pattern.rgb(x, y); return (c.0, c.1, c.2, 255) }
    }

    @Test func rgba8KeepsStraightAlpha() throws {
        try expectPixels("rgba8.png") { x, y in let c = Pattern.rgb(x, y); return (c.0, c.1, c.2, Pattern.alpha(x, y)) }
    }

    @Test func rgb16ScalesToEightBitsWithoutGammaShift() throws {
        try expectPixels("rgb16.png") { x, y in let c = Pattern.rgb(x, y); return (c.0, c.1, c.2, 255) }
    }

    @Test func rgba16() throws {
        try expectPixels("rgba16.png") { x, y in
            let c = Pattern.rgb(x, y)
            return (c.0, c.1, c.2, Pattern.alpha(x, y))
        }
    }

    @Test func grey8And16() throws {
        for name in ["grey8.png", "grey16.png"] {
            try expectPixels(name) { x, y in let g = Pattern.grey(x, y); return (g, g, g, 255) }
        }
    }

    @Test func grey1Bit() throws {
        try expectPixels("grey1.png") { x, y in let g: UInt8 = (x + y) & 1 == 1 ? 255 : 0; return (g, g, g, 255) }
    }

    @Test func greyAlpha() throws {
        try expectPixels("greyalpha8.png") { x, y in let g = Pattern.grey(x, y); return (g, g, g, Pattern.alpha(x, y)) }
    }

    @Test(arguments: ["palette8.png", "palette4.png", "adam7_palette4.png"])
    func paletteWithShortTRNS(name: String) throws {
        try expectPixels(name) { x, y in Pattern.palette(x, y) }
    }

    @Test func adam7MatchesNonInterlaced() throws {
        try expectPixels("adam7_rgb8.png") { x, y in let c = Pattern.rgb(x, y); return (c.0, c.1, c.2, 255) }
        #expect(try decode("adam7_rgb8.png") == decode("rgb8.png"))
    }

    @Test func infoReadsHeaderOnly() throws {
        let info = try ImageDecoder.info(contentsOf: Fixture.path("adam7_rgb8.png"))
        #expect(info == ImageInfo(format: .png, size: PixelSize(width: 13, height: 11)))
        // The 100000×100000 header is reported, not refused: info() allocates nothing.
        let huge = try ImageDecoder.info(Fixture.bytes("huge_header.png"))
        #expect(huge.size == PixelSize(width: 100_000, height: 100_000))
    }

    @Test func fittingShrinksPNGKeepingAspect() throws {
        let image = try ImageDecoder.decode(Fixture.bytes("rgb8.png"), fitting: PixelSize(width: 5, height: 5))
        #expect(image.size == PixelSize(width: 5, height: 4))
        let same = try ImageDecoder.decode(Fixture.bytes("rgb8.png"), fitting: PixelSize(width: 100, height: 100))
        #expect(same == (try decode("rgb8.png")))
    }
}
