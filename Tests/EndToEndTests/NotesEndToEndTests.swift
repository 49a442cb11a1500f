import Decoding
import Foundation
import Geometry
import Testing

/// A IIIF book with notes served on 127.0.0.1: three curator notes on its first canvas (two regions and a point,
/// embedded as the Cookbook's annotation recipes have them) and a transcription in Latin and German in an
/// annotation page the canvas names by URL. Under weston the markers sit where their places map, at fit, zoomed
/// 4× and turned 90°, and on a page being curled; a tap opens a note's card; the layers control shows the
/// transcription, then the German translation.
@Suite(.serialized) struct NotesEndToEndTests {
    static let pageSize = (width: 1000, height: 1400)
    /// Three coloured squares at known points of the page: the map from page to screen is found from them.
    static let features: [(x: Double, y: Double, kind: Feature)] = [(320, 340, .red), (540, 330, .green), (360, 600, .magenta)]
    /// The notes' anchors: the middle of two regions and a point.
    static let anchors: [Vec2] = [Vec2(400, 450), Vec2(330, 560), Vec2(510, 360)]

    enum Feature { case red, green, magenta }

    static func kind(_ c: RGB) -> Feature? {
        if c.r > 200, c.g < 70, c.b < 70 { return .red }
        if c.g > 150, c.r < 70, c.b < 70 { return .green }
        if c.r > 200, c.b > 200, c.g < 70 { return .magenta }
        return nil
    }

    static func isMarker(_ c: RGB) -> Bool { abs(c.r - 31) < 28 && abs(c.g - 77) < 28 && abs(c.b - 158) < 32 }

    static func servedBook() throws -> URL {
        let root = try Scratch.makeDirectory("iiif-notes")
        let (w, h) = pageSize
        let page = PlainPNG.rgb(width: w, height: h) { x, y in
            for f in features where abs(Double(x) - f.x) <= 14 && abs(Double(y) - f.y) <= 14 {
                switch f.kind {
                case .red: return (255, 0, 0)
                case .green: return (0, 200, 0)
                case .magenta: return (255, 0, 255)
                }
            }
            return (246, 242, 234)
        }
        for n in 1...4 { try Data(page).write(to: root.appendingPathComponent("p\(n).png")) }
        try #"""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "transcription.json", "type": "AnnotationPage",
             "items": [{"id": "t1", "type": "Annotation", "motivation": "supplementing", "target": "canvas/1",
                        "body": [{"type": "TextualBody", "value": "In principio erat verbum", "language": "la", "format": "text/plain"},
                                 {"type": "TextualBody", "value": "<p>Im Anfang war das <em>Wort</em></p><script>alert(1)</script>",
                                  "language": "de", "format": "text/html"}]}]}
            """#.write(to: root.appendingPathComponent("transcription.json"), atomically: true, encoding: .utf8)
        func canvas(_ n: Int, annotations: String) -> String {
            #"""
            {"id": "canvas/\#(n)", "type": "Canvas", "width": \#(w), "height": \#(h),
             "items": [{"id": "canvas/\#(n)/page", "type": "AnnotationPage", "items": [{"id": "canvas/\#(n)/image",
               "type": "Annotation", "motivation": "painting", "target": "canvas/\#(n)",
               "body": {"id": "p\#(n).png", "type": "Image", "format": "image/png", "width": \#(w), "height": \#(h)}}]}]\#(annotations)}
            """#
        }
        let notes = #"""
            , "annotations": [
              {"id": "canvas/1/notes", "type": "AnnotationPage", "items": [
                {"id": "n1", "type": "Annotation", "motivation": "commenting", "target": "canvas/1#xywh=380,430,40,40",
                 "body": {"type": "TextualBody", "value": "A gilded initial", "language": "en", "format": "text/plain"}},
                {"id": "n2", "type": "Annotation", "motivation": "tagging",
                 "target": {"type": "SpecificResource", "source": "canvas/1", "selector": {"type": "FragmentSelector", "value": "xywh=320,550,20,20"}},
                 "body": {"type": "TextualBody", "value": "Pricking", "language": "en"}},
                {"id": "n3", "type": "Annotation", "motivation": "commenting", "target": "canvas/1#xywh=percent:48,24.2857,6,2.8571",
                 "body": {"type": "TextualBody", "value": "An erasure", "language": "en"}}]},
              {"id": "transcription.json", "type": "AnnotationPage"}]
            """#
        // Two lines transcribed where they are on the second canvas, in Latin and German.
        let lines = #"""
            , "annotations": [{"id": "canvas/2/lines", "type": "AnnotationPage", "items": [
                {"id": "l1", "type": "Annotation", "motivation": "supplementing", "target": "canvas/2#xywh=200,300,600,60",
                 "body": [{"type": "TextualBody", "value": "Incipit liber primus"},
                          {"type": "TextualBody", "value": "Hier beginnt das erste Buch", "language": "de"}]},
                {"id": "l2", "type": "Annotation", "motivation": "supplementing", "target": "canvas/2#xywh=200,400,600,60",
                 "body": [{"type": "TextualBody", "value": "De creatione mundi"},
                          {"type": "TextualBody", "value": "Von der Erschaffung der Welt", "language": "de"}]}]}]
            """#
        // A point on the third canvas (the Cookbook's annotating-a-point recipe).
        let point = #"""
            , "annotations": [{"id": "canvas/3/notes", "type": "AnnotationPage", "items": [
                {"id": "n4", "type": "Annotation", "motivation": "tagging", "body": {"type": "TextualBody", "value": "A pricking", "language": "en"},
                 "target": {"type": "SpecificResource", "source": "canvas/3", "selector": {"type": "PointSelector", "x": 400, "y": 450}}}]}]
            """#
        try #"""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "manifest.json", "type": "Manifest",
             "label": {"en": ["An annotated leaf"]},
             "items": [\#(canvas(1, annotations: notes)), \#(canvas(2, annotations: lines)), \#(canvas(3, annotations: point)), \#(canvas(4, annotations: ""))],
             "structures": [{"id": "toc", "type": "Range", "label": {"en": ["Contents"]}, "items": [
               {"id": "r1", "type": "Range", "label": {"en": ["Prologue"]}, "items": [{"id": "canvas/1", "type": "Canvas"}, {"id": "canvas/2", "type": "Canvas"}]},
               {"id": "r2", "type": "Range", "label": {"en": ["The Gospel"]}, "items": [
                 {"id": "r3", "type": "Range", "label": {"en": ["Chapter one"]}, "items": [{"id": "canvas/3", "type": "Canvas"}, {"id": "canvas/4", "type": "Canvas"}]}]}]}]}
            """#.write(to: root.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        return root
    }

    /// Centroids of the coloured features and of the markers in `image`.
    static func measure(_ image: RGBAImage) -> (features: [Feature: Vec2], markers: [Vec2]) {
        var sums: [Feature: (Double, Double, Double)] = [:]
        var markerPixels: [(Int, Int)] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = image.rgb(x, y)
                if let k = kind(c) {
                    let old = sums[k] ?? (0, 0, 0)
                    sums[k] = (old.0 + Double(x), old.1 + Double(y), old.2 + 1)
                }
                else if isMarker(c) { markerPixels.append((x, y)) }
            }
        }
        var features: [Feature: Vec2] = [:]
        for (k, s) in sums where s.2 > 20 { features[k] = Vec2(s.0 / s.2 + 0.5, s.1 / s.2 + 0.5) }
        // The markers: clusters of marker-blue pixels, split by distance.
        var clusters: [[(Int, Int)]] = []
        for p in markerPixels {
            if let i = clusters.firstIndex(where: { c in c.contains { abs($0.0 - p.0) <= 3 && abs($0.1 - p.1) <= 3 } }) {
                clusters[i].append(p)
            } else {
                clusters.append([p])
            }
        }
        let markers = clusters.filter { $0.count > 40 }.map { c in
            Vec2(Double(c.map(\.0).reduce(0, +)) / Double(c.count) + 0.5, Double(c.map(\.1).reduce(0, +)) / Double(c.count) + 0.5)
        }
        return (features, markers)
    }

    /// The affine map from page pixels to screen through the three features, and how far each anchor's marker is
    /// from where it maps (the nearest marker found).
    static func markerErrors(_ image: RGBAImage) throws -> [Double] {
        let (found, markers) = measure(image)
        // A square of pixels f − 14 … f + 14 covers page space f − 14 … f + 15: its middle is half a pixel on.
        let pairs = try features.map { f in (Vec2(f.x + 0.5, f.y + 0.5), try #require(found[f.kind], "feature \(f.kind) not on screen")) }
        // Solve screen = A·page + t from three points.
        let (p0, s0) = pairs[0], (p1, s1) = pairs[1], (p2, s2) = pairs[2]
        let u = p1 - p0, v = p2 - p0, su = s1 - s0, sv = s2 - s0
        let det = u.x * v.y - u.y * v.x
        func map(_ p: Vec2) -> Vec2 {
            let d = p - p0
            let a = (d.x * v.y - d.y * v.x) / det, b = (u.x * d.y - u.y * d.x) / det
            return s0 + su * a + sv * b
        }
        return anchors.map { anchor in
            let expected = map(anchor)
            return markers.map { ($0 - expected).length }.min() ?? .infinity
        }
    }

    /// The served book open under weston at 1280 × 800, one page at a time, with `arguments` more; its first page
    /// shown. The server lives as long as the returned value is held.
    static func openServed(_ arguments: [String], environment: [String: String] = [:]) throws -> (RectoSession, TileServer) {
        let server = try TileServer(root: try servedBook().path)
        let cache = try Scratch.makeDirectory("iiif-notes-cache")
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [
            "http://127.0.0.1:\(server.port)/manifest.json", "--spread", "single",
        ] + arguments, environment: environment.merging(["XDG_CACHE_HOME": cache.path]) { a, _ in a }, readyTimeout: .seconds(30))
        _ = try session.waitForEvent("shown")
        return (session, server)
    }

    static func press(_ session: RectoSession, _ key: UInt32) throws {
        try session.weston.key(key, pressed: true)
        try session.weston.key(key, pressed: false)
    }

    @Test func markersSitOnTheirPlacesAtFitZoomedTurnedAndInTheCurlAndOpenTheirCards() throws {
        let (session, server) = try Self.openServed(["--language", "de"])
        defer { session.stop(); _ = server }

        // At fit: the three markers once the notes are read.
        let fit = try session.screenshot(timeout: .seconds(20)) { Self.measure($0).markers.count >= 3 }
        let fitShot = try AccessibilityEndToEndTests.save(fit, "notes-fit.png", session)
        let atFit = try Self.markerErrors(fit)
        print("e2e notes at fit: marker errors \(atFit) px")
        #expect(atFit.allSatisfy { $0 <= 2 }, "\(atFit) \(fitShot)")

        // A tap on the first marker opens its card.
        let (_, fitMarkers) = Self.measure(fit)
        let firstCentre = try #require(fitMarkers.min { a, b in
            (a - Self.screenPoint(Self.anchors[0], fit)).length < (b - Self.screenPoint(Self.anchors[0], fit)).length })
        try session.weston.tap(x: firstCentre.x, y: firstCentre.y)
        let opened = try session.waitForEvent("note") { $0.string("state") == "opened" }
        #expect(opened.string("text") == "A gilded initial" && opened.int("page") == 1, "\(opened)")
        let card = try session.screenshot(timeout: .seconds(10)) { shot in
            // The card: a dark box beside the marker.
            (0..<40).contains { dx in let c = shot.rgb(Int(firstCentre.x) + 30 + dx, Int(firstCentre.y)); return c.r < 40 && c.g < 40 && c.b < 40 }
        }
        _ = try AccessibilityEndToEndTests.save(card, "notes-card.png", session)
        // A tap elsewhere closes it.
        try session.weston.tap(x: 1100, y: 700)
        _ = try session.waitForEvent("note") { $0.string("state") == "closed" }

        // The layers control (L): the transcription, then the German translation, each in the panel.
        try session.weston.key(InputCode.keyL, pressed: true)
        try session.weston.key(InputCode.keyL, pressed: false)
        #expect(try session.waitForEvent("layers").string("shown") == "transcription")
        let panel = try session.screenshot(timeout: .seconds(10)) { _ in true }
        _ = try AccessibilityEndToEndTests.save(panel, "notes-transcription.png", session)
        try session.weston.key(InputCode.keyL, pressed: true)
        try session.weston.key(InputCode.keyL, pressed: false)
        #expect(try session.waitForEvent("layers").string("shown") == "translation")
        let translated = try session.screenshot(timeout: .seconds(10)) { _ in true }
        _ = try AccessibilityEndToEndTests.save(translated, "notes-translation.png", session)
        try session.weston.key(InputCode.keyL, pressed: true)
        try session.weston.key(InputCode.keyL, pressed: false)
        #expect(try session.waitForEvent("layers").string("shown") == "none")
        try session.weston.key(InputCode.keyL, pressed: true)
        try session.weston.key(InputCode.keyL, pressed: false)
        #expect(try session.waitForEvent("layers").string("shown") == "notes")

        // Zoomed 4× and turned 90° by two fingers amid the notes.
        let c = Self.screenPoint(Vec2(430, 465), fit)
        try session.weston.touchDown([Finger(id: 0, x: c.x - 50, y: c.y), Finger(id: 1, x: c.x + 50, y: c.y)])
        try session.weston.touchStroke(steps: 20, interval: .milliseconds(16)) { i in
            let t: Double = Double(i) / 20
            let half: Double = 50 + 150 * t
            let a: Double = t * Double.pi / 2
            let dx: Double = half * Foundation.cos(a), dy: Double = half * Foundation.sin(a)
            return [Finger(id: 0, x: c.x - dx, y: c.y - dy), Finger(id: 1, x: c.x + dx, y: c.y + dy)]
        }
        try session.weston.touchUp([0, 1])
        let zoom = try session.waitForEvent("zoom", timeout: .seconds(10))
        print("e2e notes zoom: \(zoom)")
        #expect(abs((zoom.number("rotation") ?? 0).truncatingRemainder(dividingBy: 360) - 90) < 1 || abs((zoom.number("rotation") ?? 0) + 270) < 1, "\(zoom)")
        let turned = try session.screenshot(timeout: .seconds(20)) { Self.measure($0).markers.count >= 3 && Self.measure($0).features.count == 3 }
        let turnedShot = try AccessibilityEndToEndTests.save(turned, "notes-zoomed-turned.png", session)
        let atZoom = try Self.markerErrors(turned)
        print("e2e notes at 4× turned 90°: marker errors \(atZoom) px")
        #expect(atZoom.allSatisfy { $0 <= 2 }, "\(atZoom) \(turnedShot)")

        // Back to fit, then the page's lower corner drawn halfway and held: the markers on its flat part stay put.
        try session.weston.key(InputCode.key0, pressed: true)
        try session.weston.key(InputCode.key0, pressed: false)
        _ = try session.screenshot(timeout: .seconds(20)) { (try? Self.markerErrors($0))?.allSatisfy { $0 <= 2 } ?? false }
        let corner = Self.screenPoint(Vec2(985, 1380), fit)
        try session.weston.touchDown([Finger(id: 0, x: corner.x, y: corner.y)])
        try session.weston.touchLine(id: 0, from: corner.x, corner.y, to: corner.x - 300, corner.y - 160, steps: 15, interval: .milliseconds(20))
        _ = try session.waitForEvent("flip")
        // Once the corner has lifted well off: the page's paper is gone 60 px in from its corner.
        let lifted = Vec2(corner.x - 60, corner.y - 40)
        let curl = try session.screenshot(timeout: .seconds(10)) { shot in
            let c = shot.rgb(Int(lifted.x), Int(lifted.y))
            return abs(c.r - 246) > 12 || abs(c.g - 242) > 12 || abs(c.b - 234) > 12
        }
        let curlShot = try AccessibilityEndToEndTests.save(curl, "notes-curl.png", session)
        let inCurl = try Self.markerErrors(curl)
        print("e2e notes mid-curl: marker errors \(inCurl) px")
        #expect(inCurl.allSatisfy { $0 <= 2 }, "\(inCurl) \(curlShot)")
        try session.weston.touchUp([0])
    }

    /// Where page point `p` is on `image` through its features.
    static func screenPoint(_ p: Vec2, _ image: RGBAImage) -> Vec2 {
        let (found, _) = measure(image)
        let pairs = features.map { f in (Vec2(f.x + 0.5, f.y + 0.5), found[f.kind] ?? .zero) }
        let (p0, s0) = pairs[0], (p1, s1) = pairs[1], (p2, s2) = pairs[2]
        let u = p1 - p0, v = p2 - p0, su = s1 - s0, sv = s2 - s0
        let det = u.x * v.y - u.y * v.x
        let d = p - p0
        return s0 + su * ((d.x * v.y - d.y * v.x) / det) + sv * ((u.x * d.y - u.y * d.x) / det)
    }

    /// The language control (G) with `languages = "en,de"`: the screen's text, the translation layer and the voice
    /// switch to German together, measured from the key to the frame that shows it; the idle reset brings English
    /// back.
    @Test func theLanguageControlSwitchesTextTranslationAndVoiceAndTheIdleResetReturnsToTheFirst() throws {
        let speech = try SpeechDispatcher()
        defer { speech.stop() }
        let (session, server) = try Self.openServed(["--languages", "en,de", "--speech"], environment: ["SPEECHD_ADDRESS": speech.address])
        defer { session.stop(); _ = server }
        let socket = try #require(session.ready?.string("control"))
        _ = try session.screenshot(timeout: .seconds(20)) { Self.measure($0).markers.count >= 3 }

        func press(_ key: UInt32) throws { try Self.press(session, key) }
        func said(_ text: String) throws -> RectoEvent {
            try session.waitForEvent("speech", timeout: .seconds(20)) { $0.string("state") == "sent" && $0.string("text") == text }
        }
        // The transcription, said in English.
        try press(InputCode.keyL)
        #expect(try session.waitForEvent("layers").string("shown") == "transcription")
        #expect(try said("Transcription shown").string("language") == "en")
        let latin = try session.screenshot()

        // German: its name in a German voice, the panel now the German words, the controls' names German.
        try press(InputCode.keyG)
        #expect(try session.waitForEvent("language").string("code") == "de")
        #expect(try said("Deutsch").string("language") == "de")
        try press(InputCode.keyL)
        #expect(try session.waitForEvent("layers").string("shown") == "translation")
        #expect(try said("Übersetzung gezeigt").string("language") == "de")
        let german = try session.screenshot()
        _ = try AccessibilityEndToEndTests.save(german, "notes-german.png", session)
        #expect(latin.bounds.width == german.bounds.width && Self.panelDiffers(latin, german), "the panel's words changed")
        try press(InputCode.keyTab)
        let focus = try session.waitForEvent("focus")
        #expect(focus.string("label") == "Vorherige Seite", "\(focus)")
        try press(InputCode.keyEscape)

        // A tap on a note's marker opens its card, and speech mode reads it: "Anmerkung." in German, then the note
        // in its own language (it has no German).
        let shot = try session.screenshot()
        let marker = Self.screenPoint(Self.anchors[0], shot)
        try session.weston.tap(x: marker.x, y: marker.y)
        #expect(try session.waitForEvent("note") { $0.string("state") == "opened" }.string("text") == "A gilded initial")
        #expect(try said("Anmerkung.").string("language") == "de")
        #expect(try said("A gilded initial").string("language") == "en")

        // The idle reset: English again.
        // (The book is on its cover: the reset moves nothing, so it logs nothing; the language goes back all the same.)
        #expect(try rectoCtl(["idle-reset"], socket: socket).reply == "ok")
        try press(InputCode.keyTab)
        #expect(try session.waitForEvent("focus").string("label") == "Previous page")
    }

    /// Whether the right-hand column (where the panel lies beside the page) differs between two screenshots.
    static func panelDiffers(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
        var differing = 0
        for y in stride(from: 0, to: a.height, by: 2) {
            for x in stride(from: a.width * 3 / 4, to: a.width, by: 2) where a[x, y] != b[x, y] { differing += 1 }
        }
        return differing > 50
    }

    /// `recto bake` copies the notes, the referenced page's too, into the baked manifest: the baked book, read with
    /// the server gone, shows the markers where they were, and its transcription in both languages.
    @Test func bakedTheNotesTravelWithTheBook() throws {
        let root = try Self.servedBook()
        var server: TileServer? = try TileServer(root: root.path)
        let baked = try Scratch.makeDirectory("iiif-notes-baked").appendingPathComponent("book")
        let cache = try Scratch.makeDirectory("iiif-notes-bake-cache")
        let bake = try runRecto(["bake", "http://127.0.0.1:\(server!.port)/manifest.json", baked.path],
                                environment: ["PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": cache.path], timeout: .seconds(300))
        #expect(bake.termination == .exited(0), "\(bake.stderr)")
        server = nil
        let manifest = try String(contentsOf: baked.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains(#""motivation": "commenting""#) && manifest.contains("Im Anfang war das <i>Wort</i>"), "\(manifest)")
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [baked.path, "--spread", "single", "--language", "de"],
                                             environment: ["XDG_CACHE_HOME": cache.path], readyTimeout: .seconds(30))
        defer { session.stop() }
        _ = try session.waitForEvent("shown")
        let fit = try session.screenshot(timeout: .seconds(20)) { Self.measure($0).markers.count >= 3 && Self.measure($0).features.count == 3 }
        let errors = try Self.markerErrors(fit)
        print("e2e notes baked, at fit: marker errors \(errors) px")
        #expect(errors.allSatisfy { $0 <= 2 }, "\(errors)")
        try session.weston.key(InputCode.keyL, pressed: true)
        try session.weston.key(InputCode.keyL, pressed: false)
        try session.weston.key(InputCode.keyL, pressed: true)
        try session.weston.key(InputCode.keyL, pressed: false)
        #expect(try session.waitForEvent("layers").string("shown") == "transcription")
        #expect(try session.waitForEvent("layers").string("shown") == "translation", "the German text came through the bake")
    }

    /// The contents panel (its control, by Tab and Enter) lists the manifest's ranges, nested; an entry opens its
    /// range's first canvas, where that canvas's note (a point) has its marker.
    @Test func theContentsPanelJumpsToARangesFirstCanvas() throws {
        let (session, server) = try Self.openServed(["--controls", "always"])
        defer { session.stop(); _ = server }
        func press(_ key: UInt32) throws { try Self.press(session, key) }
        var label = ""
        for _ in 0..<14 where label != "Contents" {
            try press(InputCode.keyTab)
            label = try session.waitForEvent("focus").string("label") ?? ""
        }
        #expect(label == "Contents")
        try press(InputCode.keyEnter)
        #expect(try session.waitForEvent("contents").string("state") == "shown")
        #expect(try session.waitForEvent("focus").string("label") == "Contents: Prologue, page 1")
        try press(InputCode.keyDown)
        #expect(try session.waitForEvent("focus").string("label") == "The Gospel, page 3")
        try press(InputCode.keyEnter)
        #expect(try session.waitForEvent("section").int("to") == 3)
        #expect(try session.waitForEvent("page").int("page") == 3)
        // The point's marker on the third canvas, where the first canvas's first note was.
        let shot = try session.screenshot(timeout: .seconds(20)) { Self.measure($0).markers.count == 1 }
        let expected = Self.screenPoint(Self.anchors[0], shot)
        let found = Self.measure(shot).markers
        #expect(found.count == 1 && (found[0] - expected).length <= 2, "\(found) vs \(expected)")
    }

    /// Lines transcribed where they are: with the transcription shown, each line's words lie over its region on
    /// the page, set dark on the page's paper; the translation puts the German words there instead.
    @Test func lineTranscriptionsLieOverTheirLines() throws {
        let (session, server) = try Self.openServed(["--language", "de"])
        defer { session.stop(); _ = server }
        func press(_ key: UInt32) throws { try Self.press(session, key) }
        try press(InputCode.keyRight)
        #expect(try session.waitForEvent("page").int("page") == 2)
        // The page at fit: 1000 × 1400 px in 800 px of height, centred.
        let s = 800.0 / 1400, x0 = (1280 - 1000 * s) / 2
        let first = PixelRect(x: Int(x0 + 200 * s) + 2, y: Int(300 * s) + 2, width: Int(600 * s) - 4, height: Int(60 * s) - 4)
        func dark(_ image: RGBAImage) -> Int {
            var n = 0
            for y in first.y..<(first.y + first.height) {
                for x in first.x..<(first.x + first.width) where image.rgb(x, y).r < 100 && image.rgb(x, y).g < 100 && image.rgb(x, y).b < 100 { n += 1 }
            }
            return n
        }
        // Once the turn has settled: the page's paper alone there.
        let bare = try session.screenshot(timeout: .seconds(20)) { dark($0) == 0 }
        #expect(dark(bare) == 0, "the page's paper alone")
        try press(InputCode.keyL)
        #expect(try session.waitForEvent("layers").string("shown") == "transcription")
        let latin = try session.screenshot(timeout: .seconds(10)) { dark($0) > 50 }
        _ = try AccessibilityEndToEndTests.save(latin, "notes-lines.png", session)
        try press(InputCode.keyL)
        #expect(try session.waitForEvent("layers").string("shown") == "translation")
        let german = try session.screenshot(timeout: .seconds(10)) { dark($0) > 50 && dark($0) != dark(latin) }
        print("e2e notes lines: dark pixels in the first line \(dark(latin)) (Latin), \(dark(german)) (German)")
        #expect(dark(german) > 50 && dark(german) != dark(latin))
    }
}
