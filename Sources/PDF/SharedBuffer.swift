import CPDFWire
import Glibc
import Posix

/// Reading the memfds the helper attaches to its replies: sealed (their size can no longer change under the
/// mapping) and checked against the size the reply must have.
enum SharedBuffer {
    static func read(_ fd: Int32, bytes: Int) throws(PDFError) -> [UInt8] {
        try mapped(fd, bytes: bytes) { Array(UnsafeRawBufferPointer(start: $0, count: bytes)) }
    }

    private static func mapped<T>(_ fd: Int32, bytes: Int, _ body: (UnsafeRawPointer) -> T) throws(PDFError) -> T {
        var status = stat()
        guard fd >= 0, rpdf_is_sealed(fd) != 0 else { throw .helperFailed("its reply came in an unsealed buffer") }
        guard fstat(fd, &status) == 0, status.st_size >= bytes, bytes > 0 else {
            throw .helperFailed("its reply lacks the \(bytes) bytes of data it announced")
        }
        guard let map = mmap(nil, bytes, PROT_READ, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            throw .helperFailed("cannot map its reply: \(errnoText(errno))")
        }
        defer { munmap(map, bytes) }
        return body(UnsafeRawPointer(map))
    }
}
