import Reader
import CSQLite
import Glibc

/// A kiosk's visits in one SQLite file: WAL mode, a schema version with migrations, retention by days.
/// One connection, one thread (the writer's worker, or a report reading a copy).
public final class VisitDatabase {
    /// 'RcVs' in `PRAGMA application_id`: a database of another program is not taken for ours.
    static let applicationID: Int64 = 0x5263_5673
    let db: SQLiteDatabase

    /// Each schema version's statements, applied in order from the file's `user_version`.
    static let migrations: [String] = [
        // 1: visits, their pages and zooms, attract runs, the kiosk's name.
        """
        CREATE TABLE kiosk(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE books(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE visits(
            started_at INTEGER PRIMARY KEY, utc_offset INTEGER NOT NULL, length_ms INTEGER NOT NULL,
            active_ms INTEGER NOT NULL, attract INTEGER NOT NULL, open INTEGER NOT NULL,
            overlay INTEGER NOT NULL, scrubber INTEGER NOT NULL,
            turns_drag INTEGER NOT NULL, turns_flick INTEGER NOT NULL, turns_tap INTEGER NOT NULL,
            turns_key INTEGER NOT NULL, turns_control INTEGER NOT NULL, turns_jump INTEGER NOT NULL);
        CREATE TABLE dwell(
            visit INTEGER NOT NULL REFERENCES visits(started_at) ON DELETE CASCADE, book INTEGER NOT NULL,
            page INTEGER NOT NULL, ms INTEGER NOT NULL, shows INTEGER NOT NULL,
            PRIMARY KEY(visit, book, page)) WITHOUT ROWID;
        CREATE TABLE zooms(
            visit INTEGER NOT NULL REFERENCES visits(started_at) ON DELETE CASCADE, seq INTEGER NOT NULL,
            book INTEGER NOT NULL, page INTEGER NOT NULL, x REAL NOT NULL, y REAL NOT NULL, scale REAL NOT NULL,
            ms INTEGER NOT NULL, PRIMARY KEY(visit, seq)) WITHOUT ROWID;
        CREATE TABLE attract(started_at INTEGER PRIMARY KEY);
        """,
        // 2: narrations begun, heard (ms) and captioned, per visit.
        """
        ALTER TABLE visits ADD COLUMN narrations INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE visits ADD COLUMN narration_ms INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE visits ADD COLUMN captioned INTEGER NOT NULL DEFAULT 0;
        """,
        // 3: the layers control, notes opened, the table of contents opened, languages chosen (comma-separated).
        """
        ALTER TABLE visits ADD COLUMN layers INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE visits ADD COLUMN notes INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE visits ADD COLUMN contents INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE visits ADD COLUMN languages TEXT NOT NULL DEFAULT '';
        """,
        // 4: "About this book" opened.
        """
        ALTER TABLE visits ADD COLUMN about INTEGER NOT NULL DEFAULT 0;
        """,
    ]
    public static var schemaVersion: Int { migrations.count }

    /// Opens (creating or migrating) the database at `path` for writing.
    public init(path: String) throws {
        db = try SQLiteDatabase(path: path)
        do {
            let mode = try db.text("PRAGMA journal_mode=WAL")
            guard mode == "wal" else { throw SQLiteError(code: SQLITE_CANTOPEN, message: "no WAL mode (\(mode ?? "?"))") }
            // Each commit reaches the disk before the next: power loss loses at most the transaction in flight.
            try db.exec("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON")
            try check(quick: true)
            try migrate()
        } catch {
            db.close()
            throw error
        }
    }

    /// Opens `path` read-only, for a report; a file that is not a visit database says so.
    public init(readingFrom path: String) throws {
        db = try SQLiteDatabase(path: path, readOnly: true)
        do {
            try check(quick: false)
            let version = try db.integer("PRAGMA user_version")
            guard version >= 1 else { throw SQLiteError(code: SQLITE_NOTADB, message: "\(path) holds no visits") }
            guard version <= Self.schemaVersion else {
                throw SQLiteError(code: SQLITE_NOTADB, message: "\(path) has schema \(version), newer than this recto's \(Self.schemaVersion)")
            }
        } catch {
            db.close()
            throw error
        }
    }

    public func close() { db.close() }

    /// Throws a damage error (`isDamage`) for a file that is not ours or not whole.
    private func check(quick: Bool) throws {
        let id = try db.integer("PRAGMA application_id")
        let tables = try db.integer("SELECT count(*) FROM sqlite_master")
        if id != Self.applicationID && !(id == 0 && tables == 0) {
            throw SQLiteError(code: SQLITE_NOTADB, message: "\(db.path) is another program's database (application_id \(id))")
        }
        if quick {
            let result = try db.text("PRAGMA quick_check") ?? "?"
            guard result == "ok" else { throw SQLiteError(code: SQLITE_CORRUPT, message: "\(db.path) is damaged: \(result)") }
        }
    }

    private func migrate() throws {
        let version = Int(try db.integer("PRAGMA user_version"))
        guard version <= Self.schemaVersion else {
            throw SQLiteError(code: SQLITE_NOTADB, message: "\(db.path) has schema \(version), newer than this recto's \(Self.schemaVersion)")
        }
        guard version < Self.schemaVersion else { return }
        if version == 0 { try db.exec("PRAGMA auto_vacuum=INCREMENTAL") }
        try db.transaction {
            for step in Self.migrations[version...] { try db.exec(step) }
            try db.exec("PRAGMA application_id=\(Self.applicationID); PRAGMA user_version=\(Self.schemaVersion)")
        }
    }

    // MARK: writing

    public func setKiosk(_ name: String) throws {
        try db.prepare("INSERT OR REPLACE INTO kiosk(key, value) VALUES ('name', ?)").run(name)
    }

    private var bookIDs: [String: Int64] = [:]

    private func bookID(_ name: String) throws -> Int64 {
        if let id = bookIDs[name] { return id }
        try db.prepare("INSERT OR IGNORE INTO books(name) VALUES (?)").run(name)
        let s = try db.prepare("SELECT id FROM books WHERE name = ?").bind(name)
        guard try s.step() else { throw SQLiteError(code: SQLITE_ERROR, message: "book \(name) not stored") }
        bookIDs[name] = s.int(0)
        return s.int(0)
    }

    /// Writes the updates in one transaction: a visit replaces what was saved of it before.
    public func write(_ updates: [VisitUpdate]) throws {
        try db.transaction {
            for update in updates {
                switch update {
                case .progress(let v), .finished(let v): try save(v)
                case .attractBegan(let at): try db.prepare("INSERT OR IGNORE INTO attract(started_at) VALUES (?)").run(at)
                }
            }
        }
    }

    private func save(_ v: Visit) throws {
        let t = { (k: TurnKind) in v.turns[k] ?? 0 }
        try db.prepare("""
            INSERT OR REPLACE INTO visits VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """).run(v.startedAt, v.utcOffsetMinutes, Int64(v.lengthMS.rounded()), Int64(v.activeMS.rounded()), v.attract,
                     v.open, v.overlayUses, v.scrubberUses, t(.drag), t(.flick), t(.tap), t(.key), t(.control), t(.jump),
                     v.narrations, Int64(v.narrationHeardMS.rounded()), v.captionedNarrations,
                     v.uses.layerSwitches, v.uses.notesOpened, v.uses.contentsOpened, v.uses.languages.joined(separator: ","),
                     v.uses.aboutOpened)
        try db.prepare("DELETE FROM dwell WHERE visit = ?").run(v.startedAt)
        try db.prepare("DELETE FROM zooms WHERE visit = ?").run(v.startedAt)
        let dwell = try db.prepare("INSERT INTO dwell VALUES (?,?,?,?,?)")
        for p in v.pages { try dwell.run(v.startedAt, try bookID(p.book), p.page, Int64(p.ms.rounded()), p.shows) }
        let zoom = try db.prepare("INSERT INTO zooms VALUES (?,?,?,?,?,?,?,?)")
        for (i, z) in v.zooms.enumerated() {
            try zoom.run(v.startedAt, i, try bookID(z.book), z.page, z.x, z.y, z.scale, Int64(z.ms.rounded()))
        }
    }

    /// Visits a killed reader left open are closed as they were last saved. Returns how many.
    @discardableResult public func closeOpenVisits() throws -> Int {
        try db.exec("UPDATE visits SET open = 0 WHERE open = 1")
        return Int(sqlite3_changes(db.handle))
    }

    /// Removes visits that began more than `days` days before `now` (ms since 1970) and gives the space back.
    @discardableResult public func prune(olderThan days: Int, now: Int64) throws -> Int {
        let cutoff = now - Int64(days) * 86_400_000
        var removed = 0
        try db.transaction {
            try db.prepare("DELETE FROM visits WHERE started_at < ?").run(cutoff)
            removed = Int(sqlite3_changes(db.handle))
            try db.prepare("DELETE FROM attract WHERE started_at < ?").run(cutoff)
        }
        if removed > 0 { try db.exec("PRAGMA incremental_vacuum; PRAGMA wal_checkpoint(TRUNCATE)") }
        return removed
    }

    // MARK: reading

    /// Everything the report needs, from `since` (ms since 1970) on.
    public func record(since: Int64 = 0, kioskFallback: String) throws -> KioskRecord {
        let name = try db.text("SELECT value FROM kiosk WHERE key = 'name'") ?? kioskFallback
        var out = KioskRecord(kiosk: name.isEmpty ? kioskFallback : name)
        let visits = try db.prepare("SELECT * FROM visits WHERE started_at >= ? ORDER BY started_at").bind(since)
        // A report may read a file of an older schema (a kiosk not yet updated): no narration columns (1), no
        // layers, notes, contents or languages (2), no About (3).
        let version = try db.integer("PRAGMA user_version")
        let narrated = version >= 2, used = version >= 3, about = version >= 4
        while try visits.step() {
            var turns: [TurnKind: Int] = [:]
            for (i, kind) in [TurnKind.drag, .flick, .tap, .key, .control, .jump].enumerated() {
                let n = Int(visits.int(Int32(8 + i)))
                if n > 0 { turns[kind] = n }
            }
            out.visits.append(KioskRecord.VisitRow(
                startedAt: visits.int(0), utcOffsetMinutes: Int(visits.int(1)), lengthMS: Double(visits.int(2)),
                activeMS: Double(visits.int(3)), attract: visits.int(4) != 0, turns: turns,
                overlayUses: Int(visits.int(6)), scrubberUses: Int(visits.int(7)),
                narrations: narrated ? Int(visits.int(14)) : 0, narrationHeardMS: narrated ? Double(visits.int(15)) : 0,
                captionedNarrations: narrated ? Int(visits.int(16)) : 0,
                uses: used ? ReadingUses(layerSwitches: Int(visits.int(17)), notesOpened: Int(visits.int(18)),
                                         contentsOpened: Int(visits.int(19)),
                                         languages: visits.text(20).split(separator: ",").map(String.init),
                                         aboutOpened: about ? Int(visits.int(21)) : 0) : ReadingUses()))
        }
        let pages = try db.prepare("""
            SELECT b.name, d.page, sum(d.ms), count(*) FROM dwell d JOIN books b ON b.id = d.book
            WHERE d.visit >= ? GROUP BY d.book, d.page
            """).bind(since)
        while try pages.step() {
            out.pages.append(KioskRecord.PageTotal(book: pages.text(0), page: Int(pages.int(1)),
                                                   ms: Double(pages.int(2)), visits: Int(pages.int(3))))
        }
        let zooms = try db.prepare("""
            SELECT b.name, z.page, z.x, z.y, z.scale, z.ms FROM zooms z JOIN books b ON b.id = z.book
            WHERE z.visit >= ? ORDER BY z.visit, z.seq
            """).bind(since)
        while try zooms.step() {
            out.zooms.append(ZoomRecord(book: zooms.text(0), page: Int(zooms.int(1)), x: zooms.double(2),
                                        y: zooms.double(3), scale: zooms.double(4), ms: Double(zooms.int(5))))
        }
        out.attractRuns = Int(try db.prepare("SELECT count(*) FROM attract WHERE started_at >= ?").bind(since).stepped.int(0))
        return out
    }

    /// How many visits the database holds.
    public func visitCount() throws -> Int { Int(try db.integer("SELECT count(*) FROM visits")) }

    /// Every visit whole, in order (tests, exports); `books` in the order of their first page.
    public func visits() throws -> [Visit] {
        var out: [Visit] = []
        let rows = try record(kioskFallback: "").visits
        let dwell = try db.prepare("""
            SELECT b.name, d.page, d.ms, d.shows FROM dwell d JOIN books b ON b.id = d.book WHERE d.visit = ?
            """)
        let zooms = try db.prepare("""
            SELECT b.name, z.page, z.x, z.y, z.scale, z.ms FROM zooms z JOIN books b ON b.id = z.book WHERE z.visit = ?
            ORDER BY z.seq
            """)
        let open = try db.prepare("SELECT open FROM visits WHERE started_at = ?")
        for r in rows {
            var v = Visit(startedAt: r.startedAt, utcOffsetMinutes: r.utcOffsetMinutes, lengthMS: r.lengthMS,
                          activeMS: r.activeMS, attract: r.attract, turns: r.turns, overlayUses: r.overlayUses,
                          scrubberUses: r.scrubberUses)
            v.narrations = r.narrations
            v.narrationHeardMS = r.narrationHeardMS
            v.captionedNarrations = r.captionedNarrations
            v.uses = r.uses
            try dwell.bind(r.startedAt)
            while try dwell.step() {
                v.pages.append(PageDwell(book: dwell.text(0), page: Int(dwell.int(1)), ms: Double(dwell.int(2)), shows: Int(dwell.int(3))))
                if !v.books.contains(dwell.text(0)) { v.books.append(dwell.text(0)) }
            }
            try zooms.bind(r.startedAt)
            while try zooms.step() {
                v.zooms.append(ZoomRecord(book: zooms.text(0), page: Int(zooms.int(1)), x: zooms.double(2), y: zooms.double(3),
                                          scale: zooms.double(4), ms: Double(zooms.int(5))))
            }
            v.open = try open.bind(r.startedAt).stepped.int(0) != 0
            out.append(v)
        }
        return out
    }
}

extension Statement {
    /// After one step (a query known to return a row).
    var stepped: Statement {
        get throws {
            _ = try step()
            return self
        }
    }
}
