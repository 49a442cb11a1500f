import Foundation
import Glibc
import Posix

/// A program started by a test: tied to the test process with `setpriv --pdeathsig TERM` (so a crashed test
/// leaves nothing running), output drained in the background, every wait bounded.
final class ChildProcess: @unchecked Sendable {
    enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// Where a child's stdout or stderr goes.
    enum Output: Sendable {
        /// Drained into an `OutputCollector`, readable line by line.
        case collect
        case discard
        /// Appended to this file (created if needed); stdout and stderr may name the same file.
        case file(URL)
    }

    let name: String
    let pid: Int32
    /// Present when stdout was `.collect`.
    let stdout: OutputCollector?
    /// Present when stderr was `.collect`.
    let stderr: OutputCollector?
    private let process: Process
    private let exitState = ExitState()

    /// Starts `program` (a name looked up in PATH, or a path) with exactly `environment`.
    /// Throws `HarnessError.missingProgram` when it is not installed.
    init(_ program: String, arguments: [String] = [], environment: [String: String],
         workingDirectory: URL? = nil, stdout: Output = .collect, stderr: Output = .collect) throws {
        let executable = try findProgram(program)
        let setpriv = try findProgram("setpriv")
        name = (program as NSString).lastPathComponent
        process = Process()
        process.executableURL = URL(fileURLWithPath: setpriv)
        process.arguments = ["--pdeathsig", "TERM", "--", executable] + arguments
        process.environment = environment
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        process.standardInput = FileHandle.nullDevice
        let (outTarget, outCollector) = try Self.wire(stdout, name: "\(name) stdout")
        let (errTarget, errCollector) = try Self.wire(stderr, name: "\(name) stderr")
        process.standardOutput = outTarget
        process.standardError = errTarget
        self.stdout = outCollector
        self.stderr = errCollector
        process.terminationHandler = { [exitState] finished in
            exitState.record(finished.terminationReason == .exit
                ? .exited(finished.terminationStatus) : .signalled(finished.terminationStatus))
        }
        let process = self.process
        try SpawnThread.shared.run { try process.run() }
        pid = process.processIdentifier
        // The parent's copies of the write ends must go, or the collectors never see EOF.
        if outCollector != nil { (outTarget as? FileHandle)?.closeFile() }
        if errCollector != nil { (errTarget as? FileHandle)?.closeFile() }
    }

    private static func wire(_ output: Output, name: String) throws -> (Any, OutputCollector?) {
        switch output {
        case .collect:
            // Close-on-exec, unlike Foundation's Pipe: a program another test starts meanwhile with a plain
            // posix_spawn (the PDF helper) would inherit the write end and hold this output open. Process still
            // dups the write end onto the child's stdout or stderr.
            let ends: (read: Int32, write: Int32)
            do { ends = try makePipe().get() } catch { throw HarnessError.failed("no pipe for \(name): \(error)") }
            return (FileHandle(fileDescriptor: ends.write, closeOnDealloc: true),
                    OutputCollector(reading: FileHandle(fileDescriptor: ends.read, closeOnDealloc: true), name: name))
        case .discard:
            return (FileHandle.nullDevice, nil)
        case .file(let url):
            // O_APPEND, so stdout and stderr can share one log file without overwriting each other.
            let fd = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw HarnessError.failed("cannot open \(url.path) for \(name)") }
            return (FileHandle(fileDescriptor: fd, closeOnDealloc: true), nil)
        }
    }

    /// How the process ended, or nil while it runs. Never blocks.
    var termination: Termination? {
        exitState.condition.lock()
        defer { exitState.condition.unlock() }
        return exitState.ended
    }

    var isRunning: Bool { termination == nil }

    /// The next line of stdout (requires `.collect`); nil at EOF. Throws on timeout.
    func readLine(timeout: Duration) throws -> String? {
        guard let stdout else { throw HarnessError.failed("\(name): stdout is not collected") }
        return try stdout.nextLine(timeout: timeout)
    }

    /// Waits for the process to end and returns how it ended. Throws `HarnessError.timeout`.
    @discardableResult
    func waitForExit(timeout: Duration) throws -> Termination {
        let deadline = Deadline(timeout)
        exitState.condition.lock()
        defer { exitState.condition.unlock() }
        while true {
            if let ended = exitState.ended { return ended }
            if deadline.hasPassed { throw HarnessError.timeout("\(name) (pid \(pid)) to exit") }
            _ = exitState.condition.wait(until: deadline.remainingDate)
        }
    }

    /// Sends `signal` unless the process has already been reaped (its pid could be reused by then).
    func send(signal: Int32) {
        exitState.condition.lock()
        defer { exitState.condition.unlock() }
        if exitState.ended == nil { kill(pid, signal) }
    }

    /// Ends the process: SIGTERM, then SIGKILL after `grace`. Safe to call repeatedly.
    func stop(grace: Duration = .seconds(2)) {
        guard isRunning else { return }
        send(signal: SIGTERM)
        if (try? waitForExit(timeout: grace)) != nil { return }
        send(signal: SIGKILL)
        _ = try? waitForExit(timeout: .seconds(5))
    }

    deinit { stop() }
}

/// How a child ended, set once from Foundation's termination handler thread.
private final class ExitState: @unchecked Sendable {
    let condition = NSCondition()
    var ended: ChildProcess.Termination?

    func record(_ termination: ChildProcess.Termination) {
        condition.lock()
        ended = termination
        condition.broadcast()
        condition.unlock()
    }
}

/// Starts every child from one thread that lives as long as the test process. `PR_SET_PDEATHSIG` fires when
/// the *thread* that spawned the child exits, and the threads Swift Testing runs tests on can be retired
/// while the test still needs its compositor.
final class SpawnThread: @unchecked Sendable {
    static let shared = SpawnThread()

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []

    private init() {
        let thread = Thread { [self] in loop() }
        thread.name = "recto-e2e spawner"
        thread.start()
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }

    /// Runs `body` on the spawner thread and waits for it.
    func run(_ body: @escaping @Sendable () throws -> Void) throws {
        let done = NSCondition()
        nonisolated(unsafe) var finished = false
        nonisolated(unsafe) var failure: (any Error)?
        condition.lock()
        jobs.append {
            // Children inherit the spawning thread's signal mask, and runtime threads block nearly every
            // signal: a child spawned as is would ignore SIGTERM. Spawn with nothing blocked.
            var unblocked = sigset_t()
            var saved = sigset_t()
            sigemptyset(&unblocked)
            pthread_sigmask(SIG_SETMASK, &unblocked, &saved)
            defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
            let caught: (any Error)?
            do { try body(); caught = nil } catch { caught = error }
            done.lock()
            failure = caught
            finished = true
            done.broadcast()
            done.unlock()
        }
        condition.broadcast()
        condition.unlock()
        done.lock()
        while !finished { done.wait() }
        done.unlock()
        if let failure { throw failure }
    }
}
