import Decoding
import Foundation
import Testing

/// A single page in a landscape window (`--spread single`) turned by its corner on the real `recto` under
/// headless weston: past the spine the turned part lies over the background, as paper does, with its corner
/// under the finger; released there, the page turns.
@Suite(.serialized) struct SinglePageEndToEndTests {
    static let page = PageLayout.single(width: 1920, height: 1080)
    static let corner = (x: Double(page.x + page.width - 10), y: Double(page.y + page.height - 10))
    /// 150 px left of the spine (the page's left edge), over the background.
    static let finger = (x: page.x - 150, y: page.y + page.height - 200)

    @Test func theTurnedPartLiesOverTheBackgroundUnderTheFinger() throws {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--spread", "single"])
        #expect(try session.waitForEvent("shown").int("page") == 1)
        let rest = try session.screenshot()
        try session.weston.touchDown([Finger(id: 0, x: Self.corner.x, y: Self.corner.y)])
        try session.weston.touchLine(id: 0, from: Self.corner.x, Self.corner.y, to: Double(Self.finger.x),
                                     Double(Self.finger.y), steps: 20, interval: .milliseconds(16))
        _ = try session.waitForEvent("flip")
        let held = try session.screenshot { isUnder(Self.tip(held: $0, rest: rest), finger: Self.finger) }
        let tip = Self.tip(held: held, rest: rest)
        print("e2e single page held past the spine: tip \(String(describing: tip)), finger \(Self.finger); screenshots in \(session.weston.artifactsDirectory.path)")
        #expect(isUnder(tip, finger: Self.finger),
                "flap tip at \(String(describing: tip)), finger at \(Self.finger): \(session.weston.artifactsDirectory.path)")
        try session.weston.touchLine(id: 0, from: Double(Self.finger.x), Double(Self.finger.y),
                                     to: Double(Self.finger.x - 100), Double(Self.finger.y), steps: 5,
                                     interval: .milliseconds(16))
        try session.weston.touchUp([0])
        #expect(try session.waitForEvent("page").int("page") == 2, "events: \(session.historyText)")
    }

    /// The corner of a page pulled left past the spine, low down: its light back over the dark background is
    /// what became much lighter than at rest, and both of the flap's edges run rightward from the corner, so the
    /// corner is the leftmost lightened pixel within 75 px of the finger (nil: nothing lies over the background).
    static func tip(held: RGBAImage, rest: RGBAImage) -> (x: Int, y: Int)? {
        var best: (x: Int, y: Int)?
        for y in finger.y - 75...finger.y + 75 {
            for x in finger.x - 75...finger.x + 75 where held.rgb(x, y).luminance - rest.rgb(x, y).luminance > 60 {
                if best.map({ x < $0.x }) ?? true { best = (x, y) }
            }
        }
        return best
    }
}
