@testable import AppCore
import Gestures
import Testing

/// A key, tap or flick turn waits for the pages it shows (a flip never shows blank paper where a page belongs),
/// and turns asked for meanwhile wait behind it and run in order: no press is lost to a slow decode.
@Suite struct TurnGateTests {
    /// 12 pages: spreads [1] [2, 3] [4, 5] [6, 7] [8, 9] [10, 11] [12]. On (2, 3) with the pages of `withheld`
    /// not decoded (those already there are evicted); nothing is delivered unless the test says so.
    private func waiting(for withheld: Set<Int> = [4, 5], drawing: Bool = false) -> Driver {
        var d = Driver(page: 2)
        for page in withheld.sorted() where d.core.hasImage(page) { d.handle(.pageEvicted(page: page)) }
        d.withheld = withheld
        d.drawing = drawing
        return d
    }

    private func press(_ d: inout Driver, _ sym: UInt32, at t: Double) {
        d.now = max(d.now, t)
        d.input(key(sym, at: t))
    }

    @Test func aTurnWaitsForItsPagesAndKeysPressedMeanwhileRunInOrder() {
        var d = waiting(for: [4, 5])
        for k in 1...2 { press(&d, Keysym.Right, at: d.now + 50 * Double(k)) }
        #expect(d.flips.isEmpty, "no turn while pages 4 and 5 are missing: \(d.logLines)")
        #expect(d.logged("turn-waits").count == 2)
        d.deliver([4])
        #expect(d.flips.isEmpty, "page 5 is still missing")
        d.deliver([5])
        #expect(d.flips == ["begin forward", "commit forward"], "one turn, once both pages are here: \(d.logLines)")
        d.drawing = true
        d.run(for: 1500)
        #expect(d.flips.count == 4, "the second turn's pages (5, 6, 7) were there: it followed: \(d.logLines)")
        #expect(d.core.reader.page == 6, "two presses, two turns: \(d.logLines)")
        #expect(d.core.framesMissingPages == 0)
        #expect(d.core.turnsQueued == 2 && d.core.turnsCarried == 0 && d.core.turnsRefused == 0)
    }

    @Test func theQueueFollowsTheReader() {
        var d = waiting()
        for (k, sym) in [Keysym.Right, Keysym.Right, Keysym.Left].enumerated() { press(&d, sym, at: d.now + 40 + 40 * Double(k)) }
        d.drawing = true
        d.deliver([4, 5])
        d.run(for: 1500)
        #expect(d.flips == ["begin forward", "commit forward", "begin forward", "commit forward",
                            "begin backward", "commit backward"], "\(d.logLines)")
        #expect(d.core.reader.page == 4, "forward to 4, forward to 6, back to 4")
    }

    @Test func pressesWhileTwoTurnsWaitAreCarriedByTheLastOne() {
        // 20 pages: spreads [1] [2, 3] … [18, 19] [20]; on (2, 3), so 7 presses land on (16, 17), spread 8.
        var d = Driver(pages: 20, page: 2)
        for page in [4, 5] where d.core.hasImage(page) { d.handle(.pageEvicted(page: page)) }
        d.withheld = [4, 5, 16, 17]
        for k in 1...7 { press(&d, Keysym.Right, at: d.now + 30 * Double(k)) }
        #expect(d.core.turnsQueued == TurnGate.carryFrom)
        #expect(d.core.turnsCarried == 7 - TurnGate.carryFrom && d.core.turnsRefused == 0)
        #expect(d.logLines.filter { $0.hasPrefix("turn-carried") } == (2...6).map { "turn-carried direction=forward spreads=\($0)" },
                "never silently: \(d.logLines)")
        let wanted = d.effects.reversed().compactMap { effect -> [Int]? in
            if case .wantPages(let pages, _, _) = effect { return pages } else { return nil }
        }.first ?? []
        #expect(wanted.contains(16) && wanted.contains(17), "the last turn's landing pages are asked for now: \(wanted)")
        #expect(!wanted.contains(12) && !wanted.contains(13), "the spreads it skips are not: \(wanted)")
        d.drawing = true
        d.deliver([4, 5])
        d.run(for: 1000)
        #expect(d.core.reader.page == 4, "the first turn ran; the second waits for 16 and 17: \(d.logLines)")
        d.deliver([16, 17])
        d.run(for: 1500)
        #expect(d.core.reader.page == 16, "seven presses, seven spreads, in two leaves: \(d.logLines)")
        #expect(d.flips.count == 4)
        #expect(d.logged("page").count == 2, "pages 6 to 15 were never shown")
        #expect(d.core.framesMissingPages == 0)
    }

    @Test func aPressBackTakesACarriedSpreadBack() {
        var d = Driver(pages: 20, page: 2)
        for page in [4, 5] where d.core.hasImage(page) { d.handle(.pageEvicted(page: page)) }
        d.withheld = [4, 5]
        for k in 1...4 { press(&d, Keysym.Right, at: d.now + 30 * Double(k)) }
        press(&d, Keysym.Left, at: d.now + 30)
        #expect(d.logLines.filter { $0.hasPrefix("turn-carried") }.last == "turn-carried direction=backward spreads=2")
        d.deliver([4, 5])
        d.run(for: 3000)
        #expect(d.core.reader.page == 8, "4 − 1 presses forward from (2, 3): \(d.logLines)")
        #expect(d.core.framesMissingPages == 0)
    }

    @Test func backAndForthWaitsUpToTheBoundAndBeyondItIsRefused() {
        var d = Driver(pages: 20, page: 2)
        for page in [4, 5] where d.core.hasImage(page) { d.handle(.pageEvicted(page: page)) }
        d.withheld = [4, 5]
        for sym in [Keysym.Right, Keysym.Right, Keysym.Left, Keysym.Right, Keysym.Left] { press(&d, sym, at: d.now + 30) }
        #expect(d.core.turnsQueued == TurnGate.bound && d.core.turnsCarried == 0)
        #expect(d.core.turnsRefused == 1 && d.logged("turn-refused").count == 1, "never silently: \(d.logLines)")
        d.deliver([4, 5])
        d.run(for: 3000)
        #expect(d.core.reader.page == 6, "forward, forward, back, forward: \(d.logLines)")
        #expect(d.core.framesMissingPages == 0)
    }

    @Test func aCarryingTurnStopsAtTheBooksEnd() {
        var d = waiting()
        for k in 1...9 { press(&d, Keysym.Right, at: d.now + 30 * Double(k)) }
        d.drawing = true
        d.deliver([4, 5])
        d.run(for: 4000)
        #expect(d.core.reader.page == 12, "the last spread, whatever was pressed beyond it: \(d.logLines)")
        #expect(d.core.framesMissingPages == 0)
    }

    @Test func aTurnPressedDuringAnotherTurnsAnimationIsNotLostWhenThatEnds() {
        var d = waiting(for: [6, 7], drawing: true)
        press(&d, Keysym.Right, at: d.now + 10)
        #expect(d.flips == ["begin forward", "commit forward"], "pages 4 and 5 are here: it turns at once")
        press(&d, Keysym.Right, at: d.now + 50)
        #expect(d.core.reader.isAnimating, "the first turn still moves")
        #expect(d.logged("turn-waits").count == 1, "the second waits for 6 and 7")
        d.run(for: 800)
        #expect(d.core.reader.page == 4 && !d.core.reader.isTurning, "the first turn ended while the second waited")
        d.deliver([6, 7])
        d.run(for: 1000)
        #expect(d.core.reader.page == 6, "the second turn ran from where the first ended: \(d.logLines)")
        #expect(d.core.framesMissingPages == 0)
    }

    @Test func aTurnWaitsAtMostItsLimit() {
        var d = waiting()
        let pressed = d.now + 10
        press(&d, Keysym.Right, at: pressed)
        d.now = pressed + TurnGate.limit - 20
        if let due = d.core.nextDeadline, due <= d.now { d.handle(.timer) }
        #expect(d.flips.isEmpty)
        d.now += 30
        #expect((d.core.nextDeadline ?? .infinity) <= d.now)
        d.handle(.timer)
        #expect(d.flips == ["begin forward", "commit forward"], "a decode that hangs does not stop the reader")
    }

    @Test func aJumpClearsTheWaitingTurnsAndSaysSo() {
        var d = waiting()
        press(&d, Keysym.Right, at: d.now + 10)
        press(&d, Keysym.Right, at: d.now + 30)
        press(&d, Keysym.Home, at: d.now + 30)
        #expect(d.core.reader.page == 1)
        #expect(d.logLines.contains("turns-cleared turns=2 reason=jump"), "\(d.logLines)")
        d.deliver([4, 5])
        #expect(d.flips.isEmpty, "turns from spread (2, 3) mean nothing on the cover: \(d.logLines)")
    }

    @Test func waitingTurnsAreClearedWhenTheReaderWentElsewhere() {
        var d = waiting()
        press(&d, Keysym.Right, at: d.now + 10)
        d.core.reader.go(toPage: 10)
        d.deliver([4, 5])
        #expect(d.flips.isEmpty, "\(d.logLines)")
        #expect(d.logLines.contains("turns-cleared turns=1 reason=moved"), "\(d.logLines)")
        #expect(d.core.turnsCleared == 1)
    }
}
