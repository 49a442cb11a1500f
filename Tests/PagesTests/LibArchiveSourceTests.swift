import BookFiles
import Foundation
@testable import Pages
import Testing
import TestSupport

/// CBR (RAR 4 and RAR 5) and CB7 (7z) comics through libarchive: the same pages as a CBZ, byte for byte, and the
/// bad input a downloaded comic may be.
@Suite struct LibArchiveSourceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/libarchive")

    /// Page images in folders, a ComicInfo.xml saying right to left, a sidecar text and macOS litter.
    static func book() throws -> [(String, [UInt8])] {
        var entries: [(String, [UInt8])] = []
        for (i, name) in ["ch10/p1.png", "ch2/p10.png", "ch2/p2.png", "cover.png"].enumerated() {
            entries.append((name, try pngBytes(width: 40 + i, height: 30, seed: UInt64(7 + i))))
        }
        entries.append(("ComicInfo.xml", Array("<ComicInfo><Manga>YesAndRightToLeft</Manga></ComicInfo>".utf8)))
        entries.append(("ch2/p2.txt", Array("The second page says this.".utf8)))
        entries.append(("__MACOSX/ch2/._p2.png", [0, 5, 22, 7]))
        return entries
    }

    /// A CB7 made by 7-Zip (solid, as it makes them by default) from `entries` written under `dir`.
    static func sevenZip(_ entries: [(String, [UInt8])], in dir: TempDir, name: String) throws -> String {
        let root = dir.file("tree-\(name)")
        for (path, bytes) in entries {
            let file = root + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: file))
        }
        let out = dir.file(name)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/7z")
        p.arguments = ["a", "-bd", "-mx=9", out] + entries.map(\.0)
        p.currentDirectoryURL = URL(fileURLWithPath: root)
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0, "7z a failed")
        return out
    }

    @Test func cbrAndCB7ReadAsTheSameCBZ() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let entries = try Self.book()
        try writeZip(dir.file("book.cbz"), entries)
        let rar = entries.map { RARWriter.Entry(name: $0.0, bytes: $0.1) }
        try dir.write("book4.cbr", RARWriter.rar4(rar))
        try dir.write("book5.cbr", RARWriter.rar5(rar))
        // A RAR named as a CBZ, as downloaded comics often are: read by what it is.
        try dir.write("misnamed.cbz", RARWriter.rar5(rar))
        let cb7 = try Self.sevenZip(entries, in: dir, name: "book.cb7")

        let cbz = try PageSource.open(path: dir.file("book.cbz"))
        let names = (1...cbz.pageCount).map { cbz.name(of: $0) }
        #expect(names == ["ch2/p2.png", "ch2/p10.png", "ch10/p1.png", "cover.png"])
        for path in [dir.file("book4.cbr"), dir.file("book5.cbr"), dir.file("misnamed.cbz"), cb7] {
            let book = try PageSource.open(path: path)
            #expect(book.kind == .archive && book.pageCount == cbz.pageCount, "\(path)")
            #expect((1...book.pageCount).map { book.name(of: $0) } == names, "\(path)")
            #expect(book.metadata.rightToLeft == true, "ComicInfo read: \(path)")
            // Backwards, then forwards: a walk that is past the page starts again.
            for page in Array((1...book.pageCount).reversed()) + Array(1...book.pageCount) {
                #expect(try book.data(of: page) == cbz.data(of: page), "\(path) page \(page)")
            }
            #expect(book.text(of: 1) == "The second page says this.", "\(path)")
        }
    }

    @Test func compressedAndSolidRARFromRARItselfReadAsBsdtarReadsThem() throws {
        for (file, names) in [("test_read_format_rar.rar", ["test.txt", "testdir/test.txt"]),
                              ("test_read_format_rar5_compressed.rar", ["test.bin"]),
                              ("test_read_format_rar5_solid.rar", ["test.bin", "test1.bin", "test2.bin", "test3.bin", "test4.bin", "test5.bin", "test6.bin"])] {
            let path = Self.fixtures.appendingPathComponent(file).path
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            try #require(fd >= 0)
            defer { close(fd) }
            let reader = try LibArchiveReader(bookFD: fd, path: path)
            var read: [String: [UInt8]] = [:]
            while let header = try reader.next() {
                guard header.isFile, !header.isSymlink else { continue }
                read[header.path] = try reader.data(name: header.path, declared: header.declaredSize, limit: 1 << 20)
            }
            #expect(read.keys.sorted() == names, "\(file)")
            for name in names { #expect(read[name] == (try bsdtar(path, name)), "\(file): \(name)") }
        }
    }

    @Test func anArchiveWhoseNamesAreEncryptedSaysSo() throws {
        let path = Self.fixtures.appendingPathComponent("test_read_format_rar4_encrypted_filenames.rar").path
        #expect {
            try PageSource.open(path: path)
        } throws: { error in
            guard case PageError.unreadableArchive(_, let reason) = error else { return false }
            return reason.lowercased().contains("encrypt")
        }
    }

    @Test func aSmallArchiveDeclaringTenGigabytesIsRefusedBeforeAnyPageIsRead() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let page = try pngBytes(width: 8, height: 8, seed: 3)
        try dir.write("bomb.cbr", RARWriter.rar5([RARWriter.Entry(name: "1.png", bytes: page),
                                                 RARWriter.Entry(name: "2.png", bytes: page, declaredSize: 10 << 30)]))
        #expect {
            try PageSource.open(path: dir.file("bomb.cbr"))
        } throws: { error in
            if case PageError.compressionRatio(let name, _, 100) = error { return name == "bomb.cbr" } else { return false }
        }
    }

    @Test func entriesPastTheLimitsAreRefusedAndTheRestStillReads() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let small = try pngBytes(width: 4, height: 4, seed: 1), big = try pngBytes(width: 64, height: 64, seed: 2)
        try dir.write("limits.cbr", RARWriter.rar5([
            RARWriter.Entry(name: "1.png", bytes: small),
            RARWriter.Entry(name: "2.png", bytes: big),
            // A header that says less than its data: reading stops where the header said it ends.
            RARWriter.Entry(name: "3.png", bytes: small + small, declaredSize: UInt64(small.count)),
            RARWriter.Entry(name: "../../escape.png", bytes: small),
        ]))
        var limits = PageLimits.standard
        limits.maxEntryBytes = big.count - 1
        let book = try PageSource.open(path: dir.file("limits.cbr"), limits: limits)
        // A name that climbs out is not a page (its first component is hidden); nothing is written anywhere.
        #expect(book.pageCount == 3 && (1...3).map { book.name(of: $0) } == ["1.png", "2.png", "3.png"])
        #expect(throws: PageError.entryTooLarge(name: "2.png", bytes: UInt64(big.count), limit: big.count - 1)) { try book.data(of: 2) }
        #expect(throws: PageError.entryLargerThanDeclared(name: "3.png", declared: UInt64(small.count))) { try book.data(of: 3) }
        #expect(try book.data(of: 1) == small, "the pages before still read")
        limits.maxPages = 2
        #expect(throws: PageError.tooManyPages(path: dir.file("limits.cbr"), limit: 2)) {
            try PageSource.open(path: dir.file("limits.cbr"), limits: limits)
        }
    }

    @Test func truncatedOrFakeArchivesSayWhyAndNothingElseBreaks() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let pages = try (1...3).map { try pngBytes(width: 30, height: 30, seed: UInt64($0)) }
        let whole = RARWriter.rar5(pages.enumerated().map { RARWriter.Entry(name: "\($0.offset + 1).png", bytes: $0.element) })
        // Cut inside the last page's data.
        try dir.write("cut.cbr", Array(whole[..<(whole.count - pages[2].count / 2)]))
        let cut = try PageSource.open(path: dir.file("cut.cbr"))
        #expect(try cut.data(of: 1) == pages[0] && cut.data(of: 2) == pages[1])
        #expect(throws: PageError.self) { try cut.data(of: 3) }
        #expect(try cut.data(of: 1) == pages[0], "a failed page leaves the book readable")
        #expect(cut.metadata.problem?.contains("ends in entry") == true, "said once, in the log: \(cut.metadata)")

        try dir.write("noise.cbr", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) })
        #expect {
            try PageSource.open(path: dir.file("noise.cbr"))
        } throws: { error in
            if case PageError.unreadableArchive = error { true } else { false }
        }
        try dir.write("text.cb7", RARWriter.rar5([RARWriter.Entry(name: "notes.txt", bytes: Array("hi".utf8))]))
        #expect(throws: PageError.noPages(path: dir.file("text.cb7"), entries: 1)) { try PageSource.open(path: dir.file("text.cb7")) }
    }

    @Test func aDirectoryOfCBRsCB7sAndEPUBsIsALibraryOfThem() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let page = RARWriter.Entry(name: "1.png", bytes: try pngBytes(width: 4, height: 4, seed: 1))
        for name in ["b.cbr", "a.cb7", "c.epub", "d.RAR"] { try dir.write(name, RARWriter.rar5([page])) }
        try dir.write("notes.txt", Array("not a book".utf8))
        #expect(Library.recognised(dir.path) == ["a.cb7", "b.cbr", "c.epub", "d.RAR"].map { dir.file($0) })
    }

    private func bsdtar(_ archive: String, _ name: String) throws -> [UInt8] {
        let p = Process(), pipe = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/bsdtar")
        p.arguments = ["-xOf", archive, name]
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Array(data)
    }
}
