import Geometry
import Testing
@testable import IIIF

/// Which level and tiles a zoomed view of a 20,000 × 28,000 scan is made of.
@Suite struct RegionPlanTests {
    static func scan() throws -> ImageInfo {
        try ImageInfo.parse(ImageServiceTests.level0Three, from: try ResourceURL("https://example.org/iiif/img/scan/info.json"))
    }

    @Test func oneToOneTakesSourcePixels() throws {
        let info = try Self.scan()
        // A 1920×1080 view at source pixels 1:1 in the middle of the scan.
        let plan = try #require(info.plan(region: PixelRect(x: 10_000, y: 14_000, width: 1920, height: 1080),
                                          output: PixelSize(width: 1920, height: 1080)))
        #expect(plan.factor == 1)
        #expect(plan.canvas == PixelRect(x: 10_000, y: 14_000, width: 1920, height: 1080))
        // Columns 19…23 (9728…12288) and rows 27…29 (13824…15360): 5 × 3 tiles, the centre's first.
        #expect(plan.tiles.count == 15)
        #expect(plan.tiles.first?.region == PixelRect(x: 10_752, y: 14_336, width: 512, height: 512))
        #expect(plan.tiles.allSatisfy { $0.scaleFactor == 1 && $0.size == PixelSize(width: 512, height: 512) })
        #expect(plan.tiles.first?.url.description == "https://example.org/iiif/img/scan/10752,14336,512,512/512,512/0/default.jpg")
        let first = plan.tiles.first!
        #expect(plan.offset(of: first) == (752, 336))
    }

    @Test func aWiderViewTakesTheCoarsestLevelWithAPixelPerScreenPixel() throws {
        let info = try Self.scan()
        // 10,000 source pixels shown 1,920 wide: 5.2 source pixels a screen pixel, so the level of 4.
        let plan = try #require(info.plan(region: PixelRect(x: 0, y: 0, width: 10_000, height: 5_625),
                                          output: PixelSize(width: 1920, height: 1080)))
        #expect(plan.factor == 4)
        #expect(plan.canvas == PixelRect(x: 0, y: 0, width: 2500, height: 1407))
        #expect(plan.tiles.allSatisfy { $0.scaleFactor == 4 })
        // The whole page at fit (771 × 1080): the level of 16, 1250 × 1750 in 3 × 4 tiles.
        let whole = try #require(info.plan(region: PixelRect(x: 0, y: 0, width: 20_000, height: 28_000),
                                           output: PixelSize(width: 771, height: 1080)))
        #expect(whole.factor == 16)
        #expect(whole.tiles.count == 12)
        #expect(whole.canvas == PixelRect(x: 0, y: 0, width: 1250, height: 1750))
        // The last column is cut: 1250 - 1024 = 226 level pixels, 3616 source pixels.
        #expect(whole.tiles.contains { $0.region == PixelRect(x: 16_384, y: 24_576, width: 3616, height: 3424)
                                       && $0.size == PixelSize(width: 226, height: 214) })
    }

    @Test func tooManyTilesGoesCoarser() throws {
        let info = try Self.scan()
        // A huge output over the whole scan would be 2,200 tiles at factor 1: capped, a coarser level.
        let plan = try #require(info.plan(region: PixelRect(x: 0, y: 0, width: 20_000, height: 28_000),
                                          output: PixelSize(width: 20_000, height: 28_000), maxTiles: 96))
        #expect(plan.tiles.count <= 96)
        #expect(plan.factor == 8)
    }

    @Test func regionsOutsideTheImageHaveNoPlan() throws {
        let info = try Self.scan()
        #expect(info.plan(region: PixelRect(x: 30_000, y: 0, width: 100, height: 100), output: PixelSize(width: 100, height: 100)) == nil)
        #expect(info.plan(region: PixelRect(x: 0, y: 0, width: 100, height: 100), output: PixelSize(width: 0, height: 100)) == nil)
    }
}
