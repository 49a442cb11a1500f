import Geometry
import Gestures
import Testing
import TestSupport

/// Seed 004: the transform is computed from the start of the gesture, and the page points under the two fingers
/// at the start stay under them.
@Suite struct TwoFingerTransformTests {
    /// Random two-finger motions through the whole recognizer, with a random view at the begin: at every update
    /// the page points first touched are under the fingers within 0.5 px.
    @Test func pagePointsStayUnderTheFingers() {
        var rng = SplitMix64(seed: 0x5EED_0004)
        var updates = 0
        var worst = 0.0
        for trial in 0..<300 {
            var r = TestRecognizer(context: Scene.context(zoomed: trial % 2 == 0))
            var a = Vec2(rng.uniform(50, 1230), rng.uniform(50, 750))
            var b = a + Vec2(rng.uniform(-400, 400), rng.uniform(-400, 400))
            if a.distance(to: b) < 30 { b = a + Vec2(40, 10) }
            // The view at the begin: page → screen, some zoom, rotation and pan.
            let view0 = Affine2.translation(Vec2(rng.uniform(-500, 500), rng.uniform(-500, 500)))
                .concatenating(.rotation(rng.uniform(-pi, pi)))
                .concatenating(.scale(rng.uniform(0.3, 4)))
            let inverse = view0.inverted!
            let pageA = inverse.apply(a), pageB = inverse.apply(b)
            var t = rng.uniform(0, 1e6)
            var intents = r.handle(.touchDown(id: 3, position: a, time: t))
            intents += r.handle(.touchDown(id: 7, position: b, time: t))
            guard case .transformBegin = intents.last else { Issue.record("no begin"); return }
            for step in 0..<80 {
                // A random similarity about a random point, plus independent finger wobble.
                let c = Vec2(rng.uniform(0, 1280), rng.uniform(0, 800))
                let m = Affine2.translation(c + Vec2(rng.uniform(-20, 20), rng.uniform(-20, 20)))
                    .concatenating(.rotation(rng.uniform(-0.6, 0.6)))
                    .concatenating(.scale(rng.uniform(0.85, 1.18)))
                    .concatenating(.translation(-c))
                var na = m.apply(a) + Vec2(rng.uniform(-3, 3), rng.uniform(-3, 3))
                var nb = m.apply(b) + Vec2(rng.uniform(-3, 3), rng.uniform(-3, 3))
                let span = na.distance(to: nb)
                if span < 20 || span > 3000 { na = a; nb = b + Vec2(1, 1) }
                t += rng.uniform(4, 12)
                // Each update is checked against the fingers as they are when it is emitted.
                func check(_ out: [Intent]) {
                    for i in out {
                        guard case let .transformUpdate(tr) = i else { Issue.record("unexpected \(i)"); continue }
                        let view = tr.affine.concatenating(view0)
                        let ea = view.apply(pageA).distance(to: a), eb = view.apply(pageB).distance(to: b)
                        worst = Swift.max(worst, ea, eb)
                        #expect(ea < 0.5 && eb < 0.5, "trial \(trial) step \(step): \(ea), \(eb)")
                        updates += 1
                    }
                }
                // Sometimes one finger moves per frame, sometimes both; frames sometimes missing.
                if step % 3 != 1 { a = na; check(r.handle(.touchMotion(id: 3, position: a, time: t))) }
                if step % 3 != 2 { b = nb; check(r.handle(.touchMotion(id: 7, position: b, time: t))) }
                if rng.chance(0.7) { check(r.handle(.touchFrame)) }
            }
            let end = r.handle(.touchUp(id: 7, time: t + 5)) + r.handle(.touchUp(id: 3, time: t + 9))
            guard case let .transformEnd(final) = end.first else { Issue.record("no end"); return }
            #expect(final.affine.concatenating(view0).apply(pageA).distance(to: a) < 0.5)
            #expect(r.isIdle)
        }
        #expect(updates > 15_000)
        #expect(worst < 1e-6, "exact up to rounding, worst \(worst) px")
    }

    /// Turning the fingers round three times gives 6π, not something wrapped into (−π, π].
    @Test func rotationIsUnwrappedAcrossPlusMinusPi() {
        var r = TestRecognizer(context: Scene.context())
        let c = Vec2(640, 400)
        _ = r.handle(.touchDown(id: 0, position: c + Vec2(100, 0), time: 0))
        _ = r.handle(.touchDown(id: 1, position: c - Vec2(100, 0), time: 0))
        var last: GestureTransform?
        for k in 1...120 {
            let angle = Double(k) * (6 * pi / 120)
            let (s, co) = sinCos(angle)
            let v = Vec2(100 * co, 100 * s)
            _ = r.handle(.touchMotion(id: 0, position: c + v, time: Double(k) * 8))
            for i in r.handle(.touchMotion(id: 1, position: c - v, time: Double(k) * 8)) {
                if case let .transformUpdate(t) = i { last = t }
            }
        }
        #expect(abs(last!.rotation - 6 * pi) < 1e-9)
        #expect(abs(last!.scale - 1) < 1e-12)
        #expect(last!.translation.length < 1e-9)
        #expect(abs(last!.rotationDegrees - 1080) < 1e-6)
    }

    /// The seed's translation is the midpoint motion in the rotated and scaled frame.
    @Test func translationIsTheMidpointMotionInTheRotatedScaledFrame() {
        var tracker = TwoFingerTracker(a: Vec2(0, 0), b: Vec2(0, 100))   // a above b
        // A quarter turn clockwise on screen (a now right of b), same distance, midpoint moved down by 50.
        let t = tracker.update(a: Vec2(50, 100), b: Vec2(-50, 100))
        #expect(abs(t.rotation - pi / 2) < 1e-12)
        // Seen from the content turned a quarter clockwise, a downward screen motion runs along its +x.
        #expect(t.translation.distance(to: Vec2(50, 0)) < 1e-9)
        #expect(t.currentPivot.distance(to: Vec2(0, 100)) < 1e-9)
    }

    @Test func thirdFingerIsIgnoredAndTheOldestTwoTakeOver() {
        var r = TestRecognizer(context: Scene.context())
        var out = r.handle(.touchDown(id: 1, position: Vec2(400, 400), time: 0))
        out += r.handle(.touchDown(id: 2, position: Vec2(600, 400), time: 5))
        out += r.handle(.touchDown(id: 3, position: Vec2(500, 600), time: 10))
        out += r.handle(.touchMotion(id: 3, position: Vec2(520, 620), time: 15))
        #expect(shape(out) == ["transformBegin"], "the third finger's motion changes nothing")
        out = r.handle(.touchUp(id: 1, time: 20))
        #expect(shape(out) == ["transformEnd", "transformBegin"])
        if case let .transformBegin(t) = out.last { #expect(t.pivot == Vec2(560, 510)) }
        out = r.handle(.touchUp(id: 3, time: 25)) + r.handle(.touchMotion(id: 2, position: Vec2(650, 400), time: 30))
        #expect(shape(out) == ["transformEnd", "panBegin", "panMove"])
        out = r.handle(.touchUp(id: 2, time: 35))
        #expect(shape(out) == ["panEnd"])
        #expect(r.isIdle)
    }

    @Test func fingersLandingOnOnePointDoNotProduceNaN() {
        var r = TestRecognizer(context: Scene.context())
        var out = r.handle(.touchDown(id: 1, position: Vec2(400, 400), time: 0))
        out += r.handle(.touchDown(id: 2, position: Vec2(400, 400), time: 1))
        out += r.handle(.touchMotion(id: 2, position: Vec2(500, 400), time: 2))
        out += r.handle(.touchMotion(id: 2, position: Vec2(400, 400), time: 3))
        for case let .transformUpdate(t) in out {
            #expect(t.scale.isFinite && t.rotation.isFinite && t.translation.isFinite)
            #expect(t.scale >= 1e-3 && t.scale <= 1e3)
        }
    }
}
