import Book
import Geometry
import Gestures
import Reader
import Testing

/// A single page's leaf fades at the turned end of its turn (it would lie on the background, where the page at
/// rest is not drawn); a spread's lands on the facing page's slot and never fades.
@Suite struct LeafOpacityTests {
    func reader(_ mode: SpreadPreference) -> Reader {
        var config = ReaderConfig()
        config.spread = mode
        var r = Reader(pageCount: 8, config: config)
        r.resize(width: 1280, height: 800)
        for p in 1...8 { r.setPageSize(p, width: 600, height: 720) }
        r.go(toPage: 4)
        return r
    }

    /// (progress, opacity) of every frame of a key turn, 4 ms apart, until the turn ends.
    func frames(_ r: inout Reader, forward: Bool) -> [(progress: Double, opacity: Double)] {
        _ = r.apply(.turn(forward ? .forward : .backward, cause: .key), at: 0)
        var out: [(Double, Double)] = [], t = 0.0
        while let leaf = r.frame.leaf, t < 3000 {
            out.append((leaf.progress, leaf.opacity))
            t += 4
            _ = r.advance(to: t)
        }
        return out
    }

    @Test func aSinglePagesLeafFadesOutOverTheEndOfAForwardTurn() throws {
        var r = reader(.single)
        let f = frames(&r, forward: true)
        #expect(f.count > 20 && r.page == 5)
        for (p, o) in f where p < 0.8 { #expect(o == 1, "opacity \(o) at progress \(p)") }
        let fading = f.filter { $0.progress > 0.8 }
        #expect(fading.count > 10, "the fade lasts \(fading.count * 4) ms")
        for (a, b) in zip(fading, fading.dropFirst()) { #expect(b.opacity <= a.opacity) }
        let last = try #require(f.last)
        #expect(last.opacity < 0.005, "the last frame with the leaf shows \(last.opacity) of it")
    }

    @Test func aSinglePagesBackwardTurnFadesItsLeafIn() throws {
        var r = reader(.single)
        let f = frames(&r, forward: false)
        #expect(r.page == 3)
        let first = try #require(f.first)
        #expect(first.opacity < 0.005, "the first frame shows \(first.opacity) of the leaf")
        let comingIn = f.prefix { $0.progress > 0.8 }
        #expect(comingIn.count > 3, "the leaf comes in over \(comingIn.count) frames")
        for (a, b) in zip(comingIn, comingIn.dropFirst()) { #expect(b.opacity >= a.opacity) }
        for (p, o) in f where p < 0.8 { #expect(o == 1) }
    }

    @Test func aHeldLeafShowsAsMuchAsItsProgressSaysBothWays() throws {
        var r = reader(.single)
        let rect = try #require(r.frame.pages.last?.rect)
        let start = try #require(r.grabStart(.forward, grab: .corner(.bottomRight)))
        _ = r.apply(.curlBegin(CurlBegin(direction: .forward, grab: .corner(.bottomRight), start: start,
                                         position: start, source: .touch)), at: 0)
        var seen: [(Double, Double)] = []
        for x in stride(from: rect.maxX, through: rect.minX - 0.99 * rect.width, by: -10) {
            _ = r.apply(.curlMove(Vec2(x, start.y)), at: 0)
            let leaf = try #require(r.frame.leaf)
            seen.append((leaf.progress, leaf.opacity))
        }
        for (p, o) in seen {
            #expect(p < 0.8 ? o == 1 : o < 1, "opacity \(o) at progress \(p)")
        }
        #expect((seen.last?.1 ?? 1) < 0.05)
        // Back toward home: the same progress shows the same.
        _ = r.apply(.curlMove(Vec2(rect.minX, start.y)), at: 0)
        let back = try #require(r.frame.leaf)
        #expect(back.opacity == 1 && back.progress < 0.8)
    }

    @Test func aSpreadsLeafNeverFades() {
        for forward in [true, false] {
            var r = reader(.double)
            let f = frames(&r, forward: forward)
            #expect(f.count > 20)
            #expect(f.allSatisfy { $0.opacity == 1 })
        }
    }
}
