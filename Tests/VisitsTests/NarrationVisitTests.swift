import Glibc
import Reader
import Testing
@testable import Visits

/// Narration in the visit statistics: recordings begun, how much of them was heard, how many with captions;
/// stored in schema 2, and a schema-1 file (a kiosk not yet updated) still reported, with none.
@Suite struct NarrationVisitTests {
    @Test func aVisitCountsItsNarrations() {
        var r = VisitRecorderTests.recorder()
        let visits = VisitRecorderTests.run(&r, [
            (500, .narration(captioned: true)),  // before the visit: nobody heard it
            (1000, .input), (1100, .page(2)), (1200, .narration(captioned: true)), (4200, .narrationHeard(ms: 3000)),
            (5000, .input), (5100, .page(3)), (5200, .narration(captioned: false)), (6000, .narrationHeard(ms: 800)),
            (70_000, .idleReset),
        ])
        #expect(visits.count == 1)
        #expect(visits[0].narrations == 2 && visits[0].captionedNarrations == 1 && visits[0].narrationHeardMS == 3800)
    }

    @Test func storedReportedAndReadFromAnOlderFile() throws {
        let path = VisitStoreTests.tempPath("visits.db")
        let db = try VisitDatabase(path: path)
        var v = VisitStoreTests.visit(1000)
        v.narrations = 3
        v.narrationHeardMS = 41_250
        v.captionedNarrations = 2
        try db.write([.finished(v)])
        db.close()
        let row = try VisitDatabase(readingFrom: path).record(kioskFallback: "x").visits[0]
        #expect(row.narrations == 3 && row.narrationHeardMS == 41_250 && row.captionedNarrations == 2)
        let report = VisitReport([try VisitDatabase(readingFrom: path).record(kioskFallback: "hall")])
        #expect(report.json().contains(#""narrations":3,"narration_heard_seconds":41.25,"captioned_narrations":2"#), "\(report.json())")
        #expect(report.csv().split(separator: "\n")[0].contains(",narrations,narration_heard_seconds,captioned_narrations,"))
        #expect(report.csv().split(separator: "\n")[1].contains(",3,41.25,2,"))

        // A file of schema 1: made as the first version made it.
        let old = VisitStoreTests.tempPath("old.db")
        let sql = try SQLiteDatabase(path: old)
        try sql.exec(VisitDatabase.migrations[0])
        try sql.exec("PRAGMA application_id = \(VisitDatabase.applicationID); PRAGMA user_version = 1")
        try sql.exec("INSERT INTO visits VALUES (5000, 0, 60000, 9000, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0)")
        sql.close()
        let older = try VisitDatabase(readingFrom: old).record(kioskFallback: "x").visits
        #expect(older.count == 1 && older[0].narrations == 0 && older[0].activeMS == 9000)
        // Opened for writing, it is migrated and keeps its visits.
        let migrated = try VisitDatabase(path: old)
        #expect(try migrated.db.integer("PRAGMA user_version") == Int64(VisitDatabase.schemaVersion))
        #expect(try migrated.visits().count == 1)
        migrated.close()
    }
}
