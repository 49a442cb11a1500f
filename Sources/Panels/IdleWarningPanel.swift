import Geometry

/// The idle warning (window px): a dark box in the middle of the window with the question and the countdown,
/// and a bar whose light part is the time left.
public struct IdleWarningPanel: Sendable, Equatable {
    /// "Still reading?"
    public var title: String
    /// "The book closes in 17 s — touch anywhere to continue" (or, before attract mode, "Touch anywhere to keep
    /// reading — 17 s").
    public var line: String
    public var box: Rect
    /// The share of the countdown left, 0…1: smooth, or in whole seconds with reduced motion.
    public var left: Double
    /// 1, less while it fades in (never with reduced motion).
    public var opacity: Double

    public init(title: String, line: String, box: Rect, left: Double, opacity: Double) {
        self.title = title
        self.line = line
        self.box = box
        self.left = left
        self.opacity = opacity
    }
}
