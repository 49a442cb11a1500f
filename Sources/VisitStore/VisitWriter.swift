import Glibc
import Posix
import Visits

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
    private let lock = Lock()
    private var queue: [VisitUpdate] = []
    private var closing = false
    private var thread = pthread_t()
    /// Write transactions committed (for the benchmark).
    public private(set) var transactions: Int {
        get { lock.locked { _transactions } }
        set { lock.locked { _transactions = newValue } }
    }
    private var _transactions = 0

    public init(_ options: Options, log: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.log = log
        let box = Unmanaged.passRetained(self).toOpaque()
        // The worker takes no signal: SIGTERM and friends stay the loop's (its signalfd), whenever it blocks them.
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        pthread_create(&thread, nil, { raw in
            let writer = Unmanaged<VisitWriter>.fromOpaque(raw!).takeRetainedValue()
            writer.run()
            return nil
        }, box)
    }

    /// Queues an update (the frame loop's only cost); a newer save of the same visit replaces a queued one.
    public func submit(_ updates: [VisitUpdate]) {
        guard !updates.isEmpty else { return }
        lock.locked {
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
        lock.locked {
            closing = true
            lock.signal()
        }
        pthread_join(thread, nil)
    }

    private func run() {
        var db = openDatabase()
        var lastWrite = -Double.infinity
        var lastPrune = now()
        while true {
            let (batch, done): ([VisitUpdate], Bool) = lock.locked {
                while queue.isEmpty && !closing { lock.wait() }
                // Small transactions, at most one per interval: later updates wait and merge into the next.
                let due = lastWrite + options.minInterval
                while !closing, now() < due { lock.wait(ms: due - now()) }
                defer { queue.removeAll() }
                return (queue, closing)
            }
            if !batch.isEmpty, let d = db {
                lastWrite = now()
                do {
                    try d.write(batch)
                    transactions += 1
                    // A kiosk that runs for months still forgets old visits: once a day, after a write.
                    if lastWrite - lastPrune > 86_400_000 {
                        lastPrune = lastWrite
                        try d.prune(olderThan: options.retentionDays, now: Self.wallMS())
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

    private func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    private static func wallMS() -> Int64 {
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        return Int64(wall.tv_sec) * 1000 + Int64(wall.tv_nsec) / 1_000_000
    }

    /// Opens the database, moving a damaged or foreign one aside; nil (with a log line) when none can be had.
    private func openDatabase() -> VisitDatabase? {
        do {
            let db = try VisitDatabase.openMovingAside(path: options.path) { log($0) }
            try db.setKiosk(options.kiosk)
            let closed = try db.closeOpenVisits()
            if closed > 0 { log("visit statistics: \(closed) visit(s) left open by the last run closed as last saved") }
            try db.prune(olderThan: options.retentionDays, now: Self.wallMS())
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
            let aside = "\(path).bad-\(time(nil))"
            guard case .success = systemCall({ rename(path, aside) }) else { throw error }
            for suffix in ["-wal", "-shm"] { _ = systemCall { rename(path + suffix, aside + suffix) } }
            log("visit statistics: \(error); kept aside as \(aside), a new database started")
            return try VisitDatabase(path: path)
        }
    }
}

/// A pthread mutex with one condition.
final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attr = pthread_condattr_t()
        pthread_condattr_init(&attr)
        pthread_condattr_setclock(&attr, CLOCK_MONOTONIC)
        pthread_cond_init(cond, &attr)
        pthread_condattr_destroy(&attr)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        cond.deallocate()
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// With the lock held.
    func wait() { pthread_cond_wait(cond, mutex) }
    func signal() { pthread_cond_signal(cond) }

    /// With the lock held: waits at most `ms`.
    func wait(ms: Double) {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let ns = Int(ts.tv_nsec) + Int(ms * 1_000_000)
        ts.tv_sec += ns / 1_000_000_000
        ts.tv_nsec = ns % 1_000_000_000
        pthread_cond_timedwait(cond, mutex, &ts)
    }
}
