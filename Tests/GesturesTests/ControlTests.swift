import Geometry
import Gestures
import Testing

/// Strokes that are a control's (the shelf, the scrubber, the home control), the edge swipe up, and the gesture
/// that woke the app: all in the one recognizer, with its one slop and one tap rule.
@Suite struct ControlTests {
    /// A control over the bottom-right corner grab zone of the traces' scene, like a scrubber over the page.
    static let zone = Rect(x: 1100, y: 700, width: 180, height: 100)
    let corner = Vec2(1230, 745)

    static func context(controls: [ControlZone] = [ControlZone(rect: zone, control: .scrubber)]) -> GestureContext {
        var c = Scene.context()
        c.controls = controls
        return c
    }

    private func phases(_ intents: [Intent]) -> [ControlStroke.Phase] {
        intents.compactMap { if case .control(let s) = $0 { s.phase } else { nil } }
    }

    @Test func aStrokeOnAControlIsTheControlsEvenFromAGrabZoneAndAFastSwipe() {
        var r = TestRecognizer(context: Self.context())
        let out = r.feed(drag(from: corner, to: Vec2(700, 600), ms: 80))
        #expect(out.allSatisfy { if case .control(let s) = $0 { s.control == .scrubber } else { false } }, "\(out.map(kind))")
        #expect(phases(out).first == .down && phases(out).last == .lift && phases(out).contains(.drag))
        if case .control(let last) = out.last { #expect(last.start == corner && last.position == Vec2(700, 600)) }
        #expect(r.tick(now: 5000).isEmpty && r.isIdle)
        // The same stroke without the control is a curl.
        var page = TestRecognizer(context: Scene.context())
        #expect(shape(page.feed(drag(from: corner, to: Vec2(700, 600), ms: 80))).first == "curlBegin")
    }

    @Test func aTapOnAControlActsAtOnceWithTheSameSlopAndHoldRuleAsAPage() {
        let slop = GestureConfig().slop
        for (wobble, isTap) in [(0.6 * slop, true), (1.2 * slop, false)] {
            var r = TestRecognizer(context: Self.context())
            let events: [InputEvent] = [.touchDown(id: 0, position: corner, time: 0),
                                        .touchMotion(id: 0, position: corner + Vec2(-wobble, 0), time: 30),
                                        .touchUp(id: 0, time: 80)]
            #expect(phases(r.feed(events)).last == (isTap ? .tap : .lift), "wobble \(wobble)")
            #expect(r.nextDeadline == nil, "nothing waits for a double tap")
            // On the page (the forward tap zone) the same wobble is a tap, turning at the lift, or not.
            let p = Vec2(1100, 400)
            var page = TestRecognizer(context: Scene.context())
            #expect(page.feed([.touchDown(id: 0, position: p, time: 0),
                               .touchMotion(id: 0, position: p + Vec2(-wobble, 0), time: 30),
                               .touchUp(id: 0, time: 80)]) == (isTap ? [.turn(.forward, cause: .tap)] : []),
                    "wobble \(wobble)")
            #expect(page.tick(now: 1000).isEmpty)
        }
        // Held past tapMaxDuration it is a lift, as a held page is no tap.
        var r = TestRecognizer(context: Self.context())
        let held = r.feed([.touchDown(id: 0, position: corner, time: 0), .touchUp(id: 0, time: 900)])
        #expect(phases(held) == [.down, .lift])
    }

    @Test func theLeftButtonPressedOnAControlIsTheControlsToo() {
        var r = TestRecognizer(context: Self.context(controls: [ControlZone(rect: Scene.window, control: .shelf)]))
        let out = r.feed([.pointerEnter(position: Vec2(600, 400)),
                          .pointerButton(button: PointerButton.left, pressed: true, time: 0),
                          .pointerMotion(position: Vec2(400, 400), time: 20),
                          .pointerButton(button: PointerButton.left, pressed: false, time: 40)])
        #expect(phases(out) == [.down, .drag, .lift])
        #expect(out.allSatisfy { if case .control(let s) = $0 { s.control == .shelf } else { false } })
        let click = r.feed([.pointerButton(button: PointerButton.left, pressed: true, time: 100),
                            .pointerButton(button: PointerButton.left, pressed: false, time: 150)])
        #expect(phases(click) == [.down, .tap])
    }

    @Test func otherFingersDoNothingWhileTheControlHasTheTouchAndCancelClosesIt() {
        var r = TestRecognizer(context: Self.context())
        var out = r.feed([.touchDown(id: 0, position: corner, time: 0),
                          .touchDown(id: 1, position: Vec2(600, 400), time: 10),
                          .touchMotion(id: 1, position: Vec2(300, 300), time: 20),
                          .touchUp(id: 1, time: 30)])
        #expect(phases(out) == [.down] && out.count == 1, "\(out.map(kind))")
        out = r.feed([.touchDown(id: 2, position: Vec2(600, 400), time: 40), .touchUp(id: 0, time: 50)])
        #expect(phases(out) == [.tap])
        #expect(r.feed([.touchMotion(id: 2, position: Vec2(200, 400), time: 60), .touchUp(id: 2, time: 70)]).isEmpty,
                "the finger left over stays ignored")
        #expect(r.isIdle)
        out = r.feed([.touchDown(id: 0, position: corner, time: 200), .touchCancel(time: 210)])
        #expect(phases(out) == [.down, .cancel] && r.isIdle)
    }

    @Test func aWaitingPageTapActsWhenAControlIsTouched() {
        var r = TestRecognizer(context: Self.context(controls: [ControlZone(rect: Rect(x: 600, y: 700, width: 180,
                                                                                        height: 100),
                                                                              control: .scrubber)]))
        // A middle tap waits; the next down is close enough in place and time to be a double tap's second half,
        // were it not on the control.
        #expect(r.feed(tap(at: Vec2(640, 690), t0: 0)).isEmpty)
        let out = r.feed([.touchDown(id: 0, position: Vec2(650, 710), time: 100)])
        #expect(out.first == .middleTap && phases(out) == [.down])
    }

    @Test func aSwipeUpFromTheEdgeZoneSaysSoOnceAndTurnsNothing() {
        var context = Scene.context()
        context.edgeSwipeZone = Rect(x: 427, y: 783, width: 426, height: 17)
        context.edgeSwipeDistance = 68
        var r = TestRecognizer(context: context)
        #expect(r.feed(drag(from: Vec2(640, 798), to: Vec2(640, 600), ms: 100)) == [.edgeSwipeUp])
        #expect(r.feed(drag(from: Vec2(640, 798), to: Vec2(640, 760), ms: 100, at: 1000)).isEmpty, "not far enough")
        #expect(r.feed(drag(from: Vec2(200, 798), to: Vec2(200, 600), ms: 100, at: 2000)).isEmpty, "outside the zone")
        // A mouse drag is not a swipe.
        let pointer = r.feed([.pointerEnter(position: Vec2(640, 798)),
                              .pointerButton(button: PointerButton.left, pressed: true, time: 3000),
                              .pointerMotion(position: Vec2(640, 600), time: 3050),
                              .pointerButton(button: PointerButton.left, pressed: false, time: 3100)])
        #expect(pointer.isEmpty)
    }

    @Test func theGestureThatWokeTheAppDoesNothingUntilEverythingIsUp() {
        var r = TestRecognizer(context: Scene.context())
        // A finger that woke it, dragging from the corner; a second finger meanwhile; a pinch-like third.
        var out = r.recognizer.handleIgnoringGesture(.touchDown(id: 0, position: corner, time: 0), in: r.context)
        #expect(out.isEmpty)
        var rest = r.feed([.touchMotion(id: 0, position: Vec2(900, 600), time: 20),
                           .touchDown(id: 1, position: Vec2(1230, 60), time: 30),
                           .touchMotion(id: 1, position: Vec2(900, 200), time: 40),
                           .touchUp(id: 1, time: 50), .touchUp(id: 0, time: 60)])
        #expect(rest.isEmpty && r.isIdle, "\(rest.map(kind))")
        #expect(r.tick(now: 5000).isEmpty)
        // A key that woke it turns nothing; a pressed button is ignored until it is released.
        out = r.recognizer.handleIgnoringGesture(.key(keysym: Keysym.Right, pressed: true, modifiers: [], time: 100),
                                                 in: r.context)
        _ = r.feed([.pointerEnter(position: corner)])
        out += r.recognizer.handleIgnoringGesture(.pointerButton(button: PointerButton.left, pressed: true, time: 200),
                                                  in: r.context)
        rest = r.feed([.pointerMotion(position: Vec2(700, 600), time: 220),
                       .pointerButton(button: PointerButton.left, pressed: false, time: 240)])
        #expect(out.isEmpty && rest.isEmpty && r.isIdle)
        // A curl already running when it woke falls back: its bracket is closed.
        _ = r.feed([.touchDown(id: 0, position: corner, time: 300), .touchMotion(id: 0, position: Vec2(1000, 700), time: 320)])
        out = r.recognizer.handleIgnoringGesture(.touchMotion(id: 0, position: Vec2(900, 700), time: 340), in: r.context)
        #expect(out.map(\.intent) == [.curlCancel] && out.first?.time == 340)
        #expect(r.feed([.touchUp(id: 0, time: 360)]).isEmpty && r.isIdle)
        // And the next touch is an ordinary one.
        #expect(shape(r.feed(drag(from: corner, to: Vec2(700, 600), ms: 100, at: 400))).first == "curlBegin")
    }

    @Test func theSlopIsTwoMillimetresOnTheRealScreen() {
        #expect(abs(GestureConfig().slop - 2 * 96 / 25.4) < 1e-9, "96 dpi until the screen says")
        #expect(GestureConfig.slop(pixelsPerMM: 10) == 20)
        #expect(GestureConfig.slop(pixelsPerMM: 0) == GestureConfig().slop)
    }
}
