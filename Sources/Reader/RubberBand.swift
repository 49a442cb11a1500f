/// A resistance curve for dragging past a limit: the displayed overshoot for a raw overshoot x ≥ 0 is
///
///     f(x) = L · (1 − 1 / (x·k / L + 1))
///
/// which starts with slope `k` (the stiffness), grows monotonically and sub-linearly (f(x) ≤ k·x), and never
/// reaches the asymptote `L` (the limit). Units are whatever the caller uses (px, or log-scale for zoom).
public enum RubberBand {
    /// Displayed overshoot for a raw `excess`; 0 for excess ≤ 0 or NaN, `limit` for +∞.
    /// A non-positive stiffness or limit gives a hard stop (0); an infinite limit gives plain `excess · stiffness`.
    public static func resist(_ excess: Double, stiffness: Double, limit: Double) -> Double {
        guard excess > 0, stiffness > 0, limit > 0, stiffness.isFinite else { return 0 }
        guard limit.isFinite else { return excess.isFinite ? excess * stiffness : 0 }
        return limit * (1 - 1 / (excess * stiffness / limit + 1))
    }

    /// `value` when it lies in [lower, upper], otherwise the nearest bound plus the resisted overshoot.
    /// NaN maps to the middle of the range. Expects lower ≤ upper (swapped if not).
    public static func clamp(_ value: Double, lower: Double, upper: Double, stiffness: Double,
                             limit: Double) -> Double {
        let lo = Swift.min(lower, upper), hi = Swift.max(lower, upper)
        if value.isNaN { return lo + (hi - lo) / 2 }
        if value > hi { return hi + resist(value - hi, stiffness: stiffness, limit: limit) }
        if value < lo { return lo - resist(lo - value, stiffness: stiffness, limit: limit) }
        return value
    }
}
