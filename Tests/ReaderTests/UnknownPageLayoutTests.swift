import Book
import Geometry
import Reader
import Testing

/// A page whose image has not come yet (decoding on a busy machine, a tile still in flight) is laid out in the
/// proportions of the nearest page that has come, so the spread does not move when it arrives.
@Suite struct UnknownPageLayoutTests {
    /// 1280×800, no margins: a spread of two 600×900 pages is 533.3 px wide each, centred on the spine at 640.
    func reader(known: [Int: (Double, Double)]) -> Reader {
        var config = ReaderConfig()
        config.marginFraction = 0
        var r = Reader(pageCount: 12, config: config)
        r.resize(width: 1280, height: 800)
        for (page, size) in known { r.setPageSize(page, width: size.0, height: size.1) }
        return r
    }

    @Test func aSpreadNotYetDecodedTakesItsNeighboursProportions() throws {
        // The same turn from the cover, once with spread 2–3 not decoded yet and once with it decoded.
        var waiting = reader(known: [1: (600, 900)])
        var decoded = reader(known: [1: (600, 900), 2: (600, 900), 3: (600, 900)])
        _ = waiting.apply(.turn(.forward, cause: .key), at: 0)
        _ = decoded.apply(.turn(.forward, cause: .key), at: 0)
        var t = 0.0
        while (waiting.isTurning || decoded.isTurning) && t < 5000 {
            t += 16
            _ = waiting.advance(to: t)
            _ = decoded.advance(to: t)
        }
        #expect(waiting.page == 2 && decoded.page == 2)
        let waitingRects = waiting.frame.pages.map(\.rect), decodedRects = decoded.frame.pages.map(\.rect)
        #expect(waitingRects.count == 2)
        #expect(waitingRects == decodedRects, "\(waitingRects) against \(decodedRects)")
        // Not the fallback's proportions (1 : √2), which is where a page without a known neighbour goes.
        let width = try #require(waitingRects.first?.width), height = try #require(waitingRects.first?.height)
        #expect(abs(width / height - 600.0 / 900) < 1e-9, "\(width) × \(height)")
    }

    @Test func aBookWithNoPageKnownYetIsLaidOutInTheFallbackProportions() throws {
        let r = reader(known: [:])
        let rect = try #require(r.frame.pages.first?.rect)
        #expect(abs(rect.width / rect.height - fallbackPageAspect) < 1e-9, "\(rect)")
    }
}
