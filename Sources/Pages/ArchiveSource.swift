import Book
import Foundation
import Glibc
import Posix
import ZIPFoundation

/// A CBZ (a ZIP of page images), read in place: entries are extracted one at a time into memory, never to disk.
///
/// The archive is opened once and that descriptor is kept: every later read goes through `/proc/self/fd/N`, so
/// all pages come from the very file that was listed even if the path is replaced meanwhile (the next
/// `reloaded()` sees the new file). `Archive` keeps a `FILE*` position and is not thread-safe, so each concurrent
/// reader checks one out of a small pool.
///
/// Bomb defence, per entry: the declared uncompressed size must be within `min(maxEntryBytes, maxFileBytes)`
/// and the declared ratio within `maxCompressionRatio`, both checked before extraction; while extracting, bytes
/// are counted and extraction stops as soon as they pass the declared size, so a lying header costs at most the
/// limit. Symbolic-link and directory entries are never pages that can be read. A `ComicInfo.xml` at the root
/// of the archive is read with the same defences.
final class ArchiveSource: PageProvider, @unchecked Sendable {
    // @unchecked: `entries` is immutable after init (ZIPFoundation's `Entry` is a value type not marked
    // Sendable), `metadata` is only written by init (it reads an entry, so it needs a whole self); the mutable
    // pool is guarded by `lock`.
    let path: String
    let limits: PageLimits
    let archiveIdentity: FileIdentity
    private let entries: [Entry]
    private let names: [String]
    private(set) var metadata: BookMetadata
    private let fd: Int32
    private let lock = NSLock()
    private var spare: [Archive] = []

    var kind: PageSource.Kind { .archive }
    var pageCount: Int { entries.count }

    init(path: String, limits: PageLimits) throws(PageError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: errnoText(errno))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, PosixFiles.isRegular(info) else {
            close(fd)
            throw .unsupportedBook(path: path)
        }
        self.fd = fd
        self.path = path
        self.limits = limits
        self.archiveIdentity = PosixFiles.identity(info)

        // ZIPFoundation searches for the end record byte by byte back to the start of the file; on a large
        // non-zip that is millions of seeks, so look where the record can be (the last 64 KiB + 22 bytes) first.
        guard ArchiveSource.hasEndRecord(fd: fd, size: Int(info.st_size)) else {
            close(fd)
            throw .unreadableArchive(path: path, reason: "no ZIP end-of-central-directory record")
        }
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: "/proc/self/fd/\(fd)"), accessMode: .read)
        } catch {
            close(fd)
            throw .unreadableArchive(path: path, reason: "\(error)")
        }
        var all: [Entry] = []
        var comicInfo: Entry? = nil
        var total = 0
        for entry in archive {
            total += 1
            if total > limits.maxPages {
                close(fd)
                throw .tooManyPages(path: path, limit: limits.maxPages)
            }
            // isPageFileName leaves out hidden files and folders, __MACOSX/ and other kinds of file.
            if entry.type != .directory && isPageFileName(entry.path) { all.append(entry) }
            if entry.type == .file && entry.path.lowercased() == ComicInfo.fileName && comicInfo == nil {
                comicInfo = entry
            }
        }
        guard total > 0 else {
            close(fd)
            throw .emptyDirectory(path: path)
        }
        guard !all.isEmpty else {
            close(fd)
            throw .noPages(path: path, entries: total)
        }
        entries = naturallySortedPaths(all, by: { $0.path })
        names = entries.map(\.path)
        spare = [archive]
        metadata = .none
        if let comicInfo { metadata = readComicInfo(comicInfo) }
    }

    deinit {
        spare.removeAll()  // close the FILE*s before the descriptor they reopen
        close(fd)
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
        let bytes = try extract(entry, name: names[page - 1], limit: limit)
        let identity = PageIdentity.archiveEntry(archive: archiveIdentity, path: entry.path, crc32: entry.checksum,
                                                 size: entry.uncompressedSize)
        return PageContents(bytes: bytes, identity: identity)
    }

    /// The bytes of a file entry of at most `limit` bytes, within the compression-ratio limit, CRC checked.
    private func extract(_ entry: Entry, name: String, limit: Int) throws(PageError) -> [UInt8] {
        switch entry.type {
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

        let archive = try checkOut()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(declared))
        var overflow = false
        let crc: CRC32
        do {
            crc = try archive.extract(entry, bufferSize: 1 << 16, skipCRC32: false) { chunk in
                guard UInt64(bytes.count + chunk.count) <= declared else {
                    overflow = true
                    throw PageError.entryLargerThanDeclared(name: name, declared: declared)
                }
                bytes.append(contentsOf: chunk)
            }
        } catch {
            checkIn(archive)
            if overflow { throw .entryLargerThanDeclared(name: name, declared: declared) }
            throw .corruptEntry(name: name, reason: "\(error)")
        }
        checkIn(archive)
        guard UInt64(bytes.count) == declared else {
            throw .corruptEntry(name: name, reason: "\(bytes.count) bytes, \(declared) declared")
        }
        guard crc == entry.checksum else { throw .corruptEntry(name: name, reason: "CRC-32 mismatch") }
        return bytes
    }

    private func readComicInfo(_ entry: Entry) -> BookMetadata {
        do {
            let bytes = try extract(entry, name: entry.path, limit: ComicInfo.maxBytes)
            return ComicInfo.parse(bytes, pageCount: entries.count)
        } catch {
            return BookMetadata(problem: "\(error)")
        }
    }

    func reloaded() throws(PageError) -> any PageProvider { try ArchiveSource(path: path, limits: limits) }

    private func checkOut() throws(PageError) -> Archive {
        if let a = lock.withLock({ spare.popLast() }) { return a }
        do {
            return try Archive(url: URL(fileURLWithPath: "/proc/self/fd/\(fd)"), accessMode: .read)
        } catch {
            throw .unreadableArchive(path: path, reason: "\(error)")
        }
    }

    private func checkIn(_ archive: Archive) {
        lock.withLock { if spare.count < 4 { spare.append(archive) } }
    }

    /// Whether the end-of-central-directory signature (PK\5\6) occurs where the record can start.
    private static func hasEndRecord(fd: Int32, size: Int) -> Bool {
        let span = min(size, 22 + 65_535)
        guard span >= 22 else { return false }
        var tail = [UInt8](repeating: 0, count: span)
        let got = tail.withUnsafeMutableBytes { pread(fd, $0.baseAddress, span, off_t(size - span)) }
        guard got == span else { return false }
        var i = span - 22
        while i >= 0 {
            if tail[i] == 0x50 && tail[i + 1] == 0x4B && tail[i + 2] == 5 && tail[i + 3] == 6 { return true }
            i -= 1
        }
        return false
    }
}
