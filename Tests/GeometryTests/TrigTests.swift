import Glibc
import Testing
import Geometry

/// The cores carry their own trig (they import no C module); it must agree with libm.
@Test func trigAgreesWithLibm() {
    var worst = 0.0
    var x = -1000.0
    while x < 1000 {
        worst = max(worst, abs(Geometry.sin(x) - Glibc.sin(x)), abs(Geometry.cos(x) - Glibc.cos(x)))
        x += 0.0137
    }
    #expect(worst < 1e-13)
    var y = -50.0
    var worstInverse = 0.0
    while y < 50 {
        worstInverse = max(worstInverse,
                           abs(Geometry.atan2(y, 3.3) - Glibc.atan2(y, 3.3)),
                           abs(Geometry.atan2(-2.1, y) - Glibc.atan2(-2.1, y)),
                           abs(Geometry.acos(y / 50) - Glibc.acos(y / 50)),
                           abs(Geometry.exp(y / 5) - Glibc.exp(y / 5)) / Glibc.exp(y / 5))
        y += 0.0171
    }
    #expect(worstInverse < 1e-13)
    #expect(Geometry.atan2(0, -1) == Geometry.pi)
    #expect(Geometry.sin(.nan).isNaN && Geometry.sin(.infinity).isNaN)
}

@Test func affineInverseRoundTrips() {
    let m = Affine2.translation(Vec2(30, -7)).concatenating(.rotation(0.7)).concatenating(.scale(2.5))
    let inv = try! #require(m.inverted)
    let p = Vec2(123.4, -56.7)
    #expect(inv.apply(m.apply(p)).distance(to: p) < 1e-9)
    #expect(Affine2.scale(0).inverted == nil)
}

@Test func aspectFitCentres() {
    let r = Rect(x: 0, y: 0, width: 1920, height: 1080).aspectFit((width: 1000, height: 1400))
    #expect(abs(r.height - 1080) < 1e-9)
    #expect(abs(r.center.x - 960) < 1e-9)
}
