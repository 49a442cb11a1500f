import Decoding

/// Why a book could not be opened or a page could not be read. `description` is one short English sentence,
/// short enough to be drawn on a placeholder page and logged once.
public enum PageError: Error, Sendable, Equatable, CustomStringConvertible {
    // Opening a book.
    /// Nothing exists at the path.
    case notFound(path: String)
    /// A file that is neither a PNG, JPEG, WebP or AVIF image, a PDF, nor a ZIP/CBZ, RAR/CBR or 7z/CB7 archive.
    case unsupportedBook(path: String)
    /// A directory with no entries at all.
    case emptyDirectory(path: String)
    /// A directory or archive with entries, none of which is a page image (.png, .jpg, .jpeg, .webp, .avif).
    case noPages(path: String, entries: Int)
    /// The path or one of its pages could not be opened or read; `reason` is the system's text.
    case unreadable(path: String, reason: String)
    /// The archive's structure could not be read (not a ZIP, RAR or 7z, truncated, names encrypted, ...).
    case unreadableArchive(path: String, reason: String)
    /// A PDF that cannot be opened (damaged, needs a password, no helper installed); `reason` says which.
    case unreadablePDF(path: String, reason: String)
    /// An encrypted PDF that opens only with a password: the book is one placeholder page saying so.
    case needsPassword(name: String)
    /// A book none of whose first pages can be read: `files` pages, `reason` the first one's.
    case noReadablePage(path: String, files: Int, reason: String)
    /// More page entries than `PageLimits.maxPages`.
    case tooManyPages(path: String, limit: Int)
    /// A IIIF manifest that could not be fetched or is not one; `reason` says which.
    case unreadableManifest(path: String, reason: String)

    // Reading one page.
    /// A page number outside 1...pageCount.
    case pageOutOfRange(page: Int, pageCount: Int)
    /// A symbolic link in a book directory whose target lies outside the book; it is not followed.
    case linkOutsideBook(name: String)
    /// A page that is not a regular file (a FIFO, a device, a directory entry in an archive).
    case notAFile(name: String)
    /// A page file longer than the limit; refused before it is read.
    case fileTooLarge(name: String, bytes: Int, limit: Int)
    /// An archive entry declaring more uncompressed bytes than the limit; refused before extraction.
    case entryTooLarge(name: String, bytes: UInt64, limit: Int)
    /// An archive entry whose declared uncompressed/compressed ratio exceeds the limit (a likely zip bomb).
    case compressionRatio(name: String, ratio: UInt64, limit: Int)
    /// An archive entry that inflated past the size its header declared (a lying header); extraction stopped.
    case entryLargerThanDeclared(name: String, declared: UInt64)
    /// A symbolic-link entry in an archive; never followed.
    case symlinkEntry(name: String)
    /// An archive entry that could not be extracted (bad deflate data, CRC or size mismatch).
    case corruptEntry(name: String, reason: String)
    /// The bytes were read but are not a decodable image.
    case decode(name: String, DecodeError)
    /// A rendered (PDF) page that could not be drawn: the helper's reason (damaged page, time limit, crash).
    case render(name: String, reason: String)
    /// Bytes asked of a rendered page, which has none of its own.
    case renderedPage(name: String)
    /// A reflowable EPUB (a book of text, not of pictures): its one page says so.
    case reflowableEPUB(name: String)
    /// A page of a IIIF book whose image could not be fetched (HTTP status, time-out, no image, bad info.json).
    case remote(name: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "no book at \(path): no such file or directory"
        case .unsupportedBook(let path):
            return "\(path) is not a PNG, JPEG, WebP or AVIF image, a PDF, a CBZ, CBR or CB7 comic, an EPUB or a directory of images"
        case .emptyDirectory(let path):
            return "the book directory \(path) is empty"
        case .noPages(let path, let entries):
            return "\(path) holds no page images (.png, .jpg, .jpeg, .webp, .avif) among its \(entries) entries"
        case .noReadablePage(let path, let files, let reason):
            return "\(path) has no readable page (\(files) files; \(reason))"
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .unreadableArchive(let path, let reason):
            return "cannot read the archive \(path): \(reason)"
        case .unreadablePDF(let path, let reason):
            return "cannot read the PDF \(path): \(reason)"
        case .needsPassword(let name):
            return "\(name) is locked: it needs a password"
        case .tooManyPages(let path, let limit):
            return "\(path) has more than \(limit) pages"
        case .unreadableManifest(let path, let reason):
            return "cannot read the IIIF manifest \(path): \(reason)"
        case .pageOutOfRange(let page, let count):
            return "page \(page) is outside 1...\(count)"
        case .linkOutsideBook(let name):
            return "\(name): link leads outside the book, not followed"
        case .notAFile(let name):
            return "\(name) is not a regular file"
        case .fileTooLarge(let name, let bytes, let limit):
            return "\(name): file of \(bytes) bytes exceeds the limit of \(limit)"
        case .entryTooLarge(let name, let bytes, let limit):
            return "\(name): entry of \(bytes) bytes exceeds the limit of \(limit)"
        case .compressionRatio(let name, let ratio, let limit):
            return "\(name): compression ratio \(ratio):1 exceeds \(limit):1, refused"
        case .entryLargerThanDeclared(let name, let declared):
            return "\(name): entry inflates beyond its declared \(declared) bytes, refused"
        case .symlinkEntry(let name):
            return "\(name): symbolic link entry, not followed"
        case .corruptEntry(let name, let reason):
            return "\(name): damaged archive entry (\(reason))"
        case .decode(let name, let error):
            return "\(name): \(error.description)"
        case .render(let name, let reason):
            return "\(name): \(reason)"
        case .renderedPage(let name):
            return "\(name) is rendered, it has no bytes of its own"
        case .reflowableEPUB(let name):
            return "\(name) is a reflowable EPUB, a book of text: Recto shows books whose pages are pictures (fixed-layout EPUBs)"
        case .remote(let name, let reason):
            return "\(name): \(reason)"
        }
    }
}

/// Budgets that bound what reading a book may cost, checked before bytes are allocated.
public struct PageLimits: Sendable, Hashable {
    /// Pixel and file-size limits for decoding; `decode.maxFileBytes` also caps every page file and entry read.
    public var decode: DecodeLimits
    /// Most uncompressed bytes one archive entry may declare or produce. Default 64 MiB.
    public var maxEntryBytes: Int
    /// Most uncompressed bytes per compressed byte an archive entry may declare. Default 100 (PNG and JPEG
    /// pages barely compress, so a real page is near 1:1; a bomb of zeros reaches 1000:1).
    public var maxCompressionRatio: Int
    /// Most pages a book may have. Default 100_000.
    public var maxPages: Int

    public init(decode: DecodeLimits = .standard, maxEntryBytes: Int = 64 << 20, maxCompressionRatio: Int = 100,
                maxPages: Int = 100_000) {
        self.decode = decode
        self.maxEntryBytes = maxEntryBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.maxPages = maxPages
    }

    /// The defaults above.
    public static let standard = PageLimits()
}
