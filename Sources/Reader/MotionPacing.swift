/// Paces frames while the page moves: when a frame showing new input is drawn, and at what resolution
/// (full while a full frame fits in the display's frame interval, reduced, area proportional to the
/// budget, when it does not, full again at rest).
public struct MotionPacing: Sendable {
    public init() {}

    /// Smoothed cost of a full-resolution frame, ms.
    public private(set) var fullCost: Double?
    /// Smoothed interval between frame callbacks, ms (the compositor's repaint rate).
    public private(set) var interval = 1000.0 / 60
    private var lastCallback: Double?
    private var lastStart: Double?

    public mutating func frameCallback(at ms: Double) {
        if let last = lastCallback, ms > last, ms - last < 100 { interval += 0.2 * ((ms - last) - interval) }
        lastCallback = ms
    }

    public mutating func drawing(at ms: Double) { lastStart = ms }

    /// Whether a frame showing fresh input is drawn now although the compositor has not yet taken the last
    /// one (its frame callback is pending). Waiting for the callback would add up to a refresh interval
    /// to every touch; drawing at once costs a frame the compositor may never show only when input comes
    /// faster than the display refreshes, so frames drawn at once start at most once per half an interval.
    /// Animations (no input) always wait for the callback. Under headless weston (repainting about 38 times
    /// a second here) this took touch-to-presentation from 51 to 33 ms at the median.
    public func drawsInputAtOnce(now ms: Double, freshInput: Bool) -> Bool {
        guard freshInput else { return false }
        guard let last = lastStart else { return true }
        return ms - last >= 0.5 * interval
    }

    public mutating func fullFrameCost(_ ms: Double) {
        fullCost = fullCost.map { $0 + 0.3 * (ms - $0) } ?? ms
    }

    /// The factor for the next frame. `setting`: nil automatic, else a fixed factor for motion.
    public func factor(moving: Bool, setting: Double?) -> Double {
        guard moving else { return 1 }
        if let setting { return min(1, max(0.25, setting)) }
        guard let cost = fullCost, cost > 0.9 * interval else { return 1 }
        // Fill cost follows area: scale both sides by the square root of the budget share, in steps so
        // the buffer is not reallocated for every small change.
        let wanted = (0.8 * interval / cost).squareRoot()
        return wanted >= 0.85 ? 1 : wanted >= 0.65 ? 0.75 : 0.5
    }
}
