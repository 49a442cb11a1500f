@testable import AppCore
import Panels
import Config
import Geometry
import Gestures
import Testing

/// The on-screen controls, the keyboard focus, reach mode and large text, in the traces' 1280×800
/// window at 96 dpi unless said otherwise.
struct AccessibilityTests {
    static func bar(width: Double = 1280, height: Double = 800, perMM: Double? = nil, reach: Bool = false,
                    large: Bool = false, rtl: Bool = false, zoomed: Bool = false, home: Bool = false) -> ControlBar {
        ControlBar(width: width, height: height, pixelsPerMM: perMM, reach: reach, large: large, rightToLeft: rtl,
                   zoomed: zoomed, home: home)
    }

    static func settings(always: Bool = true, reach: Bool = false, rtl: Bool = false) -> Settings {
        var s = Driver.settings
        s.controls = always ? "always" : "overlay"
        s.reach = reach
        s.rightToLeft = rtl
        s.doubleTapInterval = 0
        return s
    }

    static func x(_ bar: ControlBar, _ a: ControlAction) -> Double { bar.buttons.first { $0.action == a }!.rect.minX }

    func press(_ sym: UInt32, _ d: inout Driver, shift: Bool = false) {
        d.input([.key(keysym: sym, pressed: true, modifiers: shift ? [.shift] : [], time: d.now + 60),
                 .key(keysym: sym, pressed: false, modifiers: shift ? [.shift] : [], time: d.now + 90)])
    }

    func focusLabels(_ d: Driver) -> [String] {
        d.effects.compactMap { if case .occurred(.focus(let label, _, _)) = $0 { label } else { nil } }
    }

    func pages(_ d: Driver) -> [Int] {
        d.effects.compactMap { if case .occurred(.page(let p, _)) = $0 { p } else { nil } }
    }

    // MARK: layout

    @Test func targetsAreAtLeastNineMillimetresAndNeverOverlap() {
        for perMM in [nil, 96 / 25.4, 2 * 96 / 25.4, 10.0] as [Double?] {
            for zoomed in [false, true] {
                let b = Self.bar(perMM: perMM, zoomed: zoomed, home: true)
                let mm = b.target / (perMM ?? 96 / 25.4)
                #expect(mm >= 9, "\(mm) mm at \(String(describing: perMM)) px/mm")
                #expect(b.target >= 24, "WCAG 2.5.8's floor")
                for (i, a) in b.buttons.enumerated() {
                    for c in b.buttons[(i + 1)...] {
                        let apart = a.rect.maxX <= c.rect.minX || c.rect.maxX <= a.rect.minX || a.rect.maxY <= c.rect.minY || c.rect.maxY <= a.rect.minY
                        #expect(apart, "\(a.action) and \(c.action)")
                    }
                    #expect(a.rect.minX >= 0 && a.rect.maxX <= 1280 && a.rect.minY >= 0 && a.rect.maxY <= 800)
                }
            }
        }
        #expect(Self.bar().buttons.map(\.action) == [.previous, .zoomOut, .fit, .zoomIn, .next])
        #expect(Self.bar(zoomed: true).buttons.count == 9, "the four pan steps while zoomed")
        #expect(Self.bar(large: true).target > Self.bar().target)
    }

    @Test func reachModePutsTheRowAndTheShelfInTheLowerHalf() {
        let top = Self.bar(home: true), low = Self.bar(reach: true, home: true)
        #expect(top.band.maxY < 400)
        #expect(low.band.minY > 400 && low.band.maxY <= 800)
        for shape in [(1280.0, 800.0), (800.0, 1280.0)] {
            let shelf = ShelfLayout(width: shape.0, height: shape.1, pixelsPerMM: nil, count: 5, reach: true)
            for i in 0..<shelf.perPage {
                let slot = shelf.slotRect(i)
                #expect(slot.minY >= shape.1 / 2 - 1 && slot.maxY + shelf.titleHeight <= shape.1, "slot \(i) \(slot) in \(shape)")
            }
        }
        let overlay = OverlayLayout(width: 1280, height: 800, pixelsPerMM: nil, bottomInset: 800 - low.band.minY)
        #expect(overlay.hitArea.maxY <= low.band.minY && overlay.hitArea.minY > 400, "the scrubber above the row, low")
    }

    @Test func rightToLeftMirrorsTheRowSoNextIsWhereTheBookTurnsTo() {
        let ltr = Self.bar(zoomed: true), rtl = Self.bar(rtl: true, zoomed: true)
        #expect(Self.x(ltr, .next) > Self.x(ltr, .previous))
        #expect(Self.x(rtl, .next) < Self.x(rtl, .previous))
        #expect(Self.x(rtl, .panLeft) < Self.x(rtl, .panRight), "pan arrows keep the screen's sides")
        #expect(rtl.buttons.map(\.action).first == .previous, "the order is reading order")
        #expect(rtl.buttons.map(\.rect.minX) == rtl.buttons.map(\.rect.minX).sorted(by: >), "which runs right to left")
    }

    @Test func largeTextMakesCapitalsSevenPointThreeMillimetresAtAnyDensity() {
        for perMM in [nil, 96 / 25.4, 192 / 25.4] as [Double?] {
            let scale = TextSize.scale(large: true, pixelsPerMM: perMM)
            let capital = TextSize.overlayPixels * scale * TextSize.capitalRatio / (perMM ?? 96 / 25.4)
            #expect(capital >= 7.3 - 1e-9, "\(capital) mm")
        }
        #expect(TextSize.scale(large: false, pixelsPerMM: 8) == 1)
    }

    @Test func contrastFollowsWCAG() {
        #expect(abs(Contrast.ratio((255, 255, 255), (0, 0, 0)) - 21) < 1e-6)
        #expect(abs(Contrast.ratio((119, 119, 119), (255, 255, 255)) - 4.48) < 0.01, "#777 on white, the textbook case")
        #expect(abs(Contrast.luminance(128, 128, 128) - 0.2159) < 1e-3)
        // The controls' palette (the renderer's ControlColours): light on dark, the ring against the dark bands beside it.
        let dark: (UInt8, UInt8, UInt8) = (33, 33, 36), light: (UInt8, UInt8, UInt8) = (237, 237, 237)
        #expect(Contrast.ratio(light, dark) >= 4.5)
        #expect(Contrast.ratio((255, 214, 0), dark) >= 3)
        #expect(Contrast.ratio(dark, (247, 242, 234)) >= 3, "the dark square on paper")
        #expect(Contrast.ratio(light, (41, 41, 43)) >= 3, "its light edge on the default background")
    }

    // MARK: keys

    @Test func tabShowsTheControlsAndWalksThemInReadingOrderWithoutATrap() {
        var d = Driver(settings: Self.settings(always: false))
        press(Keysym.Tab, &d)
        #expect(d.core.controls.overlay.visible, "the controls come with the overlay")
        for _ in 0..<5 { press(Keysym.Tab, &d) }
        #expect(focusLabels(d) == ["Previous page", "Zoom out", "Fit the page", "Zoom in", "Next page", "Page 1 of 12"],
                "the scrubber says its page")
        press(Keysym.Tab, &d)
        #expect(focusLabels(d).last == "Previous page", "past the last it wraps to the first")
        press(Keysym.Tab, &d, shift: true)
        #expect(focusLabels(d).last == "Page 1 of 12")
        press(Keysym.ISO_Left_Tab, &d)
        #expect(focusLabels(d).last == "Next page")
        d.input(tap(at: Scene.middle, t0: d.now + 100))
        #expect(!d.core.controls.focus.visible, "a touch hides the focus")
        #expect(d.core.controlsPanel(now: d.now)?.focus == nil)
    }

    @Test func enterOnAControlReachesWhatItsKeyReaches() {
        var keys = Driver(settings: Self.settings())
        press(Keysym.Right, &keys)
        keys.run(for: 1000)
        var focus = Driver(settings: Self.settings())
        for _ in 0..<5 { press(Keysym.Tab, &focus) }
        #expect(focusLabels(focus).last == "Next page")
        press(Keysym.Return, &focus)
        focus.run(for: 1000)
        #expect(pages(focus) == pages(keys) && pages(keys).count == 1, "\(focus.logLines)")
        // Space activates while the focus shows, and Right moves the focus then instead of turning.
        press(Keysym.Left, &focus)
        #expect(focusLabels(focus).last == "Zoom in")
        press(Keysym.space, &focus)
        focus.run(for: 600)
        #expect(focus.core.reader.zoom.isZoomed)
        #expect(pages(focus) == pages(keys))
    }

    @Test func theKeypadWorksWithNumLockOnOrOff() {
        var results: [[String]] = []
        for (four, six, eight, two) in [(Keysym.KP_4, Keysym.KP_6, Keysym.KP_8, Keysym.KP_2),
                                        (Keysym.KP_Left, Keysym.KP_Right, Keysym.KP_Up, Keysym.KP_Down)] {
            var d = Driver(settings: Self.settings(always: false))
            for sym in [six, six, four, eight, eight, two] {
                press(sym, &d)
                d.run(for: 700)
            }
            press(Keysym.KP_0, &d)
            d.run(for: 700)
            results.append(d.journal.map { "\($0.intent)" })
            #expect(pages(d).count == 4 && pages(d).last == 1, "\(d.logLines)")
            #expect(d.logged("zoom").count >= 3, "\(d.logLines)")
        }
        #expect(results[0] == results[1])
    }

    @Test func theFocusOrderRunsRightToLeftInARightToLeftBook() throws {
        var d = Driver(settings: Self.settings(rtl: true))
        press(Keysym.Tab, &d)
        press(Keysym.Left, &d)
        press(Keysym.Left, &d)
        press(Keysym.Right, &d)
        #expect(focusLabels(d) == ["Previous page", "Zoom out", "Fit the page", "Zoom out"],
                "Left goes on in reading order, Right back")
        let bar = try #require(d.core.controlBar)
        let zoomOut = bar.buttons.first { $0.action == .zoomOut }!.rect, previous = bar.buttons.first { $0.action == .previous }!.rect
        #expect(zoomOut.minX < previous.minX, "on the screen, reading order runs to the left")
        #expect(d.core.controlsPanel(now: d.now)?.focus == zoomOut, "the ring is drawn around the focused button")
    }

    @Test func theScrubberTakesArrowsAndJumpsOnEnter() {
        var d = Driver(pages: 40, settings: Self.settings())
        d.input(tap(at: Scene.middle, t0: d.now + 100))
        d.run(for: 100)
        press(Keysym.Tab, &d, shift: true)
        #expect(focusLabels(d).last == "Page 1 of 40")
        for _ in 0..<9 { press(Keysym.Right, &d) }
        #expect(focusLabels(d).last == "Page 10 of 40")
        press(Keysym.Return, &d)
        d.run(for: 800)
        #expect(d.logged("jump").count == 1)
        #expect(d.core.reader.position.spread.pages.contains(10))
    }

    @Test func theIdleResetForgetsTheFocus() {
        var s = Self.settings()
        s.idleReset = 2
        var d = Driver(settings: s)
        press(Keysym.Tab, &d)
        press(Keysym.Tab, &d)
        #expect(d.core.controlsPanel(now: d.now)?.focus != nil)
        d.run(for: 2500)
        #expect(d.core.controlsPanel(now: d.now)?.focus == nil && d.core.controls.focus.item == nil)
        press(Keysym.Tab, &d)
        #expect(focusLabels(d).last == "Previous page", "the next visitor starts at the first control")
    }

    // MARK: taps on the controls

    @Test func tapsOnTheControlsTurnZoomAndPanAsTheGesturesDo() throws {
        var d = Driver(settings: Self.settings())
        let bar = try #require(d.core.controlBar)
        func tapOn(_ a: ControlAction) {
            d.input(tap(at: bar.buttons.first { $0.action == a }!.rect.center, t0: d.now + 100))
            d.run(for: 700)
        }
        tapOn(.next)
        tapOn(.next)
        tapOn(.previous)
        let turned = pages(d)
        #expect(turned.count == 3 && turned[0] == turned[2] && turned[1] > turned[0])
        tapOn(.zoomIn)
        #expect(d.core.reader.zoom.isZoomed)
        let zoomed = try #require(d.core.controlBar)
        let before = d.core.reader.zoom.affine
        d.input(tap(at: zoomed.buttons.first { $0.action == .panRight }!.rect.center, t0: d.now + 100))
        d.run(for: 1500)
        #expect(d.core.reader.zoom.affine.tx < before.tx, "the view moved right: the page left")
        d.input(tap(at: zoomed.buttons.first { $0.action == .fit }!.rect.center, t0: d.now + 100))
        d.run(for: 800)
        #expect(!d.core.reader.zoom.isZoomed)
        #expect(d.logLines.filter { $0.hasPrefix("flip phase=commit") }.allSatisfy { $0.hasSuffix("by=tap") }, "\(d.logLines)")
        // Dragged off a button before the lift, it does nothing (WCAG 2.5.2).
        let next = bar.buttons.first { $0.action == .next }!.rect.center
        d.input(stroke(from: next, to: next + Vec2(0, 200), steps: 8, interval: 16, at: d.now + 100))
        d.run(for: 800)
        #expect(pages(d) == turned)
    }

    // MARK: the shelf

    @Test func tabArrowsAndTheKeypadWalkTheShelfAndEnterOpens() {
        var d = Driver(settings: Self.settings())
        d.handle(.shelf((0..<5).map { ShelfBook(path: "/lib/b\($0)", title: "Book \($0)") }))
        press(Keysym.Tab, &d)
        press(Keysym.Right, &d)
        press(Keysym.KP_6, &d)
        press(Keysym.KP_Right, &d)
        #expect(focusLabels(d) == ["Book 0", "Book 1", "Book 2", "Book 3"])
        d.run(for: 400)
        guard case .shelf(let covers, _, _)? = d.core.shelfView(now: d.now) else { Issue.record("no shelf"); return }
        #expect(covers.map(\.book) == [3, 4], "the shelf paged to the focused cover")
        press(Keysym.KP_Enter, &d)
        #expect(d.effects.contains(.start(.openShelfBook(book: 3, path: "/lib/b3"))))
    }
}
