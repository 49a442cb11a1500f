import Decoding
import Fetch

extension PageSource {
    /// Opens the book at `path` as the reader shows it: `open`, then refused where it has no page, or where none
    /// of its first 64 pages can be read (a PDF, a IIIF manifest and an EPUB's drawn pages are drawn, or show
    /// why not, so they are not tried here). The rest may be placeholders.
    public static func openBook(path: String, limits: PageLimits = .standard, remote: RemoteBooks = .uncached) throws(PageError) -> PageSource {
        let source = try Self.open(path: path, limits: limits, remote: remote)
        guard source.pageCount > 0 else { throw .noPages(path: path, entries: 0) }
        if source.kind == .pdf || source.kind == .iiif || source.pageCount > 64 { return source }
        var firstProblem: String?
        for page in 1...source.pageCount {
            if source.renderer(of: page) != nil { return source }
            do {
                if ImageFormat.sniff(try source.data(of: page)) != nil { return source }
                if firstProblem == nil { firstProblem = "\(source.name(of: page)) is not a PNG, JPEG, WebP or AVIF image" }
            } catch {
                if firstProblem == nil { firstProblem = error.description }
            }
        }
        throw .noReadablePage(path: path, files: source.pageCount, reason: firstProblem ?? "none can be read")
    }
}

/// The one book a kiosk is set up with, while it cannot be shown: not there yet (still being copied), unreadable,
/// or refused. It is a book of one page whose reading fails with the reason, so the reader shows the reason where
/// the book would be and stays up; read again (its path changed), it is the book once that opens.
public struct AwaitedBook: PageProvider {
    public let path: String
    /// Why the book cannot be shown now, in the words of a placeholder.
    public let refusal: PageError
    let limits: PageLimits
    /// What the book fetches through once it opens, if it is a IIIF book.
    let remote: RemoteBooks

    public init(path: String, refusal: PageError, limits: PageLimits = .standard, remote: RemoteBooks = .uncached) {
        self.path = path
        self.refusal = refusal
        self.limits = limits
        self.remote = remote
    }

    public var kind: PageSource.Kind { .custom }
    public var pageCount: Int { 1 }
    public func name(of page: Int) -> String { String(path.split(separator: "/").last ?? Substring(path)) }
    public func contents(of page: Int) throws(PageError) -> PageContents { throw refusal }
    /// Each reason its own identity: a book refused for another reason shows the new one.
    public func identity(of page: Int) throws(PageError) -> PageIdentity { .resource(url: "awaited:\(refusal.description)") }

    /// The book at the path if it opens now, else this book awaited with the reason it gives now. Never throws:
    /// a kiosk waits for its book as long as it takes.
    public func reloaded() throws(PageError) -> any PageProvider {
        do throws(PageError) {
            return try PageSource.openBook(path: path, limits: limits, remote: remote).provider
        } catch {
            return AwaitedBook(path: path, refusal: error, limits: limits, remote: remote)
        }
    }
}

extension PageSource {
    /// Why the book cannot be shown, while it is a kiosk's book awaited; nil for a book shown.
    public var awaitedBecause: PageError? { (provider as? AwaitedBook)?.refusal }
}
