/// Chooses the resolution of moving frames: full while a full frame fits in the display's frame
/// interval, reduced (area proportional to the budget) when it does not, full again at rest.
struct MotionPacing {
    /// Smoothed cost of a full-resolution frame, ms.
    private(set) var fullCost: Double?
    /// Smoothed interval between frame callbacks, ms (the compositor's repaint rate).
    private(set) var interval = 1000.0 / 60
    private var lastCallback: Double?

    mutating func frameCallback(at ms: Double) {
        if let last = lastCallback, ms > last, ms - last < 100 { interval += 0.2 * ((ms - last) - interval) }
        lastCallback = ms
    }

    mutating func fullFrameCost(_ ms: Double) {
        fullCost = fullCost.map { $0 + 0.3 * (ms - $0) } ?? ms
    }

    /// The factor for the next frame. `setting`: nil automatic, else a fixed factor for motion.
    func factor(moving: Bool, setting: Double?) -> Double {
        guard moving else { return 1 }
        if let setting { return min(1, max(0.25, setting)) }
        guard let cost = fullCost, cost > 0.9 * interval else { return 1 }
        // Fill cost follows area: scale both sides by the square root of the budget share, in steps so
        // the buffer is not reallocated for every small change.
        let wanted = (0.8 * interval / cost).squareRoot()
        return wanted >= 0.85 ? 1 : wanted >= 0.65 ? 0.75 : 0.5
    }
}
