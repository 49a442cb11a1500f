import AppCore
import Book
import Config
import Glibc
import Occurrences
import Pages
import Posix
import Testing
@testable import Sound

/// The player against a real PulseAudio with a null sink, recorded: what a visitor would hear.
@Suite(.serialized) struct NarrationPlayerTests {
    static let rate = 8000

    /// A one-page book (a PNG) with `page-001.wav` beside it and, where given, captions.
    func book(audio: [UInt8]? = nil, captions: String? = nil, name: String = "page-001", ext: String = "wav") throws -> (PageSource, String) {
        var template = Array("/tmp/recto-narr-XXXXXX".utf8CString)
        let dir = String(cString: mkdtemp(&template)!)
        // The smallest valid PNG: 1 × 1 grey.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
                            8, 0, 0, 0, 0, 0x3A, 0x7E, 0x9B, 0x55, 0, 0, 0, 10, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x68, 0, 0, 0, 0x82,
                            0, 0x81, 0x77, 0xCD, 0x72, 0xB6, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        writeAll(dir + "/\(name).png", png)
        if let audio { writeAll(dir + "/\(name).\(ext)", audio) }
        if let captions { writeAll(dir + "/\(name).vtt", Array(captions.utf8)) }
        return (try PageSource.open(path: dir), dir)
    }

    /// Notes until `until` says stop, or `timeoutMS`.
    func notes(_ player: NarrationPlayer, timeoutMS: Double = 5000, until: ([NarrationNote]) -> Bool) -> [NarrationNote] {
        var all: [NarrationNote] = []
        let end = monotonicMilliseconds() + timeoutMS
        while monotonicMilliseconds() < end {
            var p = pollfd(fd: player.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 50)
            all += player.takeNotes()
            if until(all) { break }
        }
        return all
    }

    @Test func aPagesRecordingReachesTheSoundServerAsItIs() throws {
        let server = try PrivateSoundServer()
        let signal = chirp(seconds: 0.6, rate: Self.rate)
        let (source, _) = try book(audio: wav(signal, rate: Self.rate),
                                   captions: "WEBVTT\n\n00:00.000 --> 00:00.400\n<v Curator>The first leaf\n")
        let player = NarrationPlayer(server: server.address)
        var heard: [NarrationNote] = []
        let record = try server.recordTimed {
            player.perform(.play(pages: [1], language: nil, loudness: NarrationLoudness(percent: 100)), source: source, now: monotonicMilliseconds())
            heard = notes(player) { $0.contains { if case .ended = $0 { true } else { false } } }
        }
        let recording = record.samples
        guard case let .started(page, duration, captions, heardAt, after) = heard.first else {
            Issue.record("no start: \(heard)"); return
        }
        #expect(page == 1)
        #expect(abs(duration - 600) < 1)
        #expect(captions?.cues.first?.speaker == "Curator")
        #expect(after < 500, "asked to heard: \(after) ms")
        #expect(heard.contains(.ended(page: 1, heardMS: 600, durationMS: 600, completed: true)))
        let match = bestMatch(signal, in: recording)
        #expect(match.correlation >= 0.9, "correlation \(match.correlation) at \(match.offset) of \(recording.count)")
        // The captions are timed from `heardAt`: it is when the sink played the first sample (within 60 ms on a
        // quiet machine, docs/narration.md; the bound leaves room for both cores busy).
        let onset = try #require(record.time(ofSample: match.offset))
        print("narration: heardAt against the first sample out of the server: \(onset - heardAt) ms")
        #expect(abs(onset - heardAt) < 250, "left the server at \(onset), said \(heardAt)")
    }

    @Test func aStopFadesTheRecordingOutAtOnce() throws {
        let server = try PrivateSoundServer()
        let (source, _) = try book(audio: wav(chirp(seconds: 3, rate: Self.rate), rate: Self.rate))
        let player = NarrationPlayer(server: server.address)
        var stoppedAt = 0.0, heard: [NarrationNote] = []
        let record = try server.recordTimed(tailMS: 600) {
            player.perform(.play(pages: [1], language: nil, loudness: NarrationLoudness(percent: 100)), source: source, now: monotonicMilliseconds())
            _ = notes(player) { $0.contains { if case .started = $0 { true } else { false } } }
            usleep(500_000)
            stoppedAt = monotonicMilliseconds()
            player.perform(.stop, source: source, now: stoppedAt)
            heard = notes(player) { $0.contains { if case .ended = $0 { true } else { false } } }
        }
        guard case let .ended(_, heardMS, _, completed) = heard.last else { Issue.record("\(heard)"); return }
        #expect(!completed)
        #expect(heardMS > 300 && heardMS < 1000)
        // Silent from 100 ms after the stop: the fade and the server's short buffer are all that leave it after.
        let loudAfter = record.samples.indices.filter { abs(record.samples[$0]) > 0.02 && (record.time(ofSample: $0) ?? 0) > stoppedAt + 100 }.count
        #expect(loudAfter < Self.rate / 100, "\(loudAfter) loud samples after the stop")
    }

    @Test func volumeScalesWhatIsHeard() throws {
        let server = try PrivateSoundServer()
        let signal = chirp(seconds: 0.5, rate: Self.rate)
        let (source, _) = try book(audio: wav(signal, rate: Self.rate))
        // 25 %, then all day quiet at 50 % of a 100 % recording.
        for (loudness, low, high) in [(NarrationLoudness(percent: 25), 0.1, 0.2),
                                      (NarrationLoudness(percent: 100, quiet: QuietHours(from: 0, to: 0), quietPercent: 50), 0.22, 0.35)] {
            let player = NarrationPlayer(server: server.address)
            let recording = try server.record {
                player.perform(.play(pages: [1], language: nil, loudness: loudness), source: source, now: monotonicMilliseconds())
                _ = notes(player) { $0.contains { if case .ended = $0 { true } else { false } } }
            }
            let peak = Double(recording.map(abs).max() ?? 0)
            #expect(peak > low && peak < high, "peak \(peak) for a 0.55 peak at \(loudness)")
        }
    }

    @Test func withoutASoundServerItSaysSoOnceAndTheNextServerPlays() throws {
        let server = try PrivateSoundServer()
        server.kill()
        let (source, _) = try book(audio: wav(chirp(seconds: 0.3, rate: Self.rate), rate: Self.rate))
        let player = NarrationPlayer(server: server.address)
        for _ in 0..<2 {
            player.perform(.play(pages: [1], language: nil, loudness: NarrationLoudness(percent: 100)), source: source, now: monotonicMilliseconds())
            usleep(200_000)
        }
        let said = player.takeNotes()
        #expect(said.count == 1, "\(said)")
        guard case .unavailable(let reason) = said.first else { Issue.record("\(said)"); return }
        #expect(reason.contains("no sound server"))
        try server.start()
        player.perform(.play(pages: [1], language: nil, loudness: NarrationLoudness(percent: 100)), source: source, now: monotonicMilliseconds())
        let heard = notes(player) { $0.contains { if case .ended = $0 { true } else { false } } }
        #expect(heard.contains { if case .started = $0 { true } else { false } }, "\(heard)")
    }

    @Test func theServerRestartedMidPlayGoesOnWhereItWas() throws {
        let server = try PrivateSoundServer()
        let signal = chirp(seconds: 4, rate: Self.rate)
        let (source, _) = try book(audio: wav(signal, rate: Self.rate))
        let player = NarrationPlayer(server: server.address)
        player.perform(.play(pages: [1], language: nil, loudness: NarrationLoudness(percent: 100)), source: source, now: monotonicMilliseconds())
        _ = notes(player) { $0.contains { if case .started = $0 { true } else { false } } }
        usleep(800_000)
        server.kill()
        let gone = notes(player) { $0.contains { if case .unavailable = $0 { true } else { false } } }
        #expect(gone.contains { if case .unavailable(let r) = $0 { r.contains("went away") } else { false } }, "\(gone)")
        try server.start()
        var after: [NarrationNote] = []
        let record = try server.recordTimed(tailMS: 200) {
            after = notes(player, timeoutMS: 8000) { $0.contains { if case .ended = $0 { true } else { false } } }
        }
        guard case .resumed(1, _)? = after.first else { Issue.record("\(after)"); return }
        #expect(after.last == .ended(page: 1, heardMS: 4000, durationMS: 4000, completed: true), "\(after)")
        // What the new server played is the recording from where the old one went: about 0.8 s in.
        let onset = record.samples.firstIndex { abs($0) > 0.05 } ?? 0
        let found = (4000..<16_000).lazy.map { from -> (Int, Double) in
            (from, correlationAt(Array(signal[from..<(from + 800)]), record.samples, onset))
        }.max { $0.1 < $1.1 }
        #expect((found?.1 ?? 0) >= 0.9, "goes on from its place: \(String(describing: found))")
    }

    // MARK: bad input: the page reads without it, and the log says why once

    func failures(_ audio: [UInt8], captions: String? = nil, ext: String = "wav") throws -> [NarrationNote] {
        let server = try PrivateSoundServer()
        let (source, _) = try book(audio: audio, captions: captions, ext: ext)
        let player = NarrationPlayer(server: server.address)
        var all: [NarrationNote] = []
        for _ in 0..<2 {
            player.perform(.play(pages: [1], language: nil, loudness: NarrationLoudness(percent: 100)), source: source, now: monotonicMilliseconds())
            all += notes(player, timeoutMS: 3000) { $0.contains { if case .failed = $0 { true } else if case .ended = $0 { true } else { false } } }
        }
        return all
    }

    @Test func noiseIsNoRecording() throws {
        let said = try failures((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        #expect(said.count == 1, "said once: \(said)")
        guard case .failed(1, let reason) = said.first else { Issue.record("\(said)"); return }
        #expect(reason.contains("page-001.wav"))
    }

    @Test func aHeaderClaimingTenGigabytesOrAHundredChannelsIsRefused() throws {
        var huge = wav(chirp(seconds: 0.1, rate: Self.rate), rate: Self.rate)
        // data chunk size: 10 GB does not fit 32 bits; the largest a header can claim, 4 GB, is 74 hours at 8 kHz.
        huge.replaceSubrange(40..<44, with: [0xFF, 0xFF, 0xFF, 0xFF])
        huge.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let long = try failures(huge)
        #expect(long.contains { if case .failed(_, let r) = $0 { r.contains("long") } else { false } } || long.contains {
            if case .started(_, let d, _, _, _) = $0 { d < 1000 } else { false } }, "\(long)")
        var wide = wav(chirp(seconds: 0.1, rate: Self.rate), rate: Self.rate)
        wide[22] = 100
        let said = try failures(wide)
        #expect(said.count == 1, "\(said)")
        guard case .failed(1, _) = said.first else { Issue.record("\(said)"); return }
    }

    /// A FLAC whose STREAMINFO says eight hours (FLAC's header is trusted for its length; a WAV's data size is
    /// checked against the file): refused before a sample is decoded, whatever it would have cost.
    @Test func anEightHourRecordingIsRefused() throws {
        let (_, dir) = try book()
        writeAll(dir + "/one.wav", wav(chirp(seconds: 1, rate: Self.rate), rate: Self.rate))
        #expect(run("flac --silent --force -o \(dir)/one.flac \(dir)/one.wav") == 0, "flac is installed")
        var flac = try readAll(dir + "/one.flac")
        // STREAMINFO from byte 18: 20 bits of rate, 3 of channels - 1, 5 of bits - 1, 36 of samples.
        let samples = UInt64(8 * 3600 * Self.rate)
        let packed = UInt64(Self.rate) << 44 | UInt64(0) << 41 | UInt64(15) << 36 | samples
        flac.replaceSubrange(18..<26, with: (0..<8).map { UInt8(truncatingIfNeeded: packed >> (56 - 8 * UInt64($0))) })
        let said = try failures(flac, ext: "flac")
        #expect(said.count == 1, "\(said)")
        guard case .failed(1, let reason) = said.first else { Issue.record("\(said)"); return }
        #expect(reason.contains("28800 s long"), "\(reason)")
    }

    @Test func aTruncatedRecordingPlaysWhatItHas() throws {
        let whole = wav(chirp(seconds: 1, rate: Self.rate), rate: Self.rate)
        let said = try failures(Array(whole.prefix(44 + 4000)))
        #expect(said.contains { if case .ended(1, _, _, true) = $0 { true } else { false } }, "\(said)")
    }

    @Test func captionsThatAreNotWebVTTAreLeftOutOnceAndTheRecordingPlays() throws {
        let said = try failures(wav(chirp(seconds: 0.2, rate: Self.rate), rate: Self.rate), captions: "<html>captions</html>")
        let broken = said.filter { if case .captionsFailed = $0 { true } else { false } }
        #expect(broken.count == 1, "\(said)")
        #expect(said.contains { if case .started(1, _, nil, _, _) = $0 { true } else { false } }, "\(said)")
    }
}

/// The normalised correlation of `signal` with `recording` from `offset`.
func correlationAt(_ signal: [Float], _ recording: [Float], _ offset: Int) -> Double {
    guard offset >= 0, offset + signal.count <= recording.count else { return 0 }
    var xy = 0.0, xx = 0.0, yy = 0.0
    for i in 0..<signal.count {
        let x = Double(signal[i]), y = Double(recording[offset + i])
        xy += x * y; xx += x * x; yy += y * y
    }
    return xy / max(1e-12, (xx * yy).squareRoot())
}
