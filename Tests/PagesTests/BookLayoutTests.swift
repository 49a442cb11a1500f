import Book
import Decoding
import Foundation
import Geometry
import Pages
import Testing

/// Comic-book conventions on disk: chapters in sub-folders, junk entries, ComicInfo.xml, WebP and AVIF pages.
@Suite struct BookLayoutTests {
    static let comicInfo = Array("""
        <ComicInfo><Series>Nested</Series><Number>2</Number><Manga>YesAndRightToLeft</Manga>
        <Pages><Page Image="0" Type="FrontCover"/><Page Image="2" DoublePage="True"/></Pages></ComicInfo>
        """.utf8)
    /// What `comicInfo` says: the series and number the title is made of are the About panel's too.
    static let comicInfoMetadata: BookMetadata = {
        var metadata = BookMetadata(title: "Nested #2", rightToLeft: true, coverPage: 1, doublePages: [3])
        metadata.about = BookAbout(fields: [(.series, "Nested"), (.number, "2")])
        return metadata
    }()

    /// Pages of the Decoding fixtures, so that WebP and AVIF pages really decode.
    static func fixture(_ name: String) throws -> [UInt8] {
        let tests = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(2)
        let path = tests.joined(separator: "/") + "/DecodingTests/Fixtures/" + name
        guard let data = FileManager.default.contents(atPath: path) else { throw TestFailure("no fixture \(path)") }
        return [UInt8](data)
    }

    @Test func directoryReadsSubFoldersInNaturalOrderSkippingHiddenOnes() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let names = ["ch10/p1.png", "ch2/p10.webp", "ch2/p9.avif", "ch2/deeper/x.jpg", "cover.png", "ch1.5/a.png"]
        for (i, name) in names.enumerated() { try dir.write(name, try pngBytes(width: 3, height: 3, seed: UInt64(i))) }
        try dir.write(".thumbs/p0.png", try pngBytes(width: 3, height: 3, seed: 50))
        try dir.write("__MACOSX/ch2/._p9.avif", [0, 5, 22, 7])
        try dir.write("ch2/.p1.png", [1])
        try dir.write("ch2/notes.txt", [1])
        try dir.write("ComicInfo.xml", Self.comicInfo)
        try FileManager.default.createDirectory(atPath: dir.file("empty"), withIntermediateDirectories: false)

        let source = try PageSource.open(path: dir.path)
        #expect((1...source.pageCount).map { source.name(of: $0) }
            == ["ch1.5/a.png", "ch2/deeper/x.jpg", "ch2/p9.avif", "ch2/p10.webp", "ch10/p1.png", "cover.png"])
        #expect(try source.data(of: 4) == (try pngBytes(width: 3, height: 3, seed: 1)))
        #expect(source.metadata == Self.comicInfoMetadata)
        #expect(try source.reloaded().metadata == source.metadata)
    }

    /// A link to a folder is not followed: no cycles, no way out of the book.
    @Test func linksToFoldersAreNotFollowed() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("p1.png", try pngBytes(width: 3, height: 3, seed: 1))
        try dir.write("ch/p2.png", try pngBytes(width: 3, height: 3, seed: 2))
        try dir.link("loop", to: ".")
        try dir.link("again", to: "ch")
        let source = try PageSource.open(path: dir.path)
        #expect((1...source.pageCount).map { source.name(of: $0) } == ["ch/p2.png", "p1.png"])
        #expect(source.metadata == .none)
    }

    @Test func archiveReadsComicInfoAtItsRootOnly() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let page = try pngBytes(width: 3, height: 3, seed: 1)
        let junk = Array("<ComicInfo><Title>x</Title></ComicInfo>".utf8)
        try writeZip(dir.file("a.cbz"), [("p1.png", page), ("p2.png", page), ("p3.png", page),
                                          ("__MACOSX/ComicInfo.xml", junk), ("COMICINFO.XML", Self.comicInfo)])
        #expect(try PageSource.open(path: dir.file("a.cbz")).metadata
            == Self.comicInfoMetadata)

        try writeZip(dir.file("b.cbz"), [("p1.png", page), ("sub/ComicInfo.xml", Self.comicInfo)])
        #expect(try PageSource.open(path: dir.file("b.cbz")).metadata == .none)
    }

    /// A ComicInfo.xml that cannot be read leaves the book readable and says why.
    @Test func unreadableComicInfoIsAProblemNotAnError() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let page = try pngBytes(width: 3, height: 3, seed: 1)
        let huge = [UInt8](repeating: 0x20, count: ComicInfo.maxBytes + 1)
        try writeZip(dir.file("a.cbz"), [("p1.png", page), ("ComicInfo.xml", huge)], compression: .none)
        let archive = try PageSource.open(path: dir.file("a.cbz"))
        #expect(archive.pageCount == 1)
        #expect(archive.metadata.problem?.contains("ComicInfo.xml") == true, "\(archive.metadata)")

        try dir.write("book/p1.png", page)
        try dir.write("book/ComicInfo.xml", huge)
        let book = try PageSource.open(path: dir.file("book"))
        #expect(book.metadata.title == nil && book.metadata.problem?.contains("ComicInfo.xml") == true)
    }

    @Test func webpAndAVIFFilesAreBooksAndPages() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let webp = try Self.fixture("lossy.webp"), avif = try Self.fixture("lossless.avif")
        try dir.write("single.webp", webp)
        try dir.write("single.avif", avif)
        for (name, size) in [("single.webp", PixelSize(width: 64, height: 64)),
                             ("single.avif", PixelSize(width: 13, height: 11))] {
            let source = try PageSource.open(path: dir.file(name))
            #expect(source.kind == .image)
            #expect(try ImageDecoder.decode(source.data(of: 1)).size == size)
        }
        try writeZip(dir.file("book.cbz"), [("2.avif", avif), ("1.webp", webp)])
        let archive = try PageSource.open(path: dir.file("book.cbz"))
        #expect(archive.pageCount == 2 && archive.name(of: 1) == "1.webp")
        #expect(try ImageDecoder.decode(archive.data(of: 2)).size == PixelSize(width: 13, height: 11))
    }
}
