import Glibc
import Testing
import Visits
@testable import Visits

/// The SQLite store: what goes in comes out, open visits of a killed reader, damaged and foreign files.
@Suite struct VisitStoreTests {
    static func tempPath(_ name: String) -> String {
        var template = Array("/tmp/recto-visits-XXXXXX".utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        return "\(dir)/\(name)"
    }

    static func visit(_ start: Int64, open: Bool = false) -> Visit {
        Visit(startedAt: start, utcOffsetMinutes: 120, lengthMS: 70_000, activeMS: 10_000, attract: true,
              books: ["atlas"], pages: [PageDwell(book: "atlas", page: 1, ms: 4000, shows: 1),
                                        PageDwell(book: "atlas", page: 2, ms: 6000, shows: 2)],
              turns: [.tap: 2, .drag: 1], zooms: [ZoomRecord(book: "atlas", page: 2, x: 0.25, y: 0.5, scale: 2, ms: 3000)],
              overlayUses: 1, scrubberUses: 0, open: open)
    }

    @Test func visitsComeBackAsWritten() throws {
        let path = Self.tempPath("visits.db")
        let db = try VisitDatabase(path: path)
        try db.setKiosk("hall-1")
        try db.write([.progress(Self.visit(1000, open: true))])
        try db.write([.finished(Self.visit(1000)), .finished(Self.visit(90_000)), .attractBegan(at: 500)])
        db.close()
        let r = try VisitDatabase(readingFrom: path).record(kioskFallback: "x")
        #expect(r.kiosk == "hall-1")
        #expect(r.visits.count == 2, "a saved visit's later save replaces it")
        #expect(r.visits[0] == KioskRecord.VisitRow(startedAt: 1000, utcOffsetMinutes: 120, lengthMS: 70_000, activeMS: 10_000,
                                                    attract: true, turns: [.tap: 2, .drag: 1], overlayUses: 1, scrubberUses: 0))
        #expect(r.pages == [KioskRecord.PageTotal(book: "atlas", page: 1, ms: 8000, visits: 2),
                            KioskRecord.PageTotal(book: "atlas", page: 2, ms: 12_000, visits: 2)])
        #expect(r.zooms.count == 2 && r.zooms[0] == Self.visit(0).zooms[0])
        #expect(r.attractRuns == 1)
        #expect(try VisitDatabase(readingFrom: path).db.text("PRAGMA journal_mode") == "wal")
    }

    @Test func aVisitLeftOpenIsClosedAtTheNextStart() throws {
        let path = Self.tempPath("visits.db")
        let db = try VisitDatabase(path: path)
        try db.write([.progress(Self.visit(1000, open: true))])
        db.close()
        let again = try VisitDatabase(path: path)
        #expect(try again.closeOpenVisits() == 1)
        #expect(try again.db.integer("SELECT open FROM visits") == 0)
        #expect(try again.visitCount() == 1)
    }

    @Test func aDamagedFileIsKeptAsideAndAFreshOneStarts() throws {
        let path = Self.tempPath("visits.db")
        let db = try VisitDatabase(path: path)
        for i in 0..<200 { try db.write([.finished(Self.visit(Int64(i) * 100_000))]) }
        try db.db.exec("PRAGMA wal_checkpoint(TRUNCATE)")
        db.close()
        #expect(truncate(path, 8192) == 0)
        var lines: [String] = []
        let fresh = try VisitDatabase.openMovingAside(path: path) { lines.append($0) }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("kept aside as \(path).bad-") == true)
        #expect(try fresh.visitCount() == 0)
        try fresh.write([.finished(Self.visit(1))])
        #expect(try fresh.visitCount() == 1)
        let dir = String(path.dropLast("visits.db".count))
        let kept = try #require(opendir(dir))
        defer { closedir(kept) }
        var names: [String] = []
        while let e = readdir(kept) { names.append(withUnsafeBytes(of: e.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }) }
        #expect(names.contains { $0.hasPrefix("visits.db.bad-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") })
    }

    @Test func anotherProgramsDatabaseIsNotTouched() throws {
        let path = Self.tempPath("visits.db")
        let other = try SQLiteDatabase(path: path)
        try other.exec("CREATE TABLE accounts(name TEXT); INSERT INTO accounts VALUES ('x')")
        other.close()
        var lines: [String] = []
        _ = try VisitDatabase.openMovingAside(path: path) { lines.append($0) }
        #expect(lines.first?.contains("another program's database") == true)
        let word = try #require(lines.first?.split(separator: " ").last { $0.contains(".bad-") })
        let aside = try SQLiteDatabase(path: String(word.hasSuffix(",") ? word.dropLast() : word), readOnly: true)
        #expect(try aside.integer("SELECT count(*) FROM accounts") == 1)
    }

    @Test func garbageIsNotReportedAsVisits() throws {
        let path = Self.tempPath("notes.txt")
        let f = fopen(path, "w")
        fputs(String(repeating: "not a database\n", count: 100), f)
        fclose(f)
        #expect(throws: SQLiteError.self) { try VisitDatabase(readingFrom: path) }
    }

    @Test func oldVisitsGoAfterTheRetentionDays() throws {
        let path = Self.tempPath("visits.db")
        let db = try VisitDatabase(path: path)
        let day: Int64 = 86_400_000
        try db.write([.finished(Self.visit(1 * day)), .finished(Self.visit(5 * day)), .finished(Self.visit(9 * day))])
        #expect(try db.prune(olderThan: 3, now: 10 * day) == 2)
        #expect(try db.visitCount() == 1)
        #expect(try db.db.integer("SELECT count(*) FROM dwell") == 2, "their pages go with them")
    }

    @Test func theWriterSavesOffTheCallersThreadAtMostOncePerInterval() throws {
        let path = Self.tempPath("visits.db")
        let writer = VisitWriter(.init(path: path, retentionDays: 365, kiosk: "k", minInterval: 300)) { _ in }
        var v = Self.visit(1000, open: true)
        let start = ContinuousClock.now
        for i in 0..<40 {
            v.activeMS = Double(i)
            writer.submit([.progress(v)])
            usleep(20_000)
        }
        v.open = false
        writer.submit([.finished(v)])
        writer.close()
        // The submissions are paced over 800 ms, which a busy machine stretches: the bound counts the time they
        // and the close really took (a write at once, then at most one an interval, the close's among them).
        let took = ContinuousClock.now - start
        let ms = Int(took.components.seconds) * 1000 + Int(took.components.attoseconds / 1_000_000_000_000_000)
        #expect(writer.transactions <= ms / 300 + 2, "\(writer.transactions) transactions in \(ms) ms")
        #expect(writer.transactions >= 2)
        let r = try VisitDatabase(readingFrom: path).record(kioskFallback: "x")
        #expect(r.visits.map(\.activeMS) == [39])
    }
}
