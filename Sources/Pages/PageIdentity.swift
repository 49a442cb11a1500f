/// Identity of a file as the file system sees it: a changed file (rewritten, replaced, touched) gets a new one.
public struct FileIdentity: Sendable, Hashable, CustomStringConvertible {
    public var device: UInt64
    public var inode: UInt64
    /// Length in bytes.
    public var size: Int64
    /// Last modification, nanoseconds since the Unix epoch.
    public var modifiedNanoseconds: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, modifiedNanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
    }

    public var description: String { "dev \(device) ino \(inode) size \(size) mtime \(modifiedNanoseconds)ns" }
}

/// What a page's bytes are, independent of its page number: equal identities mean equal bytes (to the file
/// system's and the archive's own knowledge), so `key` can name entries of a persistent decoded-page cache.
public enum PageIdentity: Sendable, Hashable, CustomStringConvertible {
    /// A page file (or a single-image book).
    case file(FileIdentity)
    /// An entry of an archive: the archive file's identity plus the entry's path, CRC-32 and declared size.
    case archiveEntry(archive: FileIdentity, path: String, crc32: UInt32, size: UInt64)
    /// A page of a document rendered whole (a PDF): the file's identity plus the page number.
    case documentPage(file: FileIdentity, page: Int)
    /// An image fetched by URL (a IIIF canvas at one size): the Image API names a region at a size, so the same
    /// URL is the same picture.
    case resource(url: String)

    /// A stable, file-name-safe key (hex fields and an FNV-1a hash of the entry path), for a disk cache.
    public var key: String {
        switch self {
        case .file(let f):
            return "f-\(hex(f.device))-\(hex(f.inode))-\(hex(UInt64(bitPattern: f.size)))-"
                + hex(UInt64(bitPattern: f.modifiedNanoseconds))
        case .archiveEntry(let a, let path, let crc, let size):
            return "z-\(hex(a.device))-\(hex(a.inode))-\(hex(UInt64(bitPattern: a.size)))-"
                + "\(hex(UInt64(bitPattern: a.modifiedNanoseconds)))-\(hex(fnv1a(path)))-\(hex(UInt64(crc)))-\(hex(size))"
        case .documentPage(let f, let page):
            return "d-\(hex(f.device))-\(hex(f.inode))-\(hex(UInt64(bitPattern: f.size)))-"
                + "\(hex(UInt64(bitPattern: f.modifiedNanoseconds)))-p\(page)"
        case .resource(let url):
            return "u-\(hex(fnv1a(url)))-\(hex(UInt64(url.utf8.count)))"
        }
    }

    public var description: String {
        switch self {
        case .file(let f): return "file (\(f))"
        case .archiveEntry(let a, let path, let crc, let size):
            return "entry \(path) crc \(hex(UInt64(crc))) size \(size) of archive (\(a))"
        case .documentPage(let f, let page): return "page \(page) of document (\(f))"
        case .resource(let url): return "resource \(url)"
        }
    }
}

private func hex(_ v: UInt64) -> String { String(v, radix: 16) }

/// 64-bit FNV-1a of the UTF-8 bytes: a short, stable stand-in for a path inside a key.
private func fnv1a(_ s: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in s.utf8 {
        h ^= UInt64(b)
        h = h &* 0x0000_0100_0000_01b3
    }
    return h
}
