import Decoding
import Foundation

/// `recto --log-events` (demo book unless a BOOK argument is given) running full-screen on a private headless
/// weston, with its event stream read line by line. `start` returns once recto has printed `ready` and its
/// window is mapped, and (unless told not to) once the GL draws (`renderer`: the first frames come from the
/// CPU through wl_shm); events read while waiting are handed out again by `nextEvent`, in order. Everything is
/// stopped by `stop()` or when the session is released.
final class RectoSession {
    let weston: Weston
    let recto: ChildProcess
    /// The `ready` event.
    private(set) var ready: RectoEvent?
    /// Every event read so far, in order (for failure messages).
    private(set) var history: [RectoEvent] = []
    /// Events read by `start` and not yet handed out by `nextEvent`.
    private var backlog: [RectoEvent] = []

    private init(weston: Weston, recto: ChildProcess) {
        self.weston = weston
        self.recto = recto
    }

    /// Starts weston with an output of `width`×`height` framebuffer pixels at output `scale`, then recto with
    /// `--log-events` plus `arguments`; `environment` is added to the client environment (e.g. `WAYLAND_DEBUG`).
    /// `waitForRenderer` false returns before the GL is up (e.g. when `RECTO_TEST_HOLD_GL` holds it back).
    static func start(width: Int = 1920, height: Int = 1080, scale: Int = 1, arguments: [String] = [],
                      environment: [String: String] = [:], stderr: ChildProcess.Output = .collect,
                      readyTimeout: Duration = .seconds(30), waitForRenderer: Bool = true) throws -> RectoSession {
        let binary = try RectoBinary.locate()
        let weston = try Weston(width: width, height: height, scale: scale)
        do {
            let recto = try weston.launchClient(binary.path, arguments: ["--log-events", "--no-config"] + arguments,
                                                environment: environment, stderr: stderr)
            let session = RectoSession(weston: weston, recto: recto)
            session.ready = try session.waitForEvent("ready", timeout: readyTimeout)
            try weston.waitForMapped(recto)
            if waitForRenderer { try session.readAhead(until: "renderer", timeout: readyTimeout) }
            return session
        } catch {
            weston.stop()
            throw error
        }
    }

    deinit { stop() }

    func stop() {
        recto.stop()
        weston.stop()
    }

    /// recto's stderr so far (empty when not collected).
    var stderrText: String { recto.stderr?.text ?? "" }

    /// A timeout that says what came meanwhile: the events, and the end of recto's log (why a book was not read).
    private func waitedInVain(for what: String) -> HarnessError {
        let log = recto.stderr?.tail(15) ?? ""
        return .timeout("\(what) (events so far: \(historyText))" + (log.isEmpty ? "" : "\n--- recto's stderr ---\n\(log)"))
    }

    /// Reads events into the backlog until one named `name` (kept there too).
    private func readAhead(until name: String, timeout: Duration) throws {
        let deadline = Deadline(timeout)
        while !backlog.contains(where: { $0.name == name }) {
            let left = deadline.end - .now
            guard left > .zero else { throw waitedInVain(for: "event \(name)") }
            backlog.append(try readEvent(timeout: left))
        }
    }

    /// The next event (from the backlog first). Throws on timeout, on a line that is not an event, or when
    /// output ends.
    func nextEvent(timeout: Duration) throws -> RectoEvent {
        if !backlog.isEmpty { return backlog.removeFirst() }
        return try readEvent(timeout: timeout)
    }

    private func readEvent(timeout: Duration) throws -> RectoEvent {
        let line: String?
        do {
            line = try recto.readLine(timeout: timeout)
        } catch {
            throw waitedInVain(for: "an event from recto")
        }
        guard let line else {
            throw HarnessError.failed("recto's output ended (\(recto.termination.map { "\($0)" } ?? "running")); "
                                      + "events so far: \(historyText)", detail: recto.stderr?.tail() ?? "")
        }
        guard let event = RectoEvent(line: line) else {
            throw HarnessError.failed("recto printed a line that is not an event: \(line)")
        }
        history.append(event)
        return event
    }

    /// Reads events until one named `name` satisfies `matches`, skipping (but recording) the others. The default
    /// bound is a safety net, not the time the event takes: generous enough for a machine whose cores are all
    /// busy (a turn or a touch answered in milliseconds alone can take seconds there), and it costs a passing
    /// test nothing.
    @discardableResult
    func waitForEvent(_ name: String, timeout: Duration = .seconds(30),
                      where matches: (RectoEvent) -> Bool = { _ in true }) throws -> RectoEvent {
        let deadline = Deadline(timeout)
        while true {
            let left = deadline.end - .now
            guard left > .zero else { throw waitedInVain(for: "event \(name)") }
            let event: RectoEvent
            do { event = try nextEvent(timeout: left) } catch HarnessError.timeout {
                throw waitedInVain(for: "event \(name)")
            }
            if event.name == name && matches(event) { return event }
        }
    }

    /// Every event that arrives within `duration`: an observation window, for checking that something does
    /// NOT happen (the only kind of fixed wait these tests use).
    func events(during duration: Duration) throws -> [RectoEvent] {
        let deadline = Deadline(duration)
        var seen: [RectoEvent] = []
        while true {
            let left = deadline.end - .now
            guard left > .zero else { return seen }
            do { seen.append(try nextEvent(timeout: left)) } catch HarnessError.timeout { return seen }
        }
    }

    var historyText: String { history.isEmpty ? "none" : history.map(\.line).joined(separator: " ") }

    /// A screenshot of the whole output, decoded.
    func screenshot() throws -> RGBAImage {
        let url = try weston.screenshot()
        do {
            return try ImageDecoder.decode(contentsOf: url.path)
        } catch {
            throw HarnessError.failed("cannot decode screenshot \(url.path): \(error)")
        }
    }

    /// Takes screenshots until `accept` holds (pages may still be decoding or a turn settling), and returns
    /// the last one either way so the caller asserts on it with full detail. The default bound is a safety net,
    /// as `waitForEvent`'s: decoding a page can take seconds on a busy machine.
    func screenshot(timeout: Duration = .seconds(30), until accept: (RGBAImage) -> Bool) throws -> RGBAImage {
        let deadline = Deadline(timeout)
        while true {
            let image = try screenshot()
            if accept(image) || deadline.hasPassed { return image }
        }
    }
}

/// Runs the recto binary directly (no compositor) with exactly `environment` and returns how it ended and
/// what it printed. For argument errors and `recto render`.
func runRecto(_ arguments: [String], environment: [String: String],
              timeout: Duration = .seconds(20)) throws -> (termination: ChildProcess.Termination, stdout: String,
                                                          stderr: String) {
    let child = try ChildProcess(try RectoBinary.locate().path, arguments: arguments, environment: environment)
    let ended = try child.waitForExit(timeout: timeout)
    try child.stdout?.waitForEnd(timeout: .seconds(5))
    try child.stderr?.waitForEnd(timeout: .seconds(5))
    return (ended, child.stdout?.text ?? "", child.stderr?.text ?? "")
}
