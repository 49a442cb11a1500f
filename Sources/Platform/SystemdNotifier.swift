import CLinux
import Glibc
import Posix

/// systemd's notification protocol (sd_notify(3)) without libsystemd: one datagram per message to the socket
/// named by NOTIFY_SOCKET (a path, or `@name` for an abstract socket). Without NOTIFY_SOCKET there is none.
public final class SystemdNotifier {
    private let fd: Int32
    private let path: String

    public init?(environment: [String: String]) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty, UnixSocket.address(path) != nil else { return nil }
        guard case .success(let fd) = systemCall({ socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) })
        else { return nil }
        self.fd = fd
        self.path = path
    }

    deinit { closeDescriptor(fd) }

    /// Sends `message` (e.g. "READY=1", "STATUS=…", "WATCHDOG=1"); false when it could not be sent. Never blocks.
    @discardableResult
    public func send(_ message: String) -> Bool {
        let bytes = Array(message.utf8)
        let sent = systemCall { UnixSocket.withAddress(path) { sendto(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT), $0, $1) } }
        return sent == .success(bytes.count)
    }

    /// Half the watchdog interval systemd asks for (WATCHDOG_USEC), in ms: how often to ping. Nil without one.
    /// WATCHDOG_PID is not checked: under the kiosk launcher the reader is a grandchild of the unit's main
    /// process (the unit says NotifyAccess=all), so its own pid never matches.
    public static func watchdogPingInterval(environment: [String: String]) -> Double? {
        guard let text = environment["WATCHDOG_USEC"], let usec = Double(text), usec > 0 else { return nil }
        return usec / 2000
    }
}
