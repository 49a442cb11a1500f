import Geometry
import Gestures
import Reader
import Testing

/// Rotation snap and pan limits at rest.
@Suite struct ZoomSettleTests {
    typealias F = ZoomFixture

    /// Convention: degrees clockwise on screen (as GestureTransform), reported in (−180, 180]; a release snaps
    /// to the nearest multiple of 90° (ties cannot happen in practice), about the fingers' midpoint.
    @Test(arguments: [(40.0, 0.0), (50, 90), (-130, -90), (-50, -90), (-40, 0), (170, 180), (-170, 180),
                      (135.5, 180), (226, -90), (400, 0), (-290, 90), (715, 0), (-44.9, 0)])
    func rotationSnapsToTheNearestRightAngle(degrees: Double, expected: Double) {
        var z = F.view()
        let pivot = F.viewport.center
        let t = GestureTransform(pivot: pivot, scale: 2, rotation: degrees * pi / 180)
        z.beginTransform(time: 0)
        z.updateTransform(t)
        let bookUnderFingers = z.toBook(pivot)!
        let r = z.endTransform(t, time: 0)
        #expect(r.scale == 2 && r.rotationDegrees == expected)
        z.advance(to: 1000)
        #expect(abs(z.rotation * 180 / pi - expected) < 1e-12)
        // Exact right-angle matrix entries, and the content under the fingers stayed under them.
        let m = z.affine
        #expect([m.a, m.b, m.c, m.d].allSatisfy { $0 == 0 || abs($0) == 2 })
        #expect(z.toScreen(bookUnderFingers).distance(to: pivot) < 1e-9)
        #expect(F.withinPanLimits(m))
    }

    /// One finger lifts mid-pinch and the other pans on (a second finger that landed mid-drag, as under weston):
    /// the pan's start stops the pinch's settling where it is, and the pan's end settles the rotation again.
    @Test func aPanThatTakesOverFromAPinchStillSnapsTheRotation() {
        var z = F.view()
        let pivot = F.viewport.center
        let t = GestureTransform(pivot: pivot, scale: 1.3, rotation: 7 * pi / 180)
        z.beginTransform(time: 0)
        z.updateTransform(t)
        _ = z.endTransform(t, time: 0)
        z.beginPan(time: 10)
        #expect(abs(z.rotation) > 1e-3, "the settling had not finished when the pan began")
        z.updatePan(translation: Vec2(-40, 10))
        z.endPan(translation: Vec2(-40, 10), velocity: .zero, time: 50)
        z.advance(to: 2000)
        #expect(z.rotation == 0)
        #expect(F.withinPanLimits(z.affine))
        // A flick after such a pinch settles the rotation too (no glide keeps the turned view).
        var f = F.view()
        f.beginTransform(time: 0)
        f.updateTransform(t)
        _ = f.endTransform(t, time: 0)
        f.beginPan(time: 10)
        f.endPan(translation: Vec2(-40, 10), velocity: Vec2(-3, 0), time: 50)
        f.advance(to: 5000)
        #expect(f.rotation == 0)
    }

    /// Free rotation: the angle stays where the fingers left it (scale and pan still settle).
    @Test func freeRotationStays() {
        var config = ZoomConfig()
        config.snapRotation = false
        for deg in [40.0, -130, 2, 179] {
            var z = F.view(config)
            let r = F.pinch(&z, scale: 2, degrees: deg)
            #expect(abs(r.rotationDegrees - deg) < 1e-9)
            #expect(abs(z.rotation * 180 / pi - deg) < 1e-9)
            #expect(F.withinPanLimits(z.affine))
        }
        // Near fit with a small angle it still returns to the identity.
        var z = F.view(config)
        #expect(F.pinch(&z, scale: 1.005, degrees: 2).rotationDegrees == 0)
        #expect(z.affine == .identity)
    }

    /// Cover where larger, centre where smaller, at several scales.
    @Test func panIsClampedToCoverOrCentre() {
        for s in [1.1, 1.25, 2, 4, 8] {
            for push in [Vec2(5000, 5000), Vec2(-5000, -5000), Vec2(5000, -300), Vec2(-40, 30)] {
                var z = F.view()
                z.zoom(by: s, around: nil, time: 0, animated: false)
                z.beginPan(time: 1000)
                z.updatePan(translation: push)
                z.endPan(translation: push, velocity: .zero, time: 1000)
                z.advance(to: 2000)
                let b = F.box(z.affine)
                #expect(F.withinPanLimits(z.affine), "scale \(s) push \(push): \(b)")
                if s < 1.25 { #expect(abs(b.center.x - 500) < 1e-9) }  // 880 px wide: centred
                if push.x > 1000 && s >= 1.25 { #expect(b.minX == 0) }
                if push.x < -1000 && s >= 1.25 { #expect(b.maxX == 1000) }
                if push.y > 1000 { #expect(b.minY == 0) }
            }
        }
    }

    /// A portrait page turned 90°: its box is 1.3·(800×560) = 1040×728 in a 1000×800 window, so it covers
    /// horizontally and is centred vertically.
    @Test func panLimitsUseTheRotatedBox() {
        var z = F.view(content: F.page)
        F.pinch(&z, scale: 1.3, degrees: 90, pivot: Vec2(700, 100), translation: Vec2(200, 150))
        let b = F.box(z.affine, F.page)
        #expect(abs(b.width - 1040) < 1e-9 && abs(b.height - 728) < 1e-9)
        #expect(b.minX <= 0 && b.maxX >= 1000)
        #expect(abs(b.center.y - 400) < 1e-9)
        #expect(F.withinPanLimits(z.affine, content: F.page))
    }

    /// Random settles (scale, free and snapped angles, pivots, pans) always rest within limits and range.
    @Test func everySettleRestsWithinLimits() {
        var rng = ZoomRNG(seed: 0x200A_0002)
        for trial in 0..<400 {
            var config = ZoomConfig()
            config.snapRotation = trial % 2 == 0
            let content = trial % 3 == 0 ? F.page : F.spread
            var z = F.view(config, content: content)
            F.pinch(&z, scale: rng.uniform(0.3, 12), degrees: rng.uniform(-400, 400),
                    pivot: Vec2(rng.uniform(0, 1000), rng.uniform(0, 800)),
                    translation: Vec2(rng.uniform(-800, 800), rng.uniform(-800, 800)))
            let p = Vec2(rng.uniform(-3000, 3000), rng.uniform(-3000, 3000))
            z.beginPan(time: 20000)
            z.endPan(translation: p, velocity: Vec2(rng.uniform(-5000, 5000), rng.uniform(-5000, 5000)), time: 20000)
            z.advance(to: 40000)
            #expect(!z.isAnimating)
            #expect(z.scale >= 1 && z.scale <= 8)
            #expect(F.withinPanLimits(z.affine, content: content, tolerance: 1e-6), "trial \(trial)")
        }
    }

    /// The rubber band: monotone, below the stiffness line, bounded by its limit; on a pan, the shown overshoot
    /// grows with the drag but stays under panOvershoot × viewport.
    @Test func rubberBandIsMonotoneAndBounded() {
        var last = 0.0
        for i in 0...200 {
            let x = Double(i * i)
            let y = RubberBand.resist(x, stiffness: 0.55, limit: 250)
            #expect(y >= last && y < 250 && y <= 0.55 * x + 1e-12)
            last = y
        }
        #expect(RubberBand.resist(.infinity, stiffness: 0.55, limit: 250) == 250)
        #expect(RubberBand.clamp(5, lower: 0, upper: 10, stiffness: 0.55, limit: 1) == 5)
        var z = F.view()
        z.zoom(by: 2, around: nil, time: 0, animated: false)
        let edge = F.box(z.affine).minX  // −300: 300 px of slack to the left edge
        z.beginPan(time: 1000)
        var shown: [Double] = []
        for d in stride(from: 0.0, through: 5000, by: 50) {
            z.updatePan(translation: Vec2(d, 0))
            shown.append(F.box(z.affine).minX)
            if d <= -edge { #expect(abs(F.box(z.affine).minX - (edge + d)) < 1e-9) }
        }
        for i in 1..<shown.count { #expect(shown[i] >= shown[i - 1]) }
        #expect(shown.last! > 0 && shown.last! < 0.25 * 1000)
        // Released there: springs back to the edge.
        z.endPan(translation: Vec2(5000, 0), velocity: .zero, time: 2000)
        let overshoot = F.box(z.affine).minX
        z.advance(to: 2100)  // 40 % of the 0.25 s: an ease-out has covered more than 40 % of the way
        #expect(F.box(z.affine).minX < 0.6 * overshoot && F.box(z.affine).minX > 0)
        z.advance(to: 3000)
        #expect(F.box(z.affine).minX == 0)
    }

    /// A flick glides (decaying), never shows more than the rubber band allows, and ends inside the limits; the
    /// path depends only on time.
    @Test func flickGlidesAndSpringsBack() {
        func flicked() -> ZoomView {
            var z = F.view()
            z.zoom(by: 3, around: nil, time: 0, animated: false)
            z.beginPan(time: 1000)
            z.updatePan(translation: Vec2(100, 0))
            z.endPan(translation: Vec2(100, 0), velocity: Vec2(4000, 0), time: 1000)
            return z
        }
        var z = flicked(), stepped = flicked()
        let released = F.box(z.affine).minX
        #expect(z.isAnimating)
        z.advance(to: 1100)
        #expect(F.box(z.affine).minX > released)
        var maxShown = -Double.infinity
        var t = 1000.0
        while t < 4000 { t += 1000.0 / 60; stepped.advance(to: t); maxShown = max(maxShown, F.box(stepped.affine).minX) }
        #expect(maxShown > 0 && maxShown < 250, "overshoot \(maxShown)")
        z.advance(to: 4000)
        #expect(!z.isAnimating && !stepped.isAnimating)
        #expect(z.affine == stepped.affine)
        #expect(F.box(z.affine).minX == 0)
        // A glide that stays inside travels velocity × τ (0.35 s), less what remains below the rest speed
        // (15 px/s × τ).
        var inside = F.view()
        inside.zoom(by: 4, around: nil, time: 0, animated: false)
        let x0 = inside.affine.tx
        inside.beginPan(time: 1000)
        inside.endPan(translation: .zero, velocity: Vec2(-1000, 0), time: 1000)
        inside.advance(to: 9000)
        #expect(inside.affine.tx < x0 - 344 && inside.affine.tx > x0 - 350 && !inside.isAnimating)
        // Released beyond a limit and thrown further out, or thrown back in hard: it rests exactly on the limit
        // without passing through it.
        for v in [3000.0, -6000] {
            var out = F.view()
            out.zoom(by: 2, around: nil, time: 0, animated: false)
            out.beginPan(time: 1000)
            out.endPan(translation: Vec2(600, 0), velocity: Vec2(v, 0), time: 1000)
            let shownAtRelease = F.box(out.affine).minX
            #expect(shownAtRelease > 0)
            var low = Double.infinity, high = -Double.infinity, t = 1000.0
            while t < 5000 { t += 1000.0 / 120; out.advance(to: t); let m = F.box(out.affine).minX; low = min(low, m); high = max(high, m) }
            #expect(low >= 0 && high < 250 && F.box(out.affine).minX == 0)
        }
        // A slow release does not glide.
        var slow = F.view()
        slow.zoom(by: 3, around: nil, time: 0, animated: false)
        slow.beginPan(time: 1000)
        slow.endPan(translation: Vec2(10, 0), velocity: Vec2(20, 0), time: 1000)
        #expect(!slow.isAnimating)
    }
}
