import Geometry

/// Pointer, touchpad-pinch and wheel state of the recognizer.
struct PointerState: Sendable {
    struct Pinch: Sendable, Hashable {
        var pivot: Vec2
        var scale = 1.0
        var rotation = 0.0     // radians, accumulated
        var motion = Vec2.zero // midpoint motion since the begin, px
        /// Begun while touch or a button drag was busy: swallowed until its end.
        var ignored: Bool
    }

    var position: Vec2?
    /// The left button is held and drives a one-point gesture.
    var stroke: Stroke?
    /// The left button is held but the press was ignored (touch was busy).
    var ignoringPress = false
    var pinch: Pinch?
    var taps = TapResolver()
    /// Wheel steps (value120) not yet turned into pages, per axis.
    var wheelVertical = 0
    var wheelHorizontal = 0
    /// Continuous scroll of the current scroll gesture.
    var scrolled = 0.0
    var lastScrollTime: Double?
    /// The current continuous scroll gesture already turned a page.
    var scrollSpent = false

    var isIdle: Bool { stroke == nil && !ignoringPress && pinch == nil }
}
