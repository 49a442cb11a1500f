import Glibc

/// CLOCK_MONOTONIC in milliseconds: the clock of timerfd deadlines and of most compositors' input and
/// presentation stamps (weston, wlroots); it never steps with the wall clock.
public func monotonicMilliseconds() -> Double { milliseconds(on: CLOCK_MONOTONIC) }

/// The reading of `clock` (CLOCK_MONOTONIC_RAW, a compositor's presentation clock…) in milliseconds.
public func milliseconds(on clock: clockid_t) -> Double {
    var now = timespec()
    clock_gettime(clock, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
}
