import Book
import Glibc
import Posix

/// A directory of page images, listed once (call `reloaded()` to rescan).
///
/// Sub-folders are read too (chapters), and every page is named by its path relative to the book, so the
/// natural order of paths keeps each folder's pages together (`ch2/p9`, `ch2/p10`, `ch10/p1`). Hidden files
/// and folders (a leading ".") and `__MACOSX` are skipped; links to folders are not followed (no cycles, no
/// escape). A symbolic link is a page when its resolved target lies inside the book directory; one leading
/// outside stays in the list, so the reading order does not shift, but reading it throws `.linkOutsideBook`
/// (the reader shows a placeholder): it is never followed. A `ComicInfo.xml` in the top folder is read.
struct DirectorySource: PageProvider {
    let path: String
    /// The directory with every link resolved; pages must resolve inside it.
    let root: String
    let names: [String]
    let limits: PageLimits
    let metadata: BookMetadata

    var kind: PageSource.Kind { .directory }
    var pageCount: Int { names.count }
    /// ComicInfo's bookmarks, else its sub-folders as chapters.
    var tableOfContents: [ContentsEntry] {
        metadata.bookmarks.isEmpty ? BookContents.chapters(paths: names)
            : BookContents.cleaned(metadata.bookmarks.sorted { $0.page < $1.page }, pageCount: pageCount)
    }

    init(path: String, limits: PageLimits) throws(PageError) {
        guard let root = PosixFiles.resolve(path) else {
            throw .unreadable(path: path, reason: errnoText(errno))
        }
        var all: [String] = []
        var folders = [""]
        var seen = 0, listed = 0
        while let folder = folders.popLast() {
            let (files, subfolders, count) = try Self.list(root, folder, isTop: folder.isEmpty, path: path)
            seen += count
            all += files
            listed += 1
            // A tree of empty folders must not keep us listing for ever: bounded like the pages.
            guard listed <= limits.maxPages else { throw .tooManyPages(path: path, limit: limits.maxPages) }
            if folder.split(separator: "/").count < PageSource.maxFolderDepth { folders += subfolders }
        }
        guard seen > 0 else { throw .emptyDirectory(path: path) }
        // Links to directories named like images are not pages.
        let pages = pageFileNames(all).filter { name in
            guard let info = PosixFiles.status(root + "/" + name) else { return true }  // dangling: fails on read
            return !PosixFiles.isDirectory(info)
        }
        guard !pages.isEmpty else { throw .noPages(path: path, entries: seen) }
        guard pages.count <= limits.maxPages else { throw .tooManyPages(path: path, limit: limits.maxPages) }
        self.path = path
        self.root = root
        self.names = pages
        self.limits = limits
        self.metadata = Self.comicInfo(root: root, among: all, pageCount: pages.count)
    }

    /// The entries of `root/folder`, as paths relative to `root`: files (and links), and the visible real
    /// sub-folders to descend into. The book's own folder must be readable; an unreadable sub-folder is skipped.
    private static func list(_ root: String, _ folder: String, isTop: Bool, path: String) throws(PageError)
        -> (files: [String], folders: [String], count: Int) {
        let directory = folder.isEmpty ? root : root + "/" + folder
        let entries: [DirectoryEntry]
        switch directoryEntries(directory) {
        case .success(let listed): entries = listed
        case .failure(let error):
            if isTop { throw .unreadable(path: path, reason: error.description) }
            return ([], [], 0)
        }
        var files: [String] = [], folders: [String] = [], count = 0
        for entry in entries {
            let name = entry.name
            count += 1
            let relative = folder.isEmpty ? name : folder + "/" + name
            var type = entry.type
            if type == UInt8(DT_UNKNOWN) {  // some file systems leave the type to lstat
                type = PosixFiles.status(root + "/" + relative, follow: false).map {
                    PosixFiles.isDirectory($0) ? UInt8(DT_DIR) : UInt8(DT_REG)
                } ?? UInt8(DT_REG)
            }
            if type == UInt8(DT_DIR) {
                if !name.hasPrefix(".") && name != "__MACOSX" { folders.append(relative) }
            } else {
                files.append(relative)
            }
        }
        return (files, folders, count)
    }

    /// The metadata of the top folder's ComicInfo.xml, if any.
    private static func comicInfo(root: String, among entries: [String], pageCount: Int) -> BookMetadata {
        guard let name = entries.first(where: { $0.lowercased() == ComicInfo.fileName }) else { return .none }
        do {
            let (bytes, _) = try PosixFiles.read(root + "/" + name, name: name, limit: ComicInfo.maxBytes,
                                                 noFollow: true)
            return ComicInfo.parse(bytes, pageCount: pageCount)
        } catch {
            return BookMetadata(problem: "\(error)")
        }
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
            throw .unreadable(path: name, reason: errnoText(errno))
        }
        return .file(PosixFiles.identity(info))
    }

    func reloaded() throws(PageError) -> any PageProvider { try DirectorySource(path: path, limits: limits) }

    /// The page's name and its fully resolved path, refusing a target outside the book.
    private func locate(_ page: Int) throws(PageError) -> (String, String) {
        try checkPage(page, names.count)
        let name = names[page - 1]
        guard let resolved = PosixFiles.resolve(root + "/" + name) else {
            throw .unreadable(path: name, reason: errnoText(errno))
        }
        guard PosixFiles.isInside(resolved, root: root) else { throw .linkOutsideBook(name: name) }
        return (name, resolved)
    }
}

/// A single PNG, JPEG, WebP or AVIF file: a one-page book. The path was named by the user, so a link to it is
/// followed.
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
            throw .unreadable(path: name(of: 1), reason: errnoText(errno))
        }
        return .file(PosixFiles.identity(info))
    }

    func reloaded() throws(PageError) -> any PageProvider {
        guard PosixFiles.status(path) != nil else { throw .notFound(path: path) }
        return self
    }
}
