import CLinux
import Glibc

/// A pthread mutex with its condition variable, for the worker threads (decode pool, inflater, row pipeline, GL
/// start-up). Here rather than Foundation's `NSCondition`/`NSLock`/`Thread`: those live in the full Foundation,
/// whose CoreFoundation links ICU's 30 MiB of data into the static binary (docs/performance.md).
public final class Condition: @unchecked Sendable {
    // @unchecked: the pthread objects are only touched through pthread calls, which are thread-safe.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
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
    final class Box: @unchecked Sendable {
        let name: String, body: @Sendable () -> Void
        init(_ name: String, _ body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }
    }
    let box = Unmanaged.passRetained(Box(name, body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
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
}
