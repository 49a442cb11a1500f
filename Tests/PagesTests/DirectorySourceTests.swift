import Decoding
import Foundation
import Glibc
import Pages
import Testing

@Suite struct DirectorySourceTests {
    @Test func pagesInNaturalOrderSkippingHiddenFilesOthersAndDirectories() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let names = ["page10.png", "page2.png", "Page1.png", "cover.JPG", "page2b.jpeg"]
        for (i, name) in names.enumerated() { try dir.write(name, try pngBytes(width: 4, height: 5, seed: UInt64(i))) }
        try dir.write(".hidden.png", try pngBytes(width: 4, height: 5, seed: 99))
        try dir.write("notes.txt", Array("not a page".utf8))
        try FileManager.default.createDirectory(atPath: dir.file("folder.png"), withIntermediateDirectories: false)

        let source = try PageSource.open(path: dir.path)
        #expect(source.kind == .directory)
        #expect(source.pageCount == 5)
        #expect((1...5).map { source.name(of: $0) } == ["cover.JPG", "Page1.png", "page2.png", "page2b.jpeg", "page10.png"])
        #expect(try source.data(of: 3) == (try pngBytes(width: 4, height: 5, seed: 1)))
        #expect(throws: PageError.pageOutOfRange(page: 6, pageCount: 5)) { try source.data(of: 6) }
        #expect(throws: PageError.pageOutOfRange(page: 0, pageCount: 5)) { try source.data(of: 0) }
    }

    @Test func linksInsideAreFollowedLinksOutsideAreRefused() throws {
        let outside = try TempDir()
        defer { outside.cleanup() }
        try outside.write("secret.png", try pngBytes(width: 3, height: 3, seed: 7))
        let dir = try TempDir()
        defer { dir.cleanup() }
        let inner = try pngBytes(width: 3, height: 3, seed: 8)
        try dir.write("p1.png", try pngBytes(width: 3, height: 3, seed: 9))
        try dir.write(".art/real.png", inner)                             // a hidden folder: not a page itself
        try dir.link("p2.png", to: ".art/real.png")                      // relative, inside
        try dir.link("p3.png", to: outside.file("secret.png"))            // absolute, outside
        try dir.link("p4.png", to: "../" + (outside.path as NSString).lastPathComponent + "/secret.png")
        try dir.link("hop", to: outside.file("secret.png"))
        try dir.link("p5.png", to: "hop")                                 // inside link to an outside link
        try dir.link("p6.png", to: "missing.png")                         // dangling

        let source = try PageSource.open(path: dir.path)
        #expect(source.pageCount == 6)
        #expect(try source.data(of: 2) == inner)
        for page in [3, 4, 5] {
            #expect(throws: PageError.linkOutsideBook(name: "p\(page).png")) { try source.data(of: page) }
            #expect(throws: PageError.linkOutsideBook(name: "p\(page).png")) { try source.identity(of: page) }
        }
        #expect(throws: PageError.self) { try source.data(of: 6) }
        #expect(try source.data(of: 1).count > 0)
    }

    @Test func bookDirectoryReachedThroughALinkStillWorks() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("book/p1.png", try pngBytes(width: 3, height: 3, seed: 1))
        try dir.link("alias", to: "book")
        let source = try PageSource.open(path: dir.file("alias"))
        #expect(try source.data(of: 1) == (try pngBytes(width: 3, height: 3, seed: 1)))
    }

    @Test func openingErrorsAreClear() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        #expect(throws: PageError.notFound(path: dir.file("nope"))) { try PageSource.open(path: dir.file("nope")) }
        try FileManager.default.createDirectory(atPath: dir.file("empty"), withIntermediateDirectories: false)
        #expect(throws: PageError.emptyDirectory(path: dir.file("empty"))) { try PageSource.open(path: dir.file("empty")) }
        try dir.write("texts/a.txt", [1])
        try dir.write("texts/.b.png", [1])
        #expect(throws: PageError.noPages(path: dir.file("texts"), entries: 2)) {
            try PageSource.open(path: dir.file("texts"))
        }
        try dir.write("letter.txt", Array("hello".utf8))
        #expect(throws: PageError.unsupportedBook(path: dir.file("letter.txt"))) {
            try PageSource.open(path: dir.file("letter.txt"))
        }
        let message = PageError.noPages(path: "/b", entries: 2).description
        #expect(message.contains("/b") && message.contains(".png"))
    }

    @Test func singleImageIsAOnePageBook() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let bytes = try pngBytes(width: 6, height: 4, seed: 3)
        try dir.write("lone.png", bytes)
        let source = try PageSource.open(path: dir.file("lone.png"))
        #expect(source.kind == .image)
        #expect(source.pageCount == 1)
        #expect(source.name(of: 1) == "lone.png")
        #expect(try source.data(of: 1) == bytes)
        guard case .file(let id) = try source.identity(of: 1) else { Issue.record("not a file identity"); return }
        #expect(id.size == Int64(bytes.count))
        #expect(throws: PageError.pageOutOfRange(page: 2, pageCount: 1)) { try source.data(of: 2) }
    }

    @Test func identityFollowsTheBytesRead() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("p1.png", try pngBytes(width: 3, height: 3, seed: 1))
        let source = try PageSource.open(path: dir.path)
        let first = try source.contents(of: 1)
        #expect(try source.identity(of: 1) == first.identity)
        try dir.write("p1.png", try pngBytes(width: 9, height: 9, seed: 2))
        let second = try source.contents(of: 1)
        #expect(second.identity != first.identity)
        #expect(try source.identity(of: 1) == second.identity)
        #expect(first.identity.key != second.identity.key)
        #expect(!second.identity.key.contains("/"))
    }

    @Test func fifoAndOversizedPagesAreRefusedWithoutBlocking() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("a.png", [UInt8](repeating: 7, count: 1000))
        #expect(mkfifo(dir.file("b.png"), 0o644) == 0)
        let limits = PageLimits(decode: DecodeLimits(maxFileBytes: 999))
        let source = try PageSource.open(path: dir.path, limits: limits)
        #expect(throws: PageError.fileTooLarge(name: "a.png", bytes: 1000, limit: 999)) { try source.data(of: 1) }
        #expect(throws: PageError.notAFile(name: "b.png")) { try source.data(of: 2) }
    }

    @Test func reloadSeesNewPages() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("p1.png", try pngBytes(width: 3, height: 3, seed: 1))
        let source = try PageSource.open(path: dir.path)
        try dir.write("p2.png", try pngBytes(width: 3, height: 3, seed: 2))
        #expect(source.pageCount == 1)
        #expect(try source.reloaded().pageCount == 2)
    }
}
