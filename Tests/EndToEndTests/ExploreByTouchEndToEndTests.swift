import AppCore
import Decoding
import Foundation
import Geometry
import Testing

/// Explore by touch against a real speech-dispatcher: in speech mode a tap on "Next page" says the
/// control and turns nothing; the next tap on it turns, and the new page is said; a tap on the page says it again.
@Suite(.serialized) struct ExploreByTouchEndToEndTests {
    @Test func aTouchSaysTheControlAndTheNextTapTurns() throws {
        let server = try SpeechDispatcher()
        defer { server.stop() }
        let session = try server.speakingSession(name: "explore", arguments: ["--controls", "always"])
        defer { session.stop() }
        let bar = ControlBar(width: 1280, height: 800, pixelsPerMM: nil, reach: false, large: false, rightToLeft: false,
                             zoomed: false, home: false)
        let next = try #require(bar.buttons.first { $0.action == .next }).rect.center

        // The first tap: the control is focused and said with its place in the order, aloud.
        let before = server.samples.count
        try session.weston.tap(x: next.x, y: next.y)
        let focus = try session.waitForEvent("focus", timeout: .seconds(10))
        #expect(focus.string("label") == "Next page", "\(session.historyText)")
        let index = try #require(focus.int("index")), count = try #require(focus.int("count"))
        // The row in reading order, then the scrubber (the overlay is pinned with the controls).
        #expect(index == bar.buttons.firstIndex { $0.action == .next } && count == bar.buttons.count + 1, "\(focus.line)")
        let said = "Next page, \(index + 1) of \(count)"
        _ = try session.waitForEvent("speech", timeout: .seconds(20)) { $0.string("state") == "sent" && $0.string("text") == said }
        try server.waitForReceived(said)
        let audio = try server.waitForAudio(after: before, seconds: 0.5)
        #expect(rms(audio) > 300, "the control is said aloud: rms \(rms(audio))")
        #expect(!session.history.contains { $0.name == "page" || $0.name == "flip" }, "the first tap turns nothing: \(session.historyText)")
        // The focus ring shows around the control touched (its yellow, and nowhere else).
        let button = try #require(bar.buttons.first { $0.action == .next }).rect
        let ringed = try session.screenshot(timeout: .seconds(10)) { AccessibilityEndToEndTests.yellow(in: $0) > 100 }
        let (near, all) = Self.yellow(in: ringed, near: button, within: 30)
        let shot = try AccessibilityEndToEndTests.save(ringed, "explore-focus.png", session)
        print("explore: \(near) of \(all) yellow px by Next page, \(shot)")
        #expect(all > 100 && Double(near) >= 0.95 * Double(all), "\(near) of \(all) yellow px by the button: \(shot)")

        // The second tap on the focused control turns (events arrive in order: had the first tap turned, page 2
        // would come before this one's page 3), and the new page is said.
        try session.weston.tap(x: next.x, y: next.y)
        #expect(try session.waitForEvent("page", timeout: .seconds(10)).int("page") == 2)
        _ = try session.waitForEvent("speech", timeout: .seconds(20)) { $0.string("state") == "sent" && $0.string("text") == "page 2 of 3, no text" }
        try server.waitForReceived("page 2 of 3, no text")
        #expect(session.history.filter { $0.name == "focus" }.count == 1, "the second tap says no focus again: \(session.historyText)")

        // A tap on the page itself (its middle), once the reader is quiet, says it again: no turn, no overlay. (A
        // tap while something is said only silences it: SpeechTextEndToEndTests.)
        try Self.waitUntilQuiet(try #require(session.ready?.string("control")))
        try session.weston.tap(x: 640, y: 450)
        #expect(try session.waitForEvent("page-asked", timeout: .seconds(10)).int("page") == 2)
        _ = try session.waitForEvent("speech", timeout: .seconds(20)) { $0.string("state") == "sent" && $0.string("text") == "page 2 of 3, no text" }
        let later = try session.events(during: .milliseconds(500))
        #expect(!later.contains { $0.name == "page" || $0.name == "overlay" }, "\(session.historyText)")
        #expect(session.history.filter { $0.name == "page" }.map { $0.int("page") } == [2], "\(session.historyText)")
    }

    /// Waits until `recto ctl status` says speech mode is on and saying nothing.
    static func waitUntilQuiet(_ control: String) throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while try !rectoCtl(["status"], socket: control).reply.contains("\"speech\":\"on\"") {
            guard ContinuousClock.now < deadline else { throw HarnessError.timeout("speech to end") }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// Yellow pixels (every other one) within `margin` px of `rect`, and in the whole image.
    static func yellow(in image: RGBAImage, near rect: Rect, within margin: Double) -> (near: Int, all: Int) {
        var near = 0, all = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) where AccessibilityEndToEndTests.isYellow(image.rgb(x, y)) {
                all += 1
                if Double(x) >= rect.minX - margin, Double(x) <= rect.maxX + margin, Double(y) >= rect.minY - margin,
                   Double(y) <= rect.maxY + margin { near += 1 }
            }
        }
        return (near, all)
    }
}
