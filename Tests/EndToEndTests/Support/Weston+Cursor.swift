import Foundation

/// The pointer cursor as the compositor shows it, and waits on recto's surface.
extension Weston {
    /// The pid of the client whose cursor sprite the seat's pointer shows, or nil when it shows none (no
    /// client set one, or the focused client hid it with a NULL `wl_pointer.set_cursor`).
    func cursorOwner() throws -> Int32? {
        let reply = try send("cursor")
        if reply == "none" { return nil }
        guard let pid = Int32(reply) else { throw HarnessError.failed("bad cursor reply: \(reply)") }
        return pid
    }

    /// Polls `cursorOwner()` until it returns `expected` and returns true, or returns false after `timeout`.
    /// A client answers `wl_pointer.enter` asynchronously, so one query right after a motion proves nothing.
    func waitForCursorOwner(_ expected: Int32?, timeout: Duration) throws -> Bool {
        let deadline = Deadline(timeout)
        while true {
            if try cursorOwner() == expected { return true }
            if deadline.hasPassed { return false }
            usleep(10_000)
        }
    }

    /// Every distinct cursor owner seen while polling for `duration` (an observation window for checking that
    /// a cursor never appears).
    func cursorOwners(during duration: Duration) throws -> Set<Int32?> {
        let deadline = Deadline(duration)
        var seen: Set<Int32?> = []
        repeat {
            seen.insert(try cursorOwner())
            usleep(10_000)
        } while !deadline.hasPassed
        return seen
    }
}

extension RectoSession {
    /// Polls the compositor until recto's surface is `width`×`height` logical units with a buffer of
    /// `bufferWidth`×`bufferHeight` pixels (default: the same as the surface), e.g. after an output resize. The
    /// bound is a safety net, as `waitForEvent`'s: a resize redraws everything, seconds on a busy machine.
    func waitForSurface(width: Int, height: Int, bufferWidth: Int? = nil, bufferHeight: Int? = nil,
                        timeout: Duration = .seconds(30)) throws {
        let deadline = Deadline(timeout)
        let centre = (x: Double(weston.width) / 2, y: Double(weston.height) / 2)
        while true {
            let info = try weston.surfaceInfo(x: centre.x, y: centre.y)
            if let info, info.width == width, info.height == height, info.bufferWidth == (bufferWidth ?? width),
               info.bufferHeight == (bufferHeight ?? height) { return }
            guard !deadline.hasPassed else {
                throw HarnessError.timeout("recto's surface to become \(width)×\(height) "
                                           + "(now \(info.map { "\($0)" } ?? "none"))")
            }
            _ = try? recto.waitForExit(timeout: .milliseconds(10))
        }
    }
}
