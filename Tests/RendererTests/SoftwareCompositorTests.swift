import Book
import Decoding
import Foundation
import Geometry
import Gestures
import Reader
import Renderer
import Testing

/// The CPU-drawn first frame (shown through wl_shm before the GL exists) against the GL's frame of the same
/// reader state, drawn the way the window draws it: pages decoded to fit the buffer, the view scaled by the
/// buffer scale. The first GL frame replaces the CPU one, so they must look the same.
@Suite(.serialized) struct SoftwareCompositorTests {
    static let demoBook = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets/DemoBook")
    static let background = RGBA(hex: "#202124")!

    struct Case: CustomStringConvertible {
        let name: String
        /// Logical window size and buffer scale.
        let width: Int, height: Int, scale: Double
        let spread: SpreadPreference
        let page: Int
        /// Pages drawn as plain paper (still decoding).
        var missing: Set<Int> = []
        /// Replaces the demo pages by one with transparent areas (paper must show through).
        var transparent = false
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "single", width: 960, height: 540, scale: 1, spread: .single, page: 3),
        Case(name: "spread", width: 960, height: 540, scale: 1, spread: .double, page: 4),
        Case(name: "cover alone in a spread", width: 1280, height: 800, scale: 1, spread: .double, page: 1),
        Case(name: "spread at buffer scale 2", width: 640, height: 360, scale: 2, spread: .double, page: 2),
        Case(name: "portrait window", width: 600, height: 900, scale: 1, spread: .auto, page: 5),
        Case(name: "spread with a page still decoding", width: 960, height: 540, scale: 1, spread: .double, page: 6,
             missing: [7]),
        Case(name: "transparent page over paper", width: 960, height: 540, scale: 1, spread: .single, page: 2,
             transparent: true),
    ]

    @Test(arguments: cases) func cpuFrameMatchesTheGLFrame(_ c: Case) throws {
        let bufferWidth = Int((Double(c.width) * c.scale).rounded()), bufferHeight = Int((Double(c.height) * c.scale).rounded())
        let gpu = try TestGPU(width: bufferWidth, height: bufferHeight)
        var config = ReaderConfig()
        config.spread = c.spread
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.demoBook.path).filter { $0.hasSuffix(".png") }
        let files = naturallySorted(names).map { Self.demoBook.appendingPathComponent($0).path }
        var reader = Reader(pageCount: files.count, config: config)
        reader.resize(width: Double(c.width), height: Double(c.height))
        reader.go(toPage: c.page)
        var textures: [Int: Texture] = [:]
        var pixels: [Int: PagePixels] = [:]
        // The window's rule: each page decoded to fit the whole buffer.
        let fit = PixelSize(width: bufferWidth, height: bufferHeight)
        for p in Set(reader.frame.pages.map(\.page)) where !c.missing.contains(p) {
            let image = c.transparent ? Self.transparentPage().downscaled(toFit: fit)
                : try ImageDecoder.decode(contentsOf: files[p - 1], fitting: fit)
            textures[p] = gpu.texture(image)
            pixels[p] = PagePixels(width: image.width, height: image.height, rgba: image.pixels)
            reader.setPageSize(p, width: Double(image.width), height: Double(image.height))
        }
        let composer = SceneComposer(background: Self.background)
        var scene = composer.scene(reader.frame, textures: textures)
        scene.view = Affine2.scale(c.scale).concatenating(scene.view)
        let (gl, errors) = gpu.render(scene)
        #expect(errors.isEmpty, "GL errors \(errors)")

        let software = try #require(composer.softwareScene(reader.frame, pixels: pixels, renderScale: c.scale))
        var cpu = [UInt8](repeating: 0, count: bufferWidth * bufferHeight * 4)
        cpu.withUnsafeMutableBytes {
            SoftwareCompositor.draw(software, into: $0.baseAddress!, width: bufferWidth, height: bufferHeight,
                                    stride: bufferWidth * 4, order: .rgba)
        }
        // Drawn in bands (as two threads do in the window), the frame is the same.
        var banded = [UInt8](repeating: 0, count: cpu.count)
        banded.withUnsafeMutableBytes {
            for band in [0..<bufferHeight / 3, bufferHeight / 3..<bufferHeight / 2, bufferHeight / 2..<bufferHeight] {
                SoftwareCompositor.draw(software, into: $0.baseAddress!, width: bufferWidth, height: bufferHeight,
                                        stride: bufferWidth * 4, order: .rgba, band: band)
            }
        }
        #expect(banded == cpu, "\(c.name): the banded frame differs from the whole one")
        let (mean, within16, worst) = Self.difference(gl.pixels, cpu)
        print("software vs GL, \(c.name): mean |Δ| \(mean), \(within16 * 100) % within 16, worst \(worst)")
        // Measured: mean 0.02–0.12, every pixel within 5. Bilinear at 8-bit weights on both sides; the GL's
        // trilinear blend with the next mip level is what is left.
        if mean > 0.5 || within16 < 0.999 {
            try? PNGEncoder.write(RGBAImage(width: bufferWidth, height: bufferHeight, pixels: cpu),
                                  toFile: NSTemporaryDirectory() + "recto-software-\(c.name).png")
            try? PNGEncoder.write(gl, toFile: NSTemporaryDirectory() + "recto-gl-\(c.name).png")
        }
        #expect(mean <= 0.5, "\(c.name): mean channel difference \(mean)")
        #expect(within16 >= 0.999, "\(c.name): only \(within16 * 100) % of pixels within 16")
    }

    /// A leaf in mid-curl, or a rotated view, is left to the GL.
    @Test func framesTheCPUCannotDrawAreRefused() throws {
        var reader = Reader(pageCount: 8, config: ReaderConfig())
        reader.resize(width: 960, height: 540)
        reader.go(toPage: 2)
        for p in reader.neededPages { reader.setPageSize(p, width: 700, height: 990) }
        let composer = SceneComposer(background: Self.background)
        #expect(composer.softwareScene(reader.frame, pixels: [:]) != nil)
        let grab = Grab.corner(.bottomRight)
        let start = try #require(reader.grabStart(.forward, grab: grab))
        _ = reader.apply(.curlBegin(CurlBegin(direction: .forward, grab: grab, start: start,
                                              position: start + Vec2(-200, -80), source: .touch)), at: 0)
        #expect(composer.softwareScene(reader.frame, pixels: [:]) == nil)

        var turned = reader.frame
        turned.leaf = nil
        turned.view = Affine2.rotation(0.3)
        #expect(composer.softwareScene(turned, pixels: [:]) == nil)
    }

    /// Per-channel mean absolute difference, the share of pixels whose channels all differ by at most 16,
    /// and the largest channel difference.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (mean: Double, within16: Double, worst: Int) {
        var total = 0, within = 0, worst = 0
        var i = 0
        while i < a.count {
            var pixelWorst = 0
            for k in 0..<3 {
                let d = abs(Int(a[i + k]) - Int(b[i + k]))
                total += d
                pixelWorst = max(pixelWorst, d)
            }
            if pixelWorst <= 16 { within += 1 }
            worst = max(worst, pixelWorst)
            i += 4
        }
        let pixels = a.count / 4
        return (Double(total) / Double(pixels * 3), Double(within) / Double(pixels), worst)
    }

    /// 700×990: coloured bands, with a fully transparent hole and a half-transparent stripe, so the paper under
    /// the page shows in both.
    static func transparentPage() -> RGBAImage {
        let w = 700, h = 990
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                px[i] = UInt8((x * 255) / w)
                px[i + 1] = UInt8((y * 255) / h)
                px[i + 2] = (x / 50 + y / 50) % 2 == 0 ? 40 : 200
                let hole = (x - 350) * (x - 350) + (y - 300) * (y - 300) < 120 * 120
                px[i + 3] = hole ? 0 : (y > 600 && y < 700 ? 128 : 255)
            }
        }
        return RGBAImage(width: w, height: h, pixels: px)
    }
}
