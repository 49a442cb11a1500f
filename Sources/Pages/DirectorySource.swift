import Book
import Glibc

/// A directory of page images, listed once (call `reloaded()` to rescan).
///
/// Only the directory's own entries are pages (no recursion). A symbolic link is a page when its resolved target
/// lies inside the book directory; one leading outside stays in the list, so the reading order does not shift,
/// but reading it throws `.linkOutsideBook` (the reader shows a placeholder): it is never followed.
struct DirectorySource: PageProvider {
    let path: String
    /// The directory with every link resolved; pages must resolve inside it.
    let root: String
    let names: [String]
    let limits: PageLimits

    var kind: PageSource.Kind { .directory }
    var pageCount: Int { names.count }

    init(path: String, limits: PageLimits) throws(PageError) {
        guard let root = PosixFiles.resolve(path) else {
            throw .unreadable(path: path, reason: PosixFiles.errorText(errno))
        }
        guard let dir = opendir(root) else { throw .unreadable(path: path, reason: PosixFiles.errorText(errno)) }
        var all: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { all.append(name) }
        }
        closedir(dir)
        guard !all.isEmpty else { throw .emptyDirectory(path: path) }
        // Directories (and links to them) named like images are not pages.
        let pages = pageFileNames(all).filter { name in
            guard let info = PosixFiles.status(root + "/" + name) else { return true }  // dangling: fails on read
            return !PosixFiles.isDirectory(info)
        }
        guard !pages.isEmpty else { throw .noPages(path: path, entries: all.count) }
        guard pages.count <= limits.maxPages else { throw .tooManyPages(path: path, limit: limits.maxPages) }
        self.path = path
        self.root = root
        self.names = pages
        self.limits = limits
    }

    func name(of page: Int) -> String { page >= 1 && page <= names.count ? names[page - 1] : "page \(page)" }

    func contents(of page: Int) throws(PageError) -> PageContents {
        let (name, resolved) = try locate(page)
        let (bytes, identity) = try PosixFiles.read(resolved, name: name, limit: limits.decode.maxFileBytes,
                                                    noFollow: true)
        return PageContents(bytes: bytes, identity: .file(identity))
    }

    func identity(of page: Int) throws(PageError) -> PageIdentity {
        let (name, resolved) = try locate(page)
        guard let info = PosixFiles.status(resolved, follow: false) else {
            throw .unreadable(path: name, reason: PosixFiles.errorText(errno))
        }
        return .file(PosixFiles.identity(info))
    }

    func reloaded() throws(PageError) -> any PageProvider { try DirectorySource(path: path, limits: limits) }

    /// The page's name and its fully resolved path, refusing a target outside the book.
    private func locate(_ page: Int) throws(PageError) -> (String, String) {
        try checkPage(page, names.count)
        let name = names[page - 1]
        guard let resolved = PosixFiles.resolve(root + "/" + name) else {
            throw .unreadable(path: name, reason: PosixFiles.errorText(errno))
        }
        guard PosixFiles.isInside(resolved, root: root) else { throw .linkOutsideBook(name: name) }
        return (name, resolved)
    }
}

/// A single PNG or JPEG file: a one-page book. The path was named by the user, so a link to it is followed.
struct SingleImageSource: PageProvider {
    let path: String
    let limits: PageLimits

    var kind: PageSource.Kind { .image }
    var pageCount: Int { 1 }

    func name(of page: Int) -> String {
        page == 1 ? String(path.split(separator: "/").last ?? Substring(path)) : "page \(page)"
    }

    func contents(of page: Int) throws(PageError) -> PageContents {
        try checkPage(page, 1)
        let (bytes, identity) = try PosixFiles.read(path, name: name(of: 1), limit: limits.decode.maxFileBytes,
                                                    noFollow: false)
        return PageContents(bytes: bytes, identity: .file(identity))
    }

    func identity(of page: Int) throws(PageError) -> PageIdentity {
        try checkPage(page, 1)
        guard let info = PosixFiles.status(path) else {
            throw .unreadable(path: name(of: 1), reason: PosixFiles.errorText(errno))
        }
        return .file(PosixFiles.identity(info))
    }

    func reloaded() throws(PageError) -> any PageProvider {
        guard PosixFiles.status(path) != nil else { throw .notFound(path: path) }
        return self
    }
}
