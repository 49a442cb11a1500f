import Geometry
import Gestures
import Testing
import TestSupport

/// 100,000 random events: up to 10 fingers, random or missing frames, cancels, duplicate downs, ups and motions
/// for unknown ids, pointer drags and pinches crossing touch, keys, context changes mid-gesture.
/// Nothing may crash, intents must keep the bracket contract and stay finite, and whenever every finger is up
/// (or cancelled) and the pointer is released, the recognizer must be idle.
@Suite struct StormTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func randomEventStorm(seed: UInt64) {
        var rng = SplitMix64(seed: 0x5707_0000 + seed)
        var r = TestRecognizer(context: Scene.context())
        var checker = BracketChecker()
        var down: Set<Int32> = []
        var buttonHeld = false, pinching = false
        var t = 1000.0
        var idleChecks = 0, intentsSeen = 0
        var kinds: Set<String> = []

        func point() -> Vec2 {
            if rng.chance(0.002) { return Vec2(rng.chance(0.5) ? .nan : 1e12, 5) }
            return Vec2(rng.uniform(-60, 1340), rng.uniform(-60, 860))
        }
        func someId() -> Int32 {
            if let id = down.randomElement(using: &rng), rng.chance(0.85) { return id }
            return Int32(rng.uniform(0, 14))
        }

        for n in 0..<100_000 {
            t += rng.chance(0.02) ? -rng.uniform(0, 5) : rng.uniform(0, 25)
            let roll = rng.uniform(0, 100)
            var event: InputEvent?
            switch roll {
            case ..<14:
                if down.count < 10 || rng.chance(0.1) {
                    let id = rng.chance(0.1) ? someId() : Int32(rng.uniform(0, 12))
                    let p = point()
                    event = .touchDown(id: id, position: p, time: t)
                    if p.isFinite { down.insert(id) }
                }
            case ..<46: event = .touchMotion(id: someId(), position: point(), time: t)
            case ..<58:
                let id = someId()
                down.remove(id)
                event = .touchUp(id: id, time: t)
            case ..<66: event = .touchFrame
            case ..<67:
                down.removeAll()
                event = .touchCancel(time: t)
            case ..<75: event = .pointerMotion(position: point(), time: t)
            case ..<79:
                if rng.chance(0.9) {
                    buttonHeld.toggle()
                    event = .pointerButton(button: PointerButton.left, pressed: buttonHeld, time: t)
                } else {
                    event = .pointerButton(button: PointerButton.extra, pressed: rng.chance(0.5), time: t)
                }
            case ..<80:
                if rng.chance(0.5) { event = .pointerEnter(position: point()) } else {
                    buttonHeld = false; pinching = false
                    event = .pointerLeave(time: t)
                }
            case ..<83:
                event = .pointerAxis(axis: rng.chance(0.8) ? .vertical : .horizontal, value: rng.uniform(-30, 30),
                                     value120: rng.chance(0.5) ? Int32(rng.uniform(-240, 240)) : nil, time: t)
            case ..<84: pinching = true; event = .pinchBegin(fingers: 2, time: t)
            case ..<87:
                event = .pinchUpdate(delta: Vec2(rng.uniform(-9, 9), rng.uniform(-9, 9)),
                                     scale: rng.uniform(0.2, 4), rotation: rng.uniform(-5, 5), time: t)
            case ..<88: pinching = false; event = .pinchEnd(cancelled: rng.chance(0.3), time: t)
            case ..<91:
                event = .key(keysym: [Keysym.Right, Keysym.space, Keysym.q, Keysym.plus, 0x61][Int(rng.uniform(0, 5))],
                             pressed: rng.chance(0.6), modifiers: Modifiers(rawValue: UInt8(rng.uniform(0, 16))), time: t)
            case ..<92: event = .modifiers(Modifiers(rawValue: UInt8(rng.uniform(0, 16))))
            case ..<94: r.context = Scene.context(zoomed: rng.chance(0.5), rightToLeft: rng.chance(0.2))
            default:
                for i in r.tick(now: t) { checker.check(i); intentsSeen += 1 }
            }
            guard let event else { continue }
            for i in r.handle(event) {
                checker.check(i)
                intentsSeen += 1
                kinds.insert(kind(i))
                #expect(isFinite(i), "event \(n): \(i)")
            }
            #expect(r.touchCount == down.count, "event \(n): \(event)")
            if down.isEmpty, !buttonHeld, !pinching {
                #expect(r.isIdle, "event \(n): \(event)")
                #expect(checker.open == nil, "event \(n): bracket left open")
                idleChecks += 1
            }
        }
        // Lift everything: idle, nothing open.
        for id in down { for i in r.handle(.touchUp(id: id, time: t)) { checker.check(i) } }
        for i in r.handle(.pointerButton(button: PointerButton.left, pressed: false, time: t)) { checker.check(i) }
        for i in r.handle(.pinchEnd(cancelled: false, time: t)) { checker.check(i) }
        for i in r.tick(now: t + 1e6) { checker.check(i) }
        #expect(r.isIdle)
        #expect(r.nextDeadline == nil)
        #expect(checker.open == nil)
        #expect(checker.violations.isEmpty, "\(checker.violations.prefix(5))")
        #expect(idleChecks > 1000 && intentsSeen > 1000, "the storm exercised idle returns and gestures")
        let expected: Set = ["curlBegin", "curlCancel", "panBegin", "transformBegin", "transformUpdate",
                             "transformEnd", "transformCancel", "turn", "zoomBy"]
        #expect(kinds.isSuperset(of: expected), "missing: \(expected.subtracting(kinds))")
    }

    func isFinite(_ i: Intent) -> Bool {
        switch i {
        case let .curlBegin(b): b.start.isFinite && b.position.isFinite
        case let .curlMove(p), let .toggleZoom(p), let .panBegin(p), let .panMove(p): p.isFinite
        case let .curlEnd(p, v), let .panEnd(p, v): p.isFinite && v.isFinite
        case let .flick(_, v): v.isFinite
        case let .zoomBy(f, p): f.isFinite && f > 0 && (p?.isFinite ?? true)
        case let .transformBegin(t), let .transformUpdate(t), let .transformEnd(t):
            t.pivot.isFinite && t.scale.isFinite && t.rotation.isFinite && t.translation.isFinite
        default: true
        }
    }
}
