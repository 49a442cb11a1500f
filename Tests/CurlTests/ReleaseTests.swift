import Curl
import Geometry
import Testing
import TestSupport

@Suite struct ReleaseTests {
    let page = CurlPage(width: 800, height: 1000, spine: .left)
    let policy = ReleasePolicy(flickSpeed: 400, commitProgress: 0.5)

    /// The bottom-right corner dragged horizontally to `progress` of the way, with timestamps at 120 Hz,
    /// finishing at `speed` px/s toward the spine.
    func drag(to progress: Double, speed: Double) -> CurlDrag { timedDrag(to: progress, speed: speed).drag }

    func timedDrag(to progress: Double, speed: Double) -> (drag: CurlDrag, end: Double) {
        let home = Vec2(page.width, page.height)
        let endX = page.width * (1 - 2 * progress)
        var d = CurlDrag(page: page, grab: .br, touch: home, time: 0)
        var t = 0.0, x = page.width
        // Approach slowly, then move at `speed` for the last 100 ms.
        let fastStart = endX + speed * 0.1
        while x > fastStart + 1e-9 { t += 1.0 / 120; x = max(fastStart, x - 2); d.move(to: Vec2(x, home.y), time: t) }
        for _ in 0..<12 { t += 1.0 / 120; x -= speed / 120; d.move(to: Vec2(x, home.y), time: t) }
        return (d, t)
    }

    func run(_ a: inout CurlAnimator, from t0: Double, until t1: Double = 5, fps: Double = 60) {
        var t = t0
        while !a.isFinished && t < t1 { t += 1 / fps; a.advance(to: t) }
    }

    @Test func flickCommitsFromFifteenPercent() {
        let (d, end) = timedDrag(to: 0.15, speed: 1500)
        #expect(abs(d.solution.progress - 0.15) < 0.01)
        var a = d.release(at: end, policy: policy)
        #expect(a.committed)
        var t = end, last = a.progress
        while !a.isFinished && t < end + 5 {
            t += 1.0 / 60; a.advance(to: t)
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
        let d = drag(to: 0.8, speed: 10)
        #expect(d.release(at: 100, policy: policy).committed)
        let a = CurlAnimator.release(page: page, grab: .br, finger: d.solution.finger, velocity: Vec2(900, 0),
                                     time: 2, policy: policy)
        #expect(!a.committed)
    }

    @Test(arguments: [(0.4, false), (0.6, true)])
    func slowReleaseDecidesByMidline(progress: Double, commits: Bool) {
        let (d, end) = timedDrag(to: progress, speed: 60)
        #expect(abs(d.solution.progress - progress) < 0.01)
        #expect(abs(d.velocity(at: end).x + 60) < 1e-6)
        var a = d.release(at: 1000, policy: policy)   // long after the last move: no velocity at all
        #expect(a.committed == commits)
        let b = d.release(at: end, policy: policy)   // released while still moving slowly
        #expect(b.committed == commits)
        run(&a, from: 1000, until: 1005)
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
            var a = CurlAnimator.release(page: c.page, grab: c.grab, config: c.config, finger: c.finger, velocity: v,
                                         time: 10, policy: policy)
            let start = a.finger, goal = a.goal
            let axis = (start - goal).normalized
            var t = 10.0, steps = 0
            while !a.isFinished && steps < 2000 {
                t += rng.uniform(1.0 / 240, 1.0 / 30); steps += 1
                a.advance(to: t)
                // Never past the goal along the line it started on.
                #expect((a.finger - goal).dot(axis) >= -1e-9, "\(c) v \(v)")
            }
            #expect(a.isFinished, "\(c) v \(v)")
            #expect(t - 10 < 3, "\(c): took \(t - 10) s")
            #expect(a.finger == goal)
            #expect(a.progress == (a.committed ? 1 : 0))
        }
    }

    @Test func caughtAnimationResumesWhereItIs() {
        let (first, end) = timedDrag(to: 0.3, speed: 900)
        var a = first.release(at: end, policy: policy)
        #expect(a.committed)
        a.advance(to: end + 0.05); a.advance(to: end + 0.1)
        let caught = a.solution
        #expect(caught.progress > 0.4 && caught.progress < 0.9)
        let touch = Vec2(123, 456)
        var d = CurlDrag(catching: a, touch: touch, time: end + 0.1)
        #expect(d.solution == caught)
        d.move(to: touch + Vec2(-7, -3), time: end + 0.12)
        #expect(d.solution.finger.distance(to: caught.finger + Vec2(-7, -3)) < 1e-9)
        // Let go again, still: the new animation starts exactly where the page is drawn.
        let b = d.release(at: 2.0, policy: policy)
        #expect(b.finger == d.solution.finger)
        #expect(b.solution == d.solution)
    }

    @Test func frameRateIndependent() {
        let (d, end) = timedDrag(to: 0.35, speed: 700)
        var a = d.release(at: end, policy: policy), b = a
        run(&a, from: end, until: end + 0.3, fps: 30)
        run(&b, from: end, until: end + 0.3, fps: 144)
        a.advance(to: end + 0.4); b.advance(to: end + 0.4)
        #expect(!a.isFinished)
        #expect(a.finger.distance(to: b.finger) < 1e-9)
        b.advance(to: end + 0.2)   // time going backwards is ignored
        #expect(a.finger == b.finger)
    }

    @Test(arguments: [SpineSide.left, .right])
    func keyboardFlipFollowsAnArc(spine: SpineSide) {
        let page = CurlPage(width: 800, height: 1000, spine: spine)
        let grab: GrabPoint = spine == .left ? .br : .bl
        var a = CurlAnimator.flip(page: page, grab: grab, time: 0, arcHeight: 0.12)
        var t = 0.0, highest = 1000.0, lastProgress = 0.0, clamped = false
        while !a.isFinished && t < 3 {
            t += 1.0 / 60; a.advance(to: t)
            highest = min(highest, a.solution.finger.y)
            #expect(a.progress >= lastProgress)
            lastProgress = a.progress
            clamped = clamped || a.solution.isClamped
        }
        #expect(a.isFinished && a.committed && a.progress == 1)
        #expect(!clamped)
        #expect(abs((1000 - highest) - 120) < 6, "rose \(1000 - highest) px")
        #expect(t < 1.5)
    }
}
