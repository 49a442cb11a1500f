import Platform
import Glibc
import Posix

/// The reader's connection to speech-dispatcher: a non-blocking Unix stream socket in the loop's poll set,
/// carrying one `SSIPSession`. Nothing here waits: the connect is non-blocking, writes go as far as the socket
/// takes them (POLLOUT for the rest), reads are bounded per wake-up. A server that goes away or talks
/// nonsense closes the connection and `onClosed` says why; the owner decides when to try again.
@MainActor public final class SpeechConnection {
    public let path: String
    private let loop: EventLoop
    private let fd: Int32
    private var token: Int?
    private var watchingWrite = false
    public private(set) var session: SSIPSession
    public private(set) var isOpen = true
    /// News from the server, in order.
    public var onNews: (@MainActor (SSIPSession.News) -> Void)?
    public var onClosed: (@MainActor (String) -> Void)?

    /// `SPEECHD_ADDRESS` ("unix_socket:/path"; other methods are not used here), else
    /// `$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`; nil when neither says where.
    public nonisolated static func socketPath(environment: [String: String]) -> String? {
        if let address = environment["SPEECHD_ADDRESS"], !address.isEmpty {
            let parts = address.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.first == "unix_socket" {
                if parts.count == 2, !parts[1].isEmpty { return String(parts[1]) }
            } else {
                return nil
            }
        }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        return runtime + "/speech-dispatcher/speechd.sock"
    }

    /// Connects to `path` without waiting; throws with the reason when nobody listens there.
    public init(path: String, loop: EventLoop, session: SSIPSession) throws(SocketError) {
        self.path = path
        self.loop = loop
        self.session = session
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        switch systemCall({ socket(AF_UNIX, kind, 0) }) {
        case .success(let fd): self.fd = fd
        case .failure(let e): throw SocketError("speech: socket: \(e)")
        }
        // A Unix socket connects at once or fails at once; EAGAIN (a full backlog) finishes on POLLOUT.
        if case .failure(let e) = UnixSocket.connect(fd, to: path), e.code != EAGAIN, e.code != EINPROGRESS {
            _ = closeDescriptor(fd)
            throw SocketError("no speech-dispatcher at \(path): \(e)")
        }
        watch()
        flush()
    }

    /// Changes the session (say, stop, set) and sends what it queued.
    public func update(_ change: (inout SSIPSession) -> Void) {
        guard isOpen else { return }
        change(&session)
        flush()
    }

    public func disconnect(_ reason: String = "closed") {
        guard isOpen else { return }
        isOpen = false
        if let token { loop.remove(token) }
        _ = closeDescriptor(fd)
        onClosed?(reason)
    }

    private func watch() {
        let wantsWrite = !session.outgoing.isEmpty
        if token != nil && wantsWrite == watchingWrite { return }
        if let token { loop.remove(token) }
        watchingWrite = wantsWrite
        token = loop.add(fd: fd, events: Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0)) { [unowned self] revents in
            ready(revents)
        }
    }

    private func flush() {
        while isOpen, !session.outgoing.isEmpty {
            let sent = session.outgoing.withUnsafeBytes { bytes in
                systemCall { send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            }
            switch sent {
            case .success(let n): session.wrote(n)
            case .failure(let e) where e.code == EAGAIN: watch(); return
            case .failure(let e): disconnect("speech-dispatcher: \(e)"); return
            }
        }
        if isOpen { watch() }
    }

    private func ready(_ revents: Int16) {
        if revents & Int16(POLLOUT) != 0 { flush() }
        guard isOpen, revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let received = systemCall { recv(fd, &bytes, bytes.count, Int32(MSG_DONTWAIT)) }
        if case .failure(let error) = received, error.code == EAGAIN { return }
        guard case .success(let n) = received, n > 0 else {
            disconnect("speech-dispatcher closed the connection")
            return
        }
        switch session.received(bytes.prefix(n)) {
        case .success(let news):
            for item in news { onNews?(item) }
            flush()
        case .failure(.protocolError(let why)):
            disconnect("speech-dispatcher: \(why)")
        }
    }
}
