import AppCore
import ArgumentParser
import Diagnostics
import Glibc
import Occurrences
import Posix
import Reader
import Visits

/// `recto bench-visits`: the visit statistics' costs, measured on generated kiosks (a year of a busy one by
/// default): database size, write time, the reader's write transactions per second, and a report's time.
public struct VisitBench: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "bench-visits",
        abstract: "Measure the visit statistics: a generated kiosk's database size, write and report times.",
        discussion: """
        Generates --days days of --per-day visits (pages, dwell, turns of every kind, zooms around a few hot \
        spots, attract runs; a fixed --seed gives the same kiosk) into --out through the reader's own writer, \
        then times a report of it. --reading also has a simulated visitor turn pages and zoom for that many \
        seconds at 60 inputs a second and counts the write transactions.

        \(ExitStatus.helpSection([.ok, .usage]))
        """)

    @Option(help: "The database to write (replaced).") var out: String
    @Option(help: "Days of visits.") var days = 365
    @Option(name: .customLong("per-day"), help: "Visits a day.") var perDay = 200
    @Option(help: "The generator's seed.") var seed: UInt64 = 1
    @Option(help: "The kiosk's name in the database.") var kiosk = "kiosk"
    @Option(help: "Seconds of simulated reading to count write transactions over (0: none).") var reading = 0.0

    public func run() throws {
        for suffix in ["", "-wal", "-shm"] { _ = systemCall { unlink(out + suffix) } }
        var rng = SplitMix(seed: seed)
        let firstDay = Int64(20_000 + Int(seed % 7))  // days since 1970 (2024-10-04 and on)
        let writeStart = monotonicMilliseconds()
        let writer = VisitWriter(.init(path: out, retentionDays: 36_500, kiosk: kiosk, minInterval: 0)) { printError($0) }
        var visits = 0
        for day in 0..<Int64(days) {
            var batch: [VisitUpdate] = []
            for _ in 0..<perDay {
                let start = (firstDay + day) * 86_400_000 + Int64(9 * 3_600_000) + Int64(rng.below(9 * 3_600_000))
                let attract = rng.below(10) < 4
                if attract || rng.below(2) == 0 { batch.append(.attractBegan(at: start - Int64(rng.below(60_000)))) }
                batch.append(.finished(Self.visit(start: start, attract: attract, rng: &rng)))
                visits += 1
            }
            writer.submit(batch)
        }
        writer.close()
        let writeMS = monotonicMilliseconds() - writeStart
        let st = (try? fileStatus(path: out).get()) ?? stat()
        let reportStart = monotonicMilliseconds()
        let db = try VisitDatabase(readingFrom: out)
        let record = try db.record(kioskFallback: kiosk)
        db.close()
        let html = VisitReport([record]).html()
        let reportMS = monotonicMilliseconds() - reportStart
        print("visits: \(visits) over \(days) days; database \(String(Double(st.st_size) / 1_048_576, decimals: 1)) MiB"
              + " (\(st.st_size / max(1, visits)) bytes a visit); written in \(Int(writeMS)) ms;"
              + " report (read + HTML, \(html.utf8.count / 1024) KiB) in \(Int(reportMS)) ms")
        if reading > 0 { try measureReading() }
    }

    /// A visitor who never stops: inputs at 60 Hz, a turn every 2 s, a zoom every 5 s, through the recorder and
    /// the writer as the reader runs them. Counts transactions.
    private func measureReading() throws {
        let path = out + ".reading"
        for suffix in ["", "-wal", "-shm"] { _ = systemCall { unlink(path + suffix) } }
        let writer = VisitWriter(.init(path: path, retentionDays: 365, kiosk: kiosk)) { printError($0) }
        var recorder = VisitRecorder(book: "bench", idleTimeout: 120_000, wallOffsetMS: 1.7e12)
        let start = monotonicMilliseconds()
        var page = 1, next = start
        var maxQueueCost = 0.0
        while monotonicMilliseconds() - start < reading * 1000 {
            let now = monotonicMilliseconds()
            var inputs: [VisitInput] = [.input]
            let step = Int((now - start) / (1000.0 / 60))
            if step % 120 == 0 { page += 1; inputs += [.turn(.drag), .page(page)] }
            if step % 300 == 150 { inputs.append(.zoom(scale: 2, centre: PagePoint(page: page, x: 0.3, y: 0.6))) }
            if step % 300 == 200 { inputs.append(.zoom(scale: 1, centre: nil)) }
            let t0 = monotonicMilliseconds()
            for input in inputs { writer.submit(recorder.record(input, at: now)) }
            if let due = recorder.nextDeadline, due <= now { writer.submit(recorder.tick(at: now)) }
            maxQueueCost = max(maxQueueCost, monotonicMilliseconds() - t0)
            next += 1000.0 / 60
            let wait = next - monotonicMilliseconds()
            if wait > 0 { sleep(milliseconds: wait) }
        }
        let whileReading = writer.transactions
        writer.submit(recorder.finish(at: monotonicMilliseconds()))
        writer.close()
        print("reading \(reading) s at 60 inputs/s: \(whileReading) write transactions while reading"
              + " (\(String(Double(whileReading) / reading, decimals: 2)) a second), 1 more at the end;"
              + " the loop's cost per input at most \(String(maxQueueCost, decimals: 3)) ms")
    }

    private static func visit(start: Int64, attract: Bool, rng: inout SplitMix) -> Visit {
        let books = ["DemoBook", "atlas"]
        let book = books[Int(rng.below(2))]
        var v = Visit(startedAt: start, utcOffsetMinutes: 60, attract: attract, books: [book])
        var page = 1
        let count = 2 + Int(rng.below(18))
        for _ in 0..<count {
            // Exponential dwell, mean 9 s; some pages hold visitors longer.
            let u = Double(rng.below(1_000_000) + 1) / 1_000_001
            let ms = (-log(u) * 9000 * (page % 7 == 3 ? 3 : 1)).rounded()
            if let i = v.pages.firstIndex(where: { $0.page == page }) { v.pages[i].ms += ms; v.pages[i].shows += 1 }
            else { v.pages.append(PageDwell(book: book, page: page, ms: ms, shows: 1)) }
            v.activeMS += ms
            if rng.below(10) < 3 {
                let spot = [(0.3, 0.25), (0.7, 0.6), (0.45, 0.8)][Int(rng.below(3))]
                v.zooms.append(ZoomRecord(book: book, page: page, x: spot.0 + rng.gauss() * 0.06, y: spot.1 + rng.gauss() * 0.06,
                                          scale: 2 + Double(rng.below(30)) / 10, ms: ms / 2))
            }
            let kind = TurnKind.allCases[Int(rng.below(UInt64(TurnKind.allCases.count)))]
            v.turns[kind, default: 0] += 1
            page = kind == .jump ? 1 + Int(rng.below(40)) : max(1, page + (rng.below(5) == 0 ? -1 : 1))
        }
        v.overlayUses = Int(rng.below(3))
        v.scrubberUses = v.turns[.jump] ?? 0
        v.lengthMS = v.activeMS + 120_000
        return v
    }
}
