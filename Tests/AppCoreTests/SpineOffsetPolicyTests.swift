@testable import AppCore
import Control
import Testing

/// A book's spine offset in the core: the spreads pair after the pages before the cover, the cover is
/// the first page after them (where the idle reset and `recto ctl open` go), and `goto` and the page remembered
/// land on the spread that shows their page. The traces' 1280×800 window shows double spreads.
@Suite struct SpineOffsetPolicyTests {
    @Test func theOffsetPairsTheSpreadsAndTheCoverFollowsIt() {
        var d = Driver(pages: 12, page: 6)
        #expect(d.core.reader.position.spread.pages == [6, 7])
        d.handle(.spineOffset(1))
        d.handle(.frontCover(nil))
        #expect(d.core.reader.page == 6 && d.core.reader.position.spread.pages == [5, 6], "the page stays in view")
        #expect(d.core.reader.coverPage == 2)
        let out = d.handle(.control(client: 3, .idleReset))
        #expect(out.first == .occurred(.idleReset(page: 6)), "\(out)")
        d.run(for: 2000)
        #expect(d.core.reader.page == 2 && d.core.reader.position.spread.pages == [2], "back to the cover, not the target")
        d.handle(.control(client: 1, .goto(9)))
        #expect(d.core.reader.position.spread.pages == [9, 10])
        d.handle(.control(client: 1, .goto(1)))
        #expect(d.core.reader.position.spread.isSolo && d.core.reader.position.spread.pages == [1])
    }

    @Test func aBookOpenedLaterBringsItsOwnOffset() {
        var d = Driver(pages: 12)
        d.handle(.spineOffset(2))
        d.handle(.bookOpened(pageCount: 8, client: 4))
        #expect(d.core.reader.page == 3 && d.core.reader.position.spread.pages == [3], "opens at its cover")
        #expect(d.core.reader.position.layout.spineOffset == 2)
        // Read again from disk with more pages: the offset stays.
        d.handle(.bookReloaded(pageCount: 10))
        #expect(d.core.reader.position.layout.spineOffset == 2)
        d.handle(.spineOffset(0))
        d.handle(.bookOpened(pageCount: 8, client: 4))
        #expect(d.core.reader.page == 1 && d.core.reader.position.spread.pages == [1])
    }

    @Test func aRightToLeftBookKeepsItsOffsetWhenItsDirectionArrives() {
        var d = Driver(pages: 12)
        d.handle(.spineOffset(1))
        d.handle(.bookDirection(rightToLeft: true))
        #expect(d.core.reader.config.rightToLeft && d.core.reader.position.layout.spineOffset == 1)
        d.handle(.control(client: 1, .goto(4)))
        #expect(d.core.reader.position.spread.left == 4 && d.core.reader.position.spread.right == 3)
    }
}
