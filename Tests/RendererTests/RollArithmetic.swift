import Foundation

/// The fragment arithmetic of Shaders/roll.frag, line by line, in any floating-point type: in `Float16` it is
/// what a GPU with mediump-only fragments (Mali-400, 11 significant bits) computes, in `Double` the exact
/// answer. The varyings and uniforms come in exact (the vertex stage and the CPU compute them in highp) and
/// are rounded to `F` as the GPU hands them to the fragment stage; built-ins (asin, sqrt) are correctly
/// rounded results of `F` arguments, kinder than most hardware. `today` is the arithmetic this file replaced
/// (roll.frag at 070da7e: everything from the page-space position), kept to show what mediump did to it.
struct RollFragment {
    /// A fragment of the roll band: the page point it covers (page px), the curl and the textures' colours.
    struct Input {
        var p: (x: Double, y: Double)
        var width: Double, height: Double
        var axisPoint: (x: Double, y: Double)
        var normal: (x: Double, y: Double)
        var radius: Double
        var aaScale: Double
        var mirror: Bool
        var front: (r: Double, g: Double, b: Double, a: Double)
        var back: (r: Double, g: Double, b: Double, a: Double)
        var paper: (r: Double, g: Double, b: Double) = (0.97, 0.95, 0.92)
        var backStrength: Double = 1
    }

    /// What the fragment computes that matters: how far inside each face's outline it lies (window px: where
    /// the antialiasing puts the edge), the coverage that makes, how far along the normal the looked-up points
    /// are from the fragment's own (page px), both texture coordinates and the colour (premultiplied).
    struct Output {
        var insideFront: Double, insideBack: Double
        var coverageFront: Double, coverageBack: Double
        var unroll: Double
        var uvFront: (x: Double, y: Double), uvBack: (x: Double, y: Double)
        var colour: (r: Double, g: Double, b: Double, a: Double)
    }

    // MARK: the new arithmetic (roll.vert's varyings, roll.frag's fragment)

    static func shader<F: BinaryFloatingPoint>(_ i: Input, as _: F.Type) -> Output {
        // roll.vert in highp (Double), then rounded to F as varyings.
        let sExact = (i.p.x - i.axisPoint.x) * i.normal.x + (i.p.y - i.axisPoint.y) * i.normal.y
        let mx = i.p.x + i.normal.x * (Double.pi * i.radius - 2 * sExact)
        let my = i.p.y + i.normal.y * (Double.pi * i.radius - 2 * sExact)
        let vAxis = (F(sExact), F(i.radius - sExact))
        let edgeF = [F(i.p.x), F(i.p.y), F(i.width - i.p.x), F(i.height - i.p.y)]
        let edgeB = [F(mx), F(my), F(i.width - mx), F(i.height - my)]
        let uvF = (F(i.p.x / i.width), F(i.p.y / i.height))
        let ubx = mx / i.width
        let uvB = (F(i.mirror ? 1 - ubx : ubx), F(my / i.height))
        // Uniforms, rounded to F.
        let r = F(i.radius), rimUnroll = F(i.radius * (Double.pi / 2 - 1)), aa = F(i.aaScale)
        let edgeNormal = [F(i.normal.x), F(i.normal.y), F(-i.normal.x), F(-i.normal.y)]
        let unrollF = (F(i.normal.x / i.width), F(i.normal.y / i.height))
        let unrollB = (F((i.mirror ? i.normal.x : -i.normal.x) / i.width), F(-i.normal.y / i.height))

        let s = vAxis.0, u = max(vAxis.1, 0)
        var d: F = 0, x: F = 0, anz: F = 1
        if s > 0 && s < F(0.5) * r {
            x = s / r
            d = s * x * x * asinSeries(x * x)
            anz = (1 - x * x).squareRoot()
        } else if s > 0 {
            let rw = (u * F(i.radius / 2)).squareRoot()
            let w = (u * F(0.5 / i.radius)).squareRoot()
            d = (rimUnroll - 2 * rw) + u - 2 * rw * (w * w * asinSeries(w * w))
            let e = u / r
            x = 1 - e
            anz = (e * (2 - e)).squareRoot()
        }
        let ef = (0..<4).map { edgeF[$0] + edgeNormal[$0] * d }
        let eb = (0..<4).map { edgeB[$0] - edgeNormal[$0] * d }
        let inF = inside(ef, rim: vAxis.1, aa: aa), inB = inside(eb, rim: vAxis.1, aa: aa)
        let af = coverage(inF), ab = coverage(inB)
        let tuf = (uvF.0 + unrollF.0 * d, uvF.1 + unrollF.1 * d)
        let tub = (uvB.0 + unrollB.0 * d, uvB.1 + unrollB.1 * d)
        let colour = shade(i, x: x, anz: anz, af: af, ab: ab, as: F.self)
        return Output(insideFront: Double(inF), insideBack: Double(inB), coverageFront: Double(af),
                      coverageBack: Double(ab), unroll: Double(d),
                      uvFront: (Double(tuf.0), Double(tuf.1)), uvBack: (Double(tub.0), Double(tub.1)), colour: colour)
    }

    /// (asin(x) − x) / x³ as roll.frag's asinSeries, q = x².
    private static func asinSeries<F: BinaryFloatingPoint>(_ q: F) -> F {
        F(1.0 / 6.0) + q * (F(3.0 / 40.0) + q * (F(5.0 / 112.0) + q * (F(35.0 / 1152.0) + q * F(63.0 / 2816.0))))
    }

    /// roll.frag's coverage(), in two steps: the distance inside the outline, and the coverage it makes.
    private static func inside<F: BinaryFloatingPoint>(_ edges: [F], rim: F, aa: F) -> F {
        let e = (min(edges[0], edges[2]), min(edges[1], edges[3]))
        return min(min(e.0, e.1), rim) * aa
    }

    private static func coverage<F: BinaryFloatingPoint>(_ inside: F) -> F {
        inside < 0 ? 0 : min(inside + F(0.5), 1)
    }

    /// The light and the over-blend, common to both versions; premultiplied colour and alpha.
    private static func shade<F: BinaryFloatingPoint>(_ i: Input, x: F, anz: F, af: F, ab: F,
                                                      as _: F.Type) -> (r: Double, g: Double, b: Double, a: Double) {
        let h = max(0, 1 - abs(F(0.45) - x) * F(2.2))
        let shade = F(0.62) + F(0.38) * anz
        let highlight = h * h * h * F(0.12) * (1 - anz)
        let a = ab + af * (1 - ab)
        func channel(_ paper: Double, _ tf: Double, _ tb: Double) -> Double {
            let kf = F(i.front.a), kb = F(i.backStrength) * F(i.back.a)
            let cf = (F(paper) + (F(tf) - F(paper)) * kf) * shade + highlight
            let cb = (F(paper) + (F(tb) - F(paper)) * kb) * shade + highlight
            let c = (cb * ab + cf * (af * (1 - ab))) / max(a, F(1.0e-4))
            return Double(c) * Double(a)
        }
        return (channel(i.paper.r, i.front.r, i.back.r), channel(i.paper.g, i.front.g, i.back.g),
                channel(i.paper.b, i.front.b, i.back.b), Double(a))
    }

    // MARK: today's arithmetic (roll.frag at 070da7e)

    static func today<F: BinaryFloatingPoint>(_ i: Input, as _: F.Type) -> Output {
        let v = (F(i.p.x), F(i.p.y))
        let size = (F(i.width), F(i.height))
        let ap = (F(i.axisPoint.x), F(i.axisPoint.y)), n = (F(i.normal.x), F(i.normal.y))
        let r = F(i.radius), aa = F(i.aaScale)
        let s = (v.0 - ap.0) * n.0 + (v.1 - ap.1) * n.1
        let x = min(max(s / r, 0), 1)
        let front = s < 0 ? s : r * F(asin(Double(x)))
        let pf = (v.0 + n.0 * (front - s), v.1 + n.1 * (front - s))
        let pb = (v.0 + n.0 * (F(Double.pi) * r - front - s), v.1 + n.1 * (F(Double.pi) * r - front - s))
        let rim = r - s
        func inside(_ p: (F, F)) -> F {
            let edge = (min(p.0, size.0 - p.0) * aa, min(p.1, size.1 - p.1) * aa)
            return min(min(edge.0, edge.1), rim * aa)
        }
        let inF = inside(pf), inB = inside(pb)
        let af = coverage(inF), ab = coverage(inB)
        let uf = (pf.0 / size.0, pf.1 / size.1)
        var ub = (pb.0 / size.0, pb.1 / size.1)
        ub.0 = abs((i.mirror ? 1 : 0) - ub.0)
        let anz = (1 - x * x).squareRoot()
        let colour = shade(i, x: x, anz: anz, af: af, ab: ab, as: F.self)
        // Its unrolling: how far along the normal the front point lies from the fragment's own point.
        let unroll = Double(front - s)
        return Output(insideFront: Double(inF), insideBack: Double(inB), coverageFront: Double(af),
                      coverageBack: Double(ab), unroll: unroll,
                      uvFront: (Double(uf.0), Double(uf.1)), uvBack: (Double(ub.0), Double(ub.1)), colour: colour)
    }
}
