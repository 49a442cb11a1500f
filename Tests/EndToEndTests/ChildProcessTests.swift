import Foundation
import Glibc
import Testing

/// The process wrapper every end-to-end test relies on: line reads with timeouts, exit statuses, signals.
@Suite struct ChildProcessTests {
    private let environment = ProcessInfo.processInfo.environment

    @Test func readsLinesThenEndOfOutputAndExitStatus() throws {
        let child = try ChildProcess("sh", arguments: ["-c", "echo one; echo two >&2; printf three; exit 3"],
                                     environment: environment)
        #expect(try child.readLine(timeout: .seconds(5)) == "one")
        #expect(try child.readLine(timeout: .seconds(5)) == "three")
        #expect(try child.readLine(timeout: .seconds(5)) == nil)
        #expect(try child.stderr?.nextLine(timeout: .seconds(5)) == "two")
        #expect(try child.waitForExit(timeout: .seconds(5)) == .exited(3))
    }

    /// A child must see SIGTERM even though the test runtime's threads block it (children inherit the mask).
    @Test func silentChildTimesOutThenDiesOnSIGTERM() throws {
        let child = try ChildProcess("sleep", arguments: ["30"], environment: environment)
        #expect(throws: HarnessError.self) { try child.readLine(timeout: .milliseconds(100)) }
        #expect(throws: HarnessError.self) { try child.waitForExit(timeout: .milliseconds(100)) }
        child.send(signal: SIGTERM)
        #expect(try child.waitForExit(timeout: .seconds(5)) == .signalled(SIGTERM))
    }

    @Test func missingProgramIsAnError() {
        #expect(throws: HarnessError.self) {
            _ = try ChildProcess("recto-no-such-program", environment: environment)
        }
    }

    /// When output stays open after a child ended, the timeout names who holds it.
    @Test func aTimeoutWaitingForTheEndNamesWhoHoldsTheOutputOpen() throws {
        let child = try ChildProcess("sh", arguments: ["-c", "sleep 30 & echo $!"], environment: environment)
        let line = try child.readLine(timeout: .seconds(5)) ?? ""
        let sleeper = try #require(Int32(line), "\(line)")
        defer { kill(sleeper, SIGKILL) }
        do {
            try child.stdout?.waitForEnd(timeout: .milliseconds(300))
            Issue.record("the output ended while sleep still held it")
        } catch let HarnessError.timeout(what) {
            #expect(what.contains("\(sleeper) sleep 30"), "\(what)")
        }
        // Foundation learns of sh's exit only when the sleeper, which inherited its notification socket, is gone.
        kill(sleeper, SIGKILL)
        #expect(try child.waitForExit(timeout: .seconds(5)) == .exited(0))
    }

    /// Tests run in parallel in one process, and some start programs with a plain posix_spawn (the PDF module
    /// starts its helper so): a program spawned so while a test makes a child's output pipes must not inherit
    /// them, or that test waits for an end of output that comes only when the other program ends.
    @Test func aProgramSpawnedAlongsideNeverHoldsAChildsOutputOpen() throws {
        let sleepers = Sleepers()
        let spawning = Thread {
            while !sleepers.done && sleepers.count < 500 {
                var pid: pid_t = 0
                let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("30"), nil]
                defer { argv.forEach { free($0) } }
                if posix_spawn(&pid, "/bin/sleep", nil, nil, argv, environ) == 0 { sleepers.keep(pid) }
            }
        }
        spawning.start()
        // Kept until the sleepers are gone: Foundation's exit notification socket is not close-on-exec, so a
        // sleeper can hold it too, and a child dropped earlier would wait for it to exit in vain.
        var children: [ChildProcess] = []
        defer { sleepers.finish(); children.removeAll() }
        for round in 0..<50 {
            let child = try ChildProcess("true", environment: environment)
            children.append(child)
            do {
                try child.stdout?.waitForEnd(timeout: .seconds(3))
                try child.stderr?.waitForEnd(timeout: .seconds(3))
            } catch {
                Issue.record("round \(round): \(error)")
                return
            }
        }
    }
}

/// The programs the test above spawns, ended together.
private final class Sleepers: @unchecked Sendable {
    private let lock = NSLock()
    private var pids: [pid_t] = []
    private var finished = false

    var done: Bool { lock.withLock { finished } }
    var count: Int { lock.withLock { pids.count } }

    /// One spawned after `finish` is ended at once.
    func keep(_ pid: pid_t) {
        if lock.withLock({ finished ? true : { pids.append(pid); return false }() }) { end(pid) }
    }

    func finish() {
        lock.withLock({ finished = true; defer { pids = [] }; return pids }).forEach(end)
    }

    private func end(_ pid: pid_t) {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }
}
