import Decoding
import Foundation
import Testing

/// Under the "GLES2 minimum" profile (GPUProfile: no GL_OES_texture_npot, textures up
/// to 2,048 px, mediump fragments) Recto draws what it draws on the full GPU, end to end under weston. At
/// 070da7e every page was black under it and `recto render` stopped (an incomplete framebuffer).
@Suite(.serialized) struct GLES2MinimumEndToEndTests {
    static let minimum = GPUProfile.gles2Minimum

    /// The demo book's second spread at rest, under `profile`.
    private func spreadAtRest(profile: [String: String]) throws -> (RGBAImage, String) {
        let session = try RectoSession.start(width: 1920, height: 1080, environment: profile)
        _ = try session.waitForEvent("shown")
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        #expect(try session.waitForEvent("page", timeout: .seconds(10)).int("page") == 2)
        let spread = PageLayout.double(width: 1920, height: 1080)
        // At rest: both pages drawn (not the black of an incomplete texture: the left page's paper is light; the
        // right page's art, not blank paper: a turn whose pages take over 1.5 s to decode on a loaded machine goes
        // without them and they come later) and nothing moving (the same picture twice). The art is looked for
        // well inside the page: blank paper stands in for a page still decoding, at a size that leaves a strip of
        // the dark background inside `spread.right`'s edge, as much "ink" as a loose count would want.
        let art = spread.right.inset(byFraction: 0.1)
        var last = try session.screenshot()
        let shot = try session.screenshot { next in
            defer { last = next }
            return next.meanColour(in: spread.left).luminance > 150 && next.inkPixels(in: art) > 5000
                && next.pixels == last.pixels
        }
        return (shot, session.weston.artifactsDirectory.path)
    }

    @Test func pagesAtRestLookAsOnTheFullGPU() throws {
        let (full, _) = try spreadAtRest(profile: [:])
        let (minimal, artifacts) = try spreadAtRest(profile: Self.minimum)
        let spread = PageLayout.double(width: 1920, height: 1080)
        #expect(minimal.meanColour(in: spread.left).luminance > 150, "left page: \(minimal.meanColour(in: spread.left))")
        let difference = try #require(compareImages(full, minimal, tolerance: 8))
        print("e2e GLES2 minimum vs full profile, spread at rest: \(difference)")
        #expect(difference.meanAbsolute <= 2, "\(difference); screenshots in \(artifacts)")
    }

    /// The corner-under-the-finger check of GestureEndToEndTests, under the profile and within 2 px.
    @Test func aCornerDragKeepsTheCornerUnderTheFinger() throws {
        let session = try RectoSession.start(width: 1920, height: 1080, environment: Self.minimum)
        _ = try session.waitForEvent("shown")
        let page = PageLayout.double(width: 1920, height: 1080).right
        let corner = (x: Double(page.x + page.width - 10), y: Double(page.y + page.height - 10))
        let finger = (x: 1300, y: 700)
        let flap = try session.holdCorner(from: corner, at: finger)
        let tip = flap.tip.map { "(\($0.x), \($0.y))" } ?? "none"
        print("e2e GLES2 minimum: flap tip at \(tip), finger at \(finger)")
        #expect(isUnder(flap.tip, finger: finger, pixels: 2),
                "flap tip at \(tip), finger at \(finger); screenshots in \(session.weston.artifactsDirectory.path)")
        try session.weston.touchUp([0])
    }

    /// `recto render` draws the same image with the profile as without, at rest and mid-turn.
    @Test func renderIsTheSameUnderTheProfile() throws {
        for arguments in [["--page", "2"], ["--page", "2", "--drag", "1300,700", "--grab", "br"],
                          ["--page", "2", "--spread", "single", "--drag", "700,500", "--grab", "br"]] {
            let size = ["--size", "1920x1080"]
            let full = try RectoRender.image(size + arguments).image
            let minimal = try RectoRender.image(size + arguments, profile: Self.minimum)
            let difference = try #require(compareImages(full, minimal.image, tolerance: 2))
            print("e2e recto render \(arguments) with and without the GLES2 minimum: \(difference)")
            #expect(difference.meanAbsolute <= 0.25 && difference.fractionWithin >= 0.999,
                    "\(arguments): \(difference); \(minimal.url.path)")
        }
    }

    /// Less than the minimum (textures of 1,024 px): one clear line and exit status 4, for `recto render` and for
    /// the reader under weston.
    @Test func aGPUBelowTheMinimumIsRefusedClearly() throws {
        let small = Self.minimum.merging(["RECTO_TEST_MAX_TEXTURE_SIZE": "1024"]) { $1 }
        let out = try Scratch.makeDirectory("gles2-small").appendingPathComponent("render.png")
        let run = try runRecto(["render", "--no-config", "--size", "800x600", "--out", out.path],
                               environment: RectoRender.environment.merging(small) { $1 })
        #expect(run.termination == .exited(4), "\(run.termination): \(run.stderr)")
        let want = "the GPU draws textures of at most 1024×1024 pixels; Recto needs 2048×2048"
        #expect(run.stderr.contains(want), "\(run.stderr)")

        let weston = try Weston(width: 800, height: 600)
        defer { weston.stop() }
        let recto = try weston.launchClient(try RectoBinary.locate().path, arguments: ["--no-config"], environment: small)
        let ended = try recto.waitForExit(timeout: .seconds(20))
        try recto.stderr?.waitForEnd(timeout: .seconds(5))
        #expect(ended == .exited(4), "\(ended): \(recto.stderr?.text ?? "")")
        #expect((recto.stderr?.text ?? "").contains(want), "\(recto.stderr?.text ?? "")")
    }

    /// A 3,000×4,000 px page of fine stripes (1 px black, 1 px white): at fit the texture cannot hold them (it
    /// has a quarter of the pixels, and the profile's limit is 2,048), so sharp stripes at 8× come from the zoom
    /// region, decoded from the source within the limit.
    @Test func zoomToEightIsCrispOnALargePage() throws {
        let book = try Scratch.makeDirectory("gles2-zoom")
        try PNGEncoder.write(Self.stripes(width: 3000, height: 4000), toFile: book.appendingPathComponent("001.png").path)
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [book.path], environment: Self.minimum)
        _ = try session.waitForEvent("shown")
        // At fit the stripes are finer than the texture's texels: grey (else the check below could not fail).
        let atFit = Self.stripeContrast(try session.screenshot())
        #expect(atFit < 100, "stripes at fit: contrast \(atFit)")
        let centre = (x: 960.0, y: 540.0)
        try session.weston.touchDown([Finger(id: 0, x: centre.x - 25, y: centre.y), Finger(id: 1, x: centre.x + 25, y: centre.y)])
        try session.weston.touchStroke(steps: 14, interval: .milliseconds(16)) { i in
            let half = 25 + 175 * Double(i) / 14
            return [Finger(id: 0, x: centre.x - half, y: centre.y), Finger(id: 1, x: centre.x + half, y: centre.y)]
        }
        try session.weston.touchUp([0, 1])
        let zoom = try session.waitForEvent("zoom")
        // Pinched to ×8, the view lands on 2:1 with the page's own pixels (7.72× fit, within 8 %): each stripe is
        // two screen pixels of one value, black and white, not a blend.
        #expect(abs((zoom.number("scale") ?? 0) / 8 - 1) < 0.08, "\(zoom)")
        _ = try session.waitForEvent("region", timeout: .seconds(15))
        let shot = try session.screenshot { Self.stripeContrast($0) > 250 }
        let contrast = Self.stripeContrast(shot)
        print("e2e GLES2 minimum ×8 on a 3000×4000 page: stripe contrast \(contrast) (at fit \(atFit))")
        #expect(contrast > 250, "stripes blurred (contrast \(contrast)); screenshots in \(session.weston.artifactsDirectory.path)")
    }

    /// Vertical stripes, 1 px black and 1 px white.
    static func stripes(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width where x % 2 == 0 {
                let i = (y * width + x) * 4
                pixels[i] = 0; pixels[i + 1] = 0; pixels[i + 2] = 0
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The mean over rows of the luminance range (max − min) across 200 px of the page (the cover stands alone
    /// right of the spine at x 960, which the pinch about the screen's centre keeps there): 255 for sharp black
    /// and white stripes, near 0 for the grey they blur to.
    static func stripeContrast(_ image: RGBAImage) -> Double {
        var total = 0.0
        let rows = Array(stride(from: 440, to: 640, by: 10))
        for y in rows {
            let values = (1100..<1300).map { image.rgb($0, y).luminance }
            total += (values.max() ?? 0) - (values.min() ?? 0)
        }
        return total / Double(rows.count)
    }
}
