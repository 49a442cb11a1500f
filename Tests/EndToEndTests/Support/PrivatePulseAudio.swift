import Foundation
import Glibc

/// A PulseAudio of the test's own, on a socket in a scratch directory: its one sink writes what it plays, paced
/// by the clock, into a FIFO that `Harness/sound-sink-copier.py` copies to a file, noting when each read left the
/// server. What the reader plays is what reaches the sound server and leaves it. (PulseAudio's null sink would
/// do but for its fixed two-second blocks, which hold a new stream's first write back for up to two seconds.)
final class PrivatePulseAudio {
    let directory: URL
    let socket: String
    private var server: pid_t?
    private var copier: pid_t?
    private var output = ""
    private var starts = 0
    /// The sink's rate, mono float: 8 kHz for recordings, 48 kHz for the page sound's bright noise.
    let rate: Int
    static let rate = 8000
    static let copierScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Harness/sound-sink-copier.py").path

    /// `PULSE_SERVER` for a client.
    var address: String { "unix:" + socket }

    init(rate: Int = PrivatePulseAudio.rate) throws {
        self.rate = rate
        directory = try Scratch.makeDirectory("pulse")
        socket = directory.appendingPathComponent("native").path
        try start()
    }

    deinit { kill() }

    func start() throws {
        starts += 1
        let fifo = directory.appendingPathComponent("sink-\(starts)").path
        output = directory.appendingPathComponent("heard-\(starts).raw").path
        let dir = directory.path
        // Spawned directly, not as a `ChildProcess`: under Foundation's Process, a running pulseaudio stops the
        // exits of every later child (pkg-config, weston) from being noticed. It ends itself two minutes after
        // its last client, should the test process die without killing it.
        server = try spawnQuietly("HOME=\(dir) XDG_RUNTIME_DIR=\(dir) PULSE_RUNTIME_PATH=\(dir)/run exec pulseaudio -n "
            + "--daemonize=no --exit-idle-time=120 --use-pid-file=no --log-target=file:\(dir)/log "
            + "-L 'module-pipe-sink sink_name=rec file=\(fifo) format=float32le rate=\(rate) channels=1 use_system_clock_for_timing=yes' "
            + "-L 'module-native-protocol-unix socket=\(socket) auth-anonymous=1'")
        let deadline = Deadline(.seconds(30))
        while !(FileManager.default.fileExists(atPath: socket) && FileManager.default.fileExists(atPath: fifo)) {
            guard deadline.end > .now else { throw HarnessError.timeout("pulseaudio listening at \(socket)") }
            Thread.sleep(forTimeInterval: 0.02)
        }
        copier = try spawnQuietly("exec python3 \(Self.copierScript) \(fifo) \(output) \(output).index")
    }

    /// Kills the server, as a crash would.
    func kill() {
        for pid in [server, copier].compactMap({ $0 }) {
            _ = Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        server = nil
        copier = nil
        unlink(socket)
    }

    /// Everything the sink has played since the server last started.
    func recording() throws -> SinkRecording {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
        let samples = bytes.prefix(bytes.count / 4 * 4).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let text = (try? String(contentsOfFile: output + ".index", encoding: .utf8)) ?? ""
        let index = text.split(separator: "\n").compactMap { line -> (Double, Int)? in
            let f = line.split(separator: " ")
            guard f.count == 2, let t = Double(f[0]), let n = Int(f[1]) else { return nil }
            return (t, n)
        }
        return SinkRecording(samples: samples, index: index)
    }
}

/// What a sink played, and when each sample left the server (ms, CLOCK_MONOTONIC: the clock of recto's events).
struct SinkRecording {
    var samples: [Float]
    var index: [(Double, Int)]

    func time(ofSample i: Int) -> Double? {
        let byte = i * 4 + 4
        return index.first { $0.1 >= byte }?.0
    }

    /// The first sample to leave the server after `time` whose level passes `threshold`.
    func firstSound(after time: Double, threshold: Float = 0.05) -> (sample: Int, time: Double)? {
        guard let start = index.firstIndex(where: { $0.0 > time }) else { return nil }
        let from = start == 0 ? 0 : index[start - 1].1 / 4
        for i in from..<samples.count where abs(samples[i]) > threshold {
            if let t = self.time(ofSample: i), t > time { return (i, t) }
        }
        return nil
    }

    /// Where `signal` begins in what left the server between `from` and `to` (ms): the offset whose normalised
    /// cross-correlation with it is highest, when that offset's sample left, and the correlation.
    func locate(_ signal: [Float], from: Double, to: Double) -> (sample: Int, time: Double, correlation: Double)? {
        guard let a = index.firstIndex(where: { $0.0 >= from }), let b = index.lastIndex(where: { $0.0 <= to }) else { return nil }
        let first = a == 0 ? 0 : index[a - 1].1 / 4, last = min(index[b].1 / 4, samples.count - signal.count)
        guard first < last else { return nil }
        var best: (Int, Double) = (first, -1)
        signal.withUnsafeBufferPointer { x in
            samples.withUnsafeBufferPointer { y in
                var xx = 0.0
                for v in x { xx += Double(v) * Double(v) }
                for offset in first..<last {
                    var xy = 0.0, yy = 0.0
                    for i in 0..<x.count {
                        let yv = Double(y[offset + i])
                        xy += Double(x[i]) * yv; yy += yv * yv
                    }
                    let c = xy / max(1e-12, (xx * yy).squareRoot())
                    if c > best.1 { best = (offset, c) }
                }
            }
        }
        return time(ofSample: best.0).map { (best.0, $0, best.1) }
    }
}

/// A 16-bit PCM WAV of `samples` (-1…1) at `rate`, mono.
func waveFile(_ samples: [Float], rate: Int) -> Data {
    var out = Data()
    func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
    func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
    out.append(contentsOf: Array("RIFF".utf8)); u32(UInt32(36 + samples.count * 2)); out.append(contentsOf: Array("WAVE".utf8))
    out.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(1); u32(UInt32(rate)); u32(UInt32(rate * 2)); u16(2); u16(16)
    out.append(contentsOf: Array("data".utf8)); u32(UInt32(samples.count * 2))
    for s in samples { u16(UInt16(bitPattern: Int16(max(-1, min(1, s)) * 32767))) }
    return out
}

/// A chirp from `low` Hz rising fast, with a little noise: no period, so its place in a recording is plain.
func chirpSignal(seconds: Double, rate: Int, low: Double = 200, seed: UInt64 = 42) -> [Float] {
    var state = seed
    return (0..<Int(seconds * Double(rate))).map { i in
        let t = Double(i) / Double(rate)
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let noise = Double(Int64(bitPattern: state >> 11) % 1000) / 1000 * 0.05
        return Float(0.5 * sin(2 * .pi * (low * t + 900 * t * t)) + noise)
    }
}

/// The best normalised cross-correlation of `signal` in `recording` near `around` (± `slack` samples).
func correlation(of signal: [Float], in recording: [Float], around: Int, slack: Int = 80) -> Double {
    var best = 0.0
    for offset in max(0, around - slack)...max(0, around + slack) where offset + signal.count <= recording.count {
        var xy = 0.0, xx = 0.0, yy = 0.0
        for i in stride(from: 0, to: signal.count, by: 1) {
            let x = Double(signal[i]), y = Double(recording[offset + i])
            xy += x * y; xx += x * x; yy += y * y
        }
        best = max(best, xy / max(1e-12, (xx * yy).squareRoot()))
    }
    return best
}

/// Runs `command` under /bin/sh with every signal unblocked and at its default (the test runner's threads block
/// some), its output discarded; returns its pid, for `kill` and `waitpid`.
private func spawnQuietly(_ command: String) throws -> pid_t {
    var pid: pid_t = 0
    let words = ["/bin/sh", "-c", command + " >/dev/null 2>&1 </dev/null"]
    let args: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { args.forEach { free($0) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    guard posix_spawn(&pid, "/bin/sh", nil, &attributes, args, environ) == 0 else {
        throw HarnessError.failed("cannot run \(command)")
    }
    return pid
}
