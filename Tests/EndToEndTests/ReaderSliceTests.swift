import Decoding
import Foundation
import Geometry
import Glibc
import Testing

/// The reader's first must-shows, on the real `recto` binary under headless weston: full-screen window showing page 1
/// like the offscreen renderer, no commits while idle, Ctrl+Q with and without `--kiosk`, exit 3 when the
/// compositor dies, `recto render`, and the exit statuses for a bad book and a missing display.
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct ReaderSliceTests {
    /// The test's environment without any display, so recto can only fail to connect.
    private var environmentWithoutDisplay: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "WAYLAND_DEBUG"] { environment[name] = nil }
        return environment
    }

    /// `recto render` of the demo book into the scratch directory, decoded.
    private func render(_ arguments: [String]) throws -> (RGBAImage, URL) {
        let out = try Scratch.makeDirectory("render").appendingPathComponent("render.png")
        let run = try runRecto(["render"] + arguments + ["--out", out.path], environment: environmentWithoutDisplay)
        guard run.termination == .exited(0) else {
            throw HarnessError.failed("recto render \(arguments) ended with \(run.termination)", detail: run.stderr)
        }
        return (try ImageDecoder.decode(contentsOf: out.path), out)
    }

    @Test func fullScreenWindowShowsPageOneLikeTheOffscreenRender() throws {
        let session = try RectoSession.start(width: 1920, height: 1080)
        let ready = try #require(session.ready)
        #expect(ready.int("width") == 1920 && ready.int("height") == 1080, "\(ready)")
        #expect(ready.number("scale") == 1 && ready.int("pages") == DemoBook.pageCount, "\(ready)")
        #expect(ready.number("t") != nil, "\(ready)")
        #expect(try session.weston.surfaceInfo(x: 960, y: 540)
                == SurfaceInfo(width: 1920, height: 1080, bufferWidth: 1920, bufferHeight: 1080, bufferScale: 1))
        for (x, y) in [(0.0, 0.0), (1919.0, 0.0), (0.0, 1079.0), (1919.0, 1079.0)] {
            #expect(try session.weston.hit(x: x, y: y) == session.recto.pid, "corner (\(x), \(y)) is not recto's")
        }
        let shown = try session.waitForEvent("shown")
        #expect(shown.int("page") == 1, "\(shown)")

        let (reference, referenceURL) = try render(["--size", "1920x1080", "--page", "1"])
        let shot = try session.screenshot { image in
            compareImages(image, reference).map { $0.meanAbsolute < 3 && $0.fractionWithin >= 0.99 } ?? false
        }
        let difference = try #require(compareImages(shot, reference),
                                      "screenshot \(shot.width)×\(shot.height) vs render 1920×1080")
        print("e2e full-screen page 1 vs recto render: \(difference)")
        let where_ = "screenshots in \(session.weston.artifactsDirectory.path), render \(referenceURL.path)"
        #expect(difference.meanAbsolute < 3, "\(difference); \(where_)")
        #expect(difference.fractionWithin >= 0.99, "\(difference); \(where_)")
    }

    /// With WAYLAND_DEBUG=client recto logs every request on stderr. stdout and stderr go to one file, so the
    /// order of the `ready` line and the `wl_surface.commit` lines is exactly the order they were written.
    @Test func idleReaderCommitsNothingAfterReady() throws {
        let weston = try Weston(width: 1920, height: 1080)
        defer { weston.stop() }
        let logURL = try Scratch.makeDirectory("idle").appendingPathComponent("recto.log")
        let recto = try weston.launchClient(try RectoBinary.locate().path, arguments: ["--log-events"],
                                            environment: ["WAYLAND_DEBUG": "client"],
                                            stdout: .file(logURL), stderr: .file(logURL))
        func lines() -> [Substring] {
            let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            return text.split(separator: "\n")
        }
        func isCommit(_ line: Substring) -> Bool { line.contains("wl_surface@") && line.contains(".commit(") }
        func waitFor(_ what: String, timeout: Duration, _ found: ([Substring]) -> Int?) throws -> Int {
            let deadline = Deadline(timeout)
            while true {
                if let index = found(lines()) { return index }
                if let ended = recto.termination {
                    throw HarnessError.failed("recto ended (\(ended)) before \(what)", detail: lines().suffix(20)
                        .joined(separator: "\n"))
                }
                guard !deadline.hasPassed else { throw HarnessError.timeout(what) }
                _ = try? recto.waitForExit(timeout: .milliseconds(10))
            }
        }

        let readyIndex = try waitFor("the ready event", timeout: .seconds(30)) { lines in
            lines.firstIndex { $0.hasPrefix("{\"event\":\"ready\"") }
        }
        #expect(lines()[..<readyIndex].contains(where: isCommit), "no commit before ready: the counting is broken")
        // `ready` follows the first frame, which may still show a paper placeholder: the frame that puts page 1
        // on screen (announced by `shown`) is a real change, and so is the first GL frame that replaces the
        // CPU-drawn ones (`renderer`). Idle starts once all three lines are out.
        let shownIndex = try waitFor("the shown event", timeout: .seconds(30)) { lines in
            lines.firstIndex { $0.hasPrefix("{\"event\":\"shown\"") }
        }
        let rendererIndex = try waitFor("the renderer event", timeout: .seconds(30)) { lines in
            lines.firstIndex { $0.hasPrefix("{\"event\":\"renderer\"") }
        }
        let settled = max(readyIndex, shownIndex, rendererIndex)
        let commitsBeforeShown = lines()[(readyIndex + 1)..<max(readyIndex + 1, shownIndex)].filter(isCommit).count
        print("e2e idle: \(commitsBeforeShown) commit(s) between ready and shown")
        try weston.waitForMapped(recto)
        _ = try? recto.waitForExit(timeout: .seconds(2))  // the idle window: nothing must happen in it
        let idle = lines()
        // A configure from the compositor (kiosk-shell activates the window once it is mapped, which can
        // cross with the first page arriving) must be answered with a commit; any other commit is a frame
        // drawn for nothing.
        var unprompted: [Int] = []
        var configured = false
        for index in (settled + 1)..<idle.count {
            let line = idle[index]
            if line.contains("xdg_surface@") && line.contains(".configure(") && !line.contains(" -> ") {
                configured = true
            } else if isCommit(line) {
                if configured { configured = false } else { unprompted.append(index) }
            }
        }
        let context = unprompted.first.map { idle[max(settled, $0 - 30)...$0].joined(separator: "\n") } ?? ""
        let path = logURL.path
        #expect(unprompted.isEmpty,
                "\(unprompted.count) commits in the 2 s after ready and shown; \(path) up to the first:\n\(context)")

        // The same counting sees the frames of a page turn.
        try weston.chord([], InputCode.keyRight)
        let turnCommits = try waitFor("commits after the Right key", timeout: .seconds(30)) { lines in
            let count = lines[idle.count...].filter(isCommit).count
            return count > 0 ? count : nil
        }
        #expect(turnCommits > 0)
        #expect(recto.isRunning)
    }

    @Test func controlQQuitsWithStatusZero() throws {
        let session = try RectoSession.start(width: 1280, height: 800)
        try session.weston.chord([InputCode.keyLeftCtrl], InputCode.keyQ)
        #expect(try session.recto.waitForExit(timeout: .seconds(20)) == .exited(0))
    }

    @Test func kioskIgnoresControlQAndStopsOnSIGTERM() throws {
        let session = try RectoSession.start(width: 1280, height: 800, arguments: ["--kiosk"])
        try session.weston.chord([InputCode.keyLeftCtrl], InputCode.keyQ)
        #expect(throws: HarnessError.self, "recto --kiosk quit on Ctrl+Q") {
            try session.recto.waitForExit(timeout: .seconds(1))
        }
        // Keys do reach it: a Right after the Ctrl+Q turns the page, so the Ctrl+Q was seen and ignored.
        try session.weston.chord([], InputCode.keyRight)
        let page = try session.waitForEvent("page")
        #expect(page.int("page") == 2, "\(page)")
        #expect(session.recto.isRunning)
        session.recto.send(signal: SIGTERM)
        #expect(try session.recto.waitForExit(timeout: .seconds(20)) == .exited(0))
    }

    /// A kiosk stopped right after it shows its first page, while EGL is still starting on the helper thread,
    /// still ends with 0 (exit() used to run LLVM's destructors under eglInitialize: SIGABRT, status 134).
    @Test(arguments: [0, 20, 60])
    func sigtermWhileTheGLStartsEndsWithZero(delayMs: Int) throws {
        let session = try RectoSession.start(width: 1280, height: 800, waitForRenderer: false)
        _ = try session.waitForEvent("shown")
        // Not a race: any moment is a fair one to stop; the delays spread the SIGTERM over EGL's start, which a
        // busy machine only moves.
        usleep(useconds_t(delayMs * 1000))
        session.recto.send(signal: SIGTERM)
        let ended = try session.recto.waitForExit(timeout: .seconds(20))
        #expect(ended == .exited(0), "\(session.recto.stderr?.tail() ?? "")")
    }

    @Test func compositorDeathEndsRectoWithStatusThreeAndOneLine() throws {
        let session = try RectoSession.start(width: 1280, height: 800)
        let killed = ContinuousClock.now
        try session.weston.kill(signal: SIGKILL)
        let ended = try session.recto.waitForExit(timeout: .seconds(20))
        print("e2e compositor killed: recto \(ended) after \(ContinuousClock.now - killed)")
        #expect(ended == .exited(3))
        let stderr = try #require(session.recto.stderr)
        try stderr.waitForEnd(timeout: .seconds(2))
        let lines = stderr.text.split(separator: "\n", omittingEmptySubsequences: true)
        print("e2e compositor killed: stderr \(stderr.text)")
        #expect(lines.count == 1, "stderr: \(stderr.text)")
    }

    @Test func renderWritesAnImageOfPageOne() throws {
        let (image, url) = try render(["--size", "800x600", "--page", "1"])
        let header = try PNGHeader(contentsOf: url)
        #expect(header.width == 800 && header.height == 600)
        #expect(image.width == 800 && image.height == 600)
        let spread = PageLayout.double(width: 800, height: 600)
        let right = DemoBook.page(in: image, spread.right)
        #expect(right.page == 1 && right.distance < 10, "right half shows \(right)")
        // Left of the spine only the background, but for the cover's shadow (a few px wide) along the spine.
        let left = PixelRect(x: 0, y: 0, width: spread.right.x - 24, height: 600)
        #expect(image.fraction(in: left, within: 3, of: DemoBook.background) > 0.99,
                "the cover should stand alone on the right")
    }

    @Test func missingBookExitsTwo() throws {
        let run = try runRecto(["/nonexistent"], environment: environmentWithoutDisplay)
        #expect(run.termination == .exited(2))
        #expect(!run.stderr.isEmpty)
    }

    @Test func noDisplayExitsThreeAndSaysHowToRun() throws {
        let run = try runRecto([], environment: environmentWithoutDisplay)
        #expect(run.termination == .exited(3))
        #expect(run.stderr.contains("cage") && run.stderr.contains("recto render"), "stderr: \(run.stderr)")
    }
}
