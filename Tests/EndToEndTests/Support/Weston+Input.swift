import Foundation

/// Linux input codes the tests use (from linux/input-event-codes.h).
enum InputCode {
    static let buttonLeft: UInt32 = 272
    static let buttonRight: UInt32 = 273
    static let keyEscape: UInt32 = 1
    static let keyQ: UInt32 = 16
    static let keyLeftCtrl: UInt32 = 29
    static let keyLeft: UInt32 = 105
    static let keyRight: UInt32 = 106
    static let keyUp: UInt32 = 103
    static let keyDown: UInt32 = 108
    static let keyPageUp: UInt32 = 104
    static let keyPageDown: UInt32 = 109
    static let keySpace: UInt32 = 57
    static let key0: UInt32 = 11
    static let keyL: UInt32 = 38
    static let keyG: UInt32 = 34
    static let keyI: UInt32 = 23
    static let keyEnd: UInt32 = 107
    static let keyTab: UInt32 = 15
    static let keyEnter: UInt32 = 28
}

/// What the compositor knows about the surface under a point.
struct SurfaceInfo: Equatable, Sendable {
    /// Surface size in logical (surface-local) units.
    var width: Int
    var height: Int
    /// Size of the attached buffer in pixels (as oriented on screen), and the client's `wl_surface` buffer scale.
    var bufferWidth: Int
    var bufferHeight: Int
    var bufferScale: Int
}

/// Injected input and compositor queries. Coordinates are output framebuffer pixels; every call returns once
/// weston has processed the event (events reach clients asynchronously after that).
extension Weston {
    enum Axis: String { case vertical = "V", horizontal = "H" }

    private func number(_ value: Double) -> String { String(format: "%.3f", value) }

    func touchDown(id: Int, x: Double, y: Double) throws {
        try send("touch-down \(id) \(number(x)) \(number(y))")
    }

    func touchMotion(id: Int, x: Double, y: Double) throws {
        try send("touch-motion \(id) \(number(x)) \(number(y))")
    }

    func touchUp(id: Int) throws { try send("touch-up \(id)") }

    /// Ends a group of touch events. weston 10 sends no `wl_touch.frame` after the last point lifts.
    func touchFrame() throws { try send("touch-frame") }

    /// Delivers `wl_touch.cancel` to the focused client and resets weston's touch state.
    func touchCancel() throws { try send("touch-cancel") }

    /// A one-finger tap: down, frame, up, frame.
    func tap(x: Double, y: Double, id: Int = 0) throws {
        try touchDown(id: id, x: x, y: y)
        try touchFrame()
        try touchUp(id: id)
        try touchFrame()
    }

    /// Moves the pointer to an absolute position.
    func pointerMotion(x: Double, y: Double) throws {
        try send("pointer-motion \(number(x)) \(number(y))")
    }

    /// Presses or releases a pointer button (`InputCode.buttonLeft` …).
    func button(_ code: UInt32, pressed: Bool) throws { try send("button \(code) \(pressed ? 1 : 0)") }

    /// Scrolls by `value` (wl_pointer.axis units). With `discrete` it is a wheel of that many clicks, else a
    /// finger scroll.
    func axis(_ axis: Axis, value: Double, discrete: Int? = nil) throws {
        try send("axis \(axis.rawValue) \(number(value))" + (discrete.map { " \($0)" } ?? ""))
    }

    /// Presses or releases a key by evdev code (`InputCode.keyQ` …); modifiers follow automatically.
    func key(_ code: UInt32, pressed: Bool) throws { try send("key \(code) \(pressed ? 1 : 0)") }

    /// Presses `modifiers` in order, taps `code`, releases the modifiers in reverse (e.g. Ctrl+Q).
    func chord(_ modifiers: [UInt32], _ code: UInt32) throws {
        for modifier in modifiers { try key(modifier, pressed: true) }
        try key(code, pressed: true)
        try key(code, pressed: false)
        for modifier in modifiers.reversed() { try key(modifier, pressed: false) }
    }

    /// The pid of the client whose surface is under the point, or nil (nothing there, or a shell surface).
    func hit(x: Double, y: Double) throws -> Int32? {
        let reply = try send("hit \(number(x)) \(number(y))")
        if reply == "none" { return nil }
        guard let pid = Int32(reply) else { throw HarnessError.failed("bad hit reply: \(reply)") }
        return pid
    }

    /// Sizes of the client surface under the point, or nil when there is none.
    func surfaceInfo(x: Double, y: Double) throws -> SurfaceInfo? {
        let reply = try send("surface-size \(number(x)) \(number(y))")
        if reply == "none" { return nil }
        let fields = reply.split(separator: " ").compactMap { Int($0) }
        guard fields.count == 5 else { throw HarnessError.failed("bad surface-size reply: \(reply)") }
        return SurfaceInfo(width: fields[0], height: fields[1], bufferWidth: fields[2], bufferHeight: fields[3],
                           bufferScale: fields[4])
    }

    /// The output as weston currently has it: framebuffer pixels, scale, wl_output transform.
    func outputState() throws -> (width: Int, height: Int, scale: Int, transform: Int) {
        let reply = try send("output")
        let fields = reply.split(separator: " ").compactMap { Int($0) }
        guard fields.count == 4 else { throw HarnessError.failed("bad output reply: \(reply)") }
        return (fields[0], fields[1], fields[2], fields[3])
    }
}

extension Weston {
    /// Stamps later input `offset` ms off CLOCK_MONOTONIC (wrapped to the protocol's 32 bits), as virtual and
    /// remote input devices do with clocks of their own.
    func setClockOffset(milliseconds offset: Int64) throws { _ = try send("clock-offset \(offset)") }

    /// Stamps later input at a time held where it is now, moved only by `advanceHeldClock`: a stroke whose event
    /// times are the test's own, whatever a loaded machine does to the sleeps between them.
    func holdClock() throws { _ = try send("clock-hold") }

    func advanceHeldClock(by duration: Duration) throws {
        let ms = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        _ = try send("clock-advance \(ms)")
    }

    func releaseClock() throws { _ = try send("clock-release") }
}
