import Decoding
import Foundation
import Testing

/// Narration under weston with a real sound server the test starts on its own socket and records: a turn plays
/// the page's recording as it is, soon after the page settles, with its captions on screen; the next turn stops
/// it; the server killed mid-play and started again, the reader lives and the next page plays.
@Suite(.serialized) struct NarrationEndToEndTests {
    static let rate = PrivatePulseAudio.rate
    static let pages: [Int: [Float]] = [
        2: chirpSignal(seconds: 2.4, rate: rate, low: 200, seed: 2),
        3: chirpSignal(seconds: 1.6, rate: rate, low: 500, seed: 3),
    ]

    /// Four demo pages; pages 2 and 3 have recordings, page 2 captions: two cues with a gap between them.
    static func book() throws -> URL {
        let book = try BookFixtures.copyOfDemo(pages: [1, 2, 3, 4], name: "narrated")
        for (page, signal) in pages {
            try waveFile(signal, rate: rate).write(to: book.appendingPathComponent(String(format: "page-%02d.wav", page)))
        }
        try """
            WEBVTT

            00:00.600 --> 00:01.200
            <v Curator>The first leaf of the book

            00:01.600 --> 00:02.200
            Its second line
            """.write(to: book.appendingPathComponent("page-02.vtt"), atomically: true, encoding: .utf8)
        return book
    }

    /// The narrated book, one page at a time, heard by `sound` (else as `environment` says).
    static func start(heardBy sound: PrivatePulseAudio? = nil, _ extra: String..., environment: [String: String] = [:]) throws -> RectoSession {
        try RectoSession.start(width: 1280, height: 800, arguments: [try book().path, "--narration", "--spread", "single"] + extra,
                               environment: sound.map { ["PULSE_SERVER": $0.address] } ?? environment)
    }

    static func press(_ session: RectoSession, _ code: UInt32) throws {
        try session.weston.key(code, pressed: true)
        try session.weston.key(code, pressed: false)
    }

    /// The caption band: the opaque dark box (RGB about 20, 20, 23) in the lower fifth of the screen, with
    /// light letters in it. Counts its dark and white pixels.
    static func captionBand(_ image: RGBAImage) -> (dark: Int, white: Int) {
        var dark = 0, white = 0
        for y in stride(from: image.height * 4 / 5, to: image.height, by: 2) {
            for x in stride(from: image.width / 4, to: image.width * 3 / 4, by: 2) {
                let p = image.rgb(x, y)
                if p.distance(to: RGB(20, 20, 23)) <= 6 { dark += 1 }
                if p.r > 200 && p.g > 200 && p.b > 200 { white += 1 }
            }
        }
        return (dark, white)
    }

    @Test func aTurnPlaysThePagesRecordingAndCaptionsAndTheNextTurnStopsIt() throws {
        let sound = try PrivatePulseAudio()
        defer { sound.kill() }
        let session = try Self.start(heardBy: sound)
        defer { session.stop() }
        let quiet = try session.events(during: .milliseconds(400))
        #expect(!quiet.contains { $0.name == "narration" }, "nothing plays before a visitor: \(quiet)")
        #expect(Self.captionBand(try session.screenshot()).dark < 50, "no caption band on page 1")

        try Self.press(session, InputCode.keyRight)
        let page = try session.waitForEvent("page")
        #expect(page.int("page") == 2)
        let started = try session.waitForEvent("narration") { $0.string("state") == "started" }
        #expect(started.int("page") == 2 && started.int("captions") == 2, "\(started)")
        // Mid first cue (0.6–1.2 s): the band with its words.
        Thread.sleep(forTimeInterval: 0.9)
        let first = Self.captionBand(try session.screenshot())
        #expect(first.dark > 2000 && first.white > 100, "the caption band at its cue: \(first)")
        // Between the cues (1.2–1.6 s) it is gone.
        let between = try session.screenshot(timeout: .seconds(2)) { Self.captionBand($0).dark < 50 }
        #expect(Self.captionBand(between).dark < 50)
        let ended = try session.waitForEvent("narration", timeout: .seconds(10)) { $0.string("state") != "started" }
        #expect(ended.string("state") == "ended", "\(ended)")
        #expect(Self.captionBand(try session.screenshot()).dark < 50, "no band once it ended")
        // Each caption change reached the screen (the frame that shows it committed) soon after its cue time,
        // counted from when the recording's first sample was heard. (The first cue is not in the turn's last frames:
        // on llvmpipe those cost up to 300 ms each with both cores busy, and a change due then waits for them.)
        let heardAt = try #require(page.number("t")) + (started.number("after_ms") ?? 0)
        let changes = session.history.filter { $0.name == "captions" }
        let when = changes.compactMap { $0.number("t").map { $0 - heardAt } }
        print("narration: caption changes on screen at \(when.map { Int($0) }) ms for cues at [600, 1200, 1600, 2200]")
        #expect(changes.map { $0.string("state") ?? "" } == ["shown", "hidden", "shown", "hidden"], "\(changes)")
        #expect(changes.first?.string("text") == "Curator: The first leaf of the book")
        // Within 100 ms on a quiet machine (docs/narration.md); the bound leaves room for both cores busy.
        for (t, cue) in zip(when, [600.0, 1200, 1600, 2200]) { #expect(abs(t - cue) <= 200, "cue at \(cue) ms on screen at \(t) ms") }

        // What left the server is the page's file, and its first sample left soon after the page settled.
        let heard = try sound.recording()
        let t = try #require(page.number("t"))
        let onset = try #require(heard.firstSound(after: t), "nothing heard after the page settled")
        let signal = try #require(Self.pages[2])
        let match = correlation(of: signal, in: heard.samples, around: onset.sample)
        print("narration: page event → first sample out of the server \(onset.time - t) ms; correlation \(match)")
        #expect(match >= 0.9, "the recording as it is: correlation \(match)")
        // One turn, so room for a busy machine; twenty turns' p95 is held to 150 ms below.
        #expect(onset.time - t <= 300, "first sample \(onset.time - t) ms after the page event")

        // Back to page 1, to page 2 again, and on to page 3 mid-play: page 2 falls silent within 100 ms of the
        // turn's page event.
        try Self.press(session, InputCode.keyLeft)
        #expect(try session.waitForEvent("page").int("page") == 1)
        try Self.press(session, InputCode.keyRight)
        #expect(try session.waitForEvent("page").int("page") == 2)
        _ = try session.waitForEvent("narration") { $0.string("state") == "started" && $0.int("page") == 2 }
        Thread.sleep(forTimeInterval: 0.5)
        try Self.press(session, InputCode.keyRight)
        let toThree = try session.waitForEvent("page")
        let stopped = try session.waitForEvent("narration") { $0.string("state") == "stopped" }
        #expect(stopped.int("page") == 2 && (stopped.number("heard_ms") ?? 0) > 300, "\(stopped)")
        // Page 3's own recording follows: the stop is the gap between the two, measured on what left the server.
        _ = try session.waitForEvent("narration") { $0.string("state") == "started" && $0.int("page") == 3 }
        Thread.sleep(forTimeInterval: 0.3)
        let after = try sound.recording()
        let t3 = try #require(toThree.number("t"))
        // The player fades page 2 out before page 3 begins: page 3's first sample bounds when page 2 fell silent.
        guard let three = after.locate(Array(Self.pages[3]!.prefix(800)), from: t3 - 50, to: t3 + 400) else {
            Issue.record("page 3 not heard after its page event")
            return
        }
        print("narration: turn's page event → the old page silent and the new one's first sample \(three.time - t3) ms")
        #expect(three.correlation >= 0.9, "page 3's recording follows: correlation \(three.correlation)")
        // 60–80 ms measured (docs/narration.md); the bound leaves room for both cores busy.
        #expect(three.time - t3 <= 200, "page 2 stopped and page 3 began \(three.time - t3) ms after the turn")
    }

    @Test func twentyTurnsEachHeardWithin150Milliseconds() throws {
        let sound = try PrivatePulseAudio()
        defer { sound.kill() }
        let session = try Self.start(heardBy: sound)
        defer { session.stop() }
        try Self.press(session, InputCode.keyRight)
        #expect(try session.waitForEvent("page").int("page") == 2)
        _ = try session.waitForEvent("narration") { $0.string("state") == "started" }
        var delays: [Double] = []
        for turn in 0..<20 {
            Thread.sleep(forTimeInterval: 0.3)
            try Self.press(session, turn % 2 == 0 ? InputCode.keyRight : InputCode.keyLeft)
            let page = try session.waitForEvent("page")
            let number = try #require(page.int("page"))
            _ = try session.waitForEvent("narration") { $0.string("state") == "started" && $0.int("page") == number }
            Thread.sleep(forTimeInterval: 0.3)
            let t = try #require(page.number("t"))
            let heard = try sound.recording()
            guard let onset = heard.locate(Array(Self.pages[number]!.prefix(800)), from: t - 50, to: t + 400) else {
                Issue.record("turn \(turn): page \(number) not heard")
                continue
            }
            #expect(onset.correlation >= 0.9, "turn \(turn): page \(number)'s own recording: \(onset.correlation)")
            delays.append(onset.time - t)
        }
        let sorted = delays.sorted()
        let p95 = sorted[Int((Double(sorted.count) * 0.95).rounded(.up)) - 1]
        print("narration: page event → first sample, 20 turns: median \(sorted[sorted.count / 2]) ms, p95 \(p95) ms")
        #expect(p95 <= 150, "\(sorted)")
    }

    @Test func theServerKilledMidPlayAndRestartedTheRecordingGoesOnAndTheNextPagePlays() throws {
        let sound = try PrivatePulseAudio()
        defer { sound.kill() }
        let session = try Self.start(heardBy: sound)
        defer { session.stop() }
        try Self.press(session, InputCode.keyRight)
        _ = try session.waitForEvent("narration") { $0.string("state") == "started" && $0.int("page") == 2 }
        sound.kill()
        let gone = try session.waitForEvent("narration") { $0.string("state") == "unavailable" }
        #expect(gone.string("reason")?.contains("went away") == true, "\(gone)")
        try sound.start()
        // The restarted server takes the recording where it was.
        let resumed = try session.waitForEvent("narration", timeout: .seconds(10)) { $0.string("state") == "resumed" }
        #expect(resumed.int("page") == 2)
        try Self.press(session, InputCode.keyRight)
        #expect(try session.waitForEvent("page").int("page") == 3)
        let started = try session.waitForEvent("narration", timeout: .seconds(10)) { $0.string("state") == "started" }
        #expect(started.int("page") == 3)
        _ = try session.waitForEvent("narration", timeout: .seconds(10)) { $0.string("state") == "ended" && $0.int("page") == 3 }
        let heard = try sound.recording()
        #expect(heard.samples.contains { abs($0) > 0.2 }, "page 3 reached the new server")
        #expect(session.recto.isRunning)
    }

    /// The narration controls in the row: play/pause pauses and goes on, "from the start" plays it over.
    @Test func theControlsPauseGoOnAndReplay() throws {
        let sound = try PrivatePulseAudio()
        defer { sound.kill() }
        let session = try Self.start(heardBy: sound, "--controls", "always")
        defer { session.stop() }
        try Self.press(session, InputCode.keyRight)
        _ = try session.waitForEvent("narration") { $0.string("state") == "started" && $0.int("page") == 2 }
        let shot = try session.screenshot()
        try Data(try PNGEncoder.encode(shot)).write(to: Scratch.processDirectory.appendingPathComponent("narration-controls.png"))
        // The row at the top, centred: previous, zoom out, fit, zoom in, next, play/pause, from the start.
        let row = Self.buttonCentres(shot)
        try #require(row.count == 7, "seven buttons in the row: \(row)")
        func tap(_ i: Int) throws {
            try session.weston.touchDown(id: 0, x: row[i].x, y: row[i].y)
            try session.weston.touchUp(id: 0)
        }
        Thread.sleep(forTimeInterval: 0.4)
        try tap(5)
        let paused = try session.waitForEvent("narration") { $0.string("state") == "paused" }
        let at = try #require(paused.number("at_ms"))
        #expect(at > 300 && at < 1500, "paused where it was heard: \(at) ms")
        let t = try #require(paused.number("t"))
        Thread.sleep(forTimeInterval: 0.8)
        #expect(try sound.recording().firstSound(after: t + 100, threshold: 0.02) == nil, "silent while paused")
        try tap(5)
        let resumed = try session.waitForEvent("narration") { $0.string("state") == "resumed" }
        let tr = try #require(resumed.number("t"))
        Thread.sleep(forTimeInterval: 0.4)
        let heard = try sound.recording()
        // What follows is the recording from where it paused.
        let from = Int(at / 1000 * Double(Self.rate))
        let rest = Array(Self.pages[2]![from..<(from + 1600)])
        let found = heard.locate(rest, from: tr - 200, to: tr + 300)
        #expect((found?.correlation ?? 0) >= 0.9, "it goes on where it paused: \(found.map { "\($0.correlation)" } ?? "nothing")")
        try tap(6)
        let again = try session.waitForEvent("narration") { $0.string("state") == "started" }
        #expect(again.int("page") == 2, "the spread's recording from its start")
    }

    /// No sound server at all: the recording goes straight to ALSA's default device (here ALSA's file plugin,
    /// from the HOME's .asoundrc), as it is.
    @Test func withoutASoundServerItGoesStraightToALSA() throws {
        let home = try Scratch.makeDirectory("alsa-home")
        let out = home.appendingPathComponent("alsa.raw")
        try """
            pcm.!default {
              type file
              slave.pcm "null"
              file "\(out.path)"
              format "raw"
            }
            """.write(to: home.appendingPathComponent(".asoundrc"), atomically: true, encoding: .utf8)
        let session = try Self.start(environment: ["PULSE_SERVER": "unix:" + home.appendingPathComponent("no-server").path,
                                                   "HOME": home.path])
        defer { session.stop() }
        try Self.press(session, InputCode.keyRight)
        let started = try session.waitForEvent("narration") { $0.string("state") == "started" || $0.string("state") == "unavailable" }
        #expect(started.string("state") == "started", "\(started)")
        _ = try session.waitForEvent("narration", timeout: .seconds(10)) { $0.string("state") == "ended" }
        let bytes = try Data(contentsOf: out)
        let samples = bytes.prefix(bytes.count / 4 * 4).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let signal = Self.pages[2]!
        let onset = samples.firstIndex { abs($0) > 0.05 } ?? 0
        let match = correlation(of: Array(signal.prefix(4000)), in: samples, around: onset, slack: 40)
        #expect(match >= 0.9, "ALSA got the page's recording: correlation \(match) over \(samples.count) samples")
    }

    /// The centres of the control buttons in the top band: runs of their light edge (RGB 237) along the row
    /// through the buttons' middle.
    static func buttonCentres(_ image: RGBAImage) -> [(x: Double, y: Double)] {
        for y in 20..<120 {
            var runs: [(Int, Int)] = [], start: Int?
            for x in 0..<image.width {
                let edge = image.rgb(x, y).distance(to: RGB(237, 237, 237)) < 4
                let dark = image.rgb(x, y).distance(to: RGB(33, 33, 36)) < 8
                if edge || dark { start = start ?? x } else if let s = start { if x - s > 30 { runs.append((s, x)) }; start = nil }
            }
            if runs.count >= 5 { return runs.map { (Double($0.0 + $0.1) / 2, Double(y)) } }
        }
        return []
    }
}
