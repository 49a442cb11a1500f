@testable import AppCore
import Panels
import Config
import Geometry
import Gestures
import Localization
import Testing

/// Attract mode: after the quiet time the corner lifts and falls back every few seconds with the real curl;
/// frames come in short bursts and none between them; the first touch (or key) ends it without a page event.
@Suite struct AttractModeTests {
    static func settings(reducedMotion: Bool = false) -> Settings {
        var s = Driver.settings
        s.attractAfter = 2
        s.reducedMotion = reducedMotion
        return s
    }

    /// Runs the clock in 16 ms steps for `ms`, firing timers and drawing whatever frames are planned; returns
    /// the times of the frames drawn.
    static func frames(_ d: inout Driver, for ms: Double) -> [Double] {
        var drawn: [Double] = []
        let end = d.now + ms
        while d.now < end {
            d.now += 16
            if let due = d.core.nextDeadline, due <= d.now { d.handle(.timer) }
            let (plan, out) = d.core.nextFrame(now: d.now, framePending: false)
            d.effects += out
            if let plan {
                drawn.append(d.now)
                d.effects += d.core.frameCommitted(plan, at: d.now, cost: 1, renderScale: 1)
            }
        }
        return drawn
    }

    @Test func liftsComeInBurstsEveryPeriodWithNothingBetween() {
        var d = Driver(settings: Self.settings())
        let start = d.now
        let drawn = Self.frames(&d, for: 14_500)
        // The first lift begins attract mode; each one after it is a loop (what recto_attract_loops_total counts).
        #expect(d.logLines.filter { $0.hasPrefix("attract") }
                == ["attract phase=begin", "attract-loop loop=2", "attract-loop loop=3"])
        #expect(d.flips.isEmpty && d.logged("page").isEmpty && d.core.reader.page == 1)
        // Nothing before the quiet time, then a burst of under 2 s at 2 s, 8 s and 14 s, and none between.
        let bursts = [2000.0, 8000, 14_000].map { at in drawn.filter { $0 >= start + at && $0 < start + at + 2000 } }
        #expect(bursts.allSatisfy { $0.count >= 20 }, "frames per burst: \(bursts.map(\.count))")
        #expect(drawn.count == bursts.map(\.count).reduce(0, +), "frames outside the bursts: \(drawn.map { $0 - start })")
        #expect(d.core.nextDeadline == start + 20_000 || d.core.reader.isAttractLifting)
    }

    @Test func theLiftUsesTheCurlAndStaysSmall() {
        var d = Driver(settings: Self.settings())
        _ = Self.frames(&d, for: 2016)
        #expect(d.core.reader.isAttractLifting)
        var most = 0.0
        for _ in 0..<100 {
            _ = Self.frames(&d, for: 16)
            if let leaf = d.core.reader.frame.leaf { most = max(most, leaf.progress) }
        }
        #expect(most > 0.01 && most < 0.2, "the corner lifts a little: progress \(most)")
        #expect(!d.core.reader.isTurning, "and settles back")
    }

    @Test func theHintIsTranslatedAndShownOnlyWhileTheCornerLifts() {
        var d = Driver(settings: Self.settings(), host: Host(translator: Translator(preferences: ["de"])))
        var hints: [AttractHint?] = []
        for _ in 0..<250 {
            d.now += 16
            if let due = d.core.nextDeadline, due <= d.now { d.handle(.timer) }
            let (plan, _) = d.core.nextFrame(now: d.now, framePending: false)
            if let plan {
                hints.append(plan.panels.hint)
                _ = d.core.frameCommitted(plan, at: d.now, cost: 1, renderScale: 1)
            }
        }
        let shown = hints.compactMap { $0 }
        #expect(shown.count >= 20 && hints.last == .some(nil), "the last frame of the lift has no hint")
        // The forward page's bottom-right corner (a left spine), in German.
        #expect(shown.allSatisfy { $0 == AttractHint(text: "Ziehen Sie die Ecke, um umzublättern",
                                                     corner: Vec2(1240, 760), spineOnLeft: true) }, "\(shown.first.map { "\($0)" } ?? "")")
    }

    @Test func theFirstTouchEndsItWithoutTurningAPage() {
        var d = Driver(settings: Self.settings())
        _ = Self.frames(&d, for: 2100)
        #expect(d.core.reader.isAttractLifting)
        // A tap on the forward tap zone, which would turn the page at any other time.
        d.input(tap(at: Vec2(1200, 400), t0: d.now + 10))
        d.run(for: 1000)
        #expect(d.logLines.filter { $0.hasPrefix("attract") } == ["attract phase=begin", "attract phase=end"])
        #expect(d.flips.isEmpty && d.logged("page").isEmpty && !d.core.reader.isTurning, "\(d.logLines)")
        // The next touch is an ordinary one, and the quiet time starts again from the last input.
        d.input(tap(at: Vec2(1200, 400), t0: d.now + 10))
        d.run(for: 1500)
        #expect(d.core.reader.page == 2 && d.flips == ["begin forward", "commit forward"])
        #expect(d.logLines.filter { $0.hasPrefix("attract") }.count == 2)
        _ = Self.frames(&d, for: 2000)
        #expect(d.logLines.filter { $0.hasPrefix("attract") }.last == "attract phase=begin")
    }

    @Test func aKeyEndsItTooAndADragAfterwardsTurnsNormally() {
        var d = Driver(settings: Self.settings())
        _ = Self.frames(&d, for: 2100)
        d.input(key(Keysym.Right, at: d.now + 10))
        d.run(for: 800)
        #expect(d.logged("page").isEmpty && d.core.reader.page == 1, "\(d.logLines)")
        d.input(stroke(from: Scene.rightCorner, to: Vec2(300, 700), steps: 8, interval: 16, at: d.now + 10))
        d.run(for: 1500)
        #expect(d.core.reader.page == 2, "\(d.logLines)")
    }

    @Test func reducedMotionAndNoSettingTurnItOff() {
        for settings in [Self.settings(reducedMotion: true), Driver.settings] {
            var d = Driver(settings: settings)
            let drawn = Self.frames(&d, for: 10_000)
            #expect(drawn.isEmpty && d.logged("attract").isEmpty && !d.core.reader.isTurning)
        }
    }
}
