import Book
import Geometry
import Gestures
import Reader
import Testing

/// The turn state machine's events, intent by intent: what a reader logs when a leaf is picked up, moved,
/// released, caught in flight, and interrupted by an idle reset, a shrinking book, a layout switch or a key.
/// A 1280×800 window showing a spread; pages are 600×720 (right page at x 640…1240, y 40…760). Times in ms.
@Suite struct TurnStateMachineTests {
    static let corner = Vec2(1230, 750)

    func reader(pages: Int = 12) -> Reader {
        var config = ReaderConfig()
        config.marginFraction = 0.05
        var r = Reader(pageCount: pages, config: config)
        r.resize(width: 1280, height: 800)
        for p in 1...pages { r.setPageSize(p, width: 600, height: 720) }
        return r
    }

    func begin(_ from: Vec2 = corner, direction: TurnDirection = .forward,
               grab: Grab = .corner(.bottomRight)) -> Intent {
        .curlBegin(CurlBegin(direction: direction, grab: grab, start: from, position: from + Vec2(-10, 0), source: .touch))
    }

    /// Advances in 16 ms frames until nothing moves; returns the events and the time reached.
    @discardableResult
    func settle(_ r: inout Reader, from t: Double) -> (events: [ReaderEvent], time: Double) {
        var events: [ReaderEvent] = [], time = t
        while (r.isTurning || r.isAnimating) && time < t + 5000 {
            time += 16
            events += r.advance(to: time)
        }
        return (events, time)
    }

    @Test func dragBeginMoveCommit() {
        var r = reader()
        #expect(r.apply(begin(), at: 1000) == [.flip(.begin, .forward)])
        #expect(r.isDragging)
        #expect(r.apply(.curlMove(Vec2(700, 700)), at: 1016).isEmpty)
        #expect(r.apply(.curlMove(Vec2(300, 700)), at: 1032).isEmpty)
        #expect(r.apply(.curlEnd(position: Vec2(300, 700), velocity: Vec2(-800, 0)), at: 1048) == [.flip(.commit, .forward)])
        #expect(r.page == 1, "the page changes when the leaf lands, not at release")
        #expect(settle(&r, from: 1048).events == [.page(2)])
    }

    @Test func dragBeginMoveCancel() {
        var r = reader()
        _ = r.apply(begin(), at: 1000)
        _ = r.apply(.curlMove(Vec2(1150, 720)), at: 1100)
        #expect(r.apply(.curlEnd(position: Vec2(1150, 720), velocity: .zero), at: 1300) == [.flip(.cancel, .forward)])
        #expect(settle(&r, from: 1300).events.isEmpty)
        #expect(r.page == 1 && !r.isTurning)
        // A second finger (or touch cancel) cancels whatever the velocity.
        _ = r.apply(begin(), at: 2000)
        _ = r.apply(.curlMove(Vec2(500, 700)), at: 2050)
        #expect(r.apply(.curlCancel, at: 2060) == [.flip(.cancel, .forward)])
        #expect(settle(&r, from: 2060).events.isEmpty && r.page == 1)
    }

    @Test func releaseDecidesOnTheStrokesVelocityNotOnWhenItIsRead() {
        // The same slow release read 300 ms late: the velocity comes with the intent, so it still cancels.
        var r = reader()
        _ = r.apply(begin(), at: 1000)
        _ = r.apply(.curlMove(Vec2(1160, 750)), at: 1700)
        #expect(r.apply(.curlEnd(position: Vec2(1160, 750), velocity: Vec2(-12, 0)), at: 1850) == [.flip(.cancel, .forward)])
        var late = reader()
        _ = late.apply(begin(), at: 1000)
        _ = late.apply(.curlMove(Vec2(1160, 750)), at: 1700)
        _ = late.advance(to: 2150)
        #expect(late.apply(.curlEnd(position: Vec2(1160, 750), velocity: Vec2(-12, 0)), at: 1850) == [.flip(.cancel, .forward)])
    }

    @Test func catchingARunningAnimation() {
        var r = reader()
        _ = r.apply(begin(), at: 1000)
        _ = r.apply(.curlMove(Vec2(900, 700)), at: 1050)
        #expect(r.apply(.curlEnd(position: Vec2(900, 700), velocity: Vec2(-900, 0)), at: 1060) == [.flip(.commit, .forward)])
        _ = r.advance(to: 1076)
        // Caught near where the leaf's corner is drawn: held again, the earlier decision undone.
        let drawn = r.frame.leaf!
        let corner = drawn.cylinder.deform(Vec2(drawn.rect.width, drawn.rect.height)).position
        let touch = Vec2(corner.x + drawn.rect.x, corner.y + drawn.rect.y)
        #expect(r.apply(.curlBegin(CurlBegin(direction: .forward, grab: .corner(.bottomRight), start: touch,
                                             position: touch, source: .touch)), at: 1080) == [.flip(.begin, .forward)])
        #expect(r.isDragging)
        _ = r.apply(.curlMove(Vec2(1230, 750)), at: 1200)
        #expect(r.apply(.curlEnd(position: Vec2(1230, 750), velocity: Vec2(600, 0)), at: 1210) == [.flip(.cancel, .forward)])
        #expect(settle(&r, from: 1210).events.isEmpty)
        #expect(r.page == 1)
    }

    @Test func idleResetMidTurn() {
        var r = reader()
        _ = r.apply(.jump(.last), at: 500)
        let last = r.page
        _ = r.apply(begin(Vec2(50, 750), direction: .backward, grab: .corner(.bottomLeft)), at: 1000)
        _ = r.apply(.curlMove(Vec2(300, 700)), at: 1050)
        // Held when the kiosk gives up on its visitor: the held leaf falls, then the book closes to the cover.
        let (reset, events) = r.idleReset(at: 1100)
        #expect(reset)
        #expect(events == [.flip(.cancel, .backward), .flip(.begin, .backward), .flip(.commit, .backward)])
        #expect(settle(&r, from: 1100).events == [.page(1)])
        #expect(last > 1 && r.page == 1)
    }

    @Test func pageCountShrinkingMidTurn() {
        var r = reader()
        _ = r.apply(.jump(.last), at: 500)
        _ = r.apply(.turn(.backward, cause: .key), at: 1000)
        // The book loses pages while the leaf is in flight: the turn lands at once, then the page is clamped.
        let events = r.setPageCount(4)
        #expect(events == [.page(4)], "\(events)")
        #expect(!r.isTurning && r.page == 4)
        // Held, not yet decided: the shrink drops the leaf.
        var held = reader()
        _ = held.apply(begin(), at: 1000)
        _ = held.apply(.curlMove(Vec2(800, 700)), at: 1050)
        #expect(held.setPageCount(1) == [])
        #expect(!held.isTurning && held.page == 1)
    }

    @Test func resizeThatSwitchesLayoutMidTurn() {
        var r = reader()
        _ = r.apply(begin(), at: 1000)
        _ = r.apply(.curlMove(Vec2(800, 700)), at: 1050)
        // A held leaf belongs to the old layout: it falls back, and single-page mode keeps the page.
        #expect(r.resize(width: 800, height: 1280) == [.flip(.cancel, .forward)])
        #expect(!r.isTurning && r.page == 1)
        // A committed turn in flight lands first.
        _ = r.apply(.turn(.forward, cause: .key), at: 2000)
        _ = r.advance(to: 2050)
        #expect(r.resize(width: 1280, height: 800) == [.page(2)])
        #expect(!r.isTurning && r.position.spread.pages == [2, 3])
        // A resize that keeps the layout leaves the turn alone.
        _ = r.apply(.turn(.forward, cause: .key), at: 3000)
        #expect(r.resize(width: 1300, height: 800).isEmpty && r.isTurning)
    }

    @Test func keyboardTurnWhileZoomed() {
        var r = reader()
        _ = r.apply(.toggleZoom(at: Vec2(900, 400)), at: 1000)
        settle(&r, from: 1000)
        #expect(r.zoom.isZoomed)
        #expect(r.apply(.turn(.forward, cause: .key), at: 2000) == [.flip(.begin, .forward), .flip(.commit, .forward)])
        let (events, _) = settle(&r, from: 2000)
        #expect(events == [.page(2)])
        #expect(!r.zoom.isZoomed && r.zoom.scale == 1, "a turn lands at fit")
    }
}

/// Turns into and out of a double-page image cross-fade: no single leaf carries a picture printed across two.
@Suite struct SoloSpreadTurnTests {
    func reader() -> Reader {
        var config = ReaderConfig()
        config.marginFraction = 0.05
        var r = Reader(pageCount: 7, config: config)
        r.resize(width: 1280, height: 800)
        for p in 1...7 { r.setPageSize(p, width: p == 4 ? 1200 : 600, height: 720) }
        _ = r.setSoloPages([4])
        return r
    }

    func settle(_ r: inout Reader, from t: Double) -> [ReaderEvent] {
        var events: [ReaderEvent] = [], time = t
        while (r.isTurning || r.isAnimating) && time < t + 5000 { time += 16; events += r.advance(to: time) }
        return events
    }

    @Test func keyTurnsCrossFadeIntoAndOutOfTheDoublePage() {
        var r = reader()
        r.go(toPage: 2)
        #expect(r.apply(.turn(.forward, cause: .key), at: 1000) == [.flip(.begin, .forward), .flip(.commit, .forward)])
        _ = r.advance(to: 1100)
        #expect(r.frame.fade != nil && r.frame.leaf == nil, "a cross-fade, no curl")
        #expect(settle(&r, from: 1100) == [.page(4)])
        #expect(r.frame.pages.count == 1 && r.frame.pages[0].rect.width > 700, "alone across the spread: \(r.frame.pages)")
        #expect(r.apply(.turn(.forward, cause: .key), at: 3000).count == 2)
        _ = r.advance(to: 3050)
        #expect(r.frame.fade != nil)
        #expect(settle(&r, from: 3050) == [.page(5)])
        // Between ordinary spreads the leaf curls as usual.
        _ = r.apply(.turn(.forward, cause: .key), at: 5000)
        _ = r.advance(to: 5050)
        #expect(r.frame.leaf != nil && r.frame.fade == nil)
    }

    @Test func aDragOnTheDoublePageMovesNothingAndTurnsOnRelease() {
        var r = reader()
        r.go(toPage: 4)
        let corner = r.frame.pages[0].rect
        let start = Vec2(corner.maxX - 10, corner.maxY - 10)
        _ = r.apply(.curlBegin(CurlBegin(direction: .forward, grab: .corner(.bottomRight), start: start,
                                         position: start + Vec2(-10, 0), source: .touch)), at: 1000)
        _ = r.apply(.curlMove(Vec2(200, 700)), at: 1100)
        #expect(r.isDragging && r.frame.leaf == nil, "held still")
        #expect(r.apply(.curlEnd(position: Vec2(200, 700), velocity: Vec2(-900, 0)), at: 1120) == [.flip(.commit, .forward)])
        #expect(settle(&r, from: 1120) == [.page(5)])
    }
}

@Suite struct FrontCoverTests {
    @Test func theIdleResetReturnsToTheFrontCoverTheBookNames() {
        var config = ReaderConfig()
        config.marginFraction = 0.05
        var r = Reader(pageCount: 12, config: config)
        r.resize(width: 1280, height: 800)
        r.coverPage = 3
        r.go(toPage: 9)
        let (reset, events) = r.idleReset(at: 1000)
        #expect(reset && events == [.flip(.begin, .backward), .flip(.commit, .backward)])
        #expect(r.frame.fade != nil, "a cross-fade: no leaf runs from page 9 to a cover inside the book")
        var time = 1000.0, landed: [ReaderEvent] = []
        while r.isTurning && time < 5000 { time += 16; landed += r.advance(to: time) }
        #expect(landed == [.page(2)] && r.position.spread.pages.contains(3), "the spread (2, 3)")
        #expect(r.idleReset(at: 6000).reset == false, "already at the cover")
    }
}
