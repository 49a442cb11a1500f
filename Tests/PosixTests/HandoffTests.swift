import Glibc
import Posix
import Testing

/// The one worker-to-loop handoff (`WakePipe`, `Handoff`, `Worker`): what the loop sees through the descriptor.
@Suite struct HandoffTests {
    private func readable(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) == 1
    }

    @Test func aWakePipeIsReadableFromWakeUntilDrained() {
        let pipe = WakePipe()
        #expect(!readable(pipe.fd))
        for _ in 0..<100_000 { pipe.wake() }  // far more than a pipe holds: a full pipe is no failure
        #expect(readable(pipe.fd))
        pipe.drain()
        #expect(!readable(pipe.fd))
        #expect(!pipe.wait(timeoutMs: 10))
    }

    @Test func aHandoffGivesTheLatestValueOnceAndWakesOnlyWhenOneWaits() {
        let handoff = Handoff<[Int]>()
        #expect(handoff.take() == nil)
        handoff.put([1])
        handoff.put([2])
        #expect(readable(handoff.fd))
        #expect(handoff.take() == [2])
        #expect(!readable(handoff.fd))
        #expect(handoff.take() == nil)
    }

    @Test func aWorkerRunsJobsOnItsThreadAndWakesTheLoopForEachOutput() {
        let worker = Worker<Int, Result<Int, SystemError>>(name: "test.worker") { n in
            n < 0 ? .failure(SystemError(EINVAL)) : .success(n * n)
        }
        worker.submit(7)
        #expect(worker.wait(timeoutMs: 10_000))
        #expect(worker.take() == .success(49))
        #expect(worker.take() == nil, "an output is handed over once")
        worker.submit(-1)
        #expect(worker.wait(timeoutMs: 10_000))
        #expect(worker.take() == .failure(SystemError(EINVAL)))
    }
}
