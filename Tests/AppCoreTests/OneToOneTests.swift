@testable import AppCore
import Panels
import Geometry
import Gestures
import Reader
import Testing

/// The core tells the reader where the page's own pixels are (from the page's source size and the buffer's
/// scale): a pinch released near 1:1 with a large scan settles exactly there, on whole pixels.
struct OneToOneTests {
    /// A pinch about the window's middle, fingers 40 px apart growing by `factor`, lifted without a pause.
    static func pinch(_ d: inout Driver, by factor: Double) {
        let c = Vec2(Scene.width / 2, Scene.height / 2), t0 = d.now + 100
        var events: [InputEvent] = [.touchDown(id: 0, position: c - Vec2(20, 0), time: t0),
                                    .touchDown(id: 1, position: c + Vec2(20, 0), time: t0), .touchFrame]
        for k in 1...20 {
            let half = 20 * (1 + (factor - 1) * Double(k) / 20), t = t0 + Double(k) * 16
            events += [.touchMotion(id: 0, position: c - Vec2(half, 0), time: t),
                       .touchMotion(id: 1, position: c + Vec2(half, 0), time: t), .touchFrame]
        }
        events += [.touchUp(id: 0, time: t0 + 400), .touchUp(id: 1, time: t0 + 400)]
        d.input(events)
        d.run(for: 1500)
    }

    @Test func aPinchReleasedNearOneToOneWithALargeScanSettlesThereOnWholePixels() throws {
        var d = Driver(settings: { var s = Driver.settings; s.spread = .single; return s }())
        let page = d.core.reader.page
        d.handle(.pageReady(page: page, size: Scene.pageSize, sourceSize: PixelSize(width: 6000, height: 7200)))
        d.run(for: 100)
        let placed = try #require(d.core.reader.frame.pages.first { $0.page == page }).rect
        let actual = 6000 / placed.width
        Self.pinch(&d, by: actual * 1.05)
        #expect(d.core.reader.zoom.scale == actual, "\(d.core.reader.zoom.scale) vs 1:1 at \(actual)")
        let corner = d.core.reader.zoom.toScreen(Vec2(placed.minX, placed.minY))
        #expect(abs(corner.x - corner.x.rounded()) < 1e-6 && abs(corner.y - corner.y.rounded()) < 1e-6, "\(corner)")
        // The overlay says so (shown as the keys show it: a tap on a zoomed page pans nothing and shows nothing).
        _ = d.core.toggleOverlay(at: d.now)
        #expect(d.core.overlayPanel(at: d.now)?.label == "1 of 12 · 100 %")
    }

    @Test func vectorPagesHaveNoOneToOneToLandOn() throws {
        var d = Driver(settings: { var s = Driver.settings; s.spread = .single; return s }())
        d.handle(.vectorPages(true))
        let page = d.core.reader.page
        d.handle(.pageReady(page: page, size: Scene.pageSize, sourceSize: PixelSize(width: 4800, height: 5760)))
        d.run(for: 100)
        let placed = try #require(d.core.reader.frame.pages.first { $0.page == page }).rect
        let rendered = 4800 / placed.width
        Self.pinch(&d, by: rendered * 1.05)
        #expect(abs(d.core.reader.zoom.scale - rendered * 1.05) < 0.01, "stays where the fingers left it: a PDF's region space is not its pixels")
    }
}
