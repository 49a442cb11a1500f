import Decoding

/// Where the tip of a page pulled up and left by its bottom-right corner lies on screen: its light back over
/// the dark cover is what became much lighter than the page at rest (gilt lines are in both shots and
/// cancel out), and the flap opens down and right from its tip, so the tip is the lightened pixel farthest
/// up-left (smallest x + y) within 75 px of the finger.
func flapTip(held: RGBAImage, rest: RGBAImage, finger: (x: Int, y: Int)) -> (x: Int, y: Int)? {
    var best: (x: Int, y: Int)?
    for y in finger.y - 75...finger.y + 75 {
        for x in finger.x - 75...finger.x + 75 where held.rgb(x, y).luminance - rest.rgb(x, y).luminance > 60 {
            if best.map({ x + y < $0.x + $0.y }) ?? true { best = (x, y) }
        }
    }
    return best
}

/// Whether `point` lies within `pixels` of `finger` on both axes.
func isUnder(_ point: (x: Int, y: Int)?, finger: (x: Int, y: Int), pixels: Int = 8) -> Bool {
    guard let point else { return false }
    return abs(point.x - finger.x) <= pixels && abs(point.y - finger.y) <= pixels
}

/// A page held by its corner at `finger`, as both corner-under-finger tests hold it.
struct HeldFlap {
    let rest: RGBAImage
    let held: RGBAImage
    let tip: (x: Int, y: Int)?
}

extension RectoSession {
    /// Screenshots the page at rest, drags from `corner` to `finger` and holds it there, then screenshots
    /// until the flap's tip is under the finger (frames in flight still land) or time is up. The touch stays
    /// down.
    func holdCorner(from corner: (x: Double, y: Double), at finger: (x: Int, y: Int)) throws -> HeldFlap {
        let rest = try screenshot()
        try weston.touchDown([Finger(id: 0, x: corner.x, y: corner.y)])
        try weston.touchLine(id: 0, from: corner.x, corner.y, to: Double(finger.x), Double(finger.y),
                             steps: 20, interval: .milliseconds(16))
        _ = try waitForEvent("flip")
        let held = try screenshot(timeout: .seconds(20)) { isUnder(flapTip(held: $0, rest: rest, finger: finger), finger: finger) }
        return HeldFlap(rest: rest, held: held, tip: flapTip(held: held, rest: rest, finger: finger))
    }
}
