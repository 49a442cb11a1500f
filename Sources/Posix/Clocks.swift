import Glibc

/// The reading of `clock` (CLOCK_MONOTONIC, CLOCK_REALTIME, a compositor's presentation clock…) as the kernel
/// gives it: seconds and nanoseconds. clock_gettime cannot fail for the clocks Linux always has.
public func clockTime(_ clock: clockid_t) -> timespec {
    var now = timespec()
    clock_gettime(clock, &now)
    return now
}

/// CLOCK_MONOTONIC in milliseconds: the clock of timerfd deadlines and of most compositors' input and
/// presentation stamps (weston, wlroots); it never steps with the wall clock.
public func monotonicMilliseconds() -> Double { milliseconds(on: CLOCK_MONOTONIC) }

/// The reading of `clock` (CLOCK_MONOTONIC_RAW, a compositor's presentation clock…) in milliseconds.
public func milliseconds(on clock: clockid_t) -> Double {
    let now = clockTime(clock)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
}

/// The wall clock (CLOCK_REALTIME) in whole milliseconds since 1970, as databases and file names keep it.
public func wallClockMilliseconds() -> Int64 {
    let now = clockTime(CLOCK_REALTIME)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
}

/// Minutes since local midnight (0–1439), in the machine's time zone: for what depends on the hour of the day.
public func localMinuteOfDay() -> Int {
    var t = clockTime(CLOCK_REALTIME).tv_sec
    var local = tm()
    localtime_r(&t, &local)
    return Int(local.tm_hour) * 60 + Int(local.tm_min)
}

/// Blocks the calling thread for `milliseconds` (nanosleep); a signal that interrupts it does not cut it short:
/// the sleep goes on for what was left.
public func sleep(milliseconds: Double) {
    guard milliseconds > 0 else { return }
    let nanoseconds = Int(milliseconds * 1_000_000)
    var left = timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
    var remaining = timespec()
    while nanosleep(&left, &remaining) != 0 && errno == EINTR { left = remaining }
}
