import Decoding
import Foundation
import Testing

/// The page overlay on the real `recto` under headless weston (1920×1080, the 14-page demo book, no physical
/// size reported: 96 dpi assumed, so the 9 mm targets are 34 px and the track runs from x 192 to 1728 at
/// y 1029). A tap in the middle shows it; a finger drawn along the scrubber to page 9 and lifted jumps there
/// (a cross-fade to the spread holding 9, whose first page, 8, is the `page` event); after 4 s without input it
/// hides by itself; a swipe up from the bottom edge shows it again. The scrubber drag is the scrubber's: no
/// flip, no flick.
@Suite(.serialized) struct OverlayEndToEndTests {
    static let trackY = 1029.0
    /// Page 9 of 14 on the track: 8/13 of the way from 192 to 1728.
    static let page9X = 192 + 1536 * 8.0 / 13

    @Test func aMiddleTapShowsTheOverlayAndTheScrubberJumps() throws {
        let session = try RectoSession.start(width: 1920, height: 1080)
        #expect(try session.waitForEvent("shown").int("page") == 1)
        let cover = try RectoRender.image(["--size", "1920x1080", "--page", "1"]).image

        try session.weston.tap(x: 960, y: 540)
        #expect(try session.waitForEvent("overlay").string("state") == "shown")
        // The thumb (light, at page 1: x 192) and the label drawn where the cover shows nothing of them.
        func changed(_ image: RGBAImage) -> Int {
            var n = 0
            for y in 990..<1060 {
                for x in 160..<1760 {
                    let a = image[x, y], b = cover[x, y]
                    if abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b)) > 60 { n += 1 }
                }
            }
            return n
        }
        // The thumb alone is 34×34; the track adds where it crosses the cover. Within 3 s: it hides after 4.
        let shot = try session.screenshot(timeout: .seconds(3)) { changed($0) > 800 }
        #expect(changed(shot) > 800, "overlay drawn: \(changed(shot)) pixels changed; \(session.weston.artifactsDirectory.path)")
        print("e2e overlay: \(changed(shot)) pixels of the bottom band changed; screenshots in \(session.weston.artifactsDirectory.path)")

        try session.weston.touchDown([Finger(id: 0, x: 200, y: Self.trackY)])
        try session.weston.touchLine(id: 0, from: 200, Self.trackY, to: Self.page9X, Self.trackY, steps: 20,
                                     interval: .milliseconds(16))
        try session.weston.touchUp([0])
        let jump = try session.waitForEvent("jump")
        #expect(jump.int("from") == 1 && jump.int("to") == 9, "jump: \(jump.line)")
        let page = try session.waitForEvent("page")
        #expect(page.int("page") == 8, "the spread 8–9, by its first page: \(page.line)")
        #expect(!session.history.contains { $0.name == "flip" }, "the drag was the scrubber's: \(session.historyText)")

        let hidden = try session.waitForEvent("overlay", timeout: .seconds(8))
        #expect(hidden.string("state") == "hidden")

        // A swipe up from the middle of the bottom edge shows it again, and turns nothing.
        try session.weston.touchDown([Finger(id: 0, x: 960, y: 1078)])
        try session.weston.touchLine(id: 0, from: 960, 1078, to: 960, 900, steps: 10, interval: .milliseconds(16))
        try session.weston.touchUp([0])
        #expect(try session.waitForEvent("overlay").string("state") == "shown")
        let after = try session.events(during: .milliseconds(800))
        #expect(!after.contains { $0.name == "page" || $0.name == "flip" }, "after the swipe: \(after)")
        #expect(session.recto.isRunning)
    }
}
