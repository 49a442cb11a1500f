import Book
import Foundation
import Geometry
import Glibc
import Pages
import Posix
import TestSupport
import Testing

/// A PDF's links as the book's: fractions of the displayed page, only those to another page of the book, read
/// off the loop by `PageFactReader`.
@Suite final class PageLinksTests {
    private let dir: TempDir

    init() throws { dir = try TempDir() }
    deinit { dir.cleanup() }

    private func linked() throws -> PageSource {
        try dir.write("linked.pdf", linkedPDFBook())
        return try PageSource.open(path: dir.file("linked.pdf"))
    }

    @Test func aPDFsLinksAreFractionsOfThePageAndLeadOnlyWithinTheBook() throws {
        let source = try linked()
        #expect(source.hasLinks)
        let contents = source.links(of: 1)
        // The web link is not a link here; the rest in the page's order.
        #expect(contents.map(\.target) == [3, 4, 5, 2, 5])
        let first = try #require(contents.first).rect
        #expect(abs(first.minX - 72.0 / 595) < 1e-9 && abs(first.minY - 112.0 / 842) < 1e-9)
        #expect(abs(first.width - 200.0 / 595) < 1e-9 && abs(first.height - 30.0 / 842) < 1e-9)
        // The turned page: fractions of its displayed 842 × 595.
        let turned = try #require(source.links(of: 4).first)
        #expect(turned.target == 1)
        #expect(abs(turned.rect.minX - 200.0 / 842) < 1e-9 && abs(turned.rect.minY - 100.0 / 595) < 1e-9)
        #expect(source.links(of: 3).isEmpty && source.links(of: 0).isEmpty && source.links(of: 6).isEmpty)
    }

    @Test func imageBooksHaveNoLinksAndAreNeverAsked() throws {
        try dir.write("pages/p1.png", pngBytes(width: 4, height: 4, seed: 1))
        let source = try PageSource.open(path: dir.file("pages"))
        #expect(!source.hasLinks && source.links(of: 1).isEmpty)
        // A folder's pages may have notes beside them: asked, it answers with no links and no notes.
        let reader = PageFactReader()
        reader.read(1, book: 1, source: source)
        #expect(waitReadable(reader.fd, ms: 20_000))
        let facts = reader.take()
        #expect(facts.map(\.page) == [1] && facts.allSatisfy { $0.links.isEmpty && $0.notes.notes.isEmpty })
    }

    @Test func theReaderAnswersEveryPageAskedAndDropsAReplacedBooksAnswers() throws {
        let source = try linked()
        let reader = PageFactReader()
        for page in 1...5 { reader.read(page, book: 1, source: source) }
        var got: [Int: [PageLink]] = [:]
        let deadline = monotonicMilliseconds() + 20_000
        while got.count < 5, monotonicMilliseconds() < deadline {
            guard waitReadable(reader.fd, ms: 1000) else { continue }
            for facts in reader.take() { got[facts.page] = facts.links }
        }
        #expect(got.keys.sorted() == [1, 2, 3, 4, 5])
        #expect(got[2]?.map(\.target) == [3] && got[3] == [])
        // Another book before the answer: the old book's links never arrive as the new one's.
        reader.read(1, book: 1, source: source)
        reader.read(2, book: 2, source: source)
        var second: [Int] = []
        while second.isEmpty, monotonicMilliseconds() < deadline {
            guard waitReadable(reader.fd, ms: 1000) else { continue }
            second += reader.take().map(\.page)
        }
        #expect(second == [2])
    }

    private func waitReadable(_ fd: Int32, ms: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, ms) > 0
    }
}
