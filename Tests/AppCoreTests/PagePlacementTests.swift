@testable import AppCore
import Gestures
import Testing

/// The book's word on where its pages sit reaches the spreads on screen: an EPUB that opens on a spread shows its
/// first two pages together, and a page it centres stands alone.
struct PagePlacementTests {
    @Test func theBooksSidesAndCentredPagesShapeTheSpreads() {
        var d = Driver(pages: 6)
        #expect(d.core.reader.position.spread.pages == [1], "a printed book's cover, alone")
        d.handle(.pagePlacement(doublePages: [4], sides: [1: .left, 2: .right, 3: .left, 5: .left, 6: .right]))
        #expect(d.core.reader.position.spread.left == 1 && d.core.reader.position.spread.right == 2)
        d.input(.key(keysym: Keysym.Right, pressed: true, modifiers: [], time: d.now + 20))
        d.input(.key(keysym: Keysym.Right, pressed: false, modifiers: [], time: d.now + 40))
        d.run(for: 2000)
        #expect(d.core.reader.position.spread.pages == [3], "3 alone on the left: 4 is a double page")
        #expect(d.core.reader.position.spread.left == 3)
    }

    @Test func aBookThatAsksForOnePageAtATimeGetsItUnlessTheSettingIsGiven() throws {
        var d = Driver(pages: 6)
        #expect(d.core.reader.position.mode == .double)
        d.handle(.pagePlacement(doublePages: [], sides: [:], spread: .single))
        #expect(d.core.reader.position.mode == .single)
        d.handle(.pagePlacement(doublePages: [], sides: [:], spread: nil))
        #expect(d.core.reader.position.mode == .double, "the next book says nothing: the setting's")
        var s = Driver.settings
        try s.set(\.spread, .string("double"))
        var given = Driver(pages: 6, settings: s)
        given.handle(.pagePlacement(doublePages: [], sides: [:], spread: .single))
        #expect(given.core.reader.position.mode == .double, "--spread double wins over the book")
    }
}
