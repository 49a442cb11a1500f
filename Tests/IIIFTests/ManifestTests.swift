import Geometry
import Testing
@testable import IIIF

/// Manifests shaped like the IIIF Cookbook's book recipes (0009 simple book, 0010 right-to-left, 0011 behaviours)
/// and like a large library's 2.1 export.
@Suite struct ManifestTests {
    static let base = try! ResourceURL("https://example.org/iiif/book1/manifest.json")

    static func canvas3(_ n: Int, label: String, behavior: String? = nil, service: Bool = true,
                        image: String = "https://example.org/iiif/img") -> String {
        let behaviorPart = behavior.map { #""behavior": ["\#($0)"],"# } ?? ""
        let servicePart = service ? #", "service": [{"id": "https://example.org/iiif/img/p\#(n)", "type": "ImageService3", "profile": "level0"}]"# : ""
        return #"""
        {"id": "https://example.org/iiif/book1/canvas/p\#(n)", "type": "Canvas", \#(behaviorPart)
         "label": {"en": ["\#(label)"]}, "width": 3204, "height": 4613,
         "items": [{"id": "https://example.org/iiif/book1/page/p\#(n)/1", "type": "AnnotationPage",
           "items": [{"id": "https://example.org/iiif/book1/annotation/p\#(n)", "type": "Annotation",
             "motivation": "painting", "target": "https://example.org/iiif/book1/canvas/p\#(n)",
             "body": {"id": "\#(image)/p\#(n)/full/max/0/default.jpg", "type": "Image",
               "format": "image/jpeg", "width": 3204, "height": 4613\#(servicePart)}}]}]}
        """#
    }

    static func manifest3(_ canvases: [String], extra: String = "") -> [UInt8] {
        Array(#"""
        {"@context": "http://iiif.io/api/presentation/3/context.json",
         "id": "https://example.org/iiif/book1/manifest.json", "type": "Manifest",
         "label": {"en": ["Simple Manifest - Book"], "fr": ["Livre"]}, \#(extra)
         "items": [\#(canvases.joined(separator: ","))]}
        """#.utf8)
    }

    @Test func simpleBookReadsCanvasesInOrderWithLabelsAndServices() throws {
        let labels = ["Blank page", "Frontispiece", "Title page", "Blank page", "Bookplate"]
        let bytes = Self.manifest3(labels.enumerated().map { Self.canvas3($0.offset + 1, label: $0.element) },
                                   extra: #""behavior": ["paged"], "rights": "http://creativecommons.org/licenses/by/4.0/","#)
        let m = try Manifest.parse(bytes, from: Self.base)
        #expect(m.version == .three)
        #expect(m.title == "Simple Manifest - Book")
        #expect(m.language == "en")
        #expect(m.paged)
        #expect(!m.rightToLeft)
        #expect(m.rights == "http://creativecommons.org/licenses/by/4.0/")
        #expect(m.pages.map(\.label) == labels)
        #expect(m.pages.allSatisfy { $0.size == PixelSize(width: 3204, height: 4613) })
        let image = try m.pages[2].image.get()
        #expect(image.service?.id.description == "https://example.org/iiif/img/p3")
        #expect(image.service?.version == .three)
        #expect(image.service?.level == 0)
        #expect(image.url?.description == "https://example.org/iiif/img/p3/full/max/0/default.jpg")
    }

    @Test func labelsFollowTheVisitorsLanguage() throws {
        let m = try Manifest.parse(Self.manifest3([Self.canvas3(1, label: "x")]), from: Self.base, languages: ["fr-FR", "en"])
        #expect(m.title == "Livre")
        #expect(m.language == "fr")
    }

    @Test func rightToLeftAndRequiredStatement() throws {
        let extra = #"""
        "viewingDirection": "right-to-left",
        "requiredStatement": {"label": {"en": ["Attribution"]}, "value": {"en": ["Provided by the Example Museum"]}},
        """#
        let m = try Manifest.parse(Self.manifest3([Self.canvas3(1, label: "a"), Self.canvas3(2, label: "b")], extra: extra),
                                   from: Self.base)
        #expect(m.rightToLeft)
        #expect(m.attribution == ["Attribution: Provided by the Example Museum"])
    }

    @Test func behaviourVariants() throws {
        let canvases = [
            Self.canvas3(1, label: "Front cover"),
            Self.canvas3(2, label: "Foldout", behavior: "facing-pages"),
            Self.canvas3(3, label: "Colour bar", behavior: "non-paged"),
            Self.canvas3(4, label: "Back cover"),
        ]
        let m = try Manifest.parse(Self.manifest3(canvases, extra: #""behavior": ["individuals"],"#), from: Self.base)
        #expect(!m.paged)
        #expect(m.canvases.count == 4)
        #expect(m.pages.map(\.label) == ["Front cover", "Foldout", "Back cover"])
        #expect(m.pages[1].facingPages)
        #expect(!m.pages[0].facingPages)
    }

    @Test func aCanvasWithoutAnImageIsAPlaceholderWithItsReason() throws {
        let noBody = #"{"id": "c9", "type": "Canvas", "label": {"none": ["9"]}, "width": 10, "height": 10, "items": []}"#
        let ftp = Self.canvas3(2, label: "ftp", service: false, image: "ftp://example.org/x")
        let m = try Manifest.parse(Self.manifest3([Self.canvas3(1, label: "ok"), noBody, ftp]), from: Self.base)
        #expect(m.pages.count == 3)
        #expect(try m.pages[0].image.get().service != nil)
        #expect(throws: Manifest.PageImageFailure(reason: "the canvas paints no image")) { try m.pages[1].image.get() }
        #expect(throws: Manifest.PageImageFailure(reason: #"the URL scheme "ftp" is not read (only http, https and file)"#)) {
            try m.pages[2].image.get()
        }
    }

    /// Like a large library's export: sequences, `sc:` types, `viewingHint`, a level 2 service by profile URI.
    @Test func presentationTwoLibraryExport() throws {
        let canvas = { (n: Int, hint: String) in #"""
            {"@id": "https://lib.example.org/iiif/MS-1/canvas/f\#(n)", "@type": "sc:Canvas", "label": "f. \#(n)r",
             "width": 6000, "height": 8400, \#(hint)
             "images": [{"@type": "oa:Annotation", "motivation": "sc:painting",
               "on": "https://lib.example.org/iiif/MS-1/canvas/f\#(n)",
               "resource": {"@id": "https://lib.example.org/iiif/image/MS-1_f\#(n)/full/full/0/default.jpg",
                 "@type": "dctypes:Image", "format": "image/jpeg", "width": 6000, "height": 8400,
                 "service": {"@context": "http://iiif.io/api/image/2/context.json",
                   "@id": "https://lib.example.org/iiif/image/MS-1_f\#(n)",
                   "profile": "http://iiif.io/api/image/2/level2.json"}}}]}
            """# }
        let json = #"""
        {"@context": "http://iiif.io/api/presentation/2/context.json",
         "@id": "https://lib.example.org/iiif/MS-1/manifest", "@type": "sc:Manifest",
         "label": [{"@value": "Livre d'heures", "@language": "fr"}, {"@value": "Book of Hours", "@language": "en"}],
         "attribution": "Example Library", "license": "https://creativecommons.org/publicdomain/mark/1.0/",
         "description": "A manuscript",
         "sequences": [{"@type": "sc:Sequence", "viewingDirection": "left-to-right", "viewingHint": "paged",
           "canvases": [\#(canvas(1, "")), \#(canvas(2, #""viewingHint": "non-paged","#)), \#(canvas(3, ""))]}]}
        """#
        let m = try Manifest.parse(Array(json.utf8), from: try ResourceURL("https://lib.example.org/iiif/MS-1/manifest"))
        #expect(m.version == .two)
        #expect(m.title == "Book of Hours")
        #expect(m.attribution == ["Attribution: Example Library"])
        #expect(m.rights == "https://creativecommons.org/publicdomain/mark/1.0/")
        #expect(m.paged)
        #expect(m.pages.map(\.label) == ["f. 1r", "f. 3r"])
        let service = try #require(try m.pages[1].image.get().service)
        #expect(service.version == .two)
        #expect(service.level == 2)
        #expect(service.infoURL.description == "https://lib.example.org/iiif/image/MS-1_f3/info.json")
    }

    @Test func relativeIdsResolveAgainstTheManifest() throws {
        let bytes = Array(#"""
        {"@context": "http://iiif.io/api/presentation/3/context.json", "type": "Manifest", "label": {"none": ["Baked"]},
         "items": [{"id": "canvas/1", "type": "Canvas", "width": 100, "height": 140,
           "items": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting",
             "body": {"id": "tiles/p1/full/100,140/0/default.jpg", "type": "Image",
               "service": [{"id": "tiles/p1", "type": "ImageService3", "profile": "level0"}]}}]}]}]}
        """#.utf8)
        let m = try Manifest.parse(bytes, from: try ResourceURL("file:///srv/books/baked/manifest.json"))
        let image = try m.pages[0].image.get()
        #expect(image.service?.id.filePath == "/srv/books/baked/tiles/p1")
        #expect(m.title == "Baked")
        #expect(m.language == nil)
    }

    @Test func badInputIsRefusedWithAReason() throws {
        #expect(throws: Manifest.Failure.notJSON(JSONError(offset: 0, reason: "unexpected character"))) {
            try Manifest.parse(Array("<html>404</html>".utf8), from: Self.base)
        }
        #expect(throws: Manifest.Failure.notIIIF("no Presentation 2 or 3 @context and no Manifest type")) {
            try Manifest.parse(Array(#"{"name": "not iiif"}"#.utf8), from: Self.base)
        }
        #expect(throws: Manifest.Failure.notIIIF("not a JSON object")) {
            try Manifest.parse(Array("[1, 2]".utf8), from: Self.base)
        }
        #expect(throws: Manifest.Failure.noCanvases) { try Manifest.parse(Self.manifest3([]), from: Self.base) }
        let many = Array(repeating: #"{"type": "Canvas", "width": 1, "height": 1}"#, count: 100_000)
        #expect(throws: Manifest.Failure.tooManyCanvases(100_000, limit: Manifest.maxCanvases)) {
            try Manifest.parse(Self.manifest3(many), from: Self.base)
        }
        let deep = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: Manifest.Failure.notJSON(JSONError(offset: 65, reason: "nested deeper than 64"))) {
            try Manifest.parse(deep, from: Self.base)
        }
        let collection = Array(#"{"@context": "x", "type": "Collection", "items": []}"#.utf8)
        #expect(throws: Manifest.Failure.notIIIF("it is a collection of manifests, not one book")) {
            try Manifest.parse(collection, from: Self.base)
        }
    }
}

/// `structures` as a table of contents, shaped like the IIIF Cookbook's table-of-contents recipes (0024 for
/// 3.0: one top range holding the book's ranges; 2.1's flat ranges nested by `ranges`).
@Suite struct ManifestSectionTests {
    @Test func rangesOfThreeAreSectionsOnTheirFirstCanvas() throws {
        let canvases = (1...6).map { ManifestTests.canvas3($0, label: "p\($0)") }
        func c(_ n: Int) -> String { #"{"id": "https://example.org/iiif/book1/canvas/p\#(n)", "type": "Canvas"}"# }
        let structures = #"""
        "structures": [{"id": "https://example.org/iiif/book1/range/r0", "type": "Range", "label": {"en": ["Table of Contents"]},
          "items": [
            {"id": "https://example.org/iiif/book1/range/r1", "type": "Range", "label": {"en": ["Tabiba Tabiban"]},
             "items": [\#(c(1)), \#(c(2))]},
            {"id": "https://example.org/iiif/book1/range/r2", "type": "Range", "label": {"en": ["Gold Pen"]},
             "items": [{"id": "https://example.org/iiif/book1/range/r2/1", "type": "Range", "label": {"en": ["Part 1"]},
                        "items": [{"type": "SpecificResource", "source": "https://example.org/iiif/book1/canvas/p4"}]},
                       {"id": "https://example.org/iiif/book1/range/r2/2", "type": "Range", "label": {"en": ["Part 2"]},
                        "items": [\#(c(5)), \#(c(6))]}]},
            {"id": "https://example.org/iiif/book1/range/r3", "type": "Range", "behavior": ["no-nav"], "label": {"en": ["Hidden"]},
             "items": [\#(c(3))]}]}],
        """#
        let m = try Manifest.parse(ManifestTests.manifest3(canvases, extra: structures), from: ManifestTests.base)
        #expect(m.sections.map(\.title) == ["Tabiba Tabiban", "Gold Pen", "Part 1", "Part 2"])
        #expect(m.sections.map(\.level) == [0, 0, 1, 1])
        #expect(m.sections.map { $0.canvas.split(separator: "/").last! } == ["p1", "p4", "p4", "p5"])
    }

    @Test func rangesOfTwoPointOneNestByTheirRanges() throws {
        let json = #"""
        {"@context": "http://iiif.io/api/presentation/2/context.json", "@id": "https://example.org/m", "@type": "sc:Manifest",
         "label": "Book", "sequences": [{"canvases": [
           {"@id": "https://example.org/c1", "@type": "sc:Canvas", "label": "1", "width": 10, "height": 10},
           {"@id": "https://example.org/c2", "@type": "sc:Canvas", "label": "2", "width": 10, "height": 10},
           {"@id": "https://example.org/c3", "@type": "sc:Canvas", "label": "3", "width": 10, "height": 10}]}],
         "structures": [
           {"@id": "https://example.org/r0", "@type": "sc:Range", "label": "Contents", "viewingHint": "top",
            "ranges": ["https://example.org/r1", "https://example.org/r2"]},
           {"@id": "https://example.org/r1", "@type": "sc:Range", "label": "Preface", "canvases": ["https://example.org/c1"]},
           {"@id": "https://example.org/r2", "@type": "sc:Range", "label": "Chapter", "canvases": ["https://example.org/c2"],
            "ranges": ["https://example.org/r3"]},
           {"@id": "https://example.org/r3", "@type": "sc:Range", "label": "Section", "canvases": ["https://example.org/c3"]}]}
        """#
        let m = try Manifest.parse(Array(json.utf8), from: try ResourceURL("https://example.org/m"))
        #expect(m.sections == [Manifest.Section(title: "Preface", canvas: "https://example.org/c1", level: 0),
                               Manifest.Section(title: "Chapter", canvas: "https://example.org/c2", level: 0),
                               Manifest.Section(title: "Section", canvas: "https://example.org/c3", level: 1)])
    }

    /// Ranges that name each other in a circle: each once, the circle said once; the book's sections stay.
    @Test func cyclicRangesAreReadOnceAndSaid() throws {
        let json = #"""
        {"@context": "http://iiif.io/api/presentation/2/context.json", "@id": "https://example.org/m", "@type": "sc:Manifest",
         "label": "Book", "sequences": [{"canvases": [
           {"@id": "https://example.org/c1", "@type": "sc:Canvas", "label": "1", "width": 10, "height": 10},
           {"@id": "https://example.org/c2", "@type": "sc:Canvas", "label": "2", "width": 10, "height": 10}]}],
         "structures": [
           {"@id": "https://example.org/r1", "@type": "sc:Range", "label": "One", "canvases": ["https://example.org/c1"],
            "ranges": ["https://example.org/r2"]},
           {"@id": "https://example.org/r2", "@type": "sc:Range", "label": "Two", "canvases": ["https://example.org/c2"],
            "ranges": ["https://example.org/r1"]},
           {"@id": "https://example.org/r3", "@type": "sc:Range", "label": "Three", "canvases": ["https://example.org/c2"]}]}
        """#
        let m = try Manifest.parse(Array(json.utf8), from: try ResourceURL("https://example.org/m"))
        #expect(m.sections.map(\.title) == ["Three"], "\(m.sections)")
        #expect(m.sectionProblems == ["2 ranges inside one another in a circle, under no top range, left out: https://example.org/r1, https://example.org/r2"],
                "\(m.sectionProblems)")
        // Reached from a top range, the circle is followed once and said where it closes.
        let rooted = json.split(separator: "\n").map { line in
            line.contains(#""label": "Three""#) ? line.dropLast(3) + #", "ranges": ["https://example.org/r1"]}]}"# : line
        }.joined(separator: "\n")
        let n = try Manifest.parse(Array(rooted.utf8), from: try ResourceURL("https://example.org/m"))
        #expect(n.sections.map(\.title) == ["Three", "One", "Two"], "\(n.sections)")
        #expect(n.sectionProblems == ["range https://example.org/r1 comes again (inside itself, or in a second place): left out there"], "\(n.sectionProblems)")
    }
}
