import Book
import FoundationEssentials
import Geometry
import PDF
import Decoding
import Synchronization

/// A fixed-layout EPUB (EPUB 3 `rendition:layout pre-paginated`, or EPUB 2 with Apple's `display-options` fixed
/// layout): picture books, comics and manga sold as ebooks. Its pages are the spine's items in order; a page that
/// is one image (an XHTML body holding a single `img`, an SVG holding a single `image`, or an image in the spine)
/// is that image, read from the archive at full quality like a CBZ page, with `ZipBook`'s defences. Any other page
/// (text, several pictures, drawings) is drawn at its viewport by the sandboxed `recto-epub` helper, MuPDF's HTML
/// engine in a process of its own, started at the first such page. The one page of a reflowable EPUB (a novel)
/// is a placeholder that says why. The spine's direction, title, author and language are the book's; a
/// `page-spread-center` page stands alone.
final class EPUBSource: RenderedPageProvider, @unchecked Sendable {
    // @unchecked: every stored property is written by init only, but for the two Mutexes.
    let path: String
    let limits: PageLimits
    private let zip: ZipBook
    private let files: [String: ZipEntry]
    /// The spine's documents, in reading order; empty for a reflowable book.
    private let spine: [EPUBPackage.Item]
    private let reflowable: Bool
    private let bookViewport: Viewport?
    private(set) var metadata: BookMetadata
    /// The book's own table of contents (its navigation document, else its NCX), in page numbers.
    let tableOfContents: [ContentsEntry]
    /// The helper for drawn pages (nil: found as `PDFDocument.Configuration.standard` finds it).
    private let helper: PDFDocument.Configuration?
    /// What each page was found to be, once its document was read.
    private let forms = Mutex<[Int: Form]>([:])
    /// The helper's open book, started at the first drawn page; its failure is every drawn page's.
    private let drawing = Mutex<Result<PDFDocument, PageError>?>(nil)

    static let maxDocumentBytes = 1 << 20
    static let maxPackageBytes = 4 << 20
    /// Largest viewport a page is laid out in, per side: a page asking for more is a placeholder that says so.
    static let maxViewportSide = 10_000
    /// The viewport of a page that declares none, where the book declares none either: a tablet's.
    static let fallbackViewport = Viewport(width: 768, height: 1024)

    /// How a page is shown.
    enum Form: Sendable {
        /// The image at this path in the archive, decoded like a CBZ page.
        case image(String)
        /// Drawn by the helper, laid out in this viewport; `whole`: only ever drawn whole (see `renderRegion`).
        case drawn(Viewport, whole: Bool)
    }

    var kind: PageSource.Kind { .archive }
    var pageCount: Int { reflowable ? 1 : spine.count }

    /// An EPUB's ZIP starts with its stored `mimetype` entry (OCF), so the first bytes say what it is.
    static func recognises(_ head: [UInt8]) -> Bool {
        head.count >= 58 && head.starts(with: [0x50, 0x4B, 0x03, 0x04])
            && head[30..<58].elementsEqual(Array("mimetypeapplication/epub+zip".utf8))
    }

    init(path: String, limits: PageLimits, helper: PDFDocument.Configuration? = nil) throws(PageError) {
        self.helper = helper
        let (zip, listed) = try ZipBook.open(path: path, limits: limits)
        self.zip = zip
        self.path = path
        self.limits = limits
        var files: [String: ZipEntry] = [:]
        for entry in listed where entry.kind == .file && files[entry.path] == nil { files[entry.path] = entry }
        self.files = files
        let notEPUB = { (why: String) in PageError.unreadableArchive(path: path, reason: "not an EPUB: \(why)") }
        guard let container = files["META-INF/container.xml"] else { throw notEPUB("it has no META-INF/container.xml") }
        let containerBytes = try zip.extract(container, name: container.path, limit: Self.maxDocumentBytes)
        guard let opfPath = EPUBPackage.rootfile(container: containerBytes), let opf = files[opfPath] else {
            throw notEPUB("its container names no package document it holds")
        }
        let package = EPUBPackage(opf: try zip.extract(opf, name: opfPath, limit: Self.maxPackageBytes), opfPath: opfPath,
                                  maxItems: limits.maxPages)
        if package.spine.count > limits.maxPages { throw .tooManyPages(path: path, limit: limits.maxPages) }
        guard !package.spine.isEmpty else { throw .noPages(path: path, entries: listed.count) }
        let apple = files["META-INF/com.apple.ibooks.display-options.xml"].flatMap {
            try? zip.extract($0, name: $0.path, limit: Self.maxDocumentBytes)
        }.map(EPUBPackage.appleFixedLayout) ?? false
        bookViewport = package.viewport
        let fixed = package.prePaginated || apple
        reflowable = !fixed && !package.spine.contains { $0.prePaginated == true }
        spine = reflowable ? [] : package.spine.map { item in
            var item = item
            if item.prePaginated == nil { item.prePaginated = fixed }
            return item
        }
        tableOfContents = Self.contents(package, files: files, zip: zip, pagePaths: spine.map(\.path))
        metadata = BookMetadata(title: package.title, rightToLeft: package.rightToLeft ? true : nil)
        metadata.language = package.language
        metadata.about = BookAbout(dublinCore: package.dublinCore)
        metadata.spread = package.spread
        metadata.doublePages = Set(spine.indices.filter { spine[$0].spread == .center }.map { $0 + 1 })
        metadata.coverPage = package.coverImage.flatMap(coverPage)
        for (i, item) in spine.enumerated() {
            switch item.spread {
            case .left: metadata.pageSides[i + 1] = .left
            case .right: metadata.pageSides[i + 1] = .right
            case .center, nil: break
            }
        }
    }

    /// The navigation document's `toc` (else the NCX's `navMap`) as entries on the pages their links name.
    private static func contents(_ package: EPUBPackage, files: [String: ZipEntry], zip: ZipBook,
                                 pagePaths: [String]) -> [ContentsEntry] {
        func document(_ path: String?) -> (path: String, bytes: [UInt8])? {
            guard let path, let entry = files[path], let bytes = try? zip.extract(entry, name: path, limit: maxDocumentBytes)
            else { return nil }
            return (path, bytes)
        }
        var links: [EPUBNavigation.Link] = [], at = ""
        if let nav = document(package.navDocument) { (links, at) = (EPUBNavigation.navDocument(nav.bytes), nav.path) }
        if links.isEmpty, let ncx = document(package.ncx) { (links, at) = (EPUBNavigation.ncx(ncx.bytes), ncx.path) }
        return BookContents.cleaned(EPUBNavigation.entries(links, documentPath: at, pagePaths: pagePaths), pageCount: pagePaths.count)
    }

    /// The page among the first few that shows the book's cover picture alone (the shelf's cover, where the idle
    /// reset returns); nil when none does (the book's first page is its cover then).
    private func coverPage(_ image: String) -> Int? {
        (0..<min(8, spine.count)).map { $0 + 1 }.first { page in
            if case .image(let path) = try? form(of: page) { return path == image }
            return false
        }
    }

    func name(of page: Int) -> String {
        guard !reflowable, page >= 1, page <= spine.count else { return "page \(page)" }
        return spine[page - 1].path
    }

    func identity(of page: Int) throws(PageError) -> PageIdentity {
        try checkPage(page, pageCount)
        guard !reflowable, let entry = files[spine[page - 1].path] else {
            return .archiveEntry(archive: zip.identity, path: "", crc32: 0, size: 0)
        }
        // The page's document stands for its image: the archive's own identity tells versions apart.
        return .archiveEntry(archive: zip.identity, path: entry.path, crc32: entry.checksum, size: entry.uncompressedSize)
    }

    func contents(of page: Int) throws(PageError) -> PageContents {
        let identity = try identity(of: page)
        guard case .image(let imagePath) = try form(of: page) else { throw .renderedPage(name: name(of: page)) }
        guard let entry = files[imagePath] else { throw .notFound(path: imagePath) }
        let bytes = try zip.extract(entry, name: imagePath, limit: min(limits.maxEntryBytes, limits.decode.maxFileBytes))
        return PageContents(bytes: bytes, identity: identity)
    }

    /// What `page` is, from its document (read once): one picture, or something to draw and the viewport to draw it
    /// in. A reflowable page in a fixed-layout book is drawn at the book's viewport.
    func form(of page: Int) throws(PageError) -> Form {
        try checkPage(page, pageCount)
        if reflowable {
            throw .reflowableEPUB(name: (path as String).split(separator: "/").last.map(String.init) ?? path)
        }
        if let known = forms.withLock({ $0[page] }) { return known }
        let item = spine[page - 1]
        let found: Form
        if item.mediaType.hasPrefix("image/") && item.mediaType != "image/svg+xml" {
            found = .image(item.path)
        } else {
            guard let document = files[item.path] else { throw .notFound(path: item.path) }
            let markup = try zip.extract(document, name: item.path, limit: Self.maxDocumentBytes)
            if item.prePaginated == true, let image = EPUBPackage.singleImage(xhtml: markup, pagePath: item.path) {
                found = .image(image)
            } else {
                let scanned = EPUBPackage.scanPage(markup)
                let declared = item.prePaginated == true ? scanned.viewport : nil
                let viewport = declared ?? bookViewport ?? Self.fallbackViewport
                let sides = 1...Self.maxViewportSide
                guard sides.contains(viewport.width), sides.contains(viewport.height) else {
                    throw .render(name: item.path, reason: "the page asks for a viewport of \(viewport.width) × \(viewport.height) px; "
                                  + "pages are laid out at most \(Self.maxViewportSide) px a side")
                }
                found = .drawn(viewport, whole: scanned.inlineSVG)
            }
        }
        forms.withLock { $0[page] = found }
        return found
    }

    func isRendered(page: Int) -> Bool {
        guard case .drawn = try? form(of: page) else { return false }
        return true
    }

    func sourceSize(of page: Int, fitting bounds: PixelSize) throws(PageError) -> PixelSize {
        let viewport = try drawnViewport(page)
        let scale = min(Double(bounds.width) / Double(viewport.width), Double(bounds.height) / Double(viewport.height))
            * Double(RenderedPages.detail)
        let side = { (v: Int) in max(1, min(self.limits.decode.maxDimension, Int((Double(v) * scale).rounded()))) }
        return PixelSize(width: side(viewport.width), height: side(viewport.height))
    }

    func render(page: Int, size: PixelSize) throws(PageError) -> RGBAImage {
        let viewport = try drawnViewport(page)
        return try draw(page, viewport, PDFRect(x: 0, y: 0, width: Double(viewport.width), height: Double(viewport.height)), size)
    }

    /// Largest whole page drawn to cut a region from (see `renderRegion`): 24 Mi pixels, 96 MiB.
    static let maxWholeRegionPixels = 24 << 20

    /// The part `rect` drawn sharp at the zoomed scale. A page with an inline SVG drawing is drawn whole at that
    /// scale (at most `maxWholeRegionPixels`) and the region cut from it: MuPDF 1.21 misplaces an inline SVG that
    /// is only partly inside the area it draws.
    func renderRegion(page: Int, rect: PixelRect, sourceSize: PixelSize, output: PixelSize) throws(PageError) -> RGBAImage {
        guard case .drawn(let viewport, let whole) = try form(of: page) else {
            throw .render(name: name(of: page), reason: "the page is a picture")
        }
        if whole {
            let zoom = min(Double(output.width) / Double(rect.width), Double(output.height) / Double(rect.height))
            let budget = (Double(Self.maxWholeRegionPixels) / Double(sourceSize.width * sourceSize.height)).squareRoot()
            let scale = min(zoom, budget)
            let size = PixelSize(width: max(1, Int((Double(sourceSize.width) * scale).rounded())),
                                 height: max(1, Int((Double(sourceSize.height) * scale).rounded())))
            let page = try draw(page, viewport, PDFRect(x: 0, y: 0, width: Double(viewport.width), height: Double(viewport.height)), size)
            let fx = Double(size.width) / Double(sourceSize.width), fy = Double(size.height) / Double(sourceSize.height)
            let cut = PixelRect(x: Int((Double(rect.x) * fx).rounded(.down)), y: Int((Double(rect.y) * fy).rounded(.down)),
                                width: max(1, Int((Double(rect.width) * fx).rounded())),
                                height: max(1, Int((Double(rect.height) * fy).rounded())))
            return page.region(cut, scaledTo: output)
        }
        let sx = Double(viewport.width) / Double(sourceSize.width), sy = Double(viewport.height) / Double(sourceSize.height)
        let area = PDFRect(x: Double(rect.x) * sx, y: Double(rect.y) * sy,
                           width: Double(rect.width) * sx, height: Double(rect.height) * sy)
        return try draw(page, viewport, area, output)
    }

    private func drawnViewport(_ page: Int) throws(PageError) -> Viewport {
        guard case .drawn(let viewport, _) = try form(of: page) else {
            throw .render(name: name(of: page), reason: "the page is a picture")
        }
        return viewport
    }

    private func draw(_ page: Int, _ viewport: Viewport, _ area: PDFRect, _ size: PixelSize) throws(PageError) -> RGBAImage {
        let name = name(of: page)
        let document = try helperDocument(for: name)
        let chapter = spine[page - 1].chapter + 1
        do {
            let pixels = try document.render(page: chapter, rect: area, width: size.width, height: size.height,
                                             viewport: (viewport.width, viewport.height))
            return RGBAImage(width: size.width, height: size.height, pixels: pixels)
        } catch {
            throw .render(name: name, reason: error.description)
        }
    }

    /// The helper's open book: started by the first drawn page (a picture book never starts one).
    private func helperDocument(for name: String) throws(PageError) -> PDFDocument {
        let result = drawing.withLock { opened -> Result<PDFDocument, PageError> in
            if let opened { return opened }
            let result: Result<PDFDocument, PageError>
            do throws(PDFError) {
                let configuration: PDFDocument.Configuration
                if let helper { configuration = helper } else {
                    configuration = try .standard(environment: ProcessInfo.processInfo.environment, helper: .epub)
                }
                result = .success(try PDFDocument(path: path, configuration: configuration))
            } catch {
                result = .failure(.render(name: name, reason: error.description))
            }
            opened = result
            return result
        }
        return try result.get()
    }

    /// What the page says, for speech mode and `recto ctl text`: a page of text its words (though the screen
    /// shows a placeholder), a picture its `alt` text.
    func text(of page: Int) -> String? {
        guard !reflowable, page >= 1, page <= spine.count, let document = files[spine[page - 1].path],
              let markup = try? zip.extract(document, name: document.path, limit: Self.maxDocumentBytes) else { return nil }
        return EPUBPackage.spokenText(xhtml: markup).map { String(decoding: Array($0.utf8.prefix(PageSource.maxPageTextBytes)), as: UTF8.self) }
    }

    func reloaded() throws(PageError) -> any PageProvider { try EPUBSource(path: path, limits: limits, helper: helper) }
}
