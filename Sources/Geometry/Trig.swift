// The cores import no C module (and so not Glibc/Foundation): sin, cos, atan2 and friends come from
// here, written in Swift, so that the curl math can run on any target and be tested without libm.
// Accuracy: better than 1e-15 relative for the ranges used (|x| < 1e6).

@usableFromInline let twoPi = 6.283185307179586476925286766559
public let pi = 3.141592653589793238462643383279

/// sin and cos of `x` together (one range reduction).
public func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
    guard x.isFinite else { return (.nan, .nan) }
    // Reduce to [-pi/4, pi/4] with a quadrant index.
    let q = (x / (pi / 2)).rounded()
    // Cody–Waite reduction with a split pi/2 keeps precision for moderate |x|.
    let p1 = 1.5707963267341256e+00, p2 = 6.0771005065061922e-11, p3 = 2.0222662487959506e-21
    let r = ((x - q * p1) - q * p2) - q * p3
    let r2 = r * r
    let s = r + r * r2 * (-1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5040 + r2 * (1.0 / 362880
        + r2 * (-1.0 / 39916800 + r2 * (1.0 / 6227020800 + r2 * (-1.0 / 1307674368000)))))))
    let c = 1 + r2 * (-0.5 + r2 * (1.0 / 24 + r2 * (-1.0 / 720 + r2 * (1.0 / 40320
        + r2 * (-1.0 / 3628800 + r2 * (1.0 / 479001600 + r2 * (-1.0 / 87178291200)))))))
    let qi = Int(q.truncatingRemainder(dividingBy: 4)) & 3
    switch qi {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}

@inlinable public func sin(_ x: Double) -> Double { sinCos(x).sin }
@inlinable public func cos(_ x: Double) -> Double { sinCos(x).cos }

/// atan of x, full precision, via argument halving and a series.
public func atan(_ x: Double) -> Double {
    if x.isNaN { return .nan }
    if x.isInfinite { return x > 0 ? pi / 2 : -pi / 2 }
    if x < 0 { return -atan(-x) }
    if x > 1 { return pi / 2 - atan(1 / x) }
    // Halve the angle twice: atan(x) = 2 atan(x / (1 + sqrt(1 + x²))).
    var t = x, k = 1.0
    for _ in 0..<3 { t = t / (1 + (1 + t * t).squareRoot()); k *= 2 }
    // |t| <= tan(pi/32) ≈ 0.0985: the series converges fast.
    let t2 = t * t
    var term = t, sum = t, n = 1.0
    for _ in 0..<12 { term *= -t2; n += 2; sum += term / n }
    return k * sum
}

/// atan2(y, x) in (−π, π].
public func atan2(_ y: Double, _ x: Double) -> Double {
    if y.isNaN || x.isNaN { return .nan }
    if x > 0 { return atan(y / x) }
    if x < 0 { return y >= 0 ? atan(y / x) + pi : atan(y / x) - pi }
    if y > 0 { return pi / 2 }
    if y < 0 { return -pi / 2 }
    return 0
}

/// acos on [−1, 1] (clamped), via atan2.
public func acos(_ x: Double) -> Double {
    let c = Swift.min(1, Swift.max(-1, x))
    return atan2((1 - c * c).squareRoot(), c)
}

/// e^x by range reduction to [−ln2/2, ln2/2] and a series.
public func exp(_ x: Double) -> Double {
    if x.isNaN { return .nan }
    if x > 709.7 { return .infinity }
    if x < -745 { return 0 }
    let ln2 = 0.6931471805599453
    let k = (x / ln2).rounded()
    let r = x - k * ln2
    var term = 1.0, sum = 1.0
    for i in 1...16 { term *= r / Double(i); sum += term }
    return sum * pow2(Int(k))
}

@usableFromInline func pow2(_ k: Int) -> Double {
    var result = 1.0, base = k >= 0 ? 2.0 : 0.5, n = abs(k)
    while n > 0 { if n & 1 == 1 { result *= base }; base *= base; n >>= 1 }
    return result
}
