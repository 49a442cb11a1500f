@testable import AppCore
import Panels
import Book
import Config
import Geometry
import Gestures
import Testing

/// The table of contents: opened from its control (a tap, or Tab and Enter), an entry opens its page with the
/// cross-fade; the list scrolls by finger, wheel and keys; a tap beside it, Escape and the idle reset close it.
struct ContentsPanelTests {
    static let entries = [ContentsEntry(title: "Preface", page: 2), ContentsEntry(title: "Roots", page: 4),
                          ContentsEntry(title: "Oak", page: 5, level: 1)]
        + (1...30).map { ContentsEntry(title: "Leaf \($0)", page: min(12, 5 + $0 / 4), level: 1) }

    static func driver(page: Int = 1) -> Driver {
        var s = Driver.settings
        s.controls = "always"
        s.doubleTapInterval = 0
        s.spread = .single
        var d = Driver(settings: s, page: page)
        _ = d.handle(.tableOfContents(entries))
        d.run(for: 100)
        return d
    }

    static func contentsButton(_ d: Driver) throws -> Rect {
        try #require(d.core.controlsPanel(now: d.now)?.buttons.first { $0.action == .contents }).rect
    }

    static func open(_ d: inout Driver) throws {
        d.input(tap(at: try contentsButton(d).center, t0: d.now + 100))
        d.run(for: 200)
    }

    func press(_ sym: UInt32, _ d: inout Driver) {
        d.input([.key(keysym: sym, pressed: true, modifiers: [], time: d.now + 60),
                 .key(keysym: sym, pressed: false, modifiers: [], time: d.now + 90)])
        d.run(for: 100)
    }

    @Test func aBookWithoutContentsHasNoControl() {
        var s = Driver.settings
        s.controls = "always"
        let d = Driver(settings: s)
        #expect(d.core.controlsPanel(now: d.now)?.buttons.contains { $0.action == .contents } == false)
    }

    @Test func aTapOnAnEntryGoesToItsPageAndCloses() throws {
        var d = Self.driver()
        try Self.open(&d)
        #expect(d.logLines.contains("contents state=shown"))
        let plan = try #require(d.core.contentsPanel())
        #expect(plan.rows.prefix(3).map(\.title) == ["Preface", "Roots", "Oak"] && plan.rows[2].level == 1)
        #expect(plan.moreBelow && !plan.moreAbove, "33 entries do not fit in 800 px")
        d.input(tap(at: plan.rows[1].rect.center, t0: d.now + 100))
        d.run(for: 1000)
        #expect(d.core.contentsPanel() == nil)
        #expect(d.logLines.contains("section from=1 to=4 title=Roots"), "\(d.logLines)")
        #expect(d.core.reader.page == 4)
        #expect(d.logLines.contains("contents state=hidden"))
    }

    @Test func itOpensOnTheSectionOnScreenAndTheOverlayNamesIt() throws {
        var d = Self.driver(page: 5)
        try Self.open(&d)
        let plan = try #require(d.core.contentsPanel())
        #expect(plan.rows.first { $0.current }?.title == "Leaf 3", "the last entry starting at or before page 5")
        #expect(plan.rows.first { $0.focused }?.title == "Leaf 3")
        press(Keysym.Escape, &d)
        #expect(d.core.contentsPanel() == nil && d.core.reader.page == 5)
        _ = d.core.toggleOverlay(at: d.now)
        #expect(d.core.overlayPanel(at: d.now)?.label == "5 of 12 · Leaf 3")
    }

    @Test func keysOpenItMoveThroughItAndOpenAnEntry() throws {
        var d = Self.driver()
        // Tab along the row to the contents control (the last), Enter.
        for _ in 0..<12 where d.core.controls.focus.item != .control(.contents) { press(Keysym.Tab, &d) }
        #expect(d.core.controls.focus.item == .control(.contents))
        press(Keysym.Return, &d)
        #expect(d.core.contentsPanel()?.focusShown == true)
        press(Keysym.Down, &d)
        press(Keysym.Down, &d)
        let labels = d.effects.compactMap { if case .occurred(.focus(let label, _, _)) = $0 { label } else { nil } }
        #expect(labels.suffix(3) == ["Contents: Preface, page 2", "Roots, page 4", "Oak, page 5"])
        press(Keysym.Page_Down, &d)
        let plan = try #require(d.core.contentsPanel())
        #expect(plan.moreAbove || plan.rows.contains { $0.focused }, "the focus stays shown as the list scrolls")
        press(Keysym.Home, &d)
        press(Keysym.Down, &d)
        press(Keysym.Return, &d)
        d.run(for: 1000)
        #expect(d.core.reader.page == 4 && d.core.contentsPanel() == nil)
    }

    @Test func aFingerScrollsItAndATapBesideItClosesIt() throws {
        var d = Self.driver()
        try Self.open(&d)
        let before = try #require(d.core.contentsPanel())
        let rows = before.rows, row = rows[1].rect.height
        let start = rows[rows.count - 1].rect.center
        d.input(stroke(from: start, to: start - Vec2(0, 3 * row), steps: 10, interval: 16, at: d.now + 100))
        d.run(for: 200)
        let after = try #require(d.core.contentsPanel())
        #expect(after.rows.first?.title == before.rows[3].title, "dragged up three rows")
        #expect(d.core.reader.page == 1, "a drag opens nothing")
        d.input(tap(at: Vec2(before.box.minX / 2, 400), t0: d.now + 100))
        d.run(for: 200)
        #expect(d.core.contentsPanel() == nil && d.core.reader.page == 1)
    }

    @Test func inSpeechModeATapSaysTheEntryAndTheNextOpensIt() throws {
        var s = Driver.settings
        s.controls = "always"
        s.doubleTapInterval = 0
        s.spread = .single
        s.speech = true
        var d = Driver(settings: s)
        _ = d.handle(.tableOfContents(Self.entries))
        d.run(for: 100)
        // The control too is explored first: one tap says it, the next opens the panel.
        let button = try Self.contentsButton(d).center
        for _ in 0..<2 {
            d.input(tap(at: button, t0: d.now + 100))
            d.run(for: 200)
        }
        let row = try #require(d.core.contentsPanel()).rows[1].rect.center
        d.input(tap(at: row, t0: d.now + 100))
        d.run(for: 200)
        let labels = d.effects.compactMap { if case .occurred(.focus(let label, _, _)) = $0 { label } else { nil } }
        #expect(labels.last == "Roots, page 4" && d.core.reader.page == 1, "said, not opened")
        d.input(tap(at: row, t0: d.now + 100))
        d.run(for: 1000)
        #expect(d.core.reader.page == 4 && d.core.contentsPanel() == nil)
    }

    @Test func anotherBooksContentsCloseTheOpenPanel() throws {
        var d = Self.driver(page: 12)
        try Self.open(&d)
        _ = d.handle(.tableOfContents([ContentsEntry(title: "Only", page: 1)]))
        #expect(d.core.contentsPanel() == nil && d.logLines.contains("contents state=hidden"))
        try Self.open(&d)
        #expect(d.core.contentsPanel()?.rows.map(\.title) == ["Only"])
    }

    @Test func aSecondFingerMakesTheTouchNoTap() throws {
        var d = Self.driver()
        try Self.open(&d)
        let row = try #require(d.core.contentsPanel()).rows[1].rect.center
        let t = d.now + 100
        d.input([.touchDown(id: 0, position: row, time: t), .touchFrame,
                 .touchDown(id: 1, position: Vec2(20, 400), time: t + 30), .touchFrame,
                 .touchUp(id: 1, time: t + 60), .touchFrame, .touchUp(id: 0, time: t + 90), .touchFrame])
        d.run(for: 500)
        #expect(d.core.contentsPanel() != nil && d.core.reader.page == 1, "neither opened nor closed")
        d.input(tap(at: row, t0: d.now + 100))
        d.run(for: 1000)
        #expect(d.core.reader.page == 4, "the next tap acts")
    }

    @Test func theIdleResetClosesIt() throws {
        var d = Self.driver()
        try Self.open(&d)
        _ = d.core.idleReset(now: d.now)
        #expect(d.core.contentsPanel() == nil)
    }
}
