import AppCore
import Decoding
import Foundation
import Geometry
import Testing
import TestSupport

/// A PDF's outline as the table of contents in the real reader under the compositor: reached by Tab and opened by
/// Enter, an entry opened by keys and another by a tap lands on its page.
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct ContentsEndToEndTests {
    func press(_ session: RectoSession, _ key: UInt32) throws {
        try session.weston.key(key, pressed: true)
        try session.weston.key(key, pressed: false)
    }

    @Test func thePDFsOutlineOpensItsPagesByKeysAndByTouch() throws {
        let url = try Scratch.makeDirectory("contents").appendingPathComponent("outlined.pdf")
        try Data(outlinedPDFBook()).write(to: url)
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [url.path, "--spread", "single", "--controls", "always"])
        defer { session.stop() }
        _ = try session.waitForEvent("shown")
        // Tab along the row to the contents control.
        var label = ""
        for _ in 0..<12 where label != "Contents" {
            try press(session, InputCode.keyTab)
            label = try session.waitForEvent("focus").string("label") ?? ""
        }
        #expect(label == "Contents")
        try press(session, InputCode.keyEnter)
        #expect(try session.waitForEvent("contents").string("state") == "shown")
        // It opens on the section of page 1: none yet, so on the first entry; Down, Down: "Chapter 1".
        #expect(try session.waitForEvent("focus").string("label") == "Contents: Introduction, page 2")
        try press(session, InputCode.keyDown)
        try press(session, InputCode.keyDown)
        #expect(try session.waitForEvent("focus").string("label") == "Part Ô One, page 3")
        #expect(try session.waitForEvent("focus").string("label") == "Chapter 1, page 4")
        let layout = ContentsLayout(width: 1280, height: 800, pixelsPerMM: nil, large: false, entries: 3)
        // The focus is logged as the key is handled: the compositor may still show the frame before it.
        let ringAt = (x: Int(layout.rowRect(2).minX) + 5, y: Int(layout.rowRect(2).center.y))
        let shot = try session.screenshot { image in
            let p = image[Int(layout.box.minX) + 4, Int(layout.box.minY) + 4], ring = image[ringAt.x, ringAt.y]
            return p.r < 40 && p.g < 40 && p.b < 45 && ring.r > 200 && ring.g > 180 && ring.b < 60
        }
        _ = try AccessibilityEndToEndTests.save(shot, "contents.png", session)
        let ring = shot[ringAt.x, ringAt.y]
        #expect(ring.r > 200 && ring.g > 180 && ring.b < 60, "the yellow ring on the third row: \(ring), \(session.weston.artifactsDirectory.path)")
        try press(session, InputCode.keyEnter)
        #expect(try session.waitForEvent("section").int("to") == 4)
        #expect(try session.waitForEvent("page").int("page") == 4)

        // The panel again (Enter: the focus stays on its control), and a tap on "Introduction".
        try press(session, InputCode.keyEnter)
        try session.waitForEvent("contents") { $0.string("state") == "shown" }
        let row = layout.rowRect(0).center
        try session.weston.touchDown([Finger(id: 0, x: row.x, y: row.y)])
        try session.weston.touchUp([0])
        #expect(try session.waitForEvent("section").string("title") == "Introduction")
        #expect(try session.waitForEvent("page").int("page") == 2)
    }
}
