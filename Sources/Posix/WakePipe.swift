import Glibc

/// A descriptor for the loop's poll set that another thread makes readable: a non-blocking, close-on-exec pipe
/// whose reader is `fd`. A worker `wake()`s it when it has left something for the loop; the loop `drain()`s it
/// before looking. Bytes carry no meaning, so a full pipe (EAGAIN) is as good as a written byte.
public final class WakePipe: @unchecked Sendable {
    // @unchecked: two descriptors fixed at init; the calls on them are thread-safe.
    /// Readable end, for the loop's poll set.
    public let fd: Int32
    private let writeFD: Int32

    public init() {
        switch makePipe(nonBlocking: true) {
        case .success(let ends): (fd, writeFD) = ends
        case .failure(let error): preconditionFailure("pipe2() failed: \(error)")
        }
    }

    deinit {
        _ = systemCall { close(fd) }
        _ = systemCall { close(writeFD) }
    }

    /// Makes `fd` readable (from any thread).
    public func wake() {
        var byte: UInt8 = 1
        _ = systemCall { write(writeFD, &byte, 1) }
    }

    /// Empties the pipe: `fd` is readable again only after the next `wake()`.
    public func drain() {
        var sink = [UInt8](repeating: 0, count: 64)
        while case .success(let n) = systemCall({ sink.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }),
              n > 0 {}
    }

    /// Blocks the calling thread until `fd` is readable or `timeoutMs` passed; true when readable. Drains nothing.
    @discardableResult
    public func wait(timeoutMs: Int32) -> Bool {
        let end = monotonicMilliseconds() + Double(timeoutMs)
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = systemCall { poll(&p, 1, Int32(max(0, end - monotonicMilliseconds()))) }
        return (try? ready.get()) == 1
    }
}

/// One result at a time that a worker thread hands to the loop's thread: `put` stores it (replacing one not yet
/// taken) and makes `fd` readable; the loop, when `fd` is readable, `take`s it, once. The value crosses threads
/// under a lock and is touched by one thread at a time, so it need not be Sendable (EGL objects made on a helper).
public final class Handoff<Value>: @unchecked Sendable {
    // @unchecked: `value` is only read and written with `condition` locked.
    private let wakeup = WakePipe()
    private let condition = Condition()
    private var value: Value?

    public init() {}

    /// Readable end, for the loop's poll set: readable once a value was put and until it is taken.
    public var fd: Int32 { wakeup.fd }

    /// Hands `value` over (from any thread).
    public func put(_ value: Value) {
        condition.withLock { self.value = value }
        wakeup.wake()
    }

    /// The value put since the last take (nil if none); hands it over once.
    public func take() -> Value? {
        wakeup.drain()
        return condition.withLock {
            defer { value = nil }
            return value
        }
    }

    /// Blocks until a value is waiting or `timeoutMs` passed; true when one is. Takes nothing.
    @discardableResult
    public func wait(timeoutMs: Int32) -> Bool { wakeup.wait(timeoutMs: timeoutMs) }
}

/// A thread of its own that runs jobs one at a time and hands each output to the loop through a `Handoff`:
/// `submit` from the loop, `fd` in the poll set, `take` when it is readable. A job submitted while another
/// runs waits; one submitted while another waits replaces it (the newer request is the one that matters).
/// The thread lives until the worker is released (and its job, if one runs, is done).
public final class Worker<Job, Output>: @unchecked Sendable {
    // @unchecked: the shared state lives in `Core`, under its lock.
    private final class Core: @unchecked Sendable {
        let condition = Condition()
        let results = Handoff<Output>()
        var job: Job?
        var stopping = false
    }

    private let core = Core()

    /// Starts the thread, named `name` (15 bytes kept), which runs `work` for each job.
    public init(name: String, _ work: @escaping @Sendable (Job) -> Output) {
        let core = core
        startThread(name: name) {
            while true {
                let job: Job? = core.condition.withLock {
                    while core.job == nil && !core.stopping { core.condition.wait() }
                    defer { core.job = nil }
                    return core.job
                }
                guard let job else { return }
                core.results.put(work(job))
            }
        }
    }

    deinit {
        core.condition.withLock {
            core.stopping = true
            core.condition.signal()
        }
    }

    /// Readable end of the result pipe, for the loop's poll set.
    public var fd: Int32 { core.results.fd }

    /// Runs `job` on the thread after the one it is running.
    public func submit(_ job: Job) {
        core.condition.withLock {
            core.job = job
            core.condition.signal()
        }
    }

    /// The output of the last job done since the last take (nil if none); hands it over once.
    public func take() -> Output? { core.results.take() }

    /// Blocks until an output is waiting or `timeoutMs` passed; true when one is. Takes nothing.
    @discardableResult
    public func wait(timeoutMs: Int32) -> Bool { core.results.wait(timeoutMs: timeoutMs) }
}
