import Foundation
import Pages
import Testing

/// Speech mode's page texts (issue 27): a sidecar file beside an image page, and a ComicInfo's language.
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
