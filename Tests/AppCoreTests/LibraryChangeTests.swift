@testable import AppCore
import Geometry
import Gestures
import Testing

/// The library's directory changes while recto runs: bursts of changes are read once, quiet; the new
/// list replaces the shelf's, and the focus, the shelf page, the book read and the covers follow their books.
/// The traces' 1280×800 window holds one row of three covers a shelf page.
struct LibraryChangeTests {
    static func book(_ name: String, problem: String? = nil) -> ShelfBook {
        ShelfBook(path: "/lib/\(name)", title: "Book \(name)", problem: problem)
    }

    static func books(_ names: [String]) -> [ShelfBook] { names.map { book($0) } }

    private func library(_ names: [String]) -> Driver {
        var d = Driver()
        d.handle(.shelf(Self.books(names)))
        d.frame()
        return d
    }

    private func reads(_ d: Driver) -> Int { d.effects.filter { $0 == .start(.readLibrary) }.count }

    private func press(_ sym: UInt32, _ d: inout Driver) {
        d.input([.key(keysym: sym, pressed: true, modifiers: [], time: d.now + 60),
                 .key(keysym: sym, pressed: false, modifiers: [], time: d.now + 90)])
    }

    private func focusLabels(_ d: Driver) -> [String] {
        d.effects.compactMap { if case .occurred(.focus(let label, _, _)) = $0 { label } else { nil } }
    }

    @Test func aBurstOfChangesIsReadOnceWhenQuiet() {
        var d = library(["a", "b"])
        // A copy of 200 files, one change every 2 ms: one read, 400 ms (reload-quiet) after the last.
        let start = d.now
        for i in 0..<200 {
            d.advanceClock(to: start + Double(i) * 2)
            d.handle(.libraryChanged)
        }
        #expect(reads(d) == 0)
        d.advanceClock(to: start + 398 + 399)
        #expect(reads(d) == 0, "still settling")
        d.advanceClock(to: start + 398 + 401)
        #expect(reads(d) == 1)
        d.run(for: 2000)
        #expect(reads(d) == 1, "nothing changed since")
    }

    @Test func changesThatGoOnAreReadAfterAtMostTheLongestWait() throws {
        var d = library(["a", "b"])
        let start = d.now
        // A slow copy: a change every 300 ms (under the quiet time) for 5 s.
        var firstRead: Double?
        for i in 0..<17 {
            d.advanceClock(to: start + Double(i) * 300)
            d.handle(.libraryChanged)
            if firstRead == nil, reads(d) > 0 { firstRead = d.now }
        }
        let first = try #require(firstRead)
        #expect(first - start <= ShelfPolicy.libraryMaxWait + 300, "read at \(first - start) ms")
        #expect(reads(d) == 1)
        d.advanceClock(to: d.now + 401)
        #expect(reads(d) == 2, "what was written since is read again once quiet")
    }

    @Test func aNewBookAppearsInTheLibrarysOrderAndTheLogSaysSo() {
        var d = library(["a", "c"])
        d.handle(.libraryRead(Self.books(["a", "b", "c"])))
        #expect(d.logLines.last == "library books=3 added=1 removed=0 changed=0")
        guard case .shelf(let covers, _, _)? = d.core.shelfView(now: d.now) else { Issue.record("no shelf"); return }
        #expect(covers.map(\.book) == [0, 1, 2])
        #expect(d.core.shelf?.books.map(\.path) == ["/lib/a", "/lib/b", "/lib/c"])
        d.handle(.libraryRead(Self.books(["b", "c"])))
        #expect(d.logLines.last == "library books=2 added=0 removed=1 changed=0")
        d.handle(.libraryRead([Self.book("b", problem: "truncated"), Self.book("c")]))
        #expect(d.logLines.last == "library books=2 added=0 removed=0 changed=1", "a book read again that is broken now")
    }

    @Test func coverSizesFollowTheirBooks() {
        var d = library(["b", "c"])
        let wide = PixelSize(width: 900, height: 600), tall = PixelSize(width: 400, height: 600)
        d.handle(.coverReady(book: 0, size: wide))
        d.handle(.coverReady(book: 1, size: tall))
        d.handle(.libraryRead(Self.books(["a", "c", "d"])))
        #expect(d.core.shelf?.coverSizes == [1: tall], "b is gone, c moved to 1, a and d wait for theirs")
    }

    @Test func theFocusStaysOnItsBookAndMovesToItsPlaceWhenTheBookIsGone() {
        var d = library(["b", "c", "d"])
        press(Keysym.Tab, &d)
        press(Keysym.Tab, &d)
        #expect(focusLabels(d) == ["Book b", "Book c"])
        d.handle(.libraryRead(Self.books(["a", "b", "c", "d"])))
        #expect(d.core.controls.focus.item == .cover(2), "still on c")
        #expect(focusLabels(d).count == 2, "nothing to say: the focus did not move")
        d.handle(.libraryRead(Self.books(["a", "b", "d"])))
        #expect(d.core.controls.focus.item == .cover(2), "on d, in c's place")
        #expect(focusLabels(d).last == "Book d", "the focus moved: said")
        press(Keysym.Tab, &d)
        #expect(focusLabels(d).last == "Book a", "Tab goes on from there (wrapping)")
    }

    @Test func theShelfPageKeepsTheBooksItShowed() {
        // Five books: d and e on the second shelf page.
        var d = library(["b", "c", "d", "e", "f"])
        d.input([.key(keysym: Keysym.Right, pressed: true, modifiers: [], time: d.now + 60),
                 .key(keysym: Keysym.Right, pressed: false, modifiers: [], time: d.now + 90)])
        d.run(for: 400)
        #expect(d.core.shelf?.page == 1)
        // Two books arrive before them: e is now the fifth (page 1 still), then a third: e is the sixth.
        d.handle(.libraryRead(Self.books(["a", "a2", "b", "c", "e", "f"])))
        #expect(d.core.shelf?.page == 1, "e (the first book shown that is still there) is on page 1")
        d.handle(.libraryRead(Self.books(["a", "a2", "a3", "b", "c", "e", "f"])))
        #expect(d.core.shelf?.page == 1)
        // All but two go: one page left.
        d.handle(.libraryRead(Self.books(["a", "b"])))
        #expect(d.core.shelf?.page == 0)
        guard case .shelf(let covers, _, _)? = d.core.shelfView(now: d.now) else { Issue.record("no shelf"); return }
        #expect(covers.map(\.book) == [0, 1])
    }

    @Test func aBookBeingReadThatIsRemovedIsReadOnAndGoneFromTheShelfAtHome() {
        var d = library(["a", "b", "c"])
        d.input(tap(at: Vec2(640, 365), t0: d.now + 100))
        d.handle(.shelfBookOpened(book: 1, pageCount: 5, startPage: 1))
        d.deliverWanted()
        d.run(for: 400)
        let before = d.effects.count
        d.handle(.libraryRead(Self.books(["a", "c", "d"])))
        #expect(d.core.shelf?.current == nil && d.core.shelf?.visible == false, "still reading")
        #expect(d.core.reader.position.pageCount == 5)
        let effects = d.effects[before...]
        #expect(!effects.contains { if case .start(.openShelfBook) = $0 { true } else if case .quit = $0 { true } else { false } })
        press(Keysym.Escape, &d)
        #expect(d.logLines.last == "shelf books=3")
        #expect(d.core.shelf?.visible == true && d.core.shelf?.page == 0)
    }

    @Test func aBookBeingReadThatMovesOnTheShelfIsStillTheOneRead() {
        var d = library(["b", "c"])
        d.input(tap(at: Vec2(640 + 200, 365), t0: d.now + 100))
        let asked = d.effects.compactMap { if case .start(.openShelfBook(let b, _)) = $0 { b } else { nil } }
        d.handle(.shelfBookOpened(book: asked.last ?? 1, pageCount: 5, startPage: 1))
        let current = d.core.shelf?.current
        d.handle(.libraryRead(Self.books(["a", "b", "c"])))
        #expect(d.core.shelf?.current == current.map { $0 + 1 })
    }
}
