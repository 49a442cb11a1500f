import Curl
import Geometry
import Testing
import TestSupport

@Suite struct CylinderTests {
    let cyl = Cylinder(axisPoint: Vec2(500, 300), normal: Vec2(0.6, 0.8), radius: 20)

    @Test func threePhases() {
        let n = cyl.normal
        // Flat before the axis.
        let p0 = Vec2(400, 300)
        #expect(cyl.deform(p0).position == Vec3(400, 300, 0))
        #expect(cyl.deform(p0).normal == Vec3(0, 0, 1))
        // A quarter turn: straight up the far side of the cylinder, facing back toward the spine.
        let q = cyl.axisPoint + n * (pi * 20 / 2) + n.perpendicular * 33
        let (pos, nrm) = cyl.deform(q)
        let expect = cyl.axisPoint + n * 20 + n.perpendicular * 33
        #expect(Vec3(pos.x - expect.x, pos.y - expect.y, pos.z - 20).length < 1e-9)
        #expect(Vec3(nrm.x + n.x, nrm.y + n.y, nrm.z).length < 1e-12)
        // Past the half turn: folded back flat at 2r, facing down.
        let far = cyl.axisPoint + n * (pi * 20 + 100)
        let (fp, fn) = cyl.deform(far)
        let back = cyl.axisPoint - n * 100
        #expect(Vec3(fp.x - back.x, fp.y - back.y, fp.z - 40).length < 1e-9)
        #expect(fn == Vec3(0, 0, -1))
    }

    /// The normal is perpendicular to the surface (finite differences along and across the axis).
    @Test func normalsArePerpendicularToTheSurface() {
        let n = cyl.normal, t = n.perpendicular
        for k in 1..<60 {
            let p = cyl.axisPoint + n * (Double(k) * 1.1) + t * 7
            let h = 1e-5
            let du = cyl.deform(p + n * h).position - cyl.deform(p - n * h).position
            let dv = cyl.deform(p + t * h).position - cyl.deform(p - t * h).position
            let nrm = cyl.deform(p).normal
            #expect(abs(nrm.dot(du)) / du.length < 1e-6 && abs(nrm.dot(dv)) / dv.length < 1e-6)
        }
    }

    @Test func zeroRadiusIsACrease() {
        let c = Cylinder(axisPoint: Vec2(0, 0), normal: Vec2(1, 0), radius: 0)
        #expect(c.deform(Vec2(300, 40)).position == Vec3(-300, 40, 0))
        #expect(c.deform(Vec2(-3, 40)).position == Vec3(-3, 40, 0))
        #expect(c.deform(Vec2(0, 40)).position == Vec3(0, 40, 0))
    }

    @Test func travelInversionIsExact() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<20_000 {
            let r = rng.logUniform(1e-3, 500)
            let d = rng.bool() ? rng.uniform(0, pi * r) : rng.logUniform(1e-9, 1e4)
            let s = curlTravel(distance: d, radius: r)
            let back = curlDistance(travel: s, radius: r)
            #expect(abs(curlTravel(distance: back, radius: r) - s) <= 1e-9 * max(1, s), "r \(r) d \(d)")
        }
        #expect(curlDistance(travel: 0, radius: 20) == 0)
        #expect(curlDistance(travel: .nan, radius: 20) == 0)
    }

    @Test func restIsFlatEvenForAShaderThatIgnoresTheFlag() {
        let u = Cylinder.rest.uniforms
        #expect(!u.curled)
        let asShader = Cylinder(axisPoint: Vec2(Double(u.axisX), Double(u.axisY)),
                                normal: Vec2(Double(u.normalX), Double(u.normalY)), radius: Double(u.radius))
        for p in pageGrid(CurlPage(width: 4000, height: 4000, spine: .left), 8) {
            #expect(asShader.deform(p).position == Vec3(p.x, p.y, 0))
            #expect(Cylinder.rest.deform(p).position == Vec3(p.x, p.y, 0))
        }
        let v = cyl.uniforms
        #expect(v.curled && v.axisX == 500 && v.axisY == 300 && v.normalX == 0.6 && v.radius == 20)
    }

    /// The bounding box holds every deformed point and is at most a radius (plus sampling) too big.
    @Test func boundsHoldTheDeformedPage() {
        var rng = SplitMix64(seed: 8)
        var checked = 0
        while checked < 300 {
            let c = rng.randomCase()
            let sol = solveCurl(page: c.page, grab: c.grab, finger: c.finger, config: c.config)
            guard !sol.cylinder.isRest else { continue }
            checked += 1
            let box = sol.cylinder.bounds(of: c.page)
            var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
            for p in pageGrid(c.page, 120) {
                let q = sol.cylinder.deform(p).position
                #expect(q.x >= box.minX - 1e-6 && q.x <= box.maxX + 1e-6 && q.y >= box.minY - 1e-6 && q.y <= box.maxY + 1e-6,
                        "\(c): \(q) outside \(box)")
                x0 = min(x0, q.x); y0 = min(y0, q.y); x1 = max(x1, q.x); y1 = max(y1, q.y)
            }
            let slack = sol.cylinder.radius + 2 * max(c.page.width, c.page.height) / 120
            #expect(x0 - box.minX <= slack && box.maxX - x1 <= slack && y0 - box.minY <= slack && box.maxY - y1 <= slack)
        }
        #expect(Cylinder.rest.bounds(of: CurlPage(width: 10, height: 20, spine: .left)) == Rect(x: 0, y: 0, width: 10, height: 20))
    }
}
