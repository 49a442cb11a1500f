import Decoding
import Foundation
import Glibc
import Testing

/// Issue 7's kiosk must-shows on the real `recto` under headless weston: the pointer cursor (hidden in kiosk
/// mode, an arrow otherwise) as the compositor shows it, and the idle reset to the cover after `--idle-reset 2`,
/// postponed by input. (Ctrl+Q ignored in kiosk mode is ReaderSliceTests.kioskIgnoresControlQAndStopsOnSIGTERM.)
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct KioskEndToEndTests {
    static let keyEqual: UInt32 = 13  // KEY_EQUAL: "=" zooms in (the unshifted "+")

    /// Moves the pointer onto recto's window, then turns a page by key: recto handles events in order, so once
    /// the `page` event is out it has answered `wl_pointer.enter` (with or without a cursor).
    private func hover(_ session: RectoSession) throws {
        try session.weston.pointerMotion(x: 600, y: 380)
        try session.weston.pointerMotion(x: 640, y: 400)
        try session.weston.chord([], InputCode.keyRight)
        try session.waitForEvent("page")
    }

    /// The harness check first: a toytoolkit client sets the theme's arrow on enter, and `cursor` sees it.
    @Test func cursorQuerySeesAClientsCursor() throws {
        let weston = try Weston(width: 800, height: 600)
        defer { weston.stop() }
        #expect(try weston.cursorOwner() == nil, "a cursor before any client")
        let flower = try weston.launchClient("weston-flower")
        try weston.waitForMapped(flower)
        try weston.pointerMotion(x: 380, y: 280)
        try weston.pointerMotion(x: 400, y: 300)
        let shown = try weston.waitForCursorOwner(flower.pid, timeout: .seconds(3))
        let owner = try weston.cursorOwner()
        #expect(shown, "weston-flower (\(flower.pid)) has no cursor; cursor owner: \(String(describing: owner))")
    }

    @Test func kioskHidesThePointerCursor() throws {
        let session = try RectoSession.start(width: 1280, height: 800, arguments: ["--kiosk"])
        try session.waitForEvent("shown")
        try hover(session)
        let seen = try session.weston.cursorOwners(during: .milliseconds(500))
        #expect(seen == [nil], "cursor owners seen over recto --kiosk: \(seen) (recto is \(session.recto.pid))")
        #expect(try session.weston.hit(x: 640, y: 400) == session.recto.pid, "the pointer was not over recto")
    }

    /// Issue 7 must-have 3: outside kiosk mode a pointer over the window shows an arrow (wp_cursor_shape_v1 when
    /// offered, else the cursor theme; weston 10 offers no cursor-shape, and the Adwaita theme is installed).
    @Test func pointerOverTheReaderShowsACursorOutsideKiosk() throws {
        let session = try RectoSession.start(width: 1280, height: 800)
        try session.waitForEvent("shown")
        try hover(session)
        let shown = try session.weston.waitForCursorOwner(session.recto.pid, timeout: .seconds(3))
        let owner = try session.weston.cursorOwner()
        #expect(shown, "no cursor from recto (\(session.recto.pid)); cursor owner: \(String(describing: owner))")
    }

    /// Issue 7 must-have 3: the cursor is hidden while the last input was touch, and back when the pointer moves.
    @Test func touchHidesTheCursorUntilThePointerMoves() throws {
        let session = try RectoSession.start(width: 1280, height: 800)
        let weston = session.weston
        try session.waitForEvent("shown")
        try hover(session)
        try #require(try weston.waitForCursorOwner(session.recto.pid, timeout: .seconds(3)), "no cursor to hide")
        try weston.tap(x: 640, y: 400)  // the middle third: no tap zone, nothing turns
        let hidden = try weston.waitForCursorOwner(nil, timeout: .seconds(3))
        #expect(hidden, "cursor still shown after a touch: \(String(describing: try? weston.cursorOwner()))")
        try weston.pointerMotion(x: 700, y: 420)
        let back = try weston.waitForCursorOwner(session.recto.pid, timeout: .seconds(3))
        #expect(back, "no cursor after the pointer moved again: \(String(describing: try? weston.cursorOwner()))")
    }

    /// `--idle-reset 2` at page 4, zoomed in: nothing for 2 s, then the reset back to the cover, unzoomed.
    @Test func idleResetReturnsToTheUnzoomedCoverAfterTwoSeconds() throws {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--kiosk", "--idle-reset", "2", "--idle-warning", "0"])
        let weston = session.weston
        try session.waitForEvent("shown")
        var page = 1
        for _ in 0..<4 where page < 4 {
            try weston.chord([], InputCode.keyRight)
            page = try session.waitForEvent("page").int("page") ?? 0
        }
        try #require(page == 4, "Right keys did not reach page 4: \(session.historyText)")
        try weston.chord([], Self.keyEqual)
        let lastInput = ContinuousClock.now  // weston has handled the key release: recto gets it no earlier
        let zoom = try session.waitForEvent("zoom")
        #expect((zoom.number("scale") ?? 0) > 1.05, "the = key did not zoom in: \(zoom)")

        let reset = try session.waitForEvent("idle-reset", timeout: .seconds(8))
        let idle = ContinuousClock.now - lastInput
        print("e2e idle reset: \(reset) after \(idle) without input")
        #expect(idle >= .milliseconds(1800), "idle-reset \(idle) after the last input, expected 2 s")
        let pages = session.history.filter { $0.name == "page" }.map { $0.int("page") }
        #expect(pages == [2, 4], "page events before the reset: \(session.historyText)")
        let back = try session.waitForEvent("page", timeout: .seconds(5))
        #expect(back.int("page") == 1, "events: \(session.historyText)")

        let shot = try session.screenshot { SpreadEndToEndTests.SpreadView($0).shows(nil, 1) }
        let view = SpreadEndToEndTests.SpreadView(shot)
        #expect(view.shows(nil, 1), "after the idle reset: \(view); screenshots in \(weston.artifactsDirectory.path)")
        // The zoom was reset too: the cover fills exactly its slot at rest, so the left half is background.
        #expect(view.leftEmpty > 0.99, "\(view)")
        #expect(session.recto.isRunning)
    }

    /// Pointer motions every 1.2 s keep a 2 s idle reset away; it comes 2 s after the last one.
    @Test func inputBeforeTheDeadlinePostponesTheIdleReset() throws {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--kiosk", "--idle-reset", "2", "--idle-warning", "0"])
        let weston = session.weston
        try session.waitForEvent("shown")
        try weston.chord([], InputCode.keyRight)
        var lastInput = ContinuousClock.now
        let turned = try session.waitForEvent("page")
        try #require(turned.int("page") == 2, "events: \(session.historyText)")

        var early: [RectoEvent] = []
        for step in 1...3 {
            early += try session.events(during: (lastInput + .milliseconds(1200)) - .now)
            try weston.pointerMotion(x: 900 + 20 * Double(step), y: 500)
            lastInput = .now
        }
        // Without the postponement the reset was due 2 s after the Right key, i.e. inside this window.
        early += try session.events(during: (lastInput + .milliseconds(1600)) - .now)
        #expect(!early.contains { $0.name == "idle-reset" || $0.name == "page" },
                "events while input kept coming: \(early)")

        let reset = try session.waitForEvent("idle-reset", timeout: .seconds(6))
        let idle = ContinuousClock.now - lastInput
        print("e2e idle reset postponed: \(reset) \(idle) after the last motion")
        #expect(idle >= .milliseconds(1800), "idle-reset \(idle) after the last input, expected 2 s")
        let back = try session.waitForEvent("page", timeout: .seconds(5))
        #expect(back.int("page") == 1, "events: \(session.historyText)")
    }
}
