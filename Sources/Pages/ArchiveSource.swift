import Book
import Glibc
import Posix

/// A CBZ (a ZIP of page images), read in place: entries are extracted one at a time into memory, never to disk.
///
/// The archive is opened once and that descriptor is kept: every later read is a `pread` on it, so all pages
/// come from the very file that was listed even if the path is replaced meanwhile (the next `reloaded()` sees
/// the new file), and concurrent readers share it without a lock (`ZipArchive`).
///
/// Bomb defence, per entry: the declared uncompressed size must be within `min(maxEntryBytes, maxFileBytes)`
/// and the declared ratio within `maxCompressionRatio`, both checked before extraction; while extracting, bytes
/// are counted and extraction stops as soon as they pass the declared size, so a lying header costs at most the
/// limit. Symbolic-link and directory entries are never pages that can be read. A `ComicInfo.xml` at the root
/// of the archive is read with the same defences.
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
    private let fd: Int32
    private let size: Int

    var kind: PageSource.Kind { .archive }
    var pageCount: Int { entries.count }

    init(path: String, limits: PageLimits) throws(PageError) {
        let fd: Int32
        switch systemCall({ open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }) {
        case .success(let opened): fd = opened
        case .failure(let error) where error.code == ENOENT: throw .notFound(path: path)
        case .failure(let error): throw .unreadable(path: path, reason: error.description)
        }
        guard case .success(let info) = fileStatus(fd), PosixFiles.isRegular(info) else {
            closeDescriptor(fd)
            throw .unsupportedBook(path: path)
        }
        self.fd = fd
        self.size = Int(info.st_size)
        self.path = path
        self.limits = limits
        self.archiveIdentity = PosixFiles.identity(info)

        let listed: [ZipEntry]
        do {
            listed = try ZipArchive.entries(fd: fd, size: Int(info.st_size), maxEntries: limits.maxPages)
        } catch {
            closeDescriptor(fd)
            throw .unreadableArchive(path: path, reason: "\(error)")
        }
        let total = listed.count
        if total > limits.maxPages {
            closeDescriptor(fd)
            throw .tooManyPages(path: path, limit: limits.maxPages)
        }
        // isPageFileName leaves out hidden files and folders, __MACOSX/ and other kinds of file.
        let all = listed.filter { $0.kind != .directory && isPageFileName($0.path) }
        let comicInfo = listed.first { $0.kind == .file && $0.path.lowercased() == ComicInfo.fileName }
        guard total > 0 else {
            closeDescriptor(fd)
            throw .emptyDirectory(path: path)
        }
        guard !all.isEmpty else {
            closeDescriptor(fd)
            throw .noPages(path: path, entries: total)
        }
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

    deinit { closeDescriptor(fd) }

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
        let bytes = try extract(entry, name: names[page - 1], limit: limit)
        let identity = PageIdentity.archiveEntry(archive: archiveIdentity, path: entry.path, crc32: entry.checksum,
                                                 size: entry.uncompressedSize)
        return PageContents(bytes: bytes, identity: identity)
    }

    /// The bytes of a file entry of at most `limit` bytes, within the compression-ratio limit, CRC checked.
    private func extract(_ entry: ZipEntry, name: String, limit: Int) throws(PageError) -> [UInt8] {
        switch entry.kind {
        case .symlink: throw .symlinkEntry(name: name)
        case .directory: throw .notAFile(name: name)
        case .file: break
        }
        let declared = entry.uncompressedSize
        guard declared <= UInt64(limit) else { throw .entryTooLarge(name: name, bytes: declared, limit: limit) }
        if entry.isCompressed {
            let compressed = max(entry.compressedSize, 1)
            let ratio = declared / compressed
            if ratio > UInt64(limits.maxCompressionRatio) || (ratio == UInt64(limits.maxCompressionRatio)
                && declared % compressed > 0) {
                throw .compressionRatio(name: name, ratio: ratio, limit: limits.maxCompressionRatio)
            }
        }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(declared))
        var overflow = false
        let crc: UInt32
        do {
            crc = try ZipArchive.extract(entry, fd: fd, size: size) { chunk in
                guard UInt64(bytes.count + chunk.count) <= declared else {
                    overflow = true
                    return false
                }
                bytes.append(contentsOf: chunk)
                return true
            }
        } catch {
            throw .corruptEntry(name: name, reason: "\(error)")
        }
        if overflow { throw .entryLargerThanDeclared(name: name, declared: declared) }
        guard UInt64(bytes.count) == declared else {
            throw .corruptEntry(name: name, reason: "\(bytes.count) bytes, \(declared) declared")
        }
        guard crc == entry.checksum else { throw .corruptEntry(name: name, reason: "CRC-32 mismatch") }
        return bytes
    }

    private func readComicInfo(_ entry: ZipEntry) -> BookMetadata {
        do {
            let bytes = try extract(entry, name: entry.path, limit: ComicInfo.maxBytes)
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
           let bytes = try? extract(entry, name: entry.path, limit: PageSource.maxPageTextBytes) {
            return String(decoding: bytes, as: UTF8.self)
        }
        return page == (metadata.coverPage ?? 1) ? metadata.summary : nil
    }

    func reloaded() throws(PageError) -> any PageProvider { try ArchiveSource(path: path, limits: limits) }
}
