import Decoding
import Foundation
import Geometry
import Testing

/// The spread must-shows on the real `recto` under headless weston, judged from screenshots by each demo
/// page's paper colour: the cover alone on the right at 1920×1080, 1 → (2,3) → (4,5) and back by keys, and a
/// portrait output switching to a single centred page without losing the place.
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct SpreadEndToEndTests {
    /// What a screenshot shows in the layout's page slots, for checks and failure messages.
    struct SpreadView: CustomStringConvertible {
        var left: (page: Int, distance: Double, colour: RGB)
        var right: (page: Int, distance: Double, colour: RGB)
        /// Fraction of the left slot (clear of the spine shadow) that is plain background.
        var leftEmpty: Double

        init(_ image: RGBAImage) {
            let slots = PageLayout.double(width: image.width, height: image.height)
            left = DemoBook.page(in: image, slots.left)
            right = DemoBook.page(in: image, slots.right)
            let clear = PixelRect(x: 0, y: 0, width: slots.right.x - 24, height: image.height)
            leftEmpty = image.fraction(in: clear, within: 3, of: DemoBook.background)
        }

        /// Pages `l` (nil: nothing on the left) and `r` shown, colours within 10 of the book's.
        func shows(_ l: Int?, _ r: Int) -> Bool {
            let leftOK = l.map { left.page == $0 && left.distance < 10 } ?? (leftEmpty > 0.99)
            return leftOK && right.page == r && right.distance < 10
        }

        var description: String {
            "left: page \(left.page) (colour \(left.colour), \(Int(left.distance)) away; \(Int(leftEmpty * 100)) % "
                + "background), right: page \(right.page) (colour \(right.colour), \(Int(right.distance)) away)"
        }
    }

    /// Presses `key`, waits for the `page` event, and returns it with the `flip` events before it.
    private func turn(_ session: RectoSession, _ key: UInt32) throws -> (page: Int?, flips: [RectoEvent]) {
        let before = session.history.count
        try session.weston.chord([], key)
        let page = try session.waitForEvent("page")
        let flips = session.history[before...].filter { $0.name == "flip" }
        return (page.int("page"), Array(flips))
    }

    private func expectSpread(_ session: RectoSession, _ left: Int?, _ right: Int,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shot = try session.screenshot { SpreadView($0).shows(left, right) }
        let view = SpreadView(shot)
        let expected = "\(left.map(String.init) ?? "nothing") | \(right)"
        let artifacts = session.weston.artifactsDirectory.path
        #expect(view.shows(left, right), "expected \(expected): \(view); screenshots in \(artifacts)",
                sourceLocation: sourceLocation)
    }

    @Test func opensInDoubleModeWithTheCoverAloneOnTheRight() throws {
        let session = try RectoSession.start(width: 1920, height: 1080)
        let shown = try session.waitForEvent("shown")
        #expect(shown.int("page") == 1, "\(shown)")
        try expectSpread(session, nil, 1)
        let shot = try session.screenshot()
        let slots = PageLayout.double(width: 1920, height: 1080)
        let rightMargin = PixelRect(x: slots.right.x + slots.right.width + 2, y: 0,
                                    width: 1920 - slots.right.x - slots.right.width - 2, height: 1080)
        #expect(shot.fraction(in: rightMargin, within: 3, of: DemoBook.background) > 0.99,
                "background right of the cover")
    }

    @Test func keysTurnOneToTwoThreeToFourFiveAndBack() throws {
        let session = try RectoSession.start(width: 1920, height: 1080)
        try session.waitForEvent("shown")

        let first = try turn(session, InputCode.keyRight)
        #expect(first.page == 2, "events: \(session.historyText)")
        #expect(first.flips.map { $0.string("direction") }.allSatisfy { $0 == "forward" }, "\(first.flips)")
        #expect(first.flips.contains { $0.string("phase") == "commit" }, "no flip commit: \(session.historyText)")
        try expectSpread(session, 2, 3)

        let second = try turn(session, InputCode.keyRight)
        #expect(second.page == 4, "events: \(session.historyText)")
        try expectSpread(session, 4, 5)

        let back = try turn(session, InputCode.keyLeft)
        #expect(back.page == 2, "events: \(session.historyText)")
        #expect(back.flips.map { $0.string("direction") }.allSatisfy { $0 == "backward" }, "\(back.flips)")
        #expect(back.flips.contains { $0.string("phase") == "commit" }, "no flip commit: \(session.historyText)")
        try expectSpread(session, 2, 3)
    }

    @Test func portraitOutputSwitchesToSingleAndKeepsThePage() throws {
        // Kiosk mode hides the pointer arrow, which would otherwise sit in the screenshot and widen the content bounds.
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--kiosk"])
        try session.waitForEvent("shown")
        #expect(try turn(session, InputCode.keyRight).page == 2, "events: \(session.historyText)")
        try expectSpread(session, 2, 3)
        let pageEventsBefore = session.history.filter { $0.name == "page" }.count

        try session.weston.resizeOutput(width: 1080, height: 1920)
        try waitForSurface(session, width: 1080, height: 1920)
        let slot = PageLayout.single(width: 1080, height: 1920)
        func single(_ image: RGBAImage) -> (page: (page: Int, distance: Double, colour: RGB), bounds: PixelRect?) {
            (DemoBook.page(in: image, slot), image.contentBounds(background: DemoBook.background, tolerance: 6))
        }
        func centred(_ bounds: PixelRect?) -> Bool {
            guard let bounds else { return false }
            // One page wide (a spine shadow may add a few px), centred on the window.
            return abs(bounds.x + bounds.width / 2 - 540) <= 4 && abs(bounds.width - slot.width) <= 24
                && abs(bounds.y + bounds.height / 2 - 960) <= 4
        }
        let shot = try session.screenshot { image in
            let s = single(image)
            return s.page.page == 2 && s.page.distance < 10 && centred(s.bounds)
        }
        let seen = single(shot)
        #expect(shot.width == 1080 && shot.height == 1920)
        let artifacts = session.weston.artifactsDirectory.path
        #expect(seen.page.page == 2 && seen.page.distance < 10,
                "portrait shows \(seen.page), expected page 2; screenshots in \(artifacts)")
        let bounds = seen.bounds.map { "\($0)" } ?? "none"
        #expect(centred(seen.bounds), "page bounds \(bounds), expected one page \(slot) centred")

        // And back to landscape: the spread holding page 2 again.
        try session.weston.resizeOutput(width: 1920, height: 1080)
        try waitForSurface(session, width: 1920, height: 1080)
        try expectSpread(session, 2, 3)
        _ = try session.events(during: .milliseconds(300))  // drain what recto printed meanwhile
        let pageEvents = session.history.filter { $0.name == "page" }
        #expect(pageEvents.count == pageEventsBefore, "the page changed on resize: \(pageEvents)")
    }

    /// Polls the compositor until recto's surface has the given size.
    private func waitForSurface(_ session: RectoSession, width: Int, height: Int) throws {
        let deadline = Deadline(.seconds(5))
        while true {
            let info = try session.weston.surfaceInfo(x: Double(width) / 2, y: Double(height) / 2)
            if info?.width == width && info?.height == height && info?.bufferWidth == width { return }
            guard !deadline.hasPassed else {
                throw HarnessError.timeout("recto's surface to become \(width)×\(height) (now \(String(describing: info)))")
            }
            _ = try? session.recto.waitForExit(timeout: .milliseconds(10))
        }
    }
}
