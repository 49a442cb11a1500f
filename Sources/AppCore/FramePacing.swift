import Localization

/// What the screen shows, and when the next GL frame may be drawn (`FrameScheduler` decides).
struct FramePacing: Sendable {
    var scheduler = FrameScheduler()
    /// The content of the last frame drawn (nil before the first).
    private(set) var drawn: FrameContent?
    /// The shell needs a frame whatever it shows (a screenshot is of a frame drawn for it).
    private(set) var asked = false
    /// When the planned frame must start, while it waits for its time (a timer deadline).
    private(set) var due: Double?
    /// GL frames drawn while a page they show had no image yet (blank paper where it belongs).
    private(set) var missingPages = 0

    /// Whether a GL frame is drawn at `now`; else it waits for `due`. `pending`: the last frame's callback has
    /// not come yet; `inputDriven`: a finger moves the view.
    mutating func drawsGL(now: Double, pending: Bool, inputDriven: Bool) -> Bool {
        let at = scheduler.drawTime(now: now, pending: pending, inputDriven: inputDriven)
        guard at <= now else {
            due = at
            return false
        }
        scheduler.drawing(at: now)
        return true
    }

    /// A frame showing `content` is being drawn.
    mutating func drawing(_ content: FrameContent) {
        drawn = content
        asked = false
    }

    /// A frame is drawn next whatever it shows.
    mutating func ask() { asked = true }

    /// The shell looks for a frame: the planned one is not waited for any more.
    mutating func looking() { due = nil }

    /// A GL frame is drawn with paper where a page belongs.
    mutating func missedPages() { missingPages += 1 }
}
