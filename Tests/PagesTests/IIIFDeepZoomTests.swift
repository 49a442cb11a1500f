@testable import Caching
import Decoding
import Fetch
import Foundation
import Geometry
@testable import Pages
import Pages
import Testing

/// Deep zoom from a level 0 tile pyramid written here: the page's source size is the scan's, a region at 1:1 is
/// exactly the scan's pixels from its tiles, a view of the whole page takes the coarse level, and a pyramid
/// whose tiles are missing, not images, bombs or the wrong size refuses the region with the reason.
@Suite struct IIIFDeepZoomTests {
    /// A one-pixel checkerboard tinted by position: any pixel out of place shows.
    static func scan(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4, on = (x + y) % 2 == 0
                pixels[i] = on ? 0 : 255
                pixels[i + 1] = UInt8(x * 255 / max(1, width - 1))
                pixels[i + 2] = UInt8(y * 255 / max(1, height - 1))
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A book of two canvases: 1 a pyramid of `image` (v3, level 0, `tile` px tiles at `factors`, PNG bytes under
    /// .jpg names: the decoder goes by the signature), 2 a plain image.
    static func makeBook(in dir: TempDir, image: RGBAImage, tile: Int = 64, factors: [Int] = [1, 2, 4, 8]) throws {
        for factor in factors {
            let span = tile * factor
            for y in stride(from: 0, to: image.height, by: span) {
                for x in stride(from: 0, to: image.width, by: span) {
                    let region = PixelRect(x: x, y: y, width: min(span, image.width - x), height: min(span, image.height - y))
                    let size = PixelSize(width: (region.width + factor - 1) / factor, height: (region.height + factor - 1) / factor)
                    let whole = region.width == image.width && region.height == image.height
                    let name = whole ? "full" : "\(region.x),\(region.y),\(region.width),\(region.height)"
                    try dir.write("scan/\(name)/\(size.width),\(size.height)/0/default.jpg",
                                  try PNGEncoder.encode(image.region(region, scaledTo: size), fast: true))
                }
            }
        }
        try dir.write("scan/info.json", Array("""
            {"@context": "http://iiif.io/api/image/3/context.json", "id": "scan", "type": "ImageService3", "profile": "level0",
             "width": \(image.width), "height": \(image.height), "tiles": [{"width": \(tile), "scaleFactors": \(factors)}]}
            """.utf8))
        try dir.write("plain.png", try PNGEncoder.encode(Self.scan(width: 30, height: 40), fast: true))
        func canvas(_ n: Int, _ body: String) -> String {
            #"{"id": "c\#(n)", "type": "Canvas", "width": 10, "height": 10, "items": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting", "body": \#(body)}]}]}"#
        }
        try dir.write("manifest.json", Array("""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "type": "Manifest", "label": {"en": ["Deep"]},
             "items": [\(canvas(1, #"{"id": "scan/full/max/0/default.jpg", "type": "Image", "service": [{"id": "scan", "type": "ImageService3", "profile": "level0"}]}"#)),
                       \(canvas(2, #"{"id": "plain.png", "type": "Image"}"#))]}
            """.utf8))
    }

    static func open(_ dir: TempDir, fetcher: Fetcher = Fetcher(userAgent: "RectoTests", cache: nil)) throws -> IIIFSource {
        try IIIFSource(location: dir.path, limits: .standard, fetcher: fetcher)
    }

    @Test func regionsComeFromTheTilesAtTheLevelTheyNeed() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let image = Self.scan(width: 500, height: 300)
        try Self.makeBook(in: dir, image: image)
        let book = try Self.open(dir)
        let box = PixelSize(width: 100, height: 100)
        #expect(try book.sourceSize(of: 1, fitting: box) == PixelSize(width: 500, height: 300))
        // 1:1 across tile corners: exactly the scan's pixels.
        let rect = PixelRect(x: 50, y: 60, width: 150, height: 90)
        let sharp = try book.renderRegion(page: 1, rect: rect, sourceSize: image.size, output: PixelSize(width: 150, height: 90))
        #expect(sharp == image.cropped(to: rect))
        // The whole page small: the level of 4 (125 × 75), resampled to the size asked.
        let small = try book.render(page: 1, size: PixelSize(width: 100, height: 60))
        #expect(small.size == PixelSize(width: 100, height: 60))
        let expected = image.region(PixelRect(x: 0, y: 0, width: 500, height: 300), scaledTo: PixelSize(width: 125, height: 75))
            .resized(to: PixelSize(width: 100, height: 60))
        #expect(Self.meanDifference(small, expected) < 2)
        // The plain image: decoded whole, its own size, regions cut from it.
        #expect(try book.sourceSize(of: 2, fitting: box) == PixelSize(width: 30, height: 40))
        #expect(try book.renderRegion(page: 2, rect: PixelRect(x: 3, y: 4, width: 5, height: 6), sourceSize: PixelSize(width: 30, height: 40),
                                      output: PixelSize(width: 5, height: 6))
                == Self.scan(width: 30, height: 40).cropped(to: PixelRect(x: 3, y: 4, width: 5, height: 6)))
    }

    @Test func aCancelledRegionStopsBetweenTiles() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try Self.makeBook(in: dir, image: Self.scan(width: 500, height: 300))
        let book = try Self.open(dir)
        var asked = 0
        #expect(throws: PageError.self) {
            try book.renderRegion(page: 1, rect: PixelRect(x: 0, y: 0, width: 300, height: 300), sourceSize: PixelSize(width: 500, height: 300),
                                  output: PixelSize(width: 300, height: 300), cancelled: { asked += 1; return asked > 2 })
        }
        #expect(asked == 3)
    }

    @Test func badTilesRefuseTheRegionWithTheReason() throws {
        let image = Self.scan(width: 500, height: 300)
        let rect = PixelRect(x: 0, y: 0, width: 64, height: 64)
        let tile = "scan/0,0,64,64/64,64/0/default.jpg"
        func reason(_ damage: (TempDir) throws -> Void) throws -> String {
            let dir = try TempDir()
            defer { dir.cleanup() }
            try Self.makeBook(in: dir, image: image)
            try damage(dir)
            let book = try Self.open(dir)
            do {
                _ = try book.renderRegion(page: 1, rect: rect, sourceSize: image.size, output: PixelSize(width: 64, height: 64))
                return "no error"
            } catch { return error.description }
        }
        #expect(try reason { unlink($0.file(tile)) }.contains("No such file"))
        #expect(try reason { try $0.write(tile, Array("<html>404</html>".utf8)) }.contains("is not an image of 64×64"))
        #expect(try reason { try $0.write(tile, try PNGEncoder.encode(Self.scan(width: 32, height: 64), fast: true)) }
            .contains("is 32×64, not the 64×64 info.json says"))
        // A decompression bomb: a PNG header of 2,000 × 2,000 pixels stops at the header.
        #expect(try reason { try $0.write(tile, try PNGEncoder.encode(RGBAImage(width: 2000, height: 2000, fill: (0, 0, 0, 255)), fast: true)) }
            .contains("is not an image of 64×64"))
    }

    @Test func overHTTPThenFromTheDiskCacheWithTheServerGone() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let image = Self.scan(width: 500, height: 300)
        try Self.makeBook(in: dir, image: image)
        let cacheDir = try TempDir()
        defer { cacheDir.cleanup() }
        let fetcher = Fetcher(userAgent: "RectoTests", cache: try FetchCache(directory: cacheDir.path, maxBytes: 16 << 20))
        var server: StaticServer? = try StaticServer(root: dir.path)
        let url = "http://127.0.0.1:\(server!.port)/manifest.json"
        let rect = PixelRect(x: 100, y: 100, width: 100, height: 100)
        let online = try IIIFSource(location: url, limits: .standard, fetcher: fetcher)
        let first = try online.renderRegion(page: 1, rect: rect, sourceSize: image.size, output: PixelSize(width: 100, height: 100))
        #expect(first == image.cropped(to: rect))
        server = nil
        let offline = try IIIFSource(location: url, limits: .standard, fetcher: fetcher)
        #expect(try offline.renderRegion(page: 1, rect: rect, sourceSize: image.size, output: PixelSize(width: 100, height: 100)) == first)
        // A region never seen needs the network: refused with the reason, not a crash.
        #expect(throws: PageError.self) {
            try offline.renderRegion(page: 1, rect: PixelRect(x: 400, y: 200, width: 50, height: 50), sourceSize: image.size,
                                     output: PixelSize(width: 50, height: 50))
        }
    }

    @Test func thePageCacheDeliversTheDisplayImageAndDeepRegions() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let image = Self.scan(width: 500, height: 300)
        try Self.makeBook(in: dir, image: image)
        let cache = PageCache(source: PageSource(try Self.open(dir)),
                              configuration: .init(threads: 1, fitting: PixelSize(width: 100, height: 100)))
        cache.want([1, 2], visibleCount: 2)
        var events: [PageEvent] = []
        try collect(cache, into: &events, until: { readyPages($0).sorted() == [1, 2] })
        guard case let .ready(_, shown, source) = try #require(events.first(where: { if case .ready(1, _, _) = $0 { true } else { false } })) else { return }
        #expect(source == PixelSize(width: 500, height: 300))
        #expect(shown.size == PixelSize(width: 100, height: 60))
        cache.noteTexture(page: 1, bytes: shown.pixels.count)
        let rect = PixelRect(x: 200, y: 100, width: 80, height: 70)
        cache.requestRegion(page: 1, rect: rect, outputSize: PixelSize(width: 80, height: 70))
        try collect(cache, into: &events, until: { $0.contains { if case .region = $0 { true } else { false } } })
        #expect(events.contains(.region(page: 1, rect: rect, image: image.cropped(to: rect))))
    }

    static func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        guard a.size == b.size else { return .infinity }
        var total = 0
        for i in 0..<a.pixels.count { total += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
        return Double(total) / Double(a.pixels.count)
    }
}

extension IIIFDeepZoomTests {
    @Test func aRegionWhoseTilesFailIsReportedAndThePageStays() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try Self.makeBook(in: dir, image: Self.scan(width: 500, height: 300))
        unlink(dir.file("scan/0,0,64,64/64,64/0/default.jpg"))
        let cache = PageCache(source: PageSource(try Self.open(dir)),
                              configuration: .init(threads: 1, fitting: PixelSize(width: 100, height: 100)))
        cache.want([1], visibleCount: 1)
        var events: [PageEvent] = []
        try collect(cache, into: &events, until: { readyPages($0) == [1] })
        cache.requestRegion(page: 1, rect: PixelRect(x: 0, y: 0, width: 64, height: 64), outputSize: PixelSize(width: 64, height: 64))
        try collect(cache, into: &events, until: { $0.contains { if case .regionFailed = $0 { true } else { false } } })
        let failure = events.compactMap { if case let .regionFailed(page, message) = $0 { (page, message) } else { nil } }.first
        #expect(failure?.0 == 1)
        #expect(failure?.1.contains("No such file") == true, "\(String(describing: failure))")
        #expect(failedPages(events).isEmpty, "the page itself stays")
    }

    @Test func regionFailuresAreSaidOnceUntilARegionIsMadeAgain() {
        var state = CacheState(budget: 1 << 20, bounds: PixelSize(width: 10, height: 10), pageCount: 3)
        state.regionFailed(page: 2, message: "a tile: 404", generation: 0)
        state.regionFailed(page: 2, message: "another tile: 404", generation: 0)
        state.regionFailed(page: 3, message: "a tile: 404", generation: 0)
        #expect(state.events == [.regionFailed(page: 2, message: "a tile: 404"), .regionFailed(page: 3, message: "a tile: 404")])
        let tile = RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 255))
        state.regionsCut(page: 2, results: [(PixelRect(x: 0, y: 0, width: 1, height: 1), tile)], generation: 0)
        state.regionFailed(page: 2, message: "a tile: timed out", generation: 0)
        #expect(state.events.last == .regionFailed(page: 2, message: "a tile: timed out"))
        state.regionFailed(page: 2, message: "an old source's", generation: -1)
        #expect(state.events.count == 4)
    }
}
