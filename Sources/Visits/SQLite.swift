import CSQLite

/// A failed SQLite call: the result code and SQLite's own words.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public var code: Int32
    public var message: String
    public var description: String { "\(message) (SQLite \(code))" }
    /// The file is not a database or is damaged: it goes aside and a fresh one starts.
    public var isDamage: Bool { code & 0xff == SQLITE_CORRUPT || code & 0xff == SQLITE_NOTADB }
}

/// One connection, used by one thread at a time (the writer's worker, or a report reading).
final class SQLiteDatabase {
    private(set) var handle: OpaquePointer?
    let path: String

    init(path: String, readOnly: Bool = false) throws {
        self.path = path
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let rc = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(handle)
            handle = nil
            throw SQLiteError(code: rc, message: "\(path): \(message)")
        }
        sqlite3_busy_timeout(handle, 2000)
    }

    deinit { close() }

    func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    func error(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: rc, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed")
    }

    /// Runs one or more statements without results.
    func exec(_ sql: String) throws {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw error(rc) }
    }

    func prepare(_ sql: String) throws -> Statement {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw error(rc) }
        return Statement(stmt, db: self)
    }

    /// The first column of the first row of `sql` as an integer (pragmas, counts).
    func integer(_ sql: String) throws -> Int64 {
        let s = try prepare(sql)
        return try s.step() ? s.int(0) : 0
    }

    func text(_ sql: String) throws -> String? {
        let s = try prepare(sql)
        return try s.step() ? s.text(0) : nil
    }

    func transaction(_ body: () throws -> Void) throws {
        try exec("BEGIN IMMEDIATE")
        do {
            try body()
            try exec("COMMIT")
        } catch {
            try? exec("ROLLBACK")
            throw error
        }
    }
}

final class Statement {
    private let stmt: OpaquePointer
    private let db: SQLiteDatabase

    init(_ stmt: OpaquePointer, db: SQLiteDatabase) {
        self.stmt = stmt
        self.db = db
    }

    deinit { sqlite3_finalize(stmt) }

    /// Binds the values in order (Int, Int64, Double, String, Bool) and resets the statement.
    @discardableResult func bind(_ values: Any...) throws -> Statement {
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
        try bindArray(values)
        return self
    }

    /// Steps once: true with a row, false when done.
    func step() throws -> Bool {
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw db.error(rc)
    }

    /// Runs a statement that returns no rows.
    func run(_ values: Any...) throws {
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
        try bindArray(values)
        while try step() {}
    }

    private func bindArray(_ values: [Any]) throws {
        for (i, value) in values.enumerated() {
            let n = Int32(i + 1)
            let rc: Int32
            switch value {
            case let v as Int: rc = sqlite3_bind_int64(stmt, n, Int64(v))
            case let v as Int64: rc = sqlite3_bind_int64(stmt, n, v)
            case let v as Bool: rc = sqlite3_bind_int64(stmt, n, v ? 1 : 0)
            case let v as Double: rc = sqlite3_bind_double(stmt, n, v)
            case let v as String:
                rc = v.utf8CString.withUnsafeBufferPointer {
                    recto_sqlite3_bind_text(stmt, n, $0.baseAddress, Int32($0.count - 1))
                }
            default: rc = sqlite3_bind_null(stmt, n)
            }
            guard rc == SQLITE_OK else { throw db.error(rc) }
        }
    }

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(stmt, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(stmt, column) }
    func text(_ column: Int32) -> String {
        sqlite3_column_text(stmt, column).map { String(cString: $0) } ?? ""
    }
}
