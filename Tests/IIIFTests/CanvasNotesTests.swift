import Book
import Geometry
import Testing
@testable import IIIF

/// Canvases' annotations read as notes, on manifests shaped as the IIIF Cookbook's annotation recipes (full-canvas
/// annotation, HTML in annotations with a body per language, annotating a point, embedded and referenced
/// annotation pages) and a 2.1 manifest with `otherContent`; then the bad input each is left out for.
@Suite struct CanvasNotesTests {
    static let base = try! ResourceURL("https://example.org/iiif/book/manifest.json")

    static func manifest(annotations: String, version: Int = 3) throws -> Manifest {
        let json: String
        if version == 3 {
            json = #"""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "m", "type": "Manifest", "label": {"en": ["B"]},
             "items": [{"id": "https://example.org/c1", "type": "Canvas", "width": 2000, "height": 1000,
               "items": [{"id": "p", "type": "AnnotationPage", "items": [{"id": "a", "type": "Annotation", "motivation": "painting",
                 "target": "https://example.org/c1", "body": {"id": "i.jpg", "type": "Image", "width": 2000, "height": 1000}}]}],
               "annotations": \#(annotations)}]}
            """#
        } else {
            json = #"""
            {"@context": "http://iiif.io/api/presentation/2/context.json", "@id": "m", "@type": "sc:Manifest", "label": "B",
             "sequences": [{"canvases": [{"@id": "https://example.org/c1", "@type": "sc:Canvas", "width": 2000, "height": 1000,
               "images": [{"resource": {"@id": "i.jpg", "width": 2000, "height": 1000}}], "otherContent": \#(annotations)}]}]}
            """#
        }
        return try Manifest.parse(Array(json.utf8), from: base)
    }

    static func notes(_ annotations: String, version: Int = 3) throws -> CanvasNotes {
        try manifest(annotations: annotations, version: version).pages[0].notes
    }

    @Test func aFullCanvasTranscriptionAndNotesInRegionsPercentAPointAndAPolygon() throws {
        let notes = try Self.notes(#"""
            [{"id": "ap", "type": "AnnotationPage", "items": [
              {"id": "1", "type": "Annotation", "motivation": "supplementing", "target": "https://example.org/c1",
               "body": {"type": "TextualBody", "value": "Göttinger Marktplatz", "language": "de", "format": "text/plain"}},
              {"id": "2", "type": "Annotation", "motivation": "commenting", "target": "https://example.org/c1#xywh=200,100,400,200",
               "body": {"type": "TextualBody", "value": "A note", "language": "en"}},
              {"id": "3", "type": "Annotation", "motivation": "commenting", "target": "https://example.org/c1#xywh=percent:10,20,30,40",
               "body": {"type": "TextualBody", "value": "Percent"}},
              {"id": "4", "type": "Annotation", "motivation": "tagging", "body": {"type": "TextualBody", "value": "Town Creek Aqueduct"},
               "target": {"type": "SpecificResource", "source": "https://example.org/c1", "selector": {"type": "PointSelector", "x": 1000, "y": 250}}},
              {"id": "5", "type": "Annotation", "motivation": "commenting", "body": {"type": "TextualBody", "value": "Outline"},
               "target": {"type": "SpecificResource", "source": "https://example.org/c1",
                          "selector": {"type": "SvgSelector", "value": "<svg xmlns='http://www.w3.org/2000/svg'><polygon points='0,0 1000,0 1000,500'/></svg>"}}}]}]
            """#)
        #expect(notes.problems.isEmpty, "\(notes.problems)")
        #expect(notes.notes.count == 5)
        #expect(notes.notes[0].kind == .text && notes.notes[0].target == .page && notes.notes[0].bodies[0].language == "de")
        #expect(notes.notes[1].target == .region(Rect(x: 0.1, y: 0.1, width: 0.2, height: 0.2)))
        guard case .region(let r) = notes.notes[2].target else { Issue.record("\(notes.notes[2])"); return }
        #expect(abs(r.x - 0.1) < 1e-9 && abs(r.height - 0.4) < 1e-9)
        #expect(notes.notes[3].target == .point(Vec2(0.5, 0.25)) && notes.notes[3].kind == .note)
        #expect(notes.notes[4].target == .outline([Vec2(0, 0), Vec2(0.5, 0), Vec2(0.5, 0.5)]))
    }

    @Test func htmlBodiesInTwoLanguagesAreTextAndNothingElse() throws {
        let notes = try Self.notes(#"""
            [{"id": "ap", "type": "AnnotationPage", "items": [{"id": "1", "type": "Annotation", "motivation": "commenting",
              "target": "https://example.org/c1", "body": [
                {"type": "TextualBody", "language": "de", "format": "text/html",
                 "value": "<p>Göttinger <em>Marktplatz</em> mit <a href='x'>Brunnen</a></p><script>alert('x')</script><iframe src='y'>frame</iframe><style>p{}</style><img src='z'>Ende &amp; Schluss"},
                {"type": "TextualBody", "language": "en", "format": "text/html", "value": "<p>Market place<br>with fountain</p>"}]}]}]
            """#)
        let note = try #require(notes.notes.first)
        #expect(note.body(in: "de")?.text == "Göttinger Marktplatz mit Brunnen\n\nEnde & Schluss")
        #expect(note.body(in: "en-GB")?.text == "Market place\nwith fountain")
        #expect(note.body(in: "fr")?.language == "de", "no French: the first")
        // Emphasis kept as Pango markup, each line closing what it opens; a plain body has none.
        #expect(note.body(in: "de")?.markup == "Göttinger <i>Marktplatz</i> mit Brunnen\n\nEnde &amp; Schluss")
        #expect(note.body(in: "en")?.markup == nil)
        #expect(HTMLText.reduced("<p><b>Bold <em>and italic<br>across</em> a</b> line</p>").markup
                == "<b>Bold <i>and italic</i></b>\n<b><i>across</i> a</b> line\n\n")
    }

    @Test func aReferencedAnnotationPageIsNamedForFetchingAndReadWhenFetched() throws {
        let notes = try Self.notes(#"[{"id": "annotations/p1.json", "type": "AnnotationPage"}]"#)
        #expect(notes.references.map(\.description) == ["https://example.org/iiif/book/annotations/p1.json"])
        let page = CanvasNotes.parsePage(Array(#"""
            {"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "commenting", "target": "c#xywh=0,0,1000,500",
              "body": {"type": "TextualBody", "value": "Fetched"}}]}
            """#.utf8), from: notes.references[0], canvasSize: PixelSize(width: 2000, height: 1000))
        #expect(page.notes.map(\.target) == [.region(Rect(x: 0, y: 0, width: 0.5, height: 0.5))])
        #expect(CanvasNotes.parsePage(Array("<html>".utf8), from: notes.references[0], canvasSize: nil).problems.count == 1)
    }

    @Test func presentationTwoOtherContentTranscriptionAndComments() throws {
        let notes = try Self.notes(#"""
            [{"@id": "list", "@type": "sc:AnnotationList", "resources": [
              {"@type": "oa:Annotation", "motivation": "sc:painting", "on": "https://example.org/c1#xywh=0,0,2000,100",
               "resource": {"@type": "cnt:ContentAsText", "chars": "Incipit liber", "format": "text/plain", "language": "la"}},
              {"@type": "oa:Annotation", "motivation": ["oa:commenting"],
               "on": {"@type": "oa:SpecificResource", "full": "https://example.org/c1",
                      "selector": {"@type": "oa:FragmentSelector", "value": "xywh=1000,500,200,100"}},
               "resource": {"@type": "dctypes:Text", "chars": "<p>A <b>note</b></p>", "format": "text/html"}},
              {"@type": "oa:Annotation", "motivation": "sc:painting", "on": "https://example.org/c1",
               "resource": {"@id": "detail.jpg", "@type": "dctypes:Image"}}]},
             {"@id": "https://example.org/lists/2.json", "@type": "sc:AnnotationList"}]
            """#, version: 2)
        #expect(notes.notes.count == 2)
        #expect(notes.notes[0].kind == .text && notes.notes[0].bodies == [.init(text: "Incipit liber", language: "la")])
        #expect(notes.notes[1].kind == .note && notes.notes[1].bodies[0].text == "A note")
        #expect(notes.notes[1].target == .region(Rect(x: 0.5, y: 0.5, width: 0.1, height: 0.1)))
        #expect(notes.references.map(\.description) == ["https://example.org/lists/2.json"])
    }

    @Test func regionsOutsideTheCanvasNegativeOrNotNumbersAreLeftOutWithOneLine() throws {
        let annotation = { (target: String) in
            #"{"type": "Annotation", "motivation": "commenting", "target": "\#(target)", "body": {"type": "TextualBody", "value": "x"}}"#
        }
        let targets = ["c#xywh=3000,0,10,10", "c#xywh=0,0,-5,10", "c#xywh=percent:200,200,5,5", "c#xywh=10,10,0,0", "c#xywh=1900,900,200,200"]
        let notes = try Self.notes("[{\"type\": \"AnnotationPage\", \"items\": [\(targets.map(annotation).joined(separator: ","))]}]")
        #expect(notes.notes.count == 1, "only the one reaching into the canvas, cut to it")
        guard case .region(let cut) = notes.notes.first?.target else { Issue.record("\(notes)"); return }
        #expect(abs(cut.minX - 0.95) < 1e-9 && abs(cut.maxX - 1) < 1e-9 && abs(cut.minY - 0.9) < 1e-9 && abs(cut.maxY - 1) < 1e-9)
        #expect(notes.problems == ["4 annotations aimed outside the canvas (or at no size) left out"])
        let nan = CanvasNotes.parsePage(Array(#"{"items": [{"type": "Annotation", "motivation": "commenting", "body": {"type": "TextualBody", "value": "x"}, "target": {"selector": {"type": "PointSelector", "x": 1e400, "y": 5}}}]}"#.utf8),
                                        from: Self.base, canvasSize: PixelSize(width: 10, height: 10))
        #expect(nan.notes.isEmpty && nan.problems.count == 1)
    }

    @Test func tooManyAnnotationsOnACanvasLeaveItsNotesOutAndAHugeBodyIsCut() throws {
        let one = #"{"type": "Annotation", "motivation": "commenting", "target": "c", "body": {"type": "TextualBody", "value": "x"}}"#
        let many = "[{\"type\": \"AnnotationPage\", \"items\": [" + Array(repeating: one, count: 100_000).joined(separator: ",") + "]}]"
        let notes = try Self.notes(many)
        #expect(notes.notes.isEmpty && notes.problems.count == 1 && notes.problems[0].contains("100000 annotations"), "\(notes.problems)")
        let atLimit = try Self.notes("[{\"type\": \"AnnotationPage\", \"items\": [" + Array(repeating: one, count: PageNote.maxPerPage).joined(separator: ",") + "]}]")
        #expect(atLimit.notes.count == PageNote.maxPerPage && atLimit.problems.isEmpty)
        let huge = String(repeating: "a", count: 10 << 20)
        let big = try Self.notes(#"[{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "supplementing", "target": "c", "body": {"type": "TextualBody", "value": "\#(huge)"}}]}]"#)
        #expect(big.notes.first?.bodies.first?.text.count == PageNote.maxCharacters && big.problems.count == 1)
    }
}
