import Foundation
import Glibc
import Testing

/// The end-to-end harness proven on weston's own demo clients, before `recto` exists: the compositor starts
/// and stops cleanly, windows are found by asking the compositor, injected touch, pointer and keyboard events
/// arrive with the right coordinates, screenshots have the output's size, and the output can change mode.
/// Serialized: each test runs a compositor and a client on a 2-core machine.
@Suite(.serialized) struct HarnessTests {
    /// The next event line of `interface` (e.g. "wl_touch") naming `event`, from a client run with
    /// WAYLAND_DEBUG=client (events print as `[time] wl_touch@8.down(…)`; requests carry " -> ").
    private func nextEvent(_ client: ChildProcess, _ interface: String, _ event: String,
                           timeout: Duration = .seconds(5)) throws -> String {
        let stderr = try #require(client.stderr)
        return try stderr.waitForLine(timeout: timeout, "\(interface).\(event) in \(client.name)'s protocol log") {
            !$0.contains(" -> ") && $0.contains("] \(interface)@") && $0.contains(".\(event)(")
        }
    }

    @Test func compositorStartsAnswersAndCleansUp() throws {
        let weston = try Weston(width: 640, height: 480)
        let output = try weston.outputState()
        #expect(output.width == 640 && output.height == 480 && output.scale == 1 && output.transform == 0)
        let socket = weston.runtimeDirectory.appendingPathComponent(weston.socketName)
        #expect(FileManager.default.fileExists(atPath: socket.path))
        let attributes = try FileManager.default.attributesOfItem(atPath: weston.runtimeDirectory.path)
        #expect(attributes[.posixPermissions] as? Int == 0o700)
        #expect(try weston.hit(x: 320, y: 240) == nil)
        #expect(throws: HarnessError.self) { try weston.send("no-such-command") }

        let shot = try weston.screenshot()
        let header = try PNGHeader(contentsOf: shot)
        #expect(header.width == 640 && header.height == 480)

        let pid = weston.pid
        weston.stop()
        #expect(!weston.isRunning)
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        #expect(!FileManager.default.fileExists(atPath: weston.runtimeDirectory.path))
        #expect(FileManager.default.fileExists(atPath: shot.path))
    }

    /// weston-simple-touch is a 600×500 shm window that kiosk-shell centres (offset 100, 50 at 800×600) and
    /// that draws a mark wherever it is touched.
    @Test func touchesReachSimpleTouchAtTheRightPlace() throws {
        let weston = try Weston(width: 800, height: 600)
        defer { weston.stop() }
        let client = try weston.launchClient("weston-simple-touch", environment: ["WAYLAND_DEBUG": "client"])
        try weston.waitForMapped(client)
        let before = try Data(contentsOf: weston.screenshot())

        try weston.touchDown(id: 1, x: 200, y: 200)
        try weston.touchFrame()
        #expect(try nextEvent(client, "wl_touch", "down").contains(", 1, 100.00000000, 150.00000000)"))
        _ = try nextEvent(client, "wl_touch", "frame")
        try weston.touchDown(id: 2, x: 500, y: 400)
        try weston.touchMotion(id: 1, x: 260, y: 230)
        try weston.touchFrame()
        #expect(try nextEvent(client, "wl_touch", "down").contains(", 2, 400.00000000, 350.00000000)"))
        #expect(try nextEvent(client, "wl_touch", "motion").contains(", 1, 160.00000000, 180.00000000)"))
        try weston.touchUp(id: 1)
        try weston.touchUp(id: 2)
        try weston.touchFrame()
        #expect(try nextEvent(client, "wl_touch", "up").hasSuffix(", 1)"))
        #expect(try nextEvent(client, "wl_touch", "up").hasSuffix(", 2)"))

        // A cancelled touch really reaches the client as wl_touch.cancel, and touching works afterwards.
        try weston.touchDown(id: 3, x: 300, y: 300)
        try weston.touchFrame()
        try weston.touchCancel()
        _ = try nextEvent(client, "wl_touch", "cancel")
        try weston.tap(x: 640, y: 450, id: 4)
        #expect(try nextEvent(client, "wl_touch", "down").contains(", 4, 540.00000000, 400.00000000)"))

        let after = try weston.screenshot()
        #expect(try Data(contentsOf: after) != before, "the touches left no mark on screen")
        let header = try PNGHeader(contentsOf: after)
        #expect(header.width == 800 && header.height == 600)
        #expect(client.isRunning)
    }

    /// weston-simple-egl binds pointer and keyboard (seat version 1) and quits on Escape.
    @Test func pointerAndKeyboardReachSimpleEGL() throws {
        let weston = try Weston(width: 640, height: 480)
        defer { weston.stop() }
        let client = try weston.launchClient("weston-simple-egl", arguments: ["-f"],
                                             environment: ["WAYLAND_DEBUG": "client"])
        try weston.waitForMapped(client)
        #expect(try weston.surfaceInfo(x: 320, y: 240) == SurfaceInfo(width: 640, height: 480, bufferWidth: 640,
                                                                      bufferHeight: 480, bufferScale: 1))

        try weston.pointerMotion(x: 123, y: 45)
        #expect(try nextEvent(client, "wl_pointer", "motion").hasSuffix(", 123.00000000, 45.00000000)"))
        try weston.button(InputCode.buttonLeft, pressed: true)
        #expect(try nextEvent(client, "wl_pointer", "button").hasSuffix(", 272, 1)"))
        try weston.button(InputCode.buttonLeft, pressed: false)
        #expect(try nextEvent(client, "wl_pointer", "button").hasSuffix(", 272, 0)"))
        try weston.axis(.vertical, value: 10)
        #expect(try nextEvent(client, "wl_pointer", "axis").hasSuffix(", 0, 10.00000000)"))

        try weston.key(InputCode.keyLeftCtrl, pressed: true)
        #expect(try nextEvent(client, "wl_keyboard", "key").hasSuffix(", 29, 1)"))
        // xkb's Control modifier is bit 2 of mods_depressed.
        #expect(try nextEvent(client, "wl_keyboard", "modifiers").contains(", 4, 0, 0, 0)"))
        try weston.key(InputCode.keyLeftCtrl, pressed: false)
        try weston.key(InputCode.keyEscape, pressed: true)
        #expect(try client.waitForExit(timeout: .seconds(5)) == .exited(0))
    }

    /// At scale 2 the output has 2× the pixels; weston-simple-egl does not set a buffer scale, so its surface
    /// is the logical size and touch coordinates arrive halved.
    @Test func scaleTwoOutputUsesFramebufferPixels() throws {
        let weston = try Weston(width: 800, height: 600, scale: 2)
        defer { weston.stop() }
        let output = try weston.outputState()
        #expect(output.width == 800 && output.height == 600 && output.scale == 2)
        let client = try weston.launchClient("weston-simple-egl", arguments: ["-f"],
                                             environment: ["WAYLAND_DEBUG": "client"])
        try weston.waitForMapped(client, x: 799, y: 599)
        #expect(try weston.surfaceInfo(x: 400, y: 300) == SurfaceInfo(width: 400, height: 300, bufferWidth: 400,
                                                                      bufferHeight: 300, bufferScale: 1))
        try weston.tap(x: 400, y: 300)
        #expect(try nextEvent(client, "wl_touch", "down").contains(", 0, 200.00000000, 150.00000000)"))
        let header = try PNGHeader(contentsOf: weston.screenshot())
        #expect(header.width == 800 && header.height == 600)
    }

    /// An output mode change (here a portrait "rotation") re-configures a full-screen client.
    @Test func outputResizeReconfiguresFullScreenClient() throws {
        let weston = try Weston(width: 640, height: 480)
        defer { weston.stop() }
        let client = try weston.launchClient("weston-simple-egl", arguments: ["-f"],
                                             environment: ["WAYLAND_DEBUG": "client"])
        try weston.waitForMapped(client)
        try weston.resizeOutput(width: 480, height: 640)
        let output = try weston.outputState()
        #expect(output.width == 480 && output.height == 640)
        let stderr = try #require(client.stderr)
        _ = try stderr.waitForLine(timeout: .seconds(5), "a 480×640 configure") {
            !$0.contains(" -> ") && $0.contains("xdg_toplevel@") && $0.contains(".configure(480, 640,")
        }
        try weston.waitForMapped(client, x: 479, y: 639)
        #expect(throws: HarnessError.self) { try weston.resizeOutput(width: 0, height: 10) }
        let header = try PNGHeader(contentsOf: weston.screenshot())
        #expect(header.width == 480 && header.height == 640)
    }
}
