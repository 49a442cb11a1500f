import CPDFWire
import Glibc
import Posix

/// One running helper (`recto-pdf`, `recto-epub`) and our end of its socket. One request at a time; every wait is
/// bounded.
// @unchecked: a PDFDocument only touches it with its slot's mutex held.
final class HelperProcess: @unchecked Sendable {
    let pid: pid_t
    /// The helper's name as its failures give it: its executable's file name.
    let name: String
    private let socket: Int32
    private var exitStatus: Int32?
    /// The system call the request in flight makes on purpose (a sandbox self-test), which names the call the
    /// sandbox stopped if it kills the helper: nothing else tells recto which call it was.
    private var deliberateCall: String?

    var isAlive: Bool { exitStatus == nil }

    private init(pid: pid_t, name: String, socket: Int32) {
        self.pid = pid
        self.name = name
        self.socket = socket
    }

    /// The name a helper at `executable` goes by: its file name.
    static func name(of executable: String) -> String {
        String(executable.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(executable))
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
        let name = Self.name(of: executable)
        var pair: [Int32] = [-1, -1]
        if case .failure(let error) = systemCall({ socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) }) {
            throw .helperFailed(helper: name, reason: "socketpair: \(error)")
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
            throw .helperFailed(helper: name, reason: "cannot start \(executable): \(error)")
        }
        return HelperProcess(pid: pid, name: name, socket: pair[0])
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
    /// descriptor, if any, belongs to the caller. `deliberateCall`: the system call the request makes on purpose
    /// (a self-test's), named if the sandbox kills the helper for it.
    func send(_ request: rpdf_request, attaching attached: Int32 = -1, deliberateCall: String? = nil,
              timeoutMilliseconds: Int) throws(PDFError) -> (reply: rpdf_reply, fd: Int32) {
        guard isAlive else { throw .helperFailed(helper: name, reason: deathReason()) }
        self.deliberateCall = deliberateCall
        defer { if isAlive { self.deliberateCall = nil } }
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
            let ready = try systemCall { poll(&entry, 1, left()) }.mapError { [name] in PDFError.helperFailed(helper: name, reason: "poll: \($0)") }.get()
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

    /// Why the helper is gone, from its exit status: the signal that ended it, by name.
    func deathReason() -> String {
        guard let status = exitStatus else { return "it is still running" }
        return Self.reason(exitStatus: status, deliberateCall: deliberateCall)
    }

    /// What a wait status says about a helper's end. A helper is a C program with no crash handler of its own:
    /// the signal that ended it is the one its fault raised (SIGSYS only ever comes from its seccomp filter).
    static func reason(exitStatus status: Int32, deliberateCall: String? = nil) -> String {
        let signal = status & 0x7f
        if signal == 0 {
            let code = (status >> 8) & 0xff
            switch code {
            case RPDF_EXIT_SANDBOX: return "it could not set up its sandbox"
            case RPDF_EXIT_STACK: return "the document nests deeper than its stack holds, so it stopped"
            default: return "it exited with status \(code)"
            }
        }
        let name = signalName(signal)
        switch signal {
        case SIGSYS:
            return "its sandbox stopped it (SIGSYS: \(deliberateCall.map { "the forbidden system call \($0)" } ?? "a forbidden system call"))"
        case SIGKILL: return "it was killed (SIGKILL)"
        case SIGSEGV: return "it crashed (SIGSEGV: an invalid memory access)"
        case SIGBUS: return "it crashed (SIGBUS: a bad memory access)"
        case SIGABRT: return "it crashed (SIGABRT: it aborted)"
        case SIGFPE: return "it crashed (SIGFPE: an arithmetic fault)"
        case SIGILL: return "it crashed (SIGILL: an illegal instruction)"
        case SIGTRAP: return "it crashed (SIGTRAP: a trap)"
        default: return "it was ended by \(name) (\(String(cString: strsignal(signal))))"
        }
    }

    /// "SIGSEGV" for 11, and so on; "signal N" for one without a name here.
    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
            SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
            SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGSYS: "SIGSYS",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    private func died() -> PDFError {
        // The socket failed or closed: the process is exiting or gone. Give it a moment, then make sure.
        for _ in 0..<100 where isAlive {
            var status: Int32 = 0
            if case .success(pid) = systemCall({ waitpid(pid, &status, WNOHANG) }) { exitStatus = status } else { sleep(milliseconds: 2) }
        }
        terminate()
        return .helperFailed(helper: name, reason: deathReason())
    }

    private func reap() {
        var status: Int32 = 0
        _ = systemCall { waitpid(pid, &status, 0) }
        exitStatus = status
    }
}

/// Every socket call here returns at once; waiting is poll's, with a deadline.
private let nonBlocking = Int32(MSG_DONTWAIT)
