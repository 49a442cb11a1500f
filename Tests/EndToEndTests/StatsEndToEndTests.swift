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
        // Back and forth until a summary (every 2 s of activity, at a commit; the first came with the first
        // GL frame, before the drag) counts more than 10 presented frames. A loaded machine draws fewer
        // frames a second, so the drag goes on longer there rather than the test asking for a frame rate.
        var stats: RectoEvent?
        for round in 0..<60 where (stats?.int("presented") ?? 0) <= 10 {
            let (from, to) = round % 2 == 0 ? (x, x - 700) : (x - 700, x)
            try weston.touchLine(id: 0, from: from, y, to: to, y - 100, steps: 38, interval: .milliseconds(16))
            if let newest = try session.events(during: .milliseconds(1)).last(where: { $0.name == "stats" }) {
                stats = newest
            }
        }
        try weston.touchUp([0])
        let summary = try #require(stats, "no stats summary during the drag: \(session.historyText)")
        let presented = try #require(summary.int("presented"), "\(summary)")
        let frames = try #require(summary.int("frames"), "\(summary)")
        #expect(presented > 10 && presented <= frames, "\(summary)")
        // One frame per repaint: a frame is drawn only once the compositor took the last one, so none is
        // replaced unseen (the first, CPU-drawn frame and the ones still on their way have no feedback yet).
        let discarded = try #require(summary.int("discarded"), "\(summary)")
        #expect(discarded * 20 <= presented, "\(summary)")
        #expect(frames <= presented + discarded + 3, "\(summary)")
        #expect((summary.number("present_latency_p50") ?? 0) > 0, "input-to-presentation measured: \(summary)")
        #expect((summary.number("latency_p50") ?? 0) > 0, "\(summary)")
    }
}
