import Glibc

/// An encrypted PDF that opens only with a password: a book of one page that cannot be shown, so the reader draws
/// a placeholder that says why (a kiosk has no keyboard to ask for the password). Reading it again picks up a file
/// replaced by one that opens.
public struct LockedPDFSource: PageProvider {
    public let path: String
    let limits: PageLimits
    public var kind: PageSource.Kind { .pdf }
    public var pageCount: Int { 1 }

    public init(path: String, limits: PageLimits = .standard) {
        self.path = path
        self.limits = limits
    }

    public func name(of page: Int) -> String { "page \(page)" }

    public func contents(of page: Int) throws(PageError) -> PageContents {
        try checkPage(page, pageCount)
        throw .needsPassword(name: (path as String).split(separator: "/").last.map(String.init) ?? path)
    }

    public func identity(of page: Int) throws(PageError) -> PageIdentity {
        try checkPage(page, pageCount)
        guard let info = PosixFiles.status(path) else { throw .notFound(path: path) }
        return .documentPage(file: PosixFiles.identity(info), page: page)
    }

    public func reloaded() throws(PageError) -> any PageProvider { try PageSource.open(path: path, limits: limits).provider }
}
