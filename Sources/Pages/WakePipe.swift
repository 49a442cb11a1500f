import Glibc
import Posix

/// A non-blocking, close-on-exec pipe: a worker writes a byte when it has something for the main loop, which
/// polls the read end. The caller closes both ends.
public func makeWakePipe() -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    precondition(pipe(&fds) == 0, "pipe() failed: \(errnoText(errno))")
    for f in fds {
        _ = fcntl(f, F_SETFL, fcntl(f, F_GETFL) | O_NONBLOCK)
        _ = fcntl(f, F_SETFD, FD_CLOEXEC)
    }
    return (fds[0], fds[1])
}
