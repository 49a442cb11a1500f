import Decoding
import Geometry
import Testing

/// WebP fixtures come from cwebp and img2webp, AVIF ones from avifenc (Fixtures/make_webp_avif.py): lossless
/// files (WebP lossless; AVIF 4:4:4 with the identity matrix) must round-trip exactly, lossy ones within a
/// tolerance.
@Suite struct WebPAVIFDecodeTests {
    @Test(arguments: ["lossless.webp", "lossless.avif"])
    func losslessIsExactIncludingAlpha(name: String) throws {
        try expectPixels(name) { x, y in let c = Pattern.rgb(x, y); return (c.0, c.1, c.2, Pattern.alpha(x, y)) }
    }

    @Test(arguments: ["lossy.webp", "lossy.avif"])
    func lossyColourIsOpaque(name: String) throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path(name))
        #expect(image.size == PixelSize(width: 64, height: 64))
        expectQuadrants(image, quadrantColours, name)
    }

    /// A red frame, then a blue one: the page is the first.
    @Test(arguments: [("animated.webp", ImageFormat.webp), ("sequence.avif", .avif)])
    func animationShowsItsFirstFrame(name: String, format: ImageFormat) throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path(name))
        #expect(image == RGBAImage(width: 32, height: 24, fill: (255, 0, 0, 255)))
        #expect(try ImageDecoder.info(contentsOf: Fixture.path(name))
            == ImageInfo(format: format, size: PixelSize(width: 32, height: 24)))
    }

    @Test(arguments: [("lossless.webp", ImageFormat.webp), ("lossless.avif", .avif)])
    func infoReadsTheHeader(name: String, format: ImageFormat) throws {
        #expect(try ImageDecoder.info(contentsOf: Fixture.path(name))
            == ImageInfo(format: format, size: PixelSize(width: 13, height: 11)))
    }

    /// Lossy colour with a (losslessly coded) alpha plane: straight alpha, not premultiplied.
    @Test func lossyColourWithAlpha() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path("lossy_alpha.webp"))
        expectQuadrants(image, quadrantColours, alphas: [255, 128, 0, 255], "lossy_alpha.webp")
    }

    /// Still images are scaled inside libwebp; the size is exactly the fitted one and flat areas stay flat.
    @Test(arguments: [(16, 16), (32, 20), (100, 100)])
    func webpFittingScalesWhileDecoding(bounds: (Int, Int)) throws {
        let box = PixelSize(width: bounds.0, height: bounds.1)
        let image = try ImageDecoder.decode(Fixture.bytes("lossy_alpha.webp"), fitting: box)
        let side = min(64, bounds.0, bounds.1)
        #expect(image.size == PixelSize(width: side, height: side))
        expectQuadrants(image, quadrantColours, alphas: [255, 128, 0, 255], tolerance: 12, "fitting \(box)")
    }

    @Test func animatedWebPFittingIsTheShrunkFirstFrame() throws {
        let box = PixelSize(width: 8, height: 8)
        let full = try ImageDecoder.decode(contentsOf: Fixture.path("animated.webp"))
        #expect(try ImageDecoder.decode(Fixture.bytes("animated.webp"), fitting: box) == full.downscaled(toFit: box))
    }

    @Test func hostileWebPGivesClearErrors() {
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

    @Test func avifFittingIsDecodeThenShrink() throws {
        let box = PixelSize(width: 20, height: 30)
        let full = try ImageDecoder.decode(Fixture.bytes("lossy.avif"))
        let small = try ImageDecoder.decode(Fixture.bytes("lossy.avif"), fitting: box)
        #expect(small.size == PixelSize(width: 20, height: 20))
        #expect(small == full.downscaled(toFit: box))
    }

    /// The brand decides, not the box structure: "avif" or "avis", major or compatible; HEIC is not AVIF.
    @Test func signatures() {
        func ftyp(_ brands: String) -> [UInt8] {
            let body = Array("ftyp".utf8) + Array(brands.utf8)
            return [0, 0, 0, UInt8(4 + body.count)] + body
        }
        #expect(ImageFormat.sniff(ftyp("avif\0\0\0\0mif1")) == .avif)
        #expect(ImageFormat.sniff(ftyp("mif1\0\0\0\0miafavis")) == .avif)
        #expect(ImageFormat.sniff(ftyp("heic\0\0\0\0mif1heic")) == nil)
        // "avif" as the minor version is not a brand.
        #expect(ImageFormat.sniff(ftyp("mif1avifmiaf")) == nil)
        #expect(ImageFormat.sniff(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat.sniff(Array("RIFF\0\0\0\0WAVEfmt ".utf8)) == nil)
    }

    @Test func hostileAVIFGivesClearErrors() {
        func error(_ name: String) -> DecodeError? {
            decodeError { () throws(DecodeError) in try ImageDecoder.decode(contentsOf: Fixture.path(name)) }
        }
        guard case .corrupt(.avif, let message)? = error("truncated.avif") else {
            Issue.record("truncated.avif: \(String(describing: error("truncated.avif")))")
            return
        }
        #expect(!message.isEmpty)
        // 144 megapixels: over our limit, refused after reading the container, before any AV1 decoding.
        #expect(error("huge_header.avif") == .tooLarge(width: 12000, height: 12000, limits: .standard))
        // 10 gigapixels: libavif refuses it itself while parsing; still a clear error, never an allocation.
        guard case .corrupt(.avif, let huger)? = error("huger_header.avif") else {
            Issue.record("huger_header.avif: \(String(describing: error("huger_header.avif")))")
            return
        }
        #expect(huger.lowercased().contains("too large") || huger.lowercased().contains("limit"), "\(huger)")
        let heic = error("heic_brand.avif")
        #expect(heic?.description.contains("looks like an ISO media file") == true, "\(String(describing: heic))")
    }
}
