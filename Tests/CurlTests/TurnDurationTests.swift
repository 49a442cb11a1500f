import Curl
import Geometry
import Testing

/// The turn's duration: a key or tap turn from rest settles within `SpringConfig.turnDuration`, on
/// pages of any size a screen shows, and not long before it (the duration is what the spring takes).
@Suite struct TurnDurationTests {
    @Test(arguments: [400.0, 250.0, 800.0])
    func aFlipSettlesWithinItsDuration(duration: Double) {
        let spring = SpringConfig(turnDuration: duration)
        #expect(abs(spring.turnDuration - duration) < 1e-9)
        for (width, height) in [(600.0, 800.0), (960.0, 1080.0), (1500.0, 2000.0)] {
            let page = CurlPage(width: width, height: height, spine: .left)
            var a = CurlAnimator.flip(page: page, time: 0, spring: spring)
            var t = 0.0
            while !a.isFinished && t < 5000 { t += 1; a.advance(to: t) }
            #expect(a.isFinished && t <= duration, "page \(width)×\(height): settled at \(t) ms of \(duration)")
            #expect(t >= duration * 0.75, "page \(width)×\(height): settled at \(t) ms, far sooner than \(duration)")
        }
    }

    @Test func theDefaultIsTheNamedConstant() {
        #expect(SpringConfig().turnDuration == SpringConfig.defaultTurnDuration)
        #expect(SpringConfig.defaultTurnDuration == 400)
        #expect(SpringConfig(turnDuration: -1).turnDuration == SpringConfig.defaultTurnDuration, "nonsense: the default")
    }
}
