import Book
import Decoding
import Foundation
import Geometry
import Gestures
import Reader
import Renderer
import Testing

/// Curl states of the demo book against committed renders, with tolerances (llvmpipe is deterministic on
/// one machine; other Mesa versions may round differently). `RECTO_UPDATE_GOLDEN=1` rewrites them.
@Suite(.serialized) struct GoldenImageTests {
    struct Case {
        let name: String
        let width: Int, height: Int
        let spread: SpreadPreference
        let page: Int
        let forward: Bool
        /// Finger offset from the grabbed corner's resting place; nil = rest.
        let offset: Vec2?
    }

    static let cases: [Case] = [
        Case(name: "rest", width: 480, height: 640, spread: .single, page: 3, forward: true, offset: nil),
        Case(name: "lift", width: 480, height: 640, spread: .single, page: 3, forward: true, offset: Vec2(-40, -18)),
        Case(name: "mid-curl", width: 480, height: 640, spread: .single, page: 3, forward: true, offset: Vec2(-230, -140)),
        Case(name: "nearly-flat", width: 480, height: 640, spread: .single, page: 3, forward: true, offset: Vec2(-800, -10)),
        // A single page in a landscape window: the flap lands on the background, the roll crosses the page's
        // top and bottom edges (the roll band's antialiased ends), and the upper half hides the lower.
        Case(name: "landscape-single-mid", width: 960, height: 540, spread: .single, page: 3, forward: true, offset: Vec2(-250, -110)),
        Case(name: "landscape-single-late", width: 960, height: 540, spread: .single, page: 3, forward: true, offset: Vec2(-560, -60)),
        Case(name: "spread-forward", width: 960, height: 640, spread: .double, page: 4, forward: true, offset: Vec2(-300, -160)),
        Case(name: "spread-backward", width: 960, height: 640, spread: .double, page: 4, forward: false, offset: Vec2(320, -150)),
    ]

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let demoBook = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets/DemoBook")

    @Test func curlStatesMatchGoldenImages() throws {
        let update = ProcessInfo.processInfo.environment["RECTO_UPDATE_GOLDEN"] == "1"
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.demoBook.path).filter { $0.hasSuffix(".png") }
        let pages = naturallySorted(names).map { Self.demoBook.appendingPathComponent($0).path }
        for c in Self.cases {
            let gpu = try TestGPU(width: c.width, height: c.height)
            var config = ReaderConfig()
            config.spread = c.spread
            var reader = Reader(pageCount: pages.count, config: config)
            reader.resize(width: Double(c.width), height: Double(c.height))
            reader.go(toPage: c.page)
            var textures: [Int: Texture] = [:]
            for p in Set(reader.neededPages) {
                let image = try ImageDecoder.decode(contentsOf: pages[p - 1], fitting: PixelSize(width: 1024, height: 1024))
                textures[p] = gpu.texture(image)
                reader.setPageSize(p, width: Double(image.width), height: Double(image.height))
            }
            if let offset = c.offset {
                let grab: Grab = .corner(c.forward ? .bottomRight : .bottomLeft)
                let start = try #require(reader.grabStart(c.forward ? .forward : .backward, grab: grab))
                _ = reader.apply(.curlBegin(CurlBegin(direction: c.forward ? .forward : .backward, grab: grab, start: start,
                                                      position: start + offset, source: .touch)), at: 0)
            }
            let (image, errors) = gpu.render(SceneComposer(background: RGBA(0.16, 0.16, 0.17)).scene(reader.frame, textures: textures))
            #expect(errors.isEmpty, "\(c.name): GL errors \(errors)")
            // The window is opaque: shadows and antialiased edges blend colour, never alpha.
            let translucent = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] != 255 }.count
            #expect(translucent == 0, "\(c.name): \(translucent) pixels with alpha below 1")
            let path = Self.golden.appendingPathComponent("\(c.name).png").path
            if update {
                try PNGEncoder.write(image, toFile: path)
                continue
            }
            let expected = try ImageDecoder.decode(contentsOf: path)
            try #require(expected.width == image.width && expected.height == image.height, "\(c.name): size differs")
            var total = 0, far = 0
            for i in 0..<image.pixels.count where i % 4 != 3 {
                let d = abs(Int(image.pixels[i]) - Int(expected.pixels[i]))
                total += d
                if d > 20 { far += 1 }
            }
            let channels = image.width * image.height * 3
            let mean = Double(total) / Double(channels)
            let farShare = Double(far) / Double(channels)
            if mean > 1.5 || farShare > 0.005 {
                try? PNGEncoder.write(image, toFile: NSTemporaryDirectory() + "recto-golden-\(c.name).png")
            }
            #expect(mean <= 1.5, "\(c.name): mean channel difference \(mean)")
            #expect(farShare <= 0.005, "\(c.name): \(farShare * 100) % of channels differ by more than 20")
        }
    }
}
