import FoundationEssentials
import Posix
import Glibc
import Pages

/// Reads the book again after it changed on disk, on a thread of its own, so that frames and input go on meanwhile
/// (opening a PDF again starts its helper: seconds on a busy machine). `fd`, in the loop's poll set, becomes readable
/// once `take()` has the outcome.
///
/// One thread for the program's life, not one per read: a PDF helper dies with the thread that started it
/// (`PR_SET_PDEATHSIG` follows the thread, not the process), and the helper of the book read again must live on.
final class Rereader: @unchecked Sendable {
    // @unchecked: `job` and `outcome` are shared with the thread under `condition`.
    /// Readable end of the completion pipe (non-blocking, close-on-exec).
    let fd: Int32
    private let writeFD: Int32
    private let condition = Condition()
    private var job: PageSource?
    private var outcome: Result<PageSource, any Error>?

    init() {
        (fd, writeFD) = makeWakePipe()
        startThread(name: "recto.reread") { [self] in run() }
    }

    /// Opens `source`'s book again; the outcome comes through `take()`. One read at a time.
    func reread(_ source: PageSource) {
        condition.withLock {
            job = source
            condition.signal()
        }
    }

    /// The outcome of the last read once it is done (nil before); hands it over once.
    func take() -> Result<PageSource, any Error>? {
        var sink: UInt8 = 0
        while read(fd, &sink, 1) > 0 {}
        return condition.withLock {
            defer { outcome = nil }
            return outcome
        }
    }

    private func run() {
        while true {
            let source: PageSource = condition.withLock {
                while job == nil { condition.wait() }
                defer { job = nil }
                return job!
            }
            let result = Result { try source.reloaded() }
            condition.withLock { outcome = result }
            var byte: UInt8 = 1
            _ = write(writeFD, &byte, 1)
        }
    }
}
