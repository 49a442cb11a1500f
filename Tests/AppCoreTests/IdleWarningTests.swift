import Config
import Geometry
import Gestures
import Occurrences
import Panels
import Testing
@testable import AppCore

/// The idle warning (WCAG 2.2.1): a countdown at least 20 s before the idle reset or attract mode takes an open
/// book, extended by any touch or key (which does nothing else), as often as the visitor answers.
@Suite struct IdleWarningTests {
    static func settings(idle: Double? = 60_000, warning: Double? = 20_000, attract: Double? = nil,
                         reducedMotion: Bool = false) -> Settings {
        var s = Driver.settings
        s.idleReset = (idle ?? 0) / 1000
        s.idleWarning = (warning ?? 0) / 1000
        s.attractAfter = (attract ?? 0) / 1000
        s.reducedMotion = reducedMotion
        return s
    }

    /// A reader turned to page 3 by a Right key at `d.now`; returns the key's time.
    static func reading(_ settings: Settings = settings()) -> (Driver, Double) {
        var d = Driver(settings: settings)
        let t = d.now + 100
        d.input(key(Keysym.Right, at: t))
        d.run(for: 1000)
        #expect(d.core.reader.page == 2 || d.core.reader.page == 3)
        return (d, t)
    }

    static func warnings(_ d: Driver) -> [Int] { d.logged("idle-warning").compactMap { $0.intField("seconds_left") } }
    static func extensions(_ d: Driver) -> [Int] { d.logged("idle-extended").compactMap { $0.intField("count") } }

    @Test func theCountdownShowsTwentySecondsBeforeTheResetWhichComesExactlyAtItsDeadline() throws {
        var (d, t) = Self.reading()
        let page = d.core.reader.page
        // The key's release at t + 30 is the last input: the reset is due 60 s after it.
        let deadline = t + 30 + 60_000
        d.advanceClock(to: deadline - 20_001)
        #expect(Self.warnings(d).isEmpty && d.core.idle.warning.countdown == nil)
        d.advanceClock(to: deadline - 20_000)
        #expect(Self.warnings(d) == [20])
        let plan = try #require(d.core.idleWarningPanel(at: d.now))
        #expect(plan.title == "Still reading?")
        #expect(plan.line == "The book closes in 20 s — touch anywhere to continue")
        #expect(plan.box.center == Vec2(Scene.width / 2, Scene.height / 2))
        #expect(d.core.status(now: d.now).field("idle_warning_seconds") == .int(20), "recto ctl status says so")
        d.advanceClock(to: deadline - 3400)
        #expect(d.core.idleWarningPanel(at: d.now)?.line == "The book closes in 4 s — touch anywhere to continue")
        #expect(Self.warnings(d) == [20, 10], "announced again at 10 s left, for speech")
        d.advanceClock(to: deadline - 0.5)
        #expect(d.logged("idle-reset").isEmpty && d.core.reader.page == page)
        // The timer fires exactly at the deadline: the countdown goes and the reset acts in the same look.
        d.advanceClock(to: deadline)
        #expect(d.logged("idle-reset").count == 1 && d.core.idle.warning.countdown == nil)
        d.run(for: 2000)
        #expect(d.core.reader.page == 1)
        #expect(d.core.idleWarningPanel(at: d.now) == nil)
    }

    @Test func aTapExtendsAndDoesNothingElse() {
        var (d, t) = Self.reading()
        let page = d.core.reader.page
        d.advanceClock(to: t + 30 + 45_000)
        #expect(Self.warnings(d) == [20])
        let flips = d.flips.count
        // A tap on the forward tap zone would turn the page: while the countdown shows it only extends.
        d.input(tap(at: Vec2(1200, 400), t0: d.now + 10))
        d.run(for: 1000)
        #expect(Self.extensions(d) == [1])
        #expect(d.flips.count == flips && d.core.reader.page == page && d.core.idle.warning.countdown == nil)
        // The reset is 60 s after the tap's lift now, its countdown 20 s before it.
        let lift = d.now - 1000
        d.advanceClock(to: lift + 39_000)
        #expect(Self.warnings(d) == [20])
        d.advanceClock(to: lift + 40_100)
        #expect(Self.warnings(d) == [20, 20])
        // Later taps are the visitor's again.
        d.input(tap(at: Vec2(1200, 400), t0: d.now + 10))
        d.run(for: 500)
        d.input(tap(at: Vec2(1200, 400), t0: d.now + 10))
        d.run(for: 1000)
        #expect(d.core.reader.page > page, "the second tap after the answer turns: \(d.logLines)")
    }

    @Test func tenExtensionsInARowAndMoreWork() {
        var (d, _) = Self.reading(Self.settings(idle: 25_000))
        let page = d.core.reader.page
        for n in 1...12 {
            d.run(for: 5000)
            #expect(d.core.idle.warning.countdown != nil, "countdown \(n)")
            d.input(key(Keysym.Right, at: d.now + 5))
            d.run(for: 50)
        }
        #expect(Self.extensions(d) == Array(1...12), "no cap at ten")
        #expect(d.core.reader.page == page && d.logged("idle-reset").isEmpty, "\(d.logLines)")
        d.run(for: 26_000)
        #expect(d.logged("idle-reset").count == 1)
        // The count starts again once a countdown ran out.
        d.run(for: 2000)
        d.input(key(Keysym.Right, at: d.now + 5))
        d.run(for: 6000)
        #expect(d.core.idle.warning.countdown != nil)
        d.input(key(Keysym.Right, at: d.now + 5))
        #expect(Self.extensions(d).last == 1)
    }

    /// An idle reset shorter than the warning waits for a full countdown, shown 3 s after the last input.
    @Test func aShortIdleResetWaitsForTheWholeCountdown() {
        var (d, t) = Self.reading(Self.settings(idle: 2000))
        let last = t + 30
        d.advanceClock(to: last + 2999)
        #expect(Self.warnings(d).isEmpty && d.logged("idle-reset").isEmpty)
        d.advanceClock(to: last + 3000)
        #expect(Self.warnings(d) == [20])
        d.advanceClock(to: last + 22_999)
        #expect(d.logged("idle-reset").isEmpty)
        d.advanceClock(to: last + 23_000)
        #expect(d.logged("idle-reset").count == 1)
        #expect(AppCore.idleWarningNotice(Self.settings(idle: 2000, warning: 20_000))?.contains("the book closes 23 s after") == true)
        #expect(AppCore.idleWarningNotice(Self.settings(idle: 120_000, warning: 20_000)) == nil)
        #expect(AppCore.idleWarningNotice(Self.settings(idle: 2000, warning: nil)) == nil)
    }

    @Test func atTheCoverNothingIsLostAndNothingIsShown() {
        var d = Driver(settings: Self.settings(idle: 25_000))
        d.input(.pointerMotion(position: Scene.middle, time: d.now + 10))
        d.run(for: 30_000)
        #expect(Self.warnings(d).isEmpty && d.logged("idle-reset").isEmpty)
    }

    @Test func offMeansTheResetActsOnTime() {
        var (d, t) = Self.reading(Self.settings(idle: 2000, warning: nil))
        d.advanceClock(to: t + 30 + 2000)
        #expect(d.logged("idle-reset").count == 1 && Self.warnings(d).isEmpty)
    }

    @Test func zoomedOnTheCoverItWarnsAndAKeyExtendsWithoutZooming() {
        var d = Driver(settings: Self.settings(idle: 25_000))
        d.input(key(Keysym.equal, at: d.now + 10))
        d.run(for: 1000)
        let scale = d.core.reader.zoom.scale
        #expect(scale > 1.05)
        d.run(for: 5000)
        #expect(Self.warnings(d) == [20])
        d.input(key(Keysym.equal, at: d.now + 10))
        d.run(for: 1000)
        #expect(Self.extensions(d) == [1] && d.core.reader.zoom.scale == scale, "the key only extended")
    }

    /// A second finger while the first, which answered, is still down: nothing zooms or turns.
    @Test func aSecondFingerDuringTheAnswerDoesNothing() {
        var (d, _) = Self.reading(Self.settings(idle: 25_000))
        let page = d.core.reader.page, scale = d.core.reader.zoom.scale
        d.run(for: 6000)
        #expect(d.core.idle.warning.countdown != nil)
        let t = d.now + 10
        d.input([.touchDown(id: 0, position: Vec2(500, 400), time: t), .touchFrame])
        d.input([.touchDown(id: 1, position: Vec2(700, 400), time: t + 40), .touchFrame])
        d.input(stroke(1, from: Vec2(700, 400), to: Vec2(1000, 400), steps: 6, interval: 16, at: t + 60))
        d.input(.touchUp(id: 0, time: t + 200))
        d.run(for: 1000)
        #expect(Self.extensions(d) == [1])
        #expect(d.core.reader.page == page && d.core.reader.zoom.scale == scale && d.logged("zoom").isEmpty)
    }

    /// A page held still under a finger: the countdown may show; moving on extends and the turn goes on.
    @Test func aHeldPageGoesOnWhenItsFingerAnswers() {
        var d = Driver(settings: Self.settings(idle: 25_000))
        let t = d.now + 10
        d.input(stroke(from: Scene.rightCorner, to: Vec2(900, 600), steps: 5, interval: 16, at: t, lift: false))
        d.run(for: 6000)
        #expect(d.core.idle.warning.countdown != nil, "the book is away from rest, mid-turn")
        d.input(stroke(from: Vec2(900, 600), to: Vec2(200, 500), steps: 5, interval: 16, at: d.now + 10).dropFirst(2).map { $0 })
        d.run(for: 1500)
        #expect(Self.extensions(d) == [1])
        #expect(d.core.reader.page == 2 || d.core.reader.page == 3, "the turn completed: \(d.logLines)")
    }

    @Test func theShelfIsNotWarnedButABookFromItIs() {
        var s = Self.settings(idle: 25_000)
        s.attractAfter = 0
        var d = Driver(settings: s)
        d.handle(.shelf([ShelfBook(path: "/a", title: "A"), ShelfBook(path: "/b", title: "B")]))
        d.input(.pointerMotion(position: Scene.middle, time: d.now + 10))
        d.run(for: 30_000)
        #expect(Self.warnings(d).isEmpty)
        d.handle(.shelfBookOpened(book: 1, pageCount: 8, startPage: 1))
        d.input(.pointerMotion(position: Scene.middle, time: d.now + 10))
        d.run(for: 6000)
        #expect(Self.warnings(d) == [20])
        d.run(for: 20_000)
        #expect(d.logged("idle-reset").count == 1 && d.core.shelfView(now: d.now).map { if case .shelf = $0 { true } else { false } } == true)
    }

    /// Attract mode over an open book waits for a countdown that starts when it would have begun; at the cover
    /// it starts on time, unwarned.
    @Test func attractModeOverAnOpenBookIsWarned() {
        var (d, t) = Self.reading(Self.settings(idle: nil, attract: 8000))
        d.advanceClock(to: t + 30 + 7999)
        #expect(Self.warnings(d).isEmpty)
        d.advanceClock(to: t + 30 + 8000)
        #expect(d.logged("attract").isEmpty && Self.warnings(d) == [20])
        #expect(d.core.idleWarningPanel(at: d.now)?.line.hasPrefix("Touch anywhere to keep reading") == true)
        d.advanceClock(to: t + 30 + 27_999)
        #expect(d.logged("attract").isEmpty)
        d.advanceClock(to: t + 30 + 28_000)
        #expect(d.logged("attract").count == 1)
        var cover = Driver(settings: Self.settings(idle: nil, attract: 8000))
        cover.input(.pointerMotion(position: Scene.middle, time: cover.now + 10))
        cover.run(for: 8100)
        #expect(cover.logged("attract").count == 1 && Self.warnings(cover).isEmpty)
    }

    /// Reduced motion: no fade, and the bar moves only with the number, once a second.
    @Test func reducedMotionShowsAStaticCountdown() throws {
        var (d, t) = Self.reading(Self.settings(idle: 25_000, reducedMotion: true))
        d.advanceClock(to: t + 30 + 5000)
        let first = try #require(d.core.idleWarningPanel(at: d.now))
        #expect(first.opacity == 1 && first.left == 1)
        let later = try #require(d.core.idleWarningPanel(at: d.now + 500))
        #expect(later.left == 1, "still the whole second")
        let next = try #require(d.core.idleWarningPanel(at: d.now + 1000))
        #expect(abs(next.left - 0.95) < 1e-9)
        var moving = Self.reading(Self.settings(idle: 25_000)).0
        moving.advanceClock(to: moving.now + 5000)
        let shown = try #require(moving.core.idle.warning.countdown?.shownAt)
        let fading = try #require(moving.core.idleWarningPanel(at: shown + 100))
        #expect(fading.opacity < 1 && fading.left < 1)
    }

    /// Frames while the countdown shows: every frame with motion, once a second with reduced motion.
    @Test func reducedMotionDrawsOnceASecond() {
        var (d, _) = Self.reading(Self.settings(idle: 25_000, reducedMotion: true))
        d.run(for: 5000)
        #expect(d.core.idle.warning.countdown != nil)
        let drawn = AttractModeTests.frames(&d, for: 5000)
        #expect(drawn.count >= 4 && drawn.count <= 7, "one frame per second: \(drawn.count)")
    }
}

extension LogEvent {
    func intField(_ key: String) -> Int? { if case .int(let v)? = field(key) { v } else { nil } }
}
