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

    /// Twenty-five notes of 100,000 characters each beside a page: kept up to the page's 2 M characters, the rest
    /// left out with one line.
    @Test func aPagesNotesStayWithinTheirBounds() throws {
        try dir.write("big/page-001.png", pngBytes(width: 40, height: 40, seed: 1))
        let long = String(repeating: "x", count: 100_000)
        let items = (0..<25).map { _ in
            #"{"type": "Annotation", "motivation": "commenting", "target": "p", "body": {"type": "TextualBody", "value": "\#(long)"}}"#
        }
        try dir.write("big/page-001.annotations.json", Array(#"{"items": [\#(items.joined(separator: ","))]}"#.utf8))
        let read = try PageSource.open(path: dir.file("big")).notes(of: 1)
        #expect(read.notes.count == 20, "2 M characters: twenty of them")
        #expect(read.problems.count == 1 && read.problems[0].hasPrefix("5 notes"), "\(read.problems)")
    }
}
