@testable import AppCore
import Geometry
import Gestures
import Testing

/// A compositor that repaints the way headless weston 10 does: a commit to an idle output is repainted
/// `restart` ms later; a repaint that takes a new frame sends its callback at once and presents it `present` ms
/// later; at that presentation the next repaint is scheduled `gap` ms on if anything was committed since the
/// repaint, else the output idles. A frame committed twice before a repaint is discarded.
struct SimulatedCompositor {
    var restart = 9.67, present = 16.0, gap = 9.67
    private(set) var nextRepaint: Double?
    private(set) var presentation: (at: Double, frame: Int)?
    private(set) var presented: [(frame: Int, at: Double)] = []
    private(set) var discarded = 0
    /// The newest committed frame not yet repainted: (number, commit time).
    private(set) var waiting: (frame: Int, at: Double)?
    private var committedSinceRepaint = false
    var callbackPending: Bool { waiting != nil }

    mutating func commit(frame: Int, at t: Double) {
        if waiting != nil { discarded += 1 }
        waiting = (frame, t)
        committedSinceRepaint = true
        if nextRepaint == nil && presentation == nil { nextRepaint = t + restart }
    }

    /// What happens at `t`: a repaint (the callback comes) and/or a presentation.
    mutating func step(to t: Double) -> (callback: Bool, presented: Double?) {
        var result: (callback: Bool, presented: Double?) = (false, nil)
        if let p = presentation, p.at <= t {
            presentation = nil
            presented.append((p.frame, p.at))
            result.presented = p.at
            nextRepaint = committedSinceRepaint ? p.at + gap : nil
        }
        if let r = nextRepaint, r <= t {
            nextRepaint = nil
            committedSinceRepaint = false
            if let w = waiting {
                waiting = nil
                presentation = (r + present, w.frame)
                result.callback = true
            }
        }
        return result
    }
}

/// The shell's side of a drag: touch at 62.5 Hz, frames drawn when the core says, each costing `cost` ms (or
/// `costs(frame)`), the compositor's callbacks and presentations handed back at their times; time moves in 0.25 ms steps.
struct PacedDrag {
    var driver = Driver()
    var compositor = SimulatedCompositor()
    var cost = 8.0
    var costs: ((Int) -> Double)?
    private(set) var drawn = 0
    private(set) var drawnWhilePending = 0
    /// Per presented frame: presentation time minus the time of the newest input it showed.
    private(set) var latencies: [Double] = []
    /// Per drawn frame: when it started relative to the callback before it.
    private(set) var startsAfterCallback: [Double] = []
    private var newestInput: [Int: Double] = [:]
    private var lastCallback: Double?

    mutating func run(ms: Double) {
        let t0 = driver.now
        var nextTouch = t0
        var k = 0
        let from = Scene.rightCorner
        driver.handle(.input(.touchDown(id: 0, position: from, time: t0)))
        var lastInput = t0
        var t = t0
        while t < t0 + ms {
            t += 0.25
            driver.now = t
            let (callback, presentedAt) = compositor.step(to: t)
            if callback {
                lastCallback = t
                driver.handle(.frameCallback)
            }
            if let p = presentedAt {
                driver.handle(.presented(time: p, refresh: 1000.0 / 60))
                if let f = compositor.presented.last?.frame, let input = newestInput[f] { latencies.append(p - input) }
            }
            if t >= nextTouch + 16 {
                nextTouch += 16
                k += 1
                let x = from.x - Double(k % 50) * 12
                driver.handle(.input(.touchMotion(id: 0, position: Vec2(x, from.y - Double(k % 50)), time: nextTouch)))
                lastInput = nextTouch
            }
            if let due = driver.core.nextDeadline, due <= t { driver.handle(.timer) }
            let (plan, _) = driver.core.nextFrame(now: t, framePending: compositor.callbackPending)
            guard let plan else { continue }
            drawn += 1
            if compositor.callbackPending { drawnWhilePending += 1 }
            if let c = lastCallback { startsAfterCallback.append(t - c) }
            newestInput[drawn] = lastInput
            let cost = costs?(drawn) ?? self.cost
            t += cost
            driver.now = t
            _ = driver.core.frameCommitted(plan, at: t, cost: cost, renderScale: 1)
            compositor.commit(frame: drawn, at: t)
        }
    }
}

private func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

@Suite struct FrameSchedulingTests {
    @Test func aDragDrawsOneFramePerRepaintAndNoneIsDiscarded() {
        var drag = PacedDrag()
        drag.run(ms: 3000)
        let presented = drag.compositor.presented.count
        #expect(drag.drawnWhilePending == 0, "a frame drawn while the last one waits for its repaint replaces it unseen")
        #expect(drag.compositor.discarded == 0)
        #expect(presented > 100, "the drag kept the compositor repainting (\(presented) frames in 3 s)")
        #expect(Double(drag.drawn) <= 1.05 * Double(presented) + 1)
    }

    @Test func framesAreDrawnLateInTheCycleFromTheNewestInput() {
        var drag = PacedDrag()
        drag.run(ms: 3000)
        // The cycle here is 16 + 9.67 ms; a frame costs 8 ms. Drawn at the callback, each frame would wait ~17 ms
        // for its repaint and show the input before it; drawn late, it shows the last input that can make it.
        let starts = Array(drag.startsAfterCallback.dropFirst(30))
        #expect(median(starts) > 5, "frames start well after the callback: \(median(starts)) ms")
        #expect(abs(drag.driver.core.frames.cycle - 25.67) < 0.5)
        // Input-to-presentation: the newest input's age when drawn, the frame, the wait for the repaint, 16 ms
        // to presentation. Drawing at the callback would make the median about 16 + 8 + 17 + 8 = 49 ms.
        let late = Array(drag.latencies.dropFirst(30))
        #expect(median(late) < 40, "median input-to-presentation \(median(late)) ms")
        let missed = drag.driver.core.frames.missed, presented = drag.compositor.presented.count
        #expect(missed * 10 <= presented, "about one frame in twenty misses its repaint: \(missed) of \(presented)")
    }

    /// Frames whose cost swings from one to the next (6 to 14 ms, as llvmpipe's do with the machine's other work):
    /// the estimate must cover the slow ones, so a frame started at its planned time shows an input about that
    /// much older. Started as soon as the last input that can make its repaint has come, most frames have time to
    /// spare, few miss, the margin shrinks and each frame shows a newer input.
    @Test func framesWhoseCostVariesShowNewerInputWhenStartedOnTheirLastInput() {
        var drag = PacedDrag()
        var state: UInt64 = 0x2545F4914F6CDD1D
        drag.costs = { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return 6 + 8 * Double(state >> 11) / Double(1 << 53)
        }
        drag.run(ms: 6000)
        #expect(drag.drawnWhilePending == 0)
        #expect(drag.compositor.discarded == 0)
        let late = Array(drag.latencies.dropFirst(30))
        // Started only at their planned time, these frames' median is ~45 ms.
        #expect(median(late) < 38, "median input-to-presentation \(median(late)) ms")
        let missed = drag.driver.core.frames.missed, presented = drag.compositor.presented.count
        #expect(missed * 12 <= presented, "few frames miss their repaint: \(missed) of \(presented)")
    }

    @Test func aSlowFrameStillTakesEveryRepaint() {
        var drag = PacedDrag()
        drag.cost = 22
        drag.run(ms: 3000)
        #expect(drag.drawnWhilePending == 0)
        #expect(drag.compositor.discarded == 0)
        #expect(drag.compositor.presented.count > 90, "\(drag.compositor.presented.count) presented")
    }
}

@Suite struct FrameSchedulerTests {
    @Test func withNoRepaintComingAFrameIsDrawnAtOnce() {
        var s = FrameScheduler()
        #expect(s.drawTime(now: 100, pending: false) == 100, "no callback seen yet")
        s.drawing(at: 100)
        s.committed(at: 105, cost: 5, factor: 1)
        s.frameCallback(at: 110)
        #expect(s.drawTime(now: 500, pending: false) == 500, "the compositor idled since the last repaint")
    }

    @Test func aPendingCallbackIsWaitedForUntilItIsTakenForLost() {
        var s = FrameScheduler()
        s.drawing(at: 0)
        s.committed(at: 5, cost: 5, factor: 1)
        #expect(s.drawTime(now: 20, pending: true) == 105, "waits for the callback, at most 100 ms")
        #expect(s.drawTime(now: 106, pending: true) == 106, "a hidden surface gets no callbacks: draw anyway")
    }

    @Test func thePresentationAnchorsTheNextRepaint() {
        var s = FrameScheduler()
        // Repaints at 0, 25, 50, …; presentations 16 ms after each; frames cost 5 ms.
        for k in 0..<10 {
            let r = Double(k) * 25
            s.drawing(at: r - 10)
            s.committed(at: r - 5, cost: 5, factor: 1)
            s.frameCallback(at: r)
            if k < 9 { s.presented(at: r + 16, refresh: 16.667) }
        }
        #expect(s.nextLatch(now: 230) == 250)
        // The compositor's next repaint moved with a late presentation: the prediction follows it.
        s.presented(at: 229, refresh: 16.667)
        #expect(s.nextLatch(now: 230) == 238)
        #expect(s.refresh == 16.667)
    }

    /// Repaints every 25 ms up to 175, each taking a 5 ms frame drawn in time.
    private static func steady() -> FrameScheduler {
        var s = FrameScheduler()
        for k in 0..<8 {
            let r = Double(k) * 25
            _ = s.drawTime(now: r - 15, pending: false)
            s.drawing(at: r - 15)
            s.committed(at: r - 10, cost: 5, factor: 1)
            s.frameCallback(at: r)
        }
        return s
    }

    @Test func aMissedRepaintWidensTheMargin() {
        var s = Self.steady()
        let before = s.margin
        let start = s.drawTime(now: 185, pending: false)
        #expect(start > 185)
        s.drawing(at: start)
        s.committed(at: start + 5, cost: 5, factor: 1)
        s.frameCallback(at: 240)  // the repaint at 200 went without it
        #expect(s.missed == 1)
        #expect(s.margin > before)
    }

    @Test func aFrameDrivenByInputStartsOnceNoNewerInputCanMakeItsRepaint() {
        var s = Self.steady()
        let planned = s.drawTime(now: 180, pending: false)
        #expect(planned > 190 && planned < 195, "the repaint at 200, less 5 ms of cost and the margin: \(planned)")
        // Touch every 16 ms: the input at 182 is the last before the start; the next, due at 198, comes too late.
        for t in [150.0, 166, 182] { s.inputArrived(at: t) }
        #expect(s.drawTime(now: 182, pending: false, inputDriven: true) == 182)
        #expect(s.drawTime(now: 182, pending: false) == planned, "an animation's frame is drawn for its time")
        // Had the last input come at 172, the next (188, or a little later) can still make the repaint: wait for it.
        var w = Self.steady()
        for t in [140.0, 156, 172] { w.inputArrived(at: t) }
        #expect(w.drawTime(now: 172, pending: false, inputDriven: true) == planned)
        // Two fingers' events arriving together are one arrival: the interval stays the touchscreen's.
        w.inputArrived(at: 172.5)
        #expect(w.drawTime(now: 173, pending: false, inputDriven: true) == planned)
    }

    @Test func theMarginFallsBelowZeroWhileFramesCostLessThanEstimatedButNotFar() {
        var s = Self.steady()
        for k in 8..<80 {
            let r = Double(k) * 25
            let start = s.drawTime(now: r - 20, pending: false)
            s.drawing(at: start)
            s.committed(at: start + (k % 3 == 0 ? 5 : 2), cost: k % 3 == 0 ? 5 : 2, factor: 1)
            s.frameCallback(at: r)
        }
        #expect(s.missed == 0)
        #expect(s.margin < 0, "frames of 2 ms against an estimate of 5: \(s.margin)")
        #expect(s.margin >= -0.5 * s.costEstimate)
    }

    @Test func aFrameWokenLateCountsButOneWantedLateDoesNot() {
        var s = Self.steady()
        // Wanted at 180 for the repaint at 200, woken 9 ms after its start (a busy machine): it missed.
        let start = s.drawTime(now: 180, pending: false)
        s.drawing(at: start + 9)
        s.committed(at: start + 14, cost: 5, factor: 1)
        s.frameCallback(at: 215)
        #expect(s.missed == 1)
        // Wanted only at 236, after the start for the repaint at 240: drawn at once and not judged.
        let late = s.drawTime(now: 236, pending: false)
        #expect(late == 236)
        s.drawing(at: late)
        s.committed(at: 241, cost: 5, factor: 1)
        s.frameCallback(at: 255)
        #expect(s.missed == 1)
    }

    @Test func motionDropsResolutionOnlyWhenAFullFrameDoesNotFit() {
        var s = FrameScheduler()
        #expect(s.factor(moving: true, setting: nil) == 1, "no cost measured yet")
        s.committed(at: 0, cost: 150, factor: 1)
        s.committed(at: 0, cost: 120, factor: 1)
        s.committed(at: 0, cost: 10, factor: 1)
        #expect(s.factor(moving: true, setting: nil) == 1, "the first frames compile shaders; 10 ms fits in 16.7 ms")
        for _ in 0..<30 { s.committed(at: 0, cost: 40, factor: 1) }
        #expect(s.factor(moving: true, setting: nil) == 0.5)
        // Frames at half resolution cost a quarter: the full cost is still known, and when it falls, full
        // resolution comes back without a full frame to measure it.
        for _ in 0..<30 { s.committed(at: 0, cost: 10, factor: 0.5) }
        #expect(s.fullCost == 40)
        for _ in 0..<30 { s.committed(at: 0, cost: 3, factor: 0.5) }
        #expect(s.factor(moving: true, setting: nil) == 1)
        #expect(s.factor(moving: false, setting: nil) == 1, "full resolution at rest")
        #expect(s.factor(moving: true, setting: 0.1) == 0.25, "a fixed factor is clamped")
    }
}

/// A frame the compositor never got (it held every buffer) is not taken for shown: what it would have shown,
/// a page's placeholder say, is drawn again once a buffer is free, though nothing changes meanwhile.
struct FrameNotShownTests {
    @Test func aFrameNotShownIsDrawnAgain() throws {
        var d = Driver()
        d.frame()
        d.frame()
        let settled = !d.core.needsFrame(at: d.now)
        #expect(settled)
        d.handle(.pageFailed(page: 1, message: "truncated PNG"))
        let (plan, _) = d.core.nextFrame(now: d.now, framePending: false)
        _ = try #require(plan, "the placeholder's frame")
        // The shell could not present it.
        d.core.frameNotShown()
        let again = d.core.needsFrame(at: d.now)
        #expect(again)
        let (second, _) = d.core.nextFrame(now: d.now, framePending: false)
        let redrawn = try #require(second)
        _ = d.core.frameCommitted(redrawn, at: d.now, cost: 1, renderScale: 1)
        let done = !d.core.needsFrame(at: d.now)
        #expect(done)
    }

    /// While the shell waits for a buffer, no frame deadline is left for the timer: it would wake the loop for
    /// nothing, again and again.
    @Test func waitingForABufferLeavesNoFrameDeadline() {
        var d = Driver()
        d.frame()
        d.handle(.pageFailed(page: 1, message: "truncated PNG"))
        // A frame planned for later (the last one's callback not come yet).
        _ = d.core.nextFrame(now: d.now, framePending: true)
        d.core.frameWaitsForBuffer()
        let frameDeadline = d.core.pacing.due
        #expect(frameDeadline == nil)
    }
}
