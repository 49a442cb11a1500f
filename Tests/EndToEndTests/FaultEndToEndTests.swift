import Decoding
import Foundation
import Glibc
import Testing

/// The fault must-shows on the real `recto` under headless weston: a touch cancel mid-curl settles the
/// page at rest, an output resize during a turn leaves a consistent reader, the compositor killed mid-curl ends
/// recto with status 3, and a page truncated on disk while displayed becomes a placeholder while the book reads
/// on. (SIGTERM → 0 is ReaderSliceTests.kioskIgnoresControlQAndStopsOnSIGTERM.)
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct FaultEndToEndTests {
    typealias SpreadView = SpreadEndToEndTests.SpreadView
    static let page = PageLayout.double(width: 1920, height: 1080).right
    static let corner = (x: Double(page.x + page.width - 10), y: Double(page.y + page.height - 10))
    static let held = (x: 1300.0, y: 700.0)

    private func startOnCover(_ arguments: [String] = []) throws -> RectoSession {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: arguments)
        let shown = try session.waitForEvent("shown")
        #expect(shown.int("page") == 1, "\(shown)")
        return session
    }

    /// Picks the cover up by its corner and holds it at `held`; returns once recto reported the flip's begin.
    private func holdCurl(_ session: RectoSession) throws {
        try session.weston.touchDown([Finger(id: 0, x: Self.corner.x, y: Self.corner.y)])
        try session.weston.touchLine(id: 0, from: Self.corner.x, Self.corner.y, to: Self.held.x, Self.held.y,
                                     steps: 20, interval: .milliseconds(16))
        let begin = try session.waitForEvent("flip")
        try #require(begin.string("phase") == "begin", "events: \(session.historyText)")
    }

    @Test func touchCancelMidCurlSettlesThePageAtRest() throws {
        let session = try startOnCover()
        let rest = try session.screenshot()
        try holdCurl(session)
        // The begin is logged when the page is picked up; the frame showing it follows (the first curl frame
        // compiles llvmpipe's shaders, which takes a while on a busy machine).
        let curled = try session.screenshot { compareImages($0, rest).map { $0.fractionWithin < 0.97 } ?? false }
        let moved = try #require(compareImages(curled, rest))
        #expect(moved.fractionWithin < 0.97, "the held curl did not show: \(moved)")

        try session.weston.touchCancel()
        let cancel = try session.waitForEvent("flip")
        #expect(cancel.string("phase") == "cancel", "events: \(session.historyText)")
        let settled = try session.screenshot {
            compareImages($0, rest).map { $0.meanAbsolute < 0.5 && $0.fractionWithin > 0.999 } ?? false
        }
        let difference = try #require(compareImages(settled, rest))
        #expect(difference.meanAbsolute < 0.5 && difference.fractionWithin > 0.999,
                "after the cancel vs at rest: \(difference); screenshots in \(session.weston.artifactsDirectory.path)")
        #expect(!session.history.contains { $0.name == "page" }, "events: \(session.historyText)")

        // Touch still works after the cancel: a corner drag turns.
        try session.weston.touchDown([Finger(id: 1, x: Self.corner.x, y: Self.corner.y)])
        try session.weston.touchLine(id: 1, from: Self.corner.x, Self.corner.y, to: 450, 950, steps: 20,
                                     interval: .milliseconds(16))
        try session.weston.touchUp([1])
        #expect(try session.waitForEvent("page").int("page") == 2, "events: \(session.historyText)")
    }

    /// A key turn's animation cut by a mode change to 1600×1000: the turn still lands on (2, 3), drawn in the
    /// new size's layout.
    @Test func outputResizeDuringAKeyTurnLandsOnTheNextSpread() throws {
        let session = try startOnCover()
        try session.weston.chord([], InputCode.keyRight)
        let begin = try session.waitForEvent("flip")
        try #require(begin.string("phase") == "begin", "events: \(session.historyText)")
        try session.weston.resizeOutput(width: 1600, height: 1000)
        try session.waitForSurface(width: 1600, height: 1000)
        let page = try session.waitForEvent("page")
        #expect(page.int("page") == 2, "events: \(session.historyText)")
        let shot = try session.screenshot { $0.width == 1600 && SpreadView($0).shows(2, 3) }
        #expect(shot.width == 1600 && SpreadView(shot).shows(2, 3),
                "\(SpreadView(shot)); screenshots in \(session.weston.artifactsDirectory.path)")
        #expect(session.recto.isRunning)
    }

    /// The panel turned to portrait during a key turn's animation (double → single): the turn completes, its
    /// `page` event says 2, and the single page shown is page 2.
    @Test func outputTurnedPortraitDuringAKeyTurnReportsAndShowsTheNewPage() throws {
        let session = try startOnCover()
        try session.weston.chord([], InputCode.keyRight)
        let begin = try session.waitForEvent("flip")
        try #require(begin.string("phase") == "begin", "events: \(session.historyText)")
        try session.weston.resizeOutput(width: 1080, height: 1920)
        try session.waitForSurface(width: 1080, height: 1920)
        // The turn's page, waited for (its animation may outlast any fixed time on a busy machine); then a
        // window in which no other page may follow.
        _ = try session.waitForEvent("page")
        _ = try session.events(during: .milliseconds(1500))
        print("e2e portrait mid key turn: \(session.historyText)")
        let pages = session.history.filter { $0.name == "page" }.compactMap { $0.int("page") }
        #expect(pages == [2], "page events: \(session.historyText)")
        let slot = PageLayout.single(width: 1080, height: 1920)
        let shot = try session.screenshot { image in
            let seen = DemoBook.page(in: image, slot)
            return image.width == 1080 && seen.page == 2 && seen.distance < 10
        }
        let seen = DemoBook.page(in: shot, slot)
        #expect(seen.page == 2 && seen.distance < 10,
                "single slot shows \(seen); screenshots in \(session.weston.artifactsDirectory.path)")
    }

    /// The panel turned to portrait while a finger holds a curl: when the finger lifts the turn ends (commit or
    /// cancel), and the single page then shown is the one the events say.
    @Test func outputResizeDuringAHeldCurlEndsInAConsistentPage() throws {
        let session = try startOnCover()
        try holdCurl(session)
        try session.weston.resizeOutput(width: 1080, height: 1920)
        try session.waitForSurface(width: 1080, height: 1920)
        try session.weston.touchUp([0])
        // The turn's end, and a commit's page once it settles, waited for (a busy machine can take longer than
        // any fixed time); then a window for anything after them.
        let end = try session.waitForEvent("flip") { ["commit", "cancel"].contains($0.string("phase") ?? "") }
        if end.string("phase") == "commit" { _ = try session.waitForEvent("page") }
        _ = try session.events(during: .milliseconds(1500))
        let flips = session.history.filter { $0.name == "flip" }.compactMap { $0.string("phase") }
        print("e2e resize mid-curl: \(session.historyText)")
        #expect(flips.first == "begin" && flips.count >= 2 && ["commit", "cancel"].contains(flips[1]),
                "the turn did not end: \(session.historyText)")
        let current = session.history.last { $0.name == "page" }?.int("page") ?? 1
        let slot = PageLayout.single(width: 1080, height: 1920)
        let shot = try session.screenshot { image in
            let seen = DemoBook.page(in: image, slot)
            return image.width == 1080 && seen.page == current && seen.distance < 10
        }
        let seen = DemoBook.page(in: shot, slot)
        #expect(seen.page == current && seen.distance < 10,
                "single slot shows \(seen), events say page \(current); screenshots in \(session.weston.artifactsDirectory.path)")
        #expect(session.recto.isRunning)
    }

    @Test func compositorKilledMidCurlEndsRectoWithStatusThree() throws {
        let session = try startOnCover()
        try holdCurl(session)
        try session.weston.touchMotion(id: 0, x: Self.held.x - 40, y: Self.held.y)  // frames in flight
        try session.weston.touchFrame()
        let killed = ContinuousClock.now
        try session.weston.kill(signal: SIGKILL)
        let ended = try session.recto.waitForExit(timeout: .seconds(20))
        print("e2e compositor killed mid-curl: recto \(ended) after \(ContinuousClock.now - killed)")
        #expect(ended == .exited(3), "stderr: \(session.stderrText)")
    }

    /// The cover's file cut to a third on disk while it is shown: after the reload it is a placeholder with a
    /// warning, and the rest of the book still turns.
    @Test func pageTruncatedWhileDisplayedBecomesAPlaceholder() throws {
        let book = try BookFixtures.copyOfDemo(pages: [1, 2, 3])
        let session = try startOnCover([book.path])
        let cover = book.appendingPathComponent(BookFixtures.pageName(1))
        let size = try FileManager.default.attributesOfItem(atPath: cover.path)[.size] as? Int ?? 0
        try BookFixtures.truncate(cover, to: size / 3)

        let changed = try session.waitForEvent("book")
        #expect(changed.int("pages") == 3, "events: \(session.historyText)")
        let slot = PageLayout.double(width: 1920, height: 1080).right
        let shot = try session.screenshot { PlaceholderLook($0, in: slot).isPlaceholder }
        let look = PlaceholderLook(shot, in: slot)
        let artifacts = session.weston.artifactsDirectory.path
        #expect(look.isPlaceholder,
                "the truncated cover shows \(DemoBook.page(in: shot, slot)), \(look); screenshots in \(artifacts)\nevents: \(session.historyText)\nstderr: \(session.stderrText)")
        let warnings = session.stderrText.split(separator: "\n").filter { $0.contains("warning") && $0.contains("page 1 ") }
        #expect(warnings.count == 1, "stderr: \(session.stderrText)")

        try session.weston.chord([], InputCode.keyRight)
        #expect(try session.waitForEvent("page").int("page") == 2, "events: \(session.historyText)")
        let next = try session.screenshot { SpreadView($0).shows(2, 3) }
        #expect(SpreadView(next).shows(2, 3), "\(SpreadView(next))")
        #expect(session.recto.isRunning)
    }
}
