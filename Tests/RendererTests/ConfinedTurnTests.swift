import Book
import Geometry
import Gestures
import Reader
import Renderer
import Testing

/// A single page has no slot beside it: what turns past its spine is not drawn there (the background stays), as
/// the turned page at rest is not; a spread's turned page lies on the facing page's slot.
@Suite(.serialized) struct ConfinedTurnTests {
    static let width = 1200, height = 800

    /// The frame with the bottom right corner held `past` page widths beyond the spine, and the turning page's rect.
    func render(_ mode: SpreadPreference, page: Int = 3, past: Double, gpu: TestGPU, textures: [Int: Texture]) throws -> (RGBAImageView, Rect) {
        var config = ReaderConfig()
        config.spread = mode
        var reader = Reader(pageCount: 6, config: config)
        reader.resize(width: Double(Self.width), height: Double(Self.height))
        for p in 1...6 { reader.setPageSize(p, width: 500, height: 700) }
        reader.go(toPage: page)
        let grab = Grab.corner(.bottomRight)
        let start = try #require(reader.grabStart(forward: true, grab: grab))
        let rect = try #require(reader.frame.pages.last?.rect)
        let finger = Vec2(rect.minX - past * rect.width, start.y - 60)
        _ = reader.apply(.curlBegin(CurlBegin(direction: .forward, grab: grab, start: start, position: finger,
                                              source: .touch)), at: 0)
        let scene = SceneComposer(background: RGBA(0.16, 0.16, 0.17)).scene(reader.frame, textures: textures)
        let (image, errors) = gpu.render(scene)
        #expect(errors.isEmpty)
        return (RGBAImageView(pixels: image.pixels, width: image.width), rect)
    }

    @Test func aSinglePageTurnedPastItsSpineLeavesTheBackgroundBesideIt() throws {
        let gpu = try TestGPU(width: Self.width, height: Self.height)
        let textures = (1...6).reduce(into: [Int: Texture]()) { $0[$1] = gpu.texture(MarkerBook.page($1)) }
        for past in [0.3, 0.6, 0.9] {
            let (image, rect) = try render(.single, past: past, gpu: gpu, textures: textures)
            var drawn = 0
            for y in 0..<Self.height { for x in 0..<Int(rect.minX) - 1 where !image.isBackground(x, y) { drawn += 1 } }
            #expect(drawn == 0, "\(past) page widths past the spine: \(drawn) pixels drawn left of the page")
            // The page beneath shows where the turning page has lifted off it.
            #expect(!image.isBackground(Int(rect.maxX) - 20, Int(rect.minY + rect.height / 2)))
        }
        // In a spread the turned part lies on the left page's slot, empty beside the cover.
        let (spread, rect) = try render(.double, page: 1, past: 0.6, gpu: gpu, textures: textures)
        var flap = 0
        for y in 0..<Self.height { for x in 0..<Int(rect.minX) - 1 where !spread.isBackground(x, y) { flap += 1 } }
        #expect(flap > 10_000, "the flap over the left page: \(flap) pixels")
    }
}

/// Top-down RGBA rows.
struct RGBAImageView {
    let pixels: [UInt8]
    let width: Int
    /// The scene's background (0.16, 0.16, 0.17), within rounding.
    func isBackground(_ x: Int, _ y: Int) -> Bool {
        let i = (y * width + x) * 4
        return abs(Int(pixels[i]) - 41) <= 2 && abs(Int(pixels[i + 1]) - 41) <= 2 && abs(Int(pixels[i + 2]) - 43) <= 2
    }
}
