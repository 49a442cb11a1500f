import Decoding
import Foundation
import Geometry
import Testing

/// The end-to-end must-shows: injected touches on the demo book's cover at 1920×1080 (double spread,
/// cover alone on the right: page x 960…1700, y 22…1058) turn, cancel, flick and zoom as a reader expects,
/// and a page held mid-drag has its corner under the finger on screen.
/// Touch frames follow each down/motion group, as a touchscreen sends them; pacing is real time because the
/// compositor stamps events when it handles them. Serialized: each test runs a compositor and recto.
@Suite(.serialized) struct GestureEndToEndTests {
    static let page = PageLayout.double(width: 1920, height: 1080).right
    /// 10 px inside the right page's bottom-right corner: inside the 80 px corner grab zone.
    static let corner = (x: Double(page.x + page.width - 10), y: Double(page.y + page.height - 10))
    /// The page's middle, clear of every grab zone.
    static let middle = (x: Double(page.x + page.width / 2), y: Double(page.y + page.height / 2))

    private func startOnCover() throws -> RectoSession {
        let session = try RectoSession.start(width: 1920, height: 1080)
        let shown = try session.waitForEvent("shown")
        #expect(shown.int("page") == 1, "\(shown)")
        return session
    }

    private func phase(_ event: RectoEvent) -> String { "\(event.string("phase") ?? "?") \(event.string("direction") ?? "?")" }

    @Test func cornerDragAcrossThePageCommitsToPageTwo() throws {
        let session = try startOnCover()
        let weston = session.weston
        try weston.touchDown([Finger(id: 0, x: Self.corner.x, y: Self.corner.y)])
        try weston.touchLine(id: 0, from: Self.corner.x, Self.corner.y, to: 450, 950, steps: 20,
                             interval: .milliseconds(16))
        try weston.touchUp([0])

        let begin = try session.waitForEvent("flip")
        #expect(phase(begin) == "begin forward", "\(begin)")
        let end = try session.waitForEvent("flip")
        #expect(phase(end) == "commit forward", "\(end)")
        let page = try session.waitForEvent("page")
        #expect(page.int("page") == 2, "events: \(session.historyText)")
    }

    @Test func shortSlowDragCancels() throws {
        let session = try startOnCover()
        let weston = session.weston
        try weston.touchDown([Finger(id: 0, x: Self.corner.x, y: Self.corner.y)])
        // 60 px in 600 ms (100 px/s), then the finger rests 150 ms before lifting: no speed left at release.
        try weston.touchLine(id: 0, from: Self.corner.x, Self.corner.y, to: Self.corner.x - 60, Self.corner.y,
                             steps: 10, interval: .milliseconds(60))
        weston.sleep(until: .now + .milliseconds(150))
        try weston.touchUp([0])

        let begin = try session.waitForEvent("flip")
        #expect(phase(begin) == "begin forward", "\(begin)")
        let end = try session.waitForEvent("flip")
        #expect(phase(end) == "cancel forward", "events: \(session.historyText)")
        let later = try session.events(during: .seconds(1))
        #expect(!later.contains { $0.name == "page" }, "a page event after a cancel: \(later)")
    }

    @Test func shortFastFlickCommits() throws {
        let session = try startOnCover()
        let weston = session.weston
        try weston.touchDown([Finger(id: 0, x: Self.corner.x, y: Self.corner.y)])
        // 150 px toward the spine in 60 ms (2500 px/s), lifted at once: a fifth of the page, but fast.
        try weston.touchLine(id: 0, from: Self.corner.x, Self.corner.y, to: Self.corner.x - 150, Self.corner.y,
                             steps: 5, interval: .milliseconds(12))
        try weston.touchUp([0])

        let begin = try session.waitForEvent("flip")
        #expect(phase(begin) == "begin forward", "\(begin)")
        let end = try session.waitForEvent("flip")
        #expect(phase(end) == "commit forward", "events: \(session.historyText)")
        let page = try session.waitForEvent("page")
        #expect(page.int("page") == 2, "events: \(session.historyText)")
    }

    @Test func pinchToTwiceTheDistanceZoomsToTwo() throws {
        let session = try startOnCover()
        let weston = session.weston
        let (cx, cy) = Self.middle
        try weston.touchDown([Finger(id: 0, x: cx - 100, y: cy), Finger(id: 1, x: cx + 100, y: cy)])
        try weston.touchStroke(steps: 12, interval: .milliseconds(16)) { i in
            let half = 100 + 100 * Double(i) / 12
            return [Finger(id: 0, x: cx - half, y: cy), Finger(id: 1, x: cx + half, y: cy)]
        }
        try weston.touchUp([0, 1])

        let zoom = try session.waitForEvent("zoom")
        let scale = try #require(zoom.number("scale"), "\(zoom)")
        print("e2e pinch ×2: \(zoom)")
        // ×2 as pinched, or the 2:1 of the page's own pixels when that is within 8 % of it (where it lands then).
        #expect(abs(scale - 2) <= 0.1 || abs(scale / 2 - 1) <= 0.09, "\(zoom)")
        #expect(abs(zoom.number("rotation") ?? .nan) < 1, "\(zoom)")
        #expect(!session.history.contains { $0.name == "flip" || $0.name == "page" }, "\(session.historyText)")
    }

    @Test func secondFingerDuringACurlCancelsItAndZooms() throws {
        let session = try startOnCover()
        let weston = session.weston
        let (x0, y0) = Self.corner
        let held = (x: x0 - 60, y: y0 - 40)
        try weston.touchDown([Finger(id: 0, x: x0, y: y0)])
        try weston.touchLine(id: 0, from: x0, y0, to: held.x, held.y, steps: 6, interval: .milliseconds(16))
        let begin = try session.waitForEvent("flip")
        #expect(phase(begin) == "begin forward", "\(begin)")

        // The second finger lands 120 px up and left of the first; then both spread to twice their distance.
        let other = (x: held.x - 120, y: held.y - 120)
        try weston.touchDown([Finger(id: 1, x: other.x, y: other.y)])
        let cancel = try session.waitForEvent("flip")
        #expect(phase(cancel) == "cancel forward", "events: \(session.historyText)")
        let mid = (x: (held.x + other.x) / 2, y: (held.y + other.y) / 2)
        try weston.touchStroke(steps: 12, interval: .milliseconds(16)) { i in
            let f = 1 + Double(i) / 12
            return [Finger(id: 0, x: mid.x + (held.x - mid.x) * f, y: mid.y + (held.y - mid.y) * f),
                    Finger(id: 1, x: mid.x + (other.x - mid.x) * f, y: mid.y + (other.y - mid.y) * f)]
        }
        try weston.touchUp([0, 1])

        let zoom = try session.waitForEvent("zoom")
        print("e2e curl then pinch ×2: \(zoom)")
        let scale = try #require(zoom.number("scale"), "\(zoom)")
        // ×2 as pinched, or the 2:1 of the page's own pixels when that is within 8 % of it (where it lands then).
        #expect(abs(scale - 2) <= 0.1 || abs(scale / 2 - 1) <= 0.09, "\(zoom)")
        #expect(!session.history.contains { $0.name == "page" }, "\(session.historyText)")
    }

    /// The corner held under the finger, checked on screen. The grabbed corner is the tip of the folded-over
    /// flap, whose back (light paper) now lies over the dark green cover: comparing with a screenshot of the
    /// page at rest, the pixels that became much lighter are the flap (gilt lines on the cover are in both
    /// shots and cancel out). The flap of a bottom-right corner pulled up and left opens down and right from
    /// its tip, so the tip is the flap pixel farthest up-left (smallest x + y) near the finger: it must lie
    /// within a few pixels of the finger. Two 5×5 probes confirm the sides: up-left of the finger the cover is
    /// untouched, down-right of it lies the flap.
    @Test func pageHeldMidDragHasItsCornerUnderTheFinger() throws {
        let session = try startOnCover()
        let weston = session.weston
        let finger = (x: 1300, y: 700)
        let flap = try session.holdCorner(from: Self.corner, at: finger)
        let (rest, held, found) = (flap.rest, flap.held, flap.tip)
        let artifacts = weston.artifactsDirectory.path
        let tipText = found.map { "(\($0.x), \($0.y))" } ?? "none"
        #expect(isUnder(found, finger: finger), "flap tip at \(tipText), finger at \(finger); screenshots in \(artifacts)")

        let outside = PixelRect(x: finger.x - 22, y: finger.y - 22, width: 5, height: 5)
        let inside = PixelRect(x: finger.x + 18, y: finger.y + 18, width: 5, height: 5)
        let unchanged = rest.meanColour(in: outside).distance(to: held.meanColour(in: outside))
        #expect(unchanged < 10, "the cover up-left of the finger changed by \(unchanged)")
        #expect(held.meanColour(in: inside).luminance > 170,
                "down-right of the finger: \(held.meanColour(in: inside)), expected the flap's light paper")
        try weston.touchUp([0])
    }
}
