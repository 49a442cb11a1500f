import AppCore
import Occurrences
import Posix

/// The paper's sound of a turn (`page-sound`), on a thread of its own with one stream to the sound server kept
/// open: each sound plays as soon as it is written (no pre-buffering), and a new one drops what is left of the
/// last (one voice: twenty turns a second make twenty starts, never a pile of overlapping noise). Without a
/// sound server it says so once, through `fd`, and stays silent.
public final class PageSoundPlayer: @unchecked Sendable {
    // @unchecked: the fields below are read and written with `condition` held.
    private let condition = Condition()
    private let wakeup = WakePipe()
    private var level = 0.0
    private var generation = 0
    private var notes: [PageSoundNote] = []
    private var warned = false
    private let server: String?

    static let rate = 48_000
    /// Written in steps this long, so a new turn cuts in within one; the first `headMS` at once (what the server
    /// holds ahead).
    static let stepMS = 5.0
    static let headMS = 40.0

    public init(server: String? = nil) {
        self.server = server
        startThread(name: "page-sound") { [self] in run() }
    }

    public var fd: Int32 { wakeup.fd }

    public func takeNotes() -> [PageSoundNote] {
        wakeup.drain()
        return condition.withLock {
            defer { notes = [] }
            return notes
        }
    }

    /// Plays the sound at `level` (0…1 of its loudest), as loud as `loudness` says now (as narration is: a kiosk's
    /// quiet hours quieten its pages too).
    public func play(level: Double, loudness: NarrationLoudness) {
        let percent = loudness.percent(atMinute: localMinuteOfDay())
        condition.withLock {
            self.level = level * Double(max(0, min(100, percent))) / 100
            generation += 1
            condition.signal()
        }
    }

    private func run() {
        var served = 0
        var stream: (any AudioOutput)?
        while true {
            let (level, number) = condition.withLock { () -> (Double, Int) in
                while generation == served { condition.wait() }
                return (self.level, generation)
            }
            served = number
            if stream == nil {
                do {
                    stream = try openAudioOutput(server: server, rate: Self.rate, channels: 1, name: "page turn",
                                                 bufferMS: Self.headMS, startsAtOnce: true)
                    condition.withLock { warned = false }
                } catch {
                    let say = condition.withLock { () -> Bool in
                        defer { warned = true }
                        if !warned { notes.append(.unavailable(reason: "no sound server takes the page sound: \(error.reason)")) }
                        return !warned
                    }
                    if say { wakeup.wake() }
                    continue
                }
            }
            guard let s = stream else { continue }
            s.flush()
            let samples = PaperSound.samples(level: level, rate: Self.rate)
            let step = Int(Double(Self.rate) * Self.stepMS / 1000), head = Int(Double(Self.rate) * Self.headMS / 1000)
            var at = 0
            while at < samples.count, current == number {
                // The attack in one write: a thread late for the next step does not cut the loudest part.
                let end = min(samples.count, at + (at == 0 ? head : step))
                let failed = samples.withUnsafeBufferPointer { all -> Bool in
                    do throws(SoundError) { try s.write(UnsafeBufferPointer(rebasing: all[at..<end])) } catch { return true }
                    return false
                }
                if failed { stream = nil; break }
                at = end
            }
        }
    }

    private var current: Int { condition.withLock { generation } }
}
