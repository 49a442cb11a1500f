import CArchive
import Glibc
import Posix

/// One pass through a RAR (4 or 5) or 7z archive with libarchive, header after header, on a descriptor of its
/// own: it opens `/proc/self/fd/N` of the book's descriptor, so it reads the very file that was listed (even if
/// the path was replaced since) with an offset no other reader moves. libarchive reads only forwards; `position`
/// is the index of the next header. libarchive is opened with the first such book (CArchive's shim).
final class LibArchiveReader {
    struct Header {
        var path: String
        var isFile: Bool
        var isSymlink: Bool
        /// The uncompressed size the header declares, when it declares one.
        var declaredSize: UInt64?
        var encrypted: Bool
    }

    private let api: recto_archive_api
    private let archive: OpaquePointer
    private let fd: Int32
    private(set) var position = 0

    /// `bookFD`: the book's own descriptor, kept open for as long as the book is; `path` names it in messages.
    init(bookFD: Int32, path: String) throws(PageError) {
        guard let api = recto_archive()?.pointee else {
            throw .unreadableArchive(path: path, reason: "libarchive cannot be used: " + String(cString: recto_archive_failure()))
        }
        let fd: Int32
        switch systemCall({ open("/proc/self/fd/\(bookFD)", O_RDONLY | O_CLOEXEC) }) {
        case .success(let opened): fd = opened
        case .failure(let error): throw .unreadable(path: path, reason: error.description)
        }
        guard let archive = api.archive_read_new() else {
            closeDescriptor(fd)
            throw .unreadableArchive(path: path, reason: "out of memory")
        }
        api.archive_read_support_format_rar(archive)
        api.archive_read_support_format_rar5(archive)
        api.archive_read_support_format_7zip(archive)
        self.api = api
        self.archive = archive
        self.fd = fd
        // Fully made from here: a throw runs deinit, which frees the archive and closes the descriptor.
        guard api.archive_read_open_fd(archive, fd, 64 << 10) == ARCHIVE_OK else {
            throw .unreadableArchive(path: path, reason: errorText)
        }
    }

    deinit {
        api.archive_read_free(archive)
        closeDescriptor(fd)
    }

    /// libarchive's last error, one line.
    var errorText: String {
        guard let text = api.archive_error_string(archive) else { return "not a RAR or 7z archive" }
        return String(cString: text)
    }

    /// The next entry's header, nil at the end of the archive. The data of the one before is skipped (in a solid
    /// archive libarchive decompresses it to get past it).
    func next() throws(PageError) -> Header? {
        var entry: OpaquePointer?
        let status = api.archive_read_next_header(archive, &entry)
        if status == ARCHIVE_EOF { return nil }
        // ARCHIVE_FAILED with an entry: this entry's data cannot be read (RAR 4 encryption), the next one may be.
        guard status == ARCHIVE_OK || status == ARCHIVE_WARN || status == ARCHIVE_FAILED, let entry else {
            throw .corruptEntry(name: "entry \(position + 1)", reason: errorText)
        }
        position += 1
        let path = api.archive_entry_pathname_utf8(entry).map { String(cString: $0) }
            ?? api.archive_entry_pathname(entry).map { String(cString: $0) } ?? ""
        let size = api.archive_entry_size_is_set(entry) != 0 ? UInt64(max(0, api.archive_entry_size(entry))) : nil
        return Header(path: path, isFile: api.archive_entry_filetype(entry) == recto_archive_regular_file,
                      isSymlink: api.archive_entry_filetype(entry) == recto_archive_symlink, declaredSize: size,
                      encrypted: api.archive_entry_is_encrypted(entry) != 0)
    }

    /// The data of the entry just read, at most `limit` bytes and at most the `declared` size: more throws as soon
    /// as either is passed, so a lying header costs at most the limit.
    func data(name: String, declared: UInt64?, limit: Int) throws(PageError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { api.archive_read_data(archive, $0.baseAddress, $0.count) }
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
