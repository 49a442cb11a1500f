import Decoding
import Foundation
import Geometry
import Testing
import TestSupport

/// The bad input on the real `recto` under weston: a manifest opened by URL from a hostile server on
/// 127.0.0.1 (`HostileIIIF.serverScript`) whose canvases are a scan whose finest tiles never answer, a plain
/// image, a service whose images all 404, an ftp: image, a service whose images are gzip bombs, one whose
/// info.json claims 10⁹ × 10⁹ px, and a last plain image. The reader turns through every page (placeholders
/// with the reason where the picture cannot be had), a pinch into the stalled scan leaves it at its coarser level
/// and says so once, each failure is said once, and recto's memory stays bounded.
@Suite(.serialized) struct HostileIIIFEndToEndTests {
    static let width = 1280, height = 800

    /// The book's folder: the scan's coarse levels only (factor 1 is the server's to refuse), two plain pages.
    static func makeBook() throws -> URL {
        let dir = try Scratch.makeDirectory("iiif-hostile")
        func write(_ path: String, _ bytes: [UInt8]) throws {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        // A 4,096 × 5,600 scan in 512 px tiles: at rest the level of 4 (6 tiles), each tile a colour of its own.
        let (w, h, tile) = (4096, 5600, 512)
        for factor in [2, 4, 8, 16] {
            let span = tile * factor
            for y in stride(from: 0, to: h, by: span) {
                for x in stride(from: 0, to: w, by: span) {
                    let rw = min(span, w - x), rh = min(span, h - y)
                    let size = (width: (rw + factor - 1) / factor, height: (rh + factor - 1) / factor)
                    let whole = rw == w && rh == h
                    let name = whole ? "full" : "\(x),\(y),\(rw),\(rh)"
                    let shade = UInt8(60 + (x / span * 37 + y / span * 53) % 120)
                    let image = RGBAImage(width: size.width, height: size.height, fill: (shade, 90, 200 - shade, 255))
                    try write("scan/\(name)/\(size.width),\(size.height)/0/default.jpg", try PNGEncoder.encode(image, fast: true))
                }
            }
        }
        try write("scan/info.json", Array("""
            {"@context": "http://iiif.io/api/image/3/context.json", "id": "scan", "type": "ImageService3", "profile": "level0",
             "width": \(w), "height": \(h), "tiles": [{"width": \(tile), "scaleFactors": [1, 2, 4, 8, 16]}]}
            """.utf8))
        try write("p2.png", try PNGEncoder.encode(RGBAImage(width: 500, height: 700, fill: (40, 60, 160, 255)), fast: true))
        try write("p7.png", try PNGEncoder.encode(RGBAImage(width: 500, height: 700, fill: (40, 140, 60, 255)), fast: true))
        func canvas(_ n: Int, _ body: String) -> String {
            #"{"id": "c\#(n)", "type": "Canvas", "label": {"en": ["p. \#(n)"]}, "width": 1000, "height": 1400, "items": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting", "body": \#(body)}]}]}"#
        }
        func service(_ id: String) -> String {
            #"{"id": "\#(id)/full/max/0/default.jpg", "type": "Image", "service": [{"id": "\#(id)", "type": "ImageService3", "profile": "level0"}]}"#
        }
        let canvases = [
            canvas(1, service("/stall/scan")),
            canvas(2, #"{"id": "/ok/p2.png", "type": "Image"}"#),
            canvas(3, service("/all-404/scan")),
            canvas(4, #"{"id": "ftp://127.0.0.1/p4.jpg", "type": "Image"}"#),
            canvas(5, service("/all-gzipbomb/scan")),
            canvas(6, service("/giant/giant")),
            canvas(7, #"{"id": "/ok/p7.png", "type": "Image"}"#),
        ]
        try write("manifest.json", Array("""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "type": "Manifest", "label": {"en": ["Hostile"]},
             "requiredStatement": {"label": {"en": ["Attribution"]}, "value": {"en": ["A hostile server"]}},
             "items": [\(canvases.joined(separator: ",\n"))]}
            """.utf8))
        return dir
    }

    /// What each page should show: nil a picture, else a placeholder whose reason contains the text.
    static let expected: [String?] = [nil, nil, "the server answered HTTP 404", #"the URL scheme "ftp" is not read"#,
                                      "larger than 16 MB", "it claims 1000000000×1000000000 pixels", nil]

    @Test func aHostileManifestByURLTurnsThroughEveryPage() throws {
        let book = try Self.makeBook()
        let server = try ChildProcess("/usr/bin/python3", arguments: ["-c", HostileIIIF.serverScript, book.path],
                                      environment: ["PATH": "/usr/bin:/bin"])
        defer { server.stop() }
        guard let line = try server.readLine(timeout: .seconds(20)), let port = Int(line) else {
            throw HarnessError.failed("the hostile HTTP server did not start", detail: server.stderr?.text ?? "")
        }
        let cache = try Scratch.makeDirectory("iiif-hostile-cache")
        let session = try RectoSession.start(width: Self.width, height: Self.height,
                                             arguments: ["http://127.0.0.1:\(port)/ok/manifest.json", "--spread", "single"],
                                             environment: ["XDG_CACHE_HOME": cache.path], readyTimeout: .seconds(60))
        defer { session.stop() }
        #expect(session.ready?.int("pages") == 7, "\(String(describing: session.ready))")
        try session.waitForEvent("shown", timeout: .seconds(60))
        let look = PixelRect(x: 500, y: 150, width: 280, height: 500)

        // Page 1 at rest (its coarse tiles), then a pinch deep into it: its finest tiles never answer.
        // The scan's tiles are green 90 with red and blue summing to 200; paper and the background are not.
        let centre = PixelRect(x: Self.width / 2 - 20, y: Self.height / 2 - 20, width: 40, height: 40)
        func scanShown(_ image: RGBAImage) -> Bool {
            let c = image.meanColour(in: centre)
            return abs(c.g - 90) < 12 && abs(c.r + c.b - 200) < 20
        }
        let rest = try session.screenshot(timeout: .seconds(60), until: scanShown)
        #expect(scanShown(rest), "page 1 at rest: \(rest.meanColour(in: centre))")
        try Self.pinch(session.weston, from: 80, to: 700)
        try session.waitForEvent("zoom", timeout: .seconds(30))
        let warning = "page 1's zoomed detail cannot be shown"
        // The stalled tile is given up after libcurl's low-speed limit (10 s); a guard, not a timing assertion.
        let deadline = ContinuousClock.now + .seconds(120)
        while !session.stderrText.contains(warning), ContinuousClock.now < deadline {
            _ = try session.events(during: .milliseconds(500))
        }
        #expect(session.stderrText.contains(warning + ", it stays at its coarser level: "), "\(session.stderrText)")
        #expect(session.stderrText.contains("timed out"), "\(session.stderrText)")
        #expect(session.recto.isRunning)
        try Self.pinch(session.weston, from: 700, to: 60)

        // Every page in turn, by key: a picture or a placeholder with its reason.
        for n in 2...7 {
            try session.weston.chord([], InputCode.keyRight)
            let turned = try session.waitForEvent("page", timeout: .seconds(30))
            try #require(turned.int("page") == n, "\(session.historyText)")
            if let reason = Self.expected[n - 1] {
                let failed = try session.history.first { $0.name == "page-failed" && $0.int("page") == n }
                    ?? session.waitForEvent("page-failed", timeout: .seconds(90)) { $0.int("page") == n }
                #expect(failed.string("message")?.contains(reason) == true, "page \(n): \(failed)")
            }
            let placeholder = Self.expected[n - 1] != nil
            let shot = try session.screenshot(timeout: .seconds(60)) { PlaceholderLook($0, in: look).isPlaceholder == placeholder }
            #expect(PlaceholderLook(shot, in: look).isPlaceholder == placeholder, "page \(n): \(PlaceholderLook(shot, in: look))")
            #expect(session.recto.isRunning, "recto ended at page \(n): \(session.stderrText)")
        }
        // And back to the first: the failures are remembered, not fetched or said again.
        for n in (1...6).reversed() {
            try session.weston.chord([], InputCode.keyLeft)
            let turned = try session.waitForEvent("page", timeout: .seconds(30))
            try #require(turned.int("page") == n, "\(session.historyText)")
        }
        #expect(scanShown(try session.screenshot(timeout: .seconds(60), until: scanShown)), "page 1 again")
        _ = try session.events(during: .milliseconds(500))
        let warnings = session.stderrText.split(separator: "\n")
        #expect(warnings.filter { $0.contains(warning) }.count == 1, "\(session.stderrText)")
        for n in 1...7 {
            let said = session.history.filter { $0.name == "page-failed" && $0.int("page") == n }.count
            #expect(said == (Self.expected[n - 1] == nil ? 0 : 1), "page \(n) failed \(said) times: \(session.historyText)")
        }
        let peak = IIIFDeepZoomEndToEndTests.peakRSS(session.recto.pid)
        #expect(peak > 0 && peak <= 300 * 1024, "peak RSS \(peak) KiB")
    }

    /// Two fingers about the page's centre spread from `d0` to `d1` px apart.
    static func pinch(_ weston: Weston, from d0: Double, to d1: Double) throws {
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)
        try weston.touchDown([Finger(id: 0, x: cx - d0 / 2, y: cy), Finger(id: 1, x: cx + d0 / 2, y: cy)])
        try weston.touchStroke(steps: 20, interval: .milliseconds(16)) { i in
            let half = (d0 + (d1 - d0) * Double(i) / 20) / 2
            return [Finger(id: 0, x: cx - half, y: cy), Finger(id: 1, x: cx + half, y: cy)]
        }
        try weston.touchUp([0, 1])
    }
}
