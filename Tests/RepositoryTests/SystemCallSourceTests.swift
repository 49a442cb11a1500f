import Foundation
import Testing

/// Every system call goes through Posix: `systemCall` retries EINTR and turns errno into a typed error,
/// `systemPointer`, `closeDescriptor`, `fileStatus`, `mapMemory` and `directoryEntries` do the same for calls that
/// do not fit it. A direct call elsewhere (`open(`, `read(`, `Glibc.close(`…) fails this test unless the line
/// runs it inside one of those. Thin C targets hold no Swift; Posix itself is where the calls live.
@Suite struct SystemCallSourceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let calls = [
        "open", "openat", "read", "readv", "pread", "write", "writev", "pwrite", "close", "stat", "fstat", "lstat",
        "fstatat", "mmap", "munmap", "poll", "socket", "socketpair", "bind", "listen", "accept", "accept4", "connect",
        "send", "sendto", "sendmsg", "recv", "recvfrom", "recvmsg", "getsockopt", "setsockopt", "fcntl", "ioctl",
        "pipe", "pipe2", "dup", "dup2", "dup3", "unlink", "rename", "mkdir", "rmdir", "ftruncate", "lseek", "fsync",
        "fdatasync", "futimens", "utimensat", "access", "chmod", "realpath", "opendir", "readdir", "closedir", "timerfd_create",
        "timerfd_settime", "signalfd", "inotify_init1", "inotify_add_watch", "inotify_rm_watch", "waitpid", "kill",
        "posix_spawn", "memfd_create", "eventfd", "prctl", "setpriority",
    ]
    /// What may wrap a call on the same line.
    static let wrappers = ["systemCall", "systemPointer", "systemCallReturningError"]

    /// `name(` called as a free function (or as `Glibc.name(`), not a method (`x.read(`), not a declaration
    /// (`func read(`, `case open(`), not an empty argument list (`bind()`: our own methods).
    static let pattern: NSRegularExpression = {
        let names = calls.joined(separator: "|")
        return try! NSRegularExpression(pattern: "(?:(?<![\\w.])|Glibc\\.)(?<!func )(?<!case )(\(names))\\((?!\\))")
    }()

    static func directCalls(in text: String) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") || code.hasPrefix("case ") || code.contains("enum ") { continue }
            if wrappers.contains(where: { code.contains($0) }) { continue }
            let range = NSRange(code.startIndex..., in: code)
            for match in pattern.matches(in: code, range: range) {
                if let name = Range(match.range(at: 1), in: code) { found.append("\(code[name]): \(code)") }
            }
        }
        return found
    }

    @Test func theCheckFindsADirectCallAndPassesAWrappedOne() {
        #expect(Self.directCalls(in: "        let fd = open(path, O_RDONLY)").count == 1)
        #expect(Self.directCalls(in: "defer { Glibc.close(fd) }").count == 1)
        #expect(Self.directCalls(in: "        _ = read(fd, &byte, 1)").count == 1)
        #expect(Self.directCalls(in: "let fd = try systemCall { open(path, O_RDONLY) }.get()").isEmpty)
        #expect(Self.directCalls(in: "    static func read(_ path: String) {}").isEmpty)
        #expect(Self.directCalls(in: "    case open(String)").isEmpty)
        #expect(Self.directCalls(in: "try session.read(fd)").isEmpty)
        #expect(Self.directCalls(in: "deinit { close() }").isEmpty)
    }

    @Test func everySystemCallOutsidePosixGoesThroughIt() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Posix/") } ?? []
        #expect(files.count > 100, "found the sources")
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            found += Self.directCalls(in: text).map { "Sources/\(file): \($0)" }
        }
        #expect(found.isEmpty, "direct system calls (wrap them in Posix's systemCall or its helpers):\n\(found.joined(separator: "\n"))")
    }

    /// One timer type (Platform's `TimerSource`) and one worker-to-loop handoff (Posix's `WakePipe`, `Handoff`,
    /// `Worker`): no other file makes a timerfd or a wake-up pipe.
    @Test func oneTimerTypeAndOneHandoff() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        var timers: [String] = [], pipes: [String] = []
        for file in files {
            let code = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .joined(separator: "\n")
            if code.contains("timerfd_create(") { timers.append(file) }
            if code.contains("makePipe(") || code.contains("pipe2(") { pipes.append(file) }
        }
        #expect(timers == ["Platform/TimerSource.swift"], "timerfds made in \(timers)")
        #expect(Set(pipes) == ["Posix/Pipe.swift", "Posix/WakePipe.swift"], "pipes made in \(pipes)")
    }
}
