import Foundation
import Glibc

/// One connection to the weston test module's control socket: a command line out, one reply line back.
final class ControlConnection {
    private let fd: Int32
    private var pending: [UInt8] = []

    /// Connects once; throws `HarnessError.failed` when nothing listens at `path` (yet).
    /// The socket is stored only once connected: a class whose stored properties are all set runs `deinit`
    /// even when its init throws, and closing the descriptor there as well as here would close whatever
    /// another thread opened under that number meanwhile (seen as EBADF spawning a concurrent test's child).
    init(path: String) throws {
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketFD >= 0 else { throw HarnessError.failed("socket(): \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else {
            close(socketFD)
            throw HarnessError.failed("socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path.utf8)
            raw[path.utf8.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(socketFD)
            throw HarnessError.failed("connect(\(path)): \(reason)")
        }
        fd = socketFD
    }

    deinit { close(fd) }

    /// Sends `command` and returns the reply line (without newline). Throws on timeout or a closed socket.
    func send(_ command: String, timeout: Duration) throws -> String {
        let deadline = Deadline(timeout)
        var line = Array((command + "\n").utf8)
        while !line.isEmpty {
            let written = line.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw HarnessError.failed("control socket write failed for '\(command)'") }
            line.removeFirst(written)
        }
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let reply = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                return reply
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, deadline.remainingMilliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { throw HarnessError.timeout("weston test module's reply to '\(command)'") }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw HarnessError.failed("control socket closed while waiting for '\(command)'") }
            pending.append(contentsOf: chunk[0..<n])
        }
    }
}
