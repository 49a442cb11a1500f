import Geometry
import Gestures
import Testing
import TestSupport

/// Recorded-style finger traces (Traces/*.jsonl, made by Traces/generate.py) replayed into the recognizer.
@Suite struct TraceTests {
    /// Replays a trace, then lets every pending deadline pass.
    func replay(_ name: String, context: GestureContext = Scene.context()) throws
        -> (intents: [Intent], recognizer: TestRecognizer, trace: Trace) {
        let trace = try Trace(name)
        var r = TestRecognizer(context: context)
        var out = r.feed(trace.events)
        #expect(r.isIdle, "a trace ends with every finger up")
        out += r.tick(now: trace.endTime + 10_000)
        return (out, r, trace)
    }

    @Test func cornerDragAcrossThePageCommitsForward() throws {
        let (intents, _, trace) = try replay("corner_drag_commit")
        #expect(shape(intents) == ["curlBegin", "curlMove", "curlEnd"])
        guard case let .curlBegin(begin) = intents.first else { Issue.record("no curlBegin"); return }
        #expect(begin.direction == .forward)
        #expect(begin.grab == .corner(.bottomRight))
        #expect(begin.source == .touch)
        #expect(intents.filter { kind($0) == "curlMove" }.count > 40, "one move per motion event")
        // The trace crosses the 32-bit millisecond wrap; the curl must not notice.
        #expect(trace.endTime > 4_294_967_296)
        guard case let .curlEnd(position, velocity) = intents.last else { Issue.record("no curlEnd"); return }
        #expect(position.x < 640, "released past the spine")
        #expect(velocity.x < -300, "still moving left at release: \(velocity)")
        if case let .curlMove(last) = intents[intents.count - 2] { #expect(last == position) }
    }

    @Test func shortSlowDragEndsWithNearZeroVelocity() throws {
        let (intents, _, _) = try replay("short_slow_drag")
        #expect(shape(intents) == ["curlBegin", "curlMove", "curlEnd"])
        guard case let .curlEnd(position, velocity) = intents.last else { Issue.record("no curlEnd"); return }
        #expect(position.x > 1100, "only a short way from the corner")
        #expect(velocity.length < 60, "held still before release: \(velocity)")
    }

    @Test func shortFastFlickFromTheCornerReleasesFast() throws {
        let (intents, _, _) = try replay("corner_flick")
        #expect(shape(intents) == ["curlBegin", "curlMove", "curlEnd"])
        guard case let .curlEnd(_, velocity) = intents.last else { Issue.record("no curlEnd"); return }
        #expect(velocity.x < -1000, "fast release: \(velocity)")
        #expect(abs(velocity.y) < abs(velocity.x) / 2)
    }

    @Test func fastSwipeMidPageFlicksForward() throws {
        let (intents, _, _) = try replay("fast_flick")
        #expect(intents.count == 1)
        guard case let .flick(direction, velocity) = intents.first else { Issue.record("no flick"); return }
        #expect(direction == .forward)
        #expect(velocity.x < -1000)
    }

    @Test func fastSwipeMidPageOnAZoomedPagePansInstead() throws {
        let (intents, _, _) = try replay("fast_flick", context: Scene.context(zoomed: true))
        #expect(shape(intents) == ["panBegin", "panMove", "panEnd"])
    }

    @Test func tapInTheRightThirdTurnsForwardAtTheLift() throws {
        let trace = try Trace("tap")
        var r = TestRecognizer(context: Scene.context())
        let timed = trace.events.flatMap { r.timed($0) }
        #expect(timed == [TimedIntent(.turn(.forward, cause: .tap), at: trace.endTime)], "no wait for a second tap")
        #expect(r.nextDeadline == nil)
        #expect(r.tick(now: trace.endTime + 1000).isEmpty, "performed once")
    }

    @Test func doubleTapInATurningZoneTurnsTwice() throws {
        let (intents, r, _) = try replay("double_tap")
        #expect(intents == [.turn(.forward, cause: .tap), .turn(.forward, cause: .tap)])
        #expect(r.nextDeadline == nil)
    }

    @Test func doubleTapOnAZoomedPageTogglesZoomAndNeverTurns() throws {
        let (intents, r, trace) = try replay("double_tap", context: Scene.context(zoomed: true))
        #expect(intents.count == 1)
        guard case let .toggleZoom(at) = intents.first else { Issue.record("no toggleZoom"); return }
        guard case let .touchDown(_, first, _) = trace.events.first else { return }
        #expect(at == first)
        #expect(r.nextDeadline == nil)
    }

    @Test func pinchToTwiceTheDistanceScalesByTwo() throws {
        let (intents, _, trace) = try replay("pinch")
        #expect(shape(intents) == ["transformBegin", "transformUpdate", "transformEnd"])
        guard case let .transformEnd(t) = intents.last else { Issue.record("no transformEnd"); return }
        #expect(abs(t.scale - 2) < 0.05, "scale \(t.scale)")
        #expect(abs(t.rotationDegrees) < 15)
        try expectFingersStayOnPage(trace.events, intents)
    }

    @Test func secondFingerDuringCurlCancelsItAndStartsATransform() throws {
        let (intents, _, trace) = try replay("second_finger_during_curl")
        #expect(shape(intents) == ["curlBegin", "curlMove", "curlCancel", "transformBegin", "transformUpdate",
                                   "transformEnd"])
        #expect(!intents.contains { kind($0) == "curlEnd" })
        try expectFingersStayOnPage(trace.events, intents)
    }

    @Test func pinchEndingWithOneFingerContinuesAsAPanNeverAFlip() throws {
        let (intents, _, _) = try replay("pinch_to_pan")
        #expect(shape(intents) == ["transformBegin", "transformUpdate", "transformEnd", "panBegin", "panMove",
                                   "panEnd"])
        guard case let .panEnd(translation, velocity) = intents.last else { Issue.record("no panEnd"); return }
        #expect(translation.x < -150)
        #expect(velocity.x < -500, "the pan keeps its own release velocity: \(velocity)")
    }

    @Test func everyTraceKeepsBracketsBalanced() throws {
        for name in ["corner_drag_commit", "short_slow_drag", "corner_flick", "fast_flick", "tap", "double_tap",
                     "pinch", "second_finger_during_curl", "pinch_to_pan"] {
            var checker = BracketChecker()
            let (intents, _, _) = try replay(name)
            for i in intents { checker.check(i) }
            #expect(checker.open == nil, "\(name)")
            #expect(checker.violations.isEmpty, "\(name): \(checker.violations)")
        }
    }

    /// Seed 004 on real traces: the screen points under the first two fingers at `transformBegin` map onto the
    /// fingers at every update.
    func expectFingersStayOnPage(_ events: [InputEvent], _ intents: [Intent]) throws {
        var r = TestRecognizer(context: Scene.context())
        var fingers: [Int32: Vec2] = [:]
        var order: [Int32] = []
        var start: (Vec2, Vec2, Int32, Int32)?
        var checked = 0
        for e in events {
            switch e {
            case let .touchDown(id, p, _): fingers[id] = p; order.append(id)
            case let .touchMotion(id, p, _): fingers[id] = p
            default: break
            }
            for i in r.handle(e) {
                switch i {
                case .transformBegin:
                    let a = order[0], b = order[1]
                    start = (fingers[a]!, fingers[b]!, a, b)
                case let .transformUpdate(t):
                    guard let (a0, b0, a, b) = start else { Issue.record("update before begin"); return }
                    #expect(t.affine.apply(a0).distance(to: fingers[a]!) < 0.5)
                    #expect(t.affine.apply(b0).distance(to: fingers[b]!) < 0.5)
                    checked += 1
                default: break
                }
            }
            if case let .touchUp(id, _) = e { fingers[id] = nil; order.removeAll { $0 == id } }
        }
        #expect(checked > 20)
    }
}

/// Checks the bracket contract of `Intent`: at most one open gesture, updates only inside their own bracket.
struct BracketChecker {
    enum Open: Equatable { case curl, pan, transform }
    var open: Open?
    var violations: [String] = []

    mutating func check(_ i: Intent) {
        func begin(_ o: Open) {
            if open != nil { violations.append("\(kind(i)) while \(open!) open") }
            open = o
        }
        func inside(_ o: Open) { if open != o { violations.append("\(kind(i)) outside \(o)") } }
        func close(_ o: Open) { inside(o); open = nil }
        switch i {
        case .curlBegin: begin(.curl)
        case .curlMove: inside(.curl)
        case .curlEnd, .curlCancel: close(.curl)
        case .panBegin: begin(.pan)
        case .panMove: inside(.pan)
        case .panEnd, .panCancel: close(.pan)
        case .transformBegin: begin(.transform)
        case .transformUpdate: inside(.transform)
        case .transformEnd, .transformCancel: close(.transform)
        default: break
        }
    }
}
