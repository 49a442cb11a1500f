import Decoding
import Foundation
import Glibc
import Testing

/// The configuration and deployment must-shows on the real binary: a bad configuration exits 2 naming
/// the key and line, flags win over the file, `--help` lists every setting, the installed program runs from
/// its prefix with the checkout hidden, and the cage launcher brings recto up under headless cage.
@Suite(.serialized) struct ConfigEndToEndTests {
    /// Every setting key (the Config module's `SettingKey`; this target does not link Config, so they are
    /// listed here, which also catches a key silently renamed).
    static let keys = [
        "book", "kiosk", "spread", "rtl", "background", "radius", "output", "idle-reset", "log-level",
        "log-events", "max-zoom", "double-tap-zoom", "snap-rotation", "pinch-rotate", "momentum", "grab-zone",
        "tap-zones", "double-tap-interval", "commit-progress", "flick-speed", "swipe-speed", "margin", "cache-mb",
        "language", "reduced-motion", "attract-after", "visit-stats", "visit-retention-days",
    ]
    static let toggles: Set = ["kiosk", "rtl", "log-events", "snap-rotation", "pinch-rotate", "momentum", "tap-zones",
                               "reduced-motion", "visit-stats"]
    /// Settings that `render` and `bench` take too.
    static let everyCommand = ["spread", "rtl", "background", "radius", "margin", "log-level"]

    /// No display, and an empty configuration directory so no user or test-machine file leaks in.
    private func environment(configHome: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "RECTO_DEMO_BOOK"] { environment[name] = nil }
        environment["XDG_CONFIG_HOME"] = configHome.path
        return environment
    }

    @Test func configErrorExitsTwoNamingFileLineAndKey() throws {
        let dir = try Scratch.makeDirectory("config")
        let env = environment(configHome: dir.appendingPathComponent("empty"))
        let file = dir.appendingPathComponent("kiosk.toml")
        try "kiosk = true\n\n# zoom\nmax-zoom = 0.5\n".write(to: file, atomically: true, encoding: .utf8)
        let bad = try runRecto(["--config", file.path], environment: env)
        #expect(bad.termination == .exited(2))
        #expect(bad.stderr == "recto: \(file.path):4: max-zoom: expected a number from 1 to 32, got 0.5\n")
        #expect(bad.stdout.isEmpty)

        // The default place ($XDG_CONFIG_HOME/recto/recto.toml), an unknown key, and a subcommand.
        let home = dir.appendingPathComponent("xdg")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("recto"), withIntermediateDirectories: true)
        let defaultFile = home.appendingPathComponent("recto/recto.toml")
        try "spread = 'single'\nidle_reset = 3\n".write(to: defaultFile, atomically: true, encoding: .utf8)
        let unknown = try runRecto(["render", "--out", dir.appendingPathComponent("x.png").path],
                                   environment: environment(configHome: home))
        #expect(unknown.termination == .exited(2))
        #expect(unknown.stderr.hasPrefix("recto: \(defaultFile.path):2: unknown key \"idle_reset\" (did you mean idle-reset?)"),
                "\(unknown.stderr)")

        let syntax = dir.appendingPathComponent("syntax.toml")
        try "kiosk = true\nradius = \n".write(to: syntax, atomically: true, encoding: .utf8)
        let broken = try runRecto(["--config", syntax.path], environment: env)
        #expect(broken.termination == .exited(2))
        #expect(broken.stderr.hasPrefix("recto: \(syntax.path):2:"), "\(broken.stderr)")

        let missing = try runRecto(["--config", dir.appendingPathComponent("nope.toml").path], environment: env)
        #expect(missing.termination == .exited(2))
        #expect(missing.stderr.contains("nope.toml: cannot read the configuration file: No such file or directory"))

        let flag = try runRecto(["--no-config", "--cache-mb", "4"], environment: env)
        #expect(flag.termination == .exited(2))
        #expect(flag.stderr == "recto: --cache-mb: expected a whole number from 16 to 65536, got 4\n")
    }

    /// The background colour from the file, then overridden by the flag, seen in rendered pixels.
    @Test func flagsWinOverTheFileWhichWinsOverDefaults() throws {
        let dir = try Scratch.makeDirectory("precedence")
        let env = environment(configHome: dir)
        let file = dir.appendingPathComponent("red.toml")
        try "background = \"#ff0000\"\nspread = \"single\"\n".write(to: file, atomically: true, encoding: .utf8)
        func corner(_ arguments: [String]) throws -> [UInt8] {
            let out = dir.appendingPathComponent("r\(arguments.count).png")
            let run = try runRecto(["render", "--page", "1", "--size", "200x150", "--out", out.path] + arguments,
                                   environment: env)
            guard run.termination == .exited(0) else { throw HarnessError.failed("render \(arguments)", detail: run.stderr) }
            let image = try ImageDecoder.decode(contentsOf: out.path)
            return Array(image.pixels[0..<3])
        }
        #expect(try corner(["--no-config"]) == [0x29, 0x29, 0x2b], "default background")
        #expect(try corner(["--config", file.path]) == [0xff, 0, 0], "file background")
        #expect(try corner(["--config", file.path, "--background", "#00ff00"]) == [0, 0xff, 0], "flag background")
    }

    @Test func helpListsEverySettingAndExitStatus() throws {
        let env = environment(configHome: try Scratch.makeDirectory("help"))
        let root = try runRecto(["--help"], environment: env)
        #expect(root.termination == .exited(0))
        for key in Self.keys {
            let flag = key == "book" ? "BOOK argument" : Self.toggles.contains(key) ? "--\(key) / --no-\(key)" : "--\(key) <"
            #expect(root.stdout.contains("  \(key) (\(flag)"), "recto --help lacks \(key)")
        }
        for text in ["/etc/recto/recto.toml", "XDG_CONFIG_HOME", "--no-config", "EXIT STATUSES", "  2  bad arguments or configuration"] {
            #expect(root.stdout.contains(text), "recto --help lacks \(text)")
        }
        let open = try runRecto(["help", "open"], environment: env)
        #expect(open.termination == .exited(0))
        for key in Self.keys where key != "book" {
            let flag = Self.toggles.contains(key) ? "--\(key)/--no-\(key)" : "--\(key) <"
            #expect(open.stdout.contains(flag), "recto help open lacks \(flag)")
        }
        for command in ["render", "bench"] {
            let help = try runRecto(["help", command], environment: env)
            #expect(help.termination == .exited(0))
            for key in Self.everyCommand + ["config"] {
                #expect(help.stdout.contains("--\(key)"), "recto help \(command) lacks --\(key)")
            }
        }
    }

    /// The first line of each status that a help text's EXIT STATUSES section lists ("  2  bad arguments…").
    static func exitStatusLines(_ help: String) -> [Int: String] {
        guard let section = help.range(of: "EXIT STATUSES\n") else { return [:] }
        var lines: [Int: String] = [:]
        for line in help[section.upperBound...].split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1)
            guard line.hasPrefix("  "), let status = fields.first.flatMap({ Int($0) }) else { continue }
            lines[status] = String(line)
        }
        return lines
    }

    /// Every subcommand that `recto --help` lists names its exit statuses in its own `--help`, each line as
    /// `recto --help` words it (one text for all), with 0 and 2 always among them; `ctl` names its 1 and 5,
    /// `open` its display and graphics failures.
    @Test func everySubcommandHelpNamesItsExitStatuses() throws {
        let env = environment(configHome: try Scratch.makeDirectory("subhelp"))
        let root = try runRecto(["--help"], environment: env)
        #expect(root.termination == .exited(0))
        let every = Self.exitStatusLines(root.stdout)
        #expect(Set(every.keys) == [0, 1, 2, 3, 4, 5], "recto --help lists \(every.keys.sorted())")
        let listing = try #require(root.stdout.range(of: "SUBCOMMANDS:\n"))
        let commands = root.stdout[listing.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(Set(commands).isSuperset(of: ["open", "render", "bench", "ctl", "settings", "report", "bench-visits",
                                             "bake", "bench-zoom"]), "subcommands \(commands)")
        for command in commands {
            let help = try runRecto([command, "--help"], environment: env)
            #expect(help.termination == .exited(0), "recto \(command) --help")
            let own = Self.exitStatusLines(help.stdout)
            #expect(own[0] != nil && own[2] != nil, "recto \(command) --help names exit statuses 0 and 2: \(own)")
            for (status, line) in own { #expect(line == every[status], "recto \(command) --help words status \(status)") }
        }
        let ctl = Self.exitStatusLines(try runRecto(["ctl", "--help"], environment: env).stdout)
        #expect(Set(ctl.keys) == [0, 1, 2, 5])
        let open = Self.exitStatusLines(try runRecto(["open", "--help"], environment: env).stdout)
        #expect(Set(open.keys) == [0, 2, 3, 4])
    }

    /// Installs with the real install script (the debug binary, to skip a release build) into a temporary
    /// prefix and runs `PREFIX/bin/recto render` from elsewhere with no RECTO_DEMO_BOOK. As root the checkout
    /// is hidden under an empty tmpfs in a private mount namespace, so nothing can come from it; the log
    /// line shows which demo book was used.
    @Test func installedProgramRunsFromItsPrefixWithTheCheckoutHidden() throws {
        let prefix = try Scratch.makeDirectory("prefix").appendingPathComponent("usr")
        try install(to: prefix)
        let out = prefix.deletingLastPathComponent().appendingPathComponent("page.png")
        var arguments = [prefix.path + "/bin/recto", "render", "--no-config", "--page", "14", "--size", "200x150",
                         "--out", out.path, "--log-level", "info"]
        if getuid() == 0 {
            let root = RectoBinary.packageRoot.path
            arguments = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
                         "mount -t tmpfs recto-hidden \"$0\" && [ -z \"$(ls -A \"$0\")\" ] && exec \"$@\"", root] + arguments
        }
        let child = try ChildProcess(arguments[0], arguments: Array(arguments.dropFirst()),
                                     environment: environment(configHome: prefix), workingDirectory: prefix)
        let ended = try child.waitForExit(timeout: .seconds(30))
        try child.stderr?.waitForEnd(timeout: .seconds(5))
        let stderr = child.stderr?.text ?? ""
        #expect(ended == .exited(0), "\(stderr)")
        #expect(stderr.contains("book: \(prefix.path)/share/recto/DemoBook, 14 pages"), "\(stderr)")
        let header = try PNGHeader(contentsOf: out)
        #expect(header.width == 200 && header.height == 150)
        for file in ["bin/recto-cage", "share/recto/deploy/recto-kiosk.service", "share/recto/deploy/weston-kiosk.ini",
                     "share/recto/deploy/recto.toml", "share/applications/recto.desktop"] {
            #expect(FileManager.default.fileExists(atPath: prefix.path + "/" + file), "\(file) not installed")
        }
        let unit = try String(contentsOfFile: prefix.path + "/share/recto/deploy/recto-kiosk.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=\(prefix.path)/bin/recto-cage\n") && !unit.contains("@PREFIX@"))
        // The example configuration is valid as installed.
        let example = prefix.path + "/share/recto/deploy/recto.toml"
        let check = try runRecto(["render", "--config", example, "--size", "64x48", "--out", out.path],
                                 environment: environment(configHome: prefix))
        #expect(check.termination == .exited(0), "\(check.stderr)")
    }

    /// cage refuses root, so this runs it as an unprivileged user (created if missing) with its own runtime
    /// directory, on wlroots' headless backend. Needs root for `useradd` and `runuser` (CI runs as root).
    @Test(.enabled(if: getuid() == 0, "runs cage as another user: needs root"))
    func cageLauncherStartsRectoUnderHeadlessCage() throws {
        let user = "recto-test"
        try ensureUser(user)
        guard let account = getpwnam(user) else { throw HarnessError.failed("no user \(user)") }
        let (uid, gid) = (account.pointee.pw_uid, account.pointee.pw_gid)
        // Outside Scratch (mode 0700, root's): the user must reach the binary and the book.
        var template = Array("/tmp/recto-cage-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HarnessError.failed("mkdtemp failed") }
        let base = URL(fileURLWithPath: String(cString: made))
        defer { try? FileManager.default.removeItem(at: base) }
        chmod(base.path, 0o755)
        let prefix = base.appendingPathComponent("usr")
        try install(to: prefix)
        let runtime = base.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        guard chown(runtime.path, uid, gid) == 0 else { throw HarnessError.failed("chown \(runtime.path) failed") }
        let bad = base.appendingPathComponent("bad.toml")
        try "kiosk = 3\n".write(to: bad, atomically: true, encoding: .utf8)
        chmod(bad.path, 0o644)

        // systemd's notifications pass through the launcher and cage (the unit's NotifyAccess=all).
        let notify = try NotifyListener(abstractName: "recto-e2e-cage-\(getpid())")
        func launch(_ arguments: [String]) throws -> ChildProcess {
            let env = ["PATH=/usr/bin:/bin", "HOME=/nonexistent", "XDG_RUNTIME_DIR=\(runtime.path)", "NOTIFY_SOCKET=\(notify.path)",
                       "WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1", "WLR_HEADLESS_OUTPUTS=1"]
            return try ChildProcess("runuser", arguments: ["-u", user, "--", "env", "-i"] + env
                                    + [prefix.path + "/bin/recto-cage"] + arguments,
                                    environment: ProcessInfo.processInfo.environment, workingDirectory: base)
        }

        let kiosk = try launch(["--no-config", "--log-events"])
        defer { kiosk.stop() }
        let line = try kiosk.stdout!.waitForLine(timeout: .seconds(60), "recto's ready event under cage") {
            RectoEvent(line: $0)?.name == "ready"
        }
        let ready = try #require(RectoEvent(line: line))
        #expect((ready.int("width") ?? 0) > 0 && (ready.int("height") ?? 0) > 0, "\(ready)")
        #expect(ready.int("pages") == 14, "\(ready)")
        let notified = notify.messages(until: { $0.hasPrefix("READY=1") }, timeout: .seconds(10))
        #expect(notified.contains { $0.hasPrefix("READY=1") }, "\(notified)")
        let control = try #require(ready.string("control"), "\(ready)")
        let status = try rectoCtl(["status"], socket: control)
        #expect(status.termination == .exited(0) && status.reply.contains("\"page\":1,"), "root is served: \(status)")
        // A stop request to the launcher reaches recto, which quits with 0; cage ends with it.
        let launcher = try #require(childPIDs(of: kiosk.pid).first, "the launcher under runuser")
        kill(launcher, SIGTERM)
        let ended = try kiosk.waitForExit(timeout: .seconds(15))
        #expect(ended == .exited(0), "\(kiosk.stderr?.tail() ?? "")")

        // recto's status comes back through the launcher (cage itself always exits 0): 2 for bad configuration.
        let broken = try launch(["--config", bad.path])
        defer { broken.stop() }
        #expect(try broken.waitForExit(timeout: .seconds(60)) == .exited(2))
        try broken.stderr?.waitForEnd(timeout: .seconds(5))
        #expect(broken.stderr?.text.contains("recto: \(bad.path):1: kiosk: expected true or false, got 3") == true,
                "\(broken.stderr?.text ?? "")")
    }

    // MARK: helpers

    private func install(to prefix: URL) throws {
        let script = RectoBinary.packageRoot.appendingPathComponent("scripts/install.sh").path
        let child = try ChildProcess(script, arguments: ["--prefix", prefix.path, "--binary", try RectoBinary.locate().path],
                                     environment: ProcessInfo.processInfo.environment)
        let ended = try child.waitForExit(timeout: .seconds(60))
        try child.stderr?.waitForEnd(timeout: .seconds(5))
        guard ended == .exited(0) else {
            throw HarnessError.failed("scripts/install.sh ended with \(ended)", detail: child.stderr?.text ?? "")
        }
    }

    private func ensureUser(_ name: String) throws {
        guard getpwnam(name) == nil else { return }
        let child = try ChildProcess("useradd", arguments: ["--system", "--no-create-home", "--home-dir", "/nonexistent",
                                                            "--shell", "/usr/sbin/nologin", name],
                                     environment: ProcessInfo.processInfo.environment)
        let ended = try child.waitForExit(timeout: .seconds(30))
        guard ended == .exited(0) || getpwnam(name) != nil else {
            throw HarnessError.failed("useradd \(name) ended with \(ended)", detail: child.stderr?.text ?? "")
        }
    }

    private func childPIDs(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
