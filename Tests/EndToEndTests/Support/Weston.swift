import Foundation
import Glibc

/// A private headless weston 10 (pixman renderer, kiosk-shell, `--debug`) with the `recto-test-seat` module,
/// which adds a seat and injects input on command. One instance per test; `stop()` (also run by `deinit`)
/// ends every process it started, even when the test fails early.
///
/// All coordinates are output framebuffer pixels: the same pixels a screenshot has, at any scale.
final class Weston {
    /// Current output size in framebuffer pixels (updated by `resizeOutput`), and the output scale (the
    /// logical size is `width / scale`).
    private(set) var width: Int
    private(set) var height: Int
    let scale: Int
    /// The private `XDG_RUNTIME_DIR` (mode 0700) holding the Wayland socket; removed by `stop()`.
    let runtimeDirectory: URL
    /// The `WAYLAND_DISPLAY` value of this compositor.
    let socketName = "wayland-recto"
    /// Kept after `stop()` for post-mortems: `weston.log` and screenshots. The next test run removes it.
    let artifactsDirectory: URL
    /// The environment clients should run with: the test's own plus `WAYLAND_DISPLAY` and `XDG_RUNTIME_DIR`.
    let clientEnvironment: [String: String]

    private let compositor: ChildProcess
    /// This instance's turn: one weston per test process at a time (see `CompositorTurn`).
    private let turn: CompositorTurn
    private let logFile: URL
    private var control: ControlConnection?
    private var clients: [ChildProcess] = []
    private var screenshots = 0
    private var stopped = false

    /// Starts weston and returns once its test module answers and the output is enabled.
    /// - Parameters:
    ///   - width, height: output size in framebuffer pixels; multiples of `scale`.
    ///   - scale: integer output scale (`--scale`).
    ///   - readyTimeout: bound on start-up.
    /// Throws `HarnessError.missingProgram` when weston (or setpriv, cc, pkg-config) is not installed.
    init(width: Int = 1280, height: Int = 800, scale: Int = 1, extraArguments: [String] = [],
         readyTimeout: Duration = .seconds(10)) throws {
        guard scale >= 1, width > 0, height > 0, width % scale == 0, height % scale == 0 else {
            throw HarnessError.failed("output \(width)x\(height) is not a positive multiple of scale \(scale)")
        }
        turn = try CompositorTurn()
        self.width = width
        self.height = height
        self.scale = scale
        let module = try WestonModule.build()
        runtimeDirectory = try Scratch.makeDirectory("runtime")
        artifactsDirectory = try Scratch.makeDirectory("weston")
        logFile = artifactsDirectory.appendingPathComponent("weston.log")
        let controlPath = runtimeDirectory.appendingPathComponent("recto-test-control").path

        var base = ProcessInfo.processInfo.environment
        for inherited in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "WAYLAND_DEBUG"] {
            base[inherited] = nil
        }
        base["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        var clientEnvironment = base
        clientEnvironment["WAYLAND_DISPLAY"] = socketName
        // Clients keep caches (recto's decoded pages) in the test's own directory, never in the runner's home.
        clientEnvironment["XDG_CACHE_HOME"] = artifactsDirectory.appendingPathComponent("cache").path
        // Remembered pages too: every test opens its book where it says, never where another test left it.
        clientEnvironment["XDG_STATE_HOME"] = artifactsDirectory.appendingPathComponent("state").path
        // The GPU profile the run asks for (RECTO_TEST_GPU_PROFILE), for clients only: weston draws with pixman.
        clientEnvironment.merge(GPUProfile.fromEnvironment) { $1 }
        self.clientEnvironment = clientEnvironment
        var westonEnvironment = base
        westonEnvironment["RECTO_TEST_CONTROL"] = controlPath

        let arguments = [
            "--backend=headless-backend.so", "--use-pixman", "--shell=kiosk-shell.so",
            "--width=\(width / scale)", "--height=\(height / scale)", "--scale=\(scale)",
            "--socket=\(socketName)", "--no-config", "--idle-time=0", "--debug",
            "--modules=\(module.path)",
        ] + extraArguments
        compositor = try ChildProcess("weston", arguments: arguments, environment: westonEnvironment,
                                      stdout: .file(logFile), stderr: .file(logFile))
        do {
            try waitUntilReady(controlPath: controlPath, deadline: Deadline(readyTimeout))
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// weston's process id.
    var pid: Int32 { compositor.pid }

    /// Whether the weston process is still running.
    var isRunning: Bool { compositor.isRunning }

    /// Everything weston has logged so far (`--debug` log plus the module's lines).
    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    private func waitUntilReady(controlPath: String, deadline: Deadline) throws {
        while true {
            if let ended = compositor.termination {
                throw HarnessError.failed("weston exited during start-up (\(ended))", detail: logTail())
            }
            if control == nil { control = try? ControlConnection(path: controlPath) }
            if let control, let reply = try? control.send("output", timeout: .seconds(2)), reply.hasPrefix("ok ") {
                return
            }
            guard !deadline.hasPassed else {
                throw HarnessError.failed("weston was not ready in time", detail: logTail())
            }
            // Bounded poll: this wait returns at once if weston dies.
            _ = try? compositor.waitForExit(timeout: .milliseconds(10))
        }
    }

    private func logTail(_ lines: Int = 40) -> String {
        log.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }

    /// Sends one control command (see `Harness/recto-test-seat.c`) and returns the reply after `ok`.
    /// Throws `HarnessError.commandRejected` for an `err` reply.
    @discardableResult
    func send(_ command: String, timeout: Duration = .seconds(5)) throws -> String {
        guard let control, !stopped else { throw HarnessError.failed("weston is stopped; cannot send '\(command)'") }
        let reply: String
        do {
            reply = try control.send(command, timeout: timeout)
        } catch {
            throw HarnessError.failed("\(error) (weston \(compositor.termination.map { "\($0)" } ?? "running"))",
                                      detail: logTail())
        }
        if reply == "ok" { return "" }
        guard reply.hasPrefix("ok ") else { throw HarnessError.commandRejected(command: command, reply: reply) }
        return String(reply.dropFirst(3))
    }

    /// Starts a Wayland client of this compositor (tied to the test process like weston itself).
    /// `environment` entries are added to `clientEnvironment` (e.g. `["WAYLAND_DEBUG": "client"]`).
    func launchClient(_ program: String, arguments: [String] = [], environment: [String: String] = [:],
                      workingDirectory: URL? = nil, stdout: ChildProcess.Output = .collect,
                      stderr: ChildProcess.Output = .collect) throws -> ChildProcess {
        let client = try ChildProcess(program, arguments: arguments,
                                      environment: clientEnvironment.merging(environment) { $1 },
                                      workingDirectory: workingDirectory, stdout: stdout, stderr: stderr)
        clients.append(client)
        return client
    }

    /// Waits until a surface of `client` is mapped under (`x`, `y`) (default: the output centre), asking the
    /// compositor rather than sleeping. Throws if the client exits first or on timeout.
    func waitForMapped(_ client: ChildProcess, x: Double? = nil, y: Double? = nil,
                       timeout: Duration = .seconds(5)) throws {
        let deadline = Deadline(timeout)
        while true {
            if try hit(x: x ?? Double(width) / 2, y: y ?? Double(height) / 2) == client.pid { return }
            if let ended = client.termination {
                throw HarnessError.failed("\(client.name) ended (\(ended)) before its window was mapped",
                                          detail: client.stderr?.tail() ?? "")
            }
            guard !deadline.hasPassed else {
                throw HarnessError.timeout("\(client.name)'s window to be mapped")
            }
            _ = try? client.waitForExit(timeout: .milliseconds(10))
        }
    }

    /// Waits until any client's surface is mapped under (`x`, `y`) and returns that client's pid.
    func waitForMappedClient(x: Double? = nil, y: Double? = nil, timeout: Duration = .seconds(5)) throws -> Int32 {
        let deadline = Deadline(timeout)
        while true {
            if let pid = try hit(x: x ?? Double(width) / 2, y: y ?? Double(height) / 2) { return pid }
            guard !deadline.hasPassed else { throw HarnessError.timeout("a window to be mapped") }
            _ = try? compositor.waitForExit(timeout: .milliseconds(10))
        }
    }

    /// Changes the output's mode to `width`×`height` framebuffer pixels (multiples of the scale). Clients get
    /// the new wl_output mode and kiosk-shell re-configures full-screen windows, as on a monitor mode change
    /// or a rotated panel.
    func resizeOutput(width: Int, height: Int) throws {
        try send("output-resize \(width) \(height)")
        self.width = width
        self.height = height
    }

    /// Captures the output with weston-screenshooter and returns the PNG (in `artifactsDirectory`).
    func screenshot(timeout: Duration = .seconds(10)) throws -> URL {
        let directory = try Scratch.makeDirectory("screenshooter")
        defer { try? FileManager.default.removeItem(at: directory) }
        let shooter = try launchClient("weston-screenshooter", workingDirectory: directory)
        let ended = try shooter.waitForExit(timeout: timeout)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        guard ended == .exited(0), let file = files.first(where: { $0.hasSuffix(".png") }) else {
            throw HarnessError.failed("weston-screenshooter failed (\(ended)), wrote \(files)",
                                      detail: (shooter.stderr?.text ?? "") + logTail(10))
        }
        screenshots += 1
        let destination = artifactsDirectory.appendingPathComponent("screenshot-\(screenshots).png")
        try FileManager.default.moveItem(at: directory.appendingPathComponent(file), to: destination)
        return destination
    }

    /// Sends `signal` to weston (as if it crashed or was killed) and waits for it to end; clients keep
    /// running so a test can watch how they react. `stop()` still cleans up afterwards.
    func kill(signal: Int32 = SIGKILL, timeout: Duration = .seconds(5)) throws {
        compositor.send(signal: signal)
        try compositor.waitForExit(timeout: timeout)
    }

    /// Ends every client started through `launchClient`, then weston, and removes the runtime directory.
    /// Idempotent; also run by `deinit`.
    func stop() {
        if stopped { return }
        stopped = true
        for client in clients { client.stop() }
        control = nil
        compositor.stop(grace: .seconds(3))
        try? FileManager.default.removeItem(at: runtimeDirectory)
        turn.release()
    }
}
