import Testing
@testable import Book

@Suite struct PageTurnTests {
    @Test func doubleForwardFromAPairTurnsTheRecto() throws {
        let layout = SpreadLayout(pageCount: 7, mode: .double)
        let t = try #require(layout.forwardTurn(from: 1))          // (2,3) -> (4,5)
        #expect((t.from, t.to) == (1, 2))
        #expect((t.front, t.back, t.under, t.facing) == (3, 4, 5, 2))
        #expect(!t.backIsMirrored && t.unturnedSide == .right)
        #expect(t.startFace == 3 && t.endFace == 4 && t.revealed == 5 && t.covered == 2)
    }

    @Test func doubleBackwardBringsThePreviousRectoBack() throws {
        let layout = SpreadLayout(pageCount: 7, mode: .double)
        let t = try #require(layout.backwardTurn(from: 2))         // (4,5) -> (2,3)
        #expect((t.from, t.to) == (2, 1))
        #expect((t.front, t.back, t.under, t.facing) == (3, 4, 5, 2))
        #expect(t.startFace == 4 && t.endFace == 3 && t.revealed == 2 && t.covered == 5)
    }

    @Test func aLeafCarryingSeveralSpreadsShowsTheFirstAndTheLandingSpreadsPages() throws {
        let layout = SpreadLayout(pageCount: 12, mode: .double)   // [1] [2,3] [4,5] [6,7] [8,9] [10,11] [12]
        let forward = try #require(layout.turn(.forward, from: 1, spreads: 3))   // (2,3) -> (8,9)
        #expect((forward.from, forward.to) == (1, 4))
        #expect((forward.front, forward.back, forward.under, forward.facing) == (3, 8, 9, 2))
        let back = try #require(layout.turn(.backward, from: 4, spreads: 3))     // (8,9) -> (2,3)
        #expect((back.from, back.to) == (4, 1))
        #expect((back.front, back.back, back.under, back.facing) == (3, 8, 9, 2))
        #expect(back.startFace == 8 && back.endFace == 3 && back.revealed == 2 && back.covered == 9)
        let pastTheEnd = try #require(layout.turn(.forward, from: 4, spreads: 9))
        #expect(pastTheEnd.to == 6 && pastTheEnd.back == 12 && pastTheEnd.under == nil)
        let pastTheCover = try #require(layout.turn(.backward, from: 2, spreads: 5))
        #expect(pastTheCover.to == 0 && pastTheCover.front == 1 && pastTheCover.facing == nil)
        #expect(layout.turn(.forward, from: 6, spreads: 2) == nil && layout.turn(.backward, from: 0, spreads: 2) == nil)
        #expect(layout.turn(.forward, from: 2, spreads: 1) == layout.forwardTurn(from: 2))

        let single = SpreadLayout(pageCount: 9, mode: .single)
        let skip = try #require(single.turn(.forward, from: 2, spreads: 4))      // 3 -> 7
        #expect((skip.front, skip.back, skip.under, skip.to) == (3, 3, 7, 6) && skip.backIsMirrored)
    }

    @Test func coverAndLastSpreads() throws {
        let two = SpreadLayout(pageCount: 2, mode: .double)
        let open = try #require(two.forwardTurn(from: 0))          // (-,1) -> (2,-)
        #expect((open.front, open.back) == (1, 2) && open.under == nil && open.facing == nil)
        #expect(two.forwardTurn(from: 1) == nil && two.backwardTurn(from: 0) == nil)
        let close = try #require(two.backwardTurn(from: 1))
        #expect((close.front, close.back, close.to) == (1, 2, 0))

        let four = SpreadLayout(pageCount: 4, mode: .double)
        let last = try #require(four.forwardTurn(from: 1))         // (2,3) -> (4,-)
        #expect((last.front, last.back, last.facing) == (3, 4, 2) && last.under == nil)
        #expect(four.forwardTurn(from: 2) == nil)

        let one = SpreadLayout(pageCount: 1, mode: .double)
        #expect(one.forwardTurn(from: 0) == nil && one.backwardTurn(from: 0) == nil)
    }

    @Test func singleModeTurnsMirrorThePage() throws {
        let layout = SpreadLayout(pageCount: 3, mode: .single)
        let f = try #require(layout.forwardTurn(from: 0))
        #expect((f.front, f.back, f.under) == (1, 1, 2) && f.backIsMirrored && f.facing == nil)
        let b = try #require(layout.backwardTurn(from: 2))         // page 3 -> page 2
        #expect((b.front, b.under, b.to) == (2, 3, 1) && b.covered == 3 && b.revealed == nil)
        #expect(layout.forwardTurn(from: 2) == nil && layout.backwardTurn(from: 0) == nil)
    }

    @Test func rtlTurnsFromTheLeft() throws {
        let layout = SpreadLayout(pageCount: 5, mode: .double, direction: .rightToLeft)
        let t = try #require(layout.forwardTurn(from: 0))
        #expect(t.unturnedSide == .left && (t.front, t.back, t.under) == (1, 2, 3))
    }

    @Test(arguments: 0...7) func backwardIsForwardReversed(pages: Int) {
        for mode in SpreadMode.allCases {
            let layout = SpreadLayout(pageCount: pages, mode: mode)
            #expect(layout.forwardTurn(from: layout.spreadCount - 1) == nil)
            #expect(layout.backwardTurn(from: 0) == nil)
            for s in 0..<max(layout.spreadCount - 1, 0) {
                let f = layout.forwardTurn(from: s), b = layout.backwardTurn(from: s + 1)
                #expect(f != nil && b != nil)
                if let f, let b {
                    #expect((f.front, f.back, f.under, f.facing) == (b.front, b.back, b.under, b.facing))
                    #expect((f.from, f.to) == (b.to, b.from))
                    // The turn lands on the spread showing the pages it ends with.
                    #expect(layout.spread(at: f.to).contains(f.back) || mode == .single)
                    #expect(layout.spread(at: b.to).contains(b.front))
                }
            }
        }
    }

    @Test func positionFollowsTurnsAndModeSwitches() throws {
        var pos = ReadingPosition(pageCount: 7, mode: .double)
        #expect(pos.spread.pages == [1])
        pos.complete(try #require(pos.turn(.forward)))
        #expect(pos.spread.pages == [2, 3] && pos.page == 2)
        pos.complete(try #require(pos.turn(.forward)))
        #expect(pos.spread.pages == [4, 5])
        pos.complete(try #require(pos.turn(.backward)))
        #expect(pos.spread.pages == [2, 3])

        pos.setMode(.single)
        #expect(pos.spread.pages == [2])
        pos.go(toPage: 3)
        pos.setMode(.double)
        #expect(pos.spread.pages == [2, 3])
        pos.setMode(.single)
        #expect(pos.page == 3, "a round trip through double returns to the same page")
        pos.go(toPage: 100)
        #expect(pos.page == 7 && pos.turn(.forward) == nil)
        pos.setDirection(.rightToLeft)
        pos.setMode(.double)
        #expect(pos.spread.left == 7 && pos.spread.right == 6)

        let empty = ReadingPosition(pageCount: 0, mode: .single, page: 5)
        #expect(empty.page == 0 && empty.turn(.forward) == nil && empty.spread.isEmpty)
    }
}
