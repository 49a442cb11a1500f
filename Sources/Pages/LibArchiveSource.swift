import Book
import Glibc
import Posix
import Synchronization

/// A CBR (RAR 4 or RAR 5) or CB7 (7z) comic, read in place through libarchive: pages are extracted one at a time
/// into memory, never to disk, in natural order of their names, with a `ComicInfo.xml` at the root read as for a
/// CBZ.
///
/// libarchive reads these formats forwards only, and a solid archive (7-Zip's default) can only be read by
/// decompressing what comes before: a page is read by walking the headers up to it. One walk is kept between
/// reads (`cursor`), so pages asked for in order, as a reader turns them, each cost only their own bytes.
///
/// Bomb defence: the entries' declared sizes together may not exceed `maxCompressionRatio` times the archive's
/// size (refused at open, before any data is read); per entry, the declared size must be within
/// `min(maxEntryBytes, maxFileBytes)` before extraction, and extraction stops as soon as it passes that limit
/// whatever the header said. Symbolic links and directories are never pages; an encrypted entry is a page that
/// says it needs a password; paths are names only (nothing is written anywhere, so `../` escapes nothing).
final class LibArchiveSource: PageProvider, @unchecked Sendable {
    // @unchecked: `metadata` is only written by init (it reads an entry, so it needs a whole self).
    struct Entry: Sendable {
        /// Where it lies in the archive: 1 for the first header.
        var position: Int
        var path: String
        var declaredSize: UInt64?
        var encrypted: Bool
    }

    let path: String
    let limits: PageLimits
    let archiveIdentity: FileIdentity
    private let entries: [Entry]
    /// Text entries (`page4.txt` beside `page4.png`), by path lower-cased: pages' sidecar texts.
    private let texts: [String: Entry]
    private(set) var metadata: BookMetadata
    private let fd: Int32
    /// The walk the last read left off at, for the next read further on.
    private let cursor = Mutex<Walk?>(nil)

    var kind: PageSource.Kind { .archive }
    var pageCount: Int { entries.count }

    /// The archive signatures libarchive reads here: RAR 4 and 5 (`Rar!\x1A\x07`), 7z.
    static func recognises(_ head: [UInt8]) -> Bool {
        head.starts(with: [0x52, 0x61, 0x72, 0x21, 0x1A, 0x07]) || head.starts(with: [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C])
    }

    init(path: String, limits: PageLimits) throws(PageError) {
        let (fd, info) = try PosixFiles.openBookFile(path)
        self.fd = fd
        self.path = path
        self.limits = limits
        archiveIdentity = PosixFiles.identity(info)
        let listed: [Entry], cutShort: String?
        do { (listed, cutShort) = try Self.list(fd: fd, path: path, archiveBytes: Int(info.st_size), limits: limits) } catch {
            closeDescriptor(fd)
            throw error
        }
        let pages = listed.filter { isPageFileName($0.path) }
        guard !listed.isEmpty else {
            closeDescriptor(fd)
            throw .emptyDirectory(path: path)
        }
        guard !pages.isEmpty else {
            closeDescriptor(fd)
            throw .noPages(path: path, entries: listed.count)
        }
        entries = naturallySortedPaths(pages, by: { $0.path })
        var texts: [String: Entry] = [:]
        for entry in listed where entry.path.lowercased().hasSuffix(".txt") && texts[entry.path.lowercased()] == nil {
            texts[entry.path.lowercased()] = entry
        }
        self.texts = texts
        metadata = .none
        if let comicInfo = listed.first(where: { $0.path.lowercased() == ComicInfo.fileName }) {
            do {
                metadata = ComicInfo.parse(try extract(comicInfo, limit: ComicInfo.maxBytes), pageCount: entries.count)
            } catch {
                metadata = BookMetadata(problem: "\(error)")
            }
        }
        if let cutShort, metadata.problem == nil { metadata.problem = cutShort }
    }

    deinit { closeDescriptor(fd) }

    /// The archive's file entries (directories and links left out), checked against the limits, and why the
    /// list ends early when it does: an archive cut short still reads up to the cut.
    private static func list(fd: Int32, path: String, archiveBytes: Int,
                             limits: PageLimits) throws(PageError) -> (entries: [Entry], cutShort: String?) {
        let reader = try LibArchiveReader(bookFD: fd, path: path)
        var entries: [Entry] = []
        var declared: UInt64 = 0
        var cutShort: String?
        while true {
            let header: LibArchiveReader.Header?
            do { header = try reader.next() } catch {
                // Headers that cannot be read without a password (RAR's encrypted names), or a damaged archive.
                guard !entries.isEmpty else { throw .unreadableArchive(path: path, reason: reader.errorText) }
                cutShort = "the archive ends in entry \(reader.position + 1), where it stops being read: \(reader.errorText)"
                break
            }
            guard let header else { break }
            guard header.isFile, !header.isSymlink else { continue }
            entries.append(Entry(position: reader.position, path: header.path, declaredSize: header.declaredSize,
                                 encrypted: header.encrypted))
            if entries.count > limits.maxPages { throw .tooManyPages(path: path, limit: limits.maxPages) }
            declared += header.declaredSize ?? 0
        }
        let ratio = declared / UInt64(max(archiveBytes, 1))
        if ratio > UInt64(limits.maxCompressionRatio) {
            throw .compressionRatio(name: (path as String).split(separator: "/").last.map(String.init) ?? path,
                                    ratio: ratio, limit: limits.maxCompressionRatio)
        }
        return (entries, cutShort)
    }

    /// ComicInfo's bookmarks, else its folders as chapters.
    var tableOfContents: [ContentsEntry] {
        metadata.bookmarks.isEmpty ? BookContents.chapters(paths: entries.map(\.path))
            : BookContents.cleaned(metadata.bookmarks.sorted { $0.page < $1.page }, pageCount: pageCount)
    }

    func name(of page: Int) -> String { page >= 1 && page <= entries.count ? entries[page - 1].path : "page \(page)" }

    func identity(of page: Int) throws(PageError) -> PageIdentity {
        try checkPage(page, entries.count)
        let e = entries[page - 1]
        // libarchive gives no checksum; the archive's own identity (inode, size, time) tells versions apart.
        return .archiveEntry(archive: archiveIdentity, path: e.path, crc32: 0, size: e.declaredSize ?? 0)
    }

    func contents(of page: Int) throws(PageError) -> PageContents {
        let identity = try identity(of: page)
        let bytes = try extract(entries[page - 1], limit: min(limits.maxEntryBytes, limits.decode.maxFileBytes))
        return PageContents(bytes: bytes, identity: identity)
    }

    /// The bytes of `entry`, at most `limit`: from the walk left off before it, else from a new one.
    private func extract(_ entry: Entry, limit: Int) throws(PageError) -> [UInt8] {
        let name = entry.path
        if entry.encrypted { throw .needsPassword(name: name) }
        if let declared = entry.declaredSize, declared > UInt64(limit) {
            throw .entryTooLarge(name: name, bytes: declared, limit: limit)
        }
        let kept = cursor.withLock { walk -> Walk? in
            guard let w = walk, w.reader.position < entry.position else { return nil }
            walk = nil
            return w
        }
        let walk: Walk
        if let kept { walk = kept } else { walk = Walk(reader: try LibArchiveReader(bookFD: fd, path: path)) }
        while walk.reader.position < entry.position {
            guard let header = try walk.reader.next() else {
                throw .corruptEntry(name: name, reason: LibArchiveMessages.endsBefore)
            }
            guard walk.reader.position < entry.position || header.path == entry.path else {
                throw .corruptEntry(name: name, reason: LibArchiveMessages.replaced)
            }
        }
        let bytes = try walk.reader.data(name: name, declared: entry.declaredSize, limit: limit)
        cursor.withLock { $0 = walk }
        return bytes
    }

    /// The page's sidecar entry (`page4.png` → `page4.txt` beside it, matched without regard to case), read with
    /// the same defences as a page; else ComicInfo's summary for the cover.
    func text(of page: Int) -> String? {
        guard page >= 1, page <= entries.count else { return nil }
        if let entry = texts[PageSource.sidecar(of: entries[page - 1].path).lowercased()],
           let bytes = try? extract(entry, limit: PageSource.maxPageTextBytes) {
            return String(decoding: bytes, as: UTF8.self)
        }
        return page == (metadata.coverPage ?? 1) ? metadata.summary : nil
    }

    func reloaded() throws(PageError) -> any PageProvider { try LibArchiveSource(path: path, limits: limits) }
}

/// A libarchive walk handed between the page workers: used by one at a time.
private final class Walk: @unchecked Sendable {
    let reader: LibArchiveReader
    init(reader: LibArchiveReader) { self.reader = reader }
}

/// Why a page of a CBR or CB7 cannot be read when the archive changed under the reader (on its placeholder, so in
/// the catalogues).
public enum LibArchiveMessages {
    public static let endsBefore = "the archive ends before it: it changed since it was opened"
    public static let replaced = "another entry lies in its place: the archive changed since it was opened"
}
