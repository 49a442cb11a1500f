import Book
import Geometry
import Gestures
import Reader
import Testing

/// Reduced motion: every turn is a time-driven cross-fade from the spread shown to the next; no frame has a
/// curled leaf; the events are the usual ones. Same window and pages as TurnStateMachineTests.
@Suite struct ReducedMotionTests {
    static let corner = TurnStateMachineTests.corner

    func reader(pages: Int = 12) -> Reader {
        var config = ReaderConfig()
        config.marginFraction = 0.05
        config.reducedMotion = true
        var r = Reader(pageCount: pages, config: config)
        r.resize(width: 1280, height: 800)
        for p in 1...pages { r.setPageSize(p, width: 600, height: 720) }
        return r
    }

    /// Advances in 16 ms frames until nothing moves; every frame on the way must be flat.
    func settle(_ r: inout Reader, from t: Double) -> (events: [ReaderEvent], opacities: [Double]) {
        var events: [ReaderEvent] = [], opacities: [Double] = [], time = t
        while (r.isTurning || r.isAnimating) && time < t + 5000 {
            #expect(r.frame.leaf == nil)
            if let fade = r.frame.fade { opacities.append(fade.opacity) }
            time += 16
            events += r.advance(to: time)
        }
        return (events, opacities)
    }

    @Test func aKeyTurnCrossFadesWithTheUsualEvents() {
        var r = reader()
        #expect(r.apply(.turn(.forward, cause: .key), at: 1000) == [.flip(.begin, .forward), .flip(.commit, .forward)])
        let frame = r.frame
        #expect(frame.leaf == nil)
        // Incoming spread (pages 2 and 3) beneath, the cover fading out over it.
        #expect(frame.pages.map(\.page) == [2, 3])
        #expect(frame.fade?.pages.map(\.page) == [1] && frame.fade?.opacity == 1)
        let (events, opacities) = settle(&r, from: 1000)
        #expect(events == [.page(2)])
        #expect(opacities.count >= 10 && opacities.count <= 18, "250 ms in 16 ms frames: \(opacities.count)")
        #expect(zip(opacities, opacities.dropFirst()).allSatisfy { $0 >= $1 }, "fades out steadily")
        #expect(r.frame.fade == nil && r.page == 2)
    }

    @Test func aDragMovesNothingAndTurnsOnReleaseOnlyWhenTheCurlWouldHave() {
        var r = reader()
        let begin = Intent.curlBegin(CurlBegin(direction: .forward, grab: .corner(.bottomRight), start: Self.corner,
                                               position: Self.corner + Vec2(-10, 0), source: .touch))
        #expect(r.apply(begin, at: 1000) == [.flip(.begin, .forward)])
        _ = r.apply(.curlMove(Vec2(700, 700)), at: 1016)
        #expect(r.frame.leaf == nil && r.frame.pages.map(\.page) == [1], "the held page lies still")
        #expect(r.apply(.curlEnd(position: Vec2(300, 700), velocity: Vec2(-800, 0)), at: 1048) == [.flip(.commit, .forward)])
        #expect(settle(&r, from: 1048).events == [.page(2)])

        // A short slow pull is a cancel, with nothing to settle.
        _ = r.apply(begin, at: 2000)
        _ = r.apply(.curlMove(Vec2(1150, 720)), at: 2100)
        #expect(r.apply(.curlEnd(position: Vec2(1150, 720), velocity: .zero), at: 2300) == [.flip(.cancel, .forward)])
        #expect(!r.isTurning && !r.isAnimating && r.page == 2)
    }

    @Test func aNewTurnDuringAFadeLandsTheFirstAtOnce() {
        var r = reader()
        _ = r.apply(.turn(.forward, cause: .key), at: 1000)
        let events = r.apply(.turn(.forward, cause: .key), at: 1100)
        #expect(events == [.page(2), .flip(.begin, .forward), .flip(.commit, .forward)])
        #expect(settle(&r, from: 1100).events == [.page(4)])
    }

    @Test func theIdleResetFadesToTheCover() {
        var r = reader()
        r.go(toPage: 6)
        let (reset, events) = r.idleReset(at: 1000)
        #expect(reset && events == [.flip(.begin, .backward), .flip(.commit, .backward)])
        #expect(r.frame.pages.map(\.page) == [1] && r.frame.leaf == nil)
        #expect(settle(&r, from: 1000).events == [.page(1)])
    }
}
