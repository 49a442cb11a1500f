import Foundation
import Glibc
import Testing

/// On a tablet (not kiosk mode) a book reopens where it was left, keyed by what the book is: a renamed book
/// still opens there, a book whose pages changed opens at its cover, and a kiosk always opens at the cover.
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct RememberedPositionEndToEndTests {
    /// Opens `book` with the state kept in `state`, runs `body`, and returns the page of `shown`.
    private func open(_ book: URL, state: URL, _ arguments: [String] = [],
                      _ body: (RectoSession) throws -> Void = { _ in }) throws -> Int? {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [book.path] + arguments,
                                             environment: ["XDG_STATE_HOME": state.path])
        defer { session.stop() }
        let shown = try session.waitForEvent("shown").int("page")
        try body(session)
        return shown
    }

    private func turnTwice(_ session: RectoSession) throws {
        for expected in [2, 4] {
            try session.weston.key(InputCode.keyRight, pressed: true)
            try session.weston.key(InputCode.keyRight, pressed: false)
            #expect(try session.waitForEvent("page").int("page") == expected)
        }
    }

    @Test func aBookReopensWhereItWasLeftEvenRenamedButNotChanged() throws {
        let state = try Scratch.makeDirectory("state")
        let book = try BookFixtures.copyOfDemo(pages: Array(1...8), name: "atlas")
        #expect(try open(book, state: state, [], turnTwice) == 1)
        #expect(try open(book, state: state) == 4, "reopened where it was left")

        let renamed = book.deletingLastPathComponent().appendingPathComponent("atlas-renamed-\(getpid())")
        try FileManager.default.moveItem(at: book, to: renamed)
        #expect(try open(renamed, state: state) == 4, "a renamed book is the same book")

        #expect(try open(renamed, state: state, ["--kiosk"]) == 1, "a kiosk starts at the cover")
        #expect(try open(renamed, state: state, ["--no-remember-position"]) == 1)

        let page3 = renamed.appendingPathComponent(BookFixtures.pageName(3))
        try FileManager.default.removeItem(at: page3)
        try FileManager.default.copyItem(at: BookFixtures.demoPage(12), to: page3)
        #expect(try open(renamed, state: state) == 1, "new content is a new book")
    }
}
