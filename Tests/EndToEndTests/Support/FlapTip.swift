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
