import Foundation

/// One compositor at a time in the whole test process. `.serialized` only orders the tests inside one suite,
/// and Swift Testing runs suites in parallel: two headless westons plus their clients on a 2-core machine make
/// pacing-sensitive tests (flick velocities, idle windows) flaky. Every `Weston` holds a turn from start-up
/// until `stop()`.
final class CompositorTurn: @unchecked Sendable {
    private static let condition = NSCondition()
    nonisolated(unsafe) private static var busy = false

    private let lock = NSLock()
    private var held = true

    /// Waits for the turn. Throws `HarnessError.timeout` when another compositor keeps it past `timeout`.
    init(timeout: Duration = .seconds(300)) throws {
        let deadline = Deadline(timeout)
        Self.condition.lock()
        defer { Self.condition.unlock() }
        while Self.busy {
            guard !deadline.hasPassed else {
                throw HarnessError.timeout("another test's compositor to stop (one weston at a time)")
            }
            _ = Self.condition.wait(until: deadline.remainingDate)
        }
        Self.busy = true
    }

    /// Gives the turn back; idempotent, from any thread (a condition flag, not a mutex owned by a thread).
    func release() {
        lock.lock()
        let wasHeld = held
        held = false
        lock.unlock()
        guard wasHeld else { return }
        Self.condition.lock()
        Self.busy = false
        Self.condition.broadcast()
        Self.condition.unlock()
    }

    deinit { release() }
}
