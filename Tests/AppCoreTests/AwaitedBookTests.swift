import Occurrences
import Testing
@testable import AppCore

/// A kiosk's one book while it cannot be shown: one page whose placeholder says "Waiting for the book" and why,
/// said once per reason; the book that then opens is shown from its cover, and status and systemd say which.
struct AwaitedBookTests {
    func occurred(_ d: Driver) -> [Occurrence] { d.effects.compactMap { if case .occurred(let o) = $0 { o } else { nil } } }

    @Test func theAwaitedBooksPageSaysWhyAndTheBookThatComesOpensAtItsCover() throws {
        var d = Driver(pages: 1)
        let reason = "no book at /srv/book.cbz: no such file or directory"
        d.handle(.bookAwaited(reason: reason))
        #expect(occurred(d).contains(.bookAwaited(reason: reason)))
        #expect(d.core.bookAwaited == reason && d.core.status(now: d.now).fields.contains { $0.key == "book_awaited" })
        d.effects = []
        d.handle(.pageFailed(page: 1, message: reason))
        let placeholder = d.effects.compactMap { if case let .placeholder(_, _, text) = $0 { text } else { nil } }
        #expect(placeholder == ["Waiting for the book\n\n" + reason])
        // The same reason again (the path touched, still missing): nothing new.
        d.effects = []
        d.handle(.bookAwaited(reason: reason))
        #expect(occurred(d).isEmpty)

        d.handle(.bookArrived(pageCount: 12, cover: 3))
        #expect(d.core.bookAwaited == nil && d.core.reader.position.pageCount == 12 && d.core.reader.page == 3)
        #expect(occurred(d).contains(.book(pages: 12)))
        #expect(!d.core.status(now: d.now).fields.contains { $0.key == "book_awaited" })

        // Replaced by a book that is refused: one page again, saying why.
        d.effects = []
        d.handle(.bookAwaited(reason: "the book has no readable page"))
        #expect(d.core.reader.position.pageCount == 1 && occurred(d).contains(.bookAwaited(reason: "the book has no readable page")))
    }
}
