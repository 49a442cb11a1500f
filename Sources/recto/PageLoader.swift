import Decoding
import Dispatch
import Glibc
import Synchronization

/// A decoded page, or why it could not be decoded.
struct DecodedPage: Sendable {
    let page: Int
    let result: Result<RGBAImage, PageLoadError>
}

struct PageLoadError: Error, Sendable, CustomStringConvertible {
    let description: String
}

/// Decodes pages on worker threads and hands the results back through a pipe that the main loop polls,
/// so the Wayland thread never blocks on a decode.
final class PageLoader: Sendable {
    /// Readable end: add it to the poll set; `drain` when it is readable.
    let fd: Int32
    private let writeFD: Int32
    private let results = Mutex<[DecodedPage]>([])
    private let queue = DispatchQueue(label: "recto.decode", qos: .userInitiated, attributes: .concurrent)
    private let limits: DecodeLimits
    private let maxTextureSize: Int

    init(maxTextureSize: Int, limits: DecodeLimits = .standard) {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0, "pipe failed")
        for f in fds {
            _ = fcntl(f, F_SETFL, fcntl(f, F_GETFL) | O_NONBLOCK)
            _ = fcntl(f, F_SETFD, FD_CLOEXEC)
        }
        fd = fds[0]
        writeFD = fds[1]
        self.limits = limits
        self.maxTextureSize = maxTextureSize
    }

    /// Starts decoding `path` as page `page`; the result arrives through `drain`.
    func request(page: Int, path: String) {
        let limits = self.limits, maxSide = maxTextureSize
        queue.async { [self] in
            let result = Result { try loadPageImage(path: path, limits: limits, maxSide: maxSide) }
                .mapError { PageLoadError(description: "\($0)") }
            results.withLock { $0.append(DecodedPage(page: page, result: result)) }
            var byte: UInt8 = 1
            _ = write(writeFD, &byte, 1)
        }
    }

    /// Decodes synchronously (for `recto render` and `recto bench`, which have no loop).
    func loadNow(page: Int, path: String) -> DecodedPage {
        let result = Result { try loadPageImage(path: path, limits: limits, maxSide: maxTextureSize) }
            .mapError { PageLoadError(description: "\($0)") }
        return DecodedPage(page: page, result: result)
    }

    /// Takes the finished results (call when `fd` is readable).
    func drain() -> [DecodedPage] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(fd, &buffer, buffer.count) > 0 {}
        return results.withLock { r in
            let out = r
            r.removeAll()
            return out
        }
    }

    deinit {
        close(fd)
        close(writeFD)
    }
}
