import Book

/// A fixed-layout EPUB (EPUB 3 `rendition:layout pre-paginated`, or EPUB 2 with Apple's `display-options` fixed
/// layout): picture books, comics and manga sold as ebooks. Its pages are the spine's items in order; a page that
/// is one image (an XHTML body holding a single `img`, an SVG holding a single `image`, or an image in the spine)
/// is that image, read from the archive at full quality like a CBZ page, with `ZipBook`'s defences. A page of laid
/// out text is a placeholder that says so, and so is the one page of a reflowable EPUB (a novel): Recto turns
/// pictures, it does not lay out text. The spine's direction, title, author and language are the book's; a
/// `page-spread-center` page stands alone.
final class EPUBSource: PageProvider, @unchecked Sendable {
    // @unchecked: every stored property is written by init only.
    let path: String
    let limits: PageLimits
    private let zip: ZipBook
    private let files: [String: ZipEntry]
    /// The spine's documents, in reading order; empty for a reflowable book.
    private let spine: [EPUBPackage.Item]
    private let reflowable: Bool
    private(set) var metadata: BookMetadata

    static let maxDocumentBytes = 1 << 20
    static let maxPackageBytes = 4 << 20

    var kind: PageSource.Kind { .archive }
    var pageCount: Int { reflowable ? 1 : spine.count }

    /// An EPUB's ZIP starts with its stored `mimetype` entry (OCF), so the first bytes say what it is.
    static func recognises(_ head: [UInt8]) -> Bool {
        head.count >= 58 && head.starts(with: [0x50, 0x4B, 0x03, 0x04])
            && head[30..<58].elementsEqual(Array("mimetypeapplication/epub+zip".utf8))
    }

    init(path: String, limits: PageLimits) throws(PageError) {
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
        let fixed = package.prePaginated || apple
        reflowable = !fixed && !package.spine.contains { $0.prePaginated == true }
        spine = reflowable ? [] : package.spine.map { item in
            var item = item
            if item.prePaginated == nil { item.prePaginated = fixed }
            return item
        }
        metadata = BookMetadata(title: package.title, rightToLeft: package.rightToLeft ? true : nil)
        metadata.language = package.language
        metadata.spread = package.spread
        metadata.doublePages = Set(spine.indices.filter { spine[$0].spread == .center }.map { $0 + 1 })
        for (i, item) in spine.enumerated() {
            switch item.spread {
            case .left: metadata.pageSides[i + 1] = .left
            case .right: metadata.pageSides[i + 1] = .right
            case .center, nil: break
            }
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
        let name = (path as String).split(separator: "/").last.map(String.init) ?? path
        if reflowable { throw .reflowableEPUB(name: name) }
        let item = spine[page - 1]
        // A reflowable page in a fixed-layout book is text laid out by the reader: not a picture either.
        guard item.prePaginated == true else { throw .textPage(name: item.path) }
        let imagePath: String
        if item.mediaType.hasPrefix("image/") && item.mediaType != "image/svg+xml" {
            imagePath = item.path
        } else {
            guard let document = files[item.path] else { throw .notFound(path: item.path) }
            let markup = try zip.extract(document, name: item.path, limit: Self.maxDocumentBytes)
            guard let image = EPUBPackage.singleImage(xhtml: markup, pagePath: item.path) else { throw .textPage(name: item.path) }
            imagePath = image
        }
        guard let entry = files[imagePath] else { throw .notFound(path: imagePath) }
        let bytes = try zip.extract(entry, name: imagePath, limit: min(limits.maxEntryBytes, limits.decode.maxFileBytes))
        return PageContents(bytes: bytes, identity: identity)
    }

    /// What the page says, for speech mode and `recto ctl text`: a page of text its words (though the screen
    /// shows a placeholder), a picture its `alt` text.
    func text(of page: Int) -> String? {
        guard !reflowable, page >= 1, page <= spine.count, let document = files[spine[page - 1].path],
              let markup = try? zip.extract(document, name: document.path, limit: Self.maxDocumentBytes) else { return nil }
        return EPUBPackage.spokenText(xhtml: markup).map { String(decoding: Array($0.utf8.prefix(PageSource.maxPageTextBytes)), as: UTF8.self) }
    }

    func reloaded() throws(PageError) -> any PageProvider { try EPUBSource(path: path, limits: limits) }
}
