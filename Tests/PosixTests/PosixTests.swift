import Foundation
import Glibc
import Posix
import Synchronization
import Testing

@Suite struct SystemCallTests {
    /// A read blocked on an empty pipe is interrupted by a signal whose handler was installed without
    /// SA_RESTART, so read fails with EINTR; `systemCall` must call it again, and the byte written after the
    /// interruption is what it returns. The interrupter keeps signalling until it has seen a retry (or the read
    /// has returned), so the test does not depend on when the reader starts to block.
    @Test func aReadInterruptedBySignalIsRetried() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }

        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = 0  // no SA_RESTART: the kernel returns EINTR instead of restarting read
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        try #require(sigaction(SIGUSR2, &action, &previous) == 0)
        var usr2 = sigset_t(), old = sigset_t()
        sigemptyset(&usr2)
        sigaddset(&usr2, SIGUSR2)
        pthread_sigmask(SIG_UNBLOCK, &usr2, &old)

        let progress = Progress()
        let reader = pthread_self()
        let writeEnd = fds[1]
        let interrupter = Thread {
            while progress.attempts.load(ordering: .acquiring) < 2 && !progress.readReturned.load(ordering: .acquiring) {
                pthread_kill(reader, SIGUSR2)
                usleep(1000)
            }
            var byte: UInt8 = 42
            _ = write(writeEnd, &byte, 1)
            progress.interrupterDone.store(true, ordering: .releasing)
        }
        interrupter.start()

        var byte: UInt8 = 0
        let readEnd = fds[0]
        let outcome = systemCall { () -> Int in
            progress.attempts.add(1, ordering: .releasing)
            return read(readEnd, &byte, 1)
        }
        progress.readReturned.store(true, ordering: .releasing)
        while !progress.interrupterDone.load(ordering: .acquiring) { usleep(1000) }
        // A signal sent after the read returned may still be pending: take it before the old handler is back.
        pthread_sigmask(SIG_BLOCK, &usr2, nil)
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGUSR2) == 1 { var taken: Int32 = 0; sigwait(&usr2, &taken) }
        sigaction(SIGUSR2, &previous, nil)
        pthread_sigmask(SIG_SETMASK, &old, nil)

        #expect(outcome == .success(1))
        #expect(byte == 42)
        #expect(progress.attempts.load(ordering: .relaxed) >= 2)
    }

    @Test func aFailureCarriesErrnoAndItsText() {
        let outcome = systemCall { open("/nonexistent/recto-posix-test", O_RDONLY) }
        #expect(outcome == .failure(SystemError(ENOENT)))
        #expect("\(SystemError(ENOENT))" == "No such file or directory")
        #expect(errnoText(EACCES) == "Permission denied")
    }

    @Test func aSuccessIsReturnedAsIs() {
        #expect(systemCall { Int32(0) } == .success(0))
        #expect(systemCall { 7 } == .success(7))
    }
}

private final class Progress: Sendable {
    let attempts = Atomic<Int>(0)
    let readReturned = Atomic<Bool>(false)
    let interrupterDone = Atomic<Bool>(false)
}

@Suite struct MonotonicClockTests {
    /// The clock is CLOCK_MONOTONIC itself (the base of timerfd deadlines and compositor stamps), read in ms.
    @Test func readsCLOCK_MONOTONICInMilliseconds() {
        var before = timespec(), after = timespec()
        clock_gettime(CLOCK_MONOTONIC, &before)
        let reading = monotonicMilliseconds()
        clock_gettime(CLOCK_MONOTONIC, &after)
        let ms = { (t: timespec) in Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1_000_000 }
        #expect(reading >= ms(before) && reading <= ms(after))
    }

    @Test func neverGoesBackAndAdvancesWithTime() {
        var last = monotonicMilliseconds()
        for _ in 0..<10_000 {
            let now = monotonicMilliseconds()
            #expect(now >= last)
            last = now
        }
        let start = monotonicMilliseconds()
        usleep(5000)
        #expect(monotonicMilliseconds() - start >= 5)
    }

    @Test func readsOtherClocksOnTheirOwnBase() {
        var before = timespec(), after = timespec()
        clock_gettime(CLOCK_MONOTONIC_RAW, &before)
        let reading = milliseconds(on: CLOCK_MONOTONIC_RAW)
        clock_gettime(CLOCK_MONOTONIC_RAW, &after)
        let ms = { (t: timespec) in Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1_000_000 }
        #expect(reading >= ms(before) && reading <= ms(after))
    }
}
