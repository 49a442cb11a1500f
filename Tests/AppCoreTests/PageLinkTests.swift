import Book
import Geometry
import Gestures
import Occurrences
import Panels
import Reader
import Testing
@testable import AppCore

/// Links on the pages: asked for with each page's image, followed by a tap (with the cross-fade), reached by Tab
/// after the controls and followed by Enter, said first in speech mode; gone with their page's image.
struct PageLinkTests {
    /// A link across the middle of `page`'s upper half (away from the tap zones' edges and the grab corners).
    static let link = Rect(x: 0.3, y: 0.2, width: 0.4, height: 0.05)

    static func driver(speech: Bool = false, page: Int = 1) -> Driver {
        var s = AccessibilityTests.settings()
        s.speech = speech
        return Driver(settings: s, page: page)
    }

    /// The first page lying flat on screen, with `links` delivered for it.
    static func linked(_ d: inout Driver, _ links: [PageLink] = [PageLink(rect: link, target: 7)]) -> Int {
        let page = d.core.reader.frame.pages.map(\.page).min()!
        d.handle(.pageLinks(page: page, links: links))
        return page
    }

    /// Where `rect` (fractions of `page`) is on screen now.
    static func onScreen(_ d: Driver, page: Int, _ rect: Rect) -> Rect {
        let frame = d.core.reader.frame
        let placed = frame.pages.first { $0.page == page }!.rect
        let a = frame.view.apply(Vec2(placed.minX + rect.minX * placed.width, placed.minY + rect.minY * placed.height))
        let b = frame.view.apply(Vec2(placed.minX + rect.maxX * placed.width, placed.minY + rect.maxY * placed.height))
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    func jumps(_ d: Driver) -> [Int] {
        d.effects.compactMap { if case .occurred(.linkFollowed(_, let to)) = $0 { to } else { nil } }
    }

    func asked(_ d: Driver, _ page: Int) -> Int {
        d.effects.filter { if case .start(.readPageFacts(page)) = $0 { true } else { false } }.count
    }

    @Test func eachPagesLinksAreAskedOnceWithItsImageAndAgainOnlyAfterItWentAway() {
        var d = Self.driver()
        let page = d.core.reader.page
        #expect(asked(d, page) == 1)
        d.handle(.pageReady(page: page, size: Scene.pageSize, sourceSize: Scene.pageSize))
        #expect(asked(d, page) == 1, "a sharper decode of the same page has the same links")
        d.handle(.pageEvicted(page: page))
        d.handle(.pageReady(page: page, size: Scene.pageSize, sourceSize: Scene.pageSize))
        #expect(asked(d, page) == 2)
    }

    @Test func aTapOnALinkJumpsThereWithTheCrossFadeAndATapBesideItDoesWhatItAlwaysDid() {
        var d = Self.driver()
        let page = Self.linked(&d)
        let r = Self.onScreen(d, page: page, Self.link)
        d.input(tap(at: r.center, t0: d.now + 100))
        d.run(for: 1500)
        #expect(jumps(d) == [7])
        #expect(d.core.reader.position.spread.contains(7), "\(d.logLines)")
        #expect(d.logged("link").count == 1)
        // Beside the link, in the right tap zone: the tap turns as ever.
        let spread = d.core.reader.position.spreadIndex
        d.input(tap(at: Vec2(Scene.width - 60, Scene.height / 2), t0: d.now + 100))
        d.run(for: 1500)
        #expect(d.core.reader.position.spreadIndex == spread + 1 && jumps(d) == [7])
    }

    @Test func aLinkSmallerThanAFingertipIsReachedBesideIt() {
        var d = Self.driver()
        let thin = Rect(x: 0.45, y: 0.3, width: 0.02, height: 0.004)
        let page = Self.linked(&d, [PageLink(rect: thin, target: 9)])
        let r = Self.onScreen(d, page: page, thin)
        #expect(r.height < 4 && r.width < 15)
        // 96 dpi assumed: a 9 mm target is 34 px; 12 px above the link's middle is still on it.
        d.input(tap(at: Vec2(r.center.x, r.center.y - 12), t0: d.now + 100))
        d.run(for: 1500)
        #expect(jumps(d) == [9])
    }

    @Test func aZoomedPageFollowsItsLinkWhereTheZoomPutIt() {
        var d = Self.driver()
        let page = Self.linked(&d)
        let before = Self.onScreen(d, page: page, Self.link)
        d.input([.key(keysym: Keysym.plus, pressed: true, modifiers: [], time: d.now + 50),
                 .key(keysym: Keysym.plus, pressed: false, modifiers: [], time: d.now + 80)])
        d.run(for: 1000)
        #expect(d.core.reader.zoom.isZoomed)
        let zoomed = Self.onScreen(d, page: page, Self.link)
        #expect(zoomed.width > before.width * 1.1)
        d.input(tap(at: zoomed.center, t0: d.now + 100))
        d.run(for: 1500)
        #expect(jumps(d) == [7])
        #expect(!d.core.reader.zoom.isZoomed, "the jump leaves the zoom")
    }

    @Test func tabReachesTheLinksAfterTheControlsAndEnterFollowsOne() {
        var d = Self.driver()
        let page = Self.linked(&d, [PageLink(rect: Self.link, target: 7), PageLink(rect: Rect(x: 0.3, y: 0.6, width: 0.4, height: 0.05), target: 11)])
        let order = d.core.focusOrder
        #expect(order.suffix(2) == [.link(page: page, index: 0), .link(page: page, index: 1)])
        #expect(order.dropLast(2).allSatisfy { if case .control = $0 { true } else { false } })
        for _ in 0..<(order.count - 1) { AccessibilityTests().press(Keysym.Tab, &d) }
        #expect(d.core.controls.focus.item == .link(page: page, index: 0))
        let labels = d.effects.compactMap { if case .occurred(.focus(let label, _, _)) = $0 { label } else { nil } }
        #expect(labels.last == "Link to page 7")
        #expect(d.core.controlsPanel(now: d.now)?.focus == Self.onScreen(d, page: page, Self.link), "the ring is around the link")
        AccessibilityTests().press(Keysym.Tab, &d)
        #expect(d.effects.compactMap { if case .occurred(.focus(let label, _, _)) = $0 { label } else { nil } }.last == "Link to page 11")
        AccessibilityTests().press(Keysym.Return, &d)
        d.run(for: 1500)
        #expect(jumps(d) == [11])
        #expect(d.core.reader.position.spread.contains(11))
        #expect(!d.core.focusOrder.contains { if case .link = $0 { true } else { false } }, "the new spread's links are not known yet")
        #expect(!d.core.controls.focus.visible, "the focus starts over on the new page: the arrows turn again")
    }

    @Test func inSpeechModeTheFirstTapSaysTheLinkAndTheNextFollowsIt() {
        var d = Self.driver(speech: true)
        let page = Self.linked(&d)
        let r = Self.onScreen(d, page: page, Self.link)
        d.input(tap(at: r.center, t0: d.now + 100))
        d.run(for: 700)
        let said = d.effects.compactMap { e -> SpeechCue? in if case .occurred(let o) = e, case .focus = o { o.meaning.speech } else { nil } }
        #expect(said.last.map { if case .focus(let label, _, _) = $0 { label } else { "" } } == "Link to page 7")
        #expect(jumps(d).isEmpty)
        d.input(tap(at: r.center, t0: d.now + 100))
        d.run(for: 1500)
        #expect(jumps(d) == [7])
    }

    @Test func aPagesLinksGoWithItsImage() {
        var d = Self.driver()
        let page = Self.linked(&d)
        let r = Self.onScreen(d, page: page, Self.link)
        d.handle(.pageEvicted(page: page))
        #expect(d.core.focusOrder.allSatisfy { if case .link = $0 { false } else { true } })
        d.input(tap(at: r.center, t0: d.now + 100))
        d.run(for: 1500)
        #expect(jumps(d).isEmpty)
    }

    @Test func aLinkToTheSpreadOnScreenDoesNothing() {
        var d = Self.driver()
        let page = Self.linked(&d, [PageLink(rect: Self.link, target: d.core.reader.page)])
        let r = Self.onScreen(d, page: page, Self.link)
        d.input(tap(at: r.center, t0: d.now + 100))
        d.run(for: 1500)
        #expect(jumps(d).isEmpty && d.logged("flip").isEmpty)
    }
}
