import Decoding
import Testing

/// AVIF fixtures come from avifenc (Fixtures/make_webp_avif.py): the lossless one (4:4:4, identity matrix)
/// must round-trip exactly, the lossy one (4:2:0) within a tolerance.
@Suite struct AVIFDecodeTests {
    @Test func losslessIsExactIncludingAlpha() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path("lossless.avif"))
        #expect(image.size == PixelSize(width: Pattern.width, height: Pattern.height))
        for y in 0..<Pattern.height {
            for x in 0..<Pattern.width {
                let (r, g, b) = Pattern.rgb(x, y), p = image[x, y]
                #expect(p.r == r && p.g == g && p.b == b && p.a == Pattern.alpha(x, y), "pixel (\(x), \(y))")
            }
        }
    }

    @Test func lossyColourIsOpaque() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path("lossy.avif"))
        #expect(image.size == PixelSize(width: 64, height: 64))
        expectQuadrants(image, quadrantColours, "lossy.avif")
    }

    @Test func sequenceShowsItsFirstImage() throws {
        let image = try ImageDecoder.decode(contentsOf: Fixture.path("sequence.avif"))
        #expect(image == RGBAImage(width: 32, height: 24, fill: (255, 0, 0, 255)))
        #expect(try ImageDecoder.info(contentsOf: Fixture.path("sequence.avif"))
            == ImageInfo(format: .avif, size: PixelSize(width: 32, height: 24)))
    }

    @Test func infoReadsTheContainer() throws {
        #expect(try ImageDecoder.info(contentsOf: Fixture.path("lossless.avif"))
            == ImageInfo(format: .avif, size: PixelSize(width: 13, height: 11)))
    }

    @Test func fittingIsDecodeThenShrink() throws {
        let box = PixelSize(width: 20, height: 30)
        let full = try ImageDecoder.decode(Fixture.bytes("lossy.avif"))
        let small = try ImageDecoder.decode(Fixture.bytes("lossy.avif"), fitting: box)
        #expect(small.size == PixelSize(width: 20, height: 20))
        #expect(small == full.downscaled(toFit: box))
    }

    /// The brand decides, not the box structure: "avif" or "avis", major or compatible; HEIC is not AVIF.
    @Test func signature() {
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

    @Test func hostileFilesGiveClearErrors() {
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
