import Foundation
import Testing

/// What each built module calls, read from its object files with `nm -u` (the symbols it needs from elsewhere),
/// not guessed from its source text: a call is found however it is spelled, through whatever alias or closure.
///
/// Threads, locks, clocks, sleeps, signal masks and handlers, the working directory and resource usage go through
/// Posix (`startThread`, `JoinableThread`, `Condition`, `clockTime`, `monotonicMilliseconds`, `sleep(milliseconds:)`,
/// `blockSignals`, `currentDirectory`, `resourceUsage`): no other module references them.
///
/// System calls are made in the modules that own them, inside the closure they hand to Posix's `systemCall` (an
/// inlinable choke point, so the closure and the call it makes are compiled into the caller). Each module's own
/// calls are listed below, and a call a module has not owned so far fails the test until it is listed here, on
/// purpose; SystemCallSourceTests checks that each one is wrapped.
///
/// The thin C targets hold no Swift and are not read. What their `static inline` shims call is compiled into the
/// Swift module that uses the shim: those calls count as that module's. Libraries (libwayland, EGL, libpng, libcurl…)
/// are none of these symbols; their own calls are inside them.
@Suite struct SystemCallSymbolTests {
    /// Referenced by Posix only (and every `pthread_` function): threads, locks, clocks, sleeps, signals.
    static let posixOnly: Set<String> = [
        "clock_gettime", "clock_nanosleep", "gettimeofday", "time", "nanosleep", "usleep", "sleep",
        "sigprocmask", "pthread_sigmask", "sigaction", "signal", "sigsuspend", "sigwait", "alarm",
        "getcwd", "getrusage",
    ]

    /// System calls: SystemCallSourceTests' list. Not `syscall` itself: Synchronization's `Mutex` waits with an
    /// inlined `syscall(SYS_futex…)`, so every module that holds a `Mutex` references it.
    static let systemCalls = Set(SystemCallSourceTests.calls)

    /// The system calls each module makes (through `systemCall`), and the one C-shim thread call two make.
    static let owned: [String: Set<String>] = [
        // A helper program (vips) spawned and waited for; the pyramid's folders and files.
        "Bake": ["access", "mkdir", "rename", "unlink", "waitpid"],
        // The configuration file.
        "ConfigFiles": ["open", "read"],
        // Image files; pthread_once opens libavif on first use (CLinux/opened_library.h, CAVIF's shim).
        "Decoding": ["open", "read", "rename", "unlink", "pthread_once"],
        // `recto ctl` ends a reader it started; `bench-visits` removes its database first.
        "Operations": ["kill", "unlink"],
        // Books, CBZs, narration files fetched; pthread_once opens libarchive on first use (CLinux/opened_library.h,
        // CArchive's shim).
        "Pages": ["mkdir", "open", "pread", "read", "realpath", "rename", "unlink", "pthread_once"],
        // Remembered positions.
        "BookFiles": ["open", "read", "rename", "unlink"],
        // The pages' disk cache; the decode pool's priority.
        "Caching": ["access", "fsync", "futimens", "open", "readv", "rename", "setpriority", "unlink", "writev"],
        // `file:` URLs and the downloads' disk cache; pthread_once opens libcurl on first use (CCurl's shim).
        "Fetch": ["access", "mkdir", "open", "read", "rename", "unlink", "utimensat", "pthread_once"],
        // The sandboxed PDF helper: spawned, its socket and shared buffers, waited for.
        "PDF": ["access", "fcntl", "kill", "open", "poll", "posix_spawn", "realpath", "recvmsg", "sendmsg", "socketpair",
                "waitpid"],
        // pthread_once opens libpulse-simple, libsndfile and ALSA on first use (CLinux/opened_library.h).
        "Sound": ["pthread_once"],
        // pthread_once opens Pango on first use (CLinux/opened_library.h, CPangoFT2's shim).
        "Text": ["pthread_once"],
        // speech-dispatcher's socket, non-blocking.
        "Speech": ["recv", "send", "socket"],
        // The loop: signalfd, timerfd, inotify, the control socket, systemd's notify socket.
        "Platform": ["bind", "chmod", "close", "connect", "ftruncate", "getsockopt", "inotify_add_watch",
                     "inotify_init1", "inotify_rm_watch", "listen", "poll", "read", "recv", "send", "sendto",
                     "signalfd", "socket", "timerfd_create", "timerfd_settime", "unlink"],
        // A damaged visit database moved aside.
        "Visits": ["rename"],
    ]

    /// A symbol as the check knows it: `open64` is `open`, a versioned `read@GLIBC_2.2.5` is `read`, and Glibc's
    /// Swift overlay, which wraps the variadic calls (`open`, `openat`, `fcntl`, `ioctl`), is the call it wraps:
    /// `$s5Glibc4openys5Int32V…F` is `open`.
    static func base(_ symbol: Substring) -> String {
        var name = symbol.split(separator: "@").first.map(String.init) ?? String(symbol)
        if name.hasPrefix("$s5Glibc") {
            let rest = name.dropFirst("$s5Glibc".count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if let count = Int(digits) { name = String(rest.dropFirst(digits.count).prefix(count)) }
        }
        if name.hasSuffix("64"), systemCalls.contains(String(name.dropLast(2))) { return String(name.dropLast(2)) }
        return name
    }

    /// The symbols of `referenced` (module → undefined symbols) that the module may not reference, as
    /// "Module: symbol" lines.
    static func violations(_ referenced: [String: Set<String>]) -> [String] {
        var found: [String] = []
        for (module, symbols) in referenced where module != "Posix" {
            for symbol in symbols.sorted() where !(owned[module] ?? []).contains(symbol) {
                if posixOnly.contains(symbol) || symbol.hasPrefix("pthread_") {
                    found.append("\(module): \(symbol) (Posix's: threads, locks, clocks, signals)")
                } else if systemCalls.contains(symbol) {
                    found.append("\(module): \(symbol) (a system call not in its list)")
                }
            }
        }
        return found.sorted()
    }

    /// Where this test binary's build put each module's object files: beside the binary, `<Module>.build/`.
    static var buildDirectory: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Each Swift module under Sources with its object files: one `<File>.swift.o` per source file (an object left
    /// behind by a file since removed or renamed is not read).
    static func objectFiles() throws -> [String: [String]] {
        let sources = SystemCallSourceTests.root.appendingPathComponent("Sources")
        var objects: [String: [String]] = [:]
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let files = FileManager.default.enumerator(atPath: sources.appendingPathComponent(module).path)?
                .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            guard !files.isEmpty else { continue }
            let directory = buildDirectory.appendingPathComponent("\(module).build")
            objects[module] = files.map { directory.appendingPathComponent("\(($0 as NSString).lastPathComponent).o").path }
        }
        return objects
    }

    /// Runs `nm -u` once over every object file; module → the symbols it references from elsewhere.
    static func referencedSymbols(_ objects: [String: [String]]) throws -> [String: Set<String>] {
        let module = Dictionary(uniqueKeysWithValues: objects.flatMap { name, files in files.map { ($0, name) } })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["nm", "-u", "-A"] + module.keys.sorted()
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "nm -u over \(module.count) object files")
        var referenced: [String: Set<String>] = objects.mapValues { _ in [] }
        // "path/File.swift.o:                 U symbol"
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let end = line.range(of: ".o:"), let symbol = line.split(separator: " ").last,
                  let name = module[String(line[..<end.lowerBound]) + ".o"] else { continue }
            referenced[name, default: []].insert(base(symbol))
        }
        return referenced
    }

    @Test func onlyPosixReferencesThreadsClocksAndSignalsAndEachModuleItsOwnSystemCalls() throws {
        let objects = try Self.objectFiles()
        let missing = objects.values.joined().filter { !FileManager.default.fileExists(atPath: $0) }
        #expect(objects.count > 20 && missing.isEmpty,
                "object files beside the test binary, \(Self.buildDirectory.path) (built with `swift build --build-tests`): missing \(missing.prefix(5))")
        let referenced = try Self.referencedSymbols(objects.mapValues { $0.filter { FileManager.default.fileExists(atPath: $0) } })
        #expect(referenced["Posix"]?.contains("pthread_create") == true, "nm read Posix's objects: \(referenced["Posix"] ?? [])")
        let found = Self.violations(referenced)
        #expect(found.isEmpty, """
            calls outside Posix and the modules that own them: call Posix's function for a thread, lock, clock or \
            signal; make a module's new system call inside systemCall and list it in SystemCallSymbolTests.owned.
            \(found.joined(separator: "\n"))
            """)
        // A module that no longer makes a call it is listed for: the list says more than the code does.
        let stale = Self.owned.flatMap { module, calls in calls.subtracting(referenced[module] ?? []).map { "\(module): \($0)" } }
        #expect(stale.isEmpty, "listed in SystemCallSymbolTests.owned but no longer referenced: \(stale.sorted())")
    }

    @Test func theCheckFlagsAPlantedCallAndPassesAnOwnedOne() {
        #expect(Self.violations(["Geometry": ["usleep", "sqrt", "memcpy"]]) == [
            "Geometry: usleep (Posix's: threads, locks, clocks, signals)"])
        #expect(Self.violations(["Visits": ["pthread_create", "rename", "open"]]) == [
            "Visits: open (a system call not in its list)",
            "Visits: pthread_create (Posix's: threads, locks, clocks, signals)"])
        #expect(Self.violations(["AppCore": [Self.base("clock_gettime@GLIBC_2.17")]]).count == 1)
        #expect(Self.violations(["Pages": [Self.base("pread64"), "read"], "Posix": ["pthread_create", "open"]]).isEmpty)
        #expect(Self.violations(["Pages": ["pthread_once", "syscall"]]).isEmpty)
        #expect(Self.base("$s5Glibc4openys5Int32VSPys4Int8VG_ADtF") == "open")
        #expect(Self.base("$s5Glibc5fcntlys5Int32VAD_ADtF") == "fcntl")
        #expect(Self.violations(["Geometry": [Self.base("$s5Glibc4openys5Int32VSPys4Int8VG_ADtF")]]).count == 1)
    }
}
