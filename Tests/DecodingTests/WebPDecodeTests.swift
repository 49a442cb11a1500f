import Decoding
import Testing

/// WebP fixtures come from cwebp and img2webp (Fixtures/make_webp_avif.py): lossless files must round-trip
/// exactly, lossy ones within a tolerance.
@Suite struct WebPDecodeTests {
    @Test func losslessIsExactIncludingAlpha() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path("lossless.webp"))
        #expect(image.size == PixelSize(width: Pattern.width, height: Pattern.height))
        for y in 0..<Pattern.height {
            for x in 0..<Pattern.width {
                let (r, g, b) = Pattern.rgb(x, y), p = image[x, y]
                #expect(p.r == r && p.g == g && p.b == b && p.a == Pattern.alpha(x, y), "pixel (\(x), \(y))")
            }
        }
    }

    @Test func lossyColour() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path("lossy.webp"))
        #expect(image.size == PixelSize(width: 64, height: 64))
        expectQuadrants(image, quadrantColours, "lossy.webp")
    }

    /// Lossy colour with a (losslessly coded) alpha plane: straight alpha, not premultiplied.
    @Test func lossyColourWithAlpha() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path("lossy_alpha.webp"))
        expectQuadrants(image, quadrantColours, alphas: [255, 128, 0, 255], "lossy_alpha.webp")
    }

    @Test func animationShowsItsFirstFrame() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path("animated.webp"))
        #expect(image == RGBAImage(width: 32, height: 24, fill: (255, 0, 0, 255)))
        #expect(try ImageDecoder.info(contentsOf: Fixture.path("animated.webp"))
            == ImageInfo(format: .webp, size: PixelSize(width: 32, height: 24)))
    }

    @Test func infoReadsTheHeader() throws {
        #expect(try ImageDecoder.info(contentsOf: Fixture.path("lossless.webp"))
            == ImageInfo(format: .webp, size: PixelSize(width: 13, height: 11)))
        #expect(ImageFormat.sniff(Fixture.bytes("lossy.webp")) == .webp)
    }

    /// Still images are scaled inside libwebp; the size is exactly the fitted one and flat areas stay flat.
    @Test(arguments: [(16, 16), (32, 20), (100, 100)])
    func fittingScalesWhileDecoding(bounds: (Int, Int)) throws {
        let box = PixelSize(width: bounds.0, height: bounds.1)
        let image = try ImageDecoder.decode(Fixture.bytes("lossy_alpha.webp"), fitting: box)
        let side = min(64, bounds.0, bounds.1)
        #expect(image.size == PixelSize(width: side, height: side))
        expectQuadrants(image, quadrantColours, alphas: [255, 128, 0, 255], tolerance: 12, "fitting \(box)")
    }

    @Test func animationFittingIsTheShrunkFirstFrame() throws {
        let box = PixelSize(width: 8, height: 8)
        let full = try ImageDecoder.decode(contentsOf: Fixture.path("animated.webp"))
        #expect(try ImageDecoder.decode(Fixture.bytes("animated.webp"), fitting: box) == full.downscaled(toFit: box))
    }

    @Test func hostileFilesGiveClearErrors() {
        let truncated = decodeError { () throws(DecodeError) in
            try ImageDecoder.decode(contentsOf: Fixture.path("truncated.webp"))
        }
        guard case .corrupt(.webp, let message)? = truncated else {
            Issue.record("truncated.webp: \(String(describing: truncated))")
            return
        }
        #expect(message.contains("not enough data"), "\(message)")

        // 118 bytes declaring 16384×16384 (268 megapixels): refused from the header.
        let huge = decodeError { () throws(DecodeError) in try ImageDecoder.decode(Fixture.bytes("huge_header.webp")) }
        #expect(huge == .tooLarge(width: 16384, height: 16384, limits: .standard))

        let wrong = decodeError { () throws(DecodeError) in try ImageDecoder.decode(Fixture.bytes("wrong_magic.webp")) }
        #expect(wrong?.description.contains("looks like RIFF") == true, "\(String(describing: wrong))")
        #expect(wrong?.description.contains("WebP and AVIF are supported") == true)
    }
}
