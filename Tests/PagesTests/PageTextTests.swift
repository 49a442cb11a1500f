import Foundation
import Pages
import TestSupport
import Testing

/// Speech mode's page texts: a sidecar file beside an image page, and a ComicInfo's language.
@Suite struct PageTextTests {
    @Test func aSidecarBesideAnImagePageIsItsText() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try Data(try pngBytes(width: 8, height: 8, seed: 1)).write(to: URL(fileURLWithPath: dir.file("page1.png")))
        try Data(try pngBytes(width: 8, height: 8, seed: 2)).write(to: URL(fileURLWithPath: dir.file("page2.png")))
        try "  Once upon\n a time.\r\n".write(toFile: dir.file("page1.txt"), atomically: true, encoding: .utf8)
        let book = try PageSource.open(path: dir.path)
        #expect(book.pageCount == 2, "the text file is not a page")
        #expect(book.text(of: 1) == "Once upon a time.")
        #expect(book.text(of: 2) == nil)
        #expect(book.text(of: 3) == nil)
        // A link out of the book is not read.
        try FileManager.default.createSymbolicLink(atPath: dir.file("page2.txt"), withDestinationPath: "/etc/hostname")
        #expect(book.text(of: 2) == nil)
    }

    @Test func aSingleImageHasItsSidecarToo() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try Data(try pngBytes(width: 8, height: 8, seed: 1)).write(to: URL(fileURLWithPath: dir.file("plate.png")))
        try "A plate.".write(toFile: dir.file("plate.txt"), atomically: true, encoding: .utf8)
        #expect(try PageSource.open(path: dir.file("plate.png")).text(of: 1) == "A plate.")
    }

    @Test func comicInfoNamesTheBooksLanguage() {
        let info = "<ComicInfo><Title>Akira</Title><LanguageISO> ja </LanguageISO></ComicInfo>"
        #expect(ComicInfo.parse(Array(info.utf8), pageCount: 3).language == "ja")
        #expect(ComicInfo.parse(Array("<ComicInfo><Title>A</Title></ComicInfo>".utf8), pageCount: 3).language == nil)
    }
}

/// Page texts from the other kinds of book: inside a CBZ, a PDF's text layer, a IIIF canvas's summary.
@Suite struct PageTextSourcesTests {
    @Test func aCBZHasSidecarEntriesBesideItsPages() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let png = try pngBytes(width: 8, height: 8, seed: 1)
        let info = "<ComicInfo><Summary>A story\nin two pages.</Summary><Pages><Page Image=\"1\" Type=\"FrontCover\"/></Pages></ComicInfo>"
        try writeZip(dir.file("book.cbz"), [("ComicInfo.xml", Array(info.utf8)), ("a/page1.png", png),
                                            ("a/page1.txt", Array("The first\r\n  page.".utf8)), ("a/page2.png", png),
                                            ("a/PAGE3.TXT", Array("Third.".utf8)), ("a/page3.png", png),
                                            ("page4.txt", Array("Not beside page 4.".utf8)), ("b/page4.png", png)])
        let book = try PageSource.open(path: dir.file("book.cbz"))
        #expect(book.pageCount == 4, "text entries are not pages")
        #expect(book.text(of: 1) == "The first page.")
        #expect(book.text(of: 2) == "A story in two pages.", "the cover (ComicInfo's FrontCover) says the summary")
        #expect(book.text(of: 3) == "Third.", "matched without regard to case")
        #expect(book.text(of: 4) == nil, "a text elsewhere in the archive is not the page's")
        #expect(book.metadata.summary == "A story\nin two pages.")
    }

    @Test func aFolderSaysComicInfosSummaryOnItsFirstPage() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("page1.png", try pngBytes(width: 8, height: 8, seed: 1))
        try dir.write("page2.png", try pngBytes(width: 8, height: 8, seed: 2))
        try dir.write("ComicInfo.xml", Array("<ComicInfo><Summary>About it.</Summary><LanguageISO>nl</LanguageISO></ComicInfo>".utf8))
        let book = try PageSource.open(path: dir.path)
        #expect(book.text(of: 1) == "About it.")
        #expect(book.text(of: 2) == nil)
        #expect(book.metadata.language == "nl")
    }

    @Test func aPDFPageSaysItsTextLayerInTheBooksLanguage() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("book.pdf", pdfBook([.text(["Es war einmal", "ein Buch."]), .vectorArt()], catalog: "/Lang (de)"))
        let book = try PageSource.open(path: dir.file("book.pdf"))
        #expect(book.text(of: 1) == "Es war einmal ein Buch.")
        #expect(book.text(of: 2) == nil)
        #expect(book.metadata.language == "de")
    }

    @Test func aIIIFCanvasSaysItsSummary() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let png = try pngBytes(width: 40, height: 56, seed: 1)
        try dir.write("p.png", png)
        let canvas = { (i: Int, summary: String) in #"""
            {"id": "canvas/\#(i)", "type": "Canvas", "label": {"en": ["f. \#(i)"]}, \#(summary)"width": 40, "height": 56,
             "items": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting",
               "body": {"id": "p.png", "type": "Image", "width": 40, "height": 56}}]}]}
            """# }
        try dir.write("manifest.json", Array(#"""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "type": "Manifest",
             "label": {"fr": ["Un livre"]},
             "items": [\#(canvas(1, #""summary": {"fr": ["Une  lettre\n initiale."]}, "#)), \#(canvas(2, ""))]}
            """#.utf8))
        let book = try PageSource.open(path: dir.path)
        #expect(book.text(of: 1) == "Une lettre initiale.")
        #expect(book.text(of: 2) == nil)
        #expect(book.metadata.language == "fr")
    }
}
