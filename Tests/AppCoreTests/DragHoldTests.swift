@testable import AppCore
import Geometry
import Gestures
import Reader
import Testing

/// A finger that picks up a page whose turn would show pages not decoded yet: nothing moves until they are there
/// (never blank paper under the curl), then the page follows the finger; a stroke lifted meanwhile still turns
/// the page if it meant to.
@Suite struct DragHoldTests {
    /// On spread (2, 3) of 12 pages with 4 and 5 (what a forward turn shows) not decoded; every frame is drawn.
    private func onUndecodedTurn() -> Driver {
        var d = Driver(page: 2)
        d.handle(.pageEvicted(page: 4))
        d.handle(.pageEvicted(page: 5))
        d.withheld = [4, 5]
        return d
    }

    /// The finger, already down, moves from `a` to `b` in `steps` reports 16 ms apart, then lifts if `lift`.
    private func move(_ d: inout Driver, from a: Vec2, to b: Vec2, steps: Int, lift: Bool) {
        let t0 = d.now + 16
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            d.input([.touchMotion(id: 0, position: a + (b - a) * f, time: t0 + Double(k - 1) * 16), .touchFrame])
        }
        if lift { d.input([.touchUp(id: 0, time: d.now + 8), .touchFrame]) }
    }

    @Test func aDragOntoUndecodedPagesWaitsUnderTheFingerThenFollowsIt() {
        var d = onUndecodedTurn()
        let held = Vec2(900, 720)
        d.input(stroke(from: Scene.rightCorner, to: held, steps: 12, interval: 16, at: d.now + 10, lift: false))
        #expect(d.logged("drag-held").count == 1, "\(d.logLines)")
        #expect(d.flips.isEmpty && !d.core.reader.isTurning, "nothing lifts while 4 and 5 are missing")
        #expect(d.core.framesMissingPages == 0)
        d.deliver([4, 5])
        #expect(d.flips == ["begin forward"], "the page is picked up where the finger is: \(d.logLines)")
        #expect(d.core.reader.isDragging)
        let lifted = d.core.reader.frame.leaf?.progress ?? 1
        #expect(lifted < 0.05, "it lifts from rest, not at once to the finger (progress \(lifted))")
        move(&d, from: held, to: Vec2(150, 650), steps: 20, lift: false)
        let followed = d.core.reader.frame.leaf?.progress ?? 0
        #expect(followed > 0.5, "then it follows the finger (progress \(followed))")
        move(&d, from: Vec2(150, 650), to: Vec2(100, 640), steps: 2, lift: true)
        d.run(for: 1500)
        #expect(d.core.reader.page == 4, "\(d.logLines)")
        #expect(d.core.framesMissingPages == 0)
    }

    @Test func aFingerHeldStillGetsThePageSoonAfterItsPagesCome() {
        let held = Vec2(900, 720)
        let drag = { (d: inout Driver) in
            d.input(stroke(from: Scene.rightCorner, to: held, steps: 12, interval: 16, at: d.now + 10, lift: false))
        }
        var decoded = Driver(page: 2)
        drag(&decoded)
        let reference = decoded.core.reader.frame.leaf?.progress ?? 0
        var d = onUndecodedTurn()
        drag(&d)
        d.run(for: 300)
        d.deliver([4, 5])
        #expect(d.core.reader.isAnimating, "the page comes to the finger without input")
        d.run(for: Double(Reader.catchUpDuration) + 50)
        let progress = d.core.reader.frame.leaf?.progress ?? 0
        #expect(abs(progress - reference) < 0.01, "under the finger as if it had followed it: \(progress) vs \(reference)")
        #expect(!d.core.reader.isAnimating)
        #expect(d.core.framesMissingPages == 0)
    }

    @Test func aStrokeLiftedBeforeItsPagesCameStillTurnsThePage() {
        var d = onUndecodedTurn()
        d.input(stroke(from: Scene.rightCorner, to: Vec2(300, 700), steps: 8, interval: 16, at: d.now + 10))
        #expect(d.flips.isEmpty && d.core.reader.page == 2)
        #expect(d.logLines.contains("drag-lifted turns=true"), "\(d.logLines)")
        d.run(for: 200)
        d.deliver([4, 5])
        d.run(for: 1500)
        #expect(d.flips == ["begin forward", "commit forward"], "\(d.logLines)")
        // It waited as a turn, and is still the drag the visitor made (visit statistics count it so).
        #expect(d.logLines.contains("flip phase=commit direction=forward by=drag"), "\(d.logLines)")
        #expect(d.core.reader.page == 4)
        #expect(d.core.framesMissingPages == 0)
    }

    @Test func aDragBegunWhileATurnWaitsComesAfterIt() {
        var d = onUndecodedTurn()
        d.input(key(Keysym.Right, at: d.now + 10))
        #expect(d.logged("turn-waits").count == 1)
        d.input(stroke(from: Scene.rightCorner, to: Vec2(900, 720), steps: 6, interval: 16, at: d.now + 40, lift: false))
        #expect(d.logged("drag-held").count == 1, "behind the turn: \(d.logLines)")
        d.deliver([4, 5])
        #expect(d.flips == ["begin forward", "commit forward"], "the turn first: \(d.logLines)")
        d.run(for: 100)
        #expect(d.flips.count == 3 && d.core.reader.isDragging, "then the drag, from where the turn leads: \(d.logLines)")
        move(&d, from: Vec2(900, 720), to: Vec2(100, 640), steps: 20, lift: true)
        d.run(for: 1500)
        #expect(d.core.reader.page == 6, "\(d.logLines)")
        #expect(d.core.framesMissingPages == 0 && d.core.turnsCleared == 0)
    }

    @Test func aStrokeThatWouldFallBackDoesNothing() {
        var d = onUndecodedTurn()
        d.input(stroke(from: Scene.rightCorner, to: Scene.rightCorner + Vec2(-60, 0), steps: 10, interval: 40,
                       at: d.now + 10, restBeforeLift: 300))
        #expect(d.logLines.contains("drag-lifted turns=false"), "\(d.logLines)")
        #expect(d.flips == ["begin forward", "cancel forward"], "logged as the turn it was: \(d.logLines)")
        d.deliver([4, 5])
        d.run(for: 1500)
        #expect(d.flips.count == 2 && d.core.reader.page == 2, "\(d.logLines)")
    }
}
