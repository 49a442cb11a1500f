import Foundation
import Synchronization
import Pages
import Testing
import ZIPFoundation
import TestSupport

@Suite struct ArchiveSourceTests {
    @Test func entriesInNaturalOrderOfFullPathsSkippingFoldersAndMetadata() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        var pages: [String: [UInt8]] = [:]
        for (i, name) in ["ch10/p1.png", "ch2/p10.png", "ch2/p2.png", "cover.png", "ch2/deep/x1.jpg"].enumerated() {
            pages[name] = try pngBytes(width: 5, height: 7, seed: UInt64(100 + i))
        }
        var entries: [(String, [UInt8])] = [("ch2/", []), ("__MACOSX/ch2/._p2.png", [0, 5, 22, 7]),
                                             ("ch2/.hidden.png", [1]), ("readme.txt", Array("hi".utf8))]
        entries += pages.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        try writeZip(dir.file("book.cbz"), entries)

        let source = try PageSource.open(path: dir.file("book.cbz"))
        #expect(source.kind == .archive)
        let names = (1...source.pageCount).map { source.name(of: $0) }
        #expect(names == ["ch2/deep/x1.jpg", "ch2/p2.png", "ch2/p10.png", "ch10/p1.png", "cover.png"])
        for (i, name) in names.enumerated() {
            let contents = try source.contents(of: i + 1)
            #expect(contents.bytes == pages[name])
            guard case .archiveEntry(_, let path, _, let size) = contents.identity else {
                Issue.record("not an entry identity"); continue
            }
            #expect(path == name && size == UInt64(pages[name]!.count))
            #expect(try source.identity(of: i + 1) == contents.identity)
        }
    }

    @Test func storedEntriesAndZipExtensionWork() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let bytes = try pngBytes(width: 8, height: 8, seed: 5)
        try writeZip(dir.file("b.zip"), [("1.png", bytes)], compression: .none)
        #expect(try PageSource.open(path: dir.file("b.zip")).data(of: 1) == bytes)
    }

    @Test func symlinkEntriesAreRefused() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try writeZip(dir.file("s.cbz"), [("a.png", try pngBytes(width: 2, height: 2, seed: 1))],
                     symlinks: [("b.png", "../../etc/passwd")])
        let source = try PageSource.open(path: dir.file("s.cbz"))
        #expect(source.pageCount == 2)
        #expect(throws: PageError.symlinkEntry(name: "b.png")) { try source.data(of: 2) }
        #expect(try source.data(of: 1).count > 0)
    }

    @Test func zipBombIsRefusedBeforeExtraction() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let size = 200 << 20
        let deflated = try deflatedZeros(size)
        #expect(deflated.count < size / 500)
        try dir.write("bomb.cbz", handMadeZip(name: "p1.png", deflated: deflated, declaredSize: UInt32(size)))
        let source = try PageSource.open(path: dir.file("bomb.cbz"))
        #expect(throws: PageError.entryTooLarge(name: "p1.png", bytes: UInt64(size), limit: 64 << 20)) {
            try source.data(of: 1)
        }
        // With the size limit raised past it, the ratio check still refuses it before extraction.
        let roomy = try PageSource.open(path: dir.file("bomb.cbz"), limits: PageLimits(maxEntryBytes: 1 << 30))
        let ratio = UInt64(size / deflated.count)
        #expect(throws: PageError.compressionRatio(name: "p1.png", ratio: ratio, limit: 100)) { try roomy.data(of: 1) }
    }

    @Test func lyingHeaderStopsExtractionAtTheDeclaredSize() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        // 8 MiB of zeros declared as 40 KiB: within every declared limit (ratio 40960 / ~8 KiB ≈ 5:1).
        let deflated = try deflatedZeros(8 << 20)
        try dir.write("liar.cbz", handMadeZip(name: "p1.png", deflated: deflated, declaredSize: 40 << 10))
        let source = try PageSource.open(path: dir.file("liar.cbz"))
        #expect(throws: PageError.entryLargerThanDeclared(name: "p1.png", declared: 40 << 10)) {
            try source.data(of: 1)
        }
    }

    @Test func damagedEntriesAndArchivesGiveClearErrors() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        // Declared larger than the data inflates to, with a wrong CRC.
        let deflated = try deflatedZeros(1000)
        try dir.write("short.cbz", handMadeZip(name: "p1.png", deflated: deflated, declaredSize: 2000))
        let short = try PageSource.open(path: dir.file("short.cbz"))
        #expect(throws: PageError.self) { try short.data(of: 1) }
        try dir.write("crc.cbz", handMadeZip(name: "p1.png", deflated: deflated, declaredSize: 1000, crc: 1234))
        #expect(throws: PageError.corruptEntry(name: "p1.png", reason: "CRC-32 mismatch")) {
            try PageSource.open(path: dir.file("crc.cbz")).data(of: 1)
        }

        var rng = SplitMix64(seed: 11)
        try dir.write("noise.cbz", (0..<5000).map { _ in rng.byte() })
        #expect(throws: PageError.unreadableArchive(path: dir.file("noise.cbz"),
                                                    reason: "no ZIP end-of-central-directory record")) {
            try PageSource.open(path: dir.file("noise.cbz"))
        }
        try writeZip(dir.file("whole.cbz"), [("a.png", try pngBytes(width: 30, height: 30, seed: 2))])
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.file("whole.cbz"))))
        try dir.write("half.cbz", Array(whole.prefix(whole.count / 2)))
        #expect(throws: PageError.self) { try PageSource.open(path: dir.file("half.cbz")) }
        try writeZip(dir.file("texts.cbz"), [("a.txt", [1, 2, 3])])
        #expect(throws: PageError.noPages(path: dir.file("texts.cbz"), entries: 1)) {
            try PageSource.open(path: dir.file("texts.cbz"))
        }
    }

    @Test func pagesComeFromTheArchiveThatWasListedUntilReload() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let old = try pngBytes(width: 4, height: 4, seed: 1), new = try pngBytes(width: 6, height: 6, seed: 2)
        try writeZip(dir.file("b.cbz"), [("p.png", old)])
        let source = try PageSource.open(path: dir.file("b.cbz"))
        try writeZip(dir.file("next.cbz"), [("p.png", new), ("q.png", new)])
        #expect(rename(dir.file("next.cbz"), dir.file("b.cbz")) == 0)
        #expect(try source.data(of: 1) == old)
        let reloaded = try source.reloaded()
        #expect(reloaded.pageCount == 2)
        #expect(try reloaded.data(of: 1) == new)
        #expect(try reloaded.identity(of: 1) != (try source.identity(of: 1)))
    }

    @Test func concurrentReadsOfOneArchiveAgree() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let pages = try (1...8).map { try pngBytes(width: 40, height: 40, seed: UInt64($0)) }
        try writeZip(dir.file("c.cbz"), pages.enumerated().map { ("p\($0.offset + 1).png", $0.element) })
        let source = try PageSource.open(path: dir.file("c.cbz"))
        let results = Mutex<[Int: [UInt8]]>([:])
        DispatchQueue.concurrentPerform(iterations: 32) { i in
            let page = i % 8 + 1
            if let bytes = try? source.data(of: page) { results.withLock { $0[page] = bytes } }
        }
        let got = results.withLock { $0 }
        for page in 1...8 { #expect(got[page] == pages[page - 1]) }
    }
}
