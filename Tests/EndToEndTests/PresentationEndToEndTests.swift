import Decoding
import Foundation
import Testing

/// How frames reach the compositor on a software renderer (llvmpipe): through wl_shm buffers the reader
/// manages, each repainted and copied only where the turn changed it, and damaged only there. What weston
/// shows after many such frames must be the frame drawn whole.
@Suite(.serialized) struct PresentationEndToEndTests {
    @Test func aLongDragPresentsOnlyWhatChangedAndShowsTheWholeFrame() throws {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--stats"])
        _ = try session.waitForEvent("shown")
        let socket = try #require(session.ready?.string("control"), "\(session.historyText)")
        let page = PageLayout.double(width: 1920, height: 1080).right
        let x = Double(page.x + page.width - 10), y = Double(page.y + page.height - 10)
        let weston = session.weston
        try weston.touchDown([Finger(id: 0, x: x, y: y)])
        // Back and forth across the page, then held still: every frame after the first repaints a part.
        for round in 0..<5 {
            let (from, to) = round % 2 == 0 ? (x, x - 900) : (x - 900, x)
            try weston.touchLine(id: 0, from: from, y - Double(round) * 40, to: to, y - Double(round + 1) * 40,
                                 steps: 30, interval: .milliseconds(16))
        }
        var stats = try session.waitForEvent("stats")
        while (stats.int("presented") ?? 0) < 10 { stats = try session.waitForEvent("stats") }
        let damaged = try #require(stats.number("damaged_p50"), "\(stats)")
        #expect(damaged > 0 && damaged < 0.6, "a turn's frame damages a part of the window: \(stats) \(session.historyText)")

        // Held still: what the compositor shows (many partial frames) against the same frame drawn whole.
        _ = try session.events(during: .milliseconds(400))
        let shown = try session.screenshot()
        let dir = weston.artifactsDirectory
        let file = dir.appendingPathComponent("whole.png").path
        let shot = try rectoCtl(["screenshot", file], socket: socket)
        #expect(shot.termination == .exited(0), "\(shot)")
        let whole = try ImageDecoder.decode(contentsOf: file)
        let difference = try #require(compareImages(whole, shown), "sizes \(whole.width)x\(whole.height), \(shown.width)x\(shown.height)")
        #expect(difference.meanAbsolute < 0.5 && difference.fractionWithin > 0.999, "\(difference); \(dir.path)")
        try weston.touchUp([0])
    }
}
