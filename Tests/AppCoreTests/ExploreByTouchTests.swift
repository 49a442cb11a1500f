import Geometry
import Gestures
import Occurrences
import Panels
import Testing
@testable import AppCore

/// Explore by touch in speech mode: a touch on a control focuses it and has it said, the next tap on
/// the focused item acts; page taps say the page; with speech mode off nothing of this happens.
struct ExploreByTouchTests {
    /// The controls shown always, taps resolved at once (no double-tap wait), speech mode on from the start.
    static func driver(speech: Bool = true) -> Driver {
        var s = AccessibilityTests.settings()
        s.speech = speech
        return Driver(settings: s)
    }

    /// Holds the speech key past its hold time and lets it go: speech mode switches.
    static func holdSpeechKey(_ d: inout Driver) {
        d.input(.key(keysym: Keysym.KP_5, pressed: true, modifiers: [], time: d.now + 50))
        d.run(for: d.core.settings.speechHold + 50)
        d.input(.key(keysym: Keysym.KP_5, pressed: false, modifiers: [], time: d.now + 10))
    }

    static func centre(_ d: Driver, _ a: ControlAction) -> Vec2 {
        d.core.controlBar!.buttons.first { $0.action == a }!.rect.center
    }

    func focused(_ d: Driver) -> [String] {
        d.effects.compactMap { if case .occurred(.focus(let label, _, _)) = $0 { label } else { nil } }
    }

    func pages(_ d: Driver) -> [Int] {
        d.effects.compactMap { if case .occurred(.page(let p, _)) = $0 { p } else { nil } }
    }

    func tapOn(_ p: Vec2, _ d: inout Driver) {
        d.input(tap(at: p, t0: d.now + 100))
        d.run(for: 700)
    }

    @Test func aTouchFocusesAndSaysAControlAndTheNextTapActivatesIt() throws {
        var d = Self.driver()
        let next = Self.centre(d, .next)
        tapOn(next, &d)
        #expect(focused(d) == ["Next page"])
        let said = try #require(d.effects.compactMap { e -> Occurrence? in
            if case .occurred(let o) = e, case .focus = o { o } else { nil }
        }.first?.meaning.speech)
        let order = d.core.focusOrder
        #expect(said == .focus(label: "Next page", index: order.firstIndex(of: .control(.next))! + 1, count: order.count))
        #expect(pages(d).isEmpty && d.logged("flip").isEmpty, "the first tap only focuses: \(d.logLines)")
        #expect(d.core.controlsPanel(now: d.now)?.focus == d.core.controlBar!.buttons.first { $0.action == .next }!.rect,
                "the ring shows on the control touched")
        // The second tap on the focused control turns, as Enter would; it says nothing of the control again.
        tapOn(next, &d)
        #expect(pages(d).count == 1 && focused(d) == ["Next page"], "\(d.logLines)")
        // Still focused: each further tap acts (whatever time passed).
        d.run(for: 5000)
        tapOn(next, &d)
        #expect(pages(d).count == 2)
    }

    @Test func aTapOnAnotherControlMovesTheFocusWithoutActing() {
        var d = Self.driver()
        tapOn(Self.centre(d, .next), &d)
        tapOn(Self.centre(d, .zoomIn), &d)
        #expect(focused(d) == ["Next page", "Zoom in"])
        #expect(!d.core.reader.zoom.isZoomed && pages(d).isEmpty)
        tapOn(Self.centre(d, .zoomIn), &d)
        #expect(d.core.reader.zoom.isZoomed)
    }

    @Test func aFingerSlidingAlongTheRowSaysEachControlItEntersAndActivatesNothing() {
        var d = Self.driver()
        let from = Self.centre(d, .previous), to = Self.centre(d, .next)
        d.input(stroke(from: from, to: to, steps: 40, interval: 16, at: d.now + 100))
        d.run(for: 700)
        #expect(focused(d) == ["Previous page", "Zoom out", "Fit the page", "Zoom in", "Next page"])
        #expect(pages(d).isEmpty && !d.core.reader.zoom.isZoomed)
        // The control it stopped on has the focus: a tap there acts.
        tapOn(to, &d)
        #expect(pages(d).count == 1)
    }

    @Test func withSpeechModeOffATapActsAtOnceAndTheFocusStaysHidden() {
        var d = Self.driver(speech: false)
        tapOn(Self.centre(d, .next), &d)
        #expect(pages(d).count == 1 && focused(d).isEmpty)
        // Switched on and off again by the speech key: as before.
        Self.holdSpeechKey(&d)
        Self.holdSpeechKey(&d)
        #expect(d.logLines.filter { $0.hasPrefix("speech") } == ["speech state=on by=visitor", "speech state=off by=visitor"])
        tapOn(Self.centre(d, .next), &d)
        #expect(pages(d).count == 2 && focused(d).isEmpty)
        #expect(d.core.controlsPanel(now: d.now)?.focus == nil)
    }

    @Test func speechModeShowsTheRowOfControlsWhateverTheSettingSays() {
        var d = Driver(settings: AccessibilityTests.settings(always: false))
        #expect(d.core.controlsPanel(now: d.now)?.buttons.isEmpty != false, "hidden with the overlay")
        Self.holdSpeechKey(&d)
        #expect(d.core.speechMode && d.core.controlsPanel(now: d.now)?.buttons.count == 5)
        tapOn(Self.centre(d, .next), &d)
        tapOn(Self.centre(d, .next), &d)
        #expect(focused(d) == ["Next page"] && pages(d).count == 1)
        Self.holdSpeechKey(&d)
        #expect(d.core.controlsPanel(now: d.now)?.buttons.isEmpty != false)
    }

    @Test func aTapOnThePageSaysItAgainAndGesturesStillTurn() {
        var d = Self.driver()
        tapOn(Vec2(1200, 400), &d)
        tapOn(Scene.middle, &d)
        #expect(d.logLines.filter { $0.hasPrefix("page-asked") } == ["page-asked page=1", "page-asked page=1"])
        #expect(pages(d).isEmpty && d.logged("overlay").isEmpty, "no turn, no overlay: \(d.logLines)")
        #expect(Occurrence.pageAsked(page: 1).meaning.speech == .pageAgain(1))
        // A companion's curl from the corner turns as ever.
        d.input(stroke(from: Scene.rightCorner, to: Vec2(200, 700), steps: 12, interval: 16, at: d.now + 100))
        d.run(for: 1500)
        #expect(pages(d).count == 1, "\(d.logLines)")
    }

    @Test func aTouchedCoverIsSaidAndTheNextTapOpensIt() throws {
        var d = Self.driver()
        d.handle(.shelf((0..<5).map { ShelfBook(path: "/lib/b\($0)", title: "Book \($0)") }))
        guard case .shelf(let covers, _, _)? = d.core.shelfView(now: d.now) else { Issue.record("no shelf"); return }
        let second = try #require(covers.first { $0.book == 1 }).cover.center
        tapOn(second, &d)
        #expect(focused(d) == ["Book 1"])
        #expect(!d.effects.contains { if case .start(.openShelfBook) = $0 { true } else { false } })
        tapOn(second, &d)
        #expect(d.effects.contains(.start(.openShelfBook(book: 1, path: "/lib/b1"))))
        // In the book, the home control too: said first, then back to the shelf.
        d.handle(.shelfBookOpened(book: 1, pageCount: 5, startPage: 1))
        d.run(for: 700)
        let home = d.core.homeRect.center
        tapOn(home, &d)
        #expect(focused(d).last == "Back to the shelf" && d.core.shelf?.visible == false)
        tapOn(home, &d)
        #expect(d.core.shelf?.visible == true)
    }

    @Test func theFocusedScrubberJumpsWhereItIsTapped() throws {
        var d = Self.driver()
        // Tab shows the overlay with its scrubber; a touch focuses it, a second tap jumps to the page tapped.
        AccessibilityTests().press(Keysym.Tab, &d)
        let track = try #require(d.core.overlayLayout).track
        let end = Vec2(track.maxX - 2, track.center.y)
        tapOn(end, &d)
        #expect(focused(d).last?.hasPrefix("Page 1 of") == true && pages(d).isEmpty, "\(d.logLines)")
        tapOn(end, &d)
        #expect(d.logged("jump").count == 1 && pages(d).last == 12, "\(d.logLines)")
    }
}
