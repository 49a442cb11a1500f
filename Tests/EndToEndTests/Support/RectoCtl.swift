import Foundation
import Glibc
import Posix

/// `recto ctl` as its own process, as an operator runs it.
struct CtlResult {
    var termination: ChildProcess.Termination
    var stdout: String
    var stderr: String
    var reply: String { stdout.trimmingCharacters(in: .newlines) }
}

/// Runs `recto ctl --socket socket request...` (without `--socket` when nil: then `environment` must name
/// the runtime directory); `asUser` runs it under another uid (setpriv), e.g. 65534.
func rectoCtl(_ request: [String], socket: String?, asUser uid: Int? = nil, environment: [String: String] = [:],
              workingDirectory: URL? = nil) throws -> CtlResult {
    let binary = try RectoBinary.locate().path
    let arguments = ["ctl"] + (socket.map { ["--socket", $0] } ?? []) + request
    let child: ChildProcess
    if let uid {
        child = try ChildProcess("setpriv", arguments: ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", binary] + arguments,
                                 environment: environment, workingDirectory: workingDirectory)
    } else {
        child = try ChildProcess(binary, arguments: arguments, environment: environment, workingDirectory: workingDirectory)
    }
    let ended = try child.waitForExit(timeout: .seconds(20))
    try child.stdout?.waitForEnd(timeout: .seconds(5))
    try child.stderr?.waitForEnd(timeout: .seconds(5))
    return CtlResult(termination: ended, stdout: child.stdout?.text ?? "", stderr: child.stderr?.text ?? "")
}

/// A raw client of the reader's control socket (blocking, with bounded waits), for hostile clients.
final class RawControlClient: @unchecked Sendable {
    let fd: Int32

    init(path: String) throws {
        fd = try connectedUnixSocket(path)
    }

    deinit { close(fd) }

    /// Sends everything; false when the reader closed the connection first.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let outcome = systemCall {
                bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            }
            guard case .success(let n) = outcome, n > 0 else { return false }
            sent += n
        }
        return true
    }

    private var pending: [UInt8] = []

    /// The next line, nil when the connection ended or nothing came within `timeout` ms.
    func readLine(timeout: Int32 = 10_000) -> String? {
        while true {
            if let end = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeFirst(end + 1)
                return line
            }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, timeout) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n > 0 else { return nil }
            pending += chunk.prefix(n)
        }
    }

    /// Whether the reader closed the connection within `timeout` ms (skipping whatever it sent first).
    func closedByPeer(timeout: Int32) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while ContinuousClock.now < deadline {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 100) >= 0 else { return true }
            if pfd.revents == 0 { continue }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n > 0 { pending += chunk.prefix(n); continue }
            return true
        }
        return false
    }

    var received: String { String(decoding: pending, as: UTF8.self) }
}

/// A datagram socket standing in for systemd's NOTIFY_SOCKET.
final class NotifyListener {
    let path: String
    private let fd: Int32

    init(directory: URL) throws {
        path = directory.appendingPathComponent("notify").path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let bound = try withUnixAddress(path) { [fd] in bind(fd, $0, $1) }
        guard fd >= 0, bound == 0 else { throw HarnessError.failed("notify socket: \(errnoText(errno))") }
    }

    /// An abstract socket (no file), named `@name` in NOTIFY_SOCKET as systemd may name it.
    init(abstractName name: String) throws {
        path = "@" + name
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: [0] + Array(name.utf8)) }
        // An abstract name is exactly its bytes long, the leading NUL included.
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + 1 + name.utf8.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { [fd] in bind(fd, $0, length) }
        }
        guard fd >= 0, bound == 0 else { throw HarnessError.failed("notify socket: \(errnoText(errno))") }
    }

    deinit { close(fd) }

    /// Every message that arrives within `duration`.
    func messages(during duration: Duration) -> [String] {
        let deadline = ContinuousClock.now + duration
        var out: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline - .now
            guard left > .zero else { return out }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ms = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&pfd, 1, max(ms, 1)) > 0 else { continue }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { out.append(String(decoding: buffer.prefix(n), as: UTF8.self)) }
        }
    }

    /// Messages until one satisfies `done`, or `timeout`.
    func messages(until done: (String) -> Bool, timeout: Duration) -> [String] {
        let deadline = ContinuousClock.now + timeout
        var out: [String] = []
        while ContinuousClock.now < deadline {
            let got = messages(during: .milliseconds(50))
            out += got
            if got.contains(where: done) { return out }
        }
        return out
    }
}
