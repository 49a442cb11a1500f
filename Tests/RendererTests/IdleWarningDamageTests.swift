import Book
import Decoding
import Foundation
import Geometry
import Panels
import Reader
import Renderer
import Testing
import TestSupport

/// The idle warning's countdown changes its line once a second and its bar every frame: over a spread at rest
/// only its box is repainted, and the damage-limited frames look exactly like whole ones (buffers of age 1–3).
@Suite(.serialized) struct IdleWarningDamageTests {
    @Test(arguments: [1, 2, 3])
    func onlyTheBoxIsRepaintedAndFramesEqualWholeOnes(age: Int) throws {
        let width = 640, height = 400
        let gpu = try TestGPU(width: width, height: height)
        let book = DamageRedrawTests.demoBook
        let names = try FileManager.default.contentsOfDirectory(atPath: book.path).filter { $0.hasSuffix(".png") }
        let files = naturallySorted(names).map { book.appendingPathComponent($0).path }
        var textures: [Int: Texture] = [:]
        var reader = Reader(pageCount: 6, config: ReaderConfig())
        reader.resize(width: Double(width), height: Double(height))
        for p in 2...3 {
            let image = try ImageDecoder.decode(contentsOf: files[p - 1], fitting: PixelSize(width: 400, height: 400))
            textures[p] = gpu.texture(image)
            reader.setPageSize(p, width: Double(image.width), height: Double(image.height))
        }
        reader.go(toPage: 2)
        let composer = SceneComposer(background: RGBA(0.16, 0.16, 0.17))
        let box = Rect(x: 80, y: 120, width: 480, height: 160)
        let buffers = try (0..<age).map { _ in try OffscreenTarget(width: width, height: height, limits: gpu.renderer.limits) }
        var tracker = DamageTracker()
        var partialFrames = 0
        for frame in 0..<30 {
            var scene = composer.scene(reader.frame, textures: textures)
            let seconds = 20 - frame / 10
            scene.panels.idleWarning = IdleWarningPanel(title: "Still reading?",
                                                        line: "The book closes in \(seconds) s — touch anywhere to continue",
                                                        box: box, left: 1 - Double(frame) / 40, opacity: min(1, Double(frame) / 5))
            let buffer = buffers[frame % age]
            let region = tracker.damage(for: scene, bufferAge: frame < age ? 0 : age, size: (Double(width), Double(height)))
            if let region, frame > age {
                partialFrames += 1
                let area = region.rects.reduce(0) { $0 + $1.width * $1.height }
                #expect(area <= (box.width + 8) * (box.height + 40), "frame \(frame): \(region.rects)")
            }
            buffer.bind()
            gpu.renderer.draw(scene, width: width, height: height, clip: region)
            let (whole, _) = gpu.render(scene)
            let partial = buffer.readPixelsBottomUp()
            var far = 0
            for y in 0..<height {
                let a = (height - 1 - y) * width * 4, b = y * width * 4
                for i in 0..<(width * 4) where abs(Int(partial[a + i]) - Int(whole.pixels[b + i])) > 6 { far += 1 }
            }
            #expect(far == 0, "age \(age) frame \(frame): \(far) channels differ")
        }
        #expect(partialFrames >= 25, "damage-limited frames: \(partialFrames)")
        #expect(GLErrors.drain().isEmpty)
    }
}
