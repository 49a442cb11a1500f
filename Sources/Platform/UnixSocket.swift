import Glibc
import Posix

/// Unix socket addresses and calls shared by the control server, its client, the systemd notifier and the speech
/// socket.
public enum UnixSocket {
    /// A `sockaddr_un` for `path`; a leading `@` names an abstract socket (systemd's NOTIFY_SOCKET may be one).
    /// Nil when the path does not fit.
    public static func address(_ path: String) -> (sockaddr_un, socklen_t)? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let base = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
        // Abstract names are exactly their bytes long; paths include the terminating NUL.
        return (address, socklen_t(base + bytes.count + (abstract ? 0 : 1)))
    }

    /// Calls `body` with `path` as a `sockaddr` and its length; -1 with ENAMETOOLONG when it does not fit.
    public static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int) -> Int {
        guard let (fixed, length) = address(path) else { errno = ENAMETOOLONG; return -1 }
        var address = fixed
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    public static func connect(_ fd: Int32, to path: String) -> Result<Void, SystemError> {
        systemCall { withAddress(path) { Int(Glibc.connect(fd, $0, $1)) } }.map { _ in () }
    }

    public static func bind(_ fd: Int32, to path: String) -> Result<Void, SystemError> {
        systemCall { withAddress(path) { Int(Glibc.bind(fd, $0, $1)) } }.map { _ in () }
    }
}
