import Foundation
import Glibc
import Posix

/// One connection to the weston test module's control socket: a command line out, one reply line back.
final class ControlConnection {
    private let fd: Int32
    private var pending: [UInt8] = []

    /// Connects once; throws `HarnessError.failed` when nothing listens at `path` (yet).
    /// The socket is stored only once connected: a class whose stored properties are all set runs `deinit`
    /// even when its init throws, and closing the descriptor there as well as here would close whatever
    /// another thread opened under that number meanwhile (seen as EBADF spawning a concurrent test's child).
    init(path: String) throws {
        fd = try connectedUnixSocket(path)
    }

    deinit { close(fd) }

    /// Sends `command` and returns the reply line (without newline). Throws on timeout or a closed socket.
    func send(_ command: String, timeout: Duration) throws -> String {
        let deadline = Deadline(timeout)
        var line = Array((command + "\n").utf8)
        while !line.isEmpty {
            let written = systemCall { line.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
            guard case .success(let n) = written, n > 0 else {
                throw HarnessError.failed("control socket write failed for '\(command)'")
            }
            line.removeFirst(n)
        }
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let reply = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                return reply
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = systemCall { poll(&poller, 1, deadline.remainingMilliseconds) }
            if ready == .success(0) { throw HarnessError.timeout("weston test module's reply to '\(command)'") }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let received = systemCall { chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } }
            guard case .success(let n) = received, n > 0 else {
                throw HarnessError.failed("control socket closed while waiting for '\(command)'")
            }
            pending.append(contentsOf: chunk[0..<n])
        }
    }
}

/// `path` as a `sockaddr_un`, handed to `body` as a `sockaddr` and its length; throws when it does not fit.
func withUnixAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) throws -> T {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    guard path.utf8.count < MemoryLayout.size(ofValue: address.sun_path) else {
        throw HarnessError.failed("socket path too long: \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        raw.copyBytes(from: path.utf8)
        raw[path.utf8.count] = 0
    }
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
}

/// A Unix stream socket (close-on-exec) connected to `path`.
func connectedUnixSocket(_ path: String) throws -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw HarnessError.failed("socket(): \(errnoText(errno))") }
    let connected: Int32
    do { connected = try withUnixAddress(path) { connect(fd, $0, $1) } } catch {
        close(fd)
        throw error
    }
    guard connected == 0 else {
        let reason = errnoText(errno)
        close(fd)
        throw HarnessError.failed("connect(\(path)): \(reason)")
    }
    return fd
}
