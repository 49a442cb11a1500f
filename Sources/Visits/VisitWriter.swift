import Glibc
import Posix

/// Saves visits off the frame loop: `submit` only queues; a worker thread opens the database and writes what
/// is queued in one transaction at most once per `minInterval` (ms), so a visitor reading costs at most one
/// write transaction a second. A damaged or foreign file is moved aside (one log line) and a fresh one started;
/// a database that cannot be written at all turns recording off with one log line, never a crash.
public final class VisitWriter: @unchecked Sendable {
    // @unchecked: the queue and flags are shared with the worker under `lock`.
    public struct Options: Sendable {
        public var path: String
        public var retentionDays: Int
        public var kiosk: String
        public var minInterval: Double
        public init(path: String, retentionDays: Int, kiosk: String, minInterval: Double = 1000) {
            self.path = path; self.retentionDays = retentionDays; self.kiosk = kiosk; self.minInterval = minInterval
        }
    }

    private let options: Options
    private let log: @Sendable (String) -> Void
    private let lock = Condition()
    private var queue: [VisitUpdate] = []
    private var closing = false
    private var thread: JoinableThread?
    /// Write transactions committed (for the benchmark).
    public private(set) var transactions: Int {
        get { lock.withLock { _transactions } }
        set { lock.withLock { _transactions = newValue } }
    }
    private var _transactions = 0

    public init(_ options: Options, log: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.log = log
        // The worker takes no signal: SIGTERM and friends stay the loop's (its signalfd), whenever it blocks them.
        thread = JoinableThread(name: "recto.visits", blockingSignals: true) { [self] in run() }
    }

    /// Queues an update (the frame loop's only cost); a newer save of the same visit replaces a queued one.
    public func submit(_ updates: [VisitUpdate]) {
        guard !updates.isEmpty else { return }
        lock.withLock {
            for u in updates {
                if case .attractBegan = u {} else if let i = queue.lastIndex(where: { Self.sameVisit($0, u) }) {
                    queue.remove(at: i)
                }
                queue.append(u)
            }
            lock.signal()
        }
    }

    private static func sameVisit(_ a: VisitUpdate, _ b: VisitUpdate) -> Bool {
        switch (a, b) {
        case (.progress(let x), .progress(let y)), (.progress(let x), .finished(let y)):
            return x.startedAt == y.startedAt
        default: return false
        }
    }

    /// Writes what is queued and ends the worker (waits for it).
    public func close() {
        lock.withLock {
            closing = true
            lock.signal()
        }
        thread?.join()
    }

    private func run() {
        var db = openDatabase()
        var lastWrite = -Double.infinity
        var lastPrune = monotonicMilliseconds()
        while true {
            let (batch, done): ([VisitUpdate], Bool) = lock.withLock {
                while queue.isEmpty && !closing { lock.wait() }
                // Small transactions, at most one per interval: later updates wait and merge into the next.
                let due = lastWrite + options.minInterval
                while !closing, monotonicMilliseconds() < due { lock.wait(milliseconds: due - monotonicMilliseconds()) }
                defer { queue.removeAll() }
                return (queue, closing)
            }
            if !batch.isEmpty, let d = db {
                lastWrite = monotonicMilliseconds()
                do {
                    try d.write(batch)
                    transactions += 1
                    // A kiosk that runs for months still forgets old visits: once a day, after a write.
                    if lastWrite - lastPrune > 86_400_000 {
                        lastPrune = lastWrite
                        try d.prune(olderThan: options.retentionDays, now: wallClockMilliseconds())
                    }
                } catch let error as SQLiteError where error.isDamage {
                    log("visit statistics: \(error); starting a fresh database")
                    d.close()
                    db = openDatabase()
                    try? db?.write(batch)
                } catch {
                    log("visit statistics: cannot save: \(error)")
                }
            }
            if done { break }
        }
        db?.close()
    }

    /// Opens the database, moving a damaged or foreign one aside; nil (with a log line) when none can be had.
    private func openDatabase() -> VisitDatabase? {
        do {
            let db = try VisitDatabase.openMovingAside(path: options.path) { log($0) }
            try db.setKiosk(options.kiosk)
            let closed = try db.closeOpenVisits()
            if closed > 0 { log("visit statistics: \(closed) visit(s) left open by the last run closed as last saved") }
            try db.prune(olderThan: options.retentionDays, now: wallClockMilliseconds())
            return db
        } catch {
            log("visit statistics off: \(error)")
            return nil
        }
    }
}

extension VisitDatabase {
    /// Opens `path`; a file that is damaged or another program's goes to `path.bad-<unix seconds>` (its WAL
    /// with it) with one line to `log`, and a fresh database starts.
    public static func openMovingAside(path: String, log: (String) -> Void) throws -> VisitDatabase {
        do { return try VisitDatabase(path: path) } catch let error as SQLiteError where error.isDamage {
            let aside = "\(path).bad-\(clockTime(CLOCK_REALTIME).tv_sec)"
            guard case .success = systemCall({ rename(path, aside) }) else { throw error }
            for suffix in ["-wal", "-shm"] { _ = systemCall { rename(path + suffix, aside + suffix) } }
            log("visit statistics: \(error); kept aside as \(aside), a new database started")
            return try VisitDatabase(path: path)
        }
    }
}
