@testable import AppCore
import Gestures
import Testing

/// A key, tap or flick turn waits for the pages it shows: a flip never shows blank paper where a page belongs.
@Suite struct TurnGateTests {
    /// On spread (2, 3) with pages 4 and 5 not decoded; nothing is delivered unless the test says so.
    private func waiting() -> Driver {
        var d = Driver(page: 2)
        d.handle(.pageEvicted(page: 4))
        d.handle(.pageEvicted(page: 5))
        d.drawing = false
        return d
    }

    private func press(_ d: inout Driver, _ sym: UInt32, at t: Double) {
        d.now = t
        for e in key(sym, at: t) { d.handle(.input(e)) }
    }

    @Test func aTurnWaitsForItsPagesAndKeysPressedMeanwhileAreDropped() {
        var d = waiting()
        press(&d, Keysym.Right, at: d.now + 10)
        press(&d, Keysym.Right, at: d.now + 50)
        press(&d, Keysym.Right, at: d.now + 50)
        #expect(d.flips.isEmpty, "no turn while pages 4 and 5 are missing: \(d.logLines)")
        d.now += 40
        d.handle(.pageReady(page: 4, size: Scene.pageSize, sourceSize: Scene.pageSize))
        #expect(d.flips.isEmpty, "page 5 is still missing")
        d.handle(.pageReady(page: 5, size: Scene.pageSize, sourceSize: Scene.pageSize))
        #expect(d.flips == ["begin forward", "commit forward"], "one turn, once both pages are here: \(d.logLines)")
        d.drawing = true
        d.run(for: 1500)
        #expect(d.core.reader.page == 4, "the keys pressed while it waited were dropped")
        #expect(d.core.framesMissingPages == 0)
    }

    @Test func aTurnWaitsAtMostItsLimit() {
        var d = waiting()
        press(&d, Keysym.Right, at: d.now + 10)
        d.now += TurnGate.limit - 20
        if let due = d.core.nextDeadline, due <= d.now { d.handle(.timer) }
        #expect(d.flips.isEmpty)
        d.now += 30
        #expect((d.core.nextDeadline ?? .infinity) <= d.now)
        d.handle(.timer)
        #expect(d.flips == ["begin forward", "commit forward"], "a decode that hangs does not stop the reader")
    }

    @Test func aHeldTurnIsDroppedWhenTheReaderWentElsewhere() {
        var d = waiting()
        press(&d, Keysym.Right, at: d.now + 10)
        press(&d, Keysym.Home, at: d.now + 30)
        #expect(d.core.reader.page == 1)
        d.handle(.pageReady(page: 4, size: Scene.pageSize, sourceSize: Scene.pageSize))
        d.handle(.pageReady(page: 5, size: Scene.pageSize, sourceSize: Scene.pageSize))
        #expect(d.flips.isEmpty, "the turn from spread (2, 3) means nothing on the cover: \(d.logLines)")
    }
}
