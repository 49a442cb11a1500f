import Geometry

/// A finger holding the page. The grabbed point keeps the offset it had from the touch when the drag began, so
/// a drag never makes the page jump — also when it catches a page that is still animating.
/// Velocity comes from the caller's touch timestamps (seconds), never from a clock.
public struct CurlDrag: Sendable {
    public let page: CurlPage
    public let grab: GrabPoint
    public let config: CurlConfig
    /// Grabbed point's drawn position minus the touch, fixed for the whole drag.
    public let offset: Vec2
    /// The current curl.
    public private(set) var solution: CurlSolution
    private var samples: [Sample] = []

    struct Sample: Sendable { var time: Double; var target: Vec2 }

    /// Velocity is measured over the last `window` seconds of samples.
    static let window = 0.08
    /// A finger that has been still this long before release releases with no velocity.
    static let stale = 0.1

    /// Begins a drag at `touch`. The grabbed point starts at `grabbedAt` (default: its home, i.e. a page at rest).
    public init(page: CurlPage, grab: GrabPoint, config: CurlConfig = CurlConfig(), touch: Vec2, time: Double,
                grabbedAt: Vec2? = nil) {
        self.page = page; self.grab = grab; self.config = config
        let home = grab.location(in: page) ?? .zero
        let from = grabbedAt ?? home
        offset = touch.isFinite && from.isFinite ? from - touch : .zero
        solution = solveCurl(page: page, grab: grab, finger: from, config: config)
        if time.isFinite { samples = [Sample(time: time, target: from)] }
    }

    /// Catches an animating page: the new touch holds it exactly where it is drawn.
    public init(catching animator: CurlAnimator, touch: Vec2, time: Double) {
        self.init(page: animator.page, grab: animator.grab, config: animator.config, touch: touch, time: time,
                  grabbedAt: animator.solution.finger)
    }

    /// Where the grabbed point is asked to be for the latest touch.
    public var target: Vec2 { samples.last?.target ?? solution.finger }

    /// Follows the finger to `touch` at `time` (seconds).
    public mutating func move(to touch: Vec2, time: Double) {
        guard touch.isFinite else { return }
        let t = touch + offset
        solution = solveCurl(page: page, grab: grab, finger: t, config: config)
        guard time.isFinite else { return }
        if let last = samples.last, time < last.time { return }
        samples.append(Sample(time: time, target: t))
        if let newest = samples.last?.time {
            samples.removeAll { newest - $0.time > 2 * CurlDrag.window }
        }
    }

    /// The grabbed point's velocity (px/s) over the last samples, or zero if the finger rested before `time`.
    public func velocity(at time: Double) -> Vec2 {
        guard let last = samples.last else { return .zero }
        if time.isFinite && time - last.time > CurlDrag.stale { return .zero }
        guard let first = samples.first(where: { last.time - $0.time <= CurlDrag.window }),
              last.time > first.time else { return .zero }
        return (last.target - first.target) / (last.time - first.time)
    }

    /// Lets go at `time`: commit or cancel per `policy`, animated from where the page is drawn.
    public func release(at time: Double, policy: ReleasePolicy = ReleasePolicy(),
                        spring: SpringConfig = SpringConfig()) -> CurlAnimator {
        let v = velocity(at: time)
        let along = v.dot(page.flipDirection)
        let commit = policy.commits(progress: solution.progress, speedAlongFlip: along)
        let t = time.isFinite ? time : (samples.last?.time ?? 0)
        return CurlAnimator(page: page, grab: grab, config: config, from: solution.finger, velocity: v, time: t,
                            commit: commit, spring: spring)
    }
}
