@testable import AppCore
import Config
import Gestures
import Testing

/// A book opened from the shelf or by `recto ctl open` reads in its own direction (ComicInfo's `Manga`), unless
/// the configuration fixed one.
@Suite struct BookDirectionTests {
    @Test func aRightToLeftBookTurnsTheOtherWayOnTheSamePage() {
        var d = Driver(page: 4)
        #expect(!d.core.reader.config.rightToLeft)
        d.handle(.bookDirection(rightToLeft: true))
        #expect(d.core.reader.config.rightToLeft)
        #expect(d.core.reader.page == 4, "the reader is made again on the same page")
        d.run(for: 100)
        let before = d.core.reader.page
        // Right to left, the page "forward" lies on the left: the left arrow key turns forward.
        d.input(key(Keysym.Left, at: d.now + 10))
        d.run(for: 1500)
        #expect(d.core.reader.page > before, "from \(before) to \(d.core.reader.page)")
        d.handle(.bookDirection(rightToLeft: nil))
        #expect(!d.core.reader.config.rightToLeft, "a book that does not say reads as configured")
    }

    @Test func aFixedDirectionIsKept() throws {
        var settings = Driver.settings
        try settings.set(\.rightToLeft, .bool(false))  // given in the file or by a flag
        var d = Driver(settings: settings)
        d.handle(.bookDirection(rightToLeft: true))
        #expect(!d.core.reader.config.rightToLeft)
    }
}
