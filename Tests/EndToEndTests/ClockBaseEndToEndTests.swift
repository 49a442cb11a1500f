import Decoding
import Foundation
import Glibc
import Testing

/// Input stamped on clocks of other bases (Wayland leaves the base of event times open; virtual and remote input
/// bring their own): on CLOCK_MONOTONIC, an hour ahead, 70 hours behind, and just before the 32-bit wrap (crossed
/// during the test), a drag, a slow peek, a flick, a key and a tap each finish on their own — the turn's `page`
/// event or the page at rest on screen comes with no further input — and a dragged corner is under the finger.
/// Serialized: each case runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct ClockBaseEndToEndTests {
    static let page = PageLayout.double(width: 1920, height: 1080).right
    static let corner = (x: Double(page.x + page.width - 10), y: Double(page.y + page.height - 10))
    static let finger = (x: 1300, y: 700)
    /// Inside the right tap third, clear of the grab zones.
    static let tapPoint = (x: Double(page.x + page.width - 200), y: Double(page.y + page.height / 2))
    /// Long enough for a busy machine; a turn that waits for the next input never comes at all.
    static let finish = Duration.seconds(3)

    enum Base: String, CaseIterable, CustomTestStringConvertible {
        case monotonic, hourAhead, seventyHoursBehind, nearTheWrap
        var testDescription: String { rawValue }

        /// The offset from CLOCK_MONOTONIC; near the wrap, 4 s before 2³² ms from now.
        var offset: Int64 {
            switch self {
            case .monotonic: 0
            case .hourAhead: 3_600_000
            case .seventyHoursBehind: -252_000_000
            case .nearTheWrap:
                (1 << 32) - 4000 - Int64(monotonicNow())
            }
        }
    }

    private static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    private func phase(_ event: RectoEvent) -> String { "\(event.string("phase") ?? "?") \(event.string("direction") ?? "?")" }

    /// Waits for the turn's `page` event; notes how long after `since` (the turn's last input) it came.
    private func turned(_ session: RectoSession, from page: Int, since: ContinuousClock.Instant,
                        _ what: String, into waits: inout [String]) throws -> Int {
        let event = try session.waitForEvent("page", timeout: Self.finish)
        waits.append("\(what) \((ContinuousClock.now - since).milliseconds) ms")
        let now = try #require(event.int("page"))
        #expect(now > page, "events: \(session.historyText)")
        return now
    }

    @Test(arguments: Base.allCases)
    func turnsFinishWithoutFurtherInput(base: Base) throws {
        let session = try RectoSession.start(width: 1920, height: 1080)
        #expect(try session.waitForEvent("shown").int("page") == 1)
        try session.weston.setClockOffset(milliseconds: base.offset)
        let weston = session.weston

        // A slow peek at the corner falls back, and the page comes to rest on screen.
        let rest = try session.screenshot()
        try weston.touchDown([Finger(id: 0, x: Self.corner.x, y: Self.corner.y)])
        try weston.touchLine(id: 0, from: Self.corner.x, Self.corner.y, to: Self.corner.x - 60, Self.corner.y,
                             steps: 10, interval: .milliseconds(60))
        weston.sleep(until: .now + .milliseconds(150))
        try weston.touchUp([0])
        #expect(phase(try session.waitForEvent("flip")) == "begin forward")
        #expect(phase(try session.waitForEvent("flip")) == "cancel forward", "events: \(session.historyText)")
        let settled = try session.screenshot(timeout: Self.finish) {
            compareImages($0, rest).map { $0.meanAbsolute < 1 } ?? false
        }
        #expect(compareImages(settled, rest).map { $0.meanAbsolute < 1 } ?? false,
                "the peeked page did not settle: \(session.weston.artifactsDirectory.path)")

        // A corner held mid-drag is under the finger; carried across the spine and lifted, the page turns.
        let flap = try session.holdCorner(from: Self.corner, at: Self.finger)
        #expect(isUnder(flap.tip, finger: Self.finger),
                "flap tip at \(String(describing: flap.tip)), finger at \(Self.finger): \(weston.artifactsDirectory.path)")
        try weston.touchLine(id: 0, from: Double(Self.finger.x), Double(Self.finger.y), to: 450, 950, steps: 10,
                             interval: .milliseconds(16))
        try weston.touchUp([0])
        var waits: [String] = [], since = ContinuousClock.now
        #expect(phase(try session.waitForEvent("flip")) == "commit forward", "events: \(session.historyText)")
        var page = try turned(session, from: 1, since: since, "drag", into: &waits)

        // A flick from the corner: 150 px in 60 ms.
        try weston.touchDown([Finger(id: 0, x: Self.corner.x, y: Self.corner.y)])
        try weston.touchLine(id: 0, from: Self.corner.x, Self.corner.y, to: Self.corner.x - 150, Self.corner.y,
                             steps: 5, interval: .milliseconds(12))
        try weston.touchUp([0])
        since = .now
        #expect(phase(try session.waitForEvent("flip", where: { $0.string("phase") != "begin" })) == "commit forward",
                "events: \(session.historyText)")
        page = try turned(session, from: page, since: since, "flick", into: &waits)

        try weston.key(InputCode.keyRight, pressed: true)
        try weston.key(InputCode.keyRight, pressed: false)
        page = try turned(session, from: page, since: .now, "key", into: &waits)

        try weston.tap(x: Self.tapPoint.x, y: Self.tapPoint.y)
        page = try turned(session, from: page, since: .now, "tap", into: &waits)
        print("e2e clock base \(base.rawValue) (offset \(base.offset) ms): on page \(page); last input to page event: \(waits.joined(separator: ", "))")
    }
}

private extension Duration {
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
