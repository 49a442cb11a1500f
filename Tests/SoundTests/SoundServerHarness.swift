import Glibc
import Posix

/// A PulseAudio of the test's own on a socket in a temporary directory, whose one sink writes what it plays,
/// paced by the clock, into a FIFO that the harness copies to a file from the start: what the reader plays is
/// what reaches the sound server and leaves it, not a mock of it. (Its null sink would do as well but for its
/// fixed two-second blocks, which hold a stream's first write back for up to two seconds.)
final class PrivateSoundServer: @unchecked Sendable {
    let directory: String
    let socket: String
    private var pid: pid_t = 0, copier: pid_t = 0
    private var output = ""
    private var starts = 0
    /// The sink's rate (mono float): 8 kHz for recordings (small files), 48 kHz for the page sound's bright noise.
    let rate: Int

    /// Shared with the end-to-end tests, which record a running reader the same way.
    static let copierScript = String(#filePath.dropLast("SoundTests/SoundServerHarness.swift".count)) + "EndToEndTests/Harness/sound-sink-copier.py"

    /// The server string libpulse takes (`unix:/…/native`).
    var address: String { "unix:" + socket }

    init(rate: Int = 8000) throws {
        self.rate = rate
        var template = Array("/tmp/recto-pulse-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed") }
        directory = String(cString: made)
        socket = directory + "/native"
        try start()
    }

    func start() throws {
        starts += 1
        let fifo = directory + "/sink-\(starts)"
        output = directory + "/heard-\(starts).raw"
        let command = "HOME=\(directory) XDG_RUNTIME_DIR=\(directory) PULSE_RUNTIME_PATH=\(directory)/run "
            + "exec pulseaudio -n --daemonize=no --exit-idle-time=-1 --disallow-exit --use-pid-file=no "
            + "--log-target=file:\(directory)/log "
            + "-L 'module-pipe-sink sink_name=rec file=\(fifo) format=float32le rate=\(rate) channels=1 use_system_clock_for_timing=yes' "
            + "-L 'module-native-protocol-unix socket=\(socket) auth-anonymous=1'"
        pid = try spawnShell(command)
        for _ in 0..<200 {
            if access(socket, F_OK) == 0, access(fifo, F_OK) == 0, run("pactl --server=\(address) info >/dev/null 2>&1") == 0 {
                copier = try spawnShell("exec python3 \(Self.copierScript) \(fifo) \(output) \(output).index")
                return
            }
            usleep(25_000)
        }
        throw HarnessError("pulseaudio did not start: \(String(decoding: (try? readAll(directory + "/log")) ?? [], as: UTF8.self))")
    }

    /// Kills the server (as a crash would).
    func kill() {
        for p in [pid, copier] where p > 0 {
            _ = Glibc.kill(p, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(p, &status, 0)
        }
        pid = 0
        copier = 0
        unlink(socket)
    }

    deinit { kill() }

    /// Bytes the sink has played so far.
    private var playedBytes: Int {
        var info = stat()
        return stat(output, &info) == 0 ? Int(info.st_size) : 0
    }

    /// What the sink played (8 kHz mono float) while `body` ran and `tailMS` after it; `startedAt`: the time
    /// (ms, monotonic) of its first sample, as near as the pipe lets one know.
    func record(tailMS: Double = 300, _ body: () throws -> Void) throws -> [Float] {
        try recordTimed(tailMS: tailMS, body).samples
    }

    /// What the sink played while `body` ran and `tailMS` after, with when each sample left the server (ms,
    /// monotonic: the time its bytes were read from the sink's FIFO).
    func recordTimed(tailMS: Double = 300, _ body: () throws -> Void) throws -> Recording {
        let from = playedBytes / 4 * 4
        try body()
        usleep(useconds_t(tailMS * 1000))
        let bytes = try readAll(output)
        let slice = Array(bytes[min(from, bytes.count)..<(bytes.count / 4 * 4)])
        let index = String(decoding: try readAll(output + ".index"), as: UTF8.self).split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ")
            return f.count == 2 ? Double(f[0]).flatMap { t in Int(f[1]).map { (t, $0) } } : nil
        }
        return Recording(samples: slice.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }, firstByte: from, index: index)
    }
}

/// Samples the sink played, and when they left it.
struct Recording {
    var samples: [Float]
    /// Where `samples` begin in the sink's output (bytes).
    var firstByte: Int
    /// (time, bytes read by then), in order.
    var index: [(Double, Int)]

    /// When sample `i` of `samples` left the server (ms, monotonic).
    func time(ofSample i: Int) -> Double? {
        let byte = firstByte + i * 4 + 4
        return index.first { $0.1 >= byte }?.0
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

func spawnShell(_ command: String) throws -> pid_t {
    var pid: pid_t = 0
    let words: [String] = ["/bin/sh", "-c", command]
    let args: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { args.forEach { free($0) } }
    // The test runner's threads block signals the child must take (SIGTERM ends the recorder): none blocked.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    sigdelset(&all, SIGKILL); sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    guard posix_spawn(&pid, "/bin/sh", nil, &attributes, args, environ) == 0 else { throw HarnessError("cannot run \(command)") }
    return pid
}

func run(_ command: String) -> Int32 {
    guard let pid = try? spawnShell(command) else { return -1 }
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
    return (status >> 8) & 0xff
}

func readAll(_ path: String) throws -> [UInt8] {
    guard let f = fopen(path, "rb") else { throw HarnessError("cannot open \(path)") }
    defer { fclose(f) }
    var out: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n <= 0 { break }
        out += chunk[0..<n]
    }
    return out
}

func writeAll(_ path: String, _ bytes: [UInt8]) {
    let f = fopen(path, "wb")!
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
}

/// A 16-bit PCM WAV of `samples` (-1…1) at `rate`, mono.
func wav(_ samples: [Float], rate: Int) -> [UInt8] {
    var out: [UInt8] = []
    func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
    func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
    out += Array("RIFF".utf8); u32(UInt32(36 + samples.count * 2)); out += Array("WAVE".utf8)
    out += Array("fmt ".utf8); u32(16); u16(1); u16(1); u32(UInt32(rate)); u32(UInt32(rate * 2)); u16(2); u16(16)
    out += Array("data".utf8); u32(UInt32(samples.count * 2))
    for s in samples { u16(UInt16(bitPattern: Int16(max(-1, min(1, s)) * 32767))) }
    return out
}

/// A rising chirp with a little noise: no period, so its place in a recording is unambiguous.
func chirp(seconds: Double, rate: Int) -> [Float] {
    var seed: UInt64 = 42
    return (0..<Int(seconds * Double(rate))).map { i in
        let t = Double(i) / Double(rate)
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        let noise = Double(Int64(bitPattern: seed >> 11) % 1000) / 1000 * 0.05
        return Float(0.5 * sin(2 * .pi * (200 * t + 900 * t * t)) + noise)
    }
}

/// The best normalised cross-correlation of `signal` within `recording`, and where it lies (samples).
func bestMatch(_ signal: [Float], in recording: [Float]) -> (correlation: Double, offset: Int) {
    guard let onset = recording.firstIndex(where: { abs($0) > 0.05 }) else { return (0, -1) }
    var best = (0.0, -1)
    for offset in max(0, onset - 40)...(onset + 40) where offset + signal.count <= recording.count {
        var xy = 0.0, xx = 0.0, yy = 0.0
        for i in 0..<signal.count {
            let x = Double(signal[i]), y = Double(recording[offset + i])
            xy += x * y; xx += x * x; yy += y * y
        }
        let c = xy / max(1e-12, (xx * yy).squareRoot())
        if c > best.0 { best = (c, offset) }
    }
    return best
}
