import Curl
import Geometry
import TestSupport

extension SplitMix64 {
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
    /// Log-uniform in [a, b], a > 0.
    mutating func logUniform(_ a: Double, _ b: Double) -> Double { a * pow(b / a, unit()) }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func bool() -> Bool { next() & 1 == 1 }
}

/// x^y for y in [0, 1] and x > 0 via exp/ln-free bisection-free route: Geometry has exp; ln by Newton.
func pow(_ x: Double, _ y: Double) -> Double { Geometry.exp(y * ln(x)) }
func ln(_ x: Double) -> Double {
    var y = 0.0
    var m = x, k = 0.0
    while m > 2 { m /= 2; k += 1 }
    while m < 1 { m *= 2; k -= 1 }
    y = m - 1
    for _ in 0..<40 { y -= 1 - m / Geometry.exp(y) }
    return y + k * 0.6931471805599453
}

/// A random case drawn from the ranges: pages 200–4000 px, radii 2–200 px.
struct Case: CustomStringConvertible {
    var page: CurlPage
    var grab: GrabPoint
    var config: CurlConfig
    var finger: Vec2

    var description: String { "page \(page) grab \(grab) radius \(config.radius.base) finger \(finger)" }
}

extension SplitMix64 {
    mutating func page() -> CurlPage {
        CurlPage(width: logUniform(200, 4000), height: logUniform(200, 4000), spine: bool() ? .left : .right)
    }

    mutating func grab(for page: CurlPage, outerCornersOnly: Bool = false) -> GrabPoint {
        let outer: [GrabPoint] = page.spine == .left ? [.tr, .br] : [.tl, .bl]
        if outerCornersOnly { return outer[int(2)] }
        switch int(10) {
        case 0, 1, 2, 3: return outer[int(2)]
        case 4: return [.tl, .tr, .bl, .br][int(4)]
        case 5, 6: return .outer(y: uniform(0, page.height))
        case 7: return .top(x: uniform(0, page.width))
        case 8: return .bottom(x: uniform(0, page.width))
        default: return .outer(y: [0, page.height / 2, page.height][int(3)])
        }
    }

    /// Fingers over and around the page and its mirror image, where flips happen.
    mutating func finger(for page: CurlPage) -> Vec2 {
        let w = page.width, h = page.height
        if bool() {   // over the page or its mirror image, where most of a flip happens
            let x = page.spine == .left ? uniform(-w, w) : uniform(0, 2 * w)
            return Vec2(x, uniform(0, h))
        }
        return Vec2(uniform(-1.3 * w, 2.3 * w), uniform(-0.3 * h, 1.3 * h))
    }

    mutating func randomCase(outerCornersOnly: Bool = false) -> Case {
        let p = page()
        let cfg = CurlConfig(radius: RadiusPolicy(base: logUniform(2, 200)))
        return Case(page: p, grab: grab(for: p, outerCornersOnly: outerCornersOnly), config: cfg, finger: finger(for: p))
    }
}

/// A grid of flat page points including the whole boundary.
func pageGrid(_ page: CurlPage, _ n: Int = 24) -> [Vec2] {
    var pts: [Vec2] = []
    for i in 0...n {
        for j in 0...n {
            pts.append(Vec2(page.width * Double(i) / Double(n), page.height * Double(j) / Double(n)))
        }
    }
    return pts
}

/// Largest 3-D distance any of `pts` moves between two curls.
func maxMove(_ a: Cylinder, _ b: Cylinder, _ pts: [Vec2]) -> Double {
    var m = 0.0
    for p in pts { m = max(m, (a.deform(p).position - b.deform(p).position).length) }
    return m
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func fmt(_ x: Double, _ digits: Int = 3) -> String {
    if !x.isFinite { return "\(x)" }
    var m = 1.0
    for _ in 0..<digits { m *= 10 }
    let r = (x * m).rounded() / m
    return "\(r)"
}
