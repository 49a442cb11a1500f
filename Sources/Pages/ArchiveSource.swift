import Book

/// A CBZ (a ZIP of page images), read in place: entries are extracted one at a time into memory, never to disk.
///
/// The archive is opened once (`ZipBook`): all pages come from the very file that was listed even if the path is
/// replaced meanwhile (the next `reloaded()` sees the new file). Each entry is read with `ZipBook`'s bomb
/// defences, within `min(maxEntryBytes, maxFileBytes)`; symbolic-link and directory entries are never pages that
/// can be read. A `ComicInfo.xml` at the root of the archive is read with the same defences.
final class ArchiveSource: PageProvider, @unchecked Sendable {
    // @unchecked: `metadata` is only written by init (it reads an entry, so it needs a whole self).
    let path: String
    let limits: PageLimits
    let archiveIdentity: FileIdentity
    private let entries: [ZipEntry]
    private let names: [String]
    /// Text entries (`page4.txt` beside `page4.png`), by path lower-cased: pages' sidecar texts.
    private let texts: [String: ZipEntry]
    private(set) var metadata: BookMetadata
    private let zip: ZipBook

    var kind: PageSource.Kind { .archive }
    var pageCount: Int { entries.count }
    /// ComicInfo's bookmarks, else its folders as chapters.
    var tableOfContents: [ContentsEntry] {
        metadata.bookmarks.isEmpty ? BookContents.chapters(paths: names)
            : BookContents.cleaned(metadata.bookmarks.sorted { $0.page < $1.page }, pageCount: pageCount)
    }

    init(path: String, limits: PageLimits) throws(PageError) {
        let (zip, listed) = try ZipBook.open(path: path, limits: limits)
        self.zip = zip
        self.path = path
        self.limits = limits
        self.archiveIdentity = zip.identity
        let total = listed.count
        if total > limits.maxPages { throw .tooManyPages(path: path, limit: limits.maxPages) }
        // isPageFileName leaves out hidden files and folders, __MACOSX/ and other kinds of file.
        let all = listed.filter { $0.kind != .directory && isPageFileName($0.path) }
        let comicInfo = listed.first { $0.kind == .file && $0.path.lowercased() == ComicInfo.fileName }
        guard total > 0 else { throw .emptyDirectory(path: path) }
        guard !all.isEmpty else { throw .noPages(path: path, entries: total) }
        entries = naturallySortedPaths(all, by: { $0.path })
        names = entries.map(\.path)
        var texts: [String: ZipEntry] = [:]
        for entry in listed where entry.kind == .file && entry.path.lowercased().hasSuffix(".txt") {
            if texts[entry.path.lowercased()] == nil { texts[entry.path.lowercased()] = entry }
        }
        self.texts = texts
        metadata = .none
        if let comicInfo { metadata = readComicInfo(comicInfo) }
    }

    func name(of page: Int) -> String { page >= 1 && page <= names.count ? names[page - 1] : "page \(page)" }

    func identity(of page: Int) throws(PageError) -> PageIdentity {
        try checkPage(page, entries.count)
        let e = entries[page - 1]
        return .archiveEntry(archive: archiveIdentity, path: e.path, crc32: e.checksum, size: e.uncompressedSize)
    }

    func contents(of page: Int) throws(PageError) -> PageContents {
        try checkPage(page, entries.count)
        let entry = entries[page - 1]
        let limit = min(limits.maxEntryBytes, limits.decode.maxFileBytes)
        let bytes = try zip.extract(entry, name: names[page - 1], limit: limit)
        let identity = PageIdentity.archiveEntry(archive: archiveIdentity, path: entry.path, crc32: entry.checksum,
                                                 size: entry.uncompressedSize)
        return PageContents(bytes: bytes, identity: identity)
    }

    private func readComicInfo(_ entry: ZipEntry) -> BookMetadata {
        do {
            let bytes = try zip.extract(entry, name: entry.path, limit: ComicInfo.maxBytes)
            return ComicInfo.parse(bytes, pageCount: entries.count)
        } catch {
            return BookMetadata(problem: "\(error)")
        }
    }

    /// The page's sidecar entry (`page4.png` → `page4.txt` beside it in the archive, matched without regard to
    /// case), read with the same defences as a page; else ComicInfo's summary for the cover.
    func text(of page: Int) -> String? {
        guard page >= 1, page <= names.count else { return nil }
        if let entry = texts[PageSource.sidecar(of: names[page - 1]).lowercased()],
           let bytes = try? zip.extract(entry, name: entry.path, limit: PageSource.maxPageTextBytes) {
            return String(decoding: bytes, as: UTF8.self)
        }
        return page == (metadata.coverPage ?? 1) ? metadata.summary : nil
    }

    func reloaded() throws(PageError) -> any PageProvider { try ArchiveSource(path: path, limits: limits) }
}
