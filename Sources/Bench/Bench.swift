import ArgumentParser
import Book
import Config
import Control
import Curl
import Decoding
import Diagnostics
import Geometry
import Gestures
import Glibc
import Invocation
import Posix
import Reader
import Renderer

public struct Bench: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        abstract: "Measure frame costs, decode times and start-up offscreen (EGL surfaceless).",
        discussion: """
        The floor is the resting view drawn as plain textured quads; curl frames sweep a page turn across \
        the page. Each frame is timed from submit to glFinish, in wall-clock time and in the process's CPU \
        time (all threads; steadier than the wall clock on a loaded machine). Warm-up frames are excluded; \
        figures are medians over several runs, with p99. The JSON holds each frame of the sweep (medians over \
        the runs) and the sweep's last fifth against the floor in CPU time, where a single page's leaf fades \
        over the background.

        SETTING FLAGS (also keys of the configuration file; flags win)
        \(SettingsDocs.flagHelp(scope: .everyCommand))

        \(ExitStatus.helpSection([.ok, .usage, .graphics]))
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

    @Flag(help: "Also measure what each pass of a frame costs, by leaving it out (slower; for profiling).")
    var breakdown = false

    @Flag(help: "Also measure encode and decode times of a synthetic 2000×2800 page and the solver's lift phase.")
    var codecs = false

    public func run() throws {
        let started = monotonicMilliseconds()
        let book = try bookOptions.location()
        let gpu = try OffscreenGPU(width: size.width, height: size.height)
        var results = BenchResults()
        results.renderer = GLLimits.rendererName
        let composer = SceneComposer(background: try bookOptions.backgroundColour())
        let w = Double(size.width), h = Double(size.height)

        // Start-up: decode page 1 and draw the first frame, as the window does.
        var first = Reader(pageCount: book.pageCount, config: bookOptions.readerConfig(for: book))
        first.resize(width: w, height: h)
        let firstTextures = gpu.loadPages([1], of: book, into: &first) { results.decodeMs.append($0) }
        gpu.draw(composer.scene(first.frame, textures: firstTextures))
        OffscreenTarget.finish()
        results.firstFrameMs = monotonicMilliseconds() - started

        for mode in [SpreadPreference.single, .double] {
            var config = bookOptions.readerConfig(for: book)
            config.spread = mode
            var reader = Reader(pageCount: book.pageCount, config: config)
            reader.resize(width: w, height: h)
            // A spread with pages on both sides (page 2 in double mode).
            reader.go(toPage: min(2, book.pageCount))
            let textures = gpu.loadPages(reader.neededPages, of: book, into: &reader,
                                         timings: { results.decodeMs.append($0) }, uploads: { results.uploadMs.append($0) })
            var rest = composer.scene(reader.frame, textures: textures)
            rest.plain = true
            guard let start = reader.grabStart(.forward, grab: .corner(.bottomRight)) else { continue }
            let leafWidth = reader.frame.pages.last.map { $0.rect.width } ?? w / 2
            var sweep = reader
            _ = sweep.apply(.curlBegin(CurlBegin(direction: .forward, grab: .corner(.bottomRight), start: start,
                                                 position: start, source: .touch)), at: 0)
            var vertices = 0
            let damaged = measureDamaged(reader: reader, start: start, finger: finger, textures: textures)
            // The corner sweeps from its home across the page and past the spine on a shallow arc.
            func finger(_ i: Int) -> Vec2 {
                let t = Double(i % frames) / Double(frames)
                return Vec2(start.x - t * 1.9 * leafWidth, start.y - Geometry.sin(t * Geometry.pi) * 0.25 * h)
            }
            let (floor, curl) = measurePair({ _ in rest }, { i in
                _ = sweep.apply(.curlMove(finger(i)), at: Double(i % frames) / Double(frames))
                let s = composer.scene(sweep.frame, textures: textures)
                vertices = max(vertices, gpu.renderer.lastCurlVertexCount)
                return s
            })
            results.cases.append(.init(name: mode == .single ? "single" : "spread", floor: floor, curl: curl,
                                       damaged: damaged, vertices: vertices))
            if breakdown {
                var turning = reader
                _ = turning.apply(.curlBegin(CurlBegin(direction: .forward, grab: .corner(.bottomRight), start: start,
                                                       position: start, source: .touch)), at: 0)
                let passes = passCosts(rest: { _ in rest }, sweep: { i in
                    _ = turning.apply(.curlMove(finger(i)), at: Double(i) / Double(frames))
                    return composer.scene(turning.frame, textures: textures)
                })
                results.breakdowns.append((mode == .single ? "single" : "spread", passes))
            }
        }
        results.solverNs = solverCost()
        if codecs { results.codecs = try BenchCodecs.measure() }
        results.glErrors = GLErrors.drain().count
        print(json ? results.json(size: size) : results.table(size: size))

        /// The same sweep repainting only what changed since the previous frame (the offscreen target keeps
        /// its contents, like a back buffer of age 1).
        func measureDamaged(reader: Reader, start: Vec2, finger: (Int) -> Vec2, textures: [Int: Texture]) -> [Double] {
            var all: [Double] = []
            for run in 0...runs {
                var sweep = reader
                _ = sweep.apply(.curlBegin(CurlBegin(direction: .forward, grab: .corner(.bottomRight), start: start,
                                                     position: start, source: .touch)), at: 0)
                var tracker = DamageTracker()
                for i in 0..<frames {
                    _ = sweep.apply(.curlMove(finger(i)), at: Double(i) / Double(frames))
                    let s = composer.scene(sweep.frame, textures: textures)
                    let clip = tracker.damage(for: s, bufferAge: 1, size: (w, h))
                    let t0 = monotonicMilliseconds()
                    gpu.target.bind()
                    gpu.renderer.draw(s, width: size.width, height: size.height, clip: clip)
                    OffscreenTarget.finish()
                    if run > 0 && i > 0 { all.append(monotonicMilliseconds() - t0) }
                }
            }
            return all
        }

        /// Per pass, the median frame cost (CPU time) at rest, over the sweep and over its last fifth with that
        /// pass left out, and with nothing left out (first): the difference is what the pass costs inside a
        /// whole frame.
        func passCosts(rest: (Int) -> FrameScene, sweep: (Int) -> FrameScene) -> [BenchResults.PassCost] {
            func cost(_ name: String) -> BenchResults.PassCost {
                let (r, s) = measurePair(rest, sweep)
                let last = s.perFrame(s.cpu)[s.lastFifth]
                return .init(name: name, rest: BenchResults.percentile(r.cpu, 0.5), sweep: BenchResults.percentile(s.cpu, 0.5),
                             lastFifth: BenchResults.percentile(Array(last), 0.5))
            }
            var out = [cost("whole frame")]
            for pass in SceneRenderer.Pass.allCases {
                gpu.renderer.skippedPass = pass
                out.append(cost(pass.rawValue))
            }
            gpu.renderer.skippedPass = nil
            return out
        }

        /// The floor and the sweep in alternate runs: a ratio of the two is taken under the same conditions, where
        /// a block of one then a block of the other put whatever drifted between them (the other core's load, the
        /// clock) into the ratio (single page ÷ floor p50 1.06–1.73 over three quiet runs so).
        func measurePair(_ a: (Int) -> FrameScene, _ b: (Int) -> FrameScene) -> (FrameTimes, FrameTimes) {
            var first = FrameTimes(frames: frames), second = FrameTimes(frames: frames)
            for run in 0...runs {
                time(a, into: &first, measured: run > 0)   // run 0 warms up
                time(b, into: &second, measured: run > 0)
            }
            return (first, second)
        }

        func time(_ scene: (Int) -> FrameScene, into times: inout FrameTimes, measured: Bool) {
            for i in 0..<frames {
                let s = scene(i)
                let t0 = monotonicMilliseconds(), c0 = milliseconds(on: CLOCK_PROCESS_CPUTIME_ID)
                gpu.draw(s)
                OffscreenTarget.finish()
                if measured {
                    times.append(frame: i, wall: monotonicMilliseconds() - t0, cpu: milliseconds(on: CLOCK_PROCESS_CPUTIME_ID) - c0)
                }
            }
        }
    }

    /// Nanoseconds per solver call over random fingers on a 1000×1400 page.
    private func solverCost() -> Double {
        let page = CurlPage(width: 1000, height: 1400, spine: .left)
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let fingers = (0..<20_000).map { _ in Vec2(next() * 2000 - 1000, next() * 1400) }
        var sink = 0.0
        let t0 = monotonicMilliseconds()
        for f in fingers { sink += solveCurl(page: page, grab: .br, finger: f).progress }
        let ms = monotonicMilliseconds() - t0
        if sink.isNaN { print("") }
        return ms * 1_000_000 / Double(fingers.count)
    }
}
