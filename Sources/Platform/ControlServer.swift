import CLinux
import Control
import Glibc
import Posix

/// The reader's control socket (`recto ctl`): a listening Unix stream socket and its clients, all non-blocking
/// descriptors in the loop's poll set. Lines go to `onRequest`; replies come back through `reply`. Nothing a
/// client does can block the loop: every read and write is non-blocking and bounded, a line is capped, clients
/// are capped (a stalled one makes room for a new one; else the new one is refused), idle ones are closed, and
/// answering takes at most a set share of the loop's time (`RequestBudget`): past it, no client is read until
/// the next window.
/// Only the reader's own user (and root) is served: the socket is 0600, and each peer's credentials
/// (SO_PEERCRED) are checked as well, should the mode ever be loosened.
@MainActor public final class ControlServer {
    public struct Limits: Sendable {
        public var clients = 32
        public var lineBytes = 4096
        /// A client silent this long is closed (ms).
        public var idleTimeout = 30_000.0
        /// At the client cap, one silent this long (ms) is closed to make room for a new one.
        public var stallAfter = 1000.0
        /// Replies a client does not read pile up to this much before it is dropped.
        public var pendingOutput = 1 << 20
        /// Answering takes at most this long (ms) in every `requestWindow` ms: an eighth of a 60 Hz frame's time.
        public var requestWork = 2.0
        public var requestWindow = 16.0
        public init() {}
    }

    private final class Client {
        let fd: Int32
        var token = 0
        var lines: LineBuffer
        /// Lines received and not yet answered: only while the budget is spent.
        var queued: [LineBuffer.Output] = []
        var output: [UInt8] = []
        var lastActive: Double
        /// The poll events it is watched for (0: out of the poll set).
        var events: Int16 = 0
        init(fd: Int32, limit: Int, now: Double) { self.fd = fd; lines = LineBuffer(limit: limit); lastActive = now }
    }

    public let path: String
    public let limits: Limits
    private let loop: EventLoop
    private let listener: Int32
    /// Closes idle clients, and ends a pause once the budget's window has passed.
    private var timer: TimerSource!
    private var clients: [Int: Client] = [:]
    private var budget: RequestBudget
    /// The budget is spent: no client is read until `budget.resumesAt`.
    private var paused = false
    private var nextID = 0
    private let ownUID = getuid()
    /// A complete request line from client `id`; answer it with `reply(to: id, ...)`, now or later.
    public var onRequest: (@MainActor (_ id: Int, _ line: String) -> Void)?

    /// Listens at `path` (a stale socket left there by a reader that died is replaced; one that answers is not).
    public init(path: String, loop: EventLoop, limits: Limits = Limits()) throws(SocketError) {
        self.path = path
        self.loop = loop
        self.limits = limits
        budget = RequestBudget(work: limits.requestWork, window: limits.requestWindow)
        if case .success(let probe) = systemCall({ socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }) {
            let live = (try? UnixSocket.connect(probe, to: path).get()) != nil
            closeDescriptor(probe)
            if live { throw SocketError("another program listens at the control socket \(path)") }
        }
        _ = systemCall { unlink(path) }
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd: Int32
        switch systemCall({ socket(AF_UNIX, kind, 0) }) {
        case .success(let made): fd = made
        case .failure(let error): throw SocketError("control socket: \(error)")
        }
        let listening = UnixSocket.bind(fd, to: path)
            .flatMap { _ in systemCall { chmod(path, 0o600) } }.flatMap { _ in systemCall { listen(fd, 64) } }
        if case .failure(let error) = listening {
            closeDescriptor(fd)
            throw SocketError("cannot listen at the control socket \(path): \(error)")
        }
        listener = fd
        loop.add(fd: listener) { [unowned self] _ in acceptPending() }
        timer = TimerSource(loop: loop) { [unowned self] in timerFired() }
    }

    /// Closes every client and removes the socket file.
    public func shutdown() {
        for id in Array(clients.keys) { drop(id) }
        closeDescriptor(listener)
        timer.close()
        _ = systemCall { unlink(path) }
    }

    /// Queues `line` (a newline is added) for client `id` and sends what the socket takes now. A client that is
    /// gone is ignored.
    public func reply(to id: Int, _ line: String) {
        guard let client = clients[id] else { return }
        client.output += Array(line.utf8) + [0x0A]
        guard client.output.count <= limits.pendingOutput else { drop(id); return }
        flush(id)
    }

    public var clientCount: Int { clients.count }

    // MARK: accepting

    private func acceptPending() {
        // Bounded per wake-up: a flood of connections cannot hold the loop.
        for _ in 0..<64 {
            let accepted = systemCall { recto_accept4(listener, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)) }
            guard case .success(let fd) = accepted else { return }
            if let refusal = refusal(fd) {
                let bytes = Array((ControlReply.error(refusal) + "\n").utf8)
                _ = systemCall { send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
                closeDescriptor(fd)
                continue
            }
            nextID += 1
            let id = nextID
            let client = Client(fd: fd, limit: limits.lineBytes, now: monotonicMilliseconds())
            clients[id] = client
            watch(id)
            armTimer()
        }
    }

    /// Why a new connection is not served, or nil.
    private func refusal(_ fd: Int32) -> String? {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard case .success = systemCall({ getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) }) else {
            return "permission denied: the peer's credentials cannot be read"
        }
        if credentials.uid != ownUID && credentials.uid != 0 {
            return "permission denied: this reader serves uid \(ownUID) only"
        }
        if clients.count >= limits.clients && !dropStalledClient() {
            return "busy: \(limits.clients) clients are connected; try again"
        }
        return nil
    }

    // MARK: clients

    private func ready(_ id: Int, _ revents: Int16) {
        guard let client = clients[id] else { return }
        if revents & Int16(POLLOUT) != 0 { flush(id) }
        guard clients[id] != nil, revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { return }
        // Paused, a client is watched for output only; one that hangs up meanwhile is gone.
        guard client.events & Int16(POLLIN) != 0 else { drop(id); return }
        // One small read per wake-up: a client that writes fast is served between frames, not instead of them.
        var bytes = [UInt8](repeating: 0, count: 256)
        let received = systemCall { recv(client.fd, &bytes, bytes.count, Int32(MSG_DONTWAIT)) }
        if case .failure(let error) = received, error.code == EAGAIN { return }
        guard case .success(let n) = received, n > 0 else { drop(id); return }
        client.lastActive = monotonicMilliseconds()
        client.queued += client.lines.append(bytes.prefix(n))
        serve(id)
    }

    /// Answers `id`'s queued lines while the budget lasts; past it, every client waits for the next window.
    private func serve(_ id: Int) {
        while let client = clients[id], let next = client.queued.first {
            let now = monotonicMilliseconds()
            guard budget.allows(at: now) else { pause(); return }
            client.queued.removeFirst()
            switch next {
            case .line(let line):
                onRequest?(id, line)
                budget.charge(monotonicMilliseconds() - now)
            case .overflow:
                reply(to: id, ControlReply.error("request longer than \(limits.lineBytes) bytes; closing"))
                drop(id)
            }
        }
    }

    private func pause() {
        paused = true
        for id in clients.keys { watch(id) }
        armTimer()
    }

    /// Once the window has passed, the clients with lines waiting are answered first, then all are read again.
    private func resume() {
        paused = false
        for id in clients.keys.sorted() where clients[id]?.queued.isEmpty == false {
            serve(id)
            if paused { return }
        }
        for id in clients.keys { watch(id) }
    }

    /// At the cap, the client silent longest makes room if it has been silent for `stallAfter`: connections
    /// that stall must not lock out the ones that talk.
    private func dropStalledClient() -> Bool {
        let now = monotonicMilliseconds()
        guard let (id, client) = clients.min(by: { $0.value.lastActive < $1.value.lastActive }),
              now - client.lastActive >= limits.stallAfter else { return false }
        reply(to: id, ControlReply.error("closed: too many clients, and this one was silent longest"))
        drop(id)
        return true
    }

    private func flush(_ id: Int) {
        guard let client = clients[id] else { return }
        sending: while !client.output.isEmpty {
            let sent = systemCall { client.output.withUnsafeBytes { send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) } }
            switch sent {
            case .success(let n): client.output.removeFirst(n)
            case .failure(let error) where error.code == EAGAIN: break sending
            case .failure: drop(id); return
            }
        }
        watch(id)
    }

    /// Puts `id` in the poll set for what it needs now: input unless paused, room to write only while something
    /// waits to be sent; neither takes it out, so that a client the loop cannot serve never wakes it.
    private func watch(_ id: Int) {
        guard let client = clients[id] else { return }
        let events = (paused ? 0 : Int16(POLLIN)) | (client.output.isEmpty ? 0 : Int16(POLLOUT))
        guard events != client.events else { return }
        if client.events != 0 { loop.remove(client.token) }
        client.events = events
        if events != 0 { client.token = loop.add(fd: client.fd, events: events) { [unowned self] revents in ready(id, revents) } }
    }

    private func drop(_ id: Int) {
        guard let client = clients.removeValue(forKey: id) else { return }
        if client.events != 0 { loop.remove(client.token) }
        closeDescriptor(client.fd)
        armTimer()
    }

    private func timerFired() {
        timer.fired()
        let now = monotonicMilliseconds()
        for (id, client) in clients where now - client.lastActive >= limits.idleTimeout { drop(id) }
        if paused, budget.allows(at: now) { resume() }
        armTimer()
    }

    /// The timer runs only while clients are connected: an unused socket never wakes the loop.
    private func armTimer() {
        let idle = clients.values.map(\.lastActive).min().map { $0 + limits.idleTimeout }
        let resumes = paused ? budget.resumesAt : nil
        timer.arm(at: [idle, resumes].compactMap { $0 }.min())
    }
}

/// `struct ucred` (SO_PEERCRED), which Glibc imports only with _GNU_SOURCE.
private struct PeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}
