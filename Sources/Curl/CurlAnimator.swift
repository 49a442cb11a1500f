import Geometry

/// The page after release (or a keyboard/tap flip): the grabbed point travels on a critically damped spring to
/// its goal — its mirror image across the spine (`committed`) or its home — and the solver turns each position
/// into the curl. Advanced by the caller's frame timestamps (ms); a new touch may take it over at any time
/// (`CurlDrag(catching:touch:)`).
public struct CurlAnimator: Sendable, Equatable {
    public let page: CurlPage
    public let grab: GrabPoint
    public let config: CurlConfig
    /// True when the flip completes; false when the page falls back.
    public let committed: Bool
    /// Where the grabbed point ends (page space).
    public let goal: Vec2
    /// ω actually used: `SpringConfig.frequency`, or more if the release was faster than that spring.
    public let omega: Double
    let start: Vec2, startVelocity: Vec2, startTime: Double, settle: Double

    /// The last time passed to `advance` (ms, caller's clock).
    public private(set) var time: Double
    /// Where the spring holds the grabbed point now (the solver may pull it back into reach).
    public private(set) var finger: Vec2
    /// The spring's velocity now, pixels per second.
    public private(set) var velocity: Vec2
    public private(set) var isFinished: Bool
    /// The solved curl for the current position.
    public private(set) var solution: CurlSolution

    public var cylinder: Cylinder { solution.cylinder }
    public var progress: Double { solution.progress }

    /// Starts at `finger` (the grabbed point's drawn position) moving at `velocity` (px/s) at `time` (ms).
    public init(page: CurlPage, grab: GrabPoint, config: CurlConfig = CurlConfig(), from finger: Vec2,
                velocity: Vec2, time: Double, commit: Bool, spring: SpringConfig = SpringConfig()) {
        self.page = page; self.grab = grab; self.config = config; self.committed = commit
        let home = grab.location(in: page) ?? .zero
        goal = commit ? page.mirrored(home) : home
        let x0 = finger.isFinite ? finger : home
        let v0 = velocity.isFinite ? velocity : .zero
        let t0 = time.isFinite ? time : 0
        // Along the line to the goal the error is (−D + (v − ωD)τ)·e^(−ωτ): it never changes sign iff ω ≥ v/D.
        let toGoal = goal - x0, dist = toGoal.length
        let base = spring.omega
        let approach = dist > 0 ? v0.dot(toGoal) / dist : 0
        omega = dist > 0 ? Swift.max(base, approach / dist) : base
        start = x0; startVelocity = v0; startTime = t0
        settle = spring.settleDistance.isFinite && spring.settleDistance > 0 ? spring.settleDistance : 0.25
        self.time = t0; self.finger = x0; self.velocity = v0; isFinished = false
        solution = solveCurl(page: page, grab: grab, finger: x0, config: config)
        if !page.isValid || grab.location(in: page) == nil { finish() }
    }

    /// A keyboard or tap flip: the same spring from rest, launched across the page so the grabbed point rises
    /// by `arcHeight × page height` (toward the page's middle) on a natural arc before landing on its mirror image
    /// (`.forward`), or from lying turned back home (`.backward`).
    public static func flip(page: CurlPage, grab: GrabPoint = .br, config: CurlConfig = CurlConfig(), time: Double,
                            arcHeight: Double = 0.12, direction: TurnDirection = .forward,
                            spring: SpringConfig = SpringConfig()) -> CurlAnimator {
        let home = grab.location(in: page) ?? .zero
        let lift = (arcHeight.isFinite ? arcHeight : 0) * (page.height.isFinite ? page.height : 0)
        let towardMiddle = home.y > page.height / 2 ? -1.0 : 1.0
        return CurlAnimator(page: page, grab: grab, config: config, from: direction == .forward ? home : page.mirrored(home),
                            velocity: spring.launchVelocity(peak: Vec2(0, towardMiddle * lift)), time: time,
                            commit: direction == .forward, spring: spring)
    }

    /// A corner lifted from rest by `peak` (page space: direction and distance) that falls back home on its own.
    public static func lift(page: CurlPage, grab: GrabPoint, config: CurlConfig = CurlConfig(), peak: Vec2,
                            time: Double, spring: SpringConfig = SpringConfig()) -> CurlAnimator {
        CurlAnimator(page: page, grab: grab, config: config, from: grab.location(in: page) ?? .zero,
                     velocity: spring.launchVelocity(peak: peak), time: time, commit: false, spring: spring)
    }

    /// Moves the animation to `time` (ms, the caller's frame timestamp). Earlier times are ignored.
    public mutating func advance(to time: Double) {
        guard !isFinished, time.isFinite, time > self.time else { return }
        self.time = time
        // The spring's constants are per second.
        let tau = (time - startTime) / 1000, w = omega
        let e0 = start - goal
        let b = startVelocity + e0 * w
        let decay = exp(-w * tau)
        let e = (e0 + b * tau) * decay
        velocity = (startVelocity - b * (w * tau)) * decay
        finger = goal + e
        if e.length <= settle && velocity.length <= 2 * w * settle {
            finish()
        } else {
            solution = solveCurl(page: page, grab: grab, finger: finger, config: config)
        }
    }

    private mutating func finish() {
        isFinished = true
        finger = goal
        velocity = .zero
        solution = solveCurl(page: page, grab: grab, finger: goal, config: config)
    }
}
