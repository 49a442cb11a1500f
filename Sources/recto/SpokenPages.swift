import Pages
import Posix

/// Pages' own texts for speech mode, read on a thread of their own (a sidecar file, a CBZ entry, the PDF helper's
/// text layer: each may block, and none may hold up a frame), kept for the book open now. The spread just
/// settled is asked for first, then its neighbours, so that the next turn's text is usually here already and the
/// turn is said in the same turn of the loop that settled it.
@MainActor final class SpokenPages {
    struct Request: Sendable {
        var book: Int
        var source: PageSource
        var pages: [Int]
    }

    struct Answer: Sendable {
        var book: Int
        var texts: [(page: Int, text: String?)]
    }

    /// One thread for the program's life: a PDF helper started from it (after a crash) dies with its thread.
    private let worker = Worker<Request, Answer>(name: "recto.texts") { request in
        Answer(book: request.book, texts: request.pages.map { ($0, request.source.text(of: $0)) })
    }
    /// A page cue waiting for its texts: its page, whether it is the book's first, and when it happened (ms).
    struct Pending {
        var page: Int
        var first: Bool
        var at: Double
    }
    var pending: Pending?

    /// Texts known for book `book` (nil: the page has none).
    private var book = -1
    private var known: [Int: String?] = [:]
    /// At most this many pages' texts are kept (64 KiB each at most).
    private let capacity = 64

    /// Readable end of the worker's completion pipe, for the loop's poll set.
    var fd: Int32 { worker.fd }

    /// The texts of `pages` of book `book` when all are known; else nil, and they (then `ahead`) are read.
    func texts(_ pages: [Int], ahead: [Int], book: Int, source: PageSource) -> [Int: String]? {
        if book != self.book {
            self.book = book
            known = [:]
        }
        let missing = (pages + ahead).filter { known[$0] == nil && $0 >= 1 && $0 <= source.pageCount }
        if !missing.isEmpty { worker.submit(Request(book: book, source: source, pages: Array(Set(missing)).sorted { a, b in
            pages.contains(a) != pages.contains(b) ? pages.contains(a) : a < b
        })) }
        guard pages.allSatisfy({ known[$0] != nil }) else { return nil }
        var texts: [Int: String] = [:]
        for page in pages { if let text = known[page] ?? nil { texts[page] = text } }
        return texts
    }

    /// Takes what the worker read; false when it was for another book (or nothing came).
    func take() -> Bool {
        guard let answer = worker.take(), answer.book == book else { return false }
        if known.count + answer.texts.count > capacity { known = [:] }
        for (page, text) in answer.texts { known[page] = .some(text) }
        return true
    }

    /// The book was read again: its texts may have changed.
    func forget() { known = [:] }
}
