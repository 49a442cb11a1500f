import ArgumentParser
import Book
import Decoding
import Geometry
import Glibc
import Renderer

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure frame costs, decode times and start-up offscreen (EGL surfaceless).",
        discussion: """
        The floor is the resting view drawn as plain textured quads; curl frames sweep a page turn across \
        the page. Each frame is timed from submit to glFinish. Warm-up frames are excluded; figures are \
        medians over several runs, with p99.
        """)

    @OptionGroup var bookOptions: BookOptions

    @Option(help: "Frame size WxH in pixels.")
    var size: Size = Size(argument: "1920x1080")!

    @Option(help: "Frames per measured run.")
    var frames: Int = 120

    @Option(help: "Measured runs (after one warm-up run).")
    var runs: Int = 3

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let started = EventLog.now()
        let book = try bookOptions.location()
        let egl: EGLDisplayContext
        let renderer: SceneRenderer
        let target: OffscreenTarget
        do {
            egl = try EGLDisplayContext(.surfaceless)
            try egl.makeCurrentSurfaceless()
            renderer = try SceneRenderer()
            target = try OffscreenTarget(width: size.width, height: size.height)
        } catch let e as RendererError {
            throw RectoExit(.graphics, "no usable EGL/OpenGL ES 2: \(e.description)")
        }
        target.bind()
        let loader = PageLoader(maxTextureSize: renderer.maxTextureSize)
        var results = BenchResults()
        // Start-up: decode page 1 and draw the first frame, as the window does.
        var textures: [Int: Texture] = [:]
        var sizes: [Int: Book.PixelSize] = [:]
        func load(_ page: Int) {
            guard page >= 1, page <= book.pages.count, textures[page] == nil else { return }
            let t0 = EventLog.now()
            if case .success(let image) = loader.loadNow(page: page, path: book.pages[page - 1]).result {
                results.decodeMs.append(EventLog.now() - t0)
                textures[page] = image.pixels.withUnsafeBytes {
                    renderer.makeTexture(width: image.width, height: image.height, pixels: $0)
                }
                sizes[page] = Book.PixelSize(width: Double(image.width), height: Double(image.height))
            }
        }
        let window = (width: Double(size.width), height: Double(size.height))
        let composer = SceneComposer(background: try bookOptions.backgroundColour())
        let singleLayout = SpreadLayout(pageCount: book.pages.count, mode: .single)
        load(1)
        renderer.draw(composer.scene(spread: singleLayout.spread(at: 0), window: window, textures: textures, sizes: sizes),
                      width: size.width, height: size.height)
        OffscreenTarget.finish()
        results.firstFrameMs = EventLog.now() - started
        for p in 2...min(5, max(2, book.pages.count)) { load(p) }

        let doubleLayout = SpreadLayout(pageCount: book.pages.count, mode: .double)
        let cases: [(String, Spread, Spread?)] = [
            ("single", singleLayout.spread(at: 0), singleLayout.spread(at: min(1, singleLayout.spreadCount - 1))),
            ("spread", doubleLayout.spread(at: min(1, doubleLayout.spreadCount - 1)),
             doubleLayout.spread(at: min(2, doubleLayout.spreadCount - 1))),
        ]
        for (name, spread, next) in cases {
            let rest = composer.scene(spread: spread, window: window, textures: textures, sizes: sizes)
            var floor = rest
            floor.plain = true
            let floorTimes = measure { _ in floor }
            let curlTimes = measure { i in
                sweepScene(rest: rest, next: next.map { composer.scene(spread: $0, window: window, textures: textures, sizes: sizes) },
                           spread: spread, textures: textures, frame: i)
            }
            results.cases.append(.init(name: name, floor: floorTimes, curl: curlTimes, vertices: renderer.lastCurlVertexCount))
        }
        let errors = GLErrors.drain()
        results.glErrors = errors.count
        _ = egl
        print(json ? results.json(size: size) : results.table(size: size))

        func measure(_ scene: (Int) -> FrameScene) -> [Double] {
            var all: [[Double]] = []
            for run in 0...runs {
                var times: [Double] = []
                for i in 0..<frames {
                    let s = scene(i)
                    let t0 = EventLog.now()
                    renderer.draw(s, width: size.width, height: size.height)
                    OffscreenTarget.finish()
                    times.append(EventLog.now() - t0)
                }
                if run > 0 { all.append(times) }  // run 0 warms up
            }
            return all.flatMap { $0 }
        }

        func sweepScene(rest: FrameScene, next: FrameScene?, spread: Spread, textures: [Int: Texture], frame i: Int) -> FrameScene {
            var s = rest
            guard let turning = rest.pages.last else { return s }
            s.pages.removeLast()
            let t = Double(i % frames) / Double(frames)
            let w = turning.rect.width, h = turning.rect.height
            // A diagonal fold sweeping from the outer edge past the spine, radius shrinking toward the end.
            let angle = 0.35 * (1 - t)
            let normal = Vec2(Geometry.cos(angle), -Geometry.sin(angle))
            let axis = Vec2(w * (1 - t * 1.1), h)
            let beneathPage = next?.pages.last
            s.curl = CurlLayer(rect: turning.rect, axisPoint: axis, axisNormal: normal, radius: 60 * (1 - t) + 4,
                               front: turning.texture, back: next?.pages.first?.texture,
                               backIsSeparatePage: spread.mode == .double,
                               beneath: beneathPage.map { PageQuad(texture: $0.texture, rect: turning.rect) })
            return s
        }
    }
}

struct BenchResults {
    struct Case { let name: String; let floor: [Double]; let curl: [Double]; let vertices: Int }
    var firstFrameMs = 0.0
    var decodeMs: [Double] = []
    var cases: [Case] = []
    var glErrors = 0

    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        guard !xs.isEmpty else { return .nan }
        let s = xs.sorted()
        return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
    }

    func table(size: Size) -> String {
        func f(_ x: Double) -> String { String(format1: x) }
        var out = "recto bench at \(size.width)×\(size.height) (ms; submit to glFinish)\n"
        out += "case     floor p50  floor p99  curl p50  curl p99  p50 ratio  p99 ratio  curl vertices\n"
        for c in cases {
            let fp50 = Self.percentile(c.floor, 0.5), fp99 = Self.percentile(c.floor, 0.99)
            let cp50 = Self.percentile(c.curl, 0.5), cp99 = Self.percentile(c.curl, 0.99)
            let columns: [String] = [c.name.padding(8), f(fp50).padding(10), f(fp99).padding(10), f(cp50).padding(9),
                                     f(cp99).padding(9), f(cp50 / fp50).padding(10), f(cp99 / fp99).padding(10),
                                     String(c.vertices)]
            out += columns.joined(separator: " ") + "\n"
        }
        out += "page decode p50: \(f(Self.percentile(decodeMs, 0.5))) ms over \(decodeMs.count) pages\n"
        out += "offscreen time to first frame: \(f(firstFrameMs)) ms\n"
        out += "GL errors: \(glErrors)"
        return out
    }

    func json(size: Size) -> String {
        var parts: [String] = ["\"size\":\"\(size.width)x\(size.height)\""]
        var cs: [String] = []
        for c in cases {
            let fp50 = Self.percentile(c.floor, 0.5), fp99 = Self.percentile(c.floor, 0.99)
            let cp50 = Self.percentile(c.curl, 0.5), cp99 = Self.percentile(c.curl, 0.99)
            cs.append("{\"case\":\"\(c.name)\",\"floor_p50_ms\":\(fp50),\"floor_p99_ms\":\(fp99),\"curl_p50_ms\":\(cp50),\"curl_p99_ms\":\(cp99),\"p50_ratio\":\(cp50 / fp50),\"p99_ratio\":\(cp99 / fp99),\"curl_vertices\":\(c.vertices)}")
        }
        parts.append("\"cases\":[\(cs.joined(separator: ","))]")
        parts.append("\"decode_p50_ms\":\(Self.percentile(decodeMs, 0.5))")
        parts.append("\"first_frame_ms\":\(firstFrameMs)")
        parts.append("\"gl_errors\":\(glErrors)")
        return "{\(parts.joined(separator: ","))}"
    }
}

extension String {
    init(format1 x: Double) {
        guard x.isFinite else { self = "n/a"; return }
        let r = (x * 100).rounded() / 100
        self = String(r)
    }
    func padding(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}
