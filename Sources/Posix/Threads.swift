import CLinux
import Glibc

/// A pthread mutex with its condition variable, for the worker threads (decode pool, inflater, row pipeline, GL
/// start-up, visit writer). Here rather than Foundation's `NSCondition`/`NSLock`/`Thread`: those live in the full
/// Foundation, whose CoreFoundation links ICU's 30 MiB of data into the static binary (docs/performance.md). The
/// condition waits on CLOCK_MONOTONIC, so a timed wait never stretches or ends early when the wall clock steps.
public final class Condition: @unchecked Sendable {
    // @unchecked: the pthread objects are only touched through pthread calls, which are thread-safe.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(cond, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    /// Releases the lock until signalled (or woken spuriously: callers wait in a loop on their condition).
    public func wait() { pthread_cond_wait(cond, mutex) }
    /// With the lock held: releases it until signalled or `milliseconds` (CLOCK_MONOTONIC) have passed, or a
    /// spurious wake-up; callers wait in a loop on their condition and their deadline.
    public func wait(milliseconds: Double) {
        var deadline = clockTime(CLOCK_MONOTONIC)
        let nanoseconds = Int(deadline.tv_nsec) + Int(milliseconds * 1_000_000)
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_cond_timedwait(cond, mutex, &deadline)
    }
    public func signal() { pthread_cond_signal(cond) }
    public func broadcast() { pthread_cond_broadcast(cond) }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// Starts a detached thread named `name` (at most 15 bytes are kept: the kernel's limit) running `body`.
/// Traps if the system cannot make a thread, as Foundation's `Thread.start()` did.
public func startThread(name: String, _ body: @escaping @Sendable () -> Void) {
    _ = makeThread(name: name, detached: true, blockingSignals: false, body)
}

/// A thread that another waits for: `join()` returns once `body` has. With `blockingSignals`, the thread takes
/// no signal at all (it starts with every signal blocked), so SIGTERM and friends stay with the loop's thread
/// and its signalfd whenever that thread blocks them.
public final class JoinableThread: @unchecked Sendable {
    // @unchecked: `thread` is set once in init; pthread_join is called at most once (`joined`, under `condition`).
    private let thread: pthread_t
    private let condition = Condition()
    private var joined = false

    /// Starts the thread, named `name` (15 bytes kept). Traps if the system cannot make a thread.
    public init(name: String, blockingSignals: Bool = false, _ body: @escaping @Sendable () -> Void) {
        thread = makeThread(name: name, detached: false, blockingSignals: blockingSignals, body)
    }

    /// Waits until the thread's body has returned (at once if it already has, or if it was joined before).
    public func join() {
        let first = condition.withLock {
            defer { joined = true }
            return !joined
        }
        if first { pthread_join(thread, nil) }
    }
}

private func makeThread(name: String, detached: Bool, blockingSignals: Bool,
                        _ body: @escaping @Sendable () -> Void) -> pthread_t {
    final class Box: @unchecked Sendable {
        let name: String, body: @Sendable () -> Void
        init(_ name: String, _ body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }
    }
    let box = Unmanaged.passRetained(Box(name, body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
    // A new thread starts with its creator's signal mask: block everything around the creation, then restore.
    var all = sigset_t(), previous = sigset_t()
    if blockingSignals {
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
    }
    defer { if blockingSignals { pthread_sigmask(SIG_SETMASK, &previous, nil) } }
    var thread = pthread_t()
    let rc = pthread_create(&thread, &attributes, { raw in
        let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
        _ = String(decoding: box.name.utf8.prefix(15), as: UTF8.self).withCString { recto_set_thread_name($0) }
        box.body()
        return nil
    }, box)
    guard rc == 0 else {
        Unmanaged<Box>.fromOpaque(box).release()
        fatalError("cannot start thread \(name): \(errnoText(rc))")
    }
    return thread
}
