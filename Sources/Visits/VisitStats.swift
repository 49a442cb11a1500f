import AppCore
import Glibc
import Occurrences
import Posix

/// Visit statistics: the recorder fed from the event log, its visits saved by a worker thread in
/// `$XDG_STATE_HOME/recto/visits.db`. The loop's only costs are a few value copies and a queue append.
@MainActor public final class VisitStats {
    private var recorder: VisitRecorder
    private let writer: VisitWriter
    /// Totals since start, for the metrics file.
    public private(set) var counters = VisitCounters()

    /// nil when off (`visit-stats`) or when there is no state directory.
    public init?(retentionDays: Int?, idleReset: Double?, bookPath: String, environment: [String: String],
          warn: @escaping @Sendable (String) -> Void) {
        guard let days = retentionDays, let dir = Self.directory(environment: environment) else { return nil }
        if let failure = makeDirectories(dir) {
            warn("visit statistics off: cannot make \(failure)")
            return nil
        }
        writer = VisitWriter(.init(path: dir + "/visits.db", retentionDays: days, kiosk: Self.hostName()), log: warn)
        recorder = VisitRecorder(book: Self.bookName(bookPath), idleTimeout: idleReset, wallOffsetMS: 0)
    }

    /// When the recorder must look again: a save held back, or a visit whose reset never came. The reader's one
    /// timer is armed at it.
    public var nextDeadline: Double? { recorder.nextDeadline }

    /// At the reader's timer.
    public func due(now: Double) { save(recorder.tick(at: now)) }

    /// `$XDG_STATE_HOME/recto`, or `~/.local/state/recto`.
    public nonisolated static func directory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/recto" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/recto" }
        return nil
    }

    /// An input event with a time (a touch, key, button or wheel), at `now` on the loop's clock.
    public func inputArrived(now: Double) {
        if !recorder.isOpen { setWallClock(now: now) }
        record([.input], now: now)
    }

    /// What each occurrence the core reports means to the visit statistics (`OccurrenceMeaning.visits`).
    public func observe(_ inputs: [VisitInput], now: Double) { record(inputs, now: now) }

    /// Another book is shown (`recto ctl open`, the shelf).
    public func bookOpened(_ path: String, now: Double) { record([.book(Self.bookName(path))], now: now) }

    /// The reader stops: the open visit is saved as it stands and the worker finishes writing.
    public func stop(now: Double) {
        save(recorder.finish(at: now))
        writer.close()
    }

    private func record(_ inputs: [VisitInput], now: Double) {
        guard !inputs.isEmpty else { return }
        for input in inputs { save(recorder.record(input, at: now)) }
    }

    private func save(_ updates: [VisitUpdate]) {
        for u in updates { counters.add(u) }
        writer.submit(updates)
    }

    private func setWallClock(now: Double) {
        let wall = clockTime(CLOCK_REALTIME)
        recorder.wallOffsetMS = Double(wall.tv_sec) * 1000 + Double(wall.tv_nsec) / 1e6 - now
        var t = wall.tv_sec
        var local = tm()
        localtime_r(&t, &local)
        recorder.utcOffsetMinutes = local.tm_gmtoff / 60
    }

    /// The book's file or folder name: where it lies on this kiosk says nothing to a fleet's report.
    public nonisolated static func bookName(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }

    public nonisolated static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(cString: buffer)
    }
}
