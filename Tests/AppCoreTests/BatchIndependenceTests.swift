@testable import AppCore
import Geometry
import Gestures
import Testing
import TestSupport

/// Input means what it meant when it happened, not when it is read: every stroke gives the same intents (with
/// the same times) and the same reader outcome whether each event is processed as it arrives, with frames in
/// between, or the reader is busy for a while and then reads the whole tail in one batch.
@Suite struct BatchIndependenceTests {
    struct Outcome: Equatable, CustomStringConvertible {
        var intents: [TimedIntent]
        var log: [String]
        var page: Int
        var zoom: Double

        var description: String { "page \(page), zoom \(zoom), log \(log)" }
    }

    /// Plays `events` live up to `busyFrom`; from there the reader is busy (no frames, no timers) until 300 ms after
    /// the last event, then reads the rest at once. Then everything settles.
    static func play(_ events: [InputEvent], busyFrom: Int?, page: Int = 1, zoomedFirst: Bool = false) -> Outcome {
        let start = (events.compactMap(\.time).first ?? 1000) - 2000
        var d = Driver(at: start, page: page)
        if zoomedFirst {
            d.input(tap(at: Scene.middle, t0: start + 100) + tap(at: Scene.middle, t0: start + 250))
            d.run(for: 800)
        }
        d.core.journal = []
        let before = d.effects.count
        let split = busyFrom ?? events.count
        d.input(Array(events[..<split]))
        if split < events.count {
            // Busy: the events queue up in the socket; they are read together well after the last one.
            d.now = (events.compactMap(\.time).last ?? d.now) + 300
            for event in events[split...] { d.handle(.input(event)) }
            d.frame()
        }
        d.run(for: 3000)
        var tail = d
        tail.effects = Array(d.effects[before...])
        return Outcome(intents: d.journal, log: tail.logLines, page: d.core.reader.page, zoom: d.core.reader.zoom.scale)
    }

    static func check(_ name: String, _ events: [InputEvent], page: Int = 1, zoomedFirst: Bool = false,
                      expect: ((Outcome) -> Bool)? = nil) {
        let live = play(events, busyFrom: nil, page: page, zoomedFirst: zoomedFirst)
        if let expect { #expect(expect(live), "\(name) live: \(live)") }
        // The busy stretch starts at the last ten events and at the middle of the stroke.
        for from in Set([max(0, events.count - 10), events.count / 2]) {
            let batch = play(events, busyFrom: from, page: page, zoomedFirst: zoomedFirst)
            #expect(batch.intents == live.intents, "\(name), busy from event \(from): different intents")
            #expect(batch == live, "\(name), busy from event \(from):\n live \(live)\n batch \(batch)")
        }
    }

    @Test(arguments: Trace.names)
    func recordedTrace(_ name: String) throws {
        // The traces' spread (2, 3): both pages can turn.
        Self.check(name, try Trace(name).events, page: 2)
    }

    @Test func slowShortDragFromTheCornerCancels() {
        // 70 px in 700 ms, resting 150 ms before the lift: a tentative peek, whenever it is read.
        let events = stroke(from: Scene.rightCorner, to: Scene.rightCorner + Vec2(-70, 0), steps: 10, interval: 70,
                            at: 10_000, restBeforeLift: 150)
        Self.check("slow cancel", events) { $0.page == 1 && $0.log.contains("flip phase=cancel direction=forward") }
    }

    @Test func fastFlickFromTheCornerCommits() {
        let events = stroke(from: Scene.rightCorner, to: Scene.rightCorner + Vec2(-150, 0), steps: 5, interval: 12,
                            at: 10_000)
        Self.check("fast flick", events) { $0.page == 2 && $0.log.contains("flip phase=commit direction=forward by=drag") }
    }

    @Test func pinch() {
        var events: [InputEvent] = [.touchDown(id: 0, position: Vec2(540, 400), time: 10_000),
                                    .touchDown(id: 1, position: Vec2(740, 400), time: 10_000), .touchFrame]
        for k in 1...15 {
            let s = Double(k) * 8, t = 10_000 + Double(k) * 16
            events += [.touchMotion(id: 0, position: Vec2(540 - s, 400 - s / 4), time: t),
                       .touchMotion(id: 1, position: Vec2(740 + s, 400 + s / 4), time: t), .touchFrame]
        }
        events += [.touchUp(id: 0, time: 10_300), .touchUp(id: 1, time: 10_301)]
        Self.check("pinch", events) { $0.zoom > 1.5 && $0.log.contains { $0.hasPrefix("zoom ") } }
    }

    @Test func panOfAZoomedPage() {
        let events = stroke(from: Vec2(700, 500), to: Vec2(500, 400), steps: 12, interval: 16, at: 10_000)
        Self.check("pan", events, zoomedFirst: true) { o in
            o.intents.contains { if case .panEnd = $0.intent { true } else { false } }
        }
    }
}
