/// When the next frame is drawn, and at what resolution.
///
/// A compositor shows at most one of our frames per repaint, and it repaints on its own cycle: a frame committed
/// while the last one still waits for that repaint replaces it unseen (drawn for nothing), and a frame committed
/// just after a repaint waits a whole cycle on screen with ever older input. So each moving frame is drawn once
/// per repaint, after the compositor took the last one (its frame callback), and as late as its cost allows
/// before the next repaint, so that it shows the newest input.
///
/// The next repaint ("latch") is predicted from the newest of two anchors: the last frame callback plus the
/// repaint cycle (callback to callback while frames keep coming), or, with wp_presentation, the last presentation
/// plus the time the compositor takes from a presentation to its next repaint, both learned as medians of what
/// this compositor did. A frame is started its cost (the most of the last three) plus a margin before the latch; the
/// margin grows when a frame started on schedule still missed its repaint, and shrinks by 0.1 ms a frame while none do
/// (below zero, to at most half the estimate, when the most of three keeps overstating what frames cost).
/// While a finger drives the view, a frame starts as soon as the last input that can make its repaint has come, that
/// is when the next input may come only after the planned start: waiting longer would show nothing newer, and the
/// time gained absorbs a slow frame instead of missing the repaint. Those frames rarely miss, so the margin shrinks
/// and the planned start, which decides which input a frame shows, moves closer to the repaint.
/// Without presentation feedback the callbacks alone anchor the prediction. When no repaint is coming (the
/// compositor idles until something is committed) a frame is drawn at once.
///
/// The resolution: full while a full frame fits in the repaint cycle, reduced (area proportional to the budget)
/// when it does not, full again at rest.
public struct FrameScheduler: Sendable {
    public init() {}

    /// The compositor's repaint cycle, ms: callback to callback while every repaint takes a frame of ours.
    public var cycle: Double { callbackIntervals.median ?? refresh ?? 1000.0 / 60 }
    /// The display's refresh interval from presentation feedback, ms (nil: not told).
    public private(set) var refresh: Double?
    /// Safety margin before the predicted latch, ms.
    public private(set) var margin = Self.initialMargin
    /// Frames started on schedule that still missed the repaint they aimed at.
    public private(set) var missed = 0
    /// What a full-resolution frame costs, ms (the resolution's budget): the recent median, frames drawn at a
    /// reduced resolution counted by area (fill is the cost on the renderers that need it).
    public var fullCost: Double? { fullCosts.median }

    static let initialMargin = 2.0
    /// Per frame that makes its repaint. Against 2 ms per miss it settles where about one frame in twenty
    /// misses: a miss costs that frame part of a repaint cycle, a margin kept wider costs every frame.
    static let marginDecay = 0.1
    private var callbackIntervals = RecentSamples()
    private var presentToLatch = RecentSamples()
    private var costs = RecentSamples()
    private var fullCosts = RecentSamples()
    private var drawn = 0
    /// The first frames compile shader variants (llvmpipe: ~100 ms): their cost says nothing of the next ones.
    static let warmUpFrames = 2
    private var lastCallback: Double?
    private var lastPresented: Double?
    /// The last commit still waiting for its frame callback.
    private var committedAt: Double?
    /// The latch the frame being drawn or waiting for its callback was started for, when it started on schedule.
    private var aimedAt: Double?
    /// The latch the next frame is planned for, when it must start, and when it was first wanted for that latch.
    private var plan: (latch: Double, start: Double, wanted: Double)?
    /// When the newest input arrived, and the intervals between arrivals (a touchscreen's or a mouse's rate).
    private var lastInput: Double?
    private var inputIntervals = RecentSamples()
    /// Events closer than this arrived together (a motion and its frame, two fingers): one arrival.
    static let sameArrival = 2.0
    /// An input may come this much of its interval early (the sender's and the compositor's jitter).
    static let inputJitter = 0.15

    /// An input event arrived at `now`.
    public mutating func inputArrived(at now: Double) {
        if let last = lastInput, now - last >= Self.sameArrival, now - last < 100 { inputIntervals.add(now - last) }
        lastInput = now
    }

    /// The compositor repainted with our last frame (`wl_callback.done` received at `now`).
    public mutating func frameCallback(at now: Double) {
        // The cycle shows only between frames committed soon after the callback before them (not after a pause).
        if let last = lastCallback, let c = committedAt, c - last < 1.5 * cycle { callbackIntervals.add(now - last) }
        // A presentation between the last callback and this one: how long after it the compositor repainted.
        if let p = lastPresented, let last = lastCallback, p > last, p < now, now - p < cycle { presentToLatch.add(now - p) }
        // A repaint that went without the frame shows as a callback well after the latch it aimed at (a
        // compositor that idled restarts its cycle on the commit, a busy one takes it a cycle later).
        if let aimed = aimedAt, callbackIntervals.count >= 5 {
            if now > aimed + 0.25 * cycle {
                missed += 1
                margin = min(margin + 2, 0.5 * cycle)
            } else {
                margin = max(-0.5 * costEstimate, margin - Self.marginDecay)
            }
        }
        lastCallback = now
        committedAt = nil
        aimedAt = nil
    }

    /// A frame of ours was presented at `time` (ms, CLOCK_MONOTONIC); `refresh`: the display's interval, ms (0: unknown).
    public mutating func presented(at time: Double, refresh: Double) {
        lastPresented = max(lastPresented ?? time, time)
        if refresh > 0 { self.refresh = refresh }
    }

    /// The repaint the next frame should make, predicted at `now`; nil when none is coming (draw at once).
    func nextLatch(now: Double) -> Double? {
        guard let callback = lastCallback else { return nil }
        var latch = callback + cycle
        if let p = lastPresented, p > callback, let gap = presentToLatch.median { latch = p + gap }
        return latch > now ? latch : nil
    }

    /// When to start drawing the next frame: `now` or later. `pending`: the last frame's callback has not come
    /// yet (it is waited for, up to when it is taken for lost). `inputDriven`: the frame shows where input put
    /// the view (a drag, a pinch), not a point of an animation, which must be drawn at its time.
    public mutating func drawTime(now: Double, pending: Bool, inputDriven: Bool = false) -> Double {
        if pending, let c = committedAt, now < c + Self.lostCallback(cycle) { return c + Self.lostCallback(cycle) }
        guard let latch = nextLatch(now: now) else { plan = nil; return now }
        let start = latch - costEstimate - margin
        let sameRepaint = plan.map { abs($0.latch - latch) < 0.5 * cycle } ?? false
        plan = (latch, start, sameRepaint ? plan?.wanted ?? now : now)
        if inputDriven, start > now, let input = lastInput, let interval = inputIntervals.median,
           now - input < interval, input + (1 + Self.inputJitter) * interval > start { return now }
        return max(now, start)
    }

    /// A frame starts drawing at `now`.
    public mutating func drawing(at now: Double) {
        // Judged only when it was wanted before its start time: one wanted later (input after it) says nothing
        // about the margin; one woken late (a busy machine) does, the margin must cover that too.
        if let plan, plan.wanted <= plan.start { aimedAt = plan.latch } else { aimedAt = nil }
        plan = nil
    }

    /// A frame was committed at `now`, `cost` ms after it started, drawn at `factor` of full resolution.
    public mutating func committed(at now: Double, cost: Double, factor: Double) {
        committedAt = now
        drawn += 1
        guard drawn > Self.warmUpFrames else { return }
        costs.add(cost)
        fullCosts.add(cost / (factor * factor))
    }

    /// What the next frame will cost: the most of the last three. A frame costs what its pixels cost, and those
    /// change smoothly as a turn sweeps across the page, so the last few predict the next better than a longer
    /// median; the margin covers the rest.
    public var costEstimate: Double { costs.newest(3).max() ?? 0 }

    /// A callback that has not come after this long will not come (the surface is hidden): draw anyway, so that
    /// animations end and their events are logged.
    static func lostCallback(_ cycle: Double) -> Double { max(100, 4 * cycle) }

    /// The resolution factor for the next frame. `setting`: nil automatic, else a fixed factor for motion.
    public func factor(moving: Bool, setting: Double?) -> Double {
        guard moving else { return 1 }
        if let setting { return min(1, max(0.25, setting)) }
        guard let cost = fullCost, cost > 0.9 * cycle else { return 1 }
        // Fill cost follows area: scale both sides by the square root of the budget share, in steps so
        // the buffer is not reallocated for every small change.
        let wanted = (0.8 * cycle / cost).squareRoot()
        return wanted >= 0.85 ? 1 : wanted >= 0.65 ? 0.75 : 0.5
    }
}

/// The last few samples of a noisy interval; medians ignore the odd outlier (a missed repaint, a stall).
struct RecentSamples: Sendable {
    private var values: [Double] = []
    private var next = 0
    static let count = 15

    mutating func add(_ v: Double) {
        if values.count < Self.count { values.append(v) } else { values[next] = v }
        next = (next + 1) % Self.count
    }

    var median: Double? { Self.median(values) }
    var count: Int { values.count }

    /// The `n` most recent samples.
    func newest(_ n: Int) -> [Double] {
        guard !values.isEmpty else { return [] }
        return (1...min(n, values.count)).map { values[(next - $0 + Self.count) % Self.count] }
    }

    private static func median(_ xs: [Double]) -> Double? {
        guard !xs.isEmpty else { return nil }
        let s = xs.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}
