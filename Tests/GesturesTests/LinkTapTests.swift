import Geometry
import Gestures
import Testing

/// A tap on a page's link follows it: at once, before the tap zones and the middle's overlay, zoomed or not.
/// Any stroke that moves is what it would be anywhere on the page.
@Suite struct LinkTapTests {
    /// One link in the right page's tap zone (over its bottom-right grab corner), one in the middle.
    static func context(zoomed: Bool = false) -> GestureContext {
        var c = Scene.context(zoomed: zoomed)
        c.links = [Rect(x: 1150, y: 700, width: 90, height: 60), Rect(x: 600, y: 300, width: 80, height: 40)]
        return c
    }

    @Test func aTapOnALinkFollowsItAtOnceWhereATapWouldTurnOrShowTheOverlay() {
        var r = TestRecognizer(context: Self.context())
        #expect(r.feed(tap(at: Vec2(1200, 730), t0: 0)) == [.followLink(at: Vec2(1200, 730))], "not a turn")
        #expect(r.feed(tap(at: Vec2(640, 320), t0: 2000)) == [.followLink(at: Vec2(640, 320))], "no wait for a second tap")
        #expect(r.tick(now: 5000).isEmpty)
        #expect(r.feed(tap(at: Vec2(640, 400), t0: 6000)).isEmpty, "beside the link, the middle waits as ever")
        #expect(r.tick(now: 7000) == [.middleTap])
    }

    @Test func aZoomedPageFollowsLinksToo() {
        var r = TestRecognizer(context: Self.context(zoomed: true))
        #expect(r.feed(tap(at: Vec2(620, 310), t0: 0)) == [.followLink(at: Vec2(620, 310))])
        _ = r.feed(tap(at: Vec2(300, 500), t0: 1000) + tap(1, at: Vec2(302, 502), t0: 1150))
        #expect(r.tick(now: 3000).isEmpty)
    }

    @Test func aDragFromALinkInTheCornerStillCurls() {
        var r = TestRecognizer(context: Self.context())
        let out = r.feed(drag(from: Vec2(1230, 745), to: Vec2(700, 600), ms: 300))
        #expect(shape(out) == ["curlBegin", "curlMove", "curlEnd"])
    }

    @Test func aPressHeldOnALinkIsNoTap() {
        var r = TestRecognizer(context: Self.context())
        #expect(r.feed([.touchDown(id: 0, position: Vec2(640, 320), time: 0), .touchFrame, .touchUp(id: 0, time: 900)]).isEmpty)
    }
}
