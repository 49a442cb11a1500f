import Geometry

/// A finger holding the page. The grabbed point keeps the offset it had from the touch when the drag began, so
/// a drag never makes the page jump — also when it catches a page that is still animating. It only places the
/// curl: the release (commit or fall back, and how fast) is decided from the stroke's own velocity by the reader.
public struct CurlDrag: Sendable, Equatable {
    public let page: CurlPage
    public let grab: GrabPoint
    public let config: CurlConfig
    /// Grabbed point's drawn position minus the touch, fixed for the whole drag.
    public let offset: Vec2
    /// The current curl.
    public private(set) var solution: CurlSolution

    /// Begins a drag at `touch`. The grabbed point starts at `grabbedAt` (default: its home, i.e. a page at rest).
    public init(page: CurlPage, grab: GrabPoint, config: CurlConfig = CurlConfig(), touch: Vec2, grabbedAt: Vec2? = nil) {
        self.page = page; self.grab = grab; self.config = config
        let home = grab.location(in: page) ?? .zero
        let from = grabbedAt ?? home
        offset = touch.isFinite && from.isFinite ? from - touch : .zero
        solution = solveCurl(page: page, grab: grab, finger: from, config: config)
    }

    /// Catches an animating page: the new touch holds it exactly where it is drawn.
    public init(catching animator: CurlAnimator, touch: Vec2) {
        self.init(page: animator.page, grab: animator.grab, config: animator.config, touch: touch,
                  grabbedAt: animator.solution.finger)
    }

    /// Follows the finger to `touch`.
    public mutating func move(to touch: Vec2) {
        guard touch.isFinite else { return }
        solution = solveCurl(page: page, grab: grab, finger: touch + offset, config: config)
    }
}
