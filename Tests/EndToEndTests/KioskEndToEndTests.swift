import Decoding
import Foundation
import Glibc
import Posix
import Testing

/// The kiosk must-shows on the real `recto` under headless weston: the pointer cursor (hidden in kiosk
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
        let shown = try weston.waitForCursorOwner(flower.pid, timeout: .seconds(20))
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

    /// Outside kiosk mode a pointer over the window shows an arrow (wp_cursor_shape_v1 when
    /// offered, else the cursor theme; weston 10 offers no cursor-shape, and the Adwaita theme is installed).
    @Test func pointerOverTheReaderShowsACursorOutsideKiosk() throws {
        let session = try RectoSession.start(width: 1280, height: 800)
        try session.waitForEvent("shown")
        try hover(session)
        let shown = try session.weston.waitForCursorOwner(session.recto.pid, timeout: .seconds(20))
        let owner = try session.weston.cursorOwner()
        #expect(shown, "no cursor from recto (\(session.recto.pid)); cursor owner: \(String(describing: owner))")
    }

    /// The cursor is hidden while the last input was touch, and back when the pointer moves.
    @Test func touchHidesTheCursorUntilThePointerMoves() throws {
        let session = try RectoSession.start(width: 1280, height: 800)
        let weston = session.weston
        try session.waitForEvent("shown")
        try hover(session)
        try #require(try weston.waitForCursorOwner(session.recto.pid, timeout: .seconds(20)), "no cursor to hide")
        try weston.tap(x: 640, y: 400)  // the middle third: no tap zone, nothing turns
        let hidden = try weston.waitForCursorOwner(nil, timeout: .seconds(20))
        #expect(hidden, "cursor still shown after a touch: \(String(describing: try? weston.cursorOwner()))")
        try weston.pointerMotion(x: 700, y: 420)
        let back = try weston.waitForCursorOwner(session.recto.pid, timeout: .seconds(20))
        #expect(back, "no cursor after the pointer moved again: \(String(describing: try? weston.cursorOwner()))")
    }

    /// `--idle-reset 2` at page 4, zoomed in: nothing for 2 s, then the reset back to the cover, unzoomed.
    /// Page 4 comes through the control socket, which is not input, so the idle time starts with the one key
    /// and no reset can fall between the steps of the set-up however slow they are on a busy machine. The 2 s
    /// are measured on recto's own clock (its events' "t", CLOCK_MONOTONIC) from before the key was sent.
    @Test func idleResetReturnsToTheUnzoomedCoverAfterTwoSeconds() throws {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--kiosk", "--idle-reset", "2", "--idle-warning", "0"])
        let weston = session.weston
        try session.waitForEvent("shown")
        let socket = try #require(session.ready?.string("control"), "\(session.historyText)")
        let went = try rectoCtl(["goto", "4"], socket: socket)
        #expect(went.termination == .exited(0), "\(went)")
        let page = try session.waitForEvent("page").int("page")
        try #require(page == 4, "goto 4 did not reach page 4: \(session.historyText)")
        let sent = monotonicMilliseconds()  // recto cannot read the key before it is sent
        try weston.chord([], Self.keyEqual)
        let zoom = try session.waitForEvent("zoom")
        #expect((zoom.number("scale") ?? 0) > 1.05, "the = key did not zoom in: \(zoom)")

        let reset = try session.waitForEvent("idle-reset")
        let idle = (reset.number("t") ?? 0) - sent
        print("e2e idle reset: \(reset) \(idle) ms after the key was sent")
        #expect(idle >= 2000, "idle-reset \(idle) ms after the key was sent, expected 2 s at least")
        let pages = session.history.filter { $0.name == "page" }.map { $0.int("page") }
        #expect(pages == [4], "page events before the reset: \(session.historyText)")
        let back = try session.waitForEvent("page")
        #expect(back.int("page") == 1, "events: \(session.historyText)")

        // Waits for the screen, not a time: on a starved machine the cover may have to be decoded again (the
        // control socket's jump to page 4 decoded its neighbours) before the turn back to it can be drawn.
        let shot = try session.screenshot(timeout: .seconds(40)) { SpreadEndToEndTests.SpreadView($0).shows(nil, 1) }
        let view = SpreadEndToEndTests.SpreadView(shot)
        #expect(view.shows(nil, 1), "after the idle reset: \(view); screenshots in \(weston.artifactsDirectory.path)")
        // The zoom was reset too: the cover fills exactly its slot at rest, so the left half is background.
        #expect(view.leftEmpty > 0.99, "\(view)")
        #expect(session.recto.isRunning)
    }

    /// Pointer motions about a second apart keep a 2 s idle reset away; it comes 2 s after the last one.
    ///
    /// No wall-clock race: each input is acknowledged by asking recto (`status`: when it last took input, on its
    /// clock) before the next is sent, and every idle reset recto reports is checked against the inputs it had
    /// taken by then: at least 2 s after the last of them. A gap of 2 s or more between two inputs (a machine so
    /// busy that the test itself stalled) allows a reset there, and the run of inputs starts over from page 4,
    /// reached through the control socket (not input), so the idle clock starts with the first motion.
    @Test func inputBeforeTheDeadlinePostponesTheIdleReset() throws {
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: ["--kiosk", "--idle-reset", "2", "--idle-warning", "0"])
        let weston = session.weston
        try session.waitForEvent("shown")
        let socket = try #require(session.ready?.string("control"), "\(session.historyText)")
        let control = try ControlConnection(path: socket)
        /// (status time, when recto last took input), both on recto's clock, once it has read input sent at `sent`.
        /// `idle_seconds` comes rounded to the millisecond: the checks below allow that 1 ms, no more.
        func acknowledged(_ sent: Double) throws -> (at: Double, input: Double) {
            let deadline = ContinuousClock.now + .seconds(15)
            while true {
                let reply = try control.send("status", timeout: .seconds(10))
                let status = try #require(RectoEvent(line: reply), "status reply: \(reply)")
                if let t = status.number("t"), let idle = status.number("idle_seconds") {
                    let input = t - idle * 1000
                    // Event times are whole milliseconds (weston truncates): compare with the sending ms.
                    if input >= sent.rounded(.down) - 0.001 { return (t, input) }
                }
                guard ContinuousClock.now < deadline else { throw HarnessError.failed("input sent at \(sent) never taken: \(reply)") }
                usleep(5_000)
            }
        }

        /// Page 4 through the control socket, which is not input: the idle clock starts with the first motion.
        func leaveTheCover() throws {
            let reply = try control.send("goto 4", timeout: .seconds(10))
            try #require(reply.hasPrefix("ok"), "goto 4: \(reply)")
            _ = try session.waitForEvent("page", timeout: .seconds(10), where: { $0.int("page") == 4 })
        }
        func resetsSoFar() throws -> Int {
            _ = try session.events(during: .milliseconds(1))
            return session.history.filter { $0.name == "idle-reset" }.count
        }

        try leaveTheCover()
        // Motions ~900 ms after the last was taken, until a run of them, each taken within 2 s of the one before,
        // spans 2.5 s: a reset due 2 s after the run's first input would have come inside it. A reset in a gap
        // the machine stretched past 2 s (checked below) leaves the cover's page: the run starts again from page 4.
        var acks: [(at: Double, input: Double)] = []
        var runStart: Double?
        var resets = 0
        for step in 1...20 {
            if let last = acks.last { weston.sleep(until: .now + .milliseconds(max(0, Int(last.input + 900 - monotonicMilliseconds())))) }
            let sent = monotonicMilliseconds()
            try weston.pointerMotion(x: 900 + 10 * Double(step), y: 500)
            let ack = try acknowledged(sent)
            if let last = acks.last, ack.at - last.input >= 2000 { runStart = nil }
            acks.append(ack)
            let seen = try resetsSoFar()
            if seen > resets {
                resets = seen
                runStart = nil
                try leaveTheCover()
                continue
            }
            if runStart == nil { runStart = ack.input }
            if let start = runStart, ack.input - start >= 2500 { break }
        }
        let last = try #require(acks.last)
        let start = try #require(runStart, "no run of input 2 s apart at most: \(acks)")
        try #require(last.input - start >= 2500, "no run of input 2 s apart at most: \(acks)")

        let reset = try session.waitForEvent("idle-reset", where: { ($0.number("t") ?? 0) > last.at })
        for r in session.history where r.name == "idle-reset" {
            let t = r.number("t") ?? 0
            // The inputs recto had surely taken when it reset: those acknowledged before.
            guard let taken = acks.last(where: { $0.at < t }) else { continue }
            #expect(t - taken.input >= 2000 - 1, "idle-reset at \(t), \(t - taken.input) ms after input taken at \(taken.input): \(acks)")
        }
        let final = reset.number("t") ?? 0
        print("e2e idle reset postponed: \(reset) \(final - last.input) ms after the last input; run from \(start)")
        #expect(final - last.input >= 2000 - 1, "the reset came \(final - last.input) ms after the last input")
        let back = try session.waitForEvent("page", where: { ($0.number("t") ?? 0) > final })
        #expect(back.int("page") == 1, "events: \(session.historyText)")
    }
}
