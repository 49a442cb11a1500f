import CLinux
import Glibc
import Posix

/// A CLOCK_MONOTONIC timerfd in the poll set: the program's one timer type, one-shot at an absolute deadline
/// (`arm(at:)`): the reader's one timer (the core's deadlines, the visit recorder's, systemd's watchdog ping, the
/// metrics file) and the control server's idle clients. Its handler runs on the loop's thread, so a loop that
/// hangs stops it (the watchdog relies on that). Disarmed, it costs nothing.
@MainActor public final class TimerSource {
    private let fd: Int32
    private let loop: EventLoop
    private var token: Int?
    /// The deadline armed (monotonic ms), nil when disarmed.
    public private(set) var deadline: Double?

    /// `handler` runs on the loop's thread when the deadline passes (once per expiry, however many were missed).
    public init(loop: EventLoop, handler: @escaping @MainActor () -> Void) {
        switch systemCall({ timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK)) }) {
        case .success(let fd): self.fd = fd
        case .failure(let error): preconditionFailure("timerfd_create() failed: \(error)")
        }
        self.loop = loop
        token = loop.add(fd: fd) { [fd] _ in
            var expirations: UInt64 = 0
            // EAGAIN: another handler re-armed it since poll saw it readable; it has not expired.
            guard case .success(8) = systemCall({ read(fd, &expirations, 8) }) else { return }
            handler()
        }
    }

    /// Arms the timer for `ms` on the monotonic clock (milliseconds, as `monotonicMilliseconds()`); nil disarms.
    public func arm(at ms: Double?) {
        guard ms != deadline else { return }
        deadline = ms
        var spec = itimerspec()
        // 0 would disarm: a deadline already past fires at once.
        if let ms { spec.it_value = Self.timespec(ms: max(ms, 1e-6)) }
        set(spec)
    }

    /// Clears the deadline after it fired (the handler calls this before re-arming).
    public func fired() { deadline = nil }

    /// Takes the timer out of the poll set and closes it; it never fires again.
    public func close() {
        guard let token else { return }
        loop.remove(token)
        self.token = nil
        _ = systemCall { Glibc.close(fd) }
    }

    private func set(_ spec: itimerspec) {
        guard token != nil else { return }
        var spec = spec
        // Fails only for a bad descriptor or value, which this type never passes.
        _ = systemCall { timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil) }
    }

    private static func timespec(ms: Double) -> Glibc.timespec {
        let ns = Int64(ms * 1_000_000)
        return Glibc.timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))
    }
}
