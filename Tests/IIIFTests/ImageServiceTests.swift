import Geometry
import Testing
@testable import IIIF

@Suite struct ImageServiceTests {
    static let level0Three = Array(#"""
    {"@context": "http://iiif.io/api/image/3/context.json", "id": "https://example.org/iiif/img/scan",
     "type": "ImageService3", "protocol": "http://iiif.io/api/image", "profile": "level0",
     "width": 20000, "height": 28000,
     "sizes": [{"width": 1250, "height": 1750}, {"width": 625, "height": 875}, {"width": 2500, "height": 3500}],
     "tiles": [{"width": 512, "scaleFactors": [1, 2, 4, 8, 16, 32, 64]}]}
    """#.utf8)

    static let level2Two = Array(#"""
    {"@context": "http://iiif.io/api/image/2/context.json", "@id": "https://lib.example.org/iiif/image/MS-1_f1",
     "protocol": "http://iiif.io/api/image", "width": 6000, "height": 8400,
     "profile": ["http://iiif.io/api/image/2/level2.json", {"formats": ["jpg", "png"]}],
     "tiles": [{"width": 256, "height": 256, "scaleFactors": [1, 2, 4, 8, 16, 32]}]}
    """#.utf8)

    static func info(_ bytes: [UInt8], _ url: String) throws -> ImageInfo {
        try ImageInfo.parse(bytes, from: try ResourceURL(url))
    }

    @Test func levelZeroThree() throws {
        let info = try Self.info(Self.level0Three, "https://example.org/iiif/img/scan/info.json")
        #expect(info.service.version == .three)
        #expect(info.service.level == 0)
        #expect(info.size == PixelSize(width: 20000, height: 28000))
        #expect(info.sizes.map(\.width) == [625, 1250, 2500])
        #expect(info.tiles == [TileGrid(width: 512, height: 512, scaleFactors: [1, 2, 4, 8, 16, 32, 64])])
    }

    @Test func levelTwoTwo() throws {
        let info = try Self.info(Self.level2Two, "https://proxy.example.org/image/MS-1_f1/info.json")
        #expect(info.service.version == .two)
        #expect(info.service.level == 2)
        // The id the server declares wins over the URL it was fetched from.
        #expect(info.service.id.description == "https://lib.example.org/iiif/image/MS-1_f1")
        #expect(info.tiles.first?.height == 256)
    }

    @Test func wholeImageAtRestIsTheSmallestSizeThatFillsTheScreen() throws {
        let info = try Self.info(Self.level0Three, "https://example.org/iiif/img/scan/info.json")
        // A page 1080 px high on screen needs 1080 px of height: 1250×1750 is the smallest that has it.
        let chosen = try #require(info.wholeImage(covering: PixelSize(width: 772, height: 1080)))
        #expect(chosen.size == PixelSize(width: 1250, height: 1750))
        #expect(chosen.url.description == "https://example.org/iiif/img/scan/full/1250,1750/0/default.jpg")
        // More than any pre-made size: the largest there is.
        #expect(info.wholeImage(covering: PixelSize(width: 5000, height: 7000))?.size.width == 2500)
        // Level 2 scales to exactly what is needed; version 2 writes the size as `w,`.
        let two = try Self.info(Self.level2Two, "https://lib.example.org/iiif/image/MS-1_f1/info.json")
        let exact = try #require(two.wholeImage(covering: PixelSize(width: 772, height: 1080)))
        #expect(exact.size == PixelSize(width: 772, height: 1081))
        #expect(exact.url.description == "https://lib.example.org/iiif/image/MS-1_f1/full/772,/0/default.jpg")
    }

    @Test func scaleFactorGivesEveryScreenPixelASourcePixel() throws {
        let info = try Self.info(Self.level0Three, "https://example.org/iiif/img/scan/info.json")
        #expect(info.scaleFactor(screenPerSource: 1080.0 / 28000) == 16)   // fit: 28000/1080 = 25.9 → 16
        #expect(info.scaleFactor(screenPerSource: 0.5) == 2)
        #expect(info.scaleFactor(screenPerSource: 1) == 1)
        #expect(info.scaleFactor(screenPerSource: 4) == 1)                // zoomed past 1:1: source pixels
        #expect(info.scaleFactor(screenPerSource: 0.001) == 64)
    }

    @Test func tilesCoverTheViewNearestFirstWithCanonicalURLs() throws {
        let info = try Self.info(Self.level0Three, "https://example.org/iiif/img/scan/info.json")
        // 1920×1080 screen pixels of source at 1:1 around the image's bottom-right corner.
        let tiles = info.tiles(covering: (x: 18500, y: 27000, width: 1920, height: 1080), factor: 1)
        #expect(tiles.count == 4 * 3)   // columns 36...39, rows 52...54 (the view is clipped at 20000 and 28000)
        #expect(tiles.allSatisfy { $0.region.x + $0.region.width <= 20000 && $0.region.y + $0.region.height <= 28000 })
        let edge = try #require(tiles.first { $0.region.x == 19968 && $0.region.y == 27648 })
        #expect(edge.region == PixelRect(x: 19968, y: 27648, width: 32, height: 352))
        #expect(edge.size == PixelSize(width: 32, height: 352))
        #expect(edge.url.description == "https://example.org/iiif/img/scan/19968,27648,32,352/32,352/0/default.jpg")
        let centre = (18500.0 + 19460) / 2, middle = (27000.0 + 27540) / 2
        let first = tiles[0].region
        #expect(Double(first.x) <= centre && centre < Double(first.x + first.width))
        #expect(Double(first.y) <= middle && middle < Double(first.y + first.height))
        // A coarse level: tiles span 512·8 source pixels and are at most 512 px themselves.
        let coarse = info.tiles(covering: (x: 0, y: 0, width: 20000, height: 28000), factor: 8)
        #expect(coarse.count == 5 * 7)
        #expect(coarse.allSatisfy { $0.size.width <= 512 && $0.size.height <= 512 })
        #expect(info.tiles(covering: (x: 0, y: 0, width: 20000, height: 28000), factor: 1).count == 256)
        #expect(info.tiles(covering: (x: -5000, y: -5000, width: 10, height: 10), factor: 1).isEmpty)
        #expect(info.tiles(covering: (x: 0, y: 0, width: 10, height: 10), factor: 3).isEmpty)
    }

    @Test func versionTwoTileURLsWriteOnlyTheWidth() throws {
        let info = try Self.info(Self.level2Two, "https://lib.example.org/iiif/image/MS-1_f1/info.json")
        let tile = try #require(info.tiles(covering: (x: 0, y: 0, width: 100, height: 100), factor: 4).first)
        #expect(tile.url.description == "https://lib.example.org/iiif/image/MS-1_f1/0,0,1024,1024/256,/0/default.jpg")
        let top = try #require(info.tiles(covering: (x: 0, y: 0, width: 100, height: 100), factor: 32).first)
        #expect(top.url.description == "https://lib.example.org/iiif/image/MS-1_f1/0,0,6000,8192/188,/0/default.jpg")
    }

    @Test func aTileThatHoldsTheWholeImageIsNamedFull() throws {
        let info = try Self.info(Self.level0Three, "https://example.org/iiif/img/scan/info.json")
        let whole = try #require(info.tiles(covering: (x: 0, y: 0, width: 100, height: 100), factor: 64).first)
        #expect(whole.url.description == "https://example.org/iiif/img/scan/full/313,438/0/default.jpg")
    }

    @Test func badInfoIsRefusedWithAReason() throws {
        let url = try ResourceURL("https://example.org/x/info.json")
        #expect(throws: ImageInfo.Failure.notImageInfo("it claims 1000000000×1000000000 pixels")) {
            try ImageInfo.parse(Array(#"{"@context": "http://iiif.io/api/image/3/context.json", "width": 1e9, "height": 1e9}"#.utf8), from: url)
        }
        #expect(throws: ImageInfo.Failure.notImageInfo("no width and height")) {
            try ImageInfo.parse(Array(#"{"@context": "http://iiif.io/api/image/2/context.json"}"#.utf8), from: url)
        }
        #expect(throws: ImageInfo.Failure.notImageInfo("no Image API 2 or 3 context")) {
            try ImageInfo.parse(Array(#"{"width": 5, "height": 5}"#.utf8), from: url)
        }
        #expect(throws: ImageInfo.Failure.notJSON(JSONError(offset: 0, reason: "unexpected end"))) {
            try ImageInfo.parse([], from: url)
        }
        // Tile grids that make no sense are dropped, not trusted.
        let odd = try ImageInfo.parse(Array(#"""
            {"@context": "http://iiif.io/api/image/3/context.json", "width": 100, "height": 100,
             "tiles": [{"width": 0, "scaleFactors": [1]}, {"width": 64, "scaleFactors": [-1, 0, 2, 2]}]}
            """#.utf8), from: url)
        #expect(odd.tiles == [TileGrid(width: 64, height: 64, scaleFactors: [2])])
    }
}
