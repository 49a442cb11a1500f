import Glibc
import Reader
import Testing
@testable import Visits

/// The layers control, notes, the table of contents, languages and "About this book" in the visit statistics:
/// counted per visit, stored (schemas 3 and 4) and reported (table, JSON, CSV); a file of an older schema (a
/// kiosk not yet updated) reports none.
@Suite struct ReadingUsesVisitTests {
    @Test func aVisitCountsLayersNotesContentsAndLanguages() {
        var r = VisitRecorderTests.recorder()
        let visits = VisitRecorderTests.run(&r, [
            (500, .layers),  // before the visit: nobody there
            (1000, .input), (1100, .page(2)), (1200, .layers), (1300, .layers), (1400, .noteOpened),
            (1500, .contentsOpened), (1550, .aboutOpened), (1560, .aboutOpened), (1600, .language("de")), (1700, .language("fr")), (1800, .language("de")),
            (70_000, .idleReset),
        ])
        #expect(visits.count == 1)
        #expect(visits[0].uses == ReadingUses(layerSwitches: 2, notesOpened: 1, contentsOpened: 1, languages: ["de", "fr"],
                                              aboutOpened: 2))
    }

    @Test func storedReportedAndReadFromAnOlderFile() throws {
        let path = VisitStoreTests.tempPath("visits.db")
        let db = try VisitDatabase(path: path)
        var v = VisitStoreTests.visit(1000)
        v.uses = ReadingUses(layerSwitches: 4, notesOpened: 3, contentsOpened: 1, languages: ["de", "en"], aboutOpened: 2)
        var w = VisitStoreTests.visit(90_000)
        w.uses.languages = ["de"]
        try db.write([.finished(v), .finished(w)])
        db.close()
        let rows = try VisitDatabase(readingFrom: path).record(kioskFallback: "x").visits
        #expect(rows.map(\.uses) == [v.uses, w.uses])
        let report = VisitReport([try VisitDatabase(readingFrom: path).record(kioskFallback: "hall")])
        #expect(report.json().contains(#""layer_switches":4,"notes_opened":3,"contents_opened":1,"about_opened":2,"languages":{"de":2,"en":1}"#), "\(report.json())")
        let csv = report.csv().split(separator: "\n")
        #expect(csv[0].hasSuffix(",layers,notes,contents,languages,about") && csv[1].hasSuffix(",4,3,1,de en,2"), "\(csv)")
        let html = report.html()
        #expect(html.contains("<td>Notes opened</td><td>3</td>") && html.contains("<td>About this book opened</td><td>2</td>") && html.contains("<td>Visits in de</td><td>2</td>"), "\(html)")

        // A file of schema 2: made as that version made it.
        let old = VisitStoreTests.tempPath("old.db")
        let sql = try SQLiteDatabase(path: old)
        try sql.exec(VisitDatabase.migrations[0] + VisitDatabase.migrations[1])
        try sql.exec("PRAGMA application_id = \(VisitDatabase.applicationID); PRAGMA user_version = 2")
        try sql.exec("INSERT INTO visits VALUES (5000, 0, 60000, 9000, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 2, 1500, 1)")
        sql.close()
        let older = try VisitDatabase(readingFrom: old).record(kioskFallback: "x").visits
        #expect(older.count == 1 && older[0].narrations == 2 && older[0].uses == ReadingUses())

        // A file of schema 3: its uses, no About.
        let three = VisitStoreTests.tempPath("three.db")
        let sql3 = try SQLiteDatabase(path: three)
        try sql3.exec(VisitDatabase.migrations[0] + VisitDatabase.migrations[1] + VisitDatabase.migrations[2])
        try sql3.exec("PRAGMA application_id = \(VisitDatabase.applicationID); PRAGMA user_version = 3")
        try sql3.exec("INSERT INTO visits VALUES (5000, 0, 60000, 9000, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 2, 1500, 1, 4, 3, 1, 'de')")
        sql3.close()
        let third = try VisitDatabase(readingFrom: three).record(kioskFallback: "x").visits
        #expect(third.count == 1 && third[0].uses == ReadingUses(layerSwitches: 4, notesOpened: 3, contentsOpened: 1, languages: ["de"]))
    }
}
