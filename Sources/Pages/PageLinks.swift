import Book
import PDF
import Posix

extension PageSource {
    /// Whether the book's pages can have links (a PDF's).
    public var hasLinks: Bool { provider is PDFSource }

    /// The links of `page` that lead to another page of the book, in the page's order; [] for a book without
    /// links, a page without any, or one whose links cannot be read (the page itself says why when drawn).
    /// May block (the PDF helper): call it off the frame loop.
    public func links(of page: Int) -> [PageLink] {
        guard page >= 1, page <= pageCount, let pdf = provider as? PDFSource else { return [] }
        return pdf.links(of: page)
    }
}

extension PDFSource {
    func links(of page: Int) -> [PageLink] {
        let size = pageSizes[page - 1]
        guard size.isUsable, let links = try? document.links(page: page) else { return [] }
        return links.prefix(PageLink.maxPerPage).compactMap { link in
            guard case .page(let target) = link.target, target != page else { return nil }
            let r = link.rect
            return PageLink(rect: .init(x: r.x / size.width, y: r.y / size.height,
                                        width: r.width / size.width, height: r.height / size.height), target: target)
        }
    }
}

/// Reads pages' links on a thread of its own (the PDF helper blocks), for the loop: asked page by page as their
/// images arrive, answered in batches; its descriptor goes in the poll set.
public final class LinkReader {
    struct Request: Sendable {
        var book: Int
        var source: PageSource
        var pages: [Int]
    }

    struct Answer: Sendable {
        var book: Int
        var links: [(page: Int, links: [PageLink])]
    }

    /// One thread for the program's life: a PDF helper started from it (after a crash) dies with its thread.
    private let worker = Worker<Request, Answer>(name: "recto.links") { request in
        Answer(book: request.book, links: request.pages.map { ($0, request.source.links(of: $0)) })
    }
    private var book = -1
    private var source: PageSource?
    /// Pages asked for and not yet answered. Each request names them all: the worker runs only the newest one
    /// waiting and keeps only its newest answer, so nothing asked is lost.
    private var pending: Set<Int> = []

    public init() {}

    /// Readable end of the worker's completion pipe, for the loop's poll set.
    public var fd: Int32 { worker.fd }

    /// Reads the links of `page` of book `book` (a number that changes with the book); a book without links is
    /// never asked.
    public func read(_ page: Int, book: Int, source: PageSource) {
        guard source.hasLinks else { return }
        if book != self.book {
            self.book = book
            pending = []
        }
        self.source = source
        guard pending.insert(page).inserted else { return }
        worker.submit(Request(book: book, source: source, pages: pending.sorted()))
    }

    /// What the thread has read for the book open now (a replaced book's answers are dropped).
    public func take() -> [(page: Int, links: [PageLink])] {
        guard let answer = worker.take(), answer.book == book else { return [] }
        let answered = answer.links.filter { pending.remove($0.page) != nil }
        if !pending.isEmpty, let source { worker.submit(Request(book: book, source: source, pages: pending.sorted())) }
        return answered
    }
}
