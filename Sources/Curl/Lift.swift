import Geometry

// The grabbed point's top-view travel as a function of its distance d from the cylinder's axis line:
//   f(d) = d − r·sin(d/r)   for 0 ≤ d < πr   (lift phase: still on the cylinder)
//   f(d) = 2d − πr          for d ≥ πr       (folded back, flat on top)
// f is continuous, C¹ at πr (slope 2 on both sides), convex and strictly increasing, so it has an inverse;
// inverting it in the lift phase is Kepler's equation with eccentricity 1 (x − sin x = σ), solved by Newton.

/// Top-view travel (pixels) of a page point at distance `d` ≥ 0 past the axis line of a cylinder of radius `r`.
public func curlTravel(distance d: Double, radius r: Double) -> Double {
    if d <= 0 { return 0 }
    if r <= 0 { return 2 * d }
    if d >= pi * r { return 2 * d - pi * r }
    return r * xMinusSin(d / r)
}

/// Inverse of `curlTravel`: the distance past the axis line at which a point travels `s` pixels.
/// Exact to about 1e-12 relative; `s` ≤ 0 gives 0.
public func curlDistance(travel s: Double, radius r: Double) -> Double {
    if !(s > 0) { return 0 }
    if r <= 0 { return s / 2 }
    if s >= pi * r { return (s + pi * r) / 2 }
    return r * invertXMinusSin(s / r)
}

/// x − sin x without cancellation for small x (series below 0.5, where the direct form loses digits).
@usableFromInline func xMinusSin(_ x: Double) -> Double {
    if abs(x) < 0.5 {
        let x2 = x * x
        // x³/3! − x⁵/5! + … ; the x¹⁵ term is below 1e-16 of the sum for |x| < 0.5.
        return x * x2 * (1.0 / 6 - x2 * (1.0 / 120 - x2 * (1.0 / 5040 - x2 * (1.0 / 362880
            - x2 * (1.0 / 39916800 - x2 * (1.0 / 6227020800))))))
    }
    return x - sin(x)
}

/// 1 − cos x without cancellation for small x.
@usableFromInline func versine(_ x: Double) -> Double {
    if abs(x) < 0.5 {
        let x2 = x * x
        return x2 * (0.5 - x2 * (1.0 / 24 - x2 * (1.0 / 720 - x2 * (1.0 / 40320
            - x2 * (1.0 / 3628800 - x2 * (1.0 / 479001600))))))
    }
    return 1 - cos(x)
}

/// Solves x − sin x = σ for x in [0, π], σ in [0, π].
@usableFromInline func invertXMinusSin(_ sigma: Double) -> Double {
    if !(sigma > 0) { return 0 }
    if sigma >= pi { return pi }
    // x − sin x ≤ x³/6, so cbrt(6σ) is a lower bound and exact to leading order for small σ. Halley steps
    // (cubic convergence) from there take three or four iterations to reach full precision.
    var x = Swift.min(pi, cubeRoot(6 * sigma))
    for _ in 0..<16 {
        let g: Double, dg: Double, ddg: Double
        if x < 0.5 {
            g = xMinusSin(x) - sigma; dg = versine(x); ddg = sin(x)
        } else {
            let (s, c) = sinCos(x)
            g = x - s - sigma; dg = 1 - c; ddg = s
        }
        let denom = 2 * dg * dg - g * ddg
        guard dg > 0, denom > 0 else { break }
        let step = 2 * g * dg / denom
        x = Swift.min(pi, Swift.max(0, x - step))
        if abs(step) <= 1e-15 * x { break }
    }
    return x
}

/// Real cube root of y ≥ 0 (pure Swift: an exponent-splitting first guess, then Newton).
@usableFromInline func cubeRoot(_ y: Double) -> Double {
    if !(y > 0) || !y.isFinite { return y > 0 ? y : 0 }
    // Dividing the biased exponent by three gives a guess within a factor of ~1.3.
    let bits = y.bitPattern / 3 + 0x2A9F_7893_782D_A1CE
    var t = Double(bitPattern: bits)
    for _ in 0..<6 {
        let next = t - (t * t * t - y) / (3 * t * t)
        if abs(next - t) <= 1e-16 * next { t = next; break }
        t = next
    }
    return t
}
