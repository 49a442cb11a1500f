import Geometry
import Testing
@testable import Book

/// Screen halves of every spread as (left, right) pairs.
private func halves(_ layout: SpreadLayout) -> [Pair] {
    (0..<layout.spreadCount).map { Pair(layout.spread(at: $0).left, layout.spread(at: $0).right) }
}

private struct Pair: Equatable, CustomStringConvertible {
    var l: Int?, r: Int?
    init(_ l: Int?, _ r: Int?) { self.l = l; self.r = r }
    var description: String { "(\(l.map(String.init) ?? "-"),\(r.map(String.init) ?? "-"))" }
}

@Suite struct SpreadLayoutTests {
    @Test(arguments: 1...7) func doubleLTRPairsCoverAloneOnTheRight(pages: Int) {
        let expected: [Int: [Pair]] = [
            1: [Pair(nil, 1)],
            2: [Pair(nil, 1), Pair(2, nil)],
            3: [Pair(nil, 1), Pair(2, 3)],
            4: [Pair(nil, 1), Pair(2, 3), Pair(4, nil)],
            5: [Pair(nil, 1), Pair(2, 3), Pair(4, 5)],
            6: [Pair(nil, 1), Pair(2, 3), Pair(4, 5), Pair(6, nil)],
            7: [Pair(nil, 1), Pair(2, 3), Pair(4, 5), Pair(6, 7)],
        ]
        let layout = SpreadLayout(pageCount: pages, mode: .double)
        #expect(layout.spreadCount == pages / 2 + 1)
        #expect(halves(layout) == expected[pages]!)
    }

    @Test(arguments: 1...7) func doubleRTLIsTheMirrorImage(pages: Int) {
        let ltr = SpreadLayout(pageCount: pages, mode: .double, direction: .leftToRight)
        let rtl = SpreadLayout(pageCount: pages, mode: .double, direction: .rightToLeft)
        #expect(halves(rtl) == halves(ltr).map { Pair($0.r, $0.l) })
        #expect(rtl.spread(at: 0).left == 1 && rtl.spread(at: 0).right == nil)
        // Reading order is the same in both directions.
        for i in 0..<ltr.spreadCount { #expect(rtl.spread(at: i).pages == ltr.spread(at: i).pages) }
    }

    @Test(arguments: 1...7) func everyPageAppearsOnceInItsOwnSpread(pages: Int) {
        for mode in SpreadMode.allCases {
            for direction in ReadingDirection.allCases {
                let layout = SpreadLayout(pageCount: pages, mode: mode, direction: direction)
                let all = (0..<layout.spreadCount).flatMap { layout.spread(at: $0).pages }
                #expect(all == Array(1...pages))
                for p in 1...pages {
                    #expect(layout.spread(at: layout.spreadIndex(containing: p)).contains(p))
                }
            }
        }
    }

    @Test func singleModeIsOnePagePerSpread() {
        let layout = SpreadLayout(pageCount: 5, mode: .single)
        #expect(layout.spreadCount == 5)
        #expect(layout.spread(at: 2).pages == [3])
        #expect(layout.spread(at: 2).left == 3 && layout.spread(at: 2).right == 3)
        #expect(layout.spreadIndex(containing: 4) == 3)
    }

    @Test func emptyBookIsHarmless() {
        for mode in SpreadMode.allCases {
            let layout = SpreadLayout(pageCount: 0, mode: mode)
            #expect(layout.spreadCount == 0)
            #expect(layout.spread(at: 0).isEmpty && layout.spread(at: 5).isEmpty)
            #expect(layout.clampPage(3) == 0 && layout.spreadIndex(containing: 3) == 0)
            #expect(layout.forwardTurn(from: 0) == nil && layout.backwardTurn(from: 0) == nil)
        }
        #expect(SpreadLayout(pageCount: -3, mode: .double).pageCount == 0)
    }

    @Test func pagesAndSpreadsAreClamped() {
        let layout = SpreadLayout(pageCount: 3, mode: .double)
        #expect(layout.clampPage(-5) == 1 && layout.clampPage(0) == 1 && layout.clampPage(99) == 3)
        #expect(layout.spreadIndex(containing: 99) == 1 && layout.spreadIndex(containing: -1) == 0)
        #expect(layout.spread(at: -1).pages == [1] && layout.spread(at: 42).pages == [2, 3])
    }

    @Test func automaticModeFollowsOrientation() {
        #expect(SpreadMode.automatic(width: 1920, height: 1080) == .double)
        #expect(SpreadMode.automatic(width: 1080, height: 1920) == .single)
        #expect(SpreadMode.automatic(width: 1000, height: 1000) == .single)
        #expect(SpreadMode.automatic(width: 0, height: 0) == .single)
        #expect(SpreadPreference.auto.resolve(width: 800, height: 600) == .double)
        #expect(SpreadPreference.single.resolve(width: 800, height: 600) == .single)
        #expect(SpreadPreference.double.resolve(width: 600, height: 800) == .double)
        #expect(SpreadPreference(rawValue: "auto") == .auto && SpreadPreference(rawValue: "both") == nil)
        let rotated = SpreadLayout(pageCount: 9, preference: .auto, window: Size(width: 1080, height: 1920), direction: .rightToLeft)
        #expect(rotated.mode == .single && rotated.direction == .rightToLeft)
    }

    @Test(arguments: 0...7) func switchingModeKeepsThePageInView(pages: Int) {
        let single = SpreadLayout(pageCount: pages, mode: .single)
        for p in 0...pages + 1 {
            let (double, index) = single.switching(to: .double, keeping: p)
            #expect(double.mode == .double)
            if pages > 0 { #expect(double.spread(at: index).contains(single.clampPage(p))) }
            // Back to single from that double spread's first page lands inside the same spread.
            let back = double.switching(to: .single, keeping: double.firstPage(ofSpread: index))
            if pages > 0 { #expect(double.spread(at: index).contains(back.layout.firstPage(ofSpread: back.spread))) }
        }
    }
}
