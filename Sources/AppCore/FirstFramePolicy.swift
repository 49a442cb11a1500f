/// Start-up before the GL is up: the first frames are drawn by the CPU; the first one waits a little for the
/// first spread's pages, and the GL starts once that spread is on screen (its start-up then delays nothing
/// visible, and on two cores it would slow the decoding of the first pages).
struct FirstFramePolicy: Sendable {
    /// A CPU-drawn frame has been committed.
    var committed = false
    /// The wait for the first spread ran out: paper is shown where a page is still missing.
    var waitOver = false
    var pageWaitDeadline: Double?
    var prepareDeadline: Double?
    private var waiting = false
    var glRequested = false

    /// The first frame waits for the first spread, not longer than `firstSpreadWait`.
    mutating func startWaiting(now: Double) {
        guard !waiting else { return }
        waiting = true
        pageWaitDeadline = now + Self.firstSpreadWait
        prepareDeadline = now + Self.prepareAfter
    }

    /// How long the first frame waits for the first spread before it shows paper in its place, ms.
    static let firstSpreadWait = 250.0
    /// After this long without the first spread, the wait is spent making the frame's buffer (pages from the disk
    /// cache come within a few ms, and faulting in the buffer costs ~5 ms the frame would wait).
    static let prepareAfter = 8.0

    mutating func stopWaiting() {
        pageWaitDeadline = nil
        prepareDeadline = nil
    }

    /// When the wait runs out, the first frame is drawn with paper where a page is missing.
    mutating func timersDue(now: Double, glIsUp: Bool) -> [AppEffect] {
        var out: [AppEffect] = []
        if let due = pageWaitDeadline, due <= now {
            pageWaitDeadline = nil
            waitOver = true
        }
        if let due = prepareDeadline, due <= now {
            prepareDeadline = nil
            if !glIsUp, !committed { out.append(.prepareSoftwareBuffer) }
        }
        return out
    }
}
