import Decoding
import Foundation
import Glibc
import Testing

/// The fast start on the real `recto` under headless weston: the first frame is drawn by the CPU into a
/// wl_shm buffer before any EGL exists, and must look like `recto render`; the GL takes over afterwards and
/// shows what input changed meanwhile. `RECTO_TEST_HOLD_GL=1` holds the GL's start-up back until SIGUSR1, so
/// the screenshots below can only show the CPU's frame.
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct FastStartEndToEndTests {
    static let hold = ["RECTO_TEST_HOLD_GL": "1"]

    private func matches(_ shot: RGBAImage, _ reference: RGBAImage) -> Bool {
        compareImages(shot, reference).map { $0.meanAbsolute < 3 && $0.fractionWithin >= 0.99 } ?? false
    }

    @Test func coverIsShownBeforeTheGLAndTheGLShowsWhatAKeyDidMeanwhile() throws {
        let session = try RectoSession.start(width: 1920, height: 1080, environment: Self.hold, waitForRenderer: false)
        let shown = try session.waitForEvent("shown")
        #expect(shown.int("page") == 1, "\(shown)")
        #expect(try session.weston.surfaceInfo(x: 960, y: 540)
                == SurfaceInfo(width: 1920, height: 1080, bufferWidth: 1920, bufferHeight: 1080, bufferScale: 1))

        let cover = try RectoRender.image(["--size", "1920x1080", "--page", "1"])
        let shot = try session.screenshot { matches($0, cover.image) }
        let difference = try #require(compareImages(shot, cover.image), "screenshot \(shot.width)×\(shot.height)")
        print("e2e CPU first frame vs recto render page 1: \(difference)")
        let where_ = "screenshots in \(session.weston.artifactsDirectory.path), render \(cover.url.path)"
        #expect(difference.meanAbsolute < 3 && difference.fractionWithin >= 0.99, "\(difference); \(where_)")
        // Still the CPU's frame: the GL has not started.
        let meanwhile = try session.events(during: .milliseconds(300))
        #expect(!meanwhile.contains { $0.name == "renderer" }, "events: \(session.historyText)")

        // A key before the GL: the turn starts in the reader state; the GL's first frames show where it went.
        try session.weston.chord([], InputCode.keyRight)
        let flip = try session.waitForEvent("flip")
        #expect(flip.string("phase") == "begin", "events: \(session.historyText)")
        session.recto.send(signal: SIGUSR1)
        let renderer = try session.waitForEvent("renderer", timeout: .seconds(10))
        print("e2e GL start-up after the CPU frame: \(renderer.line)")
        // The turn may land before the GL has started (a 400 ms turn, a GL start-up of seconds on a busy machine).
        let page = try session.history.last { $0.name == "page" } ?? session.waitForEvent("page")
        #expect(page.int("page") == 2, "events: \(session.historyText)")
        // Judged by the pages' paper colours, as the spread tests do.
        let turned = try session.screenshot { SpreadEndToEndTests.SpreadView($0).shows(2, 3) }
        #expect(SpreadEndToEndTests.SpreadView(turned).shows(2, 3),
                "after the turn: \(SpreadEndToEndTests.SpreadView(turned)); screenshots in \(session.weston.artifactsDirectory.path)")
    }

    /// At output scale 2 the CPU's buffer has the physical pixels and the window's buffer scale, like the GL's.
    @Test func cpuFrameAtScaleTwoHasThePhysicalPixels() throws {
        let session = try RectoSession.start(width: 1920, height: 1080, scale: 2, environment: Self.hold,
                                             waitForRenderer: false)
        _ = try session.waitForEvent("shown")
        let info = try session.weston.surfaceInfo(x: 960, y: 540)
        #expect(info == SurfaceInfo(width: 960, height: 540, bufferWidth: 1920, bufferHeight: 1080, bufferScale: 2),
                "recto's surface: \(String(describing: info))")
        let cover = try RectoRender.image(["--size", "1920x1080", "--page", "1"])
        let shot = try session.screenshot { matches($0, cover.image) }
        let difference = try #require(compareImages(shot, cover.image))
        #expect(difference.meanAbsolute < 3 && difference.fractionWithin >= 0.99,
                "\(difference); screenshots in \(session.weston.artifactsDirectory.path)")
    }

    /// Without a usable EGL (no GL vendor library for glvnd) the page is still shown first, then recto ends
    /// with status 4 and the usual message. (Not a `RectoSession`: the window may be gone before it is seen.)
    @Test func withoutEGLThePageIsShownThenStatusFour() throws {
        let weston = try Weston(width: 1280, height: 800)
        defer { weston.stop() }
        let recto = try weston.launchClient(try RectoBinary.locate().path, arguments: ["--log-events", "--no-config"],
                                            environment: ["__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/egl.json"])
        let shown = try recto.stdout!.waitForLine(timeout: .seconds(10), "the shown event") {
            RectoEvent(line: $0)?.name == "shown"
        }
        #expect(RectoEvent(line: shown)?.int("page") == 1, "\(shown)")
        #expect(try recto.waitForExit(timeout: .seconds(10)) == .exited(4))
        try recto.stderr?.waitForEnd(timeout: .seconds(5))
        let stderr = recto.stderr?.text ?? ""
        #expect(stderr.contains("no usable EGL/OpenGL ES 2"), "stderr: \(stderr)")
    }
}
