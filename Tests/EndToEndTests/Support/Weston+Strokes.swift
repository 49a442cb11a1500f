import Foundation

/// A finger position in output framebuffer pixels.
struct Finger: Sendable {
    var id: Int
    var x: Double
    var y: Double
}

/// Paced multi-finger touch strokes. The test module stamps each event with CLOCK_MONOTONIC when it handles
/// it, so the only way to give recto realistic velocities is to send the events at a realistic pace: these
/// helpers wait (in real time) between frames. That pacing is input, not a wait for a result.
extension Weston {
    /// Puts `fingers` down in one touch frame.
    func touchDown(_ fingers: [Finger]) throws {
        for finger in fingers { try touchDown(id: finger.id, x: finger.x, y: finger.y) }
        try touchFrame()
    }

    /// Lifts fingers `ids` in one group, followed by a frame (weston 10 drops the frame after the last up; a
    /// gesture must finish without it).
    func touchUp(_ ids: [Int]) throws {
        for id in ids { try touchUp(id: id) }
        try touchFrame()
    }

    /// Sends `steps` touch frames `interval` apart; frame `i` (1…steps) moves the fingers `positions(i)`
    /// returns, then sends `wl_touch.frame`. The first frame goes out `interval` after the call.
    func touchStroke(steps: Int, interval: Duration, _ positions: (Int) -> [Finger]) throws {
        let start = ContinuousClock.now
        for i in 1...steps {
            sleep(until: start + interval * i)
            for finger in positions(i) { try touchMotion(id: finger.id, x: finger.x, y: finger.y) }
            try touchFrame()
        }
    }

    /// One finger moved in a straight line from (x0, y0) to (x1, y1) in `steps` frames `interval` apart
    /// (the finger must already be down at (x0, y0)).
    func touchLine(id: Int, from x0: Double, _ y0: Double, to x1: Double, _ y1: Double, steps: Int,
                   interval: Duration) throws {
        try touchStroke(steps: steps, interval: interval) { i in
            let f = Double(i) / Double(steps)
            return [Finger(id: id, x: x0 + (x1 - x0) * f, y: y0 + (y1 - y0) * f)]
        }
    }

    /// Blocks the calling thread until `instant` (returns at once if it has passed).
    func sleep(until instant: ContinuousClock.Instant) {
        let left = instant - .now
        guard left > .zero else { return }
        let micros = left.components.seconds * 1_000_000 + left.components.attoseconds / 1_000_000_000_000
        usleep(UInt32(clamping: micros))
    }
}
