import Decoding
import Geometry
import Testing

/// JPEG fixtures are 64×64 with flat 32×32 quadrants; JPEG is lossy, so colours are checked with a tolerance
/// over each quadrant's interior (8 pixels in from its edges, away from block ringing at the boundaries).
@Suite struct JPEGDecodeTests {
    static let rgbQuadrants = quadrantColours

    @Test(arguments: ["baseline.jpg", "progressive.jpg"])
    func colour(name: String) throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path(name))
        #expect(image.size == PixelSize(width: 64, height: 64))
        expectQuadrants(image, Self.rgbQuadrants, name)
    }

    @Test func greyBecomesRGB() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path("grey.jpg"))
        expectQuadrants(image, [(0, 0, 0), (85, 85, 85), (170, 170, 170), (255, 255, 255)], tolerance: 3, "grey")
    }

    /// White, cyan ink, full black ink, half black ink.
    static let cmykColours = [(255, 255, 255), (0, 255, 255), (0, 0, 0), (127, 127, 127)]

    @Test func adobeCMYKIsInverted() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path("cmyk.jpg"))
        expectQuadrants(image, Self.cmykColours, "cmyk")
    }

    @Test func plainCMYKWithoutAdobeMarker() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path("cmyk_no_adobe.jpg"))
        expectQuadrants(image, Self.cmykColours, "cmyk_no_adobe")
    }

    @Test func oddSizeKeepsExactDimensions() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path("odd_size.jpg"))
        #expect(image.size == PixelSize(width: 37, height: 23))
        var worst = 0
        for y in 0..<23 { for x in 0..<37 { worst = max(worst, distance(image[x, y], (10, 200, 30))) } }
        #expect(worst <= 6)
    }

    @Test func info() throws {
        let info = try ImageDecoder.info(contentsOf: Fixture.path("progressive.jpg"))
        #expect(info == ImageInfo(format: .jpeg, size: PixelSize(width: 64, height: 64)))
    }

    /// 16 is exactly the 1/4 IDCT scale; 20 needs 1/2 (32) and a box resample; 100 must not enlarge.
    @Test(arguments: [(16, 16), (20, 20), (100, 100), (64, 8)])
    func fittingUsesScaledIDCT(bounds: (Int, Int)) throws {
        let box = PixelSize(width: bounds.0, height: bounds.1)
        let image = try ImageDecoder.decode(Fixture.bytes("baseline.jpg"), fitting: box)
        let side = min(64, bounds.0, bounds.1)
        #expect(image.size == PixelSize(width: side, height: side))
        if side >= 16 { expectQuadrants(image, Self.rgbQuadrants, tolerance: 12, "baseline fitting \(box)") }
    }

    @Test func cmykFittingConvertsAfterScaling() throws {
        let image = try ImageDecoder.decode(Fixture.bytes("cmyk.jpg"), fitting: PixelSize(width: 32, height: 32))
        #expect(image.size == PixelSize(width: 32, height: 32))
        expectQuadrants(image, Self.cmykColours, tolerance: 12, "cmyk fitting")
    }
}
