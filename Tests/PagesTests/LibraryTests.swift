import BookFiles
import Foundation
import Pages
import Testing

/// Which directories are libraries and which entries their books.
@Suite struct LibraryTests {
    @Test func theBooksAreFoldersWithPagesArchivesAndPDFsInNaturalOrder() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let png = try pngBytes(width: 4, height: 5, seed: 1)
        try dir.write("Vol 10.cbz", [0x50, 0x4B])
        try dir.write("Vol 2.pdf", Array("%PDF-1.4".utf8))
        try dir.write("Folder/ch1/p1.png", png)
        try dir.write("Empty/notes.txt", Array("no pages".utf8))
        try dir.write(".hidden.cbz", [0x50, 0x4B])
        try dir.write("readme.txt", Array("hello".utf8))
        #expect(try Library.books(in: dir.path) == ["Folder", "Vol 2.pdf", "Vol 10.cbz"].map(dir.file))
        #expect(Library.recognised(dir.path) == ["Folder", "Vol 2.pdf", "Vol 10.cbz"].map(dir.file))
    }

    @Test func aBookWithChaptersInSubFoldersStaysOneBook() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let png = try pngBytes(width: 4, height: 5, seed: 1)
        try dir.write("ch1/p1.png", png)
        try dir.write("ch2/p1.png", png)
        #expect(Library.recognised(dir.path) == nil, "folders alone are chapters")
        try dir.write("extra.cbz", [0x50, 0x4B])
        try dir.write("cover.png", png)
        #expect(Library.recognised(dir.path) == nil, "an image directly inside makes it one book")
        #expect(try Library.books(in: dir.path).count == 3, "named as a library, its folders and archive are books")
    }

    @Test func oneArchiveIsNoLibraryAndAFileIsNone() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("only.cbz", [0x50, 0x4B])
        #expect(Library.recognised(dir.path) == nil)
        #expect(Library.recognised(dir.file("only.cbz")) == nil)
        #expect(throws: (any Error).self) { try Library.books(in: dir.file("missing")) }
    }

    /// A baked IIIF book holds its pages in tile folders deeper than a book reads, or nowhere at all
    /// when its images are on a server: its `manifest.json` makes it a book.
    @Test func aFolderHoldingAManifestIsABook() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("baked/manifest.json", Array("{}".utf8))
        try dir.write("Remote/manifest.json", Array("{}".utf8))
        try dir.write("notes/readme.txt", Array("no pages".utf8))
        try dir.write("atlas.pdf", Array("%PDF-1.4".utf8))
        #expect(try Library.books(in: dir.path) == ["atlas.pdf", "baked", "Remote"].map(dir.file))
    }
}
