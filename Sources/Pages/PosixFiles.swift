import Glibc
import Posix

/// The few POSIX calls the page sources need: bounded reads that never block on a FIFO, file identities from
/// the same descriptor as the bytes, and symbolic-link resolution for the containment check.
enum PosixFiles {
    /// `stat` (following links) or nil with errno set.
    static func status(_ path: String, follow: Bool = true) -> stat? {
        try? fileStatus(path: path, follow: follow).get()
    }

    /// A book that is one regular file (an archive), opened for reading: its descriptor, which the caller closes,
    /// and its status.
    static func openBookFile(_ path: String) throws(PageError) -> (fd: Int32, info: stat) {
        let fd: Int32
        switch systemCall({ open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }) {
        case .success(let opened): fd = opened
        case .failure(let error) where error.code == ENOENT: throw .notFound(path: path)
        case .failure(let error): throw .unreadable(path: path, reason: error.description)
        }
        guard case .success(let info) = fileStatus(fd), isRegular(info) else {
            closeDescriptor(fd)
            throw .unsupportedBook(path: path)
        }
        return (fd, info)
    }

    static func isDirectory(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFDIR }
    static func isRegular(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFREG }
    static func isLink(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFLNK }

    static func identity(_ info: stat) -> FileIdentity {
        FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                     modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved, or nil (errno set) when a component
    /// is missing.
    static func resolve(_ path: String) -> String? {
        guard case .success(let p) = systemPointer({ realpath(path, nil) }) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Whether resolved absolute path `path` lies strictly inside resolved directory `root`.
    static func isInside(_ path: String, root: String) -> Bool {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.count > prefix.count && path.hasPrefix(prefix)
    }

    /// Reads a whole regular file of at most `limit` bytes, with the identity of exactly the file read.
    ///
    /// `O_NONBLOCK` keeps a FIFO planted in a book from hanging the reader (it is then refused as not a file);
    /// `noFollow` refuses a final-component link, for paths already resolved by `resolve`, so a file swapped for a
    /// link between the check and the open is not followed. The size is checked from `fstat` before reading and
    /// again while reading, since a file may grow underneath us.
    static func read(_ path: String, name: String, limit: Int, noFollow: Bool) throws(PageError)
        -> (bytes: [UInt8], identity: FileIdentity) {
        let fd: Int32
        switch systemCall({ open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (noFollow ? O_NOFOLLOW : 0)) }) {
        case .success(let opened): fd = opened
        case .failure(let error) where error.code == ELOOP && noFollow: throw .linkOutsideBook(name: name)
        case .failure(let error): throw .unreadable(path: name, reason: error.description)
        }
        defer { closeDescriptor(fd) }
        let info = try fileStatus(fd).mapError { PageError.unreadable(path: name, reason: $0.description) }.get()
        guard isRegular(info) else { throw .notAFile(name: name) }
        let declared = Int(info.st_size)
        guard declared <= limit else { throw .fileTooLarge(name: name, bytes: declared, limit: limit) }

        var bytes = [UInt8](repeating: 0, count: declared)
        var count = 0
        while count < bytes.count {
            let got = try systemCall { bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) } }
                .mapError { PageError.unreadable(path: name, reason: $0.description) }.get()
            if got == 0 { break }
            count += got
        }
        // The file may have grown since fstat: keep reading, still within the limit.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while count == bytes.count {
            let got = try systemCall { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
                .mapError { PageError.unreadable(path: name, reason: $0.description) }.get()
            if got == 0 { break }
            guard count + got <= limit else { throw .fileTooLarge(name: name, bytes: count + got, limit: limit) }
            bytes.append(contentsOf: chunk[0..<got])
            count += got
        }
        if count < bytes.count { bytes.removeLast(bytes.count - count) }  // truncated while we read
        return (bytes, identity(info))
    }
}
