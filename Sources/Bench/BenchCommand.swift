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

/// What one measured sweep (or resting view) cost, frame by frame: each run's wall-clock milliseconds (submit
/// to glFinish) and the process's CPU milliseconds over the same span (every thread: llvmpipe's rasterising
/// threads too; other programs' load moves it far less than the wall clock).
struct FrameTimes {
    /// Frames per run: `wall[i]` and `cpu[i]` hold frame `i % frames` of the sweep.
    let frames: Int
    var wall: [Double] = []
    var cpu: [Double] = []
    var index: [Int] = []

    init(frames: Int) { self.frames = frames }

    mutating func append(frame i: Int, wall w: Double, cpu c: Double) {
        index.append(i % frames); wall.append(w); cpu.append(c)
    }

    /// Per frame of the sweep, the median over the runs.
    func perFrame(_ values: [Double]) -> [Double] {
        var byFrame = [[Double]](repeating: [], count: frames)
        for (i, v) in zip(index, values) { byFrame[i].append(v) }
        return byFrame.map { BenchResults.percentile($0, 0.5) }
    }

    /// The frames of the sweep's last fifth (where a single page's leaf fades over the background).
    var lastFifth: Range<Int> { (frames * 4 / 5)..<frames }

    /// `values` cut into the measured runs, in the order they ran (each run appends `frames` values).
    func byRun(_ values: [Double]) -> [ArraySlice<Double>] {
        stride(from: 0, to: values.count, by: frames).map { values[$0..<min(values.count, $0 + frames)] }
    }
}

struct BenchResults {
    struct Case { let name: String; let floor: FrameTimes; let curl: FrameTimes; let damaged: [Double]; let vertices: Int }
    /// Per pass, the frame cost (CPU ms, p50) without it: at rest, over the sweep, over the sweep's last fifth.
    struct PassCost { let name: String; let rest: Double; let sweep: Double; let lastFifth: Double }
    var renderer = ""
    var firstFrameMs = 0.0
    var decodeMs: [Double] = []
    var uploadMs: [Double] = []
    var cases: [Case] = []
    /// Per case: each pass left out in turn (the first row: nothing left out).
    var breakdowns: [(name: String, passes: [PassCost])] = []
    var glErrors = 0
    var solverNs = 0.0
    /// `--codecs`: (label, ms) rows.
    var codecs: [(String, Double)] = []

    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        guard !xs.isEmpty else { return .nan }
        let s = xs.sorted()
        return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
    }

    /// The sweep's last fifth against the floor, in CPU time: each frame's median over the runs, divided by
    /// the floor's median; the median and the largest of those ratios.
    static func lastFifth(_ c: Case) -> (cpuMs: Double, ratio: Double, maxRatio: Double) {
        let floorCPU = percentile(c.floor.cpu, 0.5)
        let frames = Array(c.curl.perFrame(c.curl.cpu)[c.curl.lastFifth])
        let p50 = percentile(frames, 0.5)
        return (p50, p50 / floorCPU, (frames.max() ?? .nan) / floorCPU)
    }

    /// The same ratio within each run (its last fifth's median ÷ the floor's median over the floor run beside it):
    /// how far the machine moved it between runs a second apart.
    static func lastFifthByRun(_ c: Case) -> [Double] {
        zip(c.floor.byRun(c.floor.cpu), c.curl.byRun(c.curl.cpu)).map { floor, curl in
            let fifth = curl.dropFirst(c.curl.lastFifth.lowerBound)
            return percentile(Array(fifth), 0.5) / percentile(Array(floor), 0.5)
        }
    }

    func table(size: Size) -> String {
        func f(_ x: Double) -> String { String(format1: x) }
        var out = "recto bench at \(size.width)×\(size.height) (ms; submit to glFinish) on \(renderer)\n"
        out += "case     floor p50  floor p99  curl p50  curl p99  p50 ratio  p99 ratio  damaged p50  damaged p99  curl vertices\n"
        for c in cases {
            let fp50 = Self.percentile(c.floor.wall, 0.5), fp99 = Self.percentile(c.floor.wall, 0.99)
            let cp50 = Self.percentile(c.curl.wall, 0.5), cp99 = Self.percentile(c.curl.wall, 0.99)
            let columns: [String] = [c.name.padding(8), f(fp50).padding(10), f(fp99).padding(10), f(cp50).padding(9),
                                     f(cp99).padding(9), f(cp50 / fp50).padding(10), f(cp99 / fp99).padding(10),
                                     f(Self.percentile(c.damaged, 0.5)).padding(12), f(Self.percentile(c.damaged, 0.99)).padding(12),
                                     String(c.vertices)]
            out += columns.joined(separator: " ") + "\n"
        }
        out += "CPU time (all threads) p50: floor / curl / the sweep's last fifth, and the last fifth ÷ floor (median, most)\n"
        for c in cases {
            let last = Self.lastFifth(c)
            out += "  " + c.name.padding(8) + f(Self.percentile(c.floor.cpu, 0.5)) + " / " + f(Self.percentile(c.curl.cpu, 0.5))
                + " / " + f(last.cpuMs) + " ms, ÷ floor " + f(last.ratio) + ", most " + f(last.maxRatio)
                + "; run by run " + Self.lastFifthByRun(c).map(f).joined(separator: ", ") + "\n"
        }
        out += "page decode p50: \(f(Self.percentile(decodeMs, 0.5))) ms over \(decodeMs.count) pages\n"
        out += "texture upload with mipmaps p50: \(f(Self.percentile(uploadMs, 0.5))) ms, max \(f(uploadMs.max() ?? 0)) ms\n"
        out += "curl solver: \(f(solverNs)) ns per call\n"
        out += "offscreen time to first frame: \(f(firstFrameMs)) ms\n"
        out += "GL errors: \(glErrors)"
        for (label, value) in codecs { out += "\n\(label): \(f(value))\(label.hasSuffix("ns per call") ? "" : " ms")" }
        for b in breakdowns {
            // Frame cost without the pass subtracted from the whole frame's (medians; noise can make it < 0).
            guard let whole = b.passes.first else { continue }
            out += "\n\(b.name): what each pass costs in a frame (CPU ms, p50 of the whole frame minus p50 without it), "
                + "at rest / sweep / sweep's last fifth\n"
            out += "  " + "whole frame".padding(26) + f(whole.rest).padding(8) + f(whole.sweep).padding(8) + f(whole.lastFifth) + "\n"
            for p in b.passes.dropFirst() {
                out += "  " + p.name.padding(26) + f(whole.rest - p.rest).padding(8) + f(whole.sweep - p.sweep).padding(8)
                    + f(whole.lastFifth - p.lastFifth) + "\n"
            }
        }
        return out
    }

    func json(size: Size) -> String {
        func list(_ xs: [Double]) -> String { "[" + xs.map { String($0, decimals: 3) }.joined(separator: ",") + "]" }
        var parts: [String] = ["\"size\":\"\(size.width)x\(size.height)\"", "\"renderer\":\(JSONText.string(renderer))"]
        var cs: [String] = []
        for c in cases {
            let fp50 = Self.percentile(c.floor.wall, 0.5), fp99 = Self.percentile(c.floor.wall, 0.99)
            let cp50 = Self.percentile(c.curl.wall, 0.5), cp99 = Self.percentile(c.curl.wall, 0.99)
            let last = Self.lastFifth(c)
            let fifth = c.curl.lastFifth
            let lastWall = Array(c.curl.perFrame(c.curl.wall)[fifth])
            // Per frame of the sweep (medians over the runs): what the last fifth's figures are made of.
            let frames = "{\"last_fifth_from\":\(fifth.lowerBound),\"wall_ms\":\(list(c.curl.perFrame(c.curl.wall))),\"cpu_ms\":\(list(c.curl.perFrame(c.curl.cpu)))}"
            cs.append("{\"case\":\"\(c.name)\",\"floor_p50_ms\":\(fp50),\"floor_p99_ms\":\(fp99),\"curl_p50_ms\":\(cp50),\"curl_p99_ms\":\(cp99),\"p50_ratio\":\(cp50 / fp50),\"p99_ratio\":\(cp99 / fp99),\"damaged_p50_ms\":\(Self.percentile(c.damaged, 0.5)),\"damaged_p99_ms\":\(Self.percentile(c.damaged, 0.99)),\"curl_vertices\":\(c.vertices),"
                + "\"floor_cpu_p50_ms\":\(Self.percentile(c.floor.cpu, 0.5)),\"curl_cpu_p50_ms\":\(Self.percentile(c.curl.cpu, 0.5)),"
                + "\"last_fifth\":{\"wall_p50_ms\":\(Self.percentile(lastWall, 0.5)),\"cpu_p50_ms\":\(last.cpuMs),\"cpu_ratio\":\(last.ratio),\"cpu_ratio_max\":\(last.maxRatio),\"cpu_ratio_by_run\":\(list(Self.lastFifthByRun(c)))},"
                + "\"frames\":\(frames)}")
        }
        parts.append("\"cases\":[\(cs.joined(separator: ","))]")
        if !breakdowns.isEmpty {
            let bs = breakdowns.map { b in
                "{\"case\":\"\(b.name)\",\"cpu_p50_ms_without\":[" + b.passes.map {
                    "{\"pass\":\(JSONText.string($0.name)),\"rest\":\($0.rest),\"sweep\":\($0.sweep),\"last_fifth\":\($0.lastFifth)}"
                }.joined(separator: ",") + "]}"
            }
            parts.append("\"breakdown\":[\(bs.joined(separator: ","))]")
        }
        parts.append("\"decode_p50_ms\":\(Self.percentile(decodeMs, 0.5))")
        parts.append("\"first_frame_ms\":\(firstFrameMs)")
        parts.append("\"solver_ns\":\(solverNs)")
        parts.append("\"upload_p50_ms\":\(Self.percentile(uploadMs, 0.5))")
        parts.append("\"gl_errors\":\(glErrors)")
        if !codecs.isEmpty {
            parts.append("\"codecs\":{\(codecs.map { "\(JSONText.string($0.0)):\($0.1)" }.joined(separator: ","))}")
        }
        return "{\(parts.joined(separator: ","))}"
    }
}
