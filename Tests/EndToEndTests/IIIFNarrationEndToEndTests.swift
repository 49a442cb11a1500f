import Foundation
import Testing

/// A IIIF book narrated as the Cookbook's accompanying-canvas and caption-file recipes have it, served on
/// 127.0.0.1: the page's reading in the visitor's language plays with its captions; baked with `recto bake`, the
/// same book reads and plays with the server gone.
@Suite(.serialized) struct IIIFNarrationEndToEndTests {
    static let rate = PrivatePulseAudio.rate
    static let english = chirpSignal(seconds: 1.2, rate: rate, low: 300, seed: 7)
    static let german = chirpSignal(seconds: 1.2, rate: rate, low: 700, seed: 8)

    /// Three demo pages; the second's accompanying canvas reads it in English and German, with captions in each.
    static func servedBook() throws -> URL {
        let root = try Scratch.makeDirectory("iiif-narrated")
        var canvases: [String] = []
        for n in 1...3 {
            let page = BookFixtures.demoPage(n)
            try FileManager.default.copyItem(at: page, to: root.appendingPathComponent("p\(n).png"))
            let size = try PNGHeader(contentsOf: page)
            var reading = ""
            if n == 2 {
                try waveFile(english, rate: rate).write(to: root.appendingPathComponent("p2.en.wav"))
                try waveFile(german, rate: rate).write(to: root.appendingPathComponent("p2.de.wav"))
                try "WEBVTT\n\n00:00.100 --> 00:01.100\nThe second leaf\n".write(to: root.appendingPathComponent("p2.en.vtt"), atomically: true, encoding: .utf8)
                try "WEBVTT\n\n00:00.100 --> 00:01.100\nDas zweite Blatt\n".write(to: root.appendingPathComponent("p2.de.vtt"), atomically: true, encoding: .utf8)
                reading = #"""
                , "accompanyingCanvas": {"id": "canvas/2/reading", "type": "Canvas", "duration": 1.2,
                   "items": [{"id": "canvas/2/reading/page", "type": "AnnotationPage", "items": [{"id": "canvas/2/reading/sound",
                     "type": "Annotation", "motivation": "painting", "target": "canvas/2/reading",
                     "body": {"type": "Choice", "items": [{"id": "p2.en.wav", "type": "Sound", "format": "audio/wav", "language": "en"},
                                                          {"id": "p2.de.wav", "type": "Sound", "format": "audio/wav", "language": "de"}]}}]}],
                   "annotations": [{"id": "canvas/2/reading/captions", "type": "AnnotationPage", "items": [
                     {"id": "canvas/2/c/en", "type": "Annotation", "motivation": "supplementing", "target": "canvas/2/reading",
                      "body": {"id": "p2.en.vtt", "type": "Text", "format": "text/vtt", "language": "en"}},
                     {"id": "canvas/2/c/de", "type": "Annotation", "motivation": "supplementing", "target": "canvas/2/reading",
                      "body": {"id": "p2.de.vtt", "type": "Text", "format": "text/vtt", "language": "de"}}]}]}
                """#
            }
            canvases.append(#"""
                {"id": "canvas/\#(n)", "type": "Canvas", "width": \#(size.width), "height": \#(size.height),
                 "items": [{"id": "canvas/\#(n)/page", "type": "AnnotationPage", "items": [{"id": "canvas/\#(n)/image",
                   "type": "Annotation", "motivation": "painting", "target": "canvas/\#(n)",
                   "body": {"id": "p\#(n).png", "type": "Image", "format": "image/png", "width": \#(size.width), "height": \#(size.height)}}]}]\#(reading)}
                """#)
        }
        try #"""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "manifest.json", "type": "Manifest",
             "label": {"en": ["A narrated garden"]}, "items": [\#(canvases.joined(separator: ",\n"))]}
            """#.write(to: root.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        return root
    }

    /// Opens `book` under weston with narration in `language`, turns to page 2, and returns when its recording
    /// has been heard, with the started event and the recording's correlation with `signal`.
    static func hearPageTwo(_ book: String, language: String, signal: [Float], cache: URL) throws -> (RectoEvent, Double) {
        let sound = try PrivatePulseAudio()
        defer { sound.kill() }
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [
            book, "--narration", "--spread", "single", "--language", language,
        ], environment: ["PULSE_SERVER": sound.address, "XDG_CACHE_HOME": cache.path], readyTimeout: .seconds(30))
        defer { session.stop() }
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        let page = try session.waitForEvent("page")
        #expect(page.int("page") == 2)
        let started = try session.waitForEvent("narration", timeout: .seconds(30)) { $0.string("state") == "started" }
        _ = try session.waitForEvent("narration", timeout: .seconds(10)) { $0.string("state") == "ended" }
        let heard = try sound.recording()
        let t = try #require(page.number("t"))
        let found = heard.locate(Array(signal.prefix(800)), from: t - 50, to: t + 2000)
        return (started, found?.correlation ?? 0)
    }

    @Test func servedThenBakedAndReadOffline() throws {
        let root = try Self.servedBook()
        let cache = try Scratch.makeDirectory("iiif-narration-cache")
        var server: TileServer? = try TileServer(root: root.path)
        let url = "http://127.0.0.1:\(server!.port)/manifest.json"

        let (german, germanMatch) = try Self.hearPageTwo(url, language: "de", signal: Self.german, cache: cache)
        #expect(german.int("page") == 2 && german.int("captions") == 1, "\(german)")
        #expect(germanMatch >= 0.9, "the German reading: correlation \(germanMatch)")
        let (_, englishMatch) = try Self.hearPageTwo(url, language: "en", signal: Self.english, cache: cache)
        #expect(englishMatch >= 0.9, "the English reading: correlation \(englishMatch)")

        let baked = try Scratch.makeDirectory("iiif-narration-baked").appendingPathComponent("book")
        let bake = try runRecto(["bake", url, baked.path], environment: ["PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": cache.path],
                                timeout: .seconds(300))
        #expect(bake.termination == .exited(0), "\(bake.stderr)")
        server = nil
        let (offline, offlineMatch) = try Self.hearPageTwo(baked.path, language: "de", signal: Self.german, cache: try Scratch.makeDirectory("empty-cache"))
        #expect(offline.int("captions") == 1, "\(offline)")
        #expect(offlineMatch >= 0.9, "baked, the server gone: correlation \(offlineMatch)")
    }
}
