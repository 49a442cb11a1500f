import Book
import Geometry
import Testing

/// A spine offset: pages before the cover (a digitised book's colour-calibration target) each stand
/// alone in double spreads, so that the cover is alone and the pairs after it are the printed book's.
@Suite struct SpineOffsetTests {
    /// Spreads as "verso|recto" ("-" for none), a page alone across the spread as "[n]"; in screen order
    /// (left|right) when `screen`.
    func pages(_ l: SpreadLayout, screen: Bool = false) -> [String] {
        (0..<l.spreadCount).map { i in
            let s = l.spread(at: i)
            if s.isSolo { return "[\(s.recto!)]" }
            let (a, b) = screen ? (s.left, s.right) : (s.verso, s.recto)
            return "\(a.map(String.init) ?? "-")|\(b.map(String.init) ?? "-")"
        }
    }

    @Test func offsetsZeroOneAndTwoPairTheBookAfterTheirCover() {
        for direction in [ReadingDirection.leftToRight, .rightToLeft] {
            func layout(_ n: Int, _ k: Int, solo: Set<Int> = []) -> SpreadLayout {
                SpreadLayout(pageCount: n, mode: .double, direction: direction, soloPages: solo, spineOffset: k)
            }
            // Even and odd page counts.
            #expect(pages(layout(6, 0)) == ["-|1", "2|3", "4|5", "6|-"], "\(direction)")
            #expect(pages(layout(6, 1)) == ["[1]", "-|2", "3|4", "5|6"], "\(direction)")
            #expect(pages(layout(6, 2)) == ["[1]", "[2]", "-|3", "4|5", "6|-"], "\(direction)")
            #expect(pages(layout(7, 0)) == ["-|1", "2|3", "4|5", "6|7"], "\(direction)")
            #expect(pages(layout(7, 1)) == ["[1]", "-|2", "3|4", "5|6", "7|-"], "\(direction)")
            #expect(pages(layout(7, 2)) == ["[1]", "[2]", "-|3", "4|5", "6|7"], "\(direction)")
            // One page; an offset beyond the book is clamped to it.
            #expect(pages(layout(1, 0)) == ["-|1"] && pages(layout(1, 1)) == ["[1]"] && pages(layout(1, 2)) == ["[1]"])
            #expect(layout(1, 5).spineOffset == 1 && layout(3, -1).spineOffset == 0)
            #expect(pages(layout(2, 1)) == ["[1]", "-|2"])
            // facing-pages canvases (shown alone) between: pairing starts again after each.
            #expect(pages(layout(9, 1, solo: [5])) == ["[1]", "-|2", "3|4", "[5]", "6|7", "8|9"], "\(direction)")
            #expect(pages(layout(9, 2, solo: [4, 5])) == ["[1]", "[2]", "-|3", "[4]", "[5]", "6|7", "8|9"], "\(direction)")
            #expect(pages(layout(6, 1, solo: [2])) == ["[1]", "[2]", "3|4", "5|6"], "a double-page cover")
            // Single mode is one page a screen whatever the offset.
            #expect(SpreadLayout(pageCount: 7, mode: .single, direction: direction, spineOffset: 2).spreadCount == 7)
        }
    }

    @Test func rightToLeftPutsTheVersoOnTheRight() {
        let rtl = SpreadLayout(pageCount: 6, mode: .double, direction: .rightToLeft, spineOffset: 1)
        #expect(pages(rtl, screen: true) == ["[1]", "2|-", "4|3", "6|5"])
        let ltr = SpreadLayout(pageCount: 6, mode: .double, direction: .leftToRight, spineOffset: 1)
        #expect(pages(ltr, screen: true) == ["[1]", "-|2", "3|4", "5|6"])
    }

    @Test func everyPageIsOnTheSpreadThatShowsIt() {
        for n in 1...9 {
            for k in 0...3 {
                for solo in [Set<Int>(), [5]] {
                    let l = SpreadLayout(pageCount: n, mode: .double, soloPages: solo, spineOffset: k)
                    for p in 1...n {
                        let i = l.spreadIndex(containing: p)
                        #expect(l.spread(at: i).contains(p), "page \(p) of \(n), offset \(k), solo \(solo)")
                        #expect(l.spreadIndex(containing: l.firstPage(ofSpread: i)) == i)
                    }
                    #expect(Set((0..<l.spreadCount).flatMap { l.spread(at: $0).pages }) == Set(1...n), "each page once")
                }
            }
        }
    }

    @Test func aJumpAModeSwitchAndARememberedPageLandOnTheirSpread() {
        var position = ReadingPosition(pageCount: 12, mode: .double, page: 1, spineOffset: 1)
        position.go(toPage: 4)  // a scrubber jump, a remembered page
        #expect(position.spread.pages == [3, 4] && position.spreadIndex == 2)
        position.setMode(.single)
        #expect(position.page == 4 && position.spread.recto == 4)
        position.setMode(.double)
        #expect(position.spread.pages == [3, 4])
        // Turning from the calibration target reaches the cover, then the first pair.
        position.go(toPage: 1)
        #expect(position.spread.isSolo && position.spread.recto == 1)
        let first = position.turn(.forward)
        #expect(first?.crossesSolo == true && first?.to == 1)
        position.complete(first!)
        #expect(position.page == 2 && position.spread.verso == nil && position.spread.recto == 2)
        let second = position.turn(.forward)
        #expect(second?.crossesSolo == false && second?.front == 2 && second?.back == 3 && second?.under == 4)
        // Setting the offset keeps the page in view; the solo pages stay.
        var late = ReadingPosition(pageCount: 12, mode: .double, page: 5)
        late.setSoloPages([8])
        late.setSpineOffset(1)
        #expect(late.page == 5 && late.spread.pages == [5, 6] && late.layout.soloPages == [8])
        #expect(late.layout.switching(to: .single, keeping: 5).layout.spineOffset == 1)
    }
}
