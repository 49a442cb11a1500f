import Decoding
import Foundation
import Geometry
import Testing

/// `--attract-after 2` on the real `recto` under headless weston (1920×1080, the demo book's cover): after two
/// quiet seconds the corner lifts every 6 s, drawing frames only while it moves; a tap ends attract mode with
/// an `attract` end and turns no page. While it lifts, the hint "Drag the corner to turn the page" shows in
/// white on a dark box just above and left of the corner (checked by its white pixels, which the cover lacks).
///
/// Frames are counted with `--stats`, whose `stats` event comes with a commit at least 2 s after the last one:
/// with bursts under 2 s and nothing drawn between them, one comes early in each burst, 4–6 s apart. The first
/// may come late in its burst, 2 s after the start-up's (a slow GL start on a loaded machine delays that one), so
/// the frames after it are only a tail: whole lifts are the intervals after the first. Frames between bursts
/// would bring stats events every 2 s.
@Suite(.serialized) struct AttractModeEndToEndTests {
    @Test func theCornerLiftsInBurstsAndATapEndsItWithoutAPage() throws {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--attract-after", "2", "--stats"])
        #expect(try session.waitForEvent("shown").int("page") == 1)
        let begin = try session.waitForEvent("attract", timeout: .seconds(8))
        #expect(begin.string("phase") == "begin")
        let watched = try session.events(during: .seconds(21))
        #expect(!watched.contains { ["flip", "page", "attract"].contains($0.name) }, "events: \(session.historyText)")
        let stats = watched.filter { $0.name == "stats" }
        let times = stats.compactMap { $0.number("t") }, frames = stats.compactMap { $0.int("frames") }
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
        let perBurst = zip(frames, frames.dropFirst()).map { $1 - $0 }
        print("e2e attract: stats at \(times.map { Int($0 - (times.first ?? 0)) }) ms, frames per burst \(perBurst)")
        #expect(stats.count >= 3 && stats.count <= 4, "one stats event per lift: \(stats.count)")
        #expect(gaps.allSatisfy { $0 > 3500 && $0 < 7000 }, "lifts 6 s apart, no commits between: \(gaps)")
        let wholeLifts = perBurst.dropFirst()
        // A lift lasts about 1.5 s: 5 frames even at CI's loaded worst (frame p50 290 ms); 3 leaves it room.
        #expect(!wholeLifts.isEmpty && wholeLifts.allSatisfy { $0 >= 3 }, "each lift draws frames: \(perBurst)")

        let page = PageLayout.double(width: 1920, height: 1080).right
        let label = PixelRect(x: page.x + page.width - 480, y: page.y + page.height - 200, width: 460, height: 140)
        func whitePixels(_ image: RGBAImage) -> Int {
            var n = 0
            for y in label.y..<(label.y + label.height) {
                for x in label.x..<(label.x + label.width) {
                    let p = image[x, y]
                    // White text at 85 % over the page: about 215 in its darkest channel.
                    if p.r > 190 && p.g > 190 && p.b > 190 { n += 1 }
                }
            }
            return n
        }
        let cover = try RectoRender.image(["--size", "1920x1080", "--page", "1"]).image
        let hinted = try session.screenshot(timeout: .seconds(9)) { whitePixels($0) > 100 }
        #expect(whitePixels(cover) < 30 && whitePixels(hinted) > 100,
                "hint text near the corner: \(whitePixels(hinted)) white pixels, \(whitePixels(cover)) at rest; \(session.weston.artifactsDirectory.path)")

        // A tap on the forward tap zone: it ends attract mode and does nothing else.
        try session.weston.tap(x: 1800, y: 540)
        let end = try session.waitForEvent("attract")
        #expect(end.string("phase") == "end")
        let after = try session.events(during: .milliseconds(1500))
        #expect(!after.contains { $0.name == "page" || $0.name == "flip" }, "after the tap: \(after)")
        #expect(session.recto.isRunning)
    }
}
