import AppCore
import Glibc
import Posix
@testable import Sound
import Testing

/// The paper's sound: synthesized with its peak bounded; played at once through a real PulseAudio and recorded.
@Suite(.serialized) struct PageSoundTests {
    @Test func itsPeakIsItsLevelAndALouderTurnIsBrighter() {
        let soft = PaperSound.samples(level: 0.2, rate: 48_000), hard = PaperSound.samples(level: 1, rate: 48_000)
        #expect(abs((soft.map(abs).max() ?? 0) - 0.18) < 0.001)
        #expect(abs((hard.map(abs).max() ?? 0) - 0.9) < 0.001)
        // Brightness: the share of energy in sample-to-sample change.
        func bright(_ x: [Float]) -> Double {
            var d = 0.0, e = 0.0
            for i in 1..<x.count { d += Double((x[i] - x[i - 1]) * (x[i] - x[i - 1])); e += Double(x[i] * x[i]) }
            return d / e
        }
        #expect(bright(hard) > 2 * bright(soft))
        #expect(PaperSound.samples(level: .nan, rate: 48_000).isEmpty && PaperSound.samples(level: 0, rate: 48_000).isEmpty)
    }

    /// Soft, hard, then twenty hard ones a second: each is heard at once, the hard one louder, and the twenty no
    /// louder than one (one voice, each cutting the last).
    @Test func heardAtOnceAsLoudAsAskedAndNeverPilingUp() throws {
        let server = try PrivateSoundServer(rate: 48_000)
        let player = PageSoundPlayer(server: server.address)
        player.play(level: 0.01, loudness: NarrationLoudness(percent: 100))
        usleep(300_000)
        var asked: [Double] = []
        let record = try server.recordTimed(tailMS: 400) {
            for level in [0.25, 1.0] {
                asked.append(monotonicMilliseconds())
                player.play(level: level, loudness: NarrationLoudness(percent: 100))
                usleep(400_000)
            }
            asked.append(monotonicMilliseconds())
            for _ in 0..<20 {
                player.play(level: 1, loudness: NarrationLoudness(percent: 100))
                usleep(50_000)
            }
        }
        let s = record.samples
        func part(_ from: Double, _ to: Double) -> ArraySlice<Float> {
            let a = s.indices.first { (record.time(ofSample: $0) ?? 0) > from } ?? s.count
            let b = s.indices.first { (record.time(ofSample: $0) ?? 0) > to } ?? s.count
            return s[a..<max(a, b)]
        }
        var onsets: [Double] = []
        for t in asked {
            guard let i = s.indices.first(where: { (record.time(ofSample: $0) ?? 0) > t && abs(s[$0]) > 0.01 }) else { continue }
            onsets.append(record.time(ofSample: i)! - t)
        }
        print("page sound: asked → first sample out of the server: \(onsets.map { Int($0) }) ms")
        #expect(onsets.count == 3 && onsets.allSatisfy { $0 < 80 }, "\(onsets)")
        let soft = part(asked[0], asked[1]).map(abs).max() ?? 0, hard = part(asked[1], asked[2]).map(abs).max() ?? 0
        let burst = part(asked[2], .infinity).map(abs).max() ?? 0
        #expect(hard > 2.5 * soft, "soft \(soft), hard \(hard)")
        #expect(hard > 0.6 && burst <= 0.92, "twenty a second: peak \(burst) against one's \(hard)")
        #expect(part(asked[2], .infinity).filter { abs($0) > hard / 3 }.count > 200, "and heard")
    }

    @Test func withoutASoundServerItSaysSoOnce() throws {
        let server = try PrivateSoundServer()
        server.kill()
        let player = PageSoundPlayer(server: server.address)
        for _ in 0..<3 { player.play(level: 1, loudness: NarrationLoudness(percent: 100)); usleep(100_000) }
        let said = player.takeNotes()
        #expect(said.count == 1, "\(said)")
    }
}
