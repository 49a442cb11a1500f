import AppCore
import Book
import Occurrences
import Pages
import Posix

/// Plays pages' recorded narration on a thread of its own: finds each page's file, reads its captions, decodes
/// the recording a chunk at a time (memory stays a few KB whatever its length) and writes it to the sound
/// server. The loop asks (`perform`) and hears back through `fd` (`takeNotes`): nothing here blocks the frame
/// loop. A new request fades out what plays first. Without a sound server, or with the server gone, a request
/// says so (once until one is back) and the reader goes on as without narration.
public final class NarrationPlayer: @unchecked Sendable {
    // @unchecked: the fields below the lock are read and written with `condition` held.
    private let condition = Condition()
    private let wakeup = WakePipe()
    private var request: (pages: [Int], source: PageSource, language: String?, at: Double)?
    /// Bumped by each request: the thread's current narration ends when it differs from the one it began with.
    private var generation = 0
    /// How loud what plays is: its request's, or the settings' since it began.
    private var loudness = NarrationLoudness(percent: 100)
    /// The visitor paused what plays (it holds its place until resumed or stopped).
    private var paused = false
    private var notes: [NarrationNote] = []
    /// Files and the server already said to fail (said once each).
    private var warned: Set<String> = []

    /// Fade at a stop or a new page: short enough to be heard as a stop, long enough not to click.
    static let fadeMS = 25.0
    /// Audio decoded and written per step.
    static let chunkMS = 20.0

    private let server: String?

    /// `server`: the sound server (nil: the session's, as libpulse finds it from `PULSE_SERVER` and the runtime
    /// directory).
    public init(server: String? = nil) {
        self.server = server
        startThread(name: "narration") { [self] in run() }
    }

    /// Readable when notes wait, for the loop's poll set.
    public var fd: Int32 { wakeup.fd }

    /// What happened since the last call, in order.
    public func takeNotes() -> [NarrationNote] {
        wakeup.drain()
        return condition.withLock {
            defer { notes = [] }
            return notes
        }
    }

    /// The core's request; `source`: the book now open, where the pages' files are looked for.
    public func perform(_ request: NarrationRequest, source: PageSource, now: Double) {
        condition.withLock {
            switch request {
            case let .play(pages, language, loudness):
                self.request = (pages, source, language, now)
                self.loudness = loudness
                generation += 1
                paused = false
            case .stop:
                self.request = nil
                generation += 1
                paused = false
            case .pause: paused = true
            case .resume: paused = false
            case .loudness(let l): loudness = l
            }
            condition.signal()
        }
    }

    private func note(_ n: NarrationNote, once key: String? = nil) {
        let said = condition.withLock { () -> Bool in
            if let key {
                guard warned.insert(key).inserted else { return false }
            }
            notes.append(n)
            return true
        }
        if said { wakeup.wake() }
    }

    private var current: Int { condition.withLock { generation } }

    /// The gain now (quiet hours looked up once a second: the local minute is all they depend on).
    private var gain: Float {
        let now = monotonicMilliseconds()
        if now - minuteReadAt > 1000 { (minute, minuteReadAt) = (localMinuteOfDay(), now) }
        return Float(max(0, min(100, loudness.percent(atMinute: minute)))) / 100
    }
    private var minute = 0, minuteReadAt = -Double.infinity

    /// How long a vanished server is waited for before the recording is given up.
    static let reconnectMS = 5000.0

    /// The same kind of output opened again, tried every quarter second for `reconnectMS` while the recording
    /// is still wanted; nil when it is not back (or not wanted any more).
    private func reconnect(like old: any AudioOutput, rate: Int, channels: Int, page: Int, generation number: Int) -> (any AudioOutput)? {
        let end = monotonicMilliseconds() + Self.reconnectMS
        while monotonicMilliseconds() < end, current == number {
            sleep(milliseconds: 250)
            if old is SoundServer {
                if let s = try? SoundServer(server: server, rate: rate, channels: channels, name: "page \(page)") { return s }
            } else if let a = try? AlsaOutput(rate: rate, channels: channels, bufferMS: SoundServer.bufferMS) {
                return a
            }
        }
        return nil
    }

    /// Fades out at the place heard now and rewinds the recording there: what the server held is dropped, the
    /// next 25 ms fade. Returns the place (ms into the recording), where resuming starts.
    private func pause(_ file: AudioFile, _ server: any AudioOutput, heardAt: Double?, gain: Float) -> Double {
        server.flush()
        let at = heardAt.map { max(0, min(file.durationMS, monotonicMilliseconds() - $0)) } ?? 0
        let frame = Int(at / 1000 * Double(file.rate))
        file.seek(toFrame: frame)
        var buffer = [Float]()
        let n = file.read(into: &buffer, frames: Int(Double(file.rate) * Self.fadeMS / 1000))
        if n > 0 {
            let count = n * file.channels
            for i in 0..<count { buffer[i] *= gain * Float(1 - Double(i / file.channels) / Double(n)) }
            _ = buffer.withUnsafeBufferPointer { samples -> Bool in
                do throws(SoundError) { try server.write(UnsafeBufferPointer(rebasing: samples[0..<count])) } catch { return false }
                return true
            }
            server.drain()
        }
        file.seek(toFrame: frame)
        return at
    }

    private func run() {
        var served = -1
        while true {
            let (job, number) = condition.withLock { () -> ((pages: [Int], source: PageSource, language: String?, at: Double)?, Int) in
                while generation == served { condition.wait() }
                return (request, generation)
            }
            served = number
            guard let job else { continue }
            for page in job.pages where current == number {
                guard let narration = job.source.narration(of: page, language: job.language) else { continue }
                play(narration, page: page, askedAt: job.at, generation: number)
            }
        }
    }

    private func play(_ narration: PageNarration, page: Int, askedAt: Double, generation number: Int) {
        if let failure = narration.failure {
            note(.failed(page: page, reason: failure), once: narration.audio)
            return
        }
        let file: AudioFile
        do { file = try AudioFile(path: narration.audio) } catch {
            note(.failed(page: page, reason: "\(narration.audio): \(error.reason)"), once: narration.audio)
            return
        }
        let (captions, problem) = narration.readCaptions()
        if let problem, let path = narration.captions {
            note(.captionsFailed(page: page, reason: "\(path): \(problem)"), once: path)
        }
        var server: any AudioOutput
        do { server = try openAudioOutput(server: self.server, rate: file.rate, channels: file.channels, name: "page \(page)") } catch {
            note(.unavailable(reason: "no sound server takes the narration: \(error.reason)"), once: "server")
            return
        }
        _ = condition.withLock { warned.remove("server") }
        let frames = max(1, Int(Double(file.rate) * Self.chunkMS / 1000))
        // `written`: since the last (re)start, whose place in the recording is `from` (ms); `heardAt`: when the
        // recording's first sample is (or would have been, had it not paused) heard.
        var buffer = [Float](), written = 0.0, heardAt: Double?, from = 0.0, resumed = false
        while true {
            let (gain, stopping, pausing) = condition.withLock { (self.gain, generation != number, paused) }
            if pausing && !stopping {
                let at = pause(file, server, heardAt: heardAt, gain: gain)
                note(.paused(page: page, atMS: at))
                let ours = condition.withLock { () -> Bool in
                    while paused && generation == number { condition.wait() }
                    return generation == number
                }
                guard ours else {
                    note(.ended(page: page, heardMS: at, durationMS: file.durationMS, completed: false))
                    return
                }
                (from, written, heardAt, resumed) = (at, 0, nil, true)
                continue
            }
            // A stop drops what the server holds and fades out over what comes next: heard within the fade, and
            // the next page's recording does not wait behind the old one's buffer.
            if stopping { server.flush() }
            let n = file.read(into: &buffer, frames: stopping ? Int(Double(file.rate) * Self.fadeMS / 1000) : frames)
            if n == 0 {
                if heardAt == nil, written > 0 { heardAt = monotonicMilliseconds() + server.latencyMS - written - from }
                break
            }
            let count = n * file.channels
            // Fading out at a stop; fading in where a pause let go, so neither clicks.
            let fadeIn = resumed && written == 0
            for i in 0..<count {
                let f = Float(Double(i / file.channels) / Double(n))
                buffer[i] *= gain * (stopping ? 1 - f : fadeIn ? f : 1)
            }
            let failure = buffer.withUnsafeBufferPointer { samples -> SoundError? in
                do throws(SoundError) { try server.write(UnsafeBufferPointer(rebasing: samples[0..<count])) } catch { return error }
                return nil
            }
            if let failure {
                note(.unavailable(reason: "the sound server went away: \(failure.reason)"), once: "server")
                let at = heardAt.map { max(0, min(file.durationMS, monotonicMilliseconds() - $0)) } ?? from
                // A server restarting (a crash, an update) is back within seconds: the recording goes on from
                // where it was heard.
                guard let again = reconnect(like: server, rate: file.rate, channels: file.channels, page: page, generation: number) else {
                    note(.ended(page: page, heardMS: at, durationMS: file.durationMS, completed: false))
                    return
                }
                server = again
                _ = condition.withLock { warned.remove("server") }
                file.seek(toFrame: Int(at / 1000 * Double(file.rate)))
                (from, written, heardAt, resumed) = (at, 0, nil, true)
                continue
            }
            written += Double(n) / Double(file.rate) * 1000
            // Once the server holds its buffer's worth it plays: the first sample is heard the latency minus
            // what was written after it from now.
            if heardAt == nil, written >= SoundServer.bufferMS || n < frames {
                let now = monotonicMilliseconds(), at = now + max(0, server.latencyMS - written) - from
                heardAt = at
                note(resumed ? .resumed(page: page, heardAt: at)
                             : .started(page: page, durationMS: file.durationMS, captions: captions, heardAt: at, afterMS: at - askedAt))
            }
            if stopping { break }
        }
        let stopped = current != number
        server.drain()
        let heard = heardAt.map { max(0, min(file.durationMS, monotonicMilliseconds() - $0)) } ?? 0
        note(.ended(page: page, heardMS: stopped ? heard : file.durationMS, durationMS: file.durationMS, completed: !stopped))
    }
}
