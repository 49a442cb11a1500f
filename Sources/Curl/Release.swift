import Geometry

/// Commit or cancel on release, from position and velocity together.
public struct ReleasePolicy: Hashable, Sendable {
    /// A release whose grabbed point moves at least this fast (pixels per second, page space) along the flip
    /// direction commits from any position; as fast the other way it cancels from any position.
    public var flickSpeed: Double
    /// Slower releases commit when the flip progress is at least this (0.5: the grabbed point reached the spine).
    public var commitProgress: Double

    public init(flickSpeed: Double = 400, commitProgress: Double = 0.5) {
        self.flickSpeed = flickSpeed; self.commitProgress = commitProgress
    }

    /// True to complete the flip. `speedAlongFlip` is the grabbed point's velocity component toward the spine.
    public func commits(progress: Double, speedAlongFlip v: Double) -> Bool {
        if v.isFinite {
            if v >= flickSpeed { return true }
            if v <= -flickSpeed { return false }
        }
        return progress.isFinite && progress >= commitProgress
    }
}

/// A critically damped spring, evaluated in closed form from the release state (frame-rate independent).
public struct SpringConfig: Hashable, Sendable {
    /// How long a turn takes by default (ms): from the key press or tap to the page at rest. 400 ms covers 90 % of
    /// the way in 130 ms and 99 % in 220 ms, a brisk hand's turn that still shows the paper bend (frames looked at
    /// with `recto render`, README "Performance"), and a key turn's `page` event comes within 500 ms of the press.
    /// The `turn-duration` setting's default.
    public static let defaultTurnDuration = 400.0
    /// ω × duration: a critically damped spring from rest has (1 + ωt)·e^(−ωt) of its way left at t, 8·10⁻⁵ at
    /// ωt = 12, i.e. within `settleDistance` (0.25 px) of the goal for a travel of up to 3000 px — every screen's turn.
    static let settleRadians = 12.0

    /// Natural angular frequency ω in 1/s: from rest the spring covers 90 % of the way in about 3.9/ω s and
    /// settles in about 12/ω s. A faster release raises ω for that animation so it never overshoots.
    public var frequency: Double
    /// The animation ends (snapping to the goal) once it is this close, in pixels, and nearly still.
    public var settleDistance: Double

    public init(frequency: Double = SpringConfig.frequency(turnDuration: SpringConfig.defaultTurnDuration),
                settleDistance: Double = 0.25) {
        self.frequency = frequency; self.settleDistance = settleDistance
    }

    /// A spring whose turn from rest settles in `turnDuration` ms.
    public init(turnDuration: Double, settleDistance: Double = 0.25) {
        self.init(frequency: Self.frequency(turnDuration: turnDuration), settleDistance: settleDistance)
    }

    /// ω (1/s) for a turn from rest that settles in `turnDuration` ms; the default's where that is not positive.
    public static func frequency(turnDuration ms: Double) -> Double {
        let d = ms.isFinite && ms > 0 ? ms : defaultTurnDuration
        return settleRadians / (d / 1000)
    }

    /// How long a turn from rest takes on this spring (ms).
    public var turnDuration: Double { Self.settleRadians / omega * 1000 }

    /// ω as an animation uses it: `frequency`, or the default's where that is not a positive number.
    var omega: Double {
        frequency.isFinite && frequency > 0 ? frequency : Self.frequency(turnDuration: Self.defaultTurnDuration)
    }

    /// The launch that lifts a point at rest on its goal line by `peak` (pixels, a direction and distance) and
    /// lets it fall back: a critically damped spring launched at v from rest reaches v/(ω·e) at 1/ω. Every lift
    /// (a flip's arc, attract mode's corner) is launched by this.
    public func launchVelocity(peak: Vec2) -> Vec2 { peak * omega * 2.718281828459045 }
}
