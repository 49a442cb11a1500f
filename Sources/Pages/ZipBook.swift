import Glibc
import Posix

/// A book that is a ZIP (a CBZ, an EPUB), opened once: the descriptor is kept, so every later read is a `pread` on
/// the very file that was listed, even if the path is replaced meanwhile, and readers on any thread share it
/// without a lock (`ZipArchive`).
final class ZipBook: Sendable {
    let fd: Int32
    let size: Int
    let identity: FileIdentity
    let limits: PageLimits

    private init(fd: Int32, size: Int, identity: FileIdentity, limits: PageLimits) {
        (self.fd, self.size, self.identity, self.limits) = (fd, size, identity, limits)
    }

    deinit { closeDescriptor(fd) }

    /// The archive at `path` and its entries in directory order (at most `maxPages + 1`, so a caller can tell
    /// "too many").
    static func open(path: String, limits: PageLimits) throws(PageError) -> (ZipBook, [ZipEntry]) {
        let (fd, info) = try PosixFiles.openBookFile(path)
        // Owns the descriptor from here: its deinit closes it on every way out.
        let book = ZipBook(fd: fd, size: Int(info.st_size), identity: PosixFiles.identity(info), limits: limits)
        do {
            return (book, try ZipArchive.entries(fd: fd, size: book.size, maxEntries: limits.maxPages))
        } catch {
            throw .unreadableArchive(path: path, reason: "\(error)")
        }
    }

    /// The bytes of a file entry of at most `limit` bytes, within the compression-ratio limit, CRC checked.
    /// Bomb defence: the declared size and ratio are checked before extraction; while extracting, bytes are
    /// counted and extraction stops as soon as they pass the declared size, so a lying header costs at most the
    /// limit. Symbolic links and directories are never read.
    func extract(_ entry: ZipEntry, name: String, limit: Int) throws(PageError) -> [UInt8] {
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
}
