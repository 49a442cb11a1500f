import Decoding
import Foundation
import Geometry
import Testing
import TestSupport

/// Links inside a PDF in the real reader under weston: Tab reaches them after the controls and Enter follows one;
/// a tap on one follows it, on a page turned by /Rotate too; a tap on a web link opens nothing.
@Suite(.serialized) struct PDFLinkEndToEndTests {
    /// Tab until the focus rests on a link of the page (its links are read off the loop, after its image), then
    /// the focus event that says it.
    private func tabToLink(_ session: RectoSession) throws -> RectoEvent {
        for _ in 0..<40 {
            try session.weston.key(InputCode.keyTab, pressed: true)
            try session.weston.key(InputCode.keyTab, pressed: false)
            let focus = try session.waitForEvent("focus")
            if focus.string("label")?.hasPrefix("Link to page") == true { return focus }
        }
        throw HarnessError.failed("no link took the focus: \(session.historyText)")
    }

    /// The page's paper on screen, a page `width` × `height` points centred in the window: its white run across
    /// the middle row (the overlay's controls and the pointer lie elsewhere), in the page's proportions.
    private func paper(_ image: RGBAImage, width: Double, height: Double) -> Rect {
        let y = image.height / 2
        func white(_ x: Int) -> Bool { let p = image[x, y]; return p.r > 250 && p.g > 250 && p.b > 250 }
        var minX = image.width / 2, maxX = image.width / 2
        while minX > 0 && white(minX - 1) { minX -= 1 }
        while maxX < image.width - 1 && white(maxX + 1) { maxX += 1 }
        let w = Double(maxX - minX + 1), h = w * height / width
        return Rect(x: Double(minX), y: Double(image.height) / 2 - h / 2, width: w, height: h)
    }

    /// The screen point of (x, y) points on a page `width` points wide shown as `paper`.
    private func point(_ x: Double, _ y: Double, pageWidth width: Double, on paper: Rect) -> Vec2 {
        let s = paper.width / width
        return Vec2(paper.minX + x * s, paper.minY + y * s)
    }

    @Test func tabAndEnterFollowALinkATapFollowsOneAndAWebLinkOpensNothing() throws {
        let url = try Scratch.makeDirectory("pdf-links").appendingPathComponent("linked.pdf")
        try Data(linkedPDFBook()).write(to: url)
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [url.path, "--spread", "single"])
        defer { session.stop() }
        _ = try session.waitForEvent("shown")

        // The contents page: its first link leads to page 3, by keys.
        #expect(try tabToLink(session).string("label") == "Link to page 3")
        // The focus ring goes around the link: yellow just outside its grey box, nowhere near the other links.
        let contentsPage = paper(try session.screenshot(), width: 595, height: 842)
        let corner = point(72, 112, pageWidth: 595, on: contentsPage), far = point(72, 362, pageWidth: 595, on: contentsPage)
        func yellowNear(_ p: Vec2, _ image: RGBAImage) -> Int {
            var n = 0
            for y in max(0, Int(p.y) - 8)..<min(image.height, Int(p.y) + 8) {
                for x in max(0, Int(p.x) - 8)..<min(image.width, Int(p.x) + 8)
                where AccessibilityEndToEndTests.isYellow(image.rgb(x, y)) { n += 1 }
            }
            return n
        }
        let ringShot = try session.screenshot(timeout: .seconds(10)) { yellowNear(corner, $0) > 5 }
        let ring = try AccessibilityEndToEndTests.save(ringShot, "link-focus.png", session)
        #expect(yellowNear(corner, ringShot) > 5 && yellowNear(far, ringShot) == 0, "\(ring) \(contentsPage) \(corner)")
        try session.weston.key(InputCode.keyEnter, pressed: true)
        try session.weston.key(InputCode.keyEnter, pressed: false)
        let followed = try session.waitForEvent("link")
        #expect(followed.int("from") == 1 && followed.int("to") == 3)
        #expect(try session.waitForEvent("page").int("page") == 3)

        // Page 4 is turned by /Rotate 90 (842 × 595 points as shown); its link back to page 1 is tapped.
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        #expect(try session.waitForEvent("page").int("page") == 4)
        _ = try tabToLink(session)
        try session.weston.key(InputCode.keyEscape, pressed: true)
        try session.weston.key(InputCode.keyEscape, pressed: false)
        let turned = try session.screenshot()
        let sheet = paper(turned, width: 842, height: 595)
        #expect(abs(sheet.width - 1086) < 4, "the turned page as shown, 842 points wide: \(sheet)")
        let back = point(300, 125, pageWidth: 842, on: sheet)
        try session.weston.tap(x: back.x, y: back.y)
        #expect(try session.waitForEvent("link").int("to") == 1)
        #expect(try session.waitForEvent("page").int("page") == 1)

        // The web link on the contents page: a tap there follows nothing and the book stays where it is.
        _ = try tabToLink(session)
        try session.weston.key(InputCode.keyEscape, pressed: true)
        try session.weston.key(InputCode.keyEscape, pressed: false)
        let contents = paper(try session.screenshot(), width: 595, height: 842)
        let web = point(172, 227, pageWidth: 595, on: contents)
        try session.weston.tap(x: web.x, y: web.y)
        let after = try session.events(during: .seconds(2))
        #expect(!after.contains { $0.name == "link" || $0.name == "page" || $0.name == "flip" }, "\(session.historyText)")
        #expect(session.recto.isRunning)
    }
}
