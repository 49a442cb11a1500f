import Decoding
import Foundation
import Testing

/// What the compositor shows equals `recto render` after a turn, spine shadow included: a frame whose
/// shadows lowered alpha was shown lighter by weston (the spine at 223 instead of 185).
@Suite(.serialized) struct OpaqueFrameEndToEndTests {
    @Test func windowAfterAKeyTurnEqualsTheRenderedSpread() throws {
        let session = try RectoSession.start(width: 1920, height: 1080)
        _ = try session.waitForEvent("shown")
        try session.weston.chord([], InputCode.keyRight)
        let page = try session.waitForEvent("page")
        #expect(page.int("page") == 2, "events: \(session.historyText)")
        let reference = try RectoRender.image(["--size", "1920x1080", "--page", "2"]).image
        let shot = try session.screenshot { compareImages($0, reference).map { $0.meanAbsolute < 1 } ?? false }
        let difference = try #require(compareImages(shot, reference, tolerance: 3))
        #expect(difference.meanAbsolute < 1 && difference.fractionWithin >= 0.999,
                "\(difference); screenshots in \(session.weston.artifactsDirectory.path)")
        for x in [940, 960, 980] {
            let (a, b) = (shot[x, 540], reference[x, 540])
            #expect(abs(Int(a.r) - Int(b.r)) <= 3 && abs(Int(a.g) - Int(b.g)) <= 3, "spine x \(x): window \(a), render \(b)")
        }
    }
}
