import Book
import Decoding
import FoundationEssentials
import Geometry
import PDF

/// A PDF book: pages rendered by the sandboxed `recto-pdf` helper (see `PDFDocument`). The file is opened
/// once; `reloaded()` opens the path again (a PDF replaced by rename or rewritten is picked up then).
public struct PDFSource: RenderedPageProvider {
    public let path: String
    public let document: PDFDocument
    private let file: FileIdentity
    let limits: PageLimits

    public var kind: PageSource.Kind { .pdf }
    public var pageCount: Int { document.info.pageCount }
    /// Each page's size in points (1/72 inch) after its CropBox and /Rotate, in reading order: known before any
    /// page is rendered, so a spread layout can place a landscape page across both sides at once.
    public var pageSizes: [PDFPageSize] { document.info.pageSizes }
    /// The document's title from its metadata.
    public var title: String? { document.info.title }
    public var pageLabels: [String]? { document.info.labels }
    /// The document's language (`/Lang`): the voice its pages are read in.
    public var metadata: BookMetadata {
        var metadata = BookMetadata()
        metadata.language = document.info.language
        metadata.about = about
        return metadata
    }
    /// Its Info dictionary for the About panel, read when it was opened.
    let about: BookAbout

    /// Its outline, read when it was opened.
    public let tableOfContents: [ContentsEntry]

    public init(path: String, limits: PageLimits = .standard, configuration: PDFDocument.Configuration? = nil) throws(PageError) {
        let configuration = try Self.configuration(configuration, path: path)
        do { document = try PDFDocument(path: path, configuration: configuration) } catch {
            if case .needsPassword = error { throw .needsPassword(name: path) }
            throw .unreadablePDF(path: path, reason: error.description)
        }
        guard document.info.pageCount <= limits.maxPages else { throw .tooManyPages(path: path, limit: limits.maxPages) }
        self.path = path
        self.limits = limits
        file = PosixFiles.identity(document.fileStatus)
        // An outline or an Info dictionary that cannot be read is no reason not to read the book.
        let outline = (try? document.outline()) ?? []
        let info = (try? document.documentInfo()) ?? PDFDocumentInfo()
        about = BookAbout(fields: [(.author, info.author), (.subject, info.subject), (.keywords, info.keywords),
                                   (.creatorTool, info.creator), (.producer, info.producer), (.created, info.created)])
        tableOfContents = BookContents.cleaned(outline.map { ContentsEntry(title: $0.title, page: $0.page, level: $0.level) },
                                               pageCount: document.info.pageCount)
    }

    private static func configuration(_ given: PDFDocument.Configuration?,
                                      path: String) throws(PageError) -> PDFDocument.Configuration {
        if let given { return given }
        do { return try .standard(environment: ProcessInfo.processInfo.environment) } catch {
            throw .unreadablePDF(path: path, reason: error.description)
        }
    }

    /// "page N", or "page LABEL" when the document labels its pages ("page iv").
    public func name(of page: Int) -> String {
        guard let labels = document.info.labels, page >= 1 && page <= labels.count else { return "page \(page)" }
        return "page \(labels[page - 1])"
    }

    /// PDF pages have no bytes of their own: they are rendered (`render(page:size:)`).
    public func contents(of page: Int) throws(PageError) -> PageContents {
        try checkPage(page, pageCount)
        throw .renderedPage(name: name(of: page))
    }

    public func identity(of page: Int) throws(PageError) -> PageIdentity {
        try checkPage(page, pageCount)
        return .documentPage(file: file, page: page)
    }

    /// The same source while the file is unchanged (a directory watcher reloads on any change beside it, and
    /// opening starts a helper); else the path opened again.
    public func reloaded() throws(PageError) -> any PageProvider {
        guard let info = PosixFiles.status(path) else { throw .notFound(path: path) }
        if PosixFiles.identity(info) == file { return self }
        return try PDFSource(path: path, limits: limits, configuration: document.configuration)
    }

    public func sourceSize(of page: Int, fitting bounds: PixelSize) throws(PageError) -> PixelSize {
        let points = try usableSize(page)
        let scale = min(Double(bounds.width) / points.width, Double(bounds.height) / points.height)
            * Double(RenderedPages.detail)
        let side = { (v: Double) in max(1, min(limits.decode.maxDimension, Int((v * scale).rounded()))) }
        return PixelSize(width: side(points.width), height: side(points.height))
    }

    public func render(page: Int, size: PixelSize) throws(PageError) -> RGBAImage {
        let points = try usableSize(page)
        return try draw(page, PDFRect(x: 0, y: 0, width: points.width, height: points.height), size)
    }

    public func renderRegion(page: Int, rect: PixelRect, sourceSize: PixelSize,
                             output: PixelSize) throws(PageError) -> RGBAImage {
        let points = try usableSize(page)
        let sx = points.width / Double(sourceSize.width), sy = points.height / Double(sourceSize.height)
        let area = PDFRect(x: Double(rect.x) * sx, y: Double(rect.y) * sy,
                           width: Double(rect.width) * sx, height: Double(rect.height) * sy)
        return try draw(page, area, output)
    }

    private func usableSize(_ page: Int) throws(PageError) -> PDFPageSize {
        try checkPage(page, pageCount)
        let size = pageSizes[page - 1]
        guard size.isUsable else { throw .render(name: name(of: page), reason: "the page has no usable size") }
        return size
    }

    private func draw(_ page: Int, _ area: PDFRect, _ size: PixelSize) throws(PageError) -> RGBAImage {
        do {
            let pixels = try document.render(page: page, rect: area, width: size.width, height: size.height)
            return RGBAImage(width: size.width, height: size.height, pixels: pixels)
        } catch {
            throw .render(name: name(of: page), reason: error.description)
        }
    }
}
