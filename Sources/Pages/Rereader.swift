import Posix

/// Reads the book again after it changed on disk, on a thread of its own, so that frames and input go on meanwhile
/// (opening a PDF again starts its helper: seconds on a busy machine). `fd`, in the loop's poll set, becomes readable
/// once `take()` has the outcome.
///
/// One thread for the program's life, not one per read: a PDF helper dies with the thread that started it
/// (`PR_SET_PDEATHSIG` follows the thread, not the process), and the helper of the book read again must live on.
public final class Rereader {
    public init() {}

    private let worker = Worker<PageSource, Result<PageSource, any Error>>(name: "recto.reread") { source in
        Result { try source.reloaded() }
    }

    /// Readable end of the completion pipe (non-blocking, close-on-exec).
    public var fd: Int32 { worker.fd }

    /// Opens `source`'s book again; the outcome comes through `take()`. One read at a time.
    public func reread(_ source: PageSource) { worker.submit(source) }

    /// The outcome of the last read once it is done (nil before); hands it over once.
    public func take() -> Result<PageSource, any Error>? { worker.take() }
}
