import Geometry
import Gestures
import Reader
import Testing
import Foundation

@Suite struct ZoomViewTests {
    typealias F = ZoomFixture

    /// Random pinches through the real two-finger tracker from random zoomed (and sometimes rotated) views: while
    /// the raw view is within limits, the book points first touched stay under the fingers (< 0.5 px).
    @Test func focalPointsStayUnderTheFingers() {
        var rng = ZoomRNG(seed: 0x200A_0001)
        var checked = 0
        for trial in 0..<300 {
            var config = ZoomConfig()
            config.snapRotation = trial % 3 != 0
            var z = F.view(config)
            z.zoom(by: rng.uniform(1.5, 6), around: Vec2(rng.uniform(200, 800), rng.uniform(200, 600)),
                   time: 0, animated: false)
            if trial % 2 == 0 { F.pinch(&z, scale: 1, degrees: rng.uniform(-180, 180), time: 1000) }
            var a = Vec2(rng.uniform(100, 900), rng.uniform(100, 700))
            var b = a + Vec2(rng.uniform(-300, 300), rng.uniform(-300, 300))
            if a.distance(to: b) < 40 { b = a + Vec2(60, 20) }
            var tracker = TwoFingerTracker(a: a, b: b)
            z.beginTransform(time: 20000)
            let view0 = z.affine, inverse = view0.inverted!
            let pageA = inverse.apply(a), pageB = inverse.apply(b)
            for _ in 0..<10 {
                let c = Vec2(rng.uniform(300, 700), rng.uniform(200, 600))
                let m = Affine2.translation(c + Vec2(rng.uniform(-30, 30), rng.uniform(-30, 30)))
                    .concatenating(.rotation(rng.uniform(-0.3, 0.3)))
                    .concatenating(.scale(rng.uniform(0.85, 1.15)))
                    .concatenating(.translation(-c))
                a = m.apply(a); b = m.apply(b)
                let t = tracker.update(a: a, b: b)
                z.updateTransform(t)
                let raw = t.affine.concatenating(view0)
                let s = raw.uniformScale
                guard s >= 1, s <= 8, F.coversBoth(raw) else { continue }
                let ea = z.toScreen(pageA).distance(to: a), eb = z.toScreen(pageB).distance(to: b)
                #expect(ea < 0.5 && eb < 0.5, "trial \(trial): \(ea) \(eb)")
                checked += 1
            }
        }
        #expect(checked > 1000, "only \(checked) in-limit updates were checked")
    }

    /// Past the maximum the shown scale still grows, but sub-linearly and below max·(1 + scaleOvershoot);
    /// below 1 likewise; the settled scale is clamped.
    @Test func scaleRubberBandsThenClamps() {
        var shown: [Double] = []
        let raws = [8.0, 9, 10, 12, 16, 32, 100, 1000]
        for f in raws {
            var z = F.view()
            z.beginTransform(time: 0)
            z.updateTransform(GestureTransform(pivot: F.viewport.center, scale: f))
            shown.append(z.scale)
            #expect(z.scale <= f + 1e-9)
            #expect(z.scale < 8 * 1.5)
            #expect(z.isInteracting)
            let r = z.endTransform(GestureTransform(pivot: F.viewport.center, scale: f), time: 0)
            #expect(r.scale == 8 && r.rotationDegrees == 0)
            z.advance(to: 1000)
            #expect(z.scale == 8 && !z.isAnimating && !z.isInteracting)
        }
        #expect(abs(shown[0] - 8) < 1e-12)
        for i in 1..<shown.count {
            #expect(shown[i] > shown[i - 1])
            // Sub-linear: at most the stiffness (0.55) share of the raw excess, in log space.
            #expect(log(shown[i] / 8) <= 0.55 * log(raws[i] / 8) + 1e-12)
            // Concave: each further raw step shows less than the one before.
            if i >= 2 {
                #expect((shown[i] - shown[i - 1]) / (raws[i] - raws[i - 1])
                        < (shown[i - 1] - shown[i - 2]) / (raws[i - 1] - raws[i - 2]))
            }
        }
        var low: [Double] = []
        for f in [1.0, 0.8, 0.5, 0.2, 0.001] {
            var z = F.view()
            z.beginTransform(time: 0)
            z.updateTransform(GestureTransform(pivot: F.viewport.center, scale: f))
            low.append(z.scale)
            #expect(z.scale >= f && z.scale > 1 / 1.5)
        }
        for i in 1..<low.count { #expect(low[i] < low[i - 1]) }
    }

    /// A settle at scale ≤ 1.01 with rotation ≈ 0 lands exactly on the identity, and isZoomed drops at once.
    @Test func settlingNearFitReturnsExactlyToIdentity() {
        for (s, deg) in [(1.008, 0.5), (0.5, -10.0), (1.0, 44.0), (1.01, 0.0)] {
            var z = F.view()
            let t = GestureTransform(pivot: Vec2(300, 200), scale: s, rotation: deg * pi / 180,
                                     translation: Vec2(40, -25))
            z.beginTransform(time: 3000)
            z.updateTransform(t)
            #expect(z.affine != .identity)
            let r = z.endTransform(t, time: 3000)
            #expect(r.scale == 1 && r.rotationDegrees == 0)
            #expect(!z.isZoomed && z.isAnimating)
            z.advance(to: 3250)
            #expect(z.affine == .identity && !z.isAnimating)
        }
    }

    /// Double tap: 2.5× with the tapped book point kept under the finger, then back exactly to fit.
    @Test func doubleTapTogglesAroundTheTap() {
        var z = F.view()
        let p = Vec2(600, 300)
        z.toggleZoom(at: p, time: 5000)
        #expect(z.isZoomed && z.isAnimating)
        z.advance(to: 5100)
        #expect(z.scale > 1 && z.scale < 2.5)
        #expect(z.toScreen(p).distance(to: p) < 1e-9, "the tapped point stays put throughout")
        z.advance(to: 5250)
        #expect(z.scale == 2.5 && !z.isAnimating)
        #expect(z.toScreen(p).distance(to: p) < 1e-9)
        z.toggleZoom(at: Vec2(100, 100), time: 6000)
        #expect(!z.isZoomed && z.isAnimating)
        z.advance(to: 7000)
        #expect(z.affine == .identity && !z.isZoomed)
        // At a corner the target is clamped so the content still covers the window.
        z.toggleZoom(at: Vec2(0, 0), time: 8000)
        z.advance(to: 9000)
        #expect(z.scale == 2.5 && F.withinPanLimits(z.affine))
        #expect(F.box(z.affine).minX == 0 && F.box(z.affine).minY == 0)
    }

    /// Animations depend only on the time passed to advance: many small steps equal one big one, and the end is
    /// exact.
    @Test func animationsAreTimeDrivenAndExact() {
        func released() -> ZoomView {
            var z = F.view()
            let t = GestureTransform(pivot: Vec2(420, 380), scale: 11, rotation: 1.0, translation: Vec2(300, 90))
            z.beginTransform(time: 10000)
            z.updateTransform(t)
            _ = z.endTransform(t, time: 10000)
            return z
        }
        var one = released(), many = released()
        one.advance(to: 10100)
        for i in 1...10 { many.advance(to: 10_000 + Double(i) * 10) }
        #expect(one.affine == many.affine)
        #expect(one.isAnimating && one.scale < 11)
        one.advance(to: 10250)
        #expect(!one.isAnimating && one.scale == 8 && abs(one.rotation - pi / 2) < 1e-15)
        #expect(one.affine.a == 0 && one.affine.d == 0 && one.affine.b == 8 && one.affine.c == -8)
        let rest = one.affine
        one.advance(to: 99000)
        #expect(one.affine == rest)
        // Time going backwards or NaN does not break anything.
        one.advance(to: .nan)
        one.advance(to: -5)
        #expect(one.affine == rest)
    }

    /// Cancel animates back to the view at the begin.
    @Test func cancelReturnsToTheBeginView() {
        var z = F.view()
        z.zoom(by: 3, around: Vec2(400, 400), time: 0, animated: false)
        let begin = z.affine
        z.beginTransform(time: 1000)
        z.updateTransform(GestureTransform(pivot: Vec2(500, 400), scale: 2, rotation: 1, translation: Vec2(50, 0)))
        #expect(z.affine != begin)
        z.cancelTransform(time: 1000)
        #expect(!z.isInteracting && z.isAnimating)
        z.advance(to: 2000)
        #expect(z.affine == begin)
    }

    /// Wheel/keys zoom: clamped to [1, max], about the given point, compounding on the animation's target.
    @Test func zoomByClampsAndCompounds() {
        var z = F.view()
        let p = Vec2(450, 420)
        z.zoom(by: 1.5, around: p, time: 0)
        z.zoom(by: 1.5, around: p, time: 50)
        z.advance(to: 1000)
        #expect(abs(z.scale - 2.25) < 1e-12)
        #expect(z.toScreen(p).distance(to: p) < 1e-9)
        z.zoom(by: 100, around: nil, time: 2000)
        z.advance(to: 3000)
        #expect(z.scale == 8)
        z.zoom(by: 1e-6, around: nil, time: 4000)
        #expect(!z.isZoomed)
        z.advance(to: 5000)
        #expect(z.affine == .identity)
        z.zoom(by: 2, around: nil, time: 6000, animated: false)
        #expect(z.scale == 2 && !z.isAnimating && z.toScreen(F.viewport.center) == F.viewport.center)
        z.reset(time: 7000)
        z.advance(to: 8000)
        #expect(z.affine == .identity)
    }

    /// With rotation disabled the pinch still scales and pans about the fingers' midpoint but never turns.
    @Test func rotationCanBeDisabled() {
        var config = ZoomConfig()
        config.allowRotation = false
        var z = F.view(config)
        var tracker = TwoFingerTracker(a: Vec2(400, 400), b: Vec2(600, 400))
        z.beginTransform(time: 0)
        let t = tracker.update(a: Vec2(390, 260), b: Vec2(630, 560))
        #expect(t.rotation > 0.5)
        z.updateTransform(t)
        #expect(z.rotation == 0 && z.affine.b == 0)
        #expect(z.toScreen(Vec2(500, 400)).distance(to: Vec2(510, 410)) < 1e-9)
        #expect(abs(z.scale - Vec2(240, 300).length / 200) < 1e-12)
    }
}

extension ZoomFixture {
    /// Both axes of the content's box cover the viewport (the in-limits case for a zoomed spread).
    static func coversBoth(_ m: Affine2) -> Bool {
        let b = box(m)
        return b.minX <= viewport.minX && b.maxX >= viewport.maxX && b.minY <= viewport.minY && b.maxY >= viewport.maxY
    }
}
