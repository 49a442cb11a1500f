import Pages
import Posix

/// Pages' own texts for speech mode, read on a thread of their own (a sidecar file, a CBZ entry, the PDF helper's
/// text layer: each may block, and none may hold up a frame), kept for the book open now. The spread just
/// settled is asked for first, then its neighbours, so that the next turn's text is usually here already and the
/// turn is said in the same turn of the loop that settled it.
@MainActor public final class SpokenPages {
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
    /// A page cue waiting for its texts: its spread, the page read around, and what says it.
    private struct Pending {
        var spread: [Int], page: Int, book: Int, source: PageSource
        var say: @MainActor ([Int: String]) -> Void
    }
    private var pending: Pending?
    /// Single pages asked for by others than speech (`recto ctl text`), each with what takes its text.
    private var waiting: [(page: Int, book: Int, then: @MainActor (String?) -> Void)] = []

    public init() {}

    /// Texts known for book `book` (nil: the page has none).
    private var book = -1
    private var known: [Int: String?] = [:]
    /// At most this many pages' texts are kept (64 KiB each at most).
    private let capacity = 64

    /// Readable end of the worker's completion pipe, for the loop's poll set.
    public var fd: Int32 { worker.fd }

    /// Says a page cue through `say` once the texts of its `spread` (book `book`) are read: at once when known
    /// (read ahead at the turn before), else when the reading thread has them (`textsRead`).
    public func cue(_ spread: [Int], around page: Int, book: Int, source: PageSource,
                    say: @escaping @MainActor ([Int: String]) -> Void) {
        pending = nil
        let ahead = (1...2).flatMap { [(spread.max() ?? page) + $0, (spread.min() ?? page) - $0] }
        if let known = texts(spread, ahead: ahead, book: book, source: source) { return say(known) }
        pending = Pending(spread: spread, page: page, book: book, source: source, say: say)
    }

    /// Any other cue replaces a page still waiting for its text.
    public func cancel() { pending = nil }

    /// Page `page`'s text, handed to `then` once read (at once when known); a speech cue is not disturbed.
    public func read(_ page: Int, book: Int, source: PageSource, then: @escaping @MainActor (String?) -> Void) {
        if let known = texts([page], ahead: [], book: book, source: source) { return then(known[page]) }
        waiting.append((page, book, then))
    }

    /// The reading thread has texts: the page cue and the pages waiting for them have them now (if all there).
    public func textsRead() {
        guard take() else { return }
        // A page asked of a book since replaced has no answer to wait for: its asker hears "no text" rather than
        // nothing.
        let ready = waiting.filter { $0.book != book || known[$0.page] != nil }
        waiting.removeAll { w in w.book != book || known[w.page] != nil }
        for w in ready { w.then(w.book == book ? known[w.page] ?? nil : nil) }
        guard let p = pending else { return }
        cue(p.spread, around: p.page, book: p.book, source: p.source, say: p.say)
    }

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
    private func take() -> Bool {
        guard let answer = worker.take(), answer.book == book else { return false }
        if known.count + answer.texts.count > capacity { known = [:] }
        for (page, text) in answer.texts { known[page] = .some(text) }
        return true
    }

    /// The book was read again: its texts may have changed.
    public func forget() { known = [:] }
}
