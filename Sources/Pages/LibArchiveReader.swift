import CArchive
import Glibc
import Posix

/// One pass through a RAR (4 or 5) or 7z archive with libarchive, header after header, on a descriptor of its
/// own: it opens `/proc/self/fd/N` of the book's descriptor, so it reads the very file that was listed (even if
/// the path was replaced since) with an offset no other reader moves. libarchive reads only forwards; `position`
/// is the index of the next header.
final class LibArchiveReader {
    struct Header {
        var path: String
        var isFile: Bool
        var isSymlink: Bool
        /// The uncompressed size the header declares, when it declares one.
        var declaredSize: UInt64?
        var encrypted: Bool
    }

    private let archive: OpaquePointer
    private let fd: Int32
    private(set) var position = 0

    /// `bookFD`: the book's own descriptor, kept open for as long as the book is; `path` names it in messages.
    init(bookFD: Int32, path: String) throws(PageError) {
        let fd: Int32
        switch systemCall({ open("/proc/self/fd/\(bookFD)", O_RDONLY | O_CLOEXEC) }) {
        case .success(let opened): fd = opened
        case .failure(let error): throw .unreadable(path: path, reason: error.description)
        }
        guard let archive = archive_read_new() else {
            closeDescriptor(fd)
            throw .unreadableArchive(path: path, reason: "out of memory")
        }
        archive_read_support_format_rar(archive)
        archive_read_support_format_rar5(archive)
        archive_read_support_format_7zip(archive)
        self.archive = archive
        self.fd = fd
        // Fully made from here: a throw runs deinit, which frees the archive and closes the descriptor.
        guard archive_read_open_fd(archive, fd, 64 << 10) == ARCHIVE_OK else {
            throw .unreadableArchive(path: path, reason: errorText)
        }
    }

    deinit {
        archive_read_free(archive)
        closeDescriptor(fd)
    }

    /// libarchive's last error, one line.
    var errorText: String {
        guard let text = archive_error_string(archive) else { return "not a RAR or 7z archive" }
        return String(cString: text)
    }

    /// The next entry's header, nil at the end of the archive. The data of the one before is skipped (in a solid
    /// archive libarchive decompresses it to get past it).
    func next() throws(PageError) -> Header? {
        var entry: OpaquePointer?
        let status = archive_read_next_header(archive, &entry)
        if status == ARCHIVE_EOF { return nil }
        // ARCHIVE_FAILED with an entry: this entry's data cannot be read (RAR 4 encryption), the next one may be.
        guard status == ARCHIVE_OK || status == ARCHIVE_WARN || status == ARCHIVE_FAILED, let entry else {
            throw .corruptEntry(name: "entry \(position + 1)", reason: errorText)
        }
        position += 1
        let path = archive_entry_pathname_utf8(entry).map { String(cString: $0) }
            ?? archive_entry_pathname(entry).map { String(cString: $0) } ?? ""
        let size = archive_entry_size_is_set(entry) != 0 ? UInt64(max(0, archive_entry_size(entry))) : nil
        return Header(path: path, isFile: recto_archive_entry_is_file(entry) != 0,
                      isSymlink: recto_archive_entry_is_symlink(entry) != 0, declaredSize: size,
                      encrypted: archive_entry_is_encrypted(entry) != 0)
    }

    /// The data of the entry just read, at most `limit` bytes and at most the `declared` size: more throws as soon
    /// as either is passed, so a lying header costs at most the limit.
    func data(name: String, declared: UInt64?, limit: Int) throws(PageError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
            if n == 0 { return bytes }
            guard n > 0 else { throw .corruptEntry(name: name, reason: errorText) }
            guard bytes.count + n <= limit else {
                throw .entryTooLarge(name: name, bytes: UInt64(bytes.count + n), limit: limit)
            }
            if let declared, UInt64(bytes.count + n) > declared { throw .entryLargerThanDeclared(name: name, declared: declared) }
            bytes.append(contentsOf: chunk[..<n])
        }
    }
}
