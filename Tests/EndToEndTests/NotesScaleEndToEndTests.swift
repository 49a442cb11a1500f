import Decoding
import Foundation
import Geometry
import Posix
import Testing

/// The notes' costs under weston: a layers toggle and a language switch to the frame that shows them, twenty of
/// each; a canvas of 10,000 notes (the most read) opened, its markers on screen, and a corner dragged with all
/// of them drawn, beside the same drag with them hidden. The figures go to docs/notes.md; the bounds here leave
/// room for a machine whose cores are busy.
@Suite(.serialized) struct NotesScaleEndToEndTests {
    static func p95(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
    }

    @Test func layerTogglesAndLanguageSwitchesReachTheScreenInAFrame() throws {
        let (session, server) = try NotesEndToEndTests.openServed(["--languages", "en,de"])
        defer { session.stop(); _ = server }
        _ = try session.screenshot(timeout: .seconds(20)) { NotesEndToEndTests.measure($0).markers.count >= 3 }
        func press(_ key: UInt32) throws { try NotesEndToEndTests.press(session, key) }
        var layers: [Double] = [], languages: [Double] = []
        for _ in 0..<20 {
            try press(InputCode.keyL)
            let drawn = try session.waitForEvent("drawn", timeout: .seconds(10)) { $0.string("change")?.hasPrefix("layers=") == true }
            layers.append(try #require(drawn.number("after_ms")))
            try press(InputCode.keyG)
            let switched = try session.waitForEvent("drawn", timeout: .seconds(10)) { $0.string("change")?.hasPrefix("language=") == true }
            languages.append(try #require(switched.number("after_ms")))
            Thread.sleep(forTimeInterval: 0.12)
        }
        print("e2e notes: layer toggle → frame p50 \(layers.sorted()[10]) p95 \(Self.p95(layers)) ms; language switch → frame p50 \(languages.sorted()[10]) p95 \(Self.p95(languages)) ms")
        #expect(Self.p95(layers) <= 300, "\(layers.sorted())")
        #expect(Self.p95(languages) <= 600, "\(languages.sorted())")
    }

    /// A canvas with `count` notes at points spread over it, served with its picture.
    static func crowdedBook(count: Int) throws -> URL {
        let root = try Scratch.makeDirectory("iiif-crowded")
        let (w, h) = NotesEndToEndTests.pageSize
        let page = PlainPNG.rgb(width: w, height: h) { _, _ in (246, 242, 234) }
        try Data(page).write(to: root.appendingPathComponent("p1.png"))
        try Data(page).write(to: root.appendingPathComponent("p2.png"))
        let notes = (0..<count).map { i in
            #"{"type": "Annotation", "motivation": "commenting", "body": {"type": "TextualBody", "value": "Note \#(i)"}, "target": {"type": "SpecificResource", "source": "canvas/1", "selector": {"type": "PointSelector", "x": \#(20 + (i % 100) * 9), "y": \#(20 + (i / 100) * 13)}}}"#
        }.joined(separator: ",")
        func canvas(_ n: Int, _ annotations: String) -> String {
            #"""
            {"id": "canvas/\#(n)", "type": "Canvas", "width": \#(w), "height": \#(h),
             "items": [{"id": "canvas/\#(n)/page", "type": "AnnotationPage", "items": [{"id": "canvas/\#(n)/image",
               "type": "Annotation", "motivation": "painting", "target": "canvas/\#(n)",
               "body": {"id": "p\#(n).png", "type": "Image", "format": "image/png", "width": \#(w), "height": \#(h)}}]}]\#(annotations)}
            """#
        }
        try #"""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "manifest.json", "type": "Manifest",
             "label": {"en": ["A crowded leaf"]},
             "items": [\#(canvas(1, #", "annotations": [{"type": "AnnotationPage", "items": [\#(notes)]}]"#)), \#(canvas(2, ""))]}
            """#.write(to: root.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        return root
    }

    /// Blue pixels of markers in the frame.
    static func markerPixels(_ image: RGBAImage) -> Int {
        var n = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) where NotesEndToEndTests.isMarker(image.rgb(x, y)) { n += 1 }
        }
        return n
    }

    /// A drag of the page's corner back and forth until a `--stats` summary of 10 frames or more: its frame_p50.
    static func dragFrameCost(_ session: RectoSession) throws -> Double {
        let x = 900.0, y = 780.0
        try session.weston.touchDown([Finger(id: 0, x: x, y: y)])
        var stats: RectoEvent?
        for round in 0..<40 where (stats?.int("frames") ?? 0) < 10 {
            let (from, to) = round % 2 == 0 ? (x, x - 400) : (x - 400, x)
            try session.weston.touchLine(id: 0, from: from, y, to: to, y - 60, steps: 30, interval: .milliseconds(16))
            if let newest = try session.events(during: .milliseconds(1)).last(where: { $0.name == "stats" }) { stats = newest }
        }
        try session.weston.touchUp([0])
        _ = try session.waitForEvent("flip", timeout: .seconds(10)) { $0.string("phase") != "begin" }
        return try #require(stats?.number("frame_p50"), "no stats during the drag: \(session.historyText)")
    }

    @Test func aCanvasOfTenThousandNotesOpensAtOnceAndDrawsAtTheUsualRate() throws {
        let root = try Self.crowdedBook(count: 10_000)
        let server = try TileServer(root: root.path)
        let cache = try Scratch.makeDirectory("iiif-crowded-cache")
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [
            "http://127.0.0.1:\(server.port)/manifest.json", "--spread", "single", "--stats",
        ], environment: ["XDG_CACHE_HOME": cache.path], readyTimeout: .seconds(30))
        defer { session.stop() }
        let shown = try session.waitForEvent("shown")
        _ = try session.screenshot(timeout: .seconds(20)) { Self.markerPixels($0) > 5_000 }
        let opened = monotonicMilliseconds() - (shown.number("t") ?? 0)
        let withMarkers = try Self.dragFrameCost(session)
        // The layers hidden (L: transcription is passed over, none has any; then nothing).
        try session.weston.key(InputCode.keyL, pressed: true)
        try session.weston.key(InputCode.keyL, pressed: false)
        #expect(try session.waitForEvent("layers").string("shown") == "none")
        let without = try Self.dragFrameCost(session)
        print("e2e notes: 10,000 notes on screen \(opened) ms after the first page; drag frame_p50 \(withMarkers) ms with them, \(without) ms hidden")
        #expect(opened <= 5_000, "markers on screen \(opened) ms after the page")
        // A debug build draws them at 40–60 ms a frame here (a release build: docs/notes.md); the bound only
        // catches a frame that does per-marker work it should not.
        #expect(withMarkers <= without + 150, "frame cost \(withMarkers) ms vs \(without) ms")
    }
}
