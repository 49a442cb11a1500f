import Book
import PDF
import Posix

/// What one page says besides its picture.
public struct PageFacts: Sendable {
    public var page: Int
    public var links: [PageLink]
    public var notes: PageNotesRead
}

/// Reads what pages say besides their pictures, their links and notes, on a thread of its own (the PDF helper,
/// files beside pages and annotation pages over HTTP block), for the loop: asked page by page as their images
/// arrive, answered in batches; its descriptor goes in the poll set.
public final class PageFactReader {
    struct Request: Sendable {
        var book: Int
        var source: PageSource
        var pages: [Int]
    }

    struct Answer: Sendable {
        var book: Int
        var facts: [PageFacts]
    }

    /// One thread for the program's life: a PDF helper started from it (after a crash) dies with its thread.
    private let worker = Worker<Request, Answer>(name: "recto.facts") { request in
        Answer(book: request.book, facts: request.pages.map { page in
            PageFacts(page: page, links: request.source.links(of: page), notes: request.source.notes(of: page))
        })
    }
    private var book = -1
    private var source: PageSource?
    /// Pages asked for and not yet answered. Each request names them all: the worker runs only the newest one
    /// waiting and keeps only its newest answer, so nothing asked is lost.
    private var pending: Set<Int> = []

    public init() {}

    /// Readable end of the worker's completion pipe, for the loop's poll set.
    public var fd: Int32 { worker.fd }

    /// Reads the links and notes of `page` of book `book` (a number that changes with the book); a book that can
    /// have neither is never asked.
    public func read(_ page: Int, book: Int, source: PageSource) {
        guard source.hasLinks || source.hasNotes else { return }
        if book != self.book {
            self.book = book
            pending = []
        }
        self.source = source
        guard pending.insert(page).inserted else { return }
        worker.submit(Request(book: book, source: source, pages: pending.sorted()))
    }

    /// What the thread has read for the book open now (a replaced book's answers are dropped).
    public func take() -> [PageFacts] {
        guard let answer = worker.take(), answer.book == book else { return [] }
        let answered = answer.facts.filter { pending.remove($0.page) != nil }
        if !pending.isEmpty, let source { worker.submit(Request(book: book, source: source, pages: pending.sorted())) }
        return answered
    }
}
