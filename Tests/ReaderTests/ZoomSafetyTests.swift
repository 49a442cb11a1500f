import Geometry
import Gestures
import Reader
import Testing

/// Hostile and degenerate input never traps and never leaves a non-finite or singular view.
@Suite struct ZoomSafetyTests {
    typealias F = ZoomFixture

    static let specials: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 1e308, -1e308, .leastNonzeroMagnitude, -1, 1]

    @Test func randomHostileCallsStayFinite() {
        var rng = ZoomRNG(seed: 0x200A_0003)
        func value() -> Double {
            rng.uniform(0, 1) < 0.3 ? Self.specials[Int(rng.next() % UInt64(Self.specials.count))]
                                    : rng.uniform(-2000, 2000)
        }
        func point() -> Vec2 { Vec2(value(), value()) }
        var worstCalls = 0
        for trial in 0..<40 {
            var config = ZoomConfig()
            if trial % 4 == 1 {
                config = ZoomConfig(maxScale: value(), doubleTapScale: value(), snapRotation: trial % 8 == 1,
                                    animationDuration: value(), rubberBandStiffness: value(),
                                    panOvershoot: value(), scaleOvershoot: value(), fitSnapScale: value(),
                                    fitSnapAngle: value(), momentumTimeConstant: value(),
                                    momentumMinimumSpeed: value())
            }
            var z = ZoomView(config: config)
            for _ in 0..<300 {
                var time = rng.uniform(0, 100_000)
                if rng.uniform(0, 1) < 0.1 { time = value() }
                switch rng.next() % 12 {
                case 0: z.setLayout(viewport: Rect(x: value(), y: value(), width: value(), height: value()),
                                    content: Rect(x: value(), y: value(), width: value(), height: value()))
                case 1: z.beginTransform(time: time)
                case 2: z.updateTransform(GestureTransform(pivot: point(), scale: value(), rotation: value(),
                                                           translation: point()))
                case 3:
                    let r = z.endTransform(GestureTransform(pivot: point(), scale: value(), rotation: value(),
                                                            translation: point()), time: time)
                    #expect(r.scale.isFinite && r.rotationDegrees.isFinite && r.scale >= 1)
                    #expect(r.rotationDegrees > -180 && r.rotationDegrees <= 180)
                case 4: z.cancelTransform(time: time)
                case 5: z.beginPan(time: time)
                case 6: z.updatePan(translation: point())
                case 7: z.endPan(translation: point(), velocity: point(), time: time)
                case 8: z.toggleZoom(at: point(), time: time)
                case 9: z.zoom(by: value(), around: rng.uniform(0, 1) < 0.5 ? nil : point(), time: time)
                case 10: z.reset(time: time, animated: rng.uniform(0, 1) < 0.5)
                default: z.advance(to: time)
                }
                worstCalls += 1
                #expect(F.isFiniteInvertible(z.affine), "trial \(trial): \(z.affine)")
                #expect(z.scale.isFinite && z.rotation.isFinite)
                if let b = z.toBook(Vec2(10, 10)) { #expect(b.isFinite) }
                #expect(z.toScreen(Vec2(3, 4)).isFinite)
                let v = z.visibleBookRect
                #expect(v.x.isFinite && v.width.isFinite && v.height >= 0)
            }
        }
        #expect(worstCalls == 12_000)
    }

    /// Zero-size viewport and content: every operation works and ends at rest.
    @Test func zeroSizedLayout() {
        var z = ZoomView(config: ZoomConfig())
        z.setLayout(viewport: .zero, content: .zero)
        F.pinch(&z, scale: 3, degrees: 30)
        #expect(F.isFiniteInvertible(z.affine) && z.scale == 3)
        z.toggleZoom(at: .zero, time: 20000)
        z.advance(to: 30000)
        #expect(z.affine == .identity)
        z.beginPan(time: 31000)
        z.endPan(translation: Vec2(100, 100), velocity: Vec2(3000, 3000), time: 31000)
        z.advance(to: 40000)
        #expect(!z.isAnimating && F.isFiniteInvertible(z.affine))
    }
}
