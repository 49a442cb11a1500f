import Geometry
import Gestures
import Reader

// Shared fixtures for the Zoom*Tests files (named to match them; holds no tests itself).

/// A tiny deterministic RNG so randomized zoom tests replay the same cases on every run.
struct ZoomRNG: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo..<hi, using: &self) }
}

enum ZoomFixture {
    /// A 1000×800 landscape window.
    static let viewport = Rect(x: 0, y: 0, width: 1000, height: 800)
    /// A square two-page spread centred in it at fit.
    static let spread = Rect(x: 100, y: 0, width: 800, height: 800)
    /// A single portrait page centred in it at fit.
    static let page = Rect(x: 220, y: 0, width: 560, height: 800)

    static func view(_ config: ZoomConfig = ZoomConfig(), content: Rect = spread) -> ZoomView {
        var z = ZoomView(config: config)
        z.setLayout(viewport: viewport, content: content)
        return z
    }

    /// A one-update pinch (scale, degrees clockwise) about `pivot`, ended at `time` and run to rest.
    @discardableResult
    static func pinch(_ z: inout ZoomView, scale: Double, degrees: Double, pivot: Vec2 = viewport.center,
                      translation: Vec2 = .zero, time: Double = 0) -> (scale: Double, rotationDegrees: Double) {
        let t = GestureTransform(pivot: pivot, scale: scale, rotation: degrees * pi / 180, translation: translation)
        z.beginTransform(time: time)
        z.updateTransform(t)
        let r = z.endTransform(t, time: time)
        z.advance(to: time + 10_000)
        return r
    }

    /// Bounding box of `rect` mapped through `m`.
    static func box(_ m: Affine2, _ rect: Rect = spread) -> Rect {
        let cs = [Vec2(rect.minX, rect.minY), Vec2(rect.maxX, rect.minY), Vec2(rect.minX, rect.maxY),
                  Vec2(rect.maxX, rect.maxY)].map(m.apply)
        let x0 = cs.map(\.x).min()!, x1 = cs.map(\.x).max()!, y0 = cs.map(\.y).min()!, y1 = cs.map(\.y).max()!
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The pan rule, checked independently of the implementation: per axis, a box at least as large as the
    /// viewport covers it, a smaller one is centred (the content is centred at fit in these fixtures).
    static func withinPanLimits(_ m: Affine2, content: Rect = spread, tolerance: Double = 1e-6) -> Bool {
        let b = box(m, content), v = viewport
        func axis(_ lo: Double, _ hi: Double, _ v0: Double, _ v1: Double) -> Bool {
            if hi - lo >= v1 - v0 - tolerance { return lo <= v0 + tolerance && hi >= v1 - tolerance }
            return abs((lo + hi) / 2 - (v0 + v1) / 2) <= tolerance
        }
        return axis(b.minX, b.maxX, v.minX, v.maxX) && axis(b.minY, b.maxY, v.minY, v.maxY)
    }

    static func isFiniteInvertible(_ m: Affine2) -> Bool {
        [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite) && m.determinant > 0
    }
}
