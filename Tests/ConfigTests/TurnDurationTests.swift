import Config
import Curl
import Gestures
import Reader
import Testing

/// `turn-duration` reaches the turn's spring: a key turn lands in about the time asked for.
@Suite struct TurnDurationTests {
    /// A key turn in a 1280×800 window of 600×720 pages, advanced in 1 ms steps; how long until it landed.
    func settleTime(_ settings: Settings) -> Double {
        var reader = Reader(pageCount: 12, config: settings.readerConfig)
        _ = reader.resize(width: 1280, height: 800)
        for page in 1...12 { reader.setPageSize(page, width: 600, height: 720) }
        _ = reader.apply(.turn(.forward, cause: .key), at: 1000)
        var time = 1000.0
        while (reader.isTurning || reader.isAnimating) && time < 10_000 { time += 1; _ = reader.advance(to: time) }
        #expect(reader.page > 1, "the turn completed")
        return time - 1000
    }

    @Test(arguments: [150, 300, 700, 1200, 2000])
    func theTurnSettlesInTheTimeSet(_ ms: Int) throws {
        var settings = Settings()
        try settings.set(\.turnDuration, .integer(ms))
        let settled = settleTime(settings)
        #expect(abs(settled - Double(ms)) <= 0.1 * Double(ms), "turn-duration \(ms) settled in \(settled) ms")
    }

    @Test func theDefaultIsTheSpringOfBefore() {
        #expect(Settings().readerConfig.spring == ReaderConfig().spring, "the default changes nothing")
        #expect(Settings().turnDuration == SpringConfig.defaultTurnDuration)
    }
}
