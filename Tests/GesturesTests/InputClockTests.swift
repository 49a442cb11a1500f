import Geometry
import Gestures
import Testing

/// Input stamped on clocks of any base lands on the frame clock; what happened between events keeps its times.
@Suite struct InputClockTests {
    /// A stream of key presses 50 ms apart stamped `base` ms off the frame clock, received `delay` ms after.
    private func keys(_ clock: inout InputClock, base: Double, from start: Double, count: Int,
                      delay: Double = 0.5) -> [(frame: Double, received: Double)] {
        (0..<count).map { i in
            let frame = start + Double(i) * 50, received = frame + delay
            let mapped = clock.map(.key(keysym: Keysym.Right, pressed: true, modifiers: [], time: frame + base),
                                   receivedAt: received)
            return (mapped.time!, received)
        }
    }

    @Test(arguments: [0, 3_600_000, -252_000_000, 4_284_967_000] as [Double])
    func anyBaseLandsOnTheFrameClockAtItsReceipt(base: Double) {
        var clock = InputClock()
        for (mapped, received) in keys(&clock, base: base, from: 10_000_000, count: 20) {
            #expect(mapped <= received, "never in the future")
            #expect(received - mapped <= 1, "within the least receipt delay: \(received - mapped)")
        }
    }

    @Test func theWrapOfTheUnwrappedClockIsCrossedWithoutAStep() {
        var unwrap = EventClock(), clock = InputClock()
        var previous: Double?
        for i in 0..<40 {
            let raw = UInt32(truncatingIfNeeded: UInt64(4_294_967_296 - 1000 + i * 50))
            let now = 500.0 + Double(i) * 50
            let t = clock.map(.touchMotion(id: 1, position: Vec2(0, 0), time: unwrap.milliseconds(raw)), receivedAt: now).time!
            if let p = previous { #expect(abs(t - p - 50) < 1e-9) }
            #expect(t <= now && now - t < 1)
            previous = t
        }
    }

    @Test func aBatchReadLateKeepsItsOwnTimes() {
        var clock = InputClock()
        _ = keys(&clock, base: 3_600_000, from: 0, count: 5)
        // The reader stalls 5 s; thirty events queue up and are read within a millisecond.
        let times = (0..<30).map { i in
            clock.map(.touchMotion(id: 1, position: Vec2(Double(i), 0), time: 3_600_000 + 1000 + Double(i) * 150),
                      receivedAt: 6000 + Double(i) * 0.03).time!
        }
        for (i, t) in times.enumerated() { #expect(abs(t - (1000.5 + Double(i) * 150)) < 1e-6, "event \(i) at \(t)") }
    }

    @Test func aBaseThatJumpsBackIsFollowedOnceItPersists() {
        var clock = InputClock()
        _ = keys(&clock, base: 0, from: 0, count: 5)
        // The source's clock restarts 70 h back; events keep coming live.
        let after = keys(&clock, base: -252_000_000, from: 1000, count: 20)
        #expect(after.last.map { $0.received - $0.frame } ?? .infinity <= 1)
        #expect(after.filter { $0.received - $0.frame > 1 }.count <= Int(InputClock.settle / 50) + 1)
    }

    @Test func aBaseThatJumpsForwardIsFollowedAtOnce() {
        var clock = InputClock()
        _ = keys(&clock, base: 0, from: 0, count: 5)
        for (mapped, received) in keys(&clock, base: 3_600_000, from: 1000, count: 5) {
            #expect(mapped <= received && received - mapped <= 1)
        }
    }

    @Test func aDriftingBaseIsFollowedBetweenGesturesButNotWithinOne() {
        var clock = InputClock()
        // The source's clock runs 1 % slow: events look later and later.
        func event(_ i: Int, _ kind: (Double) -> InputEvent) -> (Double, Double) {
            let frame = Double(i) * 20, received = frame + 0.5
            return (clock.map(kind(frame * 0.99), receivedAt: received).time!, received)
        }
        // One long drag: within it the event times keep their spacing (velocity is the source's own).
        var previous: Double?
        _ = event(0) { .touchDown(id: 1, position: Vec2(0, 0), time: $0) }
        for i in 1..<400 {
            let (t, _) = event(i) { .touchMotion(id: 1, position: Vec2(Double(i), 0), time: $0) }
            if let p = previous { #expect(abs(t - p - 20 * 0.99) < 1e-6) }
            previous = t
        }
        _ = event(400) { .touchUp(id: 1, time: $0) }
        // Between gestures the estimate catches up with the drift.
        var last = (0.0, 0.0)
        for i in 401..<800 { last = event(i) { .key(keysym: Keysym.Right, pressed: true, modifiers: [], time: $0) } }
        #expect(last.1 - last.0 < 12, "caught up: \(last.1 - last.0) ms behind (160 ms without it)")
    }

    @Test func eventsWithoutATimestampKeepTheirReceiptTime() {
        var clock = InputClock()
        _ = keys(&clock, base: 3_600_000, from: 0, count: 3)
        #expect(clock.map(.touchCancel(time: 777), receivedAt: 777) == .touchCancel(time: 777))
    }
}
