import CLinux
import Glibc

/// A pipe whose ends are close-on-exec from the moment they exist: made with pipe() and marked afterwards,
/// a program that another thread spawns in between (a posix_spawn that closes nothing, as the PDF module's)
/// inherits the write end and keeps the reader from ever seeing the end of the stream.
public func makePipe(nonBlocking: Bool = false) -> Result<(read: Int32, write: Int32), SystemError> {
    var fds: [Int32] = [-1, -1]
    let flags = O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)
    return systemCall { recto_pipe2(&fds, flags) }.map { _ in (fds[0], fds[1]) }
}
