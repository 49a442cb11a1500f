import Foundation
import Testing
@testable import Pages

/// A IIIF book's ranges that cannot be a contents entry: one naming a canvas that is not a page of the book is
/// left out, said in one line; the others stay.
@Suite struct ContentsProblemsTests {
    @Test func aRangeNamingNoPageIsLeftOutAndSaid() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("p1.png", try pngBytes(width: 10, height: 10, seed: 1))
        let canvas = { (n: Int) in
            #"{"id": "c\#(n)", "type": "Canvas", "width": 10, "height": 10, "items": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting", "target": "c\#(n)", "body": {"id": "p1.png", "type": "Image"}}]}]}"#
        }
        try dir.write("manifest.json", Array(#"""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "m", "type": "Manifest", "label": {"en": ["B"]},
             "items": [\#(canvas(1)), \#(canvas(2))],
             "structures": [{"id": "r1", "type": "Range", "label": {"en": ["Kept"]}, "items": [{"id": "c2", "type": "Canvas"}]},
                            {"id": "r2", "type": "Range", "label": {"en": ["Dangling"]}, "items": [{"id": "c9", "type": "Canvas"}]}]}
            """#.utf8))
        let source = try PageSource.open(path: dir.file("manifest.json"))
        #expect(source.tableOfContents.map(\.title) == ["Kept"])
        #expect(source.contentsProblems.count == 1 && source.contentsProblems[0].contains("\"Dangling\""), "\(source.contentsProblems)")
    }
}
