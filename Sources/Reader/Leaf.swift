import Book
import Curl
import Geometry
import Gestures

/// The sheet of paper a turn moves, in the curl's page space.
///
/// A turn always moves the leaf between its *unturned* position (the right half in a left-to-right book, or
/// the whole page in single mode) and its *turned* position, mirrored about the spine. Page space is the
/// unturned rect's own pixels; the spine is its inner edge. A forward turn starts unturned; a backward turn
/// starts turned and comes back.
struct Leaf: Sendable, Equatable {
    /// The unturned rect in book space.
    let rect: Rect
    let page: CurlPage
    let turn: PageTurn?
    /// False for a pull at the first or last page: it rubber-bands and always falls back.
    var canComplete: Bool { turn != nil }
    /// `.forward`: it starts unturned (a pull at either end of the book does too); `.backward`: it starts turned.
    let direction: TurnDirection

    init(rect: Rect, rightToLeft: Bool, turn: PageTurn?, direction: TurnDirection) {
        self.rect = rect
        page = CurlPage(width: rect.width, height: rect.height, spine: rightToLeft ? .right : .left)
        self.turn = turn
        self.direction = direction
    }

    /// Book space → page space.
    func toPage(_ p: Vec2) -> Vec2 { Vec2(p.x - rect.x, p.y - rect.y) }

    /// The leaf point a finger picks up, for a grab named by its screen corner or edge.
    ///
    /// The leaf's outer edge is away from the spine; a backward grab touches the leaf where it lies turned,
    /// which is the mirror image of the same outer corner. `position` (page space) picks the point along an edge.
    func grabPoint(for grab: Grab, at position: Vec2) -> GrabPoint {
        switch grab {
        case .corner(let c):
            let top = c == .topLeft || c == .topRight
            // The outer corners of the leaf are tr/br with a left spine, tl/bl with a right spine.
            switch page.spine {
            case .left: return top ? .tr : .br
            case .right: return top ? .tl : .bl
            }
        case .edge:
            return .outer(y: min(max(position.y, 0), page.height))
        }
    }

    /// The grabbed point's rest position at the start of the turn: home for forward, mirrored for backward.
    func startPosition(of grab: GrabPoint) -> Vec2 {
        let home = grab.location(in: page) ?? .zero
        return direction == .forward ? home : page.mirrored(home)
    }
}

extension Leaf {
    /// The share of a turn's travel over which a single page's leaf fades at its turned end.
    static let singleFade = 0.2

    /// How much of the leaf shows at `progress` (0 unturned, 1 lying turned). A spread's leaf lands on the facing
    /// page's slot. A single page has no slot beside it: its turned part lies over the background, and the page
    /// at rest is drawn without it, so the leaf fades out over the last `singleFade` of a forward turn instead
    /// of vanishing when the turn ends, and a backward turn's leaf fades in over the first instead of appearing
    /// whole (smoothly: no step where the fade starts, none when the turn settles a fraction of a pixel early).
    static func opacity(progress: Double, single: Bool) -> Double {
        guard single else { return 1 }
        let x = min(1, max(0, (1 - progress) / singleFade))
        return x * x * (3 - 2 * x)
    }
}
