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
