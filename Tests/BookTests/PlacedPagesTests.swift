import Book
import Testing

/// Pages a fixed-layout EPUB places on a half of the spread (`page-spread-left`/`-right`, as the W3C EPUB 3
/// fixed-layout tests use them): in landscape every page lands on the half it names, whatever the page count and
/// direction; in portrait each page is alone.
struct PlacedPagesTests {
    /// The halves of every double spread, as (left, right) page numbers.
    func halves(_ layout: SpreadLayout) -> [[Int?]] {
        (0..<layout.spreadCount).map { i in let s = layout.spread(at: i); return [s.left, s.right] }
    }

    /// Every placed page is on its half: in the spread that shows it, that half shows it.
    func everyPageOnItsSide(_ layout: SpreadLayout) -> Bool {
        layout.placedPages.allSatisfy { page, side in layout.spread(at: layout.spreadIndex(containing: page)).page(on: side) == page }
    }

    @Test(arguments: [4, 5], [ReadingDirection.leftToRight, .rightToLeft])
    func alternatingSidesAsThePrintedBook(pages: Int, direction: ReadingDirection) {
        // The first page on the recto side (right in LTR, left in RTL), then alternating.
        let recto: PageSide = direction == .leftToRight ? .right : .left
        var sides: [Int: PageSide] = [:]
        for p in 1...pages { sides[p] = p % 2 == 1 ? recto : recto.opposite }
        let layout = SpreadLayout(pageCount: pages, mode: .double, direction: direction, placedPages: sides)
        #expect(everyPageOnItsSide(layout))
        #expect(layout.spreadCount == pages / 2 + 1, "the same spreads as a printed book's")
    }

    @Test func aBookThatOpensOnASpreadPairsFromItsFirstPage() {
        let layout = SpreadLayout(pageCount: 5, mode: .double, placedPages: [1: .left, 2: .right, 3: .left, 4: .right, 5: .left])
        #expect(halves(layout) == [[1, 2], [3, 4], [5, nil]])
        #expect(everyPageOnItsSide(layout))
        let rtl = SpreadLayout(pageCount: 4, mode: .double, direction: .rightToLeft, placedPages: [1: .right, 2: .left, 3: .right, 4: .left])
        #expect(halves(rtl) == [[2, 1], [4, 3]])
    }

    @Test func twoPagesOnOneSideEachStandAlone() {
        let layout = SpreadLayout(pageCount: 4, mode: .double, placedPages: [1: .right, 2: .right, 3: .left, 4: .left])
        #expect(halves(layout) == [[nil, 1], [nil, 2], [3, nil], [4, nil]])
        #expect(everyPageOnItsSide(layout))
    }

    @Test func unplacedPagesAlternateAfterThePlacedOnes() {
        // Page 2 placed on the right: the cover and it each alone; 3 and 4 pair after.
        let layout = SpreadLayout(pageCount: 4, mode: .double, placedPages: [2: .right])
        #expect(halves(layout) == [[nil, 1], [nil, 2], [3, 4]])
    }

    @Test func soloPagesAndPlacedPagesTogether() {
        let layout = SpreadLayout(pageCount: 5, mode: .double, soloPages: [3], placedPages: [1: .left, 2: .right, 4: .left, 5: .right])
        #expect(halves(layout).count == 3 && layout.spread(at: 1).isSolo && layout.spread(at: 1).recto == 3)
        #expect(everyPageOnItsSide(layout))
    }

    @Test func portraitShowsEveryPageAlone() {
        let layout = SpreadLayout(pageCount: 5, mode: .single, placedPages: [1: .left, 2: .right])
        #expect(layout.spreadCount == 5 && (1...5).allSatisfy { layout.spread(at: $0 - 1).pages == [$0] })
    }

    @Test func theSidesHoldWhenTheDirectionChanges() {
        var layout = SpreadLayout(pageCount: 4, mode: .double, placedPages: [1: .left, 2: .right, 3: .left, 4: .right])
        #expect(halves(layout) == [[1, 2], [3, 4]])
        layout.direction = .rightToLeft
        #expect(everyPageOnItsSide(layout), "\(halves(layout))")
    }
}
