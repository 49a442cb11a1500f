import Posix

/// Kept only until the branches that call it are merged: use `Posix.WakePipe` (or `Handoff`, `Worker`).
@available(*, deprecated, message: "use Posix.WakePipe, Handoff or Worker")
public func makeWakePipe() -> (read: Int32, write: Int32) {
    switch makePipe(nonBlocking: true) {
    case .success(let ends): return ends
    case .failure(let error): preconditionFailure("pipe2() failed: \(error)")
    }
}
