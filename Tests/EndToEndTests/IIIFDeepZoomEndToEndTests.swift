import Decoding
import Foundation
import Geometry
import Testing

/// Deep zoom under weston at 1920×1080: a 6-canvas paged book whose first canvas is a 20,000 × 28,000
/// scan (RECTO_E2E_SCAN=WxH for another size), baked by `recto bake` and served by a plain HTTP server on
/// 127.0.0.1. The scan's centre is a one-pixel checkerboard: grey at fit, black and white only when the screen
/// shows the finest level's tiles. Read over HTTP, again with the server gone (the disk cache), and from the
/// baked folder itself; a server that answers garbage for the scan's tiles gives a placeholder and the book reads.
@Suite(.serialized) struct IIIFDeepZoomEndToEndTests {
    static let scanSize: (width: Int, height: Int) = {
        let text = ProcessInfo.processInfo.environment["RECTO_E2E_SCAN"] ?? "20000x28000"
        let parts = text.split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : (20000, 28000)
    }()
    /// The first canvas alone on the right of a 1920×1080 spread: its centre.
    static let centre = (x: 1330.0, y: 540.0)

    /// A baked book: the scan then five 2,000 × 2,800 pages.
    static let book: Result<URL, Error> = Result {
        let dir = try Scratch.makeDirectory("iiif")
        let scans = dir.appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: scans, withIntermediateDirectories: true)
        let script = RectoBinary.packageRoot.appendingPathComponent("scripts/make-test-scan.sh").path
        try run(script, ["\(scanSize.width)", "\(scanSize.height)", scans.appendingPathComponent("p1.jpg").path])
        try run(script, ["2000", "2800", scans.appendingPathComponent("p2.jpg").path])
        for n in 3...6 {
            try FileManager.default.copyItem(at: scans.appendingPathComponent("p2.jpg"), to: scans.appendingPathComponent("p\(n).jpg"))
        }
        let baked = dir.appendingPathComponent("book")
        let bake = try runRecto(["bake", scans.path, baked.path, "--title", "Deep book"], environment: ["PATH": "/usr/bin:/bin"], timeout: .seconds(600))
        guard case .exited(0) = bake.termination else { throw HarnessError.failed("recto bake failed", detail: bake.stderr) }
        return baked
    }

    static func run(_ program: String, _ arguments: [String]) throws {
        let child = try ChildProcess(program, arguments: arguments, environment: ["PATH": "/usr/bin:/bin"])
        let ended = try child.waitForExit(timeout: .seconds(600))
        guard case .exited(0) = ended else { throw HarnessError.failed("\(program) failed: \(ended)", detail: child.stderr?.text ?? "") }
    }

    @Test func aPinchToTheDeepestLevelShowsSourcePixelsOnlineOfflineAndBaked() throws {
        let book = try Self.book.get()
        let cache = try Scratch.makeDirectory("iiif-cache")
        var server: TileServer? = try TileServer(root: book.path)
        let url = "http://127.0.0.1:\(server!.port)/manifest.json"
        let environment = ["XDG_CACHE_HOME": cache.path]

        let online = try Self.deepZoom(arguments: [url], environment: environment, name: "online")
        #expect(online.peakKiB <= 300 * 1024, "peak RSS \(online.peakKiB) KiB")
        server = nil
        // Offline only the view the pinch gave online (the pans land where the machine's load takes them).
        let offline = try Self.deepZoom(arguments: [url], environment: environment, name: "offline", pans: 0)
        #expect(offline.peakKiB <= 300 * 1024, "peak RSS \(offline.peakKiB) KiB")
        let fresh = try Scratch.makeDirectory("iiif-cache-baked")
        let local = try Self.deepZoom(arguments: [book.path], environment: ["XDG_CACHE_HOME": fresh.path], name: "baked")
        #expect(local.peakKiB <= 300 * 1024, "peak RSS \(local.peakKiB) KiB")
        print("e2e IIIF deep zoom: region waits online \(online.waits) ms, offline \(offline.waits) ms, baked \(local.waits) ms; "
              + "peak RSS \(online.peakKiB / 1024) / \(offline.peakKiB / 1024) / \(local.peakKiB / 1024) MiB")
    }

    @Test func garbageTilesGiveAPlaceholderAndTheBookReadsOn() throws {
        let book = try Self.book.get()
        let cache = try Scratch.makeDirectory("iiif-cache-garbage")
        let server = try TileServer(root: book.path, garbageUnder: "/0001/")
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--kiosk", "http://127.0.0.1:\(server.port)/manifest.json"],
                                             environment: ["XDG_CACHE_HOME": cache.path], readyTimeout: .seconds(60))
        // Page 1 fails while the first frame is prepared, perhaps before `ready`: from the history either way.
        let failed = try session.history.first { $0.name == "page-failed" } ?? session.waitForEvent("page-failed", timeout: .seconds(60))
        #expect(failed.int("page") == 1, "\(failed)")
        #expect(failed.string("message")?.contains("is not an image of") == true, "\(failed)")
        let placeholder = try session.screenshot()
        try Self.save(placeholder, "garbage-placeholder")
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        let page = try session.waitForEvent("page", timeout: .seconds(30))
        #expect(page.int("page") == 2, "\(session.historyText)")
        // Pages 2 and 3 drawn: each 2,000 × 2,800 scan's centre is its checkerboard patch, grey at fit (a
        // placeholder is pale paper).
        let centres = [PixelRect(x: 580, y: 530, width: 20, height: 20), PixelRect(x: 1320, y: 530, width: 20, height: 20)]
        func drawn(_ image: RGBAImage) -> Bool { centres.allSatisfy { abs(image.meanColour(in: $0).luminance - 128) < 20 } }
        let spread = try session.screenshot(timeout: .seconds(60), until: drawn)
        try Self.save(spread, "garbage-spread-2-3")
        #expect(drawn(spread), "pages 2 and 3: \(centres.map { spread.meanColour(in: $0) })")
        #expect(!session.history.contains { $0.name == "page-failed" && $0.int("page") != 1 }, "\(session.historyText)")
    }

    /// A pinch let go at 1.05× of 1:1 lands on 1:1 exactly, on whole pixels: the checkerboard is the scan's own
    /// black and white pixels, one screen pixel each, not a resampled grey.
    @Test func aPinchLetGoNearOneToOneLandsThereAndShowsTheScansPixelsAsTheyAre() throws {
        let (session, scale) = try Self.pinchedNearOneToOne(by: 1.05, cache: "iiif-one")
        defer { session.stop() }
        #expect(abs(scale / Self.oneToOne - 1) < 0.005, "landed at \(scale), 1:1 at about \(Self.oneToOne)")
        _ = try session.waitForEvent("region", timeout: .seconds(120)) { $0.int("page") == 1 }
        let centreRect = PixelRect(x: 860, y: 440, width: 200, height: 200)
        let shot = try session.screenshot(timeout: .seconds(60)) { Self.sharpPairs($0, centreRect) >= 0.95 }
        try Self.save(shot, "one-to-one")
        #expect(Self.sharpPairs(shot, centreRect) >= 0.95,
                "horizontal neighbours differing by 200 or more: \(Self.sharpPairs(shot, centreRect))")
    }

    /// A pinch-out from 1:1 back to fit over the 20,000 × 28,000 page, recorded step by step (a screenshot after each
    /// of 24 finger moves): around the pinch, where the page always is, no frame shows a hole (a block of the
    /// window's background or of black: the page's coarse image stays under the sharper one until it comes), and
    /// the frames drawn meanwhile are the compositor's (presentation feedback: none drawn for nothing).
    @Test func aPinchOutFromOneToOneToFitNeverShowsAHole() throws {
        let (session, _) = try Self.pinchedNearOneToOne(by: 1, cache: "iiif-out", arguments: ["--stats"])
        defer { session.stop() }
        _ = try session.waitForEvent("region", timeout: .seconds(120)) { $0.int("page") == 1 }
        let oneToOne = Self.oneToOne
        let (cx, cy) = Self.centre
        let around = PixelRect(x: Int(cx) - 160, y: Int(cy) - 160, width: 320, height: 320)
        var holes: [String] = []
        let steps = 24, d0 = 1200.0, d1 = 1200.0 / oneToOne
        try session.weston.touchDown([Finger(id: 0, x: cx - d0 / 2, y: cy), Finger(id: 1, x: cx + d0 / 2, y: cy)])
        for i in 1...steps {
            let half = (d0 + (d1 - d0) * Double(i) / Double(steps)) / 2
            for (id, x) in [(0, cx - half), (1, cx + half)] { try session.weston.touchMotion(id: id, x: x, y: cy) }
            try session.weston.touchFrame()
            let shot = try session.screenshot()
            // The record: every step's screen, kept with the test's artifacts.
            try Self.save(shot, "pinch-out-\(i)")
            if let hole = Self.hole(shot, in: around) { holes.append("step \(i): \(hole)") }
        }
        try session.weston.touchUp([0, 1])
        let settled = try session.waitForEvent("zoom", timeout: .seconds(30))
        #expect(holes.isEmpty, "\(holes)")
        #expect((settled.number("scale") ?? 0) < 1.5, "back near fit: \(settled)")
        // A summary comes every 2 s of activity, at a commit: the pinch and its screenshots took longer.
        let stats = try session.waitForEvent("stats", timeout: .seconds(30))
        let presented = stats.int("presented") ?? 0, discarded = stats.int("discarded") ?? 0
        #expect(presented > 0 && discarded * 20 <= presented, "\(stats)")
    }

    /// The check itself sees a hole: a gradient page is whole, the same with a 40 px square of background is not.
    @Test func theHoleCheckSeesAHole() {
        var pixels: [UInt8] = []
        for y in 0..<200 { for x in 0..<200 { pixels += [UInt8(60 + x / 4), UInt8(60 + y / 4), UInt8(60 + x / 4), 255] } }
        let whole = RGBAImage(width: 200, height: 200, pixels: pixels)
        #expect(Self.hole(whole, in: PixelRect(x: 0, y: 0, width: 200, height: 200)) == nil)
        for y in 70..<134 { for x in 70..<134 { pixels.replaceSubrange((y * 200 + x) * 4..<(y * 200 + x) * 4 + 3, with: [0x29, 0x29, 0x2b]) } }
        #expect(Self.hole(RGBAImage(width: 200, height: 200, pixels: pixels), in: PixelRect(x: 0, y: 0, width: 200, height: 200)) != nil)
    }

    /// A 32 × 32 block of `rect` all of the window's background (#29292b) or all black, if there is one.
    static func hole(_ image: RGBAImage, in rect: PixelRect) -> String? {
        for by in stride(from: rect.y, to: rect.y + rect.height - 31, by: 32) {
            for bx in stride(from: rect.x, to: rect.x + rect.width - 31, by: 32) {
                var background = true, black = true
                for y in by..<(by + 32) where background || black {
                    for x in bx..<(bx + 32) {
                        let p = image[x, y]
                        if abs(Int(p.r) - 0x29) > 1 || abs(Int(p.g) - 0x29) > 1 || abs(Int(p.b) - 0x2b) > 1 { background = false }
                        if p.r > 10 || p.g > 10 || p.b > 10 { black = false }
                        if !background && !black { break }
                    }
                }
                if background || black { return "\(background ? "background" : "black") block at \(bx), \(by)" }
            }
        }
        return nil
    }

    /// The first canvas is 740.6 px wide at fit: 1:1 with the scan's pixels at this zoom.
    static var oneToOne: Double { Double(scanSize.width) / 740.6 }

    /// The book opened in a new session, pinched about the scan's centre to `factor` × 1:1 (a first pinch to
    /// learn the zoom, a second to go there); the session and the zoom it settled at.
    static func pinchedNearOneToOne(by factor: Double, cache: String,
                                    arguments: [String] = []) throws -> (session: RectoSession, scale: Double) {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--kiosk"] + arguments + [try book.get().path],
                                             environment: ["XDG_CACHE_HOME": try Scratch.makeDirectory(cache).path],
                                             readyTimeout: .seconds(60))
        do {
            _ = try session.waitForEvent("shown", timeout: .seconds(60))
            try pinch(session.weston, from: 60, to: 1200)
            let first = try session.waitForEvent("zoom", timeout: .seconds(30)).number("scale") ?? 1
            try pinch(session.weston, from: 200, to: 200 * factor * oneToOne / first)
            let zoom = try session.waitForEvent("zoom", timeout: .seconds(30))
            return (session, zoom.number("scale") ?? 0)
        } catch {
            session.stop()
            throw error
        }
    }

    /// The share of horizontally neighbouring pixels in `rect` that are neither equal (± 2 levels) nor far apart
    /// (200 levels or more): blends of a black and a white source pixel.
    static func blendedPairs(_ image: RGBAImage, _ rect: PixelRect) -> Double {
        var blended = 0, pairs = 0
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width - 1) {
                pairs += 1
                let d = abs(image.rgb(x, y).luminance - image.rgb(x + 1, y).luminance)
                if d > 2 && d < 200 { blended += 1 }
            }
        }
        return Double(blended) / Double(max(1, pairs))
    }

    /// The share of horizontally neighbouring pixels in `rect` whose luminance differs by at least 200.
    static func sharpPairs(_ image: RGBAImage, _ rect: PixelRect) -> Double {
        var sharp = 0, pairs = 0
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width - 1) {
                pairs += 1
                if abs(image.rgb(x, y).luminance - image.rgb(x + 1, y).luminance) >= 200 { sharp += 1 }
            }
        }
        return Double(sharp) / Double(max(1, pairs))
    }

    struct Outcome { var peakKiB: Int; var waits: [Double] }

    /// Opens the book, checks the checkerboard is grey at fit, pinches to the deepest zoom about the scan's centre
    /// and waits until the screen shows the checkerboard; returns recto's peak RSS and the regions' waits.
    static func deepZoom(arguments: [String], environment: [String: String], name: String, pans: Int = 6) throws -> Outcome {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--kiosk"] + arguments,
                                             environment: environment, readyTimeout: .seconds(60))
        defer { session.stop() }
        let shown = try session.waitForEvent("shown", timeout: .seconds(60))
        #expect(shown.int("page") == 1, "\(shown)")
        let patch = PixelRect(x: Int(centre.x) - 30, y: Int(centre.y) - 30, width: 60, height: 60)
        let fit = try session.screenshot(timeout: .seconds(30)) { $0.meanColour(in: patch).luminance > 60 }
        try save(fit, "\(name)-fit")
        #expect(contrast(fit, patch) < 8, "\(name): the checkerboard at fit should be grey, contrast \(contrast(fit, patch))")

        try pinch(session.weston, from: 60, to: 1200)
        try session.waitForEvent("zoom", timeout: .seconds(30))
        try pinch(session.weston, from: 200, to: 900)
        let zoom = try session.waitForEvent("zoom", timeout: .seconds(30))
        let scale = zoom.number("scale") ?? 0
        // 1:1 at 20,000 / 740.6 = 27×, the deepest zoom twice that.
        #expect(scale >= oneToOne * 1.5, "\(name): zoom \(scale), 1:1 at \(oneToOne)")
        var waits: [Double] = []
        let region = try session.waitForEvent("region", timeout: .seconds(120)) { $0.int("page") == 1 }
        waits.append(region.number("wait_ms") ?? .nan)
        let centreRect = PixelRect(x: 860, y: 440, width: 200, height: 200)
        // Flat grey (0) until the finest level is on screen; then, at twice 1:1 exactly, each source pixel is a 2 × 2
        // square of one value: neighbours are equal or black and white, never a blend of the two.
        let deep = try session.screenshot(timeout: .seconds(60)) { contrast($0, centreRect) > 20 && blendedPairs($0, centreRect) < 0.05 }
        try save(deep, "\(name)-deep")
        #expect(contrast(deep, centreRect) > 20, "\(name): no one-pixel checkerboard on screen, contrast \(contrast(deep, centreRect))")
        #expect(abs(scale / oneToOne - 2) < 0.01, "\(name): the deepest zoom is twice 1:1: \(scale)")
        #expect(blendedPairs(deep, centreRect) < 0.05, "\(name): source pixels blended: \(blendedPairs(deep, centreRect))")
        // Pans at the deepest zoom: each settled view is a new region of fresh tiles (the waits are docs/iiif.md's).
        for i in 0..<pans {
            let dx = i % 2 == 0 ? -500.0 : 300.0
            try session.weston.touchDown([Finger(id: 0, x: centre.x, y: centre.y)])
            try session.weston.touchLine(id: 0, from: centre.x, centre.y, to: centre.x + dx, centre.y + 80, steps: 10,
                                         interval: .milliseconds(16))
            try session.weston.touchUp([0])
            let next = try session.waitForEvent("region", timeout: .seconds(120)) { $0.int("page") == 1 }
            waits.append(next.number("wait_ms") ?? .nan)
        }
        let panned = try session.screenshot(timeout: .seconds(60)) { contrast($0, centreRect) > 20 }
        #expect(contrast(panned, centreRect) > 20, "\(name): blurred after panning, contrast \(contrast(panned, centreRect))")
        return Outcome(peakKiB: peakRSS(session.recto.pid), waits: waits)
    }

    /// Two fingers about the scan's centre spread from `d0` to `d1` px apart.
    static func pinch(_ weston: Weston, from d0: Double, to d1: Double) throws {
        let (cx, cy) = centre
        try weston.touchDown([Finger(id: 0, x: cx - d0 / 2, y: cy), Finger(id: 1, x: cx + d0 / 2, y: cy)])
        try weston.touchStroke(steps: 20, interval: .milliseconds(16)) { i in
            let half = (d0 + (d1 - d0) * Double(i) / 20) / 2
            return [Finger(id: 0, x: cx - half, y: cy), Finger(id: 1, x: cx + half, y: cy)]
        }
        try weston.touchUp([0, 1])
    }

    /// Standard deviation of luminance in `rect`: about 0 on flat grey, over 100 on a black and white checkerboard.
    static func contrast(_ image: RGBAImage, _ rect: PixelRect) -> Double {
        var sum = 0.0, squares = 0.0, n = 0.0
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                let l = image.rgb(x, y).luminance
                sum += l
                squares += l * l
                n += 1
            }
        }
        let mean = sum / n
        return max(0, squares / n - mean * mean).squareRoot()
    }

    static func peakRSS(_ pid: Int32) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return -1 }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
        }
        return -1
    }

    /// Kept in the scratch folder, for a person to look at.
    static func save(_ image: RGBAImage, _ name: String) throws {
        let dir = try Scratch.makeDirectory("iiif-shots")
        let path = dir.appendingPathComponent("\(name).png").path
        try Data(PNGEncoder.encode(image, fast: true)).write(to: URL(fileURLWithPath: path))
        print("e2e IIIF screenshot: \(path)")
    }
}

/// Python's static file server on 127.0.0.1 (a port the kernel picks); with `garbageUnder`, every file under that
/// path but info.json is answered with bytes that are no image. Stopped when released.
final class TileServer {
    let process: ChildProcess
    let port: Int

    init(root: String, garbageUnder: String = "") throws {
        process = try ChildProcess("/usr/bin/python3", arguments: ["-c", """
            import functools, http.server, sys
            class Handler(http.server.SimpleHTTPRequestHandler):
                def do_GET(self):
                    if sys.argv[2] and self.path.startswith(sys.argv[2]) and not self.path.endswith("info.json"):
                        body = b"<html>not a tile</html>"
                        self.send_response(200)
                        self.send_header("Content-Type", "image/jpeg")
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                        return
                    super().do_GET()
                def log_message(self, *args):
                    pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """, root, garbageUnder], environment: ["PATH": "/usr/bin:/bin"])
        guard let line = try process.readLine(timeout: .seconds(20)), let port = Int(line) else {
            throw HarnessError.failed("the HTTP server did not start", detail: process.stderr?.text ?? "")
        }
        self.port = port
    }

    deinit { process.stop() }
}
