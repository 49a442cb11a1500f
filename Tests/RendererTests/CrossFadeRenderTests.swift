import Decoding
import Geometry
import Reader
import Renderer
import Testing

/// A reduced-motion turn on the GPU: the reader's fade frame, composed and drawn, mixes the outgoing spread
/// over the incoming one by the fade's opacity; where the outgoing spread had no page, its background fades out.
@Suite(.serialized) struct CrossFadeRenderTests {
    @Test func theOutgoingSpreadIsBlendedOverTheIncomingByItsOpacity() throws {
        let gpu = try TestGPU(width: 400, height: 300)
        let red = gpu.texture(RGBAImage(width: 8, height: 8, fill: (r: 200, g: 0, b: 0, a: 255)))
        let blue = gpu.texture(RGBAImage(width: 8, height: 8, fill: (r: 0, g: 0, b: 240, a: 255)))
        var config = ReaderConfig()
        config.reducedMotion = true
        config.marginFraction = 0
        var reader = Reader(pageCount: 3, config: config)
        reader.resize(width: 400, height: 300)
        for p in 1...3 { reader.setPageSize(p, width: 200, height: 300) }
        // The cover alone on the right (red); pages 2–3 (blue) across both halves.
        _ = reader.apply(.turn(.forward, cause: .key), at: 1000)
        _ = reader.advance(to: 1125)
        let frame = reader.frame
        let opacity = try #require(frame.fade?.opacity)
        #expect(opacity > 0.3 && opacity < 0.7 && frame.leaf == nil)
        let composer = SceneComposer(background: RGBA(0, 0, 0))
        var scene = composer.scene(frame, textures: [1: red, 2: blue, 3: blue])
        scene.plain = true  // no gutter shadow: plain colours to compare
        let (image, errors) = gpu.render(scene)
        #expect(errors.isEmpty)
        func expectMix(_ x: Int, _ y: Int, outgoing: (Double, Double, Double), incoming: (Double, Double, Double)) {
            let p = image[x, y]
            let want = (opacity * outgoing.0 + (1 - opacity) * incoming.0, opacity * outgoing.1 + (1 - opacity) * incoming.1,
                        opacity * outgoing.2 + (1 - opacity) * incoming.2)
            #expect(abs(Double(p.r) - want.0) <= 3 && abs(Double(p.g) - want.1) <= 3 && abs(Double(p.b) - want.2) <= 3,
                    "(\(x), \(y)): \(p), want \(want)")
        }
        expectMix(300, 150, outgoing: (200, 0, 0), incoming: (0, 0, 240))  // the cover over page 3
        expectMix(100, 150, outgoing: (0, 0, 0), incoming: (0, 0, 240))    // the background over page 2
    }
}
