import AppCore
import Occurrences
import Reader
import Testing
import Visits

/// The recorder, fed a scripted day as the shell feeds it.
@Suite struct VisitRecorderTests {
    static func recorder(idle: Double? = 60_000) -> VisitRecorder {
        VisitRecorder(book: "atlas.cbz", idleTimeout: idle, wallOffsetMS: 1_700_000_000_000, utcOffsetMinutes: 60)
    }

    /// Feeds (time, input) pairs; returns the finished visits.
    static func run(_ r: inout VisitRecorder, _ script: [(Double, VisitInput)]) -> [Visit] {
        var done: [Visit] = []
        for (t, input) in script {
            for case .finished(let v) in r.record(input, at: t) { done.append(v) }
        }
        return done
    }

    @Test func aVisitRunsFromTheFirstInputToTheIdleReset() {
        var r = Self.recorder()
        let visits = Self.run(&r, [
            (500, .page(1)),
            (1000, .input), (1100, .turn(.tap)), (1400, .page(2)),
            (5000, .input), (5050, .turn(.drag)), (5400, .page(3)),
            (9000, .input), (9001, .turn(.key)), (9300, .page(4)),
            (12_000, .input),
            (72_000, .idleReset), (72_000, .page(1)),
        ])
        #expect(visits.count == 1)
        let v = visits[0]
        #expect(v.startedAt == 1_700_000_001_000)
        #expect(v.utcOffsetMinutes == 60)
        #expect(v.lengthMS == 71_000)
        #expect(v.activeMS == 11_000, "dwell stops at the last input, not at the idle reset")
        #expect(v.turns == [.tap: 1, .drag: 1, .key: 1])
        #expect(v.pages.map(\.page) == [1, 2, 3, 4])
        #expect(v.pages.map(\.ms) == [400, 4000, 3900, 2700])
        #expect(v.pages.map(\.ms).reduce(0, +) == v.activeMS)
        #expect(!v.attract && !v.open && v.books == ["atlas.cbz"])
        #expect(!r.isOpen)
    }

    @Test func pagesShownBetweenVisitsCountForNobody() {
        var r = Self.recorder()
        var visits = Self.run(&r, [(0, .input), (100, .idleReset), (100, .page(1))])
        visits += Self.run(&r, [(50_000, .page(7)), (60_000, .input), (61_000, .input), (62_000, .idleReset)])
        #expect(visits.count == 2)
        #expect(visits[1].pages == [PageDwell(book: "atlas.cbz", page: 7, ms: 1000, shows: 1)])
    }

    @Test func attractModeBeginsAVisitThatSaysSo() {
        var r = Self.recorder()
        let visits = Self.run(&r, [
            (0, .input), (10_000, .attractBegan),
            (50_000, .input), (50_000, .attractEnded), (53_000, .input), (60_000, .idleReset),
        ])
        #expect(visits.map(\.attract) == [false, true])
        #expect(visits[0].lengthMS == 10_000 && visits[0].activeMS == 0)
        #expect(visits[1].lengthMS == 10_000 && visits[1].activeMS == 3000)
    }

    @Test func zoomsKeepTheirCentreAndTimeUntilFitOrTheNextPage() {
        var r = Self.recorder()
        let visits = Self.run(&r, [
            (0, .input),
            (1000, .zoom(scale: 2.5, centre: PagePoint(page: 1, x: 0.25, y: 0.75))),
            (2000, .zoom(scale: 3, centre: PagePoint(page: 1, x: 0.3, y: 0.7))),
            (4000, .input), (4000, .zoom(scale: 1, centre: PagePoint(page: 1, x: 0.5, y: 0.5))),
            (5000, .input), (5000, .zoom(scale: 2, centre: nil)), (6000, .input), (6300, .turn(.flick)), (6600, .page(2)),
            (7000, .input), (9000, .idleReset),
        ])
        let z = visits[0].zooms
        #expect(z.count == 2)
        #expect(z[0] == ZoomRecord(book: "atlas.cbz", page: 1, x: 0.25, y: 0.75, scale: 3, ms: 3000))
        #expect(z[1] == ZoomRecord(book: "atlas.cbz", page: 1, x: 0.5, y: 0.5, scale: 2, ms: 1600))
        #expect(visits[0].turns == [.flick: 1])
    }

    @Test func overlayScrubberAndBooksAreCounted() {
        var r = Self.recorder()
        let visits = Self.run(&r, [
            (0, .input), (10, .overlay), (20, .scrubber), (30, .page(40)), (40, .book("herbal")), (40, .page(1)),
            (100, .input), (200, .idleReset),
        ])
        let v = visits[0]
        #expect(v.overlayUses == 1 && v.scrubberUses == 1 && v.turns == [.jump: 1])
        #expect(v.books == ["atlas.cbz", "herbal"])
        #expect(v.pages.map { "\($0.book):\($0.page):\(Int($0.ms))" } == ["atlas.cbz:1:30", "atlas.cbz:40:10", "herbal:1:60"])
    }

    @Test func aMissingIdleResetEndsTheVisitAtTheTimeout() {
        var r = Self.recorder(idle: 10_000)
        _ = r.record(.input, at: 0)
        _ = r.record(.input, at: 2000)
        #expect(r.nextDeadline != nil)
        #expect(!r.tick(at: 12_900).contains { if case .finished = $0 { true } else { false } }, "a late reset still comes")
        let ended = r.tick(at: 13_001)
        guard case .finished(let v)? = ended.first else { Issue.record("no visit ended: \(ended)"); return }
        #expect(v.lengthMS == 12_000 && v.activeMS == 2000)
        #expect(!r.isOpen)
    }

    @Test func aLongerTimeoutSetMidVisitKeepsItOpenPastTheOldOne() {
        var r = Self.recorder(idle: 10_000)
        _ = r.record(.input, at: 0)
        _ = r.record(.idleTimeout(60_000), at: 2000)
        #expect(r.tick(at: 30_000).allSatisfy { if case .finished = $0 { false } else { true } })
        #expect(r.isOpen)
        _ = r.record(.input, at: 40_000)
        let ended = r.tick(at: 101_001)
        guard case .finished(let v)? = ended.first else { Issue.record("no visit ended: \(ended)"); return }
        #expect(v.lengthMS == 100_000 && v.activeMS == 40_000, "\(v)")
    }

    @Test func progressIsSavedAtMostOncePerPeriod() {
        var r = Self.recorder()
        var saves: [Double] = []
        var t = 0.0
        while t < 10_000 {
            for case .progress(_) in r.record(.input, at: t) { saves.append(t) }
            if let due = r.nextDeadline, due <= t + 16 { for case .progress(_) in r.tick(at: due) { saves.append(due) } }
            t += 16
        }
        #expect(saves.count >= 9 && saves.count <= 11)
        for (a, b) in zip(saves, saves.dropFirst()) { #expect(b - a >= 1000) }
        #expect(r.current?.open == true)
        #expect(r.current?.activeMS ?? 0 > 9900)
    }

    @Test func finishingEndsTheOpenVisitWhereTheVisitorWasLastSeen() {
        var r = Self.recorder()
        _ = r.record(.input, at: 0)
        _ = r.record(.input, at: 3000)
        guard case .finished(let v)? = r.finish(at: 20_000).first else { Issue.record("nothing finished"); return }
        #expect(v.lengthMS == 3000 && !v.open)
    }
}

/// The visit counters of the metrics file.
@Suite struct VisitCountersTests {
    @Test func finishedVisitsAreCountedAndBucketed() {
        var c = VisitCounters()
        c.add(.finished(Visit(startedAt: 0, activeMS: 20_000, attract: true, pages: [PageDwell(book: "b", page: 1, ms: 20_000, shows: 1)],
                              turns: [.tap: 3])))
        c.add(.finished(Visit(startedAt: 1, activeMS: 700_000, turns: [.tap: 1, .drag: 2])))
        c.add(.progress(Visit(startedAt: 2, activeMS: 1000)))
        c.add(.attractBegan(at: 5))
        let text = c.exposition()
        for line in ["recto_visits_total{attract=\"false\"} 1", "recto_visits_total{attract=\"true\"} 1",
                     "recto_visit_attract_runs_total 1", "recto_visit_turns_total{kind=\"tap\"} 4",
                     "recto_visit_turns_total{kind=\"drag\"} 2", "recto_visit_turns_total{kind=\"jump\"} 0",
                     "recto_visit_seconds_bucket{le=\"15\"} 0", "recto_visit_seconds_bucket{le=\"30\"} 1",
                     "recto_visit_seconds_bucket{le=\"600\"} 1", "recto_visit_seconds_bucket{le=\"1200\"} 2",
                     "recto_visit_seconds_bucket{le=\"+Inf\"} 2", "recto_visit_seconds_sum 720",
                     "recto_visit_seconds_count 2", "recto_visit_dwell_seconds_total 20"] {
            #expect(text.split(separator: "\n").contains(Substring(line)), "\(line) in\n\(text)")
        }
    }
}
