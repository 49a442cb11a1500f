import Decoding
import Foundation
import Geometry
import Testing

/// Notes about the whole page, the most common kind of curator's note: books shaped like the IIIF Cookbook's
/// "full-canvas annotation" (its note embedded in the canvas) and "embedded or referenced annotation page" (the
/// same note in an annotation page the canvas names by URL), served on 127.0.0.1 with a local image of the size
/// they declare. Under weston the note's marker sits at the page's top outer corner, a tap opens its card, Tab
/// and Enter reach it in speech mode, which reads it; a page with three such notes shows one marker whose card
/// lists the three.
@Suite(.serialized) struct WholePageNotesEndToEndTests {
    static let note = "Göttinger Marktplatz mit Gänseliesel Brunnen"
    /// The canvases' declared size (the Cookbook's photograph, 4032 × 3024, at half) and their paper colour.
    static let size = (width: 2016, height: 1512)
    static let paper: (UInt8, UInt8, UInt8) = (120, 170, 110)

    static func annotation(_ id: String, _ text: String, language: String = "de", target: String = "canvas-1") -> String {
        #"""
        {"id": "\#(id)", "type": "Annotation", "motivation": "commenting",
         "body": {"type": "TextualBody", "language": "\#(language)", "format": "text/plain", "value": "\#(text)"},
         "target": "\#(target)"}
        """#
    }

    /// `referenced`: the note in `annotationpage.json`, named by the canvas (the 0269 recipe), else embedded (0266).
    /// A second canvas carries three whole-page notes.
    static func servedBook(referenced: Bool) throws -> URL {
        let root = try Scratch.makeDirectory(referenced ? "iiif-whole-page-referenced" : "iiif-whole-page-embedded")
        let (w, h) = size
        let picture = PlainPNG.rgb(width: w, height: h) { _, _ in paper }
        try Data(picture).write(to: root.appendingPathComponent("gottingen.png"))
        try #"""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "annotationpage.json", "type": "AnnotationPage",
             "items": [\#(annotation("canvas-1/annopage-2/anno-1", note))]}
            """#.write(to: root.appendingPathComponent("annotationpage.json"), atomically: true, encoding: .utf8)
        let first = referenced ? #"[{"id": "annotationpage.json", "type": "AnnotationPage"}]"#
            : #"[{"id": "canvas-1/annopage-2", "type": "AnnotationPage", "items": [\#(annotation("canvas-1/annopage-2/anno-1", note))]}]"#
        let three = ["Erste", "Zweite", "Dritte"].enumerated().map { annotation("canvas-2/n\($0.offset)", "\($0.element) Anmerkung", target: "canvas-2") }
        func canvas(_ n: Int, _ annotations: String) -> String {
            #"""
            {"id": "canvas-\#(n)", "type": "Canvas", "height": \#(h), "width": \#(w),
             "items": [{"id": "canvas-\#(n)/annopage-1", "type": "AnnotationPage", "items": [
               {"id": "canvas-\#(n)/annopage-1/anno-1", "type": "Annotation", "motivation": "painting",
                "body": {"id": "gottingen.png", "type": "Image", "format": "image/png", "height": \#(h), "width": \#(w)},
                "target": "canvas-\#(n)"}]}],
             "annotations": \#(annotations)}
            """#
        }
        try #"""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "manifest.json", "type": "Manifest",
             "label": {"en": ["Picture of Göttingen taken during the 2019 IIIF Conference"]},
             "items": [\#(canvas(1, first)),
                       \#(canvas(2, #"[{"id": "canvas-2/notes", "type": "AnnotationPage", "items": [\#(three.joined(separator: ","))]}]"#))]}
            """#.write(to: root.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        return root
    }

    static func isPaper(_ c: RGB) -> Bool { abs(c.r - Double(paper.0)) < 6 && abs(c.g - Double(paper.1)) < 6 && abs(c.b - Double(paper.2)) < 6 }

    /// The page's bounds on screen (its paper) and the markers' centres.
    static func measure(_ image: RGBAImage) -> (page: Rect?, markers: [Vec2]) {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) where isPaper(image.rgb(x, y)) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        let page = maxX < 0 ? nil : Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX), height: Double(maxY - minY))
        return (page, NotesEndToEndTests.measure(image).markers)
    }

    static func open(referenced: Bool, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> (RectoSession, TileServer) {
        let server = try TileServer(root: try servedBook(referenced: referenced).path)
        let cache = try Scratch.makeDirectory("iiif-whole-page-cache")
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [
            "http://127.0.0.1:\(server.port)/manifest.json", "--spread", "single", "--language", "en",
        ] + arguments, environment: environment.merging(["XDG_CACHE_HOME": cache.path]) { a, _ in a }, readyTimeout: .seconds(30))
        _ = try session.waitForEvent("shown")
        return (session, server)
    }

    /// The marker at the page's top right (the fore-edge of a page read left to right), inside the page.
    static func expectAtTopOuterCorner(_ image: RGBAImage, _ shot: String) throws -> Vec2 {
        let (page, markers) = measure(image)
        let bounds = try #require(page, "no page on screen: \(shot)")
        let marker = try #require(markers.count == 1 ? markers.first : nil, "\(markers.count) markers: \(shot)")
        print("e2e whole-page note: page \(bounds), marker at \(marker)")
        #expect(bounds.contains(marker), "\(shot)")
        #expect(bounds.maxX - marker.x < 60 && marker.y - bounds.minY < 60, "top right corner: \(marker) on \(bounds): \(shot)")
        return marker
    }

    @Test(arguments: [false, true])
    func aWholePageNoteHasItsMarkerAtTheTopOuterCornerAndATapOpensIt(referenced: Bool) throws {
        let (session, server) = try Self.open(referenced: referenced)
        defer { session.stop(); _ = server }
        let name = referenced ? "referenced" : "embedded"
        let image = try session.screenshot(timeout: .seconds(20)) { Self.measure($0).markers.count >= 1 }
        let shot = try AccessibilityEndToEndTests.save(image, "whole-page-note-\(name).png", session)
        let marker = try Self.expectAtTopOuterCorner(image, shot)

        try session.weston.tap(x: marker.x, y: marker.y)
        let opened = try session.waitForEvent("note") { $0.string("state") == "opened" }
        #expect(opened.string("text") == Self.note && opened.int("page") == 1, "\(opened)")
        let card = try session.screenshot(timeout: .seconds(10)) { shot in
            // The card: a dark box beside the marker (to its left: the marker is at the window's right).
            (0..<60).contains { dx in let c = shot.rgb(Int(marker.x) - 40 - dx, Int(marker.y)); return c.r < 40 && c.g < 40 && c.b < 40 }
        }
        _ = try AccessibilityEndToEndTests.save(card, "whole-page-note-\(name)-card.png", session)

        // The second page's three notes: one marker, whose card lists them all.
        try session.weston.tap(x: 100, y: 400)
        _ = try session.waitForEvent("note") { $0.string("state") == "closed" }
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        _ = try session.waitForEvent("page") { $0.int("page") == 2 }
        let second = try session.screenshot(timeout: .seconds(20)) { Self.measure($0).markers.count >= 1 && Self.measure($0).page != nil }
        let secondShot = try AccessibilityEndToEndTests.save(second, "whole-page-notes-three-\(name).png", session)
        let three = try Self.expectAtTopOuterCorner(second, secondShot)
        try session.weston.tap(x: three.x, y: three.y)
        let all = try session.waitForEvent("note") { $0.string("state") == "opened" }
        #expect(all.string("text") == "Erste Anmerkung\n\nZweite Anmerkung\n\nDritte Anmerkung" && all.int("page") == 2, "\(all)")
    }

    /// Speech mode: Tab reaches the marker ("Note: Göttinger …"), Enter opens it, and the note is said.
    @Test func speechModeReachesTheNoteByTabAndReadsIt() throws {
        let speech = try SpeechDispatcher()
        defer { speech.stop() }
        let (session, server) = try Self.open(referenced: false, ["--speech", "--attract-after", "0"],
                                              environment: ["SPEECHD_ADDRESS": speech.address])
        defer { session.stop(); _ = server }
        _ = try session.screenshot(timeout: .seconds(20)) { Self.measure($0).markers.count >= 1 }
        var label: String?
        for _ in 0..<30 {
            try session.weston.key(InputCode.keyTab, pressed: true)
            try session.weston.key(InputCode.keyTab, pressed: false)
            label = try session.waitForEvent("focus").string("label")
            if label?.hasPrefix("Note") == true { break }
        }
        #expect(label == "Note: \(Self.note)")
        try session.weston.key(InputCode.keyEnter, pressed: true)
        try session.weston.key(InputCode.keyEnter, pressed: false)
        _ = try session.waitForEvent("note") { $0.string("state") == "opened" }
        _ = try session.waitForEvent("speech", timeout: .seconds(20)) { $0.string("state") == "sent" && $0.string("text") == Self.note }
        try speech.waitForReceived(Self.note)
    }
}
