import Geometry
import Gestures
import Reader
import Testing

/// 1:1 as a place the zoom lands on: a pinch released within 8 % of 1:1, 2:1 or 4:1 with the page's own pixels
/// settles exactly there, and a view at rest there (after a pinch, a pan, a glide) has those pixels on whole buffer
/// pixels, so each is a whole square of screen pixels.
@Suite struct PixelGridTests {
    typealias F = ZoomFixture
    /// The single page's scan is 20 000 px wide on a 560 px page, in a buffer of 1.5 pixels per window px:
    /// 1:1 is at 20 000 / (560 × 1.5) ≈ 23.8× fit.
    static let grid = PixelGrid(actualScale: 20_000 / (560 * 1.5), origin: Vec2(F.page.minX, F.page.minY), bufferScale: 1.5)

    static func view() -> ZoomView {
        var z = F.view(ZoomConfig(maxScale: 2 * grid.actualScale), content: F.page)
        z.pixelGrid = grid
        return z
    }

    /// The page's top left on screen, in buffer pixels: whole when the grid is aligned.
    static func corner(_ z: ZoomView) -> Vec2 { z.toScreen(grid.origin) * grid.bufferScale }

    static func isWhole(_ v: Vec2) -> Bool { abs(v.x - v.x.rounded()) < 1e-6 && abs(v.y - v.y.rounded()) < 1e-6 }

    @Test(arguments: [1.05, 0.93, 1.079, 0.921])
    func aPinchReleasedNearOneToOneSettlesExactlyThereOnWholePixels(factor: Double) {
        var z = Self.view()
        let pivot = Vec2(431.7, 377.2)
        let r = F.pinch(&z, scale: Self.grid.actualScale * factor, degrees: 3, pivot: pivot)
        #expect(r.scale == Self.grid.actualScale && z.scale == Self.grid.actualScale)
        #expect(Self.isWhole(Self.corner(z)), "\(Self.corner(z))")
        #expect(F.withinPanLimits(z.affine, content: F.page))
        // One source pixel is one buffer pixel: 20 000 of them across the page.
        #expect(abs(z.scale * F.page.width * Self.grid.bufferScale - 20_000) < 1e-6)
    }

    @Test func twiceOneToOneIsAPlaceTooButNotFarFromIt() {
        var z = Self.view()
        #expect(F.pinch(&z, scale: Self.grid.actualScale * 1.96, degrees: 0).scale == 2 * Self.grid.actualScale)
        #expect(Self.isWhole(Self.corner(z)))
        var between = Self.view()
        let r = F.pinch(&between, scale: Self.grid.actualScale * 1.5, degrees: 0)
        #expect(r.scale == Self.grid.actualScale * 1.5, "between the places the view stays where the fingers left it")
        var near = Self.view()
        #expect(F.pinch(&near, scale: Self.grid.actualScale * 1.1, degrees: 0).scale == Self.grid.actualScale * 1.1)
    }

    @Test func aPanAndAGlideAtOneToOneComeToRestOnWholePixels() {
        var z = Self.view()
        F.pinch(&z, scale: Self.grid.actualScale, degrees: 0)
        z.beginPan(time: 20_000)
        z.updatePan(translation: Vec2(-123.37, 45.81))
        z.endPan(translation: Vec2(-123.37, 45.81), velocity: .zero, time: 20_100)
        z.advance(to: 30_000)
        #expect(z.scale == Self.grid.actualScale && Self.isWhole(Self.corner(z)), "\(Self.corner(z))")
        z.beginPan(time: 40_000)
        z.updatePan(translation: Vec2(-80.3, 20.9))
        z.endPan(translation: Vec2(-80.3, 20.9), velocity: Vec2(-900.7, 311.3), time: 40_080)
        z.advance(to: 60_000)
        #expect(!z.isAnimating && Self.isWhole(Self.corner(z)), "\(Self.corner(z))")
        #expect(F.withinPanLimits(z.affine, content: F.page))
    }

    @Test func withoutAGridOrAtARightAngleOnlyTheAngleDecides() {
        var plain = F.view(ZoomConfig(maxScale: 40), content: F.page)
        #expect(F.pinch(&plain, scale: Self.grid.actualScale * 1.05, degrees: 0).scale == Self.grid.actualScale * 1.05)
        var turned = Self.view()
        let r = F.pinch(&turned, scale: Self.grid.actualScale * 1.03, degrees: 88)
        #expect(r.scale == Self.grid.actualScale && r.rotationDegrees == 90)
        #expect(Self.isWhole(Self.corner(turned)), "a right angle keeps pixels whole squares: \(Self.corner(turned))")
    }
}

/// `double-tap-zoom = actual`: a double tap on a scan larger than the screen goes to 1:1 with its pixels, on whole
/// buffer pixels, and the next back to fit; without a known grid (a PDF) it goes to the number as before.
@Suite struct DoubleTapActualTests {
    typealias F = ZoomFixture

    @Test func aDoubleTapCyclesFitOneToOneFit() {
        var config = ZoomConfig(maxScale: 2 * PixelGridTests.grid.actualScale)
        config.doubleTapActual = true
        var z = F.view(config, content: F.page)
        z.pixelGrid = PixelGridTests.grid
        z.toggleZoom(at: Vec2(431.7, 377.2), time: 1000)
        z.advance(to: 5000)
        #expect(z.scale == PixelGridTests.grid.actualScale)
        #expect(PixelGridTests.isWhole(PixelGridTests.corner(z)), "\(PixelGridTests.corner(z))")
        z.toggleZoom(at: Vec2(431.7, 377.2), time: 6000)
        z.advance(to: 10_000)
        #expect(!z.isZoomed)
    }

    @Test func withoutPixelsOrBeyondTheLargestZoomItGoesToTheNumber() {
        var config = ZoomConfig(maxScale: 8)
        config.doubleTapActual = true
        var vector = F.view(config, content: F.page)
        vector.toggleZoom(at: Vec2(400, 300), time: 1000)
        vector.advance(to: 5000)
        #expect(vector.scale == 2.5, "no pixel grid (a PDF page)")
        var huge = F.view(config, content: F.page)
        huge.pixelGrid = PixelGridTests.grid
        huge.toggleZoom(at: Vec2(400, 300), time: 1000)
        huge.advance(to: 5000)
        #expect(huge.scale == 2.5, "1:1 at 23.8× is past max-zoom 8")
    }
}
