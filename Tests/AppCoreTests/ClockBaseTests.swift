@testable import AppCore
import Geometry
import Gestures
import Testing

/// Input stamped on a clock of another base (Wayland leaves it open) drives the reader as input on the frame
/// clock does: turns started by a key, a tap or a drag finish on frames alone, with no further input.
@Suite struct ClockBaseTests {
    /// `event` as a source whose clock reads `base` ms off the frame clock stamps it.
    static func stamped(_ event: InputEvent, base: Double) -> InputEvent { event.retimed { $0 + base } }

    /// An hour ahead, 70 hours behind, and (unwrapped) past the 32-bit wrap.
    static let bases: [Double] = [0, 3_600_000, -252_000_000, 4_294_967_296 - 500]

    /// Plays `events` (frame-clock times) as received live but stamped `base` off, then frames for 1 s.
    private func play(_ events: [InputEvent], base: Double) -> Driver {
        var d = Driver()
        for event in events {
            if let t = event.time { d.advanceClock(to: t) }
            d.handle(.input(Self.stamped(event, base: base)))
            d.frame()
        }
        d.run(for: 1000)
        return d
    }

    @Test(arguments: bases)
    func aKeyTurnFinishes(base: Double) {
        let d = play(key(Keysym.Right, at: 5000), base: base)
        #expect(d.flips == ["begin forward", "commit forward"])
        #expect(d.core.reader.page == 2 && !d.core.reader.isAnimating, "\(d.logLines)")
    }

    @Test(arguments: bases)
    func aTapTurnFinishes(base: Double) {
        let d = play(tap(at: Vec2(1100, 400), t0: 5000), base: base)
        #expect(d.core.reader.page == 2 && !d.core.reader.isAnimating, "\(d.logLines)")
    }

    @Test(arguments: bases)
    func aDraggedTurnFinishesAndAPeekFallsBack(base: Double) {
        let flick = stroke(from: Scene.rightCorner, to: Scene.rightCorner + Vec2(-150, 0), steps: 5, interval: 12, at: 5000)
        let d = play(flick, base: base)
        #expect(d.flips == ["begin forward", "commit forward"], "\(d.logLines)")
        #expect(d.core.reader.page == 2 && !d.core.reader.isAnimating)
        let peek = stroke(from: Scene.rightCorner, to: Scene.rightCorner + Vec2(-70, 0), steps: 10, interval: 70,
                          at: 5000, restBeforeLift: 150)
        let p = play(peek, base: base)
        #expect(p.flips == ["begin forward", "cancel forward"], "\(p.logLines)")
        #expect(p.core.reader.page == 1 && !p.core.reader.isAnimating)
    }
}
