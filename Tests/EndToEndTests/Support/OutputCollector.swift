import Foundation
import Glibc
import Posix

/// Drains one pipe from a child on its own thread, so the child never blocks on a full pipe (WAYLAND_DEBUG
/// output is large), and hands the text out line by line with timeouts. Reading never waits for EOF unbounded.
final class OutputCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var bytes: [UInt8] = []
    private var consumed = 0
    private var finished = false
    /// Keeps the read end open while the drain thread uses its descriptor.
    private let handle: FileHandle
    /// The program and stream, for timeout messages.
    private let name: String

    init(reading handle: FileHandle, name: String) {
        self.handle = handle
        self.name = name
        let thread = Thread { [self] in drain() }
        thread.name = "drain \(name)"
        thread.start()
    }

    private func drain() {
        let fd = handle.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            // An error ends the stream as its end does.
            let n = (try? systemCall { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }.get()) ?? 0
            condition.lock()
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) } else { finished = true }
            condition.broadcast()
            condition.unlock()
            if n <= 0 { return }
        }
    }

    /// Everything received so far, consumed or not.
    var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True once the writer side has closed (the child and everything that inherited the pipe are gone).
    var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return finished
    }

    /// The next unconsumed line without its newline; nil once the pipe is closed and everything was consumed.
    /// A last line without a newline is returned at EOF. Throws `HarnessError.timeout` after `timeout`.
    func nextLine(timeout: Duration) throws -> String? {
        let deadline = Deadline(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let newline = bytes[consumed...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: bytes[consumed..<newline], as: UTF8.self)
                consumed = newline + 1
                return line
            }
            if finished {
                guard consumed < bytes.count else { return nil }
                let line = String(decoding: bytes[consumed...], as: UTF8.self)
                consumed = bytes.count
                return line
            }
            if deadline.hasPassed { throw HarnessError.timeout("a line of \(name)") }
            _ = condition.wait(until: deadline.remainingDate)
        }
    }

    /// Consumes lines until one satisfies `matches` and returns it. Throws on timeout or EOF.
    func waitForLine(timeout: Duration, _ what: String, where matches: (String) -> Bool) throws -> String {
        let deadline = Deadline(timeout)
        while true {
            let left = deadline.end - .now
            guard left > .zero else { throw HarnessError.timeout(what) }
            let line: String?
            do { line = try nextLine(timeout: left) } catch { throw HarnessError.timeout(what) }
            guard let line else { throw HarnessError.failed("output ended before \(what)", detail: tail()) }
            if matches(line) { return line }
        }
    }

    /// Waits until the pipe closes. Throws on timeout.
    func waitForEnd(timeout: Duration) throws {
        let deadline = Deadline(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !finished {
            if deadline.hasPassed { throw HarnessError.timeout("the end of \(name) (held open by \(holders()))") }
            _ = condition.wait(until: deadline.remainingDate)
        }
    }

    /// The processes that still have the pipe open, other than this one reading it: "pid name" each.
    private func holders() -> String {
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0 else { return "?" }
        let pipe = "pipe:[\(status.st_ino)]"
        let me = String(getpid())
        let manager = FileManager.default
        let pids = ((try? manager.contentsOfDirectory(atPath: "/proc")) ?? []).filter { $0 != me && Int($0) != nil }
        let found = pids.filter { pid in
            let fds = (try? manager.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            return fds.contains { (try? manager.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == pipe }
        }.map { pid in
            let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            return "\(pid) \(command.split(separator: "\0").joined(separator: " "))"
        }
        return found.isEmpty ? "no other process" : found.joined(separator: "; ")
    }

    /// The last `maxLines` lines received, for error messages.
    func tail(_ maxLines: Int = 30) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).suffix(maxLines).joined(separator: "\n")
    }
}
