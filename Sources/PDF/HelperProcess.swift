import CPDFWire
import Glibc
import Posix

/// One running `recto-pdf` and our end of its socket. One request at a time; every wait is bounded.
// @unchecked: a PDFDocument only touches it with its slot's mutex held.
final class HelperProcess: @unchecked Sendable {
    let pid: pid_t
    private let socket: Int32
    private var exitStatus: Int32?

    var isAlive: Bool { exitStatus == nil }

    private init(pid: pid_t, socket: Int32) {
        self.pid = pid
        self.socket = socket
    }

    deinit {
        terminate()
        closeDescriptor(socket)
    }

    /// Starts the helper with one end of a fresh SOCK_SEQPACKET pair as its descriptor 3, stdin, stdout and
    /// stderr on /dev/null (poppler reports damaged files on stderr; the replies carry what matters), and
    /// default signal handling (an ignored SIGPIPE would otherwise be inherited). `environment` is set over
    /// recto's own.
    static func spawn(executable: String, memoryMegabytes: Int,
                      environment: [String: String] = [:]) throws(PDFError) -> HelperProcess {
        var pair: [Int32] = [-1, -1]
        if case .failure(let error) = systemCall({ socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) }) {
            throw .helperFailed("socketpair: \(error)")
        }
        var child = pair[1]
        if child == RPDF_SOCKET_FD {  // dup2 onto itself would keep close-on-exec set
            child = (try? systemCall({ fcntl(pair[1], F_DUPFD_CLOEXEC, RPDF_SOCKET_FD + 1) }).get()) ?? -1
            closeDescriptor(pair[1])
        }
        defer { closeDescriptor(child) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in Int32(0)...2 {
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, child, RPDF_SOCKET_FD)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup(String(memoryMegabytes)), nil]
        defer { argv.forEach { free($0) } }
        let envp = Self.environment(over: environment)
        defer { envp.forEach { free($0) } }
        if case .failure(let error) = systemCallReturningError({ posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }) {
            closeDescriptor(pair[0])
            throw .helperFailed("cannot start \(executable): \(error)")
        }
        return HelperProcess(pid: pid, socket: pair[0])
    }

    /// recto's environment with `overrides` set over it, as posix_spawn takes it (NULL-terminated, strdup'd).
    private static func environment(over overrides: [String: String]) -> [UnsafeMutablePointer<CChar>?] {
        var entries: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let variable = entry.pointee {
            let name = String(cString: variable).prefix { $0 != "=" }
            if overrides[String(name)] == nil { entries.append(strdup(variable)) }
            entry += 1
        }
        for (name, value) in overrides.sorted(by: { $0.key < $1.key }) { entries.append(strdup("\(name)=\(value)")) }
        return entries + [nil]
    }

    /// Sends `request` (with `attached` passed along when >= 0) and waits at most `timeoutMilliseconds` for the
    /// reply. A helper that does not answer in time is killed; one that died is reaped. The reply's attached
    /// descriptor, if any, belongs to the caller.
    func send(_ request: rpdf_request, attaching attached: Int32 = -1,
              timeoutMilliseconds: Int) throws(PDFError) -> (reply: rpdf_reply, fd: Int32) {
        guard isAlive else { throw .helperFailed(deathReason()) }
        var request = request
        let sent = withUnsafeBytes(of: &request) { rpdf_send(socket, $0.baseAddress, $0.count, attached, nonBlocking) }
        guard sent == MemoryLayout<rpdf_request>.size else { throw died() }
        let deadline = monotonicMilliseconds() + Double(timeoutMilliseconds)
        // Whole milliseconds still left, rounded up (0 once the deadline has passed): poll's time limit.
        func left() -> Int32 { Int32(clamping: Int(max(0, deadline - monotonicMilliseconds()).rounded(.up))) }
        var reply = rpdf_reply()
        while true {
            guard left() > 0 else {
                terminate()
                throw .timedOut(milliseconds: timeoutMilliseconds)
            }
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = try systemCall { poll(&entry, 1, left()) }.mapError { PDFError.helperFailed("poll: \($0)") }.get()
            guard ready > 0 else { continue }
            var fd: Int32 = -1
            // rpdf_receive retries EINTR itself.
            let n = withUnsafeMutableBytes(of: &reply) { rpdf_receive(socket, $0.baseAddress, $0.count, &fd, nonBlocking) }
            if n < 0 && errno == EAGAIN { continue }
            let header = MemoryLayout<rpdf_reply>.offset(of: \rpdf_reply.text)!
            guard n >= header, Int(reply.text_length) <= n - header else {
                if fd >= 0 { closeDescriptor(fd) }
                throw died()
            }
            return (reply, fd)
        }
    }

    /// Kills the helper (if it still runs) and reaps it.
    func terminate() {
        guard isAlive else { return }
        _ = systemCall { kill(pid, SIGKILL) }
        reap()
    }

    /// Why the helper is gone, from its exit status.
    func deathReason() -> String {
        guard let status = exitStatus else { return "it is still running" }
        let signal = status & 0x7f
        if signal == 0 {
            let code = (status >> 8) & 0xff
            return code == 70 ? "it could not set up its sandbox" : "it exited with status \(code)"
        }
        switch signal {
        case SIGSYS: return "its sandbox stopped it (SIGSYS: a forbidden system call)"
        case SIGKILL: return "it was killed (SIGKILL)"
        default: return "it crashed (signal \(signal), \(String(cString: strsignal(signal))))"
        }
    }

    private func died() -> PDFError {
        // The socket failed or closed: the process is exiting or gone. Give it a moment, then make sure.
        for _ in 0..<100 where isAlive {
            var status: Int32 = 0
            if case .success(pid) = systemCall({ waitpid(pid, &status, WNOHANG) }) { exitStatus = status } else { sleep(milliseconds: 2) }
        }
        terminate()
        return .helperFailed(deathReason())
    }

    private func reap() {
        var status: Int32 = 0
        _ = systemCall { waitpid(pid, &status, 0) }
        exitStatus = status
    }
}

/// Every socket call here returns at once; waiting is poll's, with a deadline.
private let nonBlocking = Int32(MSG_DONTWAIT)
