import Foundation
import Glibc
import Posix
import Synchronization
import Testing

/// Serialized: the two tests that signal their thread install a process-wide SIGUSR2 handler in turn.
@Suite(.serialized) struct SystemCallTests {
    /// A read blocked on an empty pipe fails with EINTR when the signal arrives; `systemCall` must call it
    /// again, and the byte written after that retry is what it returns. Signalling goes on until a retry was
    /// seen, so the test does not depend on when the read starts to block.
    @Test func aReadInterruptedBySignalIsRetried() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let attempts = Counter()
        var byte: UInt8 = 0
        let outcome = whileInterrupted(until: { attempts.count >= 2 }, afterwards: {
            var byte: UInt8 = 42
            _ = write(writeEnd, &byte, 1)
        }) {
            systemCall { () -> Int in
                attempts.increment()
                return read(readEnd, &byte, 1)
            }
        }
        #expect(outcome == .success(1))
        #expect(byte == 42)
        #expect(attempts.count >= 2)
    }

    /// 1 MiB through a 64 KiB pipe to a slow reader while signals hit the writer: blocked writes come back
    /// short or fail with EINTR, and `writeAll` must go on until every byte is through, in order.
    @Test func writeAllDeliversEveryByteThroughShortWritesAndInterruptions() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(readEnd) }
        let sent = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: ($0 &* 7919) >> 3) }
        let received = Mutex<[UInt8]>([])
        let drained = DispatchSemaphore(value: 0)
        Thread {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while case .success(let n) = systemCall({ read(readEnd, &chunk, chunk.count) }), n > 0 {
                received.withLock { $0 += chunk[..<n] }
                usleep(50)
            }
            drained.signal()
        }.start()

        let outcome = whileInterrupted { sent.withUnsafeBytes { writeAll($0, to: writeEnd) } }
        close(writeEnd)
        drained.wait()
        #expect((try? outcome.get()) != nil, "\(outcome)")
        let got = received.withLock { $0 }
        #expect(got.count == sent.count)
        let inOrder = got == sent  // not inside #expect: it would diff a megabyte on failure
        #expect(inOrder)
    }

    @Test func writeAllReportsTheErrorThatStoppedIt() {
        let outcome = [UInt8](repeating: 1, count: 10).withUnsafeBytes { writeAll($0, to: -1) }
        guard case .failure(let error) = outcome else { Issue.record("writing to fd -1 succeeded"); return }
        #expect(error == SystemError(EBADF))
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

@Suite struct PipeTests {
    /// Both ends close-on-exec (asked for non-blocking, both that too), and what goes in comes out.
    @Test(arguments: [false, true]) func bothEndsAreCloseOnExec(nonBlocking: Bool) throws {
        let ends = try makePipe(nonBlocking: nonBlocking).get()
        defer { close(ends.read); close(ends.write) }
        for fd in [ends.read, ends.write] {
            #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
            #expect((fcntl(fd, F_GETFL) & O_NONBLOCK != 0) == nonBlocking)
        }
        try [UInt8]([42]).withUnsafeBytes { writeAll($0, to: ends.write) }.get()
        var byte: UInt8 = 0
        #expect(try systemCall { read(ends.read, &byte, 1) }.get() == 1 && byte == 42)
    }
}
