import Decoding
import Geometry
import Gestures
import Reader
@testable import Renderer
import Testing

/// A single page's fading roll shows its flap's tint on the turned-away face, as the flap does over the page and
/// the ground; the band's middle, where that face hides the front one, reads no texture (SceneRenderer+Roll).
extension SinglePageTurnTests {
    /// The leaf held `past` page widths beyond the spine at a slant (the fold crosses the page's top and bottom
    /// edges, so the front face shows at the band's ends), with the scene.
    func heldFading(past: Double, textures: [Int: Texture]) throws -> (reader: Reader, scene: FrameScene, curl: CurlLayer) {
        var reader = reader(.single)
        let grab = Grab.corner(.bottomRight)
        let start = try #require(reader.grabStart(.forward, grab: grab))
        let rect = try #require(reader.frame.pages.last?.rect)
        _ = reader.apply(.curlBegin(CurlBegin(direction: .forward, grab: grab, start: start,
                                              position: Vec2(rect.minX - past * rect.width, start.y - 250), source: .touch)), at: 0)
        let scene = SceneComposer(background: Self.background).scene(reader.frame, textures: textures)
        let curl = try #require(scene.curl)
        #expect(curl.isFading && curl.opacity > 0.3, "the leaf's opacity \(curl.opacity)")
        return (reader, scene, curl)
    }

    /// For a leaf of one colour the tint is exactly what the turned-away face read from its texture, so the tinted
    /// roll must draw the frame the reading one does: the front face at the band's ends and no pixel left out or
    /// drawn twice where the band is split.
    @Test func aFadingRollOfAOneColourLeafIsTheRollThatReadsItsFaces() throws {
        let gpu = try TestGPU(width: Self.width, height: Self.height)
        var textures = (1...6).reduce(into: [Int: Texture]()) { $0[$1] = gpu.texture(MarkerBook.page($1)) }
        textures[3] = gpu.texture(RGBAImage(width: 500, height: 700, fill: (30, 90, 60, 255)))
        for past in [0.66, 0.74, 0.82] {
            let (reader, scene, curl) = try heldFading(past: past, textures: textures)
            let flap = FlapGeometry(curl, pixelsPerPagePixel: scene.view.uniformScale)
            #expect(flap.rollBandMiddle(width: curl.rect.width, height: curl.rect.height, margin: 1.5) != nil)
            gpu.renderer.tintsFadingRoll = false
            let reading = render(reader, gpu: gpu, textures: textures)
            gpu.renderer.tintsFadingRoll = true
            let tinted = render(reader, gpu: gpu, textures: textures)
            // The rim's outermost pixel, where the sheet turns, is the one place the tinted roll shows no front: both
            // faces are the same point there, and the reading roll's share of the front drew a dashed line.
            func window(_ p: Vec2) -> Vec2 { scene.view.apply(p + Vec2(curl.rect.x, curl.rect.y)) }
            let rim = window(curl.axisPoint + curl.axisNormal * curl.radius)
            let along = window(curl.axisPoint + curl.axisNormal * curl.radius + Vec2(-curl.axisNormal.y, curl.axisNormal.x)) - rim
            let direction = along / along.length
            var worst = 0, at = (0, 0), rimPixels = 0
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    if abs(direction.cross(Vec2(Double(x) + 0.5, Double(y) + 0.5) - rim)) < 1.5 {
                        rimPixels += 1
                        continue
                    }
                    let i = (y * Self.width + x) * 4
                    let d = max(abs(Int(reading.pixels[i]) - Int(tinted.pixels[i])),
                                abs(Int(reading.pixels[i + 1]) - Int(tinted.pixels[i + 1])),
                                abs(Int(reading.pixels[i + 2]) - Int(tinted.pixels[i + 2])))
                    if d > worst { (worst, at) = (d, (x, y)) }
                }
            }
            #expect(rimPixels < 4 * Self.height, "\(past): \(rimPixels) pixels by the rim")
            #expect(worst <= 3, "\(past): \(worst) levels apart at \(at): \(reading.channels(at.0, at.1)) read, \(tinted.channels(at.0, at.1)) tinted")
        }
    }

    /// Along the band's middle the tinted roll is one colour over a plain page beneath, where the roll that reads
    /// its turned-away face shows the leaf's lines through the paper.
    @Test func aFadingRollShowsItsFlapsTintNotTheLeafsLines() throws {
        let gpu = try TestGPU(width: Self.width, height: Self.height)
        var textures = (1...6).reduce(into: [Int: Texture]()) { $0[$1] = gpu.texture(MarkerBook.page($1)) }
        var lines = [UInt8](repeating: 250, count: 500 * 700 * 4)
        for y in 0..<700 where (y / 8) % 2 == 0 {
            for x in 0..<500 { for c in 0..<3 { lines[(y * 500 + x) * 4 + c] = 30 } }
        }
        textures[3] = gpu.texture(RGBAImage(width: 500, height: 700, pixels: lines))
        textures[4] = gpu.texture(RGBAImage(width: 500, height: 700, fill: (240, 235, 225, 255)))
        let (reader, scene, curl) = try heldFading(past: 0.74, textures: textures)
        let flap = FlapGeometry(curl, pixelsPerPagePixel: scene.view.uniformScale)
        let middle = try #require(flap.rollBandMiddle(width: curl.rect.width, height: curl.rect.height, margin: 1.5))
        // Window pixels halfway across the band, every few pixels along its middle (a pixel in from its ends).
        let points = stride(from: middle.lowerBound + 2, to: middle.upperBound - 2, by: 3).map { t -> (Int, Int) in
            let cut = flap.bandCut(at: t)
            let p = scene.view.apply((cut.near + cut.far) * 0.5 + Vec2(curl.rect.x, curl.rect.y))
            return (Int(p.x), Int(p.y))
        }
        #expect(points.count > 100)
        func spread(_ image: RGBAImageView) -> Int {
            (0..<3).map { c in
                let values = points.map { image.channels($0.0, $0.1)[c] }
                return values.max()! - values.min()!
            }.max()!
        }
        gpu.renderer.tintsFadingRoll = false
        let reading = spread(render(reader, gpu: gpu, textures: textures))
        gpu.renderer.tintsFadingRoll = true
        let tinted = spread(render(reader, gpu: gpu, textures: textures))
        #expect(reading > 15, "the roll reading its faces varies by \(reading) along the band")
        #expect(tinted <= 4, "the tinted roll varies by \(tinted) along the band")
    }
}
