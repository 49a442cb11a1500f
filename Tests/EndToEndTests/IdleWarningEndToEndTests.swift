import Decoding
import Foundation
import Geometry
import Testing

/// The idle warning (WCAG 2.2.1) on the real `recto` under headless weston: `--kiosk --idle-reset 23
/// --idle-warning 20` on page 2. The countdown appears 3 s after the last input (23 − 20) and shows for 20 s:
/// on screen (a dark box with white text in the middle of the window), one tap extends it and does nothing else,
/// ten answers in a row each extend it, and unanswered the reset comes 20 s after it appeared. Every wait is for an
/// event; times are the events' own `t` (recto's clock), so a busy machine only makes the test slower.
@Suite(.serialized) struct IdleWarningEndToEndTests {
    /// The box's middle band: 1920×1080 logical, the box 760×200 centred.
    static let box = PixelRect(x: 600, y: 450, width: 720, height: 180)

    /// The share of the box's area in its own colour (33, 33, 36: neither the pages nor the background, 41, 41, 43)
    /// and its white letter pixels.
    static func countdownShown(_ image: RGBAImage) -> (dark: Double, white: Int) {
        var dark = 0, white = 0
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) {
                let p = image[x, y]
                if abs(Int(p.r) - 33) <= 3 && abs(Int(p.g) - 33) <= 3 && abs(Int(p.b) - 36) <= 3 { dark += 1 }
                if p.r > 200 && p.g > 200 && p.b > 200 { white += 1 }
            }
        }
        return (Double(dark) / Double(box.width * box.height), white)
    }

    static func shows(_ image: RGBAImage) -> Bool {
        let seen = countdownShown(image)
        return seen.dark > 0.6 && seen.white > 400
    }

    @Test func theCountdownShowsOneTapExtendsTenInARowWorkAndNobodyAnsweringResets() throws {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [
            "--kiosk", "--idle-reset", "23", "--idle-warning", "20", "--attract-after", "0", "--spread", "double", "--stats"])
        let weston = session.weston
        try session.waitForEvent("shown")
        try weston.chord([], InputCode.keyRight)
        let turned = try session.waitForEvent("page")
        try #require(turned.int("page") == 2, "events: \(session.historyText)")

        // The countdown on screen.
        let first = try session.waitForEvent("idle-warning", timeout: .seconds(20))
        #expect(first.int("seconds_left") == 20, "\(first)")
        let shot = try session.screenshot(timeout: .seconds(10)) { Self.shows($0) }
        let seen = Self.countdownShown(shot)
        print("e2e idle warning: box \(Int(seen.dark * 100)) % dark, \(seen.white) white pixels; screenshots in \(weston.artifactsDirectory.path)")
        #expect(seen.dark > 0.6 && seen.white > 400, "countdown box: \(seen); \(weston.artifactsDirectory.path)")
        try? PNGEncoder.write(shot, toFile: weston.artifactsDirectory.appendingPathComponent("countdown.png").path)

        // One tap on the forward tap zone extends, and turns nothing.
        let mark = session.history.count
        try weston.tap(x: 1800, y: 540)
        let extended = try session.waitForEvent("idle-extended", timeout: .seconds(10))
        #expect(extended.int("count") == 1, "\(extended)")
        let calm = try session.events(during: .milliseconds(1000))
        #expect(!calm.contains { ["page", "flip", "idle-reset"].contains($0.name) }, "after the answer: \(calm)")

        // Nine more: ten in a row, each answering a countdown of its own.
        for n in 2...10 {
            let warning = try session.waitForEvent("idle-warning", timeout: .seconds(20)) { $0.int("seconds_left") == 20 }
            try weston.tap(x: n.isMultiple(of: 2) ? 200 : 1800, y: 540)
            let answered = try session.waitForEvent("idle-extended", timeout: .seconds(10))
            #expect(answered.int("count") == n, "\(answered)")
            let waited = (answered.number("t") ?? 0) - (warning.number("t") ?? 0)
            #expect(waited < 20_000, "answered inside the countdown: \(waited) ms")
        }
        let during = session.history[mark...]
        #expect(!during.contains { ["page", "flip", "idle-reset", "zoom"].contains($0.name) },
                "the answers did nothing else: \(session.historyText)")

        // Nobody answers: the reset comes 20 s after the countdown appeared, announced again at 10 s left.
        let last = try session.waitForEvent("idle-warning", timeout: .seconds(20)) { $0.int("seconds_left") == 20 }
        let step = try session.waitForEvent("idle-warning", timeout: .seconds(25))
        #expect(step.int("seconds_left") == 10, "\(step)")
        let reset = try session.waitForEvent("idle-reset", timeout: .seconds(25))
        let shown = (reset.number("t") ?? 0) - (last.number("t") ?? 0)
        print("e2e idle warning: the reset came \(shown) ms after the countdown appeared")
        // What the countdown costs (`--stats`, every 2 s of frames): its bar shrinks in every frame, repainting only
        // its box.
        let lastAt = session.history.lastIndex { $0.line == last.line } ?? 0
        let stats = session.history[lastAt...].filter { $0.name == "stats" }
        let frames = zip(stats, stats.dropFirst()).map { ($1.int("frames") ?? 0) - ($0.int("frames") ?? 0) }
        print("e2e idle warning: frames per 2 s while it counts down \(frames), frame p50 "
              + "\(stats.compactMap { $0.number("frame_p50") }) ms, p99 \(stats.compactMap { $0.number("frame_p99") }) ms")
        #expect(shown >= 19_900, "the countdown showed \(shown) ms before the reset")
        let back = try session.waitForEvent("page", timeout: .seconds(5))
        #expect(back.int("page") == 1, "events: \(session.historyText)")
        let after = try session.screenshot(timeout: .seconds(6)) { Self.countdownShown($0).dark < 0.05 }
        #expect(Self.countdownShown(after).dark < 0.05, "the countdown is gone after the reset")
        #expect(session.recto.isRunning)
    }
}
