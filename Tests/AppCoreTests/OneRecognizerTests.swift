@testable import AppCore
import Geometry
import Gestures
import Testing

/// The shelf, the overlay's scrubber and edge swipe, the home control and attract mode all take their strokes
/// from the one recognizer: one slop, one tap rule, one hold rule, and a control's stroke never reaches the page.
struct OneRecognizerTests {
    private func library(perMM: Double? = nil) -> Driver {
        var d = Driver()
        if let perMM { d.handle(.pixelDensity(perMM: perMM)) }
        d.handle(.shelf(ShelfTests.books(3)))
        d.frame()
        return d
    }

    private func page(perMM: Double? = nil) -> Driver {
        var d = Driver()
        if let perMM { d.handle(.pixelDensity(perMM: perMM)) }
        return d
    }

    private func opened(_ effects: [AppEffect]) -> [Int] {
        effects.compactMap { if case .start(.openShelfBook(let b, _)) = $0 { b } else { nil } }
    }

    private func wobble(at p: Vec2, by dx: Double, t0: Double) -> [InputEvent] {
        [.touchDown(id: 0, position: p, time: t0), .touchMotion(id: 0, position: p + Vec2(dx, 0), time: t0 + 20),
         .touchUp(id: 0, time: t0 + 60)]
    }

    /// The second cover's centre as the shelf lays it out now.
    private func secondCover(_ d: inout Driver) -> Vec2 {
        guard case .shelf(let covers, _, _)? = d.core.shelfView(now: d.now) else { return .zero }
        return covers[1].cover.center
    }

    @Test func aWobbleOpensACoverExactlyWhenItTapsAPageOnAnyScreen() {
        // 2 mm: 7.6 px at 96 dpi, 20 px at 10 px/mm.
        for (perMM, wobbles) in [(nil, [5.0, 7.0, 7.8, 12]), (10.0, [5, 15, 19, 25])] {
            for dx in wobbles {
                var shelf = library(perMM: perMM)
                shelf.input(wobble(at: secondCover(&shelf), by: dx, t0: shelf.now + 100))
                let opens = opened(shelf.effects) == [1]
                var reader = page(perMM: perMM)
                reader.input(wobble(at: Vec2(1100, 400), by: dx, t0: reader.now + 100))
                reader.run(for: 1500)
                let taps = reader.core.reader.page == 2
                #expect(opens == taps, "density \(String(describing: perMM)), wobble \(dx): opens \(opens), taps \(taps)")
                #expect(opens == (dx <= GestureConfig.slop(pixelsPerMM: perMM)))
            }
        }
    }

    @Test func aTapOnTheShelfOrTheHomeControlActsAtOnceAndAHoldOpensNothing() {
        var d = library()
        let cover = secondCover(&d)
        d.input(.touchDown(id: 0, position: cover, time: d.now + 100))
        #expect(opened(d.handle(.input(.touchUp(id: 0, time: d.now + 50)))) == [1], "opened by the up itself")
        d.handle(.shelfBookOpened(book: 1, pageCount: 5, startPage: 1))
        d.deliverWanted()
        d.run(for: 400)
        d.input(.touchDown(id: 0, position: d.core.homeRect.center, time: d.now + 100))
        let home = d.handle(.input(.touchUp(id: 0, time: d.now + 50)))
        #expect(home.contains(.occurred(.shelf(books: 3))), "home by the up itself: \(home)")
        // Held past the tap time, a press on a cover is no tap (the one hold rule).
        let before = opened(d.effects).count
        d.input([.touchDown(id: 0, position: cover, time: d.now + 100), .touchUp(id: 0, time: d.now + 900)])
        d.run(for: 400)
        #expect(opened(d.effects).count == before)
        #expect(d.journal.isEmpty, "the reader saw none of it")
    }

    @Test func aFlickFromTheScrubberOverTheCornerJumpsAndTurnsNothing() {
        var d = Driver()
        d.input(tap(at: Scene.middle, t0: d.now + 100))
        d.run(for: 400)
        let intents = d.journal.count
        // (1165, 750) is on the track's touch band and in the right page's corner grab zone.
        d.input(stroke(from: Vec2(1165, 750), to: Vec2(OverlayPolicyTests.x(ofPage: 5), 700), steps: 4, interval: 10,
                       at: d.now + 100))
        d.run(for: 600)
        #expect(d.logged("jump").count == 1 && d.flips.isEmpty, "\(d.logLines)")
        #expect(d.core.reader.page == 4, "the spread 4–5")
        #expect(d.journal.count == intents, "the reader saw none of it: \(d.journal.dropFirst(intents))")
    }

    @Test func aSecondFingerFlickingWhileTheScrubberIsHeldTurnsNothing() {
        var d = Driver()
        d.input(tap(at: Scene.middle, t0: d.now + 100))
        d.run(for: 400)
        let t0 = d.now + 100
        d.input(.touchDown(id: 0, position: Vec2(OverlayPolicyTests.x(ofPage: 3), OverlayPolicyTests.trackY), time: t0))
        d.input(stroke(1, from: Vec2(1000, 400), to: Vec2(500, 400), steps: 4, interval: 10, at: t0 + 20))
        d.input(.touchUp(id: 0, time: t0 + 100))
        d.run(for: 600)
        #expect(d.flips.isEmpty && d.logLines.contains("jump from=1 to=3"), "\(d.logLines)")
    }

    @Test func theTouchThatEndsAttractModeAndEveryFingerWithItTurnNothing() {
        var d = Driver(settings: AttractModeTests.settings())
        _ = AttractModeTests.frames(&d, for: 2100)
        #expect(d.core.reader.isAttractLifting)
        let t0 = d.now + 10
        // The waking finger stays down while another drags the corner across the page.
        d.input(.touchDown(id: 0, position: Scene.middle, time: t0))
        d.input(stroke(1, from: Scene.rightCorner, to: Vec2(300, 700), steps: 8, interval: 16, at: t0 + 20))
        d.input(.touchUp(id: 0, time: t0 + 200))
        d.run(for: 1000)
        #expect(d.flips.isEmpty && d.core.reader.page == 1 && !d.core.reader.isTurning, "\(d.logLines)")
        // The same with the left button: the press that woke it and its drag do nothing.
        _ = AttractModeTests.frames(&d, for: 2100)
        #expect(d.core.reader.isAttractLifting)
        let t1 = d.now + 10
        d.input([.pointerEnter(position: Scene.rightCorner),
                 .pointerButton(button: PointerButton.left, pressed: true, time: t1 + 10),
                 .pointerMotion(position: Vec2(300, 700), time: t1 + 60),
                 .pointerButton(button: PointerButton.left, pressed: false, time: t1 + 80)])
        d.run(for: 1000)
        #expect(d.flips.isEmpty && d.core.reader.page == 1, "\(d.logLines)")
        // Afterwards a drag turns as always.
        d.input(stroke(from: Scene.rightCorner, to: Vec2(300, 700), steps: 8, interval: 16, at: d.now + 10))
        d.run(for: 1500)
        #expect(d.core.reader.page == 2, "\(d.logLines)")
    }
}
