import Decoding
import Foundation
import Testing

/// The HiDPI must-show on the real `recto` under headless weston with `--scale=2`: a 1920×1080-pixel
/// output is 960×540 logical units; recto's buffer has the physical pixels (as sharp as `recto render` at
/// 1920×1080), `ready` reports scale 2, and touches land where the finger is. Coordinates below are output
/// framebuffer pixels, the same as the screenshot's (the harness converts them for weston).
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct HiDPIEndToEndTests {
    /// The cover's slot in physical pixels: the layout scales with the window, so it is the 1920×1080 one.
    static let page = PageLayout.double(width: 1920, height: 1080).right
    /// 10 px inside the right page's bottom-right corner, in physical pixels.
    static let corner = (x: Double(page.x + page.width - 10), y: Double(page.y + page.height - 10))

    private func startOnCover() throws -> RectoSession {
        let session = try RectoSession.start(width: 1920, height: 1080, scale: 2)
        let shown = try session.waitForEvent("shown")
        #expect(shown.int("page") == 1, "\(shown)")
        return session
    }

    @Test func bufferHasThePhysicalPixelsAndReadyReportsScaleTwo() throws {
        let session = try startOnCover()
        let ready = try #require(session.ready)
        #expect(ready.number("scale") == 2, "\(ready)")
        #expect(ready.int("width") == 960 && ready.int("height") == 540, "ready should give logical units: \(ready)")
        let info = try session.weston.surfaceInfo(x: 960, y: 540)
        #expect(info == SurfaceInfo(width: 960, height: 540, bufferWidth: 1920, bufferHeight: 1080, bufferScale: 2),
                "recto's surface: \(String(describing: info))")

        // Sharp text: the screen matches an offscreen render at the physical size (an upscaled 960×540 frame
        // would blur every edge of the cover's lettering and gilt lines).
        let reference = try RectoRender.image(["--size", "1920x1080", "--page", "1"])
        let shot = try session.screenshot { image in
            compareImages(image, reference.image).map { $0.meanAbsolute < 3 && $0.fractionWithin >= 0.99 } ?? false
        }
        let difference = try #require(compareImages(shot, reference.image), "screenshot \(shot.width)×\(shot.height)")
        print("e2e scale 2 page 1 vs recto render 1920x1080: \(difference)")
        let where_ = "screenshots in \(session.weston.artifactsDirectory.path), render \(reference.url.path)"
        #expect(difference.meanAbsolute < 3 && difference.fractionWithin >= 0.99, "\(difference); \(where_)")
    }

    @Test func cornerDragAtScaleTwoCommitsToPageTwo() throws {
        let session = try startOnCover()
        let weston = session.weston
        try weston.touchDown([Finger(id: 0, x: Self.corner.x, y: Self.corner.y)])
        try weston.touchLine(id: 0, from: Self.corner.x, Self.corner.y, to: 450, 950, steps: 20,
                             interval: .milliseconds(16))
        try weston.touchUp([0])

        let begin = try session.waitForEvent("flip")
        #expect(begin.string("phase") == "begin" && begin.string("direction") == "forward", "\(begin)")
        let end = try session.waitForEvent("flip")
        #expect(end.string("phase") == "commit", "events: \(session.historyText)")
        let page = try session.waitForEvent("page")
        #expect(page.int("page") == 2, "events: \(session.historyText)")
    }

    /// The grabbed corner stays under the finger: the folded flap's tip (its light back over the dark cover,
    /// found as the lightened pixel farthest up-left near the finger) lies within 8 physical pixels of it.
    /// A touch read in the wrong units would put the tip at half or twice the finger's coordinates.
    @Test func heldCornerIsUnderTheFingerAtScaleTwo() throws {
        let session = try startOnCover()
        let weston = session.weston
        let finger = (x: 1300, y: 700)
        let flap = try session.holdCorner(from: Self.corner, at: finger)
        let found = flap.tip.map { "(\($0.x), \($0.y))" } ?? "none near the finger"
        #expect(isUnder(flap.tip, finger: finger), "flap tip at \(found), finger at \(finger); screenshots in \(weston.artifactsDirectory.path)")
        try weston.touchUp([0])
    }
}
