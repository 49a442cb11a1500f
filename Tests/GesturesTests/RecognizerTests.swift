import Geometry
import Gestures
import Testing

/// A straight drag of one finger: down, motions every 8 ms, up (no frame after it, like weston 10).
func drag(_ id: Int32 = 0, from a: Vec2, to b: Vec2, ms: Double, at t0: Double = 0, steps: Int = 12) -> [InputEvent] {
    var events: [InputEvent] = [.touchDown(id: id, position: a, time: t0), .touchFrame]
    for k in 1...steps {
        let s = Double(k) / Double(steps)
        events += [.touchMotion(id: id, position: a + (b - a) * s, time: t0 + ms * s), .touchFrame]
    }
    return events + [.touchUp(id: id, time: t0 + ms + 4)]
}

func tap(_ id: Int32 = 0, at p: Vec2, t0: Double) -> [InputEvent] {
    [.touchDown(id: id, position: p, time: t0), .touchFrame, .touchUp(id: id, time: t0 + 60)]
}

@Suite struct TouchTests {
    let corner = Vec2(1230, 745)   // bottom-right corner of the right page
    let leftCorner = Vec2(50, 60)  // top-left corner of the left page

    @Test func lastUpEndsTheCurlWithoutWaitingForAFrame() {
        var r = TestRecognizer(context: Scene.context())
        let out = r.feed(drag(from: corner, to: Vec2(700, 600), ms: 300))
        #expect(shape(out) == ["curlBegin", "curlMove", "curlEnd"])
        #expect(r.isIdle)
    }

    @Test func grabOnTheOtherSideStartsABackwardFlip() {
        var r = TestRecognizer(context: Scene.context())
        let out = r.feed(drag(from: leftCorner, to: Vec2(500, 100), ms: 300))
        guard case let .curlBegin(b) = out.first else { Issue.record("no curl"); return }
        #expect(b.direction == .backward && b.grab == .corner(.topLeft))
        let edge = r.feed(drag(from: Vec2(1235, 400), to: Vec2(900, 400), ms: 300, at: 1000))
        guard case let .curlBegin(e) = edge.first else { Issue.record("no edge curl"); return }
        #expect(e.direction == .forward && e.grab == .edge(.right))
    }

    @Test func touchInAGrabZoneThatDoesNotMoveIsATapNotACurl() {
        var r = TestRecognizer(context: Scene.context())
        var events: [InputEvent] = [.touchDown(id: 0, position: corner, time: 0)]
        events.append(.touchMotion(id: 0, position: corner + Vec2(-5, 3), time: 30))   // inside the slop
        events.append(.touchUp(id: 0, time: 80))
        #expect(r.feed(events) == [.turn(.forward, cause: .tap)])
        #expect(r.tick(now: 380).isEmpty)
    }

    @Test func tapZonesAreTheOuterThirds() {
        var r = TestRecognizer(context: Scene.context())
        #expect(r.feed(tap(at: Vec2(200, 400), t0: 0)) == [.turn(.backward, cause: .tap)], "at the lift")
        #expect(r.feed(tap(at: Vec2(640, 400), t0: 2000)).isEmpty, "the middle waits for a second tap")
        #expect(r.tick(now: 3000) == [.middleTap], "the middle shows the page overlay")
        var rtl = TestRecognizer(context: Scene.context(rightToLeft: true))
        #expect(rtl.feed(tap(at: Vec2(200, 400), t0: 0)) == [.turn(.forward, cause: .tap)])
    }

    @Test func aFarSecondTapPerformsTheFirstAtOnce() {
        var r = TestRecognizer(context: Scene.context())
        _ = r.feed(tap(at: Vec2(640, 400), t0: 0))
        let out = r.feed(tap(at: Vec2(150, 400), t0: 120))
        #expect(out == [.middleTap, .turn(.backward, cause: .tap)])
        #expect(r.tick(now: 500).isEmpty)
    }

    @Test func aQuickSecondTapOnATurningZoneTurnsAgainAndTheMiddleZooms() {
        var r = TestRecognizer(context: Scene.context())
        let twice = r.feed(tap(at: Vec2(1100, 400), t0: 0) + tap(1, at: Vec2(1105, 402), t0: 150))
        #expect(twice == [.turn(.forward, cause: .tap), .turn(.forward, cause: .tap)], "no tap turn waits")
        #expect(r.tick(now: 1000).isEmpty)
        let zoom = r.feed(tap(at: Vec2(640, 400), t0: 2000) + tap(1, at: Vec2(650, 410), t0: 2150))
        #expect(zoom == [.toggleZoom(at: Vec2(640, 400))])
        #expect(r.tick(now: 3000).isEmpty, "the double tap's first half shows no overlay")
        var off = GestureConfig()
        off.tapZoneFraction = 0
        var noZones = TestRecognizer(context: Scene.context(config: off), config: off)
        let anywhere = noZones.feed(tap(at: Vec2(1100, 400), t0: 0) + tap(1, at: Vec2(1105, 402), t0: 150))
        #expect(anywhere == [.toggleZoom(at: Vec2(1100, 400))], "without tap zones a double tap zooms anywhere")
    }

    @Test func doubleTapDisabledMeansImmediateTaps() {
        var config = GestureConfig()
        config.doubleTapInterval = 0
        var r = TestRecognizer(context: Scene.context(config: config), config: config)
        #expect(r.feed(tap(at: Vec2(1100, 400), t0: 0)) == [.turn(.forward, cause: .tap)])
    }

    @Test func longPressIsNotATap() {
        var r = TestRecognizer(context: Scene.context())
        let out = r.feed([.touchDown(id: 0, position: Vec2(1100, 400), time: 0), .touchUp(id: 0, time: 900)])
        #expect(out.isEmpty && r.tick(now: 5000).isEmpty)
    }

    @Test func slowOrVerticalSwipesDoNotFlickAndARightwardFlickGoesBack() {
        var r = TestRecognizer(context: Scene.context())
        #expect(r.feed(drag(from: Vec2(900, 400), to: Vec2(800, 400), ms: 600)).isEmpty)
        #expect(r.feed(drag(from: Vec2(900, 200), to: Vec2(880, 500), ms: 100, at: 1000)).isEmpty)
        let out = r.feed(drag(from: Vec2(700, 400), to: Vec2(900, 400), ms: 100, at: 2000))
        guard case let .flick(d, v) = out.first else { Issue.record("no flick"); return }
        #expect(d == .backward && v.x > 1000)
    }

    @Test func zoomedPageOneFingerPansAndVisibleCornersStillTurn() {
        var r = TestRecognizer(context: Scene.context(zoomed: true))
        let pan = r.feed(drag(from: Vec2(900, 400), to: Vec2(700, 350), ms: 200))
        #expect(shape(pan) == ["panBegin", "panMove", "panEnd"])
        if case let .panMove(tr) = pan[pan.count - 2] { #expect(tr == Vec2(-200, -50)) }
        // Edge zones pan while zoomed; corner zones still curl.
        #expect(shape(r.feed(drag(from: Vec2(1235, 400), to: Vec2(900, 400), ms: 300, at: 1000))).first == "panBegin")
        #expect(shape(r.feed(drag(from: corner, to: Vec2(900, 600), ms: 300, at: 2000))).first == "curlBegin")
    }

    @Test func zoomedSingleTapDoesNothingAndDoubleTapTogglesZoom() {
        var r = TestRecognizer(context: Scene.context(zoomed: true))
        _ = r.feed(tap(at: Vec2(1100, 400), t0: 0))
        #expect(r.tick(now: 1000).isEmpty)
        let out = r.feed(tap(at: Vec2(600, 300), t0: 2000) + tap(1, at: Vec2(610, 305), t0: 2200))
        #expect(out == [.toggleZoom(at: Vec2(600, 300))])
    }

    @Test func secondTapThatDragsPerformsTheFirstTapAndDrags() {
        var r = TestRecognizer(context: Scene.context(zoomed: false))
        _ = r.feed(tap(at: Vec2(640, 400), t0: 0))
        let out = r.feed(drag(from: Vec2(645, 400), to: Vec2(340, 400), ms: 100, at: 150))
        #expect(shape(out) == ["middleTap", "flick"])
    }

    @Test func cancelClosesEveryBracketAndDropsPendingTaps() {
        var r = TestRecognizer(context: Scene.context())
        var out = r.feed(Array(drag(from: corner, to: Vec2(900, 600), ms: 200).dropLast()))
        out += r.handle(.touchCancel(time: 300))
        #expect(shape(out) == ["curlBegin", "curlMove", "curlCancel"])
        #expect(r.isIdle)
        out = r.feed([.touchDown(id: 0, position: Vec2(500, 400), time: 1000),
                      .touchDown(id: 1, position: Vec2(700, 400), time: 1001), .touchCancel(time: 1002)])
        #expect(shape(out) == ["transformBegin", "transformCancel"])
        _ = r.feed([.touchDown(id: 0, position: Vec2(640, 400), time: 2000), .touchUp(id: 0, time: 2050)])
        _ = r.handle(.touchCancel(time: 2060))
        #expect(r.tick(now: 9000).isEmpty && r.isIdle)
    }

    @Test func duplicateDownsAndUnknownIdsAreHarmless() {
        var r = TestRecognizer(context: Scene.context())
        var out = r.feed([.touchUp(id: 9, time: 0), .touchMotion(id: 9, position: .zero, time: 1)])
        out += r.feed([.touchDown(id: 0, position: corner, time: 2),
                       .touchMotion(id: 0, position: Vec2(1100, 700), time: 10),
                       .touchDown(id: 0, position: Vec2(400, 400), time: 20)])
        #expect(shape(out) == ["curlBegin", "curlEnd"], "the lost up is assumed")
        #expect(r.touchCount == 1)
        _ = r.handle(.touchUp(id: 0, time: 30))
        #expect(r.isIdle)
    }
}

@Suite struct PointerAndKeyTests {
    @Test func leftButtonDragFromACornerCurlsLikeAFinger() {
        var r = TestRecognizer(context: Scene.context())
        var out = r.feed([.pointerEnter(position: Vec2(1230, 745)),
                          .pointerButton(button: PointerButton.left, pressed: true, time: 0)])
        for k in 1...10 { out += r.handle(.pointerMotion(position: Vec2(1230 - Double(k) * 40, 740), time: Double(k) * 8)) }
        out += r.handle(.pointerButton(button: PointerButton.left, pressed: false, time: 84))
        #expect(shape(out) == ["curlBegin", "curlMove", "curlEnd"])
        if case let .curlBegin(b) = out.first { #expect(b.source == .pointer) }
        if case let .curlEnd(_, v) = out.last { #expect(v.x < -4000) }
    }

    @Test func clickAndDoubleClick() {
        var r = TestRecognizer(context: Scene.context())
        let click: (Double) -> [InputEvent] = { t in
            [.pointerButton(button: PointerButton.left, pressed: true, time: t),
             .pointerButton(button: PointerButton.left, pressed: false, time: t + 50)]
        }
        #expect(r.feed([.pointerEnter(position: Vec2(100, 400))] + click(0)) == [.turn(.backward, cause: .tap)])
        #expect(r.tick(now: 400).isEmpty)
        #expect(r.feed([.pointerMotion(position: Vec2(640, 400), time: 900)] + click(1000) + click(1200))
                    == [.toggleZoom(at: Vec2(640, 400))])
    }

    @Test func touchAndPointerDoNotInterfere() {
        var r = TestRecognizer(context: Scene.context())
        // A pointer drag is running; a finger landing meanwhile is ignored until it lifts.
        var out = r.feed([.pointerEnter(position: Vec2(1230, 745)),
                          .pointerButton(button: PointerButton.left, pressed: true, time: 0),
                          .pointerMotion(position: Vec2(1100, 740), time: 10)])
        out += r.feed(drag(from: Vec2(1230, 60), to: Vec2(800, 300), ms: 100, at: 20))
        out += r.feed([.touchDown(id: 4, position: Vec2(500, 400), time: 200), .touchDown(id: 5, position: Vec2(600, 400), time: 201)])
        out += r.handle(.pointerMotion(position: Vec2(900, 700), time: 210))
        out += r.handle(.pointerButton(button: PointerButton.left, pressed: false, time: 220))
        #expect(shape(out) == ["curlBegin", "curlMove", "curlEnd"])
        #expect(!r.isIdle, "two fingers still down")
        out = r.feed([.touchUp(id: 4, time: 230), .touchUp(id: 5, time: 231)])
        #expect(out.isEmpty && r.isIdle)
        // And the other way round: a press during a touch gesture is ignored.
        out = r.feed([.touchDown(id: 0, position: Vec2(500, 400), time: 300),
                      .pointerButton(button: PointerButton.left, pressed: true, time: 301),
                      .touchMotion(id: 0, position: Vec2(560, 400), time: 310),
                      .pointerMotion(position: Vec2(300, 300), time: 311),
                      .pointerButton(button: PointerButton.left, pressed: false, time: 320),
                      .touchUp(id: 0, time: 330)])
        #expect(!out.contains { kind($0).hasPrefix("curl") || kind($0).hasPrefix("pan") })
        #expect(r.isIdle)
    }

    @Test func pointerLeaveCancelsADrag() {
        var r = TestRecognizer(context: Scene.context())
        let out = r.feed([.pointerEnter(position: Vec2(1230, 745)),
                          .pointerButton(button: PointerButton.left, pressed: true, time: 0),
                          .pointerMotion(position: Vec2(1100, 740), time: 10), .pointerLeave(time: 11)])
        #expect(shape(out) == ["curlBegin", "curlCancel"])
        #expect(r.isIdle)
    }

    @Test func wheelTurnsPagesOnePerNotch() {
        var r = TestRecognizer(context: Scene.context())
        let notch: (Int32, Double) -> InputEvent = { .pointerAxis(axis: .vertical, value: Double($0) / 12, value120: $0, time: $1) }
        #expect(r.handle(notch(120, 0)) == [.turn(.forward, cause: .wheel)])
        #expect(r.handle(notch(-120, 10)) == [.turn(.backward, cause: .wheel)])
        #expect(r.feed([notch(60, 20), notch(30, 21)]).isEmpty, "high-resolution wheel: part of a notch")
        #expect(r.handle(notch(30, 22)) == [.turn(.forward, cause: .wheel)])
        #expect(r.handle(notch(360, 30)).count == 3)
        var rtl = TestRecognizer(context: Scene.context(rightToLeft: true))
        #expect(rtl.handle(.pointerAxis(axis: .horizontal, value: 15, value120: 120, time: 0)) == [.turn(.backward, cause: .wheel)])
        #expect(rtl.handle(notch(120, 5)) == [.turn(.forward, cause: .wheel)], "vertical stays in reading order")
    }

    @Test func touchpadScrollTurnsOncePerScrollGesture() {
        var r = TestRecognizer(context: Scene.context())
        var out: [Intent] = []
        for k in 0..<40 { out += r.handle(.pointerAxis(axis: .vertical, value: 12, value120: nil, time: Double(k) * 10)) }
        #expect(out == [.turn(.forward, cause: .wheel)])
        out = r.handle(.pointerAxis(axis: .vertical, value: -60, value120: nil, time: 1000))
        #expect(out == [.turn(.backward, cause: .wheel)])
    }

    @Test func ctrlWheelZoomsAroundThePointer() {
        var r = TestRecognizer(context: Scene.context())
        let p = Vec2(300, 200)
        let out = r.feed([.pointerEnter(position: p), .modifiers(.ctrl),
                          .pointerAxis(axis: .vertical, value: -15, value120: -120, time: 0)])
        guard case let .zoomBy(f, around) = out.first else { Issue.record("no zoom"); return }
        #expect(abs(f - 1.25) < 1e-12 && around == p)
        let out2 = r.handle(.pointerAxis(axis: .vertical, value: 15, value120: 120, time: 5))
        if case let .zoomBy(f2, _) = out2.first { #expect(abs(f2 - 0.8) < 1e-12) }
        _ = r.handle(.modifiers([]))
        #expect(r.handle(.pointerAxis(axis: .vertical, value: 15, value120: 120, time: 9)) == [.turn(.forward, cause: .wheel)])
    }

    @Test func touchpadPinchIsATransformAroundThePointer() {
        var r = TestRecognizer(context: Scene.context())
        let p = Vec2(400, 300)
        let out = r.feed([.pointerEnter(position: p), .pinchBegin(fingers: 2, time: 0),
                          .pinchUpdate(delta: Vec2(10, 0), scale: 1.5, rotation: 10, time: 8),
                          .pinchUpdate(delta: Vec2(10, 5), scale: 2, rotation: 10, time: 16),
                          .pinchEnd(cancelled: false, time: 24)])
        #expect(shape(out) == ["transformBegin", "transformUpdate", "transformEnd"])
        guard case let .transformEnd(t) = out.last else { return }
        #expect(t.scale == 2 && t.rotation == 0, "touchpad rotation is off by default")
        #expect(t.currentPivot.distance(to: p + Vec2(20, 5)) < 1e-9, "the pivot follows the fingers")
        let cancelled = r.feed([.pinchBegin(fingers: 2, time: 30), .pinchEnd(cancelled: true, time: 40)])
        #expect(shape(cancelled) == ["transformBegin", "transformCancel"])
        #expect(r.isIdle)
    }

    @Test func keys() {
        var r = TestRecognizer(context: Scene.context())
        func press(_ s: UInt32, _ m: Modifiers = []) -> [Intent] { r.handle(.key(keysym: s, pressed: true, modifiers: m, time: 0)) }
        #expect(press(Keysym.Right) == [.turn(.forward, cause: .key)])
        #expect(press(Keysym.Page_Down) == [.turn(.forward, cause: .key)])
        #expect(press(Keysym.space) == [.turn(.forward, cause: .key)])
        #expect(press(Keysym.space, .shift) == [.turn(.backward, cause: .key)])
        #expect(press(Keysym.Left) == [.turn(.backward, cause: .key)])
        #expect(press(Keysym.Page_Up) == [.turn(.backward, cause: .key)])
        #expect(press(Keysym.BackSpace) == [.turn(.backward, cause: .key)])
        #expect(press(Keysym.Home) == [.jump(.first)])
        #expect(press(Keysym.End) == [.jump(.last)])
        #expect(press(Keysym.plus) == [.zoomBy(factor: 1.25, around: nil)])
        #expect(press(Keysym.KP_Add) == [.zoomBy(factor: 1.25, around: nil)])
        #expect(press(Keysym.minus) == [.zoomBy(factor: 0.8, around: nil)])
        #expect(press(Keysym.zero) == [.zoomReset])
        #expect(press(Keysym.q, .ctrl) == [.quit])
        #expect(press(Keysym.q).isEmpty)
        #expect(press(Keysym.Right, .alt).isEmpty, "compositor shortcut")
        #expect(r.handle(.key(keysym: Keysym.Right, pressed: false, modifiers: [], time: 0)).isEmpty)
        r.context.rightToLeft = true
        #expect(press(Keysym.Left) == [.turn(.forward, cause: .key)])
        #expect(press(Keysym.Page_Down) == [.turn(.forward, cause: .key)])
        #expect(r.handle(.pointerButton(button: PointerButton.side, pressed: true, time: 0)) == [.turn(.backward, cause: .button)])
    }
}

@Suite struct PartsTests {
    @Test func clockUnwrapsThe32BitWrap() {
        var c = EventClock()
        #expect(c.milliseconds(4_294_967_290) == 4_294_967_290)
        #expect(c.milliseconds(3) == 4_294_967_299)
        #expect(c.milliseconds(1) == 4_294_967_297, "a slightly older event steps back a little")
    }

    @Test func everyIntentCarriesItsEventsTime() {
        var r = TestRecognizer(context: Scene.context())
        for event in drag(from: Vec2(1225, 745), to: Vec2(700, 600), ms: 300, at: 5000) {
            for intent in r.timed(event) { #expect(intent.time == event.time, "\(intent) from \(event)") }
        }
        // A middle tap acts when its double-tap interval runs out, stamped with that moment however late the
        // recognizer hears of it.
        _ = r.feed(tap(at: Vec2(640, 400), t0: 9000))
        let late = r.recognizer.tick(now: 20_000)
        #expect(late == [TimedIntent(.middleTap, at: 9000 + 60 + 300)])
    }

    @Test func standardGrabZones() {
        let page = Rect(x: 640, y: 40, width: 600, height: 720)
        let z = GrabZone.standard(page: page, outerEdge: .right, direction: .forward, size: 80, outset: 24)
        #expect(z.map(\.grab) == [.corner(.topRight), .corner(.bottomRight), .edge(.right)])
        #expect(z[0].rect == Rect(x: 1160, y: 16, width: 104, height: 104))
        #expect(z[1].rect == Rect(x: 1160, y: 680, width: 104, height: 104))
        #expect(z[2].rect == Rect(x: 1160, y: 120, width: 104, height: 560))
        let l = GrabZone.standard(page: page, outerEdge: .left, direction: .backward, size: 80, outset: 24)
        #expect(l[0].rect == Rect(x: 616, y: 16, width: 104, height: 104) && l[0].grab == .corner(.topLeft))
        #expect(GrabZone.standard(page: .zero, outerEdge: .left, direction: .backward, size: 80, outset: 24).isEmpty)
    }

    @Test func transformAffineMatchesItsDefinition() {
        let t = GestureTransform(pivot: Vec2(100, 50), scale: 1.7, rotation: 0.4, translation: Vec2(-30, 12))
        let p = Vec2(321, -45)
        let expected = Vec2(100, 50) + Affine2.rotation(0.4).concatenating(.scale(1.7)).applyLinear(p - Vec2(100, 50) + Vec2(-30, 12))
        #expect(t.affine.apply(p).distance(to: expected) < 1e-9)
        #expect(GestureTransform.identity(pivot: p).affine.apply(Vec2(7, 8)).distance(to: Vec2(7, 8)) < 1e-12)
    }
}
