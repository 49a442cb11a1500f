import AppCore
import Occurrences
import Reader
import Testing
@testable import Operations

/// The Prometheus counters, fed with the core's occurrences as the shell feeds them.
@Suite struct MetricsRecorderTests {
    static func flip(_ phase: ReaderEvent.Phase, _ direction: String) -> Occurrence {
        .flip(phase, direction == "forward" ? .forward : .backward, by: nil)
    }

    static func page(_ p: Int) -> Occurrence { .page(p, by: nil) }

    @Test func turnsPageViewsAndSecondsFollowTheEvents() {
        var m = MetricsRecorder()
        m.observe(.shown(page: 1), at: 0)
        for occurrence in [Self.flip(.begin, "forward"), Self.flip(.commit, "forward"), Self.page(2)] {
            m.observe(occurrence, at: 2000)
        }
        m.observe(Self.flip(.begin, "forward"), at: 3000)
        m.observe(Self.flip(.cancel, "forward"), at: 3100)
        m.observe(Self.flip(.commit, "backward"), at: 5000)
        m.observe(Self.page(1), at: 5000)
        #expect(m.turns == [.init(direction: .forward, committed: true): 1, .init(direction: .forward, committed: false): 1,
                            .init(direction: .backward, committed: true): 1])
        #expect(m.pageViews == [1: 2, 2: 1])
        #expect(m.secondsShown(1, now: 6000) == 3)
        #expect(m.secondsShown(2, now: 6000) == 3)
    }

    @Test func otherCountersAndTheChangedFlag() {
        var m = MetricsRecorder()
        m.written()
        m.observe(.overlay(shown: true), at: 0)
        #expect(!m.changed, "the overlay counts nothing")
        m.observe(.zoom(scale: 2, rotation: 0, centre: nil), at: 0)
        m.observe(.idleReset(page: 1), at: 0)
        m.observe(.pageFailed(page: 3, message: "x"), at: 0)
        m.setHelperRestarts(1)
        #expect(m.changed && m.zooms == 1 && m.idleResets == 1 && m.decodeFailures == 1 && m.helperRestarts == 1)
    }

    @Test func histogramsAreCumulativeInTheExposition() {
        var m = MetricsRecorder()
        m.book = "/srv/books/\"atlas\""
        m.frameDrawn(at: 1000, cost: 3)
        m.frameDrawn(at: 1016, cost: 20)
        m.frameDrawn(at: 1032, cost: 900)
        let text = m.exposition(now: 2000, wallOffset: 1_000_000, residentBytes: 4096, textureBytes: 0)
        let lines = Set(text.split(separator: "\n").map(String.init))
        #expect(lines.contains("# TYPE recto_frame_seconds histogram"))
        #expect(lines.contains("recto_frame_seconds_bucket{le=\"0.004\"} 1"))
        #expect(lines.contains("recto_frame_seconds_bucket{le=\"0.025\"} 2"))
        #expect(lines.contains("recto_frame_seconds_bucket{le=\"0.5\"} 2"))
        #expect(lines.contains("recto_frame_seconds_bucket{le=\"+Inf\"} 3"))
        #expect(lines.contains("recto_frame_seconds_count 3"))
        #expect(lines.contains("recto_frames_total 3"))
        #expect(lines.contains("recto_turns_total{direction=\"backward\",outcome=\"cancel\"} 0"))
        #expect(lines.contains("recto_book_info{book=\"/srv/books/\\\"atlas\\\"\"} 1"))
        #expect(lines.contains("recto_heartbeat_timestamp_seconds 1000002"))
        #expect(lines.contains("recto_last_frame_timestamp_seconds 1000001.032"))
        #expect(lines.contains("recto_resident_memory_bytes 4096"))
    }
}

extension MetricsRecorder {
    /// Counts what `occurrence` means to the metrics, as the reader does.
    mutating func observe(_ occurrence: Occurrence, at now: Double) { observe(occurrence.meaning.metrics, at: now) }
}
