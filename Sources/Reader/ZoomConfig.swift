import Geometry

/// Tuning for `ZoomView`. Every field is sanitised where it is used, so a hostile or nonsensical value (NaN,
/// negative, a maximum below 1) degrades to a sane behaviour instead of trapping.
public struct ZoomConfig: Sendable, Hashable {
    /// Largest settled scale (× fit). Values below 1 act as 1.
    public var maxScale: Double
    /// Scale a double tap zooms to (× fit), clamped to [1, maxScale].
    public var doubleTapScale: Double
    /// A double tap goes to 1:1 with the page's own pixels (`ZoomView.pixelGrid`) instead, where that is above fit
    /// and within `maxScale`.
    public var doubleTapActual = false
    /// Whether a two-finger rotation follows the fingers at all. When false the pinch only scales and pans.
    public var allowRotation: Bool
    /// On release, settle the rotation to the nearest multiple of 90°; false leaves it where the fingers put it.
    public var snapRotation: Bool
    /// Milliseconds for settle, spring-back, double-tap and reset animations (ease-out, time-driven).
    public var animationDuration: Double
    /// Slope of the rubber band at a limit: the share of finger motion still shown just past it (0…1).
    public var rubberBandStiffness: Double
    /// Asymptote of the pan rubber band as a fraction of the viewport's size along the axis.
    public var panOvershoot: Double
    /// Asymptote of the scale rubber band: the displayed scale never passes `maxScale · (1 + scaleOvershoot)`
    /// nor drops below `1 / (1 + scaleOvershoot)`.
    public var scaleOvershoot: Double
    /// A settled scale at or below this, with the rotation within `fitSnapAngle` of 0, returns exactly to fit.
    public var fitSnapScale: Double
    /// Radians; see `fitSnapScale`. Only matters with `snapRotation == false` (snapped angles are exact).
    public var fitSnapAngle: Double
    /// Whether a one-finger pan keeps gliding after release.
    public var momentum: Bool
    /// Milliseconds: the glide's velocity decays as e^(−t/τ), so it travels velocity · τ in total.
    public var momentumTimeConstant: Double
    /// px/s: slower releases do not glide.
    public var momentumMinimumSpeed: Double
    /// 1/s: rate ω of the critically damped spring that stops a glide at a limit (the overshoot peaks about
    /// 1/ω s after reaching the limit; faster glides get a stiffer spring so the peak stays within panOvershoot).
    public var bounceRate: Double

    public init(maxScale: Double = 8, doubleTapScale: Double = 2.5, allowRotation: Bool = true,
                snapRotation: Bool = true, animationDuration: Double = 250, rubberBandStiffness: Double = 0.55,
                panOvershoot: Double = 0.25, scaleOvershoot: Double = 0.5, fitSnapScale: Double = 1.01,
                fitSnapAngle: Double = 3 * pi / 180, momentum: Bool = true, momentumTimeConstant: Double = 350,
                momentumMinimumSpeed: Double = 60, bounceRate: Double = 12) {
        self.maxScale = maxScale; self.doubleTapScale = doubleTapScale; self.allowRotation = allowRotation
        self.snapRotation = snapRotation; self.animationDuration = animationDuration
        self.rubberBandStiffness = rubberBandStiffness; self.panOvershoot = panOvershoot
        self.scaleOvershoot = scaleOvershoot; self.fitSnapScale = fitSnapScale; self.fitSnapAngle = fitSnapAngle
        self.momentum = momentum; self.momentumTimeConstant = momentumTimeConstant
        self.momentumMinimumSpeed = momentumMinimumSpeed; self.bounceRate = bounceRate
    }
}

// Sanitised views of the fields, used by the zoom math.
extension ZoomConfig {
    private static func finite(_ v: Double, _ fallback: Double, _ lo: Double, _ hi: Double) -> Double {
        v.isFinite ? Swift.min(hi, Swift.max(lo, v)) : fallback
    }
    var safeMaxScale: Double { Self.finite(maxScale, 8, 1, 1e4) }
    var safeDoubleTapScale: Double { Self.finite(doubleTapScale, 2.5, 1, safeMaxScale) }
    /// In seconds, the unit the view's animations run in inside (callers give ms).
    var safeDuration: Double { Self.finite(animationDuration, 250, 0, 10_000) / 1000 }
    var safeStiffness: Double { Self.finite(rubberBandStiffness, 0.55, 0, 1) }
    var safePanOvershoot: Double { Self.finite(panOvershoot, 0.25, 0, 10) }
    var safeScaleOvershoot: Double { Self.finite(scaleOvershoot, 0.5, 0, 100) }
    var safeFitSnapScale: Double { Self.finite(fitSnapScale, 1.01, 1, safeMaxScale) }
    var safeFitSnapAngle: Double { Self.finite(fitSnapAngle, 3 * pi / 180, 0, pi / 4) }
    /// In seconds, as `safeDuration`.
    var safeTimeConstant: Double { Self.finite(momentumTimeConstant, 350, 0, 10_000) / 1000 }
    var safeMinimumSpeed: Double { Self.finite(momentumMinimumSpeed, 60, 0, 1e9) }
    var safeBounceRate: Double { Self.finite(bounceRate, 12, 1, 1e3) }
}
