import CPDFWire
import Glibc
import Posix

/// Reading the memfds the helper attaches to its replies: sealed (their size can no longer change under the
/// mapping) and checked against the size the reply must have.
enum SharedBuffer {
    /// `bytes` bytes of the memfd `fd` that `helper` (its name, for the error) attached to a reply.
    static func read(_ fd: Int32, bytes: Int, from helper: String) throws(PDFError) -> [UInt8] {
        try mapped(fd, bytes: bytes, from: helper) { Array(UnsafeRawBufferPointer(start: $0, count: bytes)) }
    }

    private static func mapped<T>(_ fd: Int32, bytes: Int, from helper: String,
                                  _ body: (UnsafeRawPointer) -> T) throws(PDFError) -> T {
        guard fd >= 0, rpdf_is_sealed(fd) != 0 else {
            throw .helperFailed(helper: helper, reason: "its reply came in an unsealed buffer")
        }
        guard case .success(let status) = fileStatus(fd), status.st_size >= bytes, bytes > 0 else {
            throw .helperFailed(helper: helper, reason: "its reply lacks the \(bytes) bytes of data it announced")
        }
        let map = try mapMemory(length: bytes, protection: PROT_READ, flags: MAP_SHARED, fd: fd)
            .mapError { PDFError.helperFailed(helper: helper, reason: "cannot map its reply: \($0)") }.get()
        defer { unmapMemory(map, length: bytes) }
        return body(UnsafeRawPointer(map))
    }
}
