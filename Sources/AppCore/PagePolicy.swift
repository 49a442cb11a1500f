import Book
import Geometry
import Panels
import Reader

/// What the core knows of the book's page images: which pages have one and at what size (`PageImages`), the
/// full-resolution details shown over zoomed pages (`ZoomDetailPolicy`), and the links of the pages that have an
/// image (asked for with the image, gone with it).
struct PagePolicy: Sendable {
    private(set) var images = PageImages()
    var zoomDetail = ZoomDetailPolicy()
    /// Links of pages with an image, once read (`Job.readPageFacts`); a page without any has none here.
    private(set) var links: [Int: [PageLink]] = [:]
    /// Notes of pages with an image, once read; a page without any has none here.
    private(set) var notes: [Int: [PageNote]] = [:]
    /// Their markers, made with them (`NotesPanel.PageMarkers`).
    private(set) var markers: [Int: NotesPanel.PageMarkers] = [:]
    /// Pages whose links and notes were asked for since their image came.
    private var factsAsked: Set<Int> = []

    subscript(page: Int) -> PageImages.Entry? { images[page] }
    /// The GL is up: every page with an image is a texture.
    var uploaded: Bool {
        get { images.uploaded }
        set { images.uploaded = newValue }
    }
    var all: [Int] { images.all }
    mutating func set(_ page: Int, _ entry: PageImages.Entry) { images.set(page, entry) }
    mutating func remove(_ page: Int) {
        images.remove(page)
        links[page] = nil
        notes[page] = nil
        markers[page] = nil
        factsAsked.remove(page)
    }

    /// Whether `page`'s links and notes are still to be asked for (once per image).
    mutating func asksFacts(of page: Int) -> Bool { images[page] != nil && factsAsked.insert(page).inserted }

    /// Every page's links and notes are unknown again (the book's file changed): the pages with an image, asked
    /// again.
    mutating func forgetFacts() -> [Int] {
        links = [:]
        notes = [:]
        markers = [:]
        factsAsked = Set(images.all)
        return images.all.sorted()
    }

    /// `page`'s links were read: kept while its image is.
    mutating func linksRead(_ page: Int, _ found: [PageLink]) {
        guard images[page] != nil else { return }
        links[page] = found.isEmpty ? nil : Array(found.prefix(PageLink.maxPerPage))
    }

    /// `page`'s notes were read: kept while its image is.
    mutating func notesRead(_ page: Int, _ found: [PageNote]) {
        guard images[page] != nil else { return }
        notes[page] = found.isEmpty ? nil : Array(found.prefix(PageNote.maxPerPage))
        markers[page] = notes[page].map { NotesPanel.PageMarkers(page: page, notes: $0) }
    }

    /// Every page image goes (another book); the shell releases each.
    mutating func removeAll(where gone: (Int) -> Bool = { _ in true }) -> [AppEffect] {
        var out: [AppEffect] = []
        for page in images.all.sorted() where gone(page) {
            remove(page)
            out.append(.release(page: page))
        }
        return out
    }

    /// A zoom region arrived: shown when it still fits the view. `size`: the region's image size (a coarser
    /// preview is smaller than asked for, and not yet the settled view).
    mutating func regionReady(page: Int, rect: PixelRect, size: PixelSize, frame: ReaderFrame, now: Double) -> [AppEffect] {
        guard let source = images[page]?.sourceSize,
              let shown = zoomDetail.received(page: page, rect: rect, size: size, sourceSize: source, frame: frame, now: now)
        else { return [] }
        let settled: [AppEffect] = shown.waited.map { [.occurred(.region(page: page, waitMS: $0))] } ?? []
        return [.showRegion(page: page, bookRect: shown.rect)] + settled
    }
}

/// A book's page labels and attribution in one language.
struct BookTexts: Sendable, Equatable {
    var pageLabels: [String]
    var attribution: [String]
}

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
