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
}
