import Book
import Geometry
import Gestures
import Reader
import Renderer
import Testing

/// A single page in a landscape window: the turned part of its leaf lies over the background left of the spine,
/// as paper does, and the leaf fades there at the turned end of a turn (the page at rest is drawn without it).
@Suite(.serialized) struct SinglePageTurnTests {
    static let width = 1200, height = 800
    static let background = RGBA(0.16, 0.16, 0.17)

    func reader(_ mode: SpreadPreference, page: Int = 3) -> Reader {
        var config = ReaderConfig()
        config.spread = mode
        var reader = Reader(pageCount: 6, config: config)
        reader.resize(width: Double(Self.width), height: Double(Self.height))
        for p in 1...6 { reader.setPageSize(p, width: 500, height: 700) }
        reader.go(toPage: page)
        return reader
    }

    func render(_ reader: Reader, gpu: TestGPU, textures: [Int: Texture]) -> RGBAImageView {
        let (image, errors) = gpu.render(SceneComposer(background: Self.background).scene(reader.frame, textures: textures))
        #expect(errors.isEmpty)
        return RGBAImageView(pixels: image.pixels, width: image.width)
    }

    /// The frame with the bottom right corner held `past` page widths beyond the spine, the turning page's rect and
    /// the finger.
    func held(_ mode: SpreadPreference, page: Int = 3, past: Double, gpu: TestGPU,
              textures: [Int: Texture]) throws -> (image: RGBAImageView, rect: Rect, finger: Vec2) {
        var reader = reader(mode, page: page)
        let grab = Grab.corner(.bottomRight)
        let start = try #require(reader.grabStart(.forward, grab: grab))
        let rect = try #require(reader.frame.pages.last?.rect)
        let finger = Vec2(rect.minX - past * rect.width, start.y - 60)
        _ = reader.apply(.curlBegin(CurlBegin(direction: .forward, grab: grab, start: start, position: finger,
                                              source: .touch)), at: 0)
        return (render(reader, gpu: gpu, textures: textures), rect, finger)
    }

    @Test func aSinglePagesTurnedPartLiesOverTheBackgroundLeftOfItsSpine() throws {
        let gpu = try TestGPU(width: Self.width, height: Self.height)
        let textures = (1...6).reduce(into: [Int: Texture]()) { $0[$1] = gpu.texture(MarkerBook.page($1)) }
        for past in [0.25, 0.5] {
            let (image, rect, finger) = try held(.single, past: past, gpu: gpu, textures: textures)
            var drawn = 0
            for y in 0..<Self.height { for x in 0..<Int(rect.minX) - 1 where !image.isBackground(x, y) { drawn += 1 } }
            // The flap past the spine: a wedge from the held corner up to where the fold crosses the spine.
            let wedge = past * rect.width * rect.height / 2
            #expect(Double(drawn) > 0.5 * wedge, "\(past) page widths past the spine: \(drawn) pixels left of the page")
            // Paper beside the held corner (the page seen through from behind), opaque: not yet fading.
            let x = Int(finger.x) + 30, y = Int(finger.y) - 30
            #expect(image.brightness(x, y) > 150, "\(past): the flap beside its corner is \(image.brightness(x, y))")
            // The page beneath shows where the turning page has lifted off it.
            #expect(!image.isBackground(Int(rect.maxX) - 20, Int(rect.center.y)))
        }
        // In a spread the turned part lies on the left page's slot, empty beside the cover too.
        let (spread, rect, _) = try held(.double, page: 1, past: 0.6, gpu: gpu, textures: textures)
        var flap = 0
        for y in 0..<Self.height { for x in 0..<Int(rect.minX) - 1 where !spread.isBackground(x, y) { flap += 1 } }
        #expect(flap > 10_000, "the flap over the left page: \(flap) pixels")
    }

    /// Over the background the flap is one colour with an antialiased outline (drawn opaque there, in the colour
    /// the blend would give): along each row left of the spine, the background, one pixel between, then the flap's
    /// colour, never a pixel brighter near its edge; where the outline is slanted (a held corner; a key turn's fold
    /// is upright), that pixel is partly covered on most rows.
    @Test func theFlapOverTheBackgroundHasAnAntialiasedOutlineOpaqueOrFading() throws {
        let gpu = try TestGPU(width: Self.width, height: Self.height)
        let textures = (1...6).reduce(into: [Int: Texture]()) { $0[$1] = gpu.texture(MarkerBook.page($1)) }
        let (opaque, rect, _) = try held(.single, past: 0.5, gpu: gpu, textures: textures)
        var reader = reader(.single)
        _ = reader.apply(.turn(.forward, cause: .key), at: 0)
        var t = 0.0
        while let leaf = reader.frame.leaf, leaf.progress < 0.93 { t += 4; _ = reader.advance(to: t) }
        let fading = render(reader, gpu: gpu, textures: textures)
        for (name, image) in [("held", opaque), ("fading", fading)] {
            var rows = 0, between = 0
            for y in 0..<Self.height {
                let xs = Array(0..<(Int(rect.minX) - 2))
                guard let edge = xs.first(where: { !image.isBackground($0, y) }), edge + 8 < xs.count else { continue }
                let inside = image.brightness(edge + 4, y)
                // Rows by the flap's top and bottom edges, antialiased themselves, say nothing of the outline.
                guard y >= 3, y + 3 < Self.height,
                      abs(image.brightness(edge + 4, y - 3) - inside) <= 2, abs(image.brightness(edge + 4, y + 3) - inside) <= 2
                else { continue }
                let background = image.brightness(0, y), value = image.brightness(edge, y)
                rows += 1
                if value > background + 3 && value < inside - 3 { between += 1 }
                let brightest = xs[edge..<(edge + 8)].map { image.brightness($0, y) }.max() ?? 0
                #expect(brightest <= inside + 3, "\(name): row \(y) has a pixel of \(brightest) in a flap of \(inside)")
                #expect(value <= inside + 3, "\(name): row \(y) edge \(value) over \(inside)")
            }
            #expect(rows > 100, "\(name): the flap lies over the background on \(rows) rows")
            if name == "held" {
                #expect(between * 4 > rows, "\(name): \(between) of \(rows) rows have a partly covered edge pixel")
            }
        }
    }

    /// Fading, the flap over the page beneath is that page seen through the flap's tinted paper: at every pixel
    /// between the spine and the roll, the page at rest mixed by the leaf's opacity with the colour the flap shows
    /// over the ground on that row (drawn with the page in one pass, SceneRenderer.drawBeneath).
    @Test func aFadingFlapOverThePageBeneathIsThatPageSeenThroughTheTintedPaper() throws {
        let gpu = try TestGPU(width: Self.width, height: Self.height)
        let textures = (1...6).reduce(into: [Int: Texture]()) { $0[$1] = gpu.texture(MarkerBook.page($1)) }
        let composer = SceneComposer(background: Self.background)
        var reader = reader(.single)
        _ = reader.apply(.turn(.forward, cause: .key), at: 0)
        var t = 0.0
        while reader.isTurning, (composer.scene(reader.frame, textures: textures).curl?.opacity ?? 1) > 0.9 {
            t += 4
            _ = reader.advance(to: t)
        }
        let curl = try #require(composer.scene(reader.frame, textures: textures).curl)
        let a = curl.opacity
        #expect(a > 0.5 && a < 1, "the leaf's opacity \(a)")
        let fading = render(reader, gpu: gpu, textures: textures)
        let beneath = render(self.reader(.single, page: 4), gpu: gpu, textures: textures)
        // The flap lies over the page from the spine to the roll's band along the axis (a key turn's is near upright).
        let spine = Int(curl.rect.minX), n = curl.axisNormal
        #expect(abs(n.x) > 0.9)
        // Over the ground the flap is one colour: bg + a (tint − bg).
        let ground = fading.channels(spine - 20, Int(curl.rect.center.y))
        let bg = [Self.background.r, Self.background.g, Self.background.b].map { $0 * 255 }
        #expect(!fading.isBackground(spine - 20, Int(curl.rect.center.y)))
        var checked = 0, veiled = 0
        for y in stride(from: Int(curl.rect.minY) + 20, to: Int(curl.rect.maxY) - 20, by: 7) {
            let axis = Int(curl.rect.minX + curl.axisPoint.x - (Double(y) - curl.rect.minY - curl.axisPoint.y) * n.y / n.x)
            for x in (spine + 4)..<(axis - 6) {
                let page = beneath.channels(x, y), drawn = fading.channels(x, y)
                // page + a (tint − page), with the tint from the ground: bg + a (tint − bg) there.
                let expected = (0..<3).map { Double(page[$0]) * (1 - a) + Double(ground[$0]) - bg[$0] * (1 - a) }
                let off = (0..<3).map { abs(Double(drawn[$0]) - expected[$0]) }.max() ?? 0
                #expect(off <= 3, "(\(x), \(y)): \(drawn) where the page \(page) through the tint gives \(expected)")
                checked += 1
                if (0..<3).contains(where: { abs(drawn[$0] - page[$0]) > 6 }) { veiled += 1 }
            }
        }
        #expect(checked > 300, "\(checked) pixels of the flap over the page")
        #expect(veiled * 2 > checked, "the flap shows over \(veiled) of \(checked) pixels")
    }

    /// Brightness, frame by frame, of a point over the background left of the spine, `step` ms apart, while `turning`
    /// holds (the reader's leaf at that frame's progress), and of the frame after the turn ends.
    func trace(_ reader: inout Reader, from time: Double, step: Double, while turning: (LeafFrame) -> Bool,
               gpu: TestGPU, textures: [Int: Texture]) throws -> [Int] {
        let rect = try #require(reader.layoutRect)
        let x = Int(rect.minX - 0.3 * rect.width), y = Int(rect.center.y)
        var values: [Int] = [], t = time
        while t < time + 3000 {
            if let leaf = reader.frame.leaf, !turning(leaf) { break }
            values.append(render(reader, gpu: gpu, textures: textures).brightness(x, y))
            if !reader.isTurning { break }
            t += step
            _ = reader.advance(to: t)
        }
        return values
    }

    @Test func theTurnedLeafFadesOutAsTheTurnEndsInsteadOfVanishing() throws {
        let gpu = try TestGPU(width: Self.width, height: Self.height)
        let textures = (1...6).reduce(into: [Int: Texture]()) { $0[$1] = gpu.texture(MarkerBook.page($1)) }
        var reader = reader(.single)
        _ = reader.apply(.turn(.forward, cause: .key), at: 0)
        var t = 0.0
        while let leaf = reader.frame.leaf, leaf.progress < 0.8 { t += 4; _ = reader.advance(to: t) }
        let values = try trace(&reader, from: t, step: 4, while: { _ in true }, gpu: gpu, textures: textures)
        try check(values, from: "the leaf lying turned", to: "the background")
    }

    @Test func aBackwardTurnsLeafComesInOverTheBackgroundInsteadOfAppearingWhole() throws {
        let gpu = try TestGPU(width: Self.width, height: Self.height)
        let textures = (1...6).reduce(into: [Int: Texture]()) { $0[$1] = gpu.texture(MarkerBook.page($1)) }
        var reader = reader(.single)
        let atRest = try trace(&reader, from: 0, step: 4, while: { _ in true }, gpu: gpu, textures: textures)
        _ = reader.apply(.turn(.backward, cause: .key), at: 0)
        let values = try trace(&reader, from: 0, step: 4, while: { $0.progress > 0.8 }, gpu: gpu, textures: textures)
        try check(atRest + values, from: "the background", to: "the leaf lying turned")
    }

    /// `values` go from one look to the other without a jump: no step between frames 4 ms apart is more than a
    /// third of the way.
    func check(_ values: [Int], from: String, to: String) throws {
        let first = try #require(values.first), last = try #require(values.last)
        let contrast = abs(last - first)
        #expect(contrast > 80, "\(from) (\(first)) against \(to) (\(last))")
        let steps = zip(values, values.dropFirst()).map { abs($1 - $0) }
        #expect(steps.max() ?? 0 <= contrast / 3, "from \(from) to \(to) over \(values.count) frames: \(values)")
    }
}

extension Reader {
    /// The rect of the page shown (single mode: the only one).
    var layoutRect: Rect? { frame.leaf?.rect ?? frame.pages.last?.rect }
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
    /// Red, green and blue.
    func channels(_ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return [Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2])]
    }
    /// The mean of the colour channels.
    func brightness(_ x: Int, _ y: Int) -> Int {
        let i = (y * width + x) * 4
        return (Int(pixels[i]) + Int(pixels[i + 1]) + Int(pixels[i + 2])) / 3
    }
}
