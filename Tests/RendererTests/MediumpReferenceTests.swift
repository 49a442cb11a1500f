import Foundation
import TestSupport
import Testing

/// The roll shader's arithmetic in 16-bit floats (what a GPU with mediump-only fragments computes: Mali-400
/// through lima, 11 significant bits) against the same in Double, over a sweep of curl states and pages up to
/// 4,096 px: the bounds written in Shaders/roll.frag. llvmpipe evaluates mediump in 32 bits, so no GPU run
/// here can show this; the CPU does. Needs no GPU.
struct MediumpReferenceTests {
    /// The errors of one arithmetic over the sweep: the largest of each, and how many fragments had a
    /// coverage between 0 and 1 (where the antialiasing ramp is, so the bound was tested, not vacuous).
    struct Errors: CustomStringConvertible {
        var coverage = 0.0, unroll = 0.0, colour = 0.0, texels = 0.0
        var rampFragments = 0, fragments = 0
        var worstCoverage = ""
        var description: String {
            "coverage \(fmt(coverage)) px, unrolling \(fmt(unroll)) px, colour \(fmt(colour * 255))/255, "
                + "texture coordinate \(fmt(texels)) texels (\(rampFragments) of \(fragments) fragments on a ramp; "
                + "worst coverage at \(worstCoverage))"
        }
        private func fmt(_ v: Double) -> String { String(format: "%.3f", v) }
    }

    static let pages: [(Double, Double)] = [(700, 990), (1400, 2000), (2000, 1400), (2800, 4000), (4096, 4096), (3072, 4096)]
    static let radii: [Double] = [2, 8, 20, 60, 200]
    static let angles: [Double] = [0, 12, 45, 78, 135, 200, 290]

    /// Runs `arithmetic` in Float16 and Double over the sweep.
    static func sweep(_ arithmetic: (RollFragment.Input, Bool) -> RollFragment.Output) -> Errors {
        var errors = Errors()
        var random = SplitMix64(seed: 31)
        for (w, h) in pages {
            // What the texture holds where fragments are mediump only (GLLimits.mediumpTextureSize).
            let texels = min(max(w, h), 2048) / max(w, h)
            for r in radii {
                for angle in angles {
                    let a = angle * Double.pi / 180
                    let n = (x: cos(a), y: sin(a)), tangent = (x: -sin(a), y: cos(a))
                    for _ in 0..<3 {
                        let axis = (x: w * Double.random(in: 0.1...0.9, using: &random),
                                    y: h * Double.random(in: 0.1...0.9, using: &random))
                        for k in 0..<900 {
                            // Across the band (dense near the rim and the axis), and beyond the axis where the
                            // flap lies; along the axis anywhere on the page.
                            let s: Double
                            switch k % 3 {
                            case 0: s = Double.random(in: -3...(r + 2), using: &random)
                            case 1: s = r - Double.random(in: 0...min(r, 3), using: &random)
                            default: s = -Double.random(in: 0...(max(w, h)), using: &random)
                            }
                            let t = Double.random(in: -1.5 * max(w, h)...1.5 * max(w, h), using: &random)
                            let p = (x: axis.x + n.x * s + tangent.x * t, y: axis.y + n.y * s + tangent.y * t)
                            guard p.x > -2, p.y > -2, p.x < w + 2, p.y < h + 2 else { continue }
                            let input = RollFragment.Input(
                                p: p, width: w, height: h, axisPoint: axis, normal: n, radius: r, aaScale: 1,
                                mirror: k % 2 == 0,
                                front: (Double.random(in: 0...1, using: &random), 0.3, 0.7, 1),
                                back: (0.1, Double.random(in: 0...1, using: &random), 0.5, k % 5 == 0 ? 0.4 : 1))
                            errors.add(half: arithmetic(input, true), exact: arithmetic(input, false),
                                       texelsPerUV: (w * texels, h * texels), at: "\(Int(w))×\(Int(h)) r \(Int(r)) s \(s)")
                        }
                    }
                }
            }
        }
        return errors
    }

    @Test func newArithmeticMeetsTheBoundsInFloat16() {
        let e = Self.sweep { input, half in
            half ? RollFragment.shader(input, as: Float16.self) : RollFragment.shader(input, as: Double.self)
        }
        print("roll.frag in Float16: \(e)")
        #expect(e.rampFragments > 1000, "the sweep must reach the antialiasing ramps: \(e)")
        #expect(e.coverage <= 0.1, "\(e)")
        #expect(e.unroll <= 0.25, "\(e)")
        #expect(e.colour <= 2.0 / 255, "\(e)")
        // The texture coordinate (in [0, 1]) is rounded twice to 11 bits, as the varying and as the sum: within
        // 1.5 texels on textures up to 2,048 texels (today's: 17).
        #expect(e.texels <= 1.5, "\(e)")
    }

    /// The rewrite computes the same picture: in Double, the new arithmetic and today's agree wherever a face is
    /// drawn (coverage, texture coordinates, colour).
    @Test func newArithmeticEqualsTodaysInDouble() {
        var random = SplitMix64(seed: 7)
        var worst = 0.0
        for _ in 0..<100_000 {
            let (w, h) = Self.pages.randomElement(using: &random)!
            let r = Self.radii.randomElement(using: &random)!, a = Double.random(in: 0..<2 * Double.pi, using: &random)
            let input = RollFragment.Input(
                p: (Double.random(in: 0...w, using: &random), Double.random(in: 0...h, using: &random)), width: w, height: h,
                axisPoint: (Double.random(in: 0...w, using: &random), Double.random(in: 0...h, using: &random)),
                normal: (cos(a), sin(a)), radius: r, aaScale: 1, mirror: Bool.random(using: &random),
                front: (0.2, 0.5, 0.7, 1), back: (0.9, 0.1, 0.3, 1))
            let old = RollFragment.today(input, as: Double.self), new = RollFragment.shader(input, as: Double.self)
            var d = max(abs(old.coverageFront - new.coverageFront), abs(old.coverageBack - new.coverageBack))
            if old.coverageFront > 0 { d = max(d, abs(old.uvFront.x - new.uvFront.x), abs(old.uvFront.y - new.uvFront.y)) }
            if old.coverageBack > 0 { d = max(d, abs(old.uvBack.x - new.uvBack.x), abs(old.uvBack.y - new.uvBack.y)) }
            if old.colour.a > 0 {
                d = max(d, abs(old.colour.r - new.colour.r), abs(old.colour.g - new.colour.g), abs(old.colour.b - new.colour.b))
            }
            worst = max(worst, d)
        }
        // Up to the asin series' truncation (below 2e-5 x³).
        #expect(worst < 1e-4, "new and today's roll arithmetic differ by \(worst)")
    }

    /// Shows the quantization the rewrite removed: today's roll.frag, evaluated the same way, misses the
    /// bounds (it computes from page-space positions, thousands of pixels, where Float16 steps by 1–4 px).
    @Test func todaysArithmeticFailsTheBoundsInFloat16() {
        let e = Self.sweep { input, half in
            half ? RollFragment.today(input, as: Float16.self) : RollFragment.today(input, as: Double.self)
        }
        print("roll.frag at 070da7e in Float16: \(e)")
        #expect(e.coverage > 0.1 || e.unroll > 0.25, "\(e)")
        #expect(e.coverage > 0.5, "\(e)")
    }
}

extension MediumpReferenceTests.Errors {
    mutating func add(half: RollFragment.Output, exact: RollFragment.Output, texelsPerUV: (Double, Double), at: String) {
        fragments += 1
        // Where the outline is (the antialiasing ramp: coverage between 0 and 1), the distance inside it must be
        // right; elsewhere coverage is 0 or 1 either way.
        for (h, x) in [(half.insideFront, exact.insideFront), (half.insideBack, exact.insideBack)] where abs(x) < 1 {
            rampFragments += 1
            if abs(h - x) > coverage { coverage = abs(h - x); worstCoverage = at }
        }
        // The unrolling and the texture coordinates matter only where the face is drawn.
        if exact.coverageFront > 0 || exact.coverageBack > 0 {
            unroll = max(unroll, abs(half.unroll - exact.unroll))
        }
        if exact.coverageFront > 0 {
            texels = max(texels, abs(half.uvFront.x - exact.uvFront.x) * texelsPerUV.0,
                         abs(half.uvFront.y - exact.uvFront.y) * texelsPerUV.1)
        }
        if exact.coverageBack > 0 {
            texels = max(texels, abs(half.uvBack.x - exact.uvBack.x) * texelsPerUV.0,
                         abs(half.uvBack.y - exact.uvBack.y) * texelsPerUV.1)
        }
        // Colour where both faces' coverage is settled (0 or 1) in both: near the outlines the coverage's
        // error is the one above.
        let settled = [half.coverageFront, half.coverageBack, exact.coverageFront, exact.coverageBack]
            .allSatisfy { $0 == 0 || $0 == 1 }
        if settled {
            let h = half.colour, x = exact.colour
            colour = max(colour, abs(h.r - x.r), abs(h.g - x.g), abs(h.b - x.b), abs(h.a - x.a))
        }
    }
}
