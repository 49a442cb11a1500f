@testable import AppCore
import Config
import Geometry
import Gestures
import Testing

/// The recognizer judges every touch against the view on screen when the touch arrives: after anything that
/// changes the view, a slow drag from a page corner picks the page up (the curl follows the finger) and a second
/// finger cancels it — never a stale zone, a flick turn or a pan.
@Suite struct ViewContextTests {
    /// A slow drag from `corner` that stays down, then a second finger: the page is picked up, then dropped.
    func pickUpAndDrop(_ d: inout Driver, corner: Vec2 = Scene.rightCorner, direction: String = "forward") {
        let before = d.flips.count, page = d.core.reader.page
        let t = d.now + 100
        d.input(stroke(from: corner, to: corner + Vec2(-200, -60), steps: 20, interval: 16, at: t, lift: false))
        let dragging = d.core.reader.isDragging
        #expect(dragging, "the page follows the finger; events: \(d.logLines)")
        d.input(.touchDown(id: 1, position: Scene.middle, time: d.now + 16))
        d.input([.touchUp(id: 1, time: d.now + 40), .touchUp(id: 0, time: d.now + 41)])
        d.run(for: 1500)
        #expect(Array(d.flips.dropFirst(before)) == ["begin \(direction)", "cancel \(direction)"], "\(d.logLines)")
        #expect(d.core.reader.page == page && !d.core.reader.isTurning)
    }

    func doubleTap(_ d: inout Driver, at p: Vec2 = Scene.middle) {
        d.input(tap(at: p, t0: d.now + 50) + tap(at: p, t0: d.now + 200))
        d.run(for: 600)
    }

    @Test func afterDoubleTapZoomInAndOut() {
        var d = Driver()
        doubleTap(&d)
        #expect(d.core.reader.zoom.isZoomed)
        doubleTap(&d)
        #expect(!d.core.reader.zoom.isZoomed)
        pickUpAndDrop(&d)
    }

    @Test func afterPinchZoomAndTheZeroKey() {
        var d = Driver()
        let t = d.now + 50
        d.input([.touchDown(id: 0, position: Vec2(540, 400), time: t), .touchDown(id: 1, position: Vec2(740, 400), time: t),
                 .touchFrame])
        for k in 1...10 {
            let s = Double(k) * 10
            d.input([.touchMotion(id: 0, position: Vec2(540 - s, 400), time: t + Double(k) * 16),
                     .touchMotion(id: 1, position: Vec2(740 + s, 400), time: t + Double(k) * 16), .touchFrame])
        }
        d.input([.touchUp(id: 0, time: t + 200), .touchUp(id: 1, time: t + 201)])
        d.run(for: 600)
        #expect(d.core.reader.zoom.isZoomed)
        d.input(key(Keysym.zero, at: d.now + 50))
        d.run(for: 600)
        #expect(!d.core.reader.zoom.isZoomed)
        pickUpAndDrop(&d)
    }

    @Test func afterAKeyboardTurnFromAZoomedPage() {
        var d = Driver()
        doubleTap(&d)
        d.input(key(Keysym.Right, at: d.now + 50))
        d.run(for: 1500)
        #expect(d.core.reader.page == 2 && !d.core.reader.zoom.isZoomed, "\(d.logLines)")
        pickUpAndDrop(&d)
        pickUpAndDrop(&d, corner: Scene.leftCorner, direction: "backward")
    }

    @Test func afterAnIdleResetFromAZoomedPage() {
        var settings = Driver.settings
        settings.idleReset = 5
        var d = Driver(settings: settings)
        d.input(key(Keysym.Right, at: d.now + 50) + key(Keysym.Right, at: d.now + 100))
        d.run(for: 1500)
        #expect(d.core.reader.page == 4)
        doubleTap(&d)
        #expect(d.core.reader.zoom.isZoomed)
        d.run(for: 7000)
        #expect(d.logged("idle-reset").count == 1 && d.core.reader.page == 1, "\(d.logLines)")
        #expect(!d.core.reader.zoom.isZoomed)
        pickUpAndDrop(&d)
    }

    @Test func afterTurnsThatCompleteAndCancel() {
        var d = Driver()
        d.input(stroke(from: Scene.rightCorner, to: Vec2(200, 700), steps: 20, interval: 16, at: d.now + 50))
        d.run(for: 1500)
        #expect(d.core.reader.page == 2, "\(d.logLines)")
        pickUpAndDrop(&d, corner: Scene.leftCorner, direction: "backward")
        pickUpAndDrop(&d)
    }

    @Test func afterARotationAndBack() {
        var d = Driver()
        d.handle(.configured(width: 800, height: 1280, scale: 1))
        d.run(for: 600)
        // Single page mode: the page is 720×864 at (40, 208).
        pickUpAndDrop(&d, corner: Vec2(750, 1062))
        d.handle(.configured(width: Scene.width, height: Scene.height, scale: 1))
        d.run(for: 600)
        pickUpAndDrop(&d)
        // Zoomed, the view survives the rotation, and a drag where the corner was pans the zoomed page.
        doubleTap(&d)
        d.handle(.configured(width: 800, height: 1280, scale: 1))
        d.run(for: 600)
        d.input(stroke(from: Vec2(750, 1062), to: Vec2(550, 1000), steps: 10, interval: 16, at: d.now + 50))
        #expect(d.journal.last.map { if case .panEnd = $0.intent { true } else { false } } == true, "\(d.journal.last!)")
    }

    @Test func afterTheBookShrinksUnderTheSpread() {
        var d = Driver(page: 2)
        #expect(d.core.reader.position.spread.pages == [2, 3])
        d.handle(.bookReloaded(pageCount: 2))
        d.run(for: 100)
        // Page 3 is gone: its corner picks nothing up; the left page still turns back.
        d.input(stroke(from: Scene.rightCorner, to: Scene.rightCorner + Vec2(-200, 0), steps: 10, interval: 16,
                       at: d.now + 50))
        d.run(for: 600)
        #expect(!d.journal.contains { if case .curlBegin(let b) = $0.intent { b.direction == .forward } else { false } })
        #expect(d.core.reader.page == 2, "\(d.logLines)")
        pickUpAndDrop(&d, corner: Scene.leftCorner, direction: "backward")
    }
}
