import CLinux
import Glibc

/// A one-shot CLOCK_MONOTONIC timerfd in the poll set: the only timer the program ever arms (double-tap
/// decisions, the idle reset). Disarmed, it costs nothing.
@MainActor public final class TimerSource {
    private let fd: Int32
    public private(set) var deadline: Double?

    /// `handler` runs on the loop's thread when the deadline passes.
    public init(loop: EventLoop, handler: @escaping @MainActor () -> Void) {
        fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        loop.add(fd: fd) { [fd] _ in
            var expirations: UInt64 = 0
            _ = read(fd, &expirations, 8)
            handler()
        }
    }

    /// Arms the timer for `ms` on the monotonic clock (milliseconds, as `monotonicMilliseconds()`); nil disarms.
    public func arm(at ms: Double?) {
        guard ms != deadline else { return }
        deadline = ms
        var spec = itimerspec()
        if let ms {
            // 0 would disarm: a deadline already past fires at once.
            let ns = max(Int64(ms * 1_000_000), 1)
            spec.it_value.tv_sec = Int(ns / 1_000_000_000)
            spec.it_value.tv_nsec = Int(ns % 1_000_000_000)
        }
        timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    /// Clears the deadline after it fired (the handler calls this before re-arming).
    public func fired() { deadline = nil }
}
