import Foundation

/// Frames the compositor has shown, counted by the test module (`frames`): a test that must know a frame
/// reached the screen waits for the count to move instead of sleeping and hoping.
extension Weston {
    /// Finished repaints of the output since the first call (the first call starts the count).
    func framesShown() throws -> UInt32 {
        let reply = try send("frames")
        guard let count = UInt32(reply) else { throw HarnessError.failed("bad frames reply: \(reply)") }
        return count
    }

    /// Waits until the output has repainted at least `count` times after the count was `since`; returns the
    /// count then. Headless weston repaints only when a client commits, so this waits for the client's frames.
    @discardableResult
    func waitForFrames(after since: UInt32, count: UInt32 = 1, timeout: Duration = .seconds(15)) throws -> UInt32 {
        let deadline = ContinuousClock.now + timeout
        while true {
            let now = try framesShown()
            if now &- since >= count { return now }
            guard ContinuousClock.now < deadline else {
                throw HarnessError.failed("no frame shown in \(timeout) (frames \(since) → \(now))")
            }
            usleep(2_000)
        }
    }
}
