import Foundation
import Glibc
import Posix
import Synchronization
import Testing

/// Posix's threads, timed waits, clocks, sleeps and signal masks: what the modules above use instead of calling
/// pthread, clock_gettime, usleep or sigprocmask themselves.
@Suite(.serialized) struct ThreadAndClockTests {
    /// The calling thread's signal mask (pthread_sigmask with no change asks for it).
    private static func blockedSignals() -> sigset_t {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        return mask
    }

    @Test func joinReturnsOnceTheBodyHasAndAgainAtOnce() {
        let done = Atomic<Bool>(false)
        let thread = JoinableThread(name: "test.join") {
            sleep(milliseconds: 20)
            done.store(true, ordering: .releasing)
        }
        thread.join()
        let finished = done.load(ordering: .acquiring)
        #expect(finished)
        thread.join()
    }

    /// A thread started blocking signals takes none (SIGTERM stays the loop's signalfd's); its creator's mask
    /// is as it was.
    @Test func aThreadBlockingSignalsStartsWithEveryOneBlocked() {
        let before = Self.blockedSignals()
        let blocked = Mutex<[Int32]>([])
        JoinableThread(name: "test.mask", blockingSignals: true) {
            var mask = Self.blockedSignals()
            blocked.withLock { $0 = [SIGTERM, SIGINT, SIGUSR1, SIGHUP].filter { sigismember(&mask, $0) == 1 } }
        }.join()
        let inThread = blocked.withLock { $0 }
        #expect(inThread == [SIGTERM, SIGINT, SIGUSR1, SIGHUP])
        var after = Self.blockedSignals(), was = before
        #expect(sigismember(&after, SIGTERM) == sigismember(&was, SIGTERM))
        #expect(sigismember(&after, SIGHUP) == sigismember(&was, SIGHUP))
    }

    /// `blockSignals` blocks in the calling thread only, and hands back the set for a signalfd.
    @Test func blockSignalsBlocksThemInTheCallingThread() {
        let seen = Mutex<(blocked: Bool, inSet: Bool, other: Bool)>((false, false, true))
        JoinableThread(name: "test.block") {
            var set = blockSignals([SIGUSR1])
            var mask = Self.blockedSignals()
            seen.withLock {
                $0 = (sigismember(&mask, SIGUSR1) == 1, sigismember(&set, SIGUSR1) == 1, sigismember(&set, SIGUSR2) == 1)
            }
        }.join()
        let result = seen.withLock { $0 }
        #expect(result.blocked && result.inSet && !result.other)
    }

    /// A timed wait ends by itself; a signal ends it long before its time.
    @Test func aTimedWaitEndsAtItsTimeOrWhenSignalled() {
        let condition = Condition()
        let start = monotonicMilliseconds()
        condition.withLock {
            while monotonicMilliseconds() - start < 20 { condition.wait(milliseconds: 20 - (monotonicMilliseconds() - start)) }
        }
        #expect(monotonicMilliseconds() - start >= 20)

        let woken = Atomic<Bool>(false)
        let waited = Mutex<Double>(0)
        let waiter = JoinableThread(name: "test.wait") {
            let t0 = monotonicMilliseconds()
            condition.withLock { while !woken.load(ordering: .acquiring) { condition.wait(milliseconds: 60_000) } }
            waited.withLock { $0 = monotonicMilliseconds() - t0 }
        }
        sleep(milliseconds: 10)
        condition.withLock {
            woken.store(true, ordering: .releasing)
            condition.signal()
        }
        waiter.join()
        let waitedMS = waited.withLock { $0 }
        #expect(waitedMS < 30_000)
    }

    /// Signals every millisecond do not cut a sleep short: it goes on for what was left.
    @Test func aSleepLastsItsWholeTimeThroughSignals() {
        let slept = whileInterrupted {
            let start = monotonicMilliseconds()
            sleep(milliseconds: 30)
            return monotonicMilliseconds() - start
        }
        #expect(slept >= 30)
    }

    @Test func theClocksReadTheKernelsClocks() {
        let wall = wallClockMilliseconds()
        let date = Int64(Date().timeIntervalSince1970 * 1000)
        #expect(abs(wall - date) < 1000)
        let before = monotonicMilliseconds()
        let reading = clockTime(CLOCK_MONOTONIC)
        let after = monotonicMilliseconds()
        let ms = Double(reading.tv_sec) * 1000 + Double(reading.tv_nsec) / 1_000_000
        #expect(ms >= before && ms <= after)
    }

    @Test func theWorkingDirectoryAndTheCPUTimeUsed() throws {
        #expect(try currentDirectory().get() == FileManager.default.currentDirectoryPath)
        var sum = 0.0
        for i in 0..<2_000_000 { sum += Double(i).squareRoot() }
        let usage = try resourceUsage().get()
        let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
        #expect(seconds > 0 && sum > 0)
    }
}
