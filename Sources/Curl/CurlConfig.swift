import Geometry

/// How big the curl is. The radius is `base` in the middle of a flip. It grows smoothly from 0 over the first
/// `ramp × base` pixels of travel, so an untouched page is flat and a page point's height grows no faster than
/// the finger moves (with a fixed radius the corner would rise like travel^(2/3): infinitely fast at rest). It
/// shrinks smoothly to 0 as the fold line comes within `taper × base` pixels of either end of the spine, which
/// is what happens as the page approaches lying flat on the far side, so a completed flip ends flat (a crease
/// at the spine) and the curl can never reach over the spine.
public struct RadiusPolicy: Hashable, Sendable {
    /// Radius in pixels in the middle of a flip (the range: 2–200 px).
    public var base: Double
    /// Travel of the grabbed point, in multiples of `base`, over which the radius grows to `base`. Below 2π the
    /// grabbed point starts on the cylinder (the lift phase); the default π keeps it there until the radius is full.
    public var ramp: Double
    /// Fold-to-spine clearance, in multiples of `base`, below which the radius shrinks. Values under π are
    /// raised to π: that is the smallest taper for which the curl provably never lifts the spine.
    public var taper: Double

    public init(base: Double = 20, ramp: Double = pi, taper: Double = 2 * pi) {
        self.base = base; self.ramp = ramp; self.taper = taper
    }

    /// The radius for a grabbed point that travelled `travel` pixels (top view) with a fold whose crease line
    /// (the r = 0 fold through the same grabbed point and finger) is `clearance` pixels from the nearest end of
    /// the spine. Never more than 2·clearance/π, so the cylinder (whose axis sits at most πr/2 nearer the spine
    /// than that crease) leaves the spine down.
    public func radius(travel: Double, clearance: Double) -> Double {
        guard base.isFinite, base > 0, clearance > 0, travel > 0 else { return 0 }
        let taperSpan = Swift.max(taper.isFinite ? taper : pi, pi) * base
        let rampSpan = (ramp.isFinite && ramp > 0 ? ramp : pi) * base
        return base * ease(clearance / taperSpan) * ease(travel / rampSpan)
    }

    /// t(2 − t) rises with slope 2 and meets 1 with slope 0 (C¹); ≤ 2t keeps r ≤ 2·clearance/π.
    private func ease(_ t: Double) -> Double { t >= 1 ? 1 : t * (2 - t) }
}

/// Everything the solver needs besides the page, the grab and the finger.
public struct CurlConfig: Hashable, Sendable {
    public var radius: RadiusPolicy
    /// How fast a fold may turn away from the grabbed point's natural fold direction (dimensionless, > 0).
    /// Turning the fold by angle ψ away from it lifts the edge beyond the grabbed point by about L·sin ψ
    /// (L = that edge's length); the allowed turn grows with the drag distance s so that this extra lift starts
    /// at `edgeFreedom × s`, and is capped (45° beyond a corner's quadrant, 90° for an edge point). A
    /// grabbed point that moved s pixels thus never drags other page points more than a few times s.
    public var edgeFreedom: Double

    public init(radius: RadiusPolicy = RadiusPolicy(), edgeFreedom: Double = 1) {
        self.radius = radius; self.edgeFreedom = edgeFreedom
    }
}
