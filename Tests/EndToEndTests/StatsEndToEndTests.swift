import Foundation
import Testing

/// `--stats` under a real compositor: a drag's summaries count frames, and weston's wp_presentation
/// feedback reports which frames it showed, that none was drawn for nothing, and how long after the input
/// they reached the screen.
@Suite(.serialized) struct StatsEndToEndTests {
    @Test func dragStatsCarryPresentationFeedback() throws {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--stats"])
        _ = try session.waitForEvent("shown")
        let page = PageLayout.double(width: 1920, height: 1080).right
        let x = Double(page.x + page.width - 10), y = Double(page.y + page.height - 10)
        let weston = session.weston
        try weston.touchDown([Finger(id: 0, x: x, y: y)])
        // 3.6 s back and forth: summaries come every 2 s of activity, at a commit.
        for round in 0..<6 {
            let (from, to) = round % 2 == 0 ? (x, x - 700) : (x - 700, x)
            try weston.touchLine(id: 0, from: from, y, to: to, y - 100, steps: 38, interval: .milliseconds(16))
        }
        // The first summary came with the first GL frame, before the drag.
        var stats = try session.waitForEvent("stats")
        while (stats.int("presented") ?? 0) == 0 { stats = try session.waitForEvent("stats") }
        try weston.touchUp([0])
        let presented = try #require(stats.int("presented"), "\(stats)")
        let frames = try #require(stats.int("frames"), "\(stats)")
        #expect(presented > 10 && presented <= frames, "\(stats)")
        // One frame per repaint: a frame is drawn only once the compositor took the last one, so none is
        // replaced unseen (the first, CPU-drawn frame and the ones still on their way have no feedback yet).
        let discarded = try #require(stats.int("discarded"), "\(stats)")
        #expect(discarded * 20 <= presented, "\(stats)")
        #expect(frames <= presented + discarded + 3, "\(stats)")
        #expect((stats.number("present_latency_p50") ?? 0) > 0, "input-to-presentation measured: \(stats)")
        #expect((stats.number("latency_p50") ?? 0) > 0, "\(stats)")
    }
}
