import Curl
import Geometry

extension Reader {
    /// The leaf in motion is an attract-mode lift (no finger, no turn, no events).
    public var isAttractLifting: Bool { turn?.attract ?? false }

    /// Attract mode: the forward page's outer bottom corner lifts a little toward the spine and falls back on
    /// its own, with the real curl on a soft spring (about 1.5 s, peaking after about 0.17 s). Logs nothing
    /// and never changes the page. False when the reader is not at rest (a turn, a fade, a zoomed view).
    public mutating func attractLift(at time: Double, reach: Double = 0.12,
                                     spring: SpringConfig = SpringConfig(frequency: 6)) -> Bool {
        guard turn == nil, fade == nil, !zoom.isZoomed, !zoom.isAnimating, let leaf = makeLeaf(.forward) else {
            return false
        }
        let grab: GrabPoint = leaf.page.spine == .left ? .br : .bl
        guard grab.location(in: leaf.page) != nil else { return false }
        let toward = Vec2(leaf.page.spine == .left ? -1 : 1, -0.6)
        let peak = toward * (reach * min(leaf.page.width, leaf.page.height) / toward.length)
        let animator = CurlAnimator.lift(page: leaf.page, grab: grab, config: config.curl, peak: peak, time: time,
                                         spring: spring)
        var state = TurnState(leaf: leaf, grab: grab, motion: .settling(animator), touchStart: .zero)
        state.attract = true
        turn = state
        return true
    }

    /// Where the lifting corner rests (window pixels), and whether its page's spine is on the left; nil
    /// without an attract lift.
    public var attractCorner: (point: Vec2, spineOnLeft: Bool)? {
        guard let t = turn, t.attract, let home = t.grab.location(in: t.leaf.page) else { return nil }
        return (zoom.toScreen(Vec2(t.leaf.rect.x + home.x, t.leaf.rect.y + home.y)), t.leaf.page.spine == .left)
    }

    /// Lays an attract lift flat at once (a visitor touched the screen).
    public mutating func stopAttractLift() {
        if isAttractLifting { turn = nil }
    }
}
