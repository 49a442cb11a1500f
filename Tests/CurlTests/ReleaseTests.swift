import Curl
import Geometry
import Testing
import TestSupport

@Suite struct ReleaseTests {
    let page = CurlPage(width: 800, height: 1000, spine: .left)
    let policy = ReleasePolicy(flickSpeed: 400, commitProgress: 0.5)

    /// The bottom-right corner dragged horizontally to `progress` of the way.
    func drag(to progress: Double) -> CurlDrag {
        let home = Vec2(page.width, page.height)
        var d = CurlDrag(page: page, grab: .br, touch: home)
        d.move(to: Vec2(page.width * (1 - 2 * progress), home.y))
        return d
    }

    /// Lets go of `d` moving at `velocity` (px/s) at `time` (ms), deciding as the reader does.
    func release(_ d: CurlDrag, velocity: Vec2, at time: Double) -> CurlAnimator {
        let commit = policy.commits(progress: d.solution.progress, speedAlongFlip: velocity.dot(page.flipDirection))
        return CurlAnimator(page: page, grab: .br, from: d.solution.finger, velocity: velocity, time: time, commit: commit)
    }

    /// Advances at `fps` frames a second from `t0` to at most `t1` (ms).
    func run(_ a: inout CurlAnimator, from t0: Double, until t1: Double = 5000, fps: Double = 60) {
        var t = t0
        while !a.isFinished && t < t1 { t += 1000 / fps; a.advance(to: t) }
    }

    @Test func policyDecidesByVelocityThenByPosition() {
        #expect(policy.commits(progress: 0.15, speedAlongFlip: 1500))
        #expect(!policy.commits(progress: 0.8, speedAlongFlip: -900))
        #expect(!policy.commits(progress: 0.4, speedAlongFlip: 60))
        #expect(policy.commits(progress: 0.6, speedAlongFlip: -60))
        #expect(policy.commits(progress: 0.6, speedAlongFlip: .nan))
        #expect(!policy.commits(progress: .nan, speedAlongFlip: 0))
    }

    @Test func flickCommitsFromFifteenPercent() {
        let d = drag(to: 0.15)
        #expect(abs(d.solution.progress - 0.15) < 0.01)
        var a = release(d, velocity: Vec2(-1500, 0), at: 1000)
        #expect(a.committed)
        var t = 1000.0, last = a.progress
        while !a.isFinished && t < 6000 {
            t += 1000.0 / 60; a.advance(to: t)
            #expect(a.progress >= last)   // straight on to the far side, never back
            last = a.progress
        }
        #expect(a.isFinished)
        #expect(a.progress == 1)
        #expect(a.cylinder.radius == 0)
        // Lying flat on the far side: every point at its mirror image, nothing lifted.
        for p in pageGrid(page, 8) {
            let q = a.cylinder.deform(p).position
            #expect(Vec3(q.x, q.y, q.z).distance(Vec3(-p.x, p.y, 0)) < 1e-6)
        }
    }

    @Test func backwardFlickCancelsFromFarAlong() {
        let d = drag(to: 0.8)
        #expect(release(d, velocity: .zero, at: 100).committed)
        #expect(!release(d, velocity: Vec2(900, 0), at: 2000).committed)
    }

    @Test(arguments: [(0.4, false), (0.6, true)])
    func slowReleaseDecidesByMidline(progress: Double, commits: Bool) {
        let d = drag(to: progress)
        #expect(abs(d.solution.progress - progress) < 0.01)
        var a = release(d, velocity: .zero, at: 1000)
        #expect(a.committed == commits)
        #expect(release(d, velocity: Vec2(-60, 0), at: 1000).committed == commits)
        run(&a, from: 1000, until: 6000)
        #expect(a.isFinished)
        #expect(a.progress == (commits ? 1 : 0))
        #expect(a.cylinder.isRest == !commits)
    }

    @Test func springNeverOvershootsAndSettles() {
        var rng = SplitMix64(seed: 2024)
        for _ in 0..<400 {
            let c = rng.randomCase(outerCornersOnly: true)
            let speed = rng.logUniform(1, 30_000), ang = rng.uniform(0, 2 * pi)
            let v = Vec2(cos(ang), sin(ang)) * speed
            let here = solveCurl(page: c.page, grab: c.grab, finger: c.finger, config: c.config)
            let commit = policy.commits(progress: here.progress, speedAlongFlip: v.dot(c.page.flipDirection))
            var a = CurlAnimator(page: c.page, grab: c.grab, config: c.config, from: here.finger, velocity: v,
                                 time: 10_000, commit: commit)
            let start = a.finger, goal = a.goal
            let axis = (start - goal).normalized
            var t = 10_000.0, steps = 0
            while !a.isFinished && steps < 2000 {
                t += rng.uniform(1000.0 / 240, 1000.0 / 30); steps += 1
                a.advance(to: t)
                // Never past the goal along the line it started on.
                #expect((a.finger - goal).dot(axis) >= -1e-9, "\(c) v \(v)")
            }
            #expect(a.isFinished, "\(c) v \(v)")
            #expect(t - 10_000 < 3000, "\(c): took \(t - 10_000) ms")
            #expect(a.finger == goal)
            #expect(a.progress == (a.committed ? 1 : 0))
        }
    }

    @Test func caughtAnimationResumesWhereItIs() {
        let end = 1000.0
        var a = release(drag(to: 0.3), velocity: Vec2(-900, 0), at: end)
        #expect(a.committed)
        a.advance(to: end + 50); a.advance(to: end + 100)
        let caught = a.solution
        #expect(caught.progress > 0.4 && caught.progress < 0.9)
        let touch = Vec2(123, 456)
        var d = CurlDrag(catching: a, touch: touch)
        #expect(d.solution == caught)
        d.move(to: touch + Vec2(-7, -3))
        #expect(d.solution.finger.distance(to: caught.finger + Vec2(-7, -3)) < 1e-9)
        // Let go again, still: the new animation starts exactly where the page is drawn.
        let b = release(d, velocity: .zero, at: 2000)
        #expect(b.finger == d.solution.finger)
        #expect(b.solution == d.solution)
    }

    @Test func frameRateIndependent() {
        let end = 1000.0
        var a = release(drag(to: 0.35), velocity: Vec2(-700, 0), at: end), b = a
        run(&a, from: end, until: end + 150, fps: 30)
        run(&b, from: end, until: end + 150, fps: 144)
        a.advance(to: end + 250); b.advance(to: end + 250)
        #expect(!a.isFinished, "still moving at 250 ms of the default turn's 400")
        #expect(a.finger.distance(to: b.finger) < 1e-9)
        b.advance(to: end + 100)   // time going backwards is ignored
        #expect(a.finger == b.finger)
    }

    @Test(arguments: [SpineSide.left, .right], [true, false])
    func keyboardFlipFollowsAnArc(spine: SpineSide, forward: Bool) {
        let page = CurlPage(width: 800, height: 1000, spine: spine)
        let grab: GrabPoint = spine == .left ? .br : .bl
        var a = CurlAnimator.flip(page: page, grab: grab, time: 0, arcHeight: 0.12, direction: forward ? .forward : .backward)
        #expect(a.progress == (forward ? 0 : 1))
        var t = 0.0, highest = 1000.0, lastProgress = a.progress, clamped = false
        while !a.isFinished && t < 3000 {
            t += 1000.0 / 60; a.advance(to: t)
            highest = min(highest, a.solution.finger.y)
            #expect(forward ? a.progress >= lastProgress : a.progress <= lastProgress)
            lastProgress = a.progress
            clamped = clamped || a.solution.isClamped
        }
        #expect(a.isFinished && a.committed == forward && a.progress == (forward ? 1 : 0))
        #expect(!clamped)
        #expect(abs((1000 - highest) - 120) < 6, "rose \(1000 - highest) px")
        #expect(t < 1500)
    }

    /// Every lift is launched so that the spring carries the point exactly as far as asked, and back.
    @Test(arguments: [Vec2(-96, -57.6), Vec2(0, -120), Vec2(40, 10)], [6.0, 16.0])
    func aLiftPeaksWhereAsked(peak: Vec2, frequency: Double) {
        let page = CurlPage(width: 800, height: 1000, spine: .left)
        var a = CurlAnimator.lift(page: page, grab: .br, peak: peak, time: 0, spring: SpringConfig(frequency: frequency))
        let home = Vec2(800, 1000)
        var farthest = Vec2.zero, t = 0.0
        while !a.isFinished && t < 5000 {
            t += 0.25; a.advance(to: t)
            if (a.finger - home).length > farthest.length { farthest = a.finger - home }
        }
        #expect(a.isFinished && !a.committed && a.finger == home)
        #expect((farthest - peak).length < 1e-3 * peak.length, "peaked at \(farthest), asked \(peak)")
    }
}
