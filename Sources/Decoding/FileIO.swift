import Glibc
import Posix

/// Bounded file reading and atomic writing with plain POSIX calls: the size cap is enforced from fstat before
/// reading and again while reading (a file may grow underneath us, and FIFOs report no size).
public enum FileIO {
    /// Reads at most `limit` bytes of `path`, or only the first `prefix` bytes when given. Throws
    /// `.fileTooLarge` when the whole file is wanted and it is longer than `limit`.
    static func read(_ path: String, limit: Int, prefix: Int? = nil) throws(DecodeError) -> [UInt8] {
        let fd = try systemCall { open(path, O_RDONLY | O_CLOEXEC) }
            .mapError { DecodeError.unreadable(path: path, reason: $0.description) }.get()
        defer { closeDescriptor(fd) }
        let info = try fileStatus(fd).mapError { DecodeError.unreadable(path: path, reason: $0.description) }.get()
        guard info.st_mode & S_IFMT != S_IFDIR else { throw .unreadable(path: path, reason: "is a directory") }
        let declared = Int(info.st_size)
        if prefix == nil && declared > limit { throw .fileTooLarge(bytes: declared, limit: limit) }
        let wanted = prefix.map { min($0, limit) } ?? limit

        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(declared, 0), wanted))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < wanted || prefix == nil {
            let want = prefix == nil ? chunk.count : min(chunk.count, wanted - bytes.count)
            let got = try systemCall { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, want) } }
                .mapError { DecodeError.unreadable(path: path, reason: $0.description) }.get()
            if got == 0 { break }
            if prefix == nil && bytes.count + got > limit {
                throw .fileTooLarge(bytes: bytes.count + got, limit: limit)
            }
            bytes.append(contentsOf: chunk[0..<got])
        }
        return bytes
    }

    /// Writes `bytes` to a temporary sibling of `path`, then renames it over `path`.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(EncodeError) {
        // Unique per call, so concurrent writers of one path each rename a complete file.
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd: Int32
        switch systemCall({ open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }) {
        case .success(let opened): fd = opened
        case .failure(let error): throw EncodeError("cannot create \(temporary): \(error)")
        }
        if case .failure(let error) = bytes.withUnsafeBytes({ writeAll($0, to: fd) }) {
            closeDescriptor(fd)
            _ = systemCall { unlink(temporary) }
            throw EncodeError("cannot write \(temporary): \(error)")
        }
        if case .failure(let error) = closeDescriptor(fd) {
            _ = systemCall { unlink(temporary) }
            throw EncodeError("cannot write \(temporary): \(error)")
        }
        if case .failure(let error) = systemCall({ rename(temporary, path) }) {
            _ = systemCall { unlink(temporary) }
            throw EncodeError("cannot rename \(temporary) to \(path): \(error)")
        }
    }
}
