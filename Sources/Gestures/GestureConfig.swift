import Geometry

/// Tunables. Distances are surface px, times ms (the one unit of time of the pure modules), velocities px/s.
public struct GestureConfig: Sendable, Hashable {
    /// Motion below this from the down point is not a drag (so it can still be a tap), px: the one slop of every
    /// stroke, on a page, on the shelf and on a control. `slop(pixelsPerMM:)` gives it for a screen.
    public var slop: Double = GestureConfig.slop(pixelsPerMM: nil)
    /// Side of a corner grab zone and width of an edge grab zone, measured inward from the page edge:
    /// about a thumb's width.
    public var grabSize: Double = 80
    /// How far grab zones reach outside the page (a thumb at the very edge often lands beyond it).
    public var grabOutset: Double = 24
    /// Width of each tap zone as a fraction of `GestureContext.tapArea` (left and right).
    public var tapZoneFraction: Double = 1.0 / 3
    /// A touch held longer than this without moving is not a tap.
    public var tapMaxDuration: Double = 500
    /// Longest gap from the first tap's up to the second tap's down; 0 disables double-tap (taps act at once).
    public var doubleTapInterval: Double = 300
    /// Farthest the second tap may land from the first.
    public var doubleTapDistance: Double = 48
    /// A release from a swipe is a flick when |vx| ≥ this …
    public var flickMinVelocity: Double = 500
    /// … and |vx| ≥ this × |vy| …
    public var flickHorizontalRatio: Double = 1.5
    /// … and the finger travelled at least this far horizontally, in the direction of vx.
    public var flickMinDistance: Double = 30
    /// Least-squares velocity fit window.
    public var velocityWindow: Double = 100
    /// Zoom factor per wheel notch with Ctrl held, and per +/− key press.
    public var zoomStep: Double = 1.25
    /// Continuous scroll (touchpad) needed for one page turn; one turn per scroll gesture.
    public var scrollTurnDistance: Double = 50
    /// A pause this long between continuous axis events starts a new scroll gesture.
    public var scrollGestureGap: Double = 200
    /// Continuous Ctrl+scroll distance that zooms by e (the zoom is exp(−distance / this)).
    public var scrollZoomDistance: Double = 200
    /// Whether edge zones grab on a zoomed page (corner zones always do, when the reader supplies them).
    public var edgeGrabWhenZoomed: Bool = false
    /// Whether a touchpad pinch's rotation reaches the transform (off: touchpad pinches only zoom and move).
    public var touchpadPinchRotates: Bool = false

    public init() {}

    /// The slop on the real screen: a finger wobbles as far on a dense screen as on a coarse one.
    public static let slopMM = 2.0
    /// 96 dpi, for a screen that does not say its size.
    public static let fallbackPixelsPerMM = 96 / 25.4

    /// `slopMM` in px on a screen of `pixelsPerMM` (nil or nonsense: `fallbackPixelsPerMM`).
    public static func slop(pixelsPerMM: Double?) -> Double {
        slopMM * (pixelsPerMM.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? fallbackPixelsPerMM)
    }
}
