@testable import AppCore
import Config
import Geometry
import Gestures
import Testing

/// The shelf in the traces' 1280×800 window at 96 dpi (9 mm = 34 px): one row of three 336×480 cover slots
/// a page, 34 px apart, centred; the second book's slot spans x 472–808, y 125–605.
struct ShelfTests {
    static let second = Vec2(640, 365)

    static func books(_ n: Int, broken: Set<Int> = []) -> [ShelfBook] {
        (0..<n).map { ShelfBook(path: "/lib/b\($0)", title: "Book \($0)", problem: broken.contains($0) ? "no pages" : nil) }
    }

    private func library(_ n: Int = 3, broken: Set<Int> = [], settings: Settings = Driver.settings) -> Driver {
        var d = Driver(settings: settings)
        d.handle(.shelf(Self.books(n, broken: broken)))
        return d
    }

    private func opened(_ effects: [AppEffect]) -> [Int] {
        effects.compactMap { if case .start(.openShelfBook(let b, _)) = $0 { b } else { nil } }
    }

    /// The shell's part of opening: the book opens, its pages arrive, frames are drawn with the shelf's view.
    private func open(_ d: inout Driver, book: Int, pages: Int = 5) {
        d.handle(.shelfBookOpened(book: book, pageCount: pages, startPage: 1))
        d.deliverWanted()
        d.frame()
    }

    private func covers(_ d: inout Driver) -> [Int] {
        guard case .shelf(let covers, _, _)? = d.core.shelfView(now: d.now) else { return [] }
        return covers.map(\.book)
    }

    @Test func threeBooksStandSideBySideOnAWideWindowAndTwoRowsOnATallOne() throws {
        let wide = ShelfLayout(width: 1280, height: 800, pixelsPerMM: nil, count: 3)
        #expect(wide.rows == 1 && wide.columns == 3 && wide.pageCount == 1)
        let slots = (0..<3).map(wide.slotRect)
        #expect(slots.allSatisfy { $0.minX >= 0 && $0.maxX <= 1280 && $0.minY >= 0 && $0.maxY + wide.titleHeight <= 800 })
        #expect(slots[0].maxX < slots[1].minX && slots[1].maxX < slots[2].minX)
        #expect(abs(slots[1].center.x - 640) < 0.001, "centred")
        let tall = ShelfLayout(width: 800, height: 1280, pixelsPerMM: nil, count: 7)
        #expect(tall.rows == 2 && tall.columns == 2 && tall.pageCount == 2)
        #expect(tall.slotRect(4).minX >= 800, "the fifth book is on the second page")
        #expect(wide.dots(current: 0).isEmpty)
        let dots = tall.dots(current: 1)
        #expect(dots.count == 2 && dots[1].width == 2 * dots[0].width && dots[0].maxX < dots[1].minX)
        #expect(dots.allSatisfy { $0.minY > tall.slotRect(2).maxY + tall.titleHeight && $0.maxY < 1280 })
        // Targets stay ≥ 9 mm on a dense screen too.
        let dense = ShelfLayout(width: 1280, height: 800, pixelsPerMM: 12, count: 3)
        #expect(dense.margin >= 9 * 12 && dense.slot.height >= 9 * 12)
    }

    @Test func theShelfIsShownAndATapOnACoverOpensItsBookGrowingFromTheCover() throws {
        var d = library()
        #expect(d.logLines.contains("shelf books=3"))
        #expect(covers(&d) == [0, 1, 2])
        d.input(tap(at: Self.second, t0: d.now + 100))
        #expect(opened(d.effects) == [1])
        #expect(d.journal.isEmpty, "the reader saw nothing of the tap")
        open(&d, book: 1)
        #expect(d.logLines.contains("open book=/lib/b1 title=Book 1 pages=5"))
        guard case .reading(let home, let growth)? = d.core.shelfView(now: d.now) else { Issue.record("not reading"); return }
        let g = try #require(growth, "it grows")
        #expect(home.width >= 34 && home.height >= 34)
        // At its start the spread lies on the cover.
        let spread = d.core.reader.frame.pages.map(\.rect).reduce(Rect.zero) { $0 == .zero ? $1 : $0.union($1) }
        let from = g.apply(Vec2(spread.minX, spread.minY))
        #expect(from.x > 472 - 1 && from.x < 808 && from.y > 124, "\(from)")
        d.run(for: 400)
        #expect(d.core.shelfView(now: d.now) == .reading(home: home, growth: nil))
    }

    @Test func theHomeControlReturnsToTheShelfAtTheOpenBooksPageAndTheReaderNeverSeesIt() {
        var d = library(5)
        d.input(tap(at: Vec2(640 + 1280, 365), t0: d.now + 100))  // not on screen: nothing
        #expect(opened(d.effects).isEmpty)
        d.input(key(Keysym.Right, at: d.now + 100))
        d.run(for: 300)
        #expect(covers(&d) == [3, 4])
        d.input(tap(at: Vec2(640 - 185, 365), t0: d.now + 100))
        #expect(opened(d.effects) == [3])
        open(&d, book: 3)
        d.run(for: 400)
        let home = d.core.homeRect
        d.input(tap(at: home.center, t0: d.now + 100))
        d.run(for: 400)
        #expect(d.logged("shelf").count == 2)
        #expect(d.journal.isEmpty)
        #expect(covers(&d) == [3, 4], "back where the book stands")
        d.input(key(Keysym.Left, at: d.now + 100))
        d.run(for: 300)
        #expect(covers(&d) == [0, 1, 2])
    }

    @Test func escapeGoesHomeAndAPageTurnIsTheReadersOutsideTheControl() {
        var d = library()
        d.input(tap(at: Self.second, t0: d.now + 100))
        open(&d, book: 1)
        d.run(for: 400)
        d.input(key(Keysym.Right, at: d.now + 100))
        d.run(for: 1500)
        #expect(d.logged("page").count == 2, "opened on page 1, then turned: \(d.logLines)")
        d.input(key(Keysym.Escape, at: d.now + 100))
        #expect(d.logged("shelf").count == 2)
    }

    @Test func theIdleResetReturnsToTheShelfAndItsFirstPage() {
        var settings = Driver.settings
        settings.idleReset = 5
        var d = library(5, settings: settings)
        d.input(key(Keysym.Right, at: d.now + 100))
        d.input(tap(at: Vec2(640 - 185, 365), t0: d.now + 400))
        open(&d, book: 3)
        d.run(for: 6000)
        #expect(d.logLines.suffix(2) == ["idle-reset page=1", "shelf books=5"])
        #expect(covers(&d) == [0, 1, 2])
        d.run(for: 6000)
        #expect(d.logged("shelf").count == 2, "nothing more once there")
    }

    @Test func aDragPagesTheShelfAndAShortOneSettlesBack() {
        var d = library(7)
        d.input(stroke(from: Vec2(900, 400), to: Vec2(800, 400), steps: 5, interval: 16, at: d.now + 100))
        d.run(for: 400)
        #expect(covers(&d) == [0, 1, 2], "100 px is less than an eighth of the window")
        #expect(opened(d.effects).isEmpty, "a drag opens nothing")
        d.input(stroke(from: Vec2(900, 400), to: Vec2(500, 400), steps: 5, interval: 16, at: d.now + 100))
        d.run(for: 400)
        #expect(covers(&d) == [3, 4, 5])
        d.input(stroke(from: Vec2(300, 400), to: Vec2(1000, 400), steps: 5, interval: 16, at: d.now + 100))
        d.run(for: 400)
        #expect(covers(&d) == [0, 1, 2])
    }

    @Test func aBrokenBookOpensNothingAndTheOthersStillDo() {
        var d = library(broken: [1])
        d.input(tap(at: Self.second, t0: d.now + 100))
        #expect(opened(d.effects).isEmpty)
        d.input(tap(at: Vec2(640 + 370, 365), t0: d.now + 400))
        #expect(opened(d.effects) == [2])
    }

    /// A book that cannot be opened when chosen leaves the shelf as it was and says so in the log, by path and
    /// title; one the library no longer holds (read again meanwhile) is named by its place, and nothing traps.
    @Test func aBookThatFailsToOpenIsLoggedAndTheShelfStays() {
        var d = library()
        d.input(tap(at: Self.second, t0: d.now + 100))
        #expect(opened(d.effects) == [1])
        d.handle(.shelfBookFailed(book: 1, message: "truncated archive"))
        #expect(d.logLines.contains("open-failed book=/lib/b1 title=Book 1 reason=truncated archive"))
        #expect(covers(&d) == [0, 1, 2], "the shelf stays")
        d.handle(.shelfBookFailed(book: 7, message: "gone"))
        #expect(d.logLines.contains("open-failed book=book 8 of the shelf title= reason=gone"))
        d.input(tap(at: Vec2(640 + 370, 365), t0: d.now + 400))
        #expect(opened(d.effects) == [1, 2], "another book still opens")
    }

    @Test func withReducedMotionTheBookOpensAtOnce() {
        var settings = Driver.settings
        settings.reducedMotion = true
        var d = library(settings: settings)
        d.input(tap(at: Self.second, t0: d.now + 100))
        open(&d, book: 1)
        guard case .reading(_, let growth)? = d.core.shelfView(now: d.now) else { Issue.record("not reading"); return }
        #expect(growth == nil)
    }

    @Test func attractModeWaitsOnTheShelfSoTheFirstTapOnACoverOpensIt() {
        var settings = Driver.settings
        settings.attractAfter = 2
        settings.idleReset = 5
        var d = library(settings: settings)
        d.run(for: 3000)
        #expect(d.logged("attract").isEmpty, "no page to lift on the shelf")
        d.input(tap(at: Self.second, t0: d.now + 100))
        #expect(opened(d.effects) == [1])
        open(&d, book: 1)
        d.run(for: 6000)
        #expect(d.logLines.filter { $0.hasPrefix("attract") || $0.hasPrefix("shelf") || $0.hasPrefix("idle") }
                == ["shelf books=3", "attract phase=begin", "idle-reset page=1", "attract phase=end", "shelf books=3"])
        d.input(tap(at: Self.second, t0: d.now + 100))
        #expect(opened(d.effects) == [1, 1], "the first tap after the reset opens the book")
    }

    @Test func aBookOpenedByRectoCtlHidesTheShelfAndHomeReturnsToItsFirstPage() {
        var d = library(5)
        d.input(key(Keysym.Right, at: d.now + 100))
        #expect(d.core.status(now: d.now).field("shelf") == .bool(true))
        d.handle(.bookOpened(pageCount: 4, client: 1))
        d.frame()
        #expect(d.core.status(now: d.now).field("shelf") == .bool(false))
        guard case .reading? = d.core.shelfView(now: d.now) else { Issue.record("the shelf still shows"); return }
        d.input(key(Keysym.Escape, at: d.now + 100))
        d.run(for: 100)
        #expect(covers(&d) == [0, 1, 2])
    }
}
