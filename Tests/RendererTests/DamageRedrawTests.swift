import Book
import Decoding
import Foundation
import Geometry
import Gestures
import Reader
import Renderer
import Testing
import TestSupport

/// Damage-limited frames must look exactly like full frames: a page turn is drawn frame by frame into
/// buffers that keep their contents (as EGL back buffers of age 1, 2 and 3 do), repainting only the damage,
/// and every frame is compared with the same frame drawn whole.
@Suite(.serialized) struct DamageRedrawTests {
    struct Path { let mode: SpreadPreference; let forward: Bool; let grab: Grab; let seed: UInt64 }

    static let demoBook = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets/DemoBook")

    func pixels(_ target: OffscreenTarget) -> [UInt8] { target.readPixelsBottomUp() }

    @Test(arguments: [1, 2, 3])
    func damageLimitedFramesEqualFullFrames(age: Int) throws {
        let width = 640, height = 400
        let gpu = try TestGPU(width: width, height: height)
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.demoBook.path).filter { $0.hasSuffix(".png") }
        let files = naturallySorted(names).map { Self.demoBook.appendingPathComponent($0).path }
        var textures: [Int: Texture] = [:]
        var sizes: [Int: (Double, Double)] = [:]
        for p in 1...6 {
            let image = try ImageDecoder.decode(contentsOf: files[p - 1], fitting: PixelSize(width: 400, height: 400))
            textures[p] = gpu.texture(image)
            sizes[p] = (Double(image.width), Double(image.height))
        }
        let paths = [Path(mode: .single, forward: true, grab: .corner(.bottomRight), seed: 1),
                     Path(mode: .double, forward: true, grab: .corner(.topRight), seed: 2),
                     Path(mode: .double, forward: false, grab: .corner(.bottomLeft), seed: 3),
                     Path(mode: .single, forward: true, grab: .edge(.right), seed: 4)]
        let composer = SceneComposer(background: RGBA(0.16, 0.16, 0.17))
        for path in paths {
            var config = ReaderConfig()
            config.spread = path.mode
            var reader = Reader(pageCount: 6, config: config)
            reader.resize(width: Double(width), height: Double(height))
            reader.go(toPage: 3)
            for (p, s) in sizes { reader.setPageSize(p, width: s.0, height: s.1) }
            let start = try #require(reader.grabStart(path.forward ? .forward : .backward, grab: path.grab))
            _ = reader.apply(.curlBegin(CurlBegin(direction: path.forward ? .forward : .backward, grab: path.grab,
                                                  start: start, position: start, source: .touch)), at: 0)
            // Buffers used in turn, as a swap chain of `age` buffers hands them back.
            let buffers = try (0..<age).map { _ in try OffscreenTarget(width: width, height: height, limits: gpu.renderer.limits) }
            var tracker = DamageTracker()
            var rng = SplitMix64(seed: path.seed)
            var finger = start
            let leaf = reader.frame.pages.last?.rect.width ?? 300
            var damagedFrames = 0
            for frame in 0..<36 {
                // Mostly small steps across the page, now and then a jump (a fast flick between frames).
                let step = frame % 9 == 8 ? 90.0 : 14.0
                finger = finger + Vec2((path.forward ? -1 : 1) * step * (0.5 + Double(rng.next() % 100) / 100),
                                       (Double(rng.next() % 100) - 55) / 100 * step)
                if abs(finger.x - start.x) > 1.8 * leaf { finger = start }
                _ = reader.apply(.curlMove(finger), at: Double(frame) / 60)
                let scene = composer.scene(reader.frame, textures: textures)
                let buffer = buffers[frame % age]
                let bufferAge = frame < age ? 0 : age
                let region = tracker.damage(for: scene, bufferAge: bufferAge, size: (Double(width), Double(height)))
                if region != nil { damagedFrames += 1 }
                buffer.bind()
                gpu.renderer.draw(scene, width: width, height: height, clip: region)
                let (whole, _) = gpu.render(scene)
                let partial = pixels(buffer)
                // `whole` is top-down, the buffer bottom-up.
                var worst = 0, far = 0
                for y in 0..<height {
                    let a = (height - 1 - y) * width * 4, b = y * width * 4
                    for i in 0..<(width * 4) {
                        let d = abs(Int(partial[a + i]) - Int(whole.pixels[b + i]))
                        worst = max(worst, d)
                        if d > 6 { far += 1 }
                    }
                }
                #expect(far == 0, "\(path.mode) forward=\(path.forward) \(path.grab) age \(age) frame \(frame): \(far) channels differ by more than 6 (worst \(worst))")
            }
            #expect(damagedFrames >= 28, "damage-limited frames: \(damagedFrames)")
            #expect(GLErrors.drain().isEmpty)
        }
    }
}
