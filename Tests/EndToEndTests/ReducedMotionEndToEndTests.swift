import Decoding
import Foundation
import Testing

/// `--reduced-motion` on the real `recto` under headless weston (1920×1080, the demo book): a key turn logs the
/// usual `flip` begin/commit and `page` events, and nothing on screen during the turn is curled: every
/// screenshot is, pixel by pixel, between the two spreads (`recto render` of each), as a cross-fade of the two
/// is. A curl is not: its flap shows a page where neither spread has it, and its shadow is darker than both.
@Suite(.serialized) struct ReducedMotionEndToEndTests {
    /// The fraction of pixels with a channel outside [min(a, b) − tolerance, max(a, b) + tolerance].
    static func outsideBlend(_ shot: RGBAImage, _ a: RGBAImage, _ b: RGBAImage, tolerance: Int = 12) -> Double {
        precondition(shot.size == a.size && a.size == b.size)
        var outside = 0
        shot.pixels.withUnsafeBufferPointer { s in
            a.pixels.withUnsafeBufferPointer { pa in
                b.pixels.withUnsafeBufferPointer { pb in
                    var i = 0
                    while i < s.count {
                        for c in i..<(i + 3) {
                            let lo = Int(min(pa[c], pb[c])) - tolerance, hi = Int(max(pa[c], pb[c])) + tolerance
                            if Int(s[c]) < lo || Int(s[c]) > hi { outside += 1; break }
                        }
                        i += 4
                    }
                }
            }
        }
        return Double(outside) / Double(shot.width * shot.height)
    }

    @Test func aKeyTurnCrossFadesWithoutEverCurling() throws {
        let cover = try RectoRender.image(["--size", "1920x1080", "--page", "1"]).image
        let spread = try RectoRender.image(["--size", "1920x1080", "--page", "2"]).image
        // The criterion tells a curl apart: the cover held mid-turn is far outside the blend of the two.
        let curled = try RectoRender.image(["--size", "1920x1080", "--page", "1", "--drag", "1100,600"]).image
        let curledOutside = Self.outsideBlend(curled, cover, spread)
        #expect(curledOutside > 0.01, "a curl must fail the criterion: \(curledOutside)")

        // Full resolution while moving: a frame drawn smaller and scaled up is soft, and not a blend.
        // A 5 s fade (instead of 250 ms), so that screenshots land inside it even on a busy machine, where one
        // screenshot can take a second.
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--reduced-motion", "--motion-scale", "1"],
                                             environment: ["RECTO_TEST_FADE_MS": "5000"])
        #expect(try session.waitForEvent("shown").int("page") == 1)
        // Over to pages 2–3 and back, until each is on screen: both spreads are decoded before the turn watched.
        for (key, reference, page) in [(InputCode.keyRight, spread, 2), (InputCode.keyLeft, cover, 1)] {
            try session.weston.chord([], key)
            #expect(try session.waitForEvent("page", timeout: .seconds(15)).int("page") == page)
            _ = try session.screenshot { compareImages($0, reference).map { $0.fractionWithin >= 0.99 } ?? false }
        }
        try session.weston.chord([], InputCode.keyRight)
        // Screenshots from the key press until the spread is at rest.
        var shots: [RGBAImage] = []
        for _ in 0..<40 {
            let shot = try session.screenshot()
            shots.append(shot)
            if let d = compareImages(shot, spread), d.fractionWithin >= 0.99 { break }
        }
        let begin = try session.waitForEvent("flip", timeout: .seconds(15))
        let commit = try session.waitForEvent("flip", timeout: .seconds(15))
        let page = try session.waitForEvent("page", timeout: .seconds(15))
        #expect(begin.string("phase") == "begin" && commit.string("phase") == "commit", "events: \(session.historyText)")
        #expect(page.int("page") == 2)
        let last = try #require(shots.last)
        #expect(compareImages(last, spread).map { $0.fractionWithin >= 0.99 } ?? false, "the turn ends on pages 2–3")
        for (n, shot) in shots.enumerated() {
            let outside = Self.outsideBlend(shot, cover, spread)
            #expect(outside < 0.001, "screenshot \(n) is not a blend of the two spreads (\(outside)); \(session.weston.artifactsDirectory.path)")
        }
        let between = shots.filter { shot in
            [cover, spread].allSatisfy { (compareImages(shot, $0)?.fractionWithin ?? 1) < 0.99 }
        }
        print("e2e reduced motion: \(shots.count) screenshots, \(between.count) mid-fade, a curl has \(curledOutside) outside")
        #expect(between.count >= 1, "screenshots inside the fade: \(between.count) of \(shots.count)")
    }
}
