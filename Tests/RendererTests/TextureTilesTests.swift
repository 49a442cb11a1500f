import Decoding
import Geometry
import Renderer
import Testing

/// A zoom region wider than the texture limit is drawn from tiles within it, with no seam: the same pixels as
/// from one texture (each tile carries its neighbours' border texel, so filtering blends across the seams).
@Suite(.serialized) struct TextureTilesTests {
    @Test func tilesDrawWhatOneTextureDraws() throws {
        let gpu = try TestGPU(width: 400, height: 300)
        // A smooth gradient with a fine pattern: any seam or half-texel shift shows.
        let w = 300, h = 200
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                pixels[i] = UInt8(x * 255 / (w - 1)); pixels[i + 1] = UInt8(y * 255 / (h - 1))
                pixels[i + 2] = (x + y) % 7 == 0 ? 0 : 200
            }
        }
        let image = RGBAImage(width: w, height: h, pixels: pixels)
        // Drawn enlarged and at a fractional offset, so texels are interpolated everywhere.
        let rect = Rect(x: 10.5, y: 20.25, width: 377.3, height: 251.6)
        func draw(_ tiles: TextureTiles) -> RGBAImage {
            var scene = FrameScene(background: RGBA(0, 0, 0), pages: [])
            scene.details = tiles.quads(over: rect)
            let (out, errors) = gpu.render(scene)
            #expect(errors.isEmpty)
            return out
        }
        let whole = gpu.renderer.makeTiles(image)
        let tiled = gpu.renderer.makeTiles(image, limit: 64)
        #expect(whole.count == 1)
        #expect(tiled.count == 5 * 4, "62-px tiles over 300×200")
        let a = draw(whole), b = draw(tiled)
        var worst = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for k in 0..<3 { worst = max(worst, abs(Int(a.pixels[i + k]) - Int(b.pixels[i + k]))) }
        }
        #expect(worst <= 2, "tiled differs from whole by up to \(worst)")
    }
}
