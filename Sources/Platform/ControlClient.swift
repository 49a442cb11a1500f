import Glibc
import Posix

/// `recto ctl`'s side of the control socket: one request line out, one reply line back, with a time limit.
public enum ControlClient {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Sends `line` to the reader at `path` and returns its reply (without the newline).
    public static func request(_ line: String, path: String, timeoutMS: Int32 = 10_000) throws(Failure) -> String {
        let fd = try systemCall { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
            .mapError { Failure(description: "socket: \($0)") }.get()
        defer { closeDescriptor(fd) }
        if case .failure(let error) = UnixSocket.connect(fd, to: path) {
            let why = error.code == EACCES ? "permission denied (the reader serves its own user only)" : error.description
            throw Failure(description: "cannot connect to \(path): \(why)")
        }
        let bytes = Array((line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let outcome = systemCall { bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) } }
            // The reader may have answered and closed (a refusal): read what it said.
            guard case .success(let n) = outcome, n > 0 else { break }
            sent += n
        }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !reply.contains(0x0A) {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard case .success(1...) = systemCall({ poll(&pfd, 1, timeoutMS) }) else {
                throw Failure(description: "no reply from \(path) within \(timeoutMS / 1000) s")
            }
            guard case .success(let n) = systemCall({ recv(fd, &chunk, chunk.count, 0) }), n > 0 else { break }
            reply += chunk.prefix(n)
        }
        guard let end = reply.firstIndex(of: 0x0A) else {
            throw Failure(description: "the reader at \(path) closed the connection without a reply")
        }
        return String(decoding: reply[..<end], as: UTF8.self)
    }
}
