import Decoding
import Foundation
import Glibc
import Testing

/// The live-content must-show on the real `recto` under headless weston: a book directory changed while
/// recto shows it. Pages copied in (renamed into place, or written slowly under their final name) appear
/// without a restart and without ever being reported broken; the page on display deleted leaves a readable
/// book. Books are copies of demo pages, so page i of a test book is recognised by its demo paper colour.
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct LiveContentEndToEndTests {
    typealias SpreadView = SpreadEndToEndTests.SpreadView

    private func start(_ book: URL) throws -> RectoSession {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [book.path])
        let shown = try session.waitForEvent("shown")
        #expect(shown.int("page") == 1, "\(shown)")
        return session
    }

    /// Presses Right until the `page` event says `target` (at most `limit` presses).
    private func turn(_ session: RectoSession, to target: Int, limit: Int = 4) throws {
        var page = 0
        for _ in 0..<limit where page != target {
            try session.weston.chord([], InputCode.keyRight)
            page = try session.waitForEvent("page").int("page") ?? 0
        }
        try #require(page == target, "Right keys did not reach page \(target): \(session.historyText)")
    }

    private func expectSpread(_ session: RectoSession, _ left: Int?, _ right: Int,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shot = try session.screenshot { SpreadView($0).shows(left, right) }
        let artifacts = session.weston.artifactsDirectory.path
        #expect(SpreadView(shot).shows(left, right),
                "expected \(left.map(String.init) ?? "nothing") | \(right): \(SpreadView(shot)); screenshots in \(artifacts)",
                sourceLocation: sourceLocation)
    }

    /// Page 4's slot when it is the last page alone on the left of the final spread.
    private func expectLastPageAlone(_ session: RectoSession, demoPage: Int,
                                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        let slot = PageLayout.double(width: 1920, height: 1080).left
        let shot = try session.screenshot { image in
            let seen = DemoBook.page(in: image, slot)
            return seen.page == demoPage && seen.distance < 10
        }
        let seen = DemoBook.page(in: shot, slot)
        let look = PlaceholderLook(shot, in: slot), artifacts = session.weston.artifactsDirectory.path
        #expect(seen.page == demoPage && seen.distance < 10,
                "left slot shows \(seen), expected demo page \(demoPage) (\(look)); screenshots in \(artifacts)",
                sourceLocation: sourceLocation)
    }

    private func warnings(_ session: RectoSession) -> [Substring] {
        session.stderrText.split(separator: "\n").filter { $0.contains("warning") }
    }

    @Test func pageRenamedIntoTheBookAppearsWithoutRestart() throws {
        let book = try BookFixtures.copyOfDemo(pages: [1, 2, 3])
        let session = try start(book)
        try BookFixtures.copyAtomically(BookFixtures.demoPage(4), into: book, as: BookFixtures.pageName(4))

        let changed = try session.waitForEvent("book", timeout: .seconds(5))
        #expect(changed.int("pages") == 4, "events: \(session.historyText)")
        try turn(session, to: 4)
        try expectLastPageAlone(session, demoPage: 4)
        #expect(warnings(session).isEmpty, "stderr: \(session.stderrText)")
        #expect(session.recto.isRunning)
    }

    /// Half the file, 200 ms of nothing, the rest: the half-written page is never shown broken.
    @Test func pageCopiedSlowlyAppearsWholeWithoutAWarning() throws {
        let book = try BookFixtures.copyOfDemo(pages: [1, 2, 3])
        let session = try start(book)
        try BookFixtures.copySlowly(BookFixtures.demoPage(4), to: book.appendingPathComponent(BookFixtures.pageName(4)),
                                    pause: .milliseconds(200))

        let changed = try session.waitForEvent("book", where: { $0.int("pages") == 4 })
        print("e2e slow copy: \(session.historyText)")
        try turn(session, to: 4)
        try expectLastPageAlone(session, demoPage: 4)
        _ = try session.events(during: .milliseconds(300))
        #expect(warnings(session).isEmpty, "a half-copied page was reported: \(session.stderrText)")
        #expect(changed.int("pages") == 4)
    }

    /// A copy that stalls longer than recto's quiet period (400 ms) while the next page is being prefetched:
    /// recto may see (and report) the truncated file, but once the copy completes the page is read again and
    /// shows whole.
    @Test func pageSeenHalfCopiedIsReadAgainOnceComplete() throws {
        let book = try BookFixtures.copyOfDemo(pages: [1, 2, 3])
        let session = try start(book)
        try turn(session, to: 2)
        try BookFixtures.copySlowly(BookFixtures.demoPage(4), to: book.appendingPathComponent(BookFixtures.pageName(4)),
                                    pause: .milliseconds(900))
        try session.waitForEvent("book", where: { $0.int("pages") == 4 })
        _ = try session.events(during: .milliseconds(800))  // the reload after the second half
        print("e2e stalled copy: \(session.historyText); stderr: \(session.stderrText)")
        try turn(session, to: 4)
        try expectLastPageAlone(session, demoPage: 4)
        #expect(session.recto.isRunning)
    }

    /// The last page deleted while it is on screen: the book shrinks to 3 pages, the place is clamped to the
    /// spread (2, 3), and recto keeps reading.
    @Test func deletingThePageOnDisplayClampsToALivePage() throws {
        let book = try BookFixtures.copyOfDemo(pages: [1, 2, 3, 4])
        let session = try start(book)
        try turn(session, to: 4)
        try expectLastPageAlone(session, demoPage: 4)

        let before = session.history.count
        try FileManager.default.removeItem(at: book.appendingPathComponent(BookFixtures.pageName(4)))
        let changed = try session.waitForEvent("book", timeout: .seconds(5))
        #expect(changed.int("pages") == 3, "events: \(session.historyText)")
        // The clamp's `page` event comes with the reload (recto prints it just before `book`).
        let since = session.history[before...] + (try session.events(during: .milliseconds(300)))
        let clamped = since.filter { $0.name == "page" }.compactMap { $0.int("page") }
        print("e2e deleted page 4 on display: \(since.map(\.line))")
        #expect(clamped.count == 1 && [2, 3].contains(clamped[0]), "page events after the delete: \(clamped)")
        try expectSpread(session, 2, 3)

        try session.weston.chord([], InputCode.keyLeft)
        let back = try session.waitForEvent("page")
        #expect(back.int("page") == 1, "events: \(session.historyText)")
        try expectSpread(session, nil, 1)
        #expect(session.recto.isRunning)
    }
}
