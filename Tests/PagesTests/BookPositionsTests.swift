import BookFiles
import Foundation
import Glibc
import Pages
import Testing

/// A book's identity survives a rename but not new content; positions are kept per identity.
@Suite struct BookPositionsTests {
    func book(in dir: TempDir, _ name: String, pages: Int = 3) throws -> String {
        for p in 1...pages { try dir.write("\(name)/p\(p).png", try pngBytes(width: 8, height: 8, seed: UInt64(p))) }
        return dir.file(name)
    }

    func identity(_ path: String) throws -> BookIdentity {
        try #require(BookIdentity(try PageSource.open(path: path)))
    }

    @Test func identitySurvivesARenameButNotNewContent() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let first = try identity(try book(in: dir, "atlas"))
        #expect(first.key.count == 16)
        #expect(try identity(dir.file("atlas")) == first, "stable")
        #expect(rename(dir.file("atlas"), dir.file("renamed")) == 0)
        #expect(try identity(dir.file("renamed")) == first, "a rename keeps it")
        try dir.write("renamed/p2.png", try pngBytes(width: 9, height: 8, seed: 99))
        #expect(try identity(dir.file("renamed")) != first, "a rewritten page changes it")
        let other = try identity(try book(in: dir, "other"))
        #expect(other != first, "another book with its own files")
    }

    @Test func positionsAreKeptPerBookAndWrittenWhole() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let a = try identity(try book(in: dir, "a")), b = try identity(try book(in: dir, "b", pages: 2))
        let store = BookPositions(directory: dir.file("state/recto/positions"))
        #expect(store.page(of: a) == nil)
        try store.remember(7, of: a)
        try store.remember(2, of: b)
        try store.remember(9, of: a)
        #expect(store.page(of: a) == 9 && store.page(of: b) == 2)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.directory).filter { $0.contains(".tmp") }
        #expect(leftovers.isEmpty)
        // A damaged record is no record.
        try dir.write("state/recto/positions/\(a.key)", Array("seven\n".utf8))
        #expect(store.page(of: a) == nil)
    }

    @Test func anUnwritableDirectorySaysWhy() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("blocker", [1])
        let store = BookPositions(directory: dir.file("blocker/positions"))
        let id = try identity(try book(in: dir, "a"))
        #expect(throws: PageError.self) { try store.remember(3, of: id) }
    }

    @Test func defaultDirectoryFollowsXDG() {
        #expect(BookPositions.defaultDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/recto/positions")
        #expect(BookPositions.defaultDirectory(environment: ["HOME": "/h"]) == "/h/.local/state/recto/positions")
        #expect(BookPositions.defaultDirectory(environment: ["XDG_STATE_HOME": "relative"]) == nil)
    }
}
