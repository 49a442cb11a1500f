@testable import AppCore
import Panels
import Book
import Config
import Geometry
import Gestures
import Testing

/// Narration follows the page on screen: asked for the spread that settles, once a visitor is there; stopped
/// (faded) when another settles, at the idle reset, in attract mode and when speech begins; its captions are in
/// the frame at their cue times and the loop wakes when they change.
@Suite struct NarrationPolicyTests {
    static var settings: Settings {
        var s = Driver.settings
        s.narration = true
        return s
    }

    func requests(_ d: Driver, from index: Int = 0) -> [NarrationRequest] {
        d.effects.dropFirst(index).compactMap { if case .start(.narrate(let r)) = $0 { r } else { nil } }
    }

    /// A visitor's key press that turns to the next spread.
    mutating func next(_ d: inout Driver) {
        d.input(key(Keysym.Right, at: d.now + 10))
        d.run(for: 1000)
    }

    @Test func nothingPlaysBeforeAVisitorThenTheSpreadOnScreenPlays() {
        var d = Driver(settings: Self.settings)
        d.run(for: 500)
        #expect(requests(d).isEmpty, "no visitor yet")
        var t = self
        t.next(&d)
        #expect(requests(d) == [.play(pages: d.core.reader.position.spread.pages, language: nil, loudness: .full)])
        let before = d.effects.count
        t.next(&d)
        #expect(requests(d, from: before) == [.stop, .play(pages: d.core.reader.position.spread.pages, language: nil, loudness: .full)])
    }

    @Test func offByDefaultAndSwitchedOnLive() {
        var d = Driver()
        var t = self
        t.next(&d)
        #expect(requests(d).isEmpty)
        d.handle(.control(client: 1, .set("narration", "on")))
        #expect(requests(d) == [.play(pages: d.core.reader.position.spread.pages, language: nil, loudness: .full)])
        var louder = Self.settings
        louder.narrationVolume = 40
        d.handle(.control(client: 1, .set("narration-volume", "40")))
        #expect(requests(d).last == .loudness(NarrationLoudness(louder)))
        d.handle(.control(client: 1, .set("narration", "off")))
        #expect(requests(d).last == .stop)
    }

    @Test func aPageThatFallsBackGoesOnBeingRead() {
        var d = Driver(settings: Self.settings)
        var t = self
        t.next(&d)
        let before = d.effects.count
        // A drag from the right corner a little way, let go: the page falls back.
        d.input(stroke(from: Scene.rightCorner, to: Scene.rightCorner - Vec2(120, 10), steps: 30, interval: 30, at: d.now + 50))
        d.run(for: 1500)
        #expect(d.flips.last == "cancel forward", "\(d.flips)")
        #expect(requests(d, from: before).isEmpty)
    }

    @Test func theIdleResetStopsItAndTheNextVisitorStartsIt() {
        var s = Self.settings
        s.idleReset = 5
        var d = Driver(settings: s)
        var t = self
        t.next(&d)
        t.next(&d)
        let before = d.effects.count
        d.run(for: 6000)
        #expect(d.core.reader.page == 1)
        #expect(requests(d, from: before) == [.stop], "the room may be empty: nothing plays after the reset")
        let visitor = d.effects.count
        d.input(tap(at: Scene.middle, t0: d.now + 10))
        d.run(for: 600)
        #expect(requests(d, from: visitor) == [.play(pages: d.core.reader.position.spread.pages, language: nil, loudness: .full)])
    }

    @Test func attractModeStopsIt() {
        var s = Self.settings
        s.attractAfter = 2
        var d = Driver(settings: s)
        var t = self
        t.next(&d)
        let before = d.effects.count
        d.run(for: 2600)
        #expect(d.logLines.contains("attract phase=begin"))
        #expect(requests(d, from: before) == [.stop])
    }

    @Test func speechBeginningStopsItForThisSpread() {
        var d = Driver(settings: Self.settings)
        var t = self
        t.next(&d)
        let page = d.core.reader.position.spread.pages[0]
        d.handle(.narration(.started(page: page, durationMS: 10_000, captions: nil, heardAt: d.now, afterMS: 40)))
        let before = d.effects.count
        d.handle(.speech(.speaking))
        d.run(for: 500)
        #expect(requests(d, from: before) == [.stop])
    }

    @Test func captionsShowAtTheirCueTimesAndTheLoopWakesForThem() throws {
        var d = Driver(settings: Self.settings)
        var t = self
        t.next(&d)
        let page = d.core.reader.position.spread.pages[0]
        let captions = try Captions.parse("WEBVTT\n\n00:00.500 --> 00:01.500\n<v Curator>The first leaf\nof the book\n\n00:02.000 --> 00:03.000\nFolio two\n")
        let heardAt = d.now + 100
        d.handle(.narration(.started(page: page, durationMS: 3000, captions: captions, heardAt: heardAt, afterMS: 60)))
        #expect(d.core.captionPanel(at: heardAt + 400)?.lines == [], "none yet")
        #expect(d.core.captionPanel(at: heardAt + 400)?.upcoming == ["Curator: The first leaf", "of the book"], "the next prepared")
        #expect(d.core.nextDeadline.map { abs($0 - (heardAt + 500)) < 0.001 } == true, "woken at the first cue")
        #expect(d.core.captionPanel(at: heardAt + 600)?.lines == ["Curator: The first leaf", "of the book"])
        #expect(d.core.captionPanel(at: heardAt + 1700)?.lines == [])
        #expect(d.core.captionPanel(at: heardAt + 2500)?.lines == ["Folio two"])
        d.handle(.narration(.ended(page: page, heardMS: 3000, durationMS: 3000, completed: true)))
        #expect(d.core.captionPanel(at: heardAt + 2500) == nil, "no captions once it ended")
        #expect(d.logLines.last == "narration state=ended page=\(page) heard_ms=3000.0 duration_ms=3000.0")
    }

    @Test func anotherBookPlaysItsOwnFirstSpread() {
        var d = Driver(settings: Self.settings)
        var t = self
        t.next(&d)
        let before = d.effects.count
        d.handle(.bookOpened(pageCount: 12, client: 1))
        d.run(for: 300)
        #expect(requests(d, from: before).contains(.play(pages: d.core.reader.position.spread.pages, language: nil, loudness: .full)))
    }

    @Test func theControlPausesAndGoesOnWithCaptionsHeldAndReplayStartsOver() throws {
        var s = Self.settings
        s.controls = "always"
        var d = Driver(settings: s)
        var t = self
        t.next(&d)
        let spread = d.core.reader.position.spread.pages
        let captions = try Captions.parse("WEBVTT\n\n00:00.000 --> 00:01.000\nOne\n\n00:01.000 --> 00:09.000\nTwo\n")
        let heardAt = d.now
        d.handle(.narration(.started(page: spread[0], durationMS: 10_000, captions: captions, heardAt: heardAt, afterMS: 40)))
        let plan = try #require(d.core.controlsPanel(now: d.now))
        let button = try #require(plan.buttons.first { $0.action == .narration }, "play/pause in the row")
        let replay = try #require(plan.buttons.first { $0.action == .replay }, "and from the start")
        let before = d.effects.count
        d.input(tap(at: button.rect.center, t0: d.now + 10))
        d.run(for: 600)
        #expect(requests(d, from: before) == [.pause])
        #expect(d.logLines.contains("narration state=off by=visitor"))
        d.handle(.narration(.paused(page: spread[0], atMS: 700)))
        d.run(for: 3000)
        #expect(d.core.captionPanel(at: d.now)?.lines == ["One"], "held where it paused, however long")
        // The key goes on with it.
        let resume = d.effects.count
        d.input(key(0x6e, at: d.now + 10))
        #expect(requests(d, from: resume) == [.resume])
        d.handle(.narration(.resumed(page: spread[0], heardAt: d.now - 700)))
        #expect(d.core.captionPanel(at: d.now + 400)?.lines == ["Two"], "timed from the place it went on")
        // Replay: the spread's recording from its start.
        let again = d.effects.count
        d.input(tap(at: replay.rect.center, t0: d.now + 10))
        d.run(for: 600)
        #expect(requests(d, from: again) == [.play(pages: spread, language: nil, loudness: .full)])
        // Ended, the play control plays it again too; R does as the replay control.
        d.handle(.narration(.ended(page: spread[0], heardMS: 10_000, durationMS: 10_000, completed: true)))
        let ended = d.effects.count
        d.input(key(0x6e, at: d.now + 10))
        d.input(key(0x72, at: d.now + 10))
        #expect(requests(d, from: ended) == [.play(pages: spread, language: nil, loudness: .full), .play(pages: spread, language: nil, loudness: .full)])
    }

    @Test func noControlWithoutNarration() {
        var s = Driver.settings
        s.controls = "always"
        let d = Driver(settings: s)
        #expect(d.core.controlsPanel(now: d.now)?.buttons.contains { $0.action == .narration } == false)
    }
}

extension NarrationLoudness {
    /// The loudness of the default settings: all of the recording's level, no quiet hours.
    static let full = NarrationLoudness(percent: 100)
}
