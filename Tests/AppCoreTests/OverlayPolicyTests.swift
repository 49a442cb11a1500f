@testable import AppCore
import Panels
import Config
import Geometry
import Gestures
import Localization
import Testing

/// The page overlay in the traces' 1280×800 window of 12 pages. No physical size given: 96 dpi, so the 9 mm
/// targets are 34 px, the track runs from x 128 to 1152 at y 749 and a finger picks the thumb up within
/// 25.5 px of that line.
struct OverlayPolicyTests {
    static let trackY = 749.0
    static func x(ofPage page: Int) -> Double { 128 + 1024 * Double(page - 1) / 11 }

    private func shown(page: Int = 1) -> Driver {
        var d = Driver(page: page)
        d.input(tap(at: Scene.middle, t0: d.now + 100))
        d.run(for: 400)
        return d
    }

    @Test func aMiddleTapShowsTheSpreadsPageNumbersAndAnotherHidesThem() {
        var d = shown(page: 4)
        #expect(d.logLines.filter { $0.hasPrefix("overlay") } == ["overlay state=shown"])
        #expect(d.core.overlayPanel(at: d.now)?.label == "4–5 of 12")
        #expect(d.flips.isEmpty && d.logged("page").isEmpty)
        d.input(tap(at: Scene.middle, t0: d.now + 100))
        d.run(for: 400)
        #expect(d.logLines.filter { $0.hasPrefix("overlay") } == ["overlay state=shown", "overlay state=hidden"])
        d.run(for: 250)
        #expect(d.core.overlayPanel(at: d.now) == nil, "faded out")
    }

    @Test func itHidesFourSecondsAfterTheLastInputAndTapZonesStillTurn() {
        var d = shown()
        d.run(for: 3000)
        d.input(tap(at: Vec2(1200, 400), t0: d.now))   // the forward tap zone: turns, and keeps the overlay
        d.run(for: 3500)
        #expect(d.logged("page").count == 1, "the tap zone turned: \(d.logLines)")
        #expect(d.core.overlayPanel(at: d.now) != nil, "input restarted the 4 s")
        #expect(d.core.overlayPanel(at: d.now)?.label == "2–3 of 12")
        d.run(for: 1000)
        #expect(d.core.overlayPanel(at: d.now) == nil)
        #expect(d.logLines.filter { $0.hasPrefix("overlay") } == ["overlay state=shown", "overlay state=hidden"])
    }

    @Test func dragOnTheScrubberJumpsWithACrossFadeAndNeverReachesTheReader() {
        var d = shown()
        let intents = d.journal.count
        let t0 = d.now + 50
        d.input(stroke(from: Vec2(140, Self.trackY + 20), to: Vec2(Self.x(ofPage: 7), Self.trackY - 20),
                       steps: 10, interval: 16, at: t0, lift: false))
        #expect(d.core.overlayPanel(at: d.now)?.label == "Page 7 of 12")
        #expect(abs((d.core.overlayPanel(at: d.now)?.thumb.center.x ?? 0) - Self.x(ofPage: 7)) < 0.01)
        d.input(.touchUp(id: 0, time: t0 + 200))
        #expect(d.journal.count == intents, "the reader saw none of it: \(d.journal.dropFirst(intents))")
        #expect(d.logLines.contains("jump from=1 to=7"))
        #expect(d.logged("page").isEmpty, "the page changes when the fade ends")
        d.run(for: 400)
        #expect(d.logLines.filter { $0.hasPrefix("page") } == ["page page=6"], "the spread 6–7: \(d.logLines)")
        #expect(d.flips.isEmpty)
    }

    @Test func theLeftButtonDragsTheThumbToo() {
        var d = shown()
        let intents = d.journal.count, t0 = d.now + 50
        d.input(.pointerMotion(position: Vec2(Self.x(ofPage: 2), Self.trackY), time: t0))
        d.input(.pointerButton(button: PointerButton.left, pressed: true, time: t0 + 10))
        d.input(.pointerMotion(position: Vec2(Self.x(ofPage: 11), Self.trackY + 100), time: t0 + 50))
        #expect(d.core.overlayPanel(at: d.now)?.label == "Page 11 of 12")
        d.input(.pointerButton(button: PointerButton.left, pressed: false, time: t0 + 80))
        #expect(d.logLines.contains("jump from=1 to=11"))
        #expect(d.journal.count == intents, "the reader saw no press: \(d.journal.dropFirst(intents))")
        d.run(for: 400)
        #expect(d.logLines.filter { $0.hasPrefix("page") } == ["page page=10"])
    }

    @Test func aFingerHeldOnTheThumbKeepsTheOverlayWithoutABusyTimer() {
        var d = shown()
        d.input(.touchDown(id: 3, position: Vec2(Self.x(ofPage: 3), Self.trackY), time: d.now + 10))
        d.run(for: 9000)
        #expect(d.core.overlayPanel(at: d.now)?.label == "Page 3 of 12")
        #expect((d.core.nextDeadline ?? .infinity) > d.now)
        d.input(.touchCancel(time: d.now + 10))
        #expect(d.logged("jump").isEmpty, "a cancelled drag jumps nowhere")
    }

    @Test func touchesOffTheTrackOrWhileHiddenAreTheReaders() {
        var d = Driver()
        // Hidden: a swipe along the track's line is an ordinary flick.
        d.input(stroke(from: Vec2(900, Self.trackY), to: Vec2(500, Self.trackY), steps: 5, interval: 16, at: d.now + 100))
        d.run(for: 600)
        #expect(d.logged("jump").isEmpty && d.flips == ["begin forward", "commit forward"], "\(d.logLines)")
        // Shown: above the touch band the same swipe still turns.
        d.input(tap(at: Scene.middle, t0: d.now + 100))
        d.run(for: 400)
        d.input(stroke(from: Vec2(900, Self.trackY - 40), to: Vec2(500, Self.trackY - 40), steps: 5, interval: 16, at: d.now + 100))
        d.run(for: 600)
        #expect(d.logged("jump").isEmpty && d.flips.count == 4, "\(d.logLines)")
    }

    @Test func targetsFollowTheScreensDensityAndRightToLeftBooksRunFromTheRight() {
        let fallback = OverlayLayout(width: 1280, height: 800, pixelsPerMM: nil)
        #expect(abs(fallback.thumb - 9 * 96 / 25.4) < 1e-9)
        #expect(fallback.hitArea.height >= fallback.thumb)
        let dense = OverlayLayout(width: 1280, height: 800, pixelsPerMM: 10)
        #expect(dense.thumb == 90 && dense.hitArea.height >= 90)
        #expect(fallback.page(atX: 0, count: 12, rightToLeft: false) == 1)
        #expect(fallback.page(atX: 5000, count: 12, rightToLeft: false) == 12)
        #expect(fallback.page(atX: 0, count: 12, rightToLeft: true) == 12)
        for page in 1...12 {
            let x = fallback.thumbX(page: page, count: 12, rightToLeft: true)
            #expect(fallback.page(atX: x, count: 12, rightToLeft: true) == page)
        }
    }

    @Test func theWindowsDensityComesAsAnEvent() {
        var d = shown()
        d.handle(.pixelDensity(perMM: 6))
        #expect(abs((d.core.overlayPanel(at: d.now)?.thumb.width ?? 0) - 54) < 1e-9)
    }

    @Test func aSwipeUpFromTheMiddleOfTheBottomEdgeShowsItAndTurnsNothing() {
        var d = Driver()
        d.input(stroke(from: Vec2(640, 798), to: Vec2(640, 700), steps: 6, interval: 16, at: d.now + 100))
        #expect(d.logLines.filter { $0.hasPrefix("overlay") } == ["overlay state=shown"])
        d.run(for: 600)
        #expect(d.flips.isEmpty && d.logged("page").isEmpty && d.core.overlayPanel(at: d.now) != nil)
        var side = Driver()
        side.input(stroke(from: Vec2(200, 798), to: Vec2(200, 700), steps: 6, interval: 16, at: side.now + 100))
        side.run(for: 600)
        #expect(side.logged("overlay").isEmpty, "only the middle third of the edge")
    }

    @Test func itFadesOutOverAQuarterSecondDrawingFramesOnlyWhileItFades() {
        var d = shown()
        for _ in 0..<400 where d.logged("overlay").count < 2 { d.run(for: 16) }
        #expect(d.logLines.filter { $0.hasPrefix("overlay") } == ["overlay state=shown", "overlay state=hidden"])
        let fading = d.core.overlayPanel(at: d.now)
        #expect(fading.map { $0.opacity > 0 && $0.opacity < 1 } == true, "\(String(describing: fading))")
        #expect(d.core.needsFrame(at: d.now + 16), "the next frame shows it fainter")
        d.run(for: 300)
        #expect(d.core.overlayPanel(at: d.now) == nil && !d.core.needsFrame(at: d.now))
    }

    @Test func aBookWithPageLabelsShowsThem() {
        var d = shown(page: 4)
        d.handle(.pageLabels(["i", "ii", "iii", "iv", "v", "vi"] + (1...6).map { "\($0)" }))
        #expect(d.core.overlayPanel(at: d.now)?.label == "iv–v of 12")
        d.input(.touchDown(id: 0, position: Vec2(Self.x(ofPage: 8), Self.trackY), time: d.now + 10))
        #expect(d.core.overlayPanel(at: d.now)?.label == "Page 2 of 12")
        d.handle(.pageLabels([]))
        #expect(d.core.overlayPanel(at: d.now)?.label == "Page 8 of 12")
    }

    @Test func theLabelIsTranslated() {
        var d = Driver(host: Host(translator: Translator(preferences: ["de"])), page: 4)
        d.input(tap(at: Scene.middle, t0: d.now + 100))
        d.run(for: 400)
        #expect(d.core.overlayPanel(at: d.now)?.label == "4–5 von 12")
        d.input(.touchDown(id: 0, position: Vec2(Self.x(ofPage: 8), Self.trackY), time: d.now + 10))
        #expect(d.core.overlayPanel(at: d.now)?.label == "Seite 8 von 12")
    }
}
