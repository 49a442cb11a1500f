import Foundation

/// Everything the end-to-end harness can fail with; messages are meant to end up in a test report as is.
enum HarnessError: Error, CustomStringConvertible {
    /// A program the tests need is not installed (CI installs it, so this is a real failure).
    case missingProgram(String)
    /// A bounded wait ran out; `what` says what was being waited for.
    case timeout(String)
    /// A child process or the compositor misbehaved; `detail` carries its output where useful.
    case failed(String, detail: String = "")
    /// The test module answered a command with `err ...`.
    case commandRejected(command: String, reply: String)

    var description: String {
        switch self {
        case .missingProgram(let name): "required program not found in PATH: \(name)"
        case .timeout(let what): "timed out waiting for \(what)"
        case .failed(let what, let detail): detail.isEmpty ? what : "\(what)\n--- output ---\n\(detail)"
        case .commandRejected(let command, let reply): "weston test module rejected '\(command)': \(reply)"
        }
    }
}

/// A point on the monotonic clock after which a bounded wait gives up.
struct Deadline: Sendable {
    let end: ContinuousClock.Instant

    init(_ timeout: Duration) { end = .now + timeout }

    var hasPassed: Bool { ContinuousClock.now >= end }

    /// Milliseconds left, clamped to 0...Int32.max, for poll(2).
    var remainingMilliseconds: Int32 {
        let left = end - .now
        if left <= .zero { return 0 }
        let ms = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: ms)
    }

    /// Seconds left as a Foundation interval, for condition waits.
    var remainingDate: Date {
        let left = end - .now
        let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18
        return Date(timeIntervalSinceNow: max(0, seconds))
    }
}

/// Looks a program up in PATH the way a shell would.
func findProgram(_ name: String) throws -> String {
    if name.contains("/") {
        guard FileManager.default.isExecutableFile(atPath: name) else { throw HarnessError.missingProgram(name) }
        return name
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw HarnessError.missingProgram(name)
}
