import Foundation
import Glibc

/// A private speech-dispatcher for one test: its own configuration, socket and log in a scratch directory,
/// the espeak-ng output module, and ALSA's `file` plugin as the sound card (HOME's `.asoundrc`), so what it
/// says lands in `audio` as raw 16-bit samples the test reads. Run as the test's user; stopped with the test.
final class SpeechDispatcher {
    let directory: URL
    let socket: String
    let audio: URL
    let logDirectory: URL
    let process: ChildProcess

    /// espeak-ng's output: 16-bit little-endian mono at 22050 Hz.
    static let sampleRate = 22_050

    init() throws {
        directory = try Scratch.makeDirectory("speechd")
        let conf = directory.appendingPathComponent("conf")
        let home = directory.appendingPathComponent("home")
        logDirectory = directory.appendingPathComponent("log")
        for d in [conf.appendingPathComponent("modules"), home, logDirectory, directory.appendingPathComponent("run")] {
            try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        }
        socket = directory.appendingPathComponent("run/sd.sock").path
        audio = directory.appendingPathComponent("audio.raw")
        try FileManager.default.copyItem(atPath: "/etc/speech-dispatcher/modules/espeak-ng.conf",
                                         toPath: conf.appendingPathComponent("modules/espeak-ng.conf").path)
        try """
            AudioOutputMethod "alsa"
            AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
            DefaultModule espeak-ng
            DefaultLanguage "en"
            """.write(to: conf.appendingPathComponent("speechd.conf"), atomically: true, encoding: .utf8)
        try """
            pcm.!default {
              type file
              slave.pcm "null"
              file "\(audio.path)"
              format "raw"
            }
            """.write(to: home.appendingPathComponent(".asoundrc"), atomically: true, encoding: .utf8)
        // Level 5 logs each message's text as the server received it ("DATA:|…").
        process = try ChildProcess("speech-dispatcher", arguments: [
            "--run-single", "--timeout", "0", "--config-dir", conf.path, "--socket-path", socket,
            "--pid-file", directory.appendingPathComponent("pid").path, "--log-dir", logDirectory.path,
            "--log-level", "5",
        ], environment: ["HOME": home.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                         "XDG_RUNTIME_DIR": directory.appendingPathComponent("run").path],
        stdout: .discard, stderr: .discard)
        // It listens once its output module is up (seconds on a busy machine): wait for a connection to work.
        let deadline = Deadline(.seconds(60))
        while true {
            if let fd = try? connectedUnixSocket(socket) { close(fd); break }
            if process.termination != nil { throw HarnessError.failed("speech-dispatcher ended: \(process.termination!)") }
            guard deadline.end > .now else { throw HarnessError.timeout("speech-dispatcher listening at \(socket)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    deinit { stop() }

    func stop() {
        if let held { kill(held, SIGCONT) }
        process.stop()
    }

    /// `SPEECHD_ADDRESS` for a client.
    var address: String { "unix_socket:\(socket)" }

    /// The server's log (every message's text at level 5).
    var log: String {
        let file = logDirectory.appendingPathComponent("speech-dispatcher.log")
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    /// Waits until the server's log shows it received `text` as a message.
    func waitForReceived(_ text: String, timeout: Duration = .seconds(20)) throws {
        let deadline = Deadline(timeout)
        while !log.contains("DATA:|\(text)") {
            guard deadline.end > .now else { throw HarnessError.timeout("speech-dispatcher receiving \"\(text)\"") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The samples written to the sound card so far.
    var samples: [Int16] {
        guard let data = try? Data(contentsOf: audio) else { return [] }
        return data.withUnsafeBytes { raw in
            (0..<raw.count / 2).map { Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) }
        }
    }

    /// Bytes of audio written so far: `samples` without reading them, for polling.
    var audioBytes: Int { ((try? FileManager.default.attributesOfItem(atPath: audio.path))?[.size] as? Int) ?? 0 }

    /// The output module held (stopped) by `hold`, if any.
    private var held: Int32?

    /// Holds the output module (SIGSTOP) until `release`: what it is saying stays being said. The sound card is a
    /// file, so unheld a page is "said" as fast as it is synthesized (about a second for a long one on a busy
    /// machine), too fast for a test that must act while it is said. The server goes on meanwhile.
    func hold() throws {
        let module = try outputModule()
        kill(module, SIGSTOP)
        held = module
    }

    /// Lets the held output module go on.
    func release() {
        if let held { kill(held, SIGCONT) }
        held = nil
    }

    /// Lets the held output module go on until audio past byte `bytes` is written, and holds it again: something
    /// is being said, and stays so until `release`.
    func release(untilAudioPast bytes: Int, timeout: Duration = .seconds(30)) throws {
        guard let module = held else { throw HarnessError.failed("release(untilAudioPast:) without hold()") }
        kill(module, SIGCONT)
        let deadline = Deadline(timeout)
        while audioBytes <= bytes {
            guard !deadline.hasPassed else {
                kill(module, SIGSTOP)
                throw HarnessError.timeout("audio past byte \(bytes) (have \(audioBytes))")
            }
            usleep(1000)
        }
        kill(module, SIGSTOP)
    }

    /// The espeak-ng output module: the server's child.
    private func outputModule() throws -> Int32 {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // "pid (name) state ppid …"
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if stat.contains("(sd_espeak-ng)"), fields.count > 1, Int32(fields[1]) == process.pid { return pid }
        }
        throw HarnessError.failed("no espeak-ng output module under speech-dispatcher (pid \(process.pid))")
    }

    /// Waits until at least `seconds` of audio after sample `from` is written, and returns those samples.
    func waitForAudio(after from: Int, seconds: Double, timeout: Duration = .seconds(30)) throws -> ArraySlice<Int16> {
        let deadline = Deadline(timeout)
        let wanted = Int(seconds * Double(Self.sampleRate))
        while true {
            let all = samples
            if all.count >= from + wanted { return all[from...] }
            guard deadline.end > .now else {
                throw HarnessError.timeout("\(seconds) s of audio after sample \(from) (have \(all.count - from))")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}

/// The root mean square of `samples`, full scale 32768.
func rms(_ samples: ArraySlice<Int16>) -> Double {
    guard !samples.isEmpty else { return 0 }
    return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
}

extension SpeechDispatcher {
    /// recto in speech mode at 1280×800 on a three-page copy of the demo book (`name`), one page a screen, in
    /// English, talking to this server, with `arguments` added; returned once it has said its first page.
    func speakingSession(name: String, arguments: [String]) throws -> RectoSession {
        let book = try BookFixtures.copyOfDemo(pages: [1, 2, 3], name: name)
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [
            book.path, "--speech", "--spread", "single", "--language", "en", "--attract-after", "0",
        ] + arguments, environment: ["SPEECHD_ADDRESS": address], readyTimeout: .seconds(30))
        _ = try session.waitForEvent("speech", timeout: .seconds(30)) { $0.string("text") == "page 1 of 3, no text" }
        return session
    }
}
