import Book
import Foundation
import Geometry
import Pages
import TestSupport
import Testing

/// A local book's notes: a W3C Web Annotation file beside a page, in the image's pixels or percent, and plain
/// text beside it as its transcription in each language; a link out of the book is not followed.
@Suite final class PageNotesSourceTests {
    private let dir: TempDir

    init() throws { dir = try TempDir() }
    deinit { dir.cleanup() }

    @Test func aFolderBooksSidecarsAreItsPagesNotesAndTexts() throws {
        try dir.write("book/page-001.png", pngBytes(width: 400, height: 200, seed: 1))
        try dir.write("book/page-002.png", pngBytes(width: 40, height: 20, seed: 2))
        try dir.write("book/page-001.annotations.json", Array(#"""
            {"type": "AnnotationPage", "items": [
              {"type": "Annotation", "motivation": "commenting", "target": "page-001.png#xywh=100,50,40,20",
               "body": {"type": "TextualBody", "value": "A stain", "language": "en"}},
              {"type": "Annotation", "motivation": "commenting", "target": "page-001.png#xywh=percent:50,50,10,10",
               "body": {"type": "TextualBody", "value": "Half way"}},
              {"type": "Annotation", "motivation": "commenting", "target": "page-001.png#xywh=900,50,40,20",
               "body": {"type": "TextualBody", "value": "Off the page"}}]}
            """#.utf8))
        try dir.write("book/page-001.txt", Array("In principio\n\n  erat   verbum\n".utf8))
        try dir.write("book/page-001.de.txt", Array("Im Anfang war das Wort".utf8))
        try dir.write("book/page-001.notes.txt", Array("not a language".utf8))
        try FileManager.default.createSymbolicLink(atPath: dir.file("book/page-002.annotations.json"), withDestinationPath: "/etc/hostname")
        let source = try PageSource.open(path: dir.file("book"))
        #expect(source.hasNotes)
        let read = source.notes(of: 1)
        #expect(read.problems == ["page-001.annotations.json: 1 annotations aimed outside the canvas (or at no size) left out"])
        #expect(read.notes.count == 3)
        let text = try #require(read.notes.first)
        #expect(text.kind == .text && text.target == .page)
        #expect(text.bodies == [.init(text: "In principio\n\nerat verbum", language: nil), .init(text: "Im Anfang war das Wort", language: "de")])
        #expect(read.notes[1].target == .region(Rect(x: 0.25, y: 0.25, width: 0.1, height: 0.1)) && read.notes[1].kind == .note)
        #expect(read.notes[2].target == .region(Rect(x: 0.5, y: 0.5, width: 0.1, height: 0.1)))
        let notes = PageNotes(read.notes)
        #expect(notes.transcription(bookLanguage: nil) == "In principio\n\nerat verbum")
        #expect(notes.translation(into: "de-AT", bookLanguage: nil) == "Im Anfang war das Wort")
        #expect(notes.translation(into: "fr", bookLanguage: nil) == nil)
        #expect(source.notes(of: 2) == PageNotesRead(), "a link out of the book is not read")
    }
}
