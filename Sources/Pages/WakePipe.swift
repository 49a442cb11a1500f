import Posix

/// A non-blocking, close-on-exec pipe: a worker writes a byte when it has something for the main loop, which
/// polls the read end. The caller closes both ends.
public func makeWakePipe() -> (read: Int32, write: Int32) {
    switch makePipe(nonBlocking: true) {
    case .success(let ends): return ends
    case .failure(let error): preconditionFailure("pipe2() failed: \(error)")
    }
}
