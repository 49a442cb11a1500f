import Decoding
import Foundation
import Testing

/// How frames reach the compositor on a software renderer (llvmpipe): through wl_shm buffers the reader
/// manages, each repainted and copied only where the turn changed it, and damaged only there. What weston
/// shows after many such frames must be the frame drawn whole.
@Suite(.serialized) struct PresentationEndToEndTests {
    @Test func aLongDragPresentsOnlyWhatChangedAndShowsTheWholeFrame() throws {
        // Full resolution in motion too: on a starved machine the automatic setting draws moving frames at half
        // size, and the frame `recto ctl screenshot` writes is then 960×540 against weston's 1920×1080.
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--stats", "--motion-scale", "1"])
        _ = try session.waitForEvent("shown")
        let socket = try #require(session.ready?.string("control"), "\(session.historyText)")
        let page = PageLayout.double(width: 1920, height: 1080).right
        let x = Double(page.x + page.width - 10), y = Double(page.y + page.height - 10)
        let weston = session.weston
        try weston.touchDown([Finger(id: 0, x: x, y: y)])
        // Back and forth across the page, then held still: every frame after the first repaints a part. Each
        // 30 px step waits for a frame on screen, so a frame shows at most a step or two of motion however
        // busy the machine is (paced on the wall clock, a starved reader drew one frame for many steps, and
        // that frame's damage was most of the window: the check that was once flaky).
        var frames = try weston.framesShown()
        for round in 0..<5 {
            let (from, to) = round % 2 == 0 ? (x, x - 900) : (x - 900, x)
            let (y0, y1) = (y - Double(round) * 40, y - Double(round + 1) * 40)
            for i in 1...30 {
                let f = Double(i) / 30
                try weston.touchMotion(id: 0, x: from + (to - from) * f, y: y0 + (y1 - y0) * f)
                try weston.touchFrame()
                frames = try weston.waitForFrames(after: frames)
            }
        }
        var stats = try session.waitForEvent("stats")
        while (stats.int("presented") ?? 0) < 10 { stats = try session.waitForEvent("stats") }
        let damaged = try #require(stats.number("damaged_p50"), "\(stats)")
        #expect(damaged > 0 && damaged < 0.6, "a turn's frame damages a part of the window: \(stats) \(session.historyText)")

        // Held still: what the compositor shows (many partial frames) against the same frame drawn whole. The
        // reader may still be drawing the last steps: take its frame, then wait for the compositor to show it;
        // again with a newer frame if the flap was still settling. Wrong damage leaves stale pixels for good.
        let dir = weston.artifactsDirectory
        let file = dir.appendingPathComponent("whole.png").path
        var whole: RGBAImage?, shown: RGBAImage?
        for _ in 0..<4 {
            let shot = try rectoCtl(["screenshot", file], socket: socket)
            #expect(shot.termination == .exited(0), "\(shot)")
            let drawn = try ImageDecoder.decode(contentsOf: file)
            let onScreen = try session.screenshot(timeout: .seconds(4)) {
                compareImages(drawn, $0).map { $0.meanAbsolute < 0.5 && $0.fractionWithin > 0.999 } ?? false
            }
            (whole, shown) = (drawn, onScreen)
            if let d = compareImages(drawn, onScreen), d.meanAbsolute < 0.5 && d.fractionWithin > 0.999 { break }
        }
        let (w, s) = (try #require(whole), try #require(shown))
        let difference = try #require(compareImages(w, s), "sizes \(w.width)x\(w.height), \(s.width)x\(s.height)")
        #expect(difference.meanAbsolute < 0.5 && difference.fractionWithin > 0.999, "\(difference); \(dir.path)")
        try weston.touchUp([0])
    }

    /// Motion frames at half resolution (`--motion-scale 0.5`) go into the same wl_shm memory as full frames: a
    /// smaller buffer is made over it, not new memory faulted in at every change of scale. After two turns the
    /// page at rest is the frame drawn whole, at full size.
    @Test func halfResolutionMotionFramesReuseTheFullFramesMemory() throws {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--motion-scale", "0.5"])
        _ = try session.waitForEvent("shown")
        let socket = try #require(session.ready?.string("control"), "\(session.historyText)")
        let page = PageLayout.double(width: 1920, height: 1080).right
        let x = Double(page.x + page.width - 10), y = Double(page.y + page.height - 10)
        let weston = session.weston
        let full = 1920 * 1080 * 4
        _ = try session.waitForEvent("renderer")
        for turn in 0..<2 {
            try weston.touchDown([Finger(id: 0, x: x, y: y)])
            var frames = try weston.framesShown()
            for i in 1...12 {
                try weston.touchMotion(id: 0, x: x - Double(i) * 60, y: y - Double(i) * 8)
                try weston.touchFrame()
                frames = try weston.waitForFrames(after: frames)
            }
            let moving = try #require(try weston.surfaceInfo(x: 100, y: 100))
            #expect(moving.bufferWidth == 960 && moving.bufferHeight == 540, "turn \(turn): \(moving)")
            let maps = try frameMappings(pid: session.recto.pid)
            #expect(!maps.isEmpty && maps.count <= 5 && maps.allSatisfy { $0 >= full },
                    "turn \(turn): wl_shm mappings \(maps) while half-size frames are shown")
            try weston.touchUp([0])
            // Decided (turned or fallen back), then settled.
            var flip = try session.waitForEvent("flip", timeout: .seconds(20))
            while flip.string("phase") == "begin" { flip = try session.waitForEvent("flip", timeout: .seconds(20)) }
            _ = try session.events(during: .seconds(1.5))
        }
        let dir = weston.artifactsDirectory
        let file = dir.appendingPathComponent("rest.png").path
        let shot = try rectoCtl(["screenshot", file], socket: socket)
        #expect(shot.termination == .exited(0), "\(shot)")
        let drawn = try ImageDecoder.decode(contentsOf: file)
        #expect(drawn.width == 1920 && drawn.height == 1080, "at rest the frame is whole: \(drawn.width)×\(drawn.height)")
        let shown = try session.screenshot(timeout: .seconds(10)) {
            compareImages(drawn, $0).map { $0.meanAbsolute < 0.5 && $0.fractionWithin > 0.999 } ?? false
        }
        let difference = try #require(compareImages(drawn, shown), "sizes \(drawn.width)×\(drawn.height), \(shown.width)×\(shown.height)")
        #expect(difference.meanAbsolute < 0.5 && difference.fractionWithin > 0.999, "\(difference); \(dir.path)")
    }

    /// Sizes in bytes of the process's mappings of its frame memory (memfd "recto-frame").
    private func frameMappings(pid: Int32) throws -> [Int] {
        try procText("/proc/\(pid)/maps").split(separator: "\n").compactMap { line in
            guard line.contains("/memfd:recto-frame") else { return nil }
            let range = line.split(separator: " ")[0].split(separator: "-").compactMap { Int($0, radix: 16) }
            return range.count == 2 ? range[1] - range[0] : nil
        }
    }
}
