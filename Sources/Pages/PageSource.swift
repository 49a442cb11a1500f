import Book
import Decoding
import Fetch
import Geometry
import Glibc
import Posix

/// The bytes of one page and the identity of exactly those bytes.
public struct PageContents: Sendable {
    public var bytes: [UInt8]
    public var identity: PageIdentity

    public init(bytes: [UInt8], identity: PageIdentity) {
        self.bytes = bytes
        self.identity = identity
    }
}

/// Where pages come from. Implement it to feed `PageCache` from anything else (tests use fakes).
///
/// Pages are numbered 1...pageCount in reading order. Every method may be called from any thread, concurrently.
public protocol PageProvider: Sendable {
    /// The path the book was opened from, for messages and `reloaded()`.
    var path: String { get }
    var kind: PageSource.Kind { get }
    var pageCount: Int { get }
    /// The page's file or entry name (relative to the book), for messages.
    func name(of page: Int) -> String
    /// The page's bytes (bounded by the limits the source was opened with) and their identity.
    func contents(of page: Int) throws(PageError) -> PageContents
    /// The page's identity without reading its bytes (a `stat` or the archive's directory).
    func identity(of page: Int) throws(PageError) -> PageIdentity
    /// A fresh scan of the same path, for live content: pages added, removed, renamed or rewritten.
    func reloaded() throws(PageError) -> any PageProvider
    /// What the book says about itself (ComicInfo.xml, a IIIF manifest), read when the source was opened.
    var metadata: BookMetadata { get }
    /// The pages' own labels ("i", "ii", "f. 1r", …), page N at index N - 1; nil when pages go by their numbers.
    var pageLabels: [String]? { get }
    /// The page's own text for speech, raw (`PageSource.text(of:)` tidies it), nil when it has none. May block.
    func text(of page: Int) -> String?
    /// The book's table of contents in reading order (`BookContents.cleaned`); empty when it has none.
    var tableOfContents: [ContentsEntry] { get }
    /// The page's recorded narration in `language` (else in none), nil when it has none. May block.
    func narration(of page: Int, language: String?) -> PageNarration?
}

extension PageProvider {
    /// Sources without a ComicInfo.xml convention know nothing.
    public var metadata: BookMetadata { .none }
    public var pageLabels: [String]? { nil }
    public func text(of page: Int) -> String? { nil }
    public var tableOfContents: [ContentsEntry] { [] }
    public func narration(of page: Int, language: String?) -> PageNarration? { nil }
}

/// A book: a directory of images, a single image file, or a CBZ archive read in place.
public struct PageSource: Sendable {
    public enum Kind: String, Sendable {
        /// A directory of .png/.jpg/.jpeg/.webp/.avif files, sub-folders included, in natural order of their
        /// paths (hidden files and folders skipped).
        case directory
        /// One image file: a one-page book.
        case image
        /// A ZIP/CBZ archive: image entries in natural order of their full paths.
        case archive
        /// A PDF: pages rendered by the sandboxed recto-pdf helper (`PDFSource`).
        case pdf
        /// A IIIF manifest (a file, a directory holding `manifest.json`, or an http(s) URL): pages fetched from
        /// its image services (`IIIFSource`).
        case iiif
        /// Some other `PageProvider`.
        case custom
    }

    public let provider: any PageProvider

    /// How many levels of sub-folders a directory book reads (and a watcher of it should watch).
    public static let maxFolderDepth = 8
    /// The file that makes a folder a IIIF book (a baked one, or a manifest copied beside its images).
    public static var iiifManifestName: String { IIIFSource.manifestName }

    public init(_ provider: any PageProvider) { self.provider = provider }

    /// Opens the book at `path`: a directory, a CBZ/ZIP (recognised by its signature, or a .cbz/.zip name), a CBR
    /// or CB7 (RAR 4, RAR 5 or 7z: by signature, or a .cbr/.cb7/.rar/.7z name), a fixed-layout EPUB (by its
    /// `mimetype` entry, or an .epub name), a PDF
    /// (`%PDF-` within its first 1024 bytes) or a PNG/JPEG/WebP/AVIF file (recognised by its signature). Throws
    /// `.notFound`, `.emptyDirectory`, `.noPages`, `.unreadableArchive`, `.unreadablePDF`, `.unsupportedBook` or
    /// `.unreadable` with a message fit for the command line.
    /// `remote`: what a IIIF book fetches through.
    public static func open(path: String, limits: PageLimits = .standard, remote: RemoteBooks = .uncached) throws(PageError) -> PageSource {
        if IIIFSource.isURL(path) { return PageSource(try IIIFSource(location: path, limits: limits, fetcher: remote.fetcher)) }
        guard let info = PosixFiles.status(path) else {
            if errno == ENOENT || errno == ENOTDIR { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: errnoText(errno))
        }
        if PosixFiles.isDirectory(info) {
            if PosixFiles.status(path + "/" + IIIFSource.manifestName) != nil {
                return PageSource(try IIIFSource(location: path, limits: limits, fetcher: remote.fetcher))
            }
            return PageSource(try DirectorySource(path: path, limits: limits))
        }
        guard PosixFiles.isRegular(info) else { throw .unsupportedBook(path: path) }
        let head = try PosixFiles.readPrefix(path, count: 1024)
        let lower = path.lowercased()
        // By signature first: a comic's extension is often wrong (a .cbr that is a ZIP, a .cbz that is a RAR).
        if LibArchiveSource.recognises(head) { return PageSource(try LibArchiveSource(path: path, limits: limits)) }
        if EPUBSource.recognises(head) || lower.hasSuffix(".epub") { return PageSource(try EPUBSource(path: path, limits: limits)) }
        if head.starts(with: [0x50, 0x4B]) || lower.hasSuffix(".cbz") || lower.hasSuffix(".zip") {
            return PageSource(try ArchiveSource(path: path, limits: limits))
        }
        if [".cbr", ".cb7", ".rar", ".7z"].contains(where: lower.hasSuffix) {
            return PageSource(try LibArchiveSource(path: path, limits: limits))
        }
        if IIIFSource.looksLikeManifest(path: path, head: head) {
            return PageSource(try IIIFSource(location: path, limits: limits, fetcher: remote.fetcher))
        }
        if isPDF(head) {
            do { return PageSource(try PDFSource(path: path, limits: limits)) } catch .needsPassword {
                return PageSource(LockedPDFSource(path: path, limits: limits))
            }
        }
        guard ImageFormat.sniff(head) != nil else { throw .unsupportedBook(path: path) }
        return PageSource(SingleImageSource(path: path, limits: limits))
    }

    /// Readers accept `%PDF-` anywhere in the first 1024 bytes (some files start with junk).
    static func isPDF(_ head: [UInt8]) -> Bool {
        let marker: [UInt8] = Array("%PDF-".utf8)
        return head.count >= marker.count && (0...(head.count - marker.count)).contains { head[$0..<($0 + marker.count)].elementsEqual(marker) }
    }

    public var path: String { provider.path }
    public var kind: Kind { provider.kind }
    /// Number of pages (≥ 1 for the built-in sources).
    public var pageCount: Int { provider.pageCount }
    /// Page proportions (width / height) known before any page is rendered, page N at index N - 1: a PDF's page
    /// table (after CropBox and /Rotate; 0 for a page that cannot be loaded). Nil for image books, whose sizes are
    /// known once each page is decoded. Proportions, not sizes: a size in points must never be taken as pixels.
    public var knownPageAspects: [Double]? { (provider as? PDFSource)?.pageSizes.map(\.aspect) }
    /// A PDF's page labels ("i", "ii", "1", …), page N at index N - 1; nil when pages go by their numbers.
    public var pageLabels: [String]? { provider.pageLabels }
    /// The book's title from its metadata (PDF), nil when it has none.
    public var title: String? { (provider as? PDFSource)?.title }
    /// File or entry name of `page` (1-based), for messages; "page N" when out of range.
    public func name(of page: Int) -> String { provider.name(of: page) }
    /// The bytes of `page` (1-based), at most `limits.decode.maxFileBytes` (and `maxEntryBytes` for entries).
    public func data(of page: Int) throws(PageError) -> [UInt8] { try provider.contents(of: page).bytes }
    /// Bytes and identity of `page`, read together so the identity describes exactly these bytes.
    public func contents(of page: Int) throws(PageError) -> PageContents { try provider.contents(of: page) }
    /// `page` as an image within `bounds`, synchronously: decoded from its bytes (never enlarged), or rendered
    /// (a PDF page fills the box, like in `PageCache`).
    public func image(of page: Int, fitting bounds: PixelSize, limits: DecodeLimits = .standard) throws(PageError) -> RGBAImage {
        if let renderer = renderer(of: page) {
            return try renderer.render(page: page, size: renderer.sourceSize(of: page, fitting: bounds).fitting(within: bounds))
        }
        let bytes = try data(of: page)
        do { return try ImageDecoder.decode(bytes, limits: limits, fitting: bounds) } catch {
            throw .decode(name: name(of: page), error)
        }
    }

    /// What draws `page` when it is drawn rather than decoded (see `RenderedPageProvider.isRendered`).
    public func renderer(of page: Int) -> (any RenderedPageProvider)? {
        guard let renderer = provider as? any RenderedPageProvider, renderer.isRendered(page: page) else { return nil }
        return renderer
    }

    /// The book's table of contents (empty: none), in this source's page numbers.
    public var tableOfContents: [ContentsEntry] { provider.tableOfContents }

    /// Identity of `page` for a persistent cache key, without reading it.
    public func identity(of page: Int) throws(PageError) -> PageIdentity { try provider.identity(of: page) }
    /// Rescans the same path (the directory listing, the archive's directory).
    public func reloaded() throws(PageError) -> PageSource { PageSource(try provider.reloaded()) }
    /// Title, reading direction, cover and double-page spreads from the book's ComicInfo.xml, in this source's
    /// page numbers; `.none` without one. Read once when the source was opened (again by `reloaded()`).
    public var metadata: BookMetadata { provider.metadata }
}

extension PosixFiles {
    /// The first `count` bytes (fewer for a short file).
    static func readPrefix(_ path: String, count: Int) throws(PageError) -> [UInt8] {
        let fd = try systemCall { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
            .mapError { PageError.unreadable(path: path, reason: $0.description) }.get()
        defer { closeDescriptor(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let outcome = systemCall { bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + got, count - got) } }
            guard case .success(let n) = outcome, n > 0 else { break }
            got += n
        }
        return Array(bytes[0..<got])
    }
}

func checkPage(_ page: Int, _ count: Int) throws(PageError) {
    guard page >= 1 && page <= count else { throw .pageOutOfRange(page: page, pageCount: count) }
}
