import Glibc

/// Runs a system call that returns -1 and sets errno when it fails (read, write, poll, waitpid, sendmsg…),
/// again for as long as a signal interrupts it (EINTR), and returns its result or its errno as a typed error.
/// The one place that retries EINTR: the caller never sees EINTR, and gets the failure as a value, not in errno.
///
/// A call that waits with a time limit should compute its limit inside `call`, so a retry waits only for
/// what is left.
@inlinable
public func systemCall<T: BinaryInteger>(_ call: () -> T) -> Result<T, SystemError> {
    while true {
        let result = call()
        if result >= 0 { return .success(result) }
        let code = errno
        if code != EINTR { return .failure(SystemError(code)) }
    }
}

/// Writes all of `bytes` to `fd`: a short write goes on where it stopped, EINTR is retried. A write that
/// makes no progress fails with EIO rather than looping.
public func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Result<Void, SystemError> {
    var offset = 0
    while offset < bytes.count {
        switch systemCall({ write(fd, bytes.baseAddress! + offset, bytes.count - offset) }) {
        case .success(0): return .failure(SystemError(EIO))
        case .success(let n): offset += n
        case .failure(let error): return .failure(error)
        }
    }
    return .success(())
}
