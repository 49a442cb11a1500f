import Book
import Geometry
import Panels
import Reader

/// What the core learns about the book besides its pages' images, and the reload after its file changed.
struct BookPolicy: Sendable {
    /// Double-page images by the book's word (ComicInfo) and by their shape (a PDF's page sizes).
    var namedSpreads: Set<Int> = []
    var shapedSpreads: Set<Int> = []
    /// Pages on the half of a spread the book names (an EPUB's `page-spread-left`/`-right`).
    var pageSides: [Int: PageSide] = [:]
    /// The pages are vectors (a PDF): no pixels of their own to zoom to 1:1 with.
    var vectorPages = false
    /// The book's page labels for the overlay (empty: page numbers).
    var pageLabels: [String] = []
    /// Its page labels and attribution in other languages, by language (a IIIF book).
    var translated: [String: BookTexts] = [:]
    /// The book's required attribution, shown on the overlay under the page numbers (empty: none).
    var attribution: [String] = []
    /// What the book says about itself, in every language it gives (empty: no About control).
    var about = BookAbout()
    /// The book's table of contents (empty: none, and no contents control).
    var contents: [ContentsEntry] = []
    /// Why a kiosk's one book cannot be shown, while it is awaited (its one page says so); nil when it is shown.
    var awaited: String?
    /// Pages whose failure was already logged (once per page until the book changes).
    private var reportedFailures: Set<Int> = []
    private(set) var reloadDeadline: Double?
    /// Reload attempts that failed since the book last changed (retried a few times, more slowly each time).
    private var reloadFailures = 0

    /// Pages shown alone: a spread printed across two.
    var soloPages: Set<Int> { namedSpreads.union(shapedSpreads) }

    /// Whether `page`'s failure is news (said once per page until the book changes).
    mutating func firstFailure(of page: Int) -> Bool { reportedFailures.insert(page).inserted }

    /// Another book, or the same book read again: its pages' failures are news again.
    mutating func replaced() { reportedFailures.removeAll() }

    /// The book's file changed: it is read again once it has been quiet for `quiet` ms.
    mutating func fileChanged(now: Double, quiet: Double) {
        reloadFailures = 0
        reloadDeadline = now + quiet
    }

    /// A file caught half-written may be whole soon without another change to tell us (a helper that could not
    /// start may start next time): a few more tries, further apart.
    mutating func reloadFailed(now: Double, quiet: Double) {
        reloadFailures += 1
        if reloadFailures <= 4 { reloadDeadline = now + quiet * Double(1 << reloadFailures) }
    }

    /// Whether the book is to be read again now.
    mutating func reloadDue(now: Double) -> Bool {
        guard let due = reloadDeadline, due <= now else { return false }
        reloadDeadline = nil
        return true
    }
}
